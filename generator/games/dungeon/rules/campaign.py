"""A CODEX campaign: characters, rations, the ordered piles and the chapters dealt; new, deal, close.

The piles are shuffled once, when the campaign starts, and never again (rulebook): a chapter takes
its Zones, Créatures and Boss from the top of the saved piles; when it ends, its Zones, its dead
Créatures, its Boss and the Objets left in Zones go under their piles. So a Créature cannot come
back in the next chapter (12 Créatures, at most 4 a chapter). Reward Objets are set aside with
their Boss until it is beaten; the Objets of characters nobody plays go into the Objet pile.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from generator.core.errors import RulesError
from generator.games.dungeon.rules.chapter import (
    ACTS,
    CHAPTERS_PER_ACT,
    Setup,
    act_and_chapter,
    is_boss_chapter,
    zones_per_chapter,
)
from generator.games.dungeon.rules.deck import Deck
from generator.games.dungeon.rules.validate import parse_refs

MIN_PLAYERS, MAX_PLAYERS = 1, 4
RATIONS_PER_PLAYER = {1: 4, 2: 4, 3: 3, 4: 2}     # solo plays as two
MAX_OBJECTS = 5
PILES = ("zones", "creatures", "objects", "bosses")


@dataclass
class Hero:
    """A character in play: its card id, the Objets it holds and its Ration cards."""

    id: str
    objects: list[str] = field(default_factory=list)
    rations: list[str] = field(default_factory=list)


@dataclass
class Campaign:
    """The whole saved state (see campaign_json.py for the file form)."""

    seed: int
    players: int
    heroes: list[Hero]
    piles: dict[str, list[str]]
    rewards: dict[str, list[str]]
    chapters: list[Setup] = field(default_factory=list)
    in_play: bool = False
    finished: bool = False

    @property
    def current(self) -> Setup | None:
        """The chapter on the table (dealt and not yet ended), if any."""
        return self.chapters[-1] if self.in_play and self.chapters else None

    def hero(self, hero_id: str) -> Hero:
        """A character in play by id; RulesError naming the ones in play."""
        for hero in self.heroes:
            if hero.id == hero_id:
                return hero
        names = ", ".join(h.id for h in self.heroes)
        raise RulesError(f"{hero_id!r} is not a character of this campaign (in play: {names})", key="keep")


def check_players(players: int) -> int:
    """1 to 4 players (RulesError otherwise)."""
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RulesError(f"CODEX is for 1 to 4 players, not {players!r}", key="players")
    return players


def choose_characters(deck: Deck, players: int, wanted: list[str] | None, rng: random.Random) -> list[str]:
    """The characters in play: the ones asked for, or a random pick; solo takes two."""
    count = zones_per_chapter(players)
    known = [c.id for c in deck.of_kind("character")]
    if not wanted:
        return rng.sample(known, count)
    for hero in wanted:
        if hero not in known:
            raise RulesError(f"unknown character {hero!r} (known: {', '.join(known)})", key="characters")
    if len(set(wanted)) != len(wanted):
        raise RulesError("a character can be played only once", key="characters")
    if len(wanted) != count:
        solo = " (solo: one player plays two characters)" if players == 1 else ""
        raise RulesError(f"{players} player(s) need {count} characters{solo}, not {len(wanted)}",
                         key="characters")
    return list(wanted)


def new_campaign(deck: Deck, players: int, rng: random.Random, seed: int,
                 characters: list[str] | None = None) -> Campaign:
    """A fresh campaign: characters with their starting Objet and Rations, every pile shuffled."""
    check_players(players)
    chosen = choose_characters(deck, players, characters, rng)
    rewards = {b.id: parse_refs(b.values.get("rewards")) for b in deck.of_kind("boss")}
    starts = {deck.get(h).values["start"] for h in chosen}
    set_aside = starts | {obj for objs in rewards.values() for obj in objs}
    rations = [c.id for c in deck.of_kind("ration")]
    rng.shuffle(rations)
    per = RATIONS_PER_PLAYER[players]
    heroes = [Hero(h, [deck.get(h).values["start"]], rations[i * per:(i + 1) * per])
              for i, h in enumerate(chosen)]
    piles = {"zones": [z.id for z in deck.of_kind("zone") if z.values.get("role") is None],
             "creatures": [c.id for c in deck.of_kind("creature")],
             "objects": [o.id for o in deck.of_kind("object") if o.id not in set_aside],
             "bosses": [b.id for b in deck.of_kind("boss")]}
    for name in PILES:
        rng.shuffle(piles[name])
    return Campaign(seed, players, heroes, piles, rewards)


def chapters_in_campaign() -> int:
    """How many chapters the printed game holds (the demo: one act of two)."""
    return ACTS * CHAPTERS_PER_ACT


def deal_chapter(campaign: Campaign, deck: Deck) -> Setup:
    """Deal the next chapter from the top of the saved piles (nothing is reshuffled)."""
    if campaign.finished:
        raise RulesError("this campaign is over (its last Boss chapter has ended); start a new one",
                         key="finished")
    if campaign.in_play:
        raise RulesError("a chapter is still on the table; end it first", key="in_play")
    number = len(campaign.chapters) + 1
    act, chapter = act_and_chapter(number)
    count = zones_per_chapter(campaign.players)
    zones = _draw(campaign, "zones", count)
    creatures = _draw(campaign, "creatures", count)
    boss = _draw(campaign, "bosses", 1)[0] if is_boss_chapter(number) else None
    end = deck.zone_with_role("boss_end" if boss else "end").id
    setup = Setup(act, chapter, (deck.zone_with_role("start").id, *zones, end), tuple(creatures), boss)
    campaign.chapters.append(setup)
    campaign.in_play = True
    return setup


def _draw(campaign: Campaign, pile: str, count: int) -> list[str]:
    cards = campaign.piles[pile]
    if len(cards) < count:
        raise RulesError(f"the {pile} pile holds {len(cards)} cards, {count} are needed",
                         key=f"piles.{pile}")
    drawn, campaign.piles[pile] = cards[:count], cards[count:]
    return drawn


@dataclass(frozen=True)
class ChapterEnd:
    """What the players report when a chapter ends: Objets kept by whom, Objets left in Zones."""

    keep: tuple[tuple[str, str], ...] = ()     # (character id, object id)
    left: tuple[str, ...] = ()                 # object ids, in the order they go under the pile


def end_chapter(campaign: Campaign, deck: Deck, report: ChapterEnd = ChapterEnd()) -> None:
    """End the chapter on the table: cards go under their piles; the campaign may be won."""
    setup = campaign.current
    if setup is None:
        raise RulesError("no chapter is on the table to end", key="in_play")
    rewards = campaign.rewards.get(setup.boss, []) if setup.boss else []
    _check_one_reward_each(report, rewards)
    for hero_id, obj in report.keep:
        hero = campaign.hero(hero_id)
        _move(campaign, deck, obj, rewards, "keep")
        hero.objects.append(obj)
    for obj in report.left:
        _move(campaign, deck, obj, rewards, "left")
        campaign.piles["objects"].append(obj)
    for hero in campaign.heroes:
        if len(hero.objects) > MAX_OBJECTS:
            raise RulesError(f"{hero.id} would hold {len(hero.objects)} Objets; the most is {MAX_OBJECTS} "
                             "(leave one in a Zone with --left)", key="keep")
    campaign.piles["zones"] += list(setup.dealt_zones)
    campaign.piles["creatures"] += list(setup.creatures)
    if setup.boss:
        campaign.piles["objects"] += campaign.rewards[setup.boss]   # rewards nobody took
        campaign.rewards[setup.boss] = []
        campaign.piles["bosses"].append(setup.boss)
    campaign.in_play = False
    campaign.finished = setup.number >= chapters_in_campaign()


def _check_one_reward_each(report: ChapterEnd, rewards: list[str]) -> None:
    """A Boss's rewards: each player takes one at most (rulebook)."""
    takers = [hero for hero, obj in report.keep if obj in rewards]
    for hero in set(takers):
        if takers.count(hero) > 1:
            raise RulesError(f"{hero} takes {takers.count(hero)} of the Boss's rewards; one each at most",
                             key="keep")


def _move(campaign: Campaign, deck: Deck, obj: str, rewards: list[str], key: str) -> None:
    """Take an Objet from wherever it is (pile, a character, this Boss's rewards)."""
    if obj not in {o.id for o in deck.of_kind("object")}:
        raise RulesError(f"unknown Objet {obj!r} (give Objet ids, e.g. dague-noire)", key=key)
    places = [campaign.piles["objects"], *[h.objects for h in campaign.heroes], rewards]
    for place in places:
        if obj in place:
            place.remove(obj)
            return
    raise RulesError(f"Objet {obj!r} is set aside with a Boss not yet met, or named twice", key=key)
