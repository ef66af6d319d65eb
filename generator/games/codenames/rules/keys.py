"""Codenames key cards: grids, exact compositions, random distinct keys and their shareable codes.

Parameters: two grids, classic 5x5 (9 + 8 agents, 7 bystanders, 1 assassin; the card may sit in
any of 4 quarter turns) and Pictures 5x4 (5 columns by 4 rows; 8 + 7 agents, 4 bystanders,
1 assassin; 2 orientations, turned 180 degrees). The starting team has the extra agent.
Notation: a Key's code (generator/games/codenames/rules/code.py) encodes the key exactly as printed
(mark top-left); `Key.from_code(key.code) == key`. Turned copies of a card are the same card on
the table, so a batch never holds two keys equal under a turn (compared by `canonical()`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from generator.core.errors import ParseError, RulesError
from generator.games.codenames.rules import code as kc

RED, BLUE, BYSTANDER, ASSASSIN = "red", "blue", "bystander", "assassin"
ROLES = (RED, BLUE, BYSTANDER, ASSASSIN)
TEAMS = (RED, BLUE)
MAX_BATCH = 10_000


@dataclass(frozen=True)
class Grid:
    """A key-card grid: size, role counts (starting, other, bystanders, assassin), turns."""

    name: str
    columns: int
    rows: int
    counts: tuple[int, int, int, int]
    turns: int          # how many orientations the physical card can take on the table

    @property
    def cells(self) -> int:
        return self.columns * self.rows

    @property
    def arrangements(self) -> int:
        """Keys of this grid for one starting team."""
        return kc.multinomial(self.counts)


GRIDS: dict[str, Grid] = {
    "5x5": Grid("5x5", 5, 5, (9, 8, 7, 1), 4),
    "5x4": Grid("5x4", 5, 4, (8, 7, 4, 1), 2),
}
# Code index layout: 5x4 keys first, then 5x5 (never reorder: codes would change meaning).
_CODE_ORDER = ("5x4", "5x5")


def _code_offsets() -> tuple[dict[str, int], int]:
    """Where each grid's keys start in the code index, and the number of keys in all."""
    offsets, total = {}, 0
    for name in _CODE_ORDER:
        offsets[name] = total
        total += 2 * GRIDS[name].arrangements      # times two starting teams
    return offsets, total


_OFFSETS, TOTAL_KEYS = _code_offsets()


def grid(name: str) -> Grid:
    """The grid of a name ("5x5" or "5x4"); RulesError otherwise."""
    try:
        return GRIDS[name]
    except KeyError:
        raise RulesError(f"unknown grid {name!r}; use one of {', '.join(GRIDS)}", key="grid") from None


def other_team(team: str) -> str:
    """The team that does not start."""
    return BLUE if team == RED else RED


Cells = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Key:
    """One key card as printed: grid name, starting team, cells (rows top to bottom)."""

    grid: str
    starting: str
    cells: Cells

    def __post_init__(self) -> None:
        validate(self)

    # --- text form -------------------------------------------------------------------------
    @property
    def code(self) -> str:
        """The shareable code of this key (as printed)."""
        return kc.encode_index(_index(self))

    @classmethod
    def from_code(cls, code: str) -> Key:
        """The key a code stands for; ParseError if the code is mistyped."""
        return _from_index(kc.decode_index(code, TOTAL_KEYS))

    # --- turns -----------------------------------------------------------------------------
    def turned(self, quarter_turns: int) -> Key:
        """The card turned clockwise by quarter_turns x 90 degrees (only turns the grid allows)."""
        g = GRIDS[self.grid]
        step = 4 // g.turns
        if quarter_turns % step:
            raise RulesError(f"a {g.name} key card cannot be turned by {90 * quarter_turns} degrees")
        cells = self.cells
        for _ in range(quarter_turns % 4):
            cells = _quarter_turn(cells)
        return Key(self.grid, self.starting, cells)

    def orientations(self) -> list[Key]:
        """This card in every orientation it can take on the table (itself first)."""
        step = 4 // GRIDS[self.grid].turns
        return [self.turned(q) for q in range(0, 4, step)]

    def canonical(self) -> Key:
        """The orientation with the smallest code index: equal for two turned copies of a card.

        The rank is lexicographic in the role sequence, so comparing the sequences finds it
        without computing any rank.
        """
        return min(self.orientations(), key=_symbols)

    # --- data ------------------------------------------------------------------------------
    def count(self, role: str) -> int:
        """How many cells have this role."""
        return sum(row.count(role) for row in self.cells)

    def to_json(self) -> dict[str, Any]:
        """The key as JSON data: code, grid, starting, cells, and the agent counts."""
        return {"code": self.code, "grid": self.grid, "starting": self.starting,
                "cells": [list(row) for row in self.cells],
                "agents": {RED: self.count(RED), BLUE: self.count(BLUE)}}


def _quarter_turn(cells: Cells) -> Cells:
    """Cells turned 90 degrees clockwise: the new first row is the old first column, bottom up."""
    return tuple(tuple(row) for row in zip(*cells[::-1], strict=False))


def validate(key: Key) -> None:
    """RulesError unless the key has its grid's shape and exact composition."""
    g = grid(key.grid)
    if key.starting not in TEAMS:
        raise RulesError(f"starting team must be red or blue, not {key.starting!r}", key="starting")
    if len(key.cells) != g.rows or any(len(row) != g.columns for row in key.cells):
        raise RulesError(f"a {g.name} key has {g.rows} rows of {g.columns} cells", key="cells")
    unknown = {c for row in key.cells for c in row} - set(ROLES)
    if unknown:
        raise RulesError(f"unknown role {sorted(unknown)[0]!r}; roles are {', '.join(ROLES)}",
                         key="cells")
    wanted = _role_counts(g, key.starting)
    flat = [c for row in key.cells for c in row]
    have = {role: flat.count(role) for role in ROLES}
    if have != wanted:
        raise RulesError(f"a {g.name} key starting {key.starting} needs {wanted}, has {have}",
                         key="cells")


def _role_counts(g: Grid, starting: str) -> dict[str, int]:
    start, other, bystanders, assassins = g.counts
    counts = {starting: start, other_team(starting): other}
    return {RED: counts[RED], BLUE: counts[BLUE], BYSTANDER: bystanders, ASSASSIN: assassins}


def _symbol_roles(starting: str) -> tuple[str, str, str, str]:
    """Roles in the order of Grid.counts: starting team, other team, bystander, assassin."""
    return (starting, other_team(starting), BYSTANDER, ASSASSIN)


def _symbols(key: Key) -> tuple[int, ...]:
    """The cells row by row as indices into (starting team, other team, bystander, assassin)."""
    order = {role: i for i, role in enumerate(_symbol_roles(key.starting))}
    return tuple(order[c] for row in key.cells for c in row)


def _index(key: Key) -> int:
    g = GRIDS[key.grid]
    rank = kc.rank_arrangement(_symbols(key), g.counts)
    return _OFFSETS[g.name] + 2 * rank + TEAMS.index(key.starting)


def _from_index(index: int) -> Key:
    for name in reversed(_CODE_ORDER):
        if index >= _OFFSETS[name]:
            break
    g = GRIDS[name]
    rank, team_bit = divmod(index - _OFFSETS[name], 2)
    starting = TEAMS[team_bit]
    order = _symbol_roles(starting)
    flat = [order[s] for s in kc.unrank_arrangement(rank, g.counts)]
    cells = tuple(tuple(flat[r * g.columns:(r + 1) * g.columns]) for r in range(g.rows))
    return Key(name, starting, cells)



def random_key(grid_name: str, rng: random.Random, starting: str | None = None) -> Key:
    """A uniformly random key of a grid; the starting team is random unless given."""
    g = grid(grid_name)
    if starting is None:
        starting = rng.choice(TEAMS)
    elif starting not in TEAMS:
        raise RulesError(f"starting team must be red or blue, not {starting!r}", key="starting")
    roles = [role for role, n in zip(_symbol_roles(starting), g.counts, strict=False) for _ in range(n)]
    rng.shuffle(roles)
    cells = tuple(tuple(roles[r * g.columns:(r + 1) * g.columns]) for r in range(g.rows))
    return Key(g.name, starting, cells)


def distinct_keys(grid_name: str, count: int, rng: random.Random,
                  starting: str | None = None) -> list[Key]:
    """count random keys of a grid, no two the same card under any allowed turn."""
    if not 1 <= count <= MAX_BATCH:
        raise RulesError(f"count must be between 1 and {MAX_BATCH}, not {count}", key="count")
    seen: set[Key] = set()
    keys: list[Key] = []
    while len(keys) < count:
        key = random_key(grid_name, rng, starting)
        canon = key.canonical()
        if canon not in seen:
            seen.add(canon)
            keys.append(key)
    return keys


def key_from_json(data: Any) -> Key:
    """A key from its JSON form (as written by Key.to_json); ParseError/RulesError if malformed."""
    if not isinstance(data, dict) or not {"grid", "starting", "cells"} <= set(data):
        raise ParseError("a key needs grid, starting and cells", key="key")
    cells = data["cells"]
    if not isinstance(cells, list) or not all(isinstance(row, list) for row in cells):
        raise ParseError("cells must be a list of rows", key="cells")
    key = Key(str(data["grid"]), str(data["starting"]), tuple(tuple(map(str, r)) for r in cells))
    if "code" in data and kc.normalise(str(data["code"])) != kc.normalise(key.code):
        raise ParseError(f"code {data['code']!r} does not match the cells", key="code")
    return key


TABLE_WORDS = 25


def deal_words(words: list[str], rng: random.Random, count: int = TABLE_WORDS) -> list[str]:
    """count different words drawn at random for one game's table (5x5: 25)."""
    if len(set(words)) < count:
        raise RulesError(f"a table needs {count} different words, the list has {len(set(words))}",
                         key="words")
    return rng.sample(sorted(set(words)), count)
