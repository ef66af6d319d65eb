"""Codex (secret agents): the rules of a deal, its JSON text form, and a seeded generator of deals.

Layout of this module (as in Simon Tatham's puzzles): parameters, notation (the deal as a dict
and as JSON text, round-tripping through deal_to_dict/deal_from_dict and format_deal/parse_deal),
rules (check_deal: every property a deal must have), generator (deal). Role and faction names are
the English keys used in JSON; texts in each language live in card_data/codex/.

Reading of the rulebook (see docs/codex.md): an agent's *shown* faction is the one on its
identikit; its *true* faction is the one it plays and wins for. They differ only for the
infiltrator. Each shown faction has one agent of each role in play; each faction's code is made
of the fragments of its TRUE members, so fragment positions 1..k are numbered within the true
faction. Two agents who show the same colour may therefore hold the same position number.
"""

from __future__ import annotations

import json
import random
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.errors import ParseError, RulesError
from generator.core.jsondata import parse_json
from generator.core.rng import make_rng

# --- parameters ---------------------------------------------------------------------------------

LEADER = "leader"
INFILTRATOR = "infiltrator"
ROLES = (LEADER, "hacker", INFILTRATOR, "informant", "inquisitor", "profiler")
OPTIONAL_ROLES = ROLES[1:]
ROLE_ALIASES = {"infiltrato": INFILTRATOR, "informatore": "informant", "inquisitore": "inquisitor"}

FACTIONS = ("red", "blue", "green", "yellow", "orange", "purple", "grey", "black")
FACTION_ALIASES = {"rosso": "red", "rossa": "red", "blu": "blue", "verde": "green",
                   "giallo": "yellow", "gialla": "yellow", "arancione": "orange", "viola": "purple",
                   "grigio": "grey", "grigia": "grey", "gray": "grey", "nero": "black", "nera": "black"}
DEFAULT_FACTIONS = ("red", "blue")

MIN_AGENTS, MAX_AGENTS, DEFAULT_AGENTS = 2, 5, 3     # agents per faction (k); 3 is the rulebook's
FRAGMENT_LENGTH = 4
# Characters that cannot be mistaken for one another on paper or aloud: none of 0/O/Q/D, 1/I/L,
# 2/Z, 5/S, 8/B, U/V, and G (6 is kept). Each is printed with its spelling word (NATO).
ALPHABET = "34679ACEFHJKMNPRTWXY"
CONFUSABLE = "0O1IL2Z5S8BUVGQD"
MIN_FRAGMENT_DISTANCE = 2           # any two fragments differ in at least this many places
MAX_NAME_LENGTH = 16
NAME_FORBIDDEN = ","                # the separator of --players (control characters are refused too)

# --- notation -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Agent:
    """One agent's identikit: codename, the faction shown and the faction served, role, fragment."""

    name: str
    shown_faction: str
    true_faction: str
    role: str
    position: int
    fragment: str

    @property
    def is_infiltrator(self) -> bool:
        return self.role == INFILTRATOR

    def to_dict(self) -> dict[str, str | int]:
        return {"name": self.name, "shown_faction": self.shown_faction,
                "true_faction": self.true_faction, "role": self.role,
                "position": self.position, "fragment": self.fragment}


@dataclass(frozen=True)
class Deal:
    """A dealt game: the seed, the two factions, the roles in play and the agents (player order).

    Constructing a Deal checks every rule (check_deal), so a Deal in hand is always a valid one.
    """

    seed: int
    factions: tuple[str, str]
    roles_in_play: tuple[str, ...]
    agents: tuple[Agent, ...]

    def __post_init__(self) -> None:
        check_deal(self)

    @property
    def agents_per_faction(self) -> int:
        return len(self.roles_in_play)

    @property
    def codes(self) -> dict[str, tuple[str, ...]]:
        """Each faction's complete code: its true members' fragments in positions 1..k."""
        return {f: _code_of(self.agents, f) for f in self.factions}

    def other(self, faction: str) -> str:
        """The opposing faction."""
        return self.factions[1] if faction == self.factions[0] else self.factions[0]

    def __str__(self) -> str:
        return format_deal(self)


def _code_of(agents: Iterable[Agent], faction: str) -> tuple[str, ...]:
    members = sorted((a for a in agents if a.true_faction == faction), key=lambda a: a.position)
    return tuple(a.fragment for a in members)


def deal_to_dict(deal: Deal) -> dict[str, Any]:
    """The deal as plain data (the JSON of `pnpgen codex deal --format json`)."""
    return {"seed": deal.seed, "factions": list(deal.factions),
            "agents_per_faction": deal.agents_per_faction,
            "roles_in_play": list(deal.roles_in_play),
            "codes": {f: list(code) for f, code in deal.codes.items()},
            "agents": [a.to_dict() for a in deal.agents]}


def deal_from_dict(data: object, source: str | None = None) -> Deal:
    """Read a deal back from deal_to_dict's form; RulesError/ParseError name the bad key."""
    if not isinstance(data, Mapping):
        raise ParseError("a deal must be a JSON object", file=source)
    try:
        agents = tuple(Agent(str(a["name"]), str(a["shown_faction"]), str(a["true_faction"]),
                             str(a["role"]), _as_int(a["position"], "position", source),
                             str(a["fragment"])) for a in _as_list(data["agents"], "agents", source))
        deal = Deal(_as_int(data["seed"], "seed", source),
                    tuple(_as_list(data["factions"], "factions", source)),
                    tuple(_as_list(data["roles_in_play"], "roles_in_play", source)), agents)
    except KeyError as missing:
        raise ParseError(f"missing key {missing}", file=source) from None
    except TypeError as bad:
        raise ParseError(f"malformed deal ({bad})", file=source) from None
    except RulesError as err:
        err.file = err.file or source
        raise
    if "codes" in data and {f: list(c) for f, c in deal.codes.items()} != data["codes"]:
        raise RulesError("codes do not match the agents' fragments and positions",
                         file=source, key="codes")
    return deal


def _as_list(value: object, key: str, source: str | None) -> list[Any]:
    if not isinstance(value, list):
        raise ParseError("must be a list", file=source, key=key)
    return value


def _as_int(value: object, key: str, source: str | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError(f"must be a whole number, got {value!r}", file=source, key=key)
    return value


def format_deal(deal: Deal) -> str:
    """The deal as JSON text (stable key order, UTF-8 kept readable)."""
    return json.dumps(deal_to_dict(deal), ensure_ascii=False, indent=2) + "\n"


def parse_deal(text: str, source: str | None = None) -> Deal:
    """Read format_deal's text back."""
    return deal_from_dict(parse_json(text, source, ParseError), source)


def parse_names(text: str) -> list[str]:
    """'Ann, Ben,Cleo' -> ['Ann', 'Ben', 'Cleo'] (blanks around names dropped); checks each name."""
    names = [part.strip() for part in text.split(",")]
    for name in names:
        check_name(name)
    return names


def parse_roles(text: str) -> list[str]:
    """'hacker,profiler' -> role keys; Italian names (infiltrato, ...) are accepted too."""
    return [normalise_role(part) for part in text.split(",") if part.strip()]


def parse_factions(text: str) -> tuple[str, str]:
    """'red,blue' -> ('red', 'blue'); Italian colour names are accepted too."""
    parts = [normalise_faction(p) for p in text.split(",") if p.strip()]
    check_factions(parts)
    return parts[0], parts[1]


def normalise_role(word: str) -> str:
    key = word.strip().lower()
    key = ROLE_ALIASES.get(key, key)
    if key not in ROLES:
        raise RulesError(f"unknown role {word.strip()!r}; roles are {', '.join(ROLES)}", key="roles")
    return key


def normalise_faction(word: str) -> str:
    key = word.strip().lower()
    key = FACTION_ALIASES.get(key, key)
    if key not in FACTIONS:
        raise RulesError(f"unknown faction colour {word.strip()!r}; colours are {', '.join(FACTIONS)}",
                         key="factions")
    return key

# --- rules --------------------------------------------------------------------------------------


def check_name(name: str) -> None:
    """A codename: 1..MAX_NAME_LENGTH printable characters, none of the separators."""
    if not name:
        raise RulesError("an empty name (two commas in a row?)", key="players")
    if len(name) > MAX_NAME_LENGTH:
        raise RulesError(f"name {name!r} is longer than {MAX_NAME_LENGTH} characters", key="players")
    if any(c in NAME_FORBIDDEN or unicodedata.category(c).startswith("C") for c in name):
        raise RulesError(f"name {name!r} holds a control character or a comma", key="players")


def check_names(names: Sequence[str], k: int) -> None:
    """2k distinct names (case and accents-insensitive duplicates count as repeats)."""
    for name in names:
        check_name(name)
    if len(names) != 2 * k:
        raise RulesError(f"{len(names)} names given; {k} agents per faction need {2 * k}", key="players")
    seen: dict[str, str] = {}
    for name in names:
        folded = _fold(name)
        if folded in seen:
            raise RulesError(f"name {name!r} is given twice (as {seen[folded]!r})", key="players")
        seen[folded] = name


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def agents_for_names(names: Sequence[str]) -> int:
    """k for a list of player names: half of them, when that is a size pnpgen deals."""
    n = len(names)
    if n % 2 or not MIN_AGENTS <= n // 2 <= MAX_AGENTS:
        raise RulesError(f"{n} names given; two factions of {MIN_AGENTS} to {MAX_AGENTS} agents need "
                         f"an even number from {2 * MIN_AGENTS} to {2 * MAX_AGENTS}", key="players")
    return n // 2


def check_agents_per_faction(k: int) -> None:
    if not MIN_AGENTS <= k <= MAX_AGENTS:
        raise RulesError(f"{k} agents per faction; pnpgen deals {MIN_AGENTS} to {MAX_AGENTS}",
                         key="agents")


def check_factions(factions: Sequence[str]) -> None:
    if len(factions) != 2:
        raise RulesError(f"name exactly two factions, got {len(factions)}", key="factions")
    for f in factions:
        if f not in FACTIONS:
            raise RulesError(f"unknown faction colour {f!r}; colours are {', '.join(FACTIONS)}",
                             key="factions")
    if factions[0] == factions[1]:
        raise RulesError(f"the two factions must differ, got {factions[0]!r} twice", key="factions")


def check_role_choice(chosen: Sequence[str], k: int) -> None:
    """Roles asked for beside the Leader: known, no repeats, at most k-1 of them (room for the Leader)."""
    for role in chosen:
        if role not in ROLES:
            raise RulesError(f"unknown role {role!r}; roles are {', '.join(ROLES)}", key="roles")
    if len(set(chosen)) != len(chosen):
        raise RulesError(f"a role is named twice in {','.join(chosen)}", key="roles")
    others = [r for r in chosen if r != LEADER]
    if len(others) > k - 1:
        raise RulesError(f"{len(others)} roles besides the Leader, but {k} agents per faction leave "
                         f"room for {k - 1} (the Leader is always in play)", key="roles")


def check_fragment(fragment: str) -> None:
    """FRAGMENT_LENGTH distinct characters from ALPHABET."""
    if len(fragment) != FRAGMENT_LENGTH or any(c not in ALPHABET for c in fragment):
        raise RulesError(f"fragment {fragment!r} must be {FRAGMENT_LENGTH} characters of {ALPHABET}",
                         key="fragment")
    if len(set(fragment)) != FRAGMENT_LENGTH:
        raise RulesError(f"fragment {fragment!r} repeats a character", key="fragment")


def fragment_distance(a: str, b: str) -> int:
    """How many places two fragments differ in."""
    return sum(x != y for x, y in zip(a, b, strict=False))


def check_deal(deal: Deal) -> None:
    """Raise RulesError unless the deal keeps every rule of Codex (see the module docstring)."""
    check_factions(deal.factions)
    k = len(deal.roles_in_play)
    check_agents_per_faction(k)
    _check_roles_in_play(deal.roles_in_play)
    check_names([a.name for a in deal.agents], k)
    for agent in deal.agents:
        _check_agent(agent, deal.factions, deal.roles_in_play)
    for faction in deal.factions:
        shown = sorted(a.role for a in deal.agents if a.shown_faction == faction)
        if shown != sorted(deal.roles_in_play):
            raise RulesError(f"faction {faction} must show one agent of each role in play, "
                             f"shows {shown}", key="agents")
        positions = sorted(a.position for a in deal.agents if a.true_faction == faction)
        if positions != list(range(1, k + 1)):
            raise RulesError(f"faction {faction}'s true members must hold positions 1..{k}, "
                             f"hold {positions}", key="agents")
    _check_fragments([a.fragment for a in deal.agents])


def _check_roles_in_play(roles: Sequence[str]) -> None:
    if not roles or roles[0] != LEADER:
        raise RulesError("the Leader is always in play (and listed first)", key="roles_in_play")
    check_role_choice(roles, len(roles))
    expected = [r for r in ROLES if r in roles]
    if list(roles) != expected:
        raise RulesError(f"roles in play must be listed in the order {', '.join(expected)}",
                         key="roles_in_play")


def _check_agent(agent: Agent, factions: Sequence[str], roles: Sequence[str]) -> None:
    where = f"agents[{agent.name}]"
    if agent.shown_faction not in factions or agent.true_faction not in factions:
        raise RulesError(f"factions must be among {', '.join(factions)}", key=where)
    if agent.role not in roles:
        raise RulesError(f"role {agent.role!r} is not in play", key=where)
    if (agent.shown_faction != agent.true_faction) != agent.is_infiltrator:
        raise RulesError("only the infiltrator shows a faction other than its own, and it always does",
                         key=where)
    check_fragment(agent.fragment)


def _check_fragments(fragments: Sequence[str]) -> None:
    for i, a in enumerate(fragments):
        for b in fragments[i + 1:]:
            if fragment_distance(a, b) < MIN_FRAGMENT_DISTANCE:
                raise RulesError(f"fragments {a} and {b} are the same or too alike", key="fragment")

# --- generator ----------------------------------------------------------------------------------


def choose_roles(seed: int, k: int, chosen: Sequence[str] = ()) -> tuple[str, ...]:
    """The k roles in play: the Leader, the roles chosen, and random ones to make up k."""
    check_agents_per_faction(k)
    check_role_choice(chosen, k)
    picked = [r for r in chosen if r != LEADER]
    rest = [r for r in OPTIONAL_ROLES if r not in picked]
    picked += make_rng(seed, "codex", "roles").sample(rest, k - 1 - len(picked))
    return (LEADER, *[r for r in OPTIONAL_ROLES if r in picked])


def make_fragments(rng: random.Random, count: int) -> list[str]:
    """count fragments of distinct characters, pairwise at least MIN_FRAGMENT_DISTANCE apart."""
    fragments: list[str] = []
    while len(fragments) < count:
        candidate = "".join(rng.sample(ALPHABET, FRAGMENT_LENGTH))
        if all(fragment_distance(candidate, f) >= MIN_FRAGMENT_DISTANCE for f in fragments):
            fragments.append(candidate)
    return fragments


def deal(seed: int, *, agents_per_faction: int = DEFAULT_AGENTS,
         factions: Sequence[str] = DEFAULT_FACTIONS, roles: Sequence[str] = (),
         names: Sequence[str] | None = None, codenames: Sequence[str] = ()) -> Deal:
    """A fresh deal for a seed. names: the players' names (2k, in player order), else 2k drawn
    from `codenames` (the pool in card_data/codex/codenames.yaml, passed in by the caller)."""
    k = agents_per_faction
    check_agents_per_faction(k)
    check_factions(factions)
    roles_in_play = choose_roles(seed, k, roles)
    names = list(names) if names is not None else _draw_codenames(seed, codenames, 2 * k)
    check_names(names, k)
    slots = [(shown, role) for shown in factions for role in roles_in_play]
    make_rng(seed, "codex", "seats").shuffle(slots)
    fragments = make_fragments(make_rng(seed, "codex", "fragments"), 2 * k)
    positions = _positions(seed, slots, factions, k)
    agents = tuple(Agent(name, shown, _true(shown, role, factions), role, positions[i], fragments[i])
                   for i, (name, (shown, role)) in enumerate(zip(names, slots, strict=False)))
    return Deal(seed, (factions[0], factions[1]), roles_in_play, agents)


def _true(shown: str, role: str, factions: Sequence[str]) -> str:
    if role != INFILTRATOR:
        return shown
    return factions[1] if shown == factions[0] else factions[0]


def _positions(seed: int, slots: Sequence[tuple[str, str]], factions: Sequence[str], k: int) -> list[int]:
    """Positions 1..k shuffled among each true faction's members (slot order)."""
    rng = make_rng(seed, "codex", "positions")
    positions = [0] * len(slots)
    for faction in factions:
        members = [i for i, (shown, role) in enumerate(slots) if _true(shown, role, factions) == faction]
        order = list(range(1, k + 1))
        rng.shuffle(order)
        for i, pos in zip(members, order, strict=False):
            positions[i] = pos
    return positions


def _draw_codenames(seed: int, pool: Sequence[str], count: int) -> list[str]:
    unique = list(dict.fromkeys(pool))
    if len(unique) < count:
        raise RulesError(f"the codename list has {len(unique)} names, {count} are needed", key="codenames")
    return make_rng(seed, "codex", "names").sample(unique, count)
