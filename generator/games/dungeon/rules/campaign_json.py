"""The campaign file's form (versioned JSON data) and its strict reading: every rule break is an error.

A file that was damaged or edited by hand is never silently repaired or reset: reading checks the
format and version, the types, that every card is in exactly one place (a pile, a character, a
Boss's set-aside rewards, the chapter on the table), the chapters' shape, and that no Créature
came back in the chapter after the one it was in. Errors name the JSON key.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeVar

from generator.core.errors import ParseError, PnpError, RulesError
from generator.games.dungeon.rules.campaign import (
    MAX_OBJECTS,
    PILES,
    RATIONS_PER_PLAYER,
    Campaign,
    Hero,
    chapters_in_campaign,
    check_players,
)
from generator.games.dungeon.rules.chapter import Setup, act_and_chapter, is_boss_chapter, zones_per_chapter
from generator.games.dungeon.rules.deck import Deck
from generator.games.dungeon.rules.validate import parse_refs

FORMAT = "pnpgen-dungeon-campaign"
VERSION = 1

_T = TypeVar("_T")
Json = dict[str, Any]   # one JSON object as json.load gives it


def campaign_to_json(campaign: Campaign) -> Json:
    """The campaign as JSON data (keys in a fixed order, so the same state gives the same bytes)."""
    return {
        "format": FORMAT, "version": VERSION, "seed": campaign.seed, "players": campaign.players,
        "characters": [{"id": h.id, "objects": list(h.objects), "rations": list(h.rations)}
                       for h in campaign.heroes],
        "piles": {name: list(campaign.piles[name]) for name in PILES},
        "rewards": {boss: list(objs) for boss, objs in campaign.rewards.items()},
        "chapters": [setup.to_json() for setup in campaign.chapters],
        "in_play": campaign.in_play, "finished": campaign.finished,
    }


class _Reader:
    """Typed access to the JSON data, raising errors that name the key."""

    def __init__(self, file: str | None) -> None:
        self.file = file

    def fail(self, key: str, message: str, cls: type[PnpError] = ParseError) -> PnpError:
        return cls(message, file=self.file, key=key)

    def get(self, data: Json, key: str, kind: type[_T], path: str = "") -> _T:
        full = f"{path}.{key}" if path else key
        if key not in data:
            raise self.fail(full, "missing")
        value = data[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(full, f"must be {_type_name(kind)}, not {type(value).__name__}")
        return value

    def ids(self, data: Json, key: str, path: str, known: set[str]) -> list[str]:
        values = self.get(data, key, list, path)
        full = f"{path}.{key}" if path else key
        for item in values:
            if not isinstance(item, str) or item not in known:
                raise self.fail(full, f"unknown card {item!r}", RulesError)
        return list(values)


def _type_name(kind: type[Any]) -> str:
    return {int: "a whole number", str: "text", list: "a list", dict: "an object", bool: "true or false"}[kind]


def campaign_from_json(data: object, deck: Deck, file: str | None = None) -> Campaign:
    """Read and check a campaign; ParseError (bad shape) or RulesError (breaks the rules) naming the key."""
    r = _Reader(file)
    if not isinstance(data, dict):
        raise r.fail("(top)", "a campaign file holds a JSON object")
    if data.get("format") != FORMAT:
        raise r.fail("format", f"not a CODEX campaign (expected {FORMAT!r})")
    version = r.get(data, "version", int)
    if version != VERSION:
        raise r.fail("version", f"version {version} is not supported (this pnpgen reads version {VERSION})")
    players = r.get(data, "players", int)
    try:
        check_players(players)
    except RulesError as err:
        raise r.fail("players", err.message, RulesError) from None
    campaign = Campaign(r.get(data, "seed", int), players, _heroes(r, data, deck, players),
                        _piles(r, data, deck), _rewards(r, data, deck),
                        _chapters(r, data, deck, players), r.get(data, "in_play", bool),
                        r.get(data, "finished", bool))
    _check_state(r, campaign, deck)
    return campaign


def _heroes(r: _Reader, data: Json, deck: Deck, players: int) -> list[Hero]:
    items = r.get(data, "characters", list)
    known = {c.id for c in deck.of_kind("character")}
    objects, rations = {o.id for o in deck.of_kind("object")}, {c.id for c in deck.of_kind("ration")}
    if len(items) != zones_per_chapter(players):
        raise r.fail("characters", f"{players} player(s) play {zones_per_chapter(players)} characters, "
                                   f"the file lists {len(items)}", RulesError)
    heroes = []
    for i, item in enumerate(items):
        path = f"characters[{i}]"
        if not isinstance(item, dict):
            raise r.fail(path, "must be an object")
        hero_id = r.get(item, "id", str, path)
        if hero_id not in known:
            raise r.fail(f"{path}.id", f"unknown character {hero_id!r}", RulesError)
        hero = Hero(hero_id, r.ids(item, "objects", path, objects), r.ids(item, "rations", path, rations))
        if len(hero.objects) > MAX_OBJECTS:
            raise r.fail(f"{path}.objects", f"{len(hero.objects)} Objets; the most is {MAX_OBJECTS}", RulesError)
        if len(hero.rations) != RATIONS_PER_PLAYER[players]:
            raise r.fail(f"{path}.rations", f"{len(hero.rations)} Rations; with {players} player(s) each "
                                            f"character has {RATIONS_PER_PLAYER[players]}", RulesError)
        heroes.append(hero)
    _no_repeats(r, "characters", [h.id for h in heroes])
    return heroes


def _piles(r: _Reader, data: Json, deck: Deck) -> dict[str, list[str]]:
    piles = r.get(data, "piles", dict)
    kinds = {"zones": "zone", "creatures": "creature", "objects": "object", "bosses": "boss"}
    out = {}
    for name in PILES:
        known = {c.id for c in deck.of_kind(kinds[name])}
        if name == "zones":
            known = {z.id for z in deck.of_kind("zone") if z.values.get("role") is None}
        out[name] = r.ids(piles, name, "piles", known)
    extra = sorted(set(piles) - set(PILES))
    if extra:
        raise r.fail(f"piles.{extra[0]}", f"unknown pile (the piles are {', '.join(PILES)})")
    return out


def _rewards(r: _Reader, data: Json, deck: Deck) -> dict[str, list[str]]:
    rewards = r.get(data, "rewards", dict)
    objects = {o.id for o in deck.of_kind("object")}
    out = {}
    for boss in deck.of_kind("boss"):
        if boss.id not in rewards:
            raise r.fail(f"rewards.{boss.id}", "missing")
        out[boss.id] = r.ids(rewards, boss.id, "rewards", objects)
        allowed = set(parse_refs(boss.values.get("rewards")))
        stray = [o for o in out[boss.id] if o not in allowed]
        if stray:
            raise r.fail(f"rewards.{boss.id}", f"{stray[0]!r} is not one of this Boss's rewards", RulesError)
    return out


def _chapters(r: _Reader, data: Json, deck: Deck, players: int) -> list[Setup]:
    items = r.get(data, "chapters", list)
    if len(items) > chapters_in_campaign():
        raise r.fail("chapters", f"{len(items)} chapters; the game holds {chapters_in_campaign()}", RulesError)
    setups = [_setup(r, item, f"chapters[{i}]", i + 1, deck, players) for i, item in enumerate(items)]
    for i in range(1, len(setups)):
        again = set(setups[i].creatures) & set(setups[i - 1].creatures)
        if again:
            raise r.fail(f"chapters[{i}].creatures", f"{sorted(again)[0]!r} was also in the chapter before; "
                                                     "a Créature cannot come back in the next chapter", RulesError)
    return setups


def _setup(r: _Reader, item: object, path: str, number: int, deck: Deck, players: int) -> Setup:
    if not isinstance(item, dict):
        raise r.fail(path, "must be an object")
    act, chapter = r.get(item, "act", int, path), r.get(item, "chapter", int, path)
    if (act, chapter) != act_and_chapter(number):
        raise r.fail(path, f"chapter {number} of a campaign is act {act_and_chapter(number)[0]} "
                           f"chapter {act_and_chapter(number)[1]}", RulesError)
    zones = r.ids(item, "zones", path, {z.id for z in deck.of_kind("zone")})
    creatures = r.ids(item, "creatures", path, {c.id for c in deck.of_kind("creature")})
    boss = item.get("boss")
    count = zones_per_chapter(players)
    end_role = "boss_end" if is_boss_chapter(number) else "end"
    expected_ends = (deck.zone_with_role("start").id, deck.zone_with_role(end_role).id)
    if len(zones) != count + 2 or (zones[0], zones[-1]) != expected_ends:
        raise r.fail(f"{path}.zones", f"must be {expected_ends[0]}, {count} dealt zones, {expected_ends[1]}",
                     RulesError)
    if len(creatures) != count:
        raise r.fail(f"{path}.creatures", f"one Créature per dealt zone: {count} expected", RulesError)
    if is_boss_chapter(number) != (boss is not None) or (boss is not None and boss not in
                                                         {b.id for b in deck.of_kind("boss")}):
        raise r.fail(f"{path}.boss", "a Boss chapter needs one known Boss, another chapter none", RulesError)
    return Setup(act, chapter, tuple(zones), tuple(creatures), boss)


def _no_repeats(r: _Reader, key: str, ids: list[str]) -> None:
    twice = [card for card, n in Counter(ids).items() if n > 1]
    if twice:
        raise r.fail(key, f"{twice[0]!r} is listed twice", RulesError)


def _check_state(r: _Reader, c: Campaign, deck: Deck) -> None:
    """Every card in exactly one place; the chapter on the table consistent with the flags."""
    current = c.current
    if c.in_play and not c.chapters:
        raise r.fail("in_play", "true, but no chapter has been dealt", RulesError)
    done = len(c.chapters) >= chapters_in_campaign() and not c.in_play
    if c.finished != done:
        raise r.fail("finished", f"must be {str(done).lower()} with {len(c.chapters)} chapter(s) dealt", RulesError)
    _exactly_once(r, "zones", c.piles["zones"] + list(current.dealt_zones if current else ()),
                  [z.id for z in deck.of_kind("zone") if z.values.get("role") is None])
    _exactly_once(r, "creatures", c.piles["creatures"] + list(current.creatures if current else ()),
                  [x.id for x in deck.of_kind("creature")])
    _exactly_once(r, "bosses", c.piles["bosses"] + ([current.boss] if current and current.boss else []),
                  [b.id for b in deck.of_kind("boss")])
    held = [o for h in c.heroes for o in h.objects] + [o for objs in c.rewards.values() for o in objs]
    _exactly_once(r, "objects", c.piles["objects"] + held, [o.id for o in deck.of_kind("object")])
    _no_repeats(r, "characters[].rations", [x for h in c.heroes for x in h.rations])


def _exactly_once(r: _Reader, pile: str, found: list[str], every: list[str]) -> None:
    counts = Counter(found)
    for card in every:
        if counts[card] != 1:
            where = "is missing" if counts[card] == 0 else f"appears {counts[card]} times"
            raise r.fail(f"piles.{pile}", f"{card!r} {where} (each card must be in exactly one place: "
                                          "a pile, a character, a Boss's rewards or the chapter in play)",
                         RulesError)
