"""CODEX campaigns: new, chapter deals from the saved piles, chapter ends, the strict JSON form."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import ParseError, RulesError
from generator.core.rng import make_rng
from generator.games.dungeon.content import load_deck
from generator.games.dungeon.rules.campaign import (
    RATIONS_PER_PLAYER,
    ChapterEnd,
    deal_chapter,
    end_chapter,
    new_campaign,
)
from generator.games.dungeon.rules.campaign_json import campaign_from_json, campaign_to_json
from generator.games.dungeon.rules.chapter import Setup, parse_setup

DECK = load_deck()


def _new(players, seed, characters=None):
    return new_campaign(DECK, players, make_rng(seed, "dungeon", "new"), seed, characters)


def _roundtrip(campaign):
    data = json.loads(json.dumps(campaign_to_json(campaign)))
    return campaign_from_json(data, DECK)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(1, 10**9))
def test_two_chapters_follow_the_rules(players, seed):
    campaign = _new(players, seed)
    count = max(players, 2)
    assert len(campaign.heroes) == count
    assert all(len(h.rations) == RATIONS_PER_PLAYER[players] for h in campaign.heroes)
    first = deal_chapter(campaign, DECK)
    campaign = _roundtrip(campaign)
    assert first.zones[0] == "debut-chapitre" and first.zones[-1] == "fin-chapitre" and first.boss is None
    assert len(first.dealt_zones) == len(first.creatures) == count
    end_chapter(campaign, DECK)
    campaign = _roundtrip(campaign)
    second = deal_chapter(campaign, DECK)
    campaign = _roundtrip(campaign)
    assert second.zones[-1] == "fin-chapitre-boss" and second.boss in ("peintre", "capitaine-noye")
    assert not set(first.creatures) & set(second.creatures)
    assert not set(first.dealt_zones) & set(second.dealt_zones)
    end_chapter(campaign, DECK)
    assert _roundtrip(campaign).finished


def test_piles_are_not_reshuffled_between_chapters():
    campaign = _new(2, 7)
    zones, creatures = list(campaign.piles["zones"]), list(campaign.piles["creatures"])
    first = deal_chapter(campaign, DECK)
    assert list(first.dealt_zones) == zones[:2] and list(first.creatures) == creatures[:2]
    end_chapter(campaign, DECK)
    assert campaign.piles["zones"] == zones[2:] + zones[:2]
    assert campaign.piles["creatures"] == creatures[2:] + creatures[:2]
    second = deal_chapter(campaign, DECK)
    assert list(second.creatures) == creatures[2:4]


def test_objects_kept_and_left_move_as_the_rules_say():
    campaign = _new(2, 11, ["obstine", "curieux"])
    assert campaign.heroes[0].objects == ["mousquet-veteran"]
    assert "fronde-plume" in campaign.piles["objects"]           # characters not played: into the pile
    assert "pinceau-vorace" not in campaign.piles["objects"]     # rewards set aside
    deal_chapter(campaign, DECK)
    found, left = campaign.piles["objects"][0], campaign.piles["objects"][1]
    end_chapter(campaign, DECK, ChapterEnd(keep=(("curieux", found),), left=(left, "mousquet-veteran")))
    assert campaign.heroes[1].objects == ["couteau-huitres", found]
    assert campaign.heroes[0].objects == []
    assert campaign.piles["objects"][-2:] == [left, "mousquet-veteran"]
    _roundtrip(campaign)


def test_boss_rewards_are_taken_at_the_boss_chapter_end():
    campaign = _new(2, 3, ["obstine", "curieux"])
    deal_chapter(campaign, DECK)
    with pytest.raises(RulesError, match="set aside"):
        end_chapter(campaign, DECK, ChapterEnd(keep=(("obstine", "pinceau-vorace"),)))
    campaign = _new(2, 3, ["obstine", "curieux"])
    deal_chapter(campaign, DECK)
    end_chapter(campaign, DECK)
    boss = deal_chapter(campaign, DECK).boss
    first, second = campaign.rewards[boss]
    with pytest.raises(RulesError, match="one each at most"):
        end_chapter(campaign, DECK, ChapterEnd(keep=(("obstine", first), ("obstine", second))))
    campaign = _new(2, 3, ["obstine", "curieux"])
    deal_chapter(campaign, DECK)
    end_chapter(campaign, DECK)
    boss = deal_chapter(campaign, DECK).boss
    end_chapter(campaign, DECK, ChapterEnd(keep=(("obstine", first),)))
    assert first in campaign.heroes[0].objects and campaign.piles["objects"][-1] == second
    assert campaign.rewards[boss] == [] and campaign.finished
    with pytest.raises(RulesError, match="over"):
        deal_chapter(campaign, DECK)


def test_no_more_than_five_objects():
    campaign = _new(2, 5, ["obstine", "curieux"])
    deal_chapter(campaign, DECK)
    keep = tuple(("obstine", obj) for obj in campaign.piles["objects"][:5])
    with pytest.raises(RulesError, match="most is 5"):
        end_chapter(campaign, DECK, ChapterEnd(keep=keep))
    campaign = _new(2, 5, ["obstine", "curieux"])
    deal_chapter(campaign, DECK)
    end_chapter(campaign, DECK, ChapterEnd(keep=keep, left=("mousquet-veteran",)))   # a sixth, one put down
    assert len(campaign.heroes[0].objects) == 5


@pytest.mark.parametrize("players,chars,message", [
    (0, None, "1 to 4"), (5, None, "1 to 4"), (2, ["obstine"], "need 2 characters"),
    (1, ["obstine"], "solo"), (2, ["obstine", "obstine"], "only once"), (2, ["obstine", "nemo"], "unknown"),
])
def test_bad_new_campaigns(players, chars, message):
    with pytest.raises(RulesError, match=message):
        _new(players, 1, chars)


def _corrupt(mutate):
    campaign = _new(3, 21)
    deal_chapter(campaign, DECK)
    data = campaign_to_json(campaign)
    mutate(data)
    return data


@pytest.mark.parametrize("mutate,key", [
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(format="something"), "format"),
    (lambda d: d.pop("piles"), "piles"),
    (lambda d: d.update(players="three"), "players"),
    (lambda d: d["piles"]["creatures"].pop(), "piles.creatures"),
    (lambda d: d["piles"]["zones"].append(d["piles"]["zones"][0]), "piles.zones"),
    (lambda d: d["piles"]["objects"].append("excalibur"), "piles.objects"),
    (lambda d: d["characters"][0]["rations"].pop(), "characters[0].rations"),
    (lambda d: d["chapters"][0]["zones"].reverse(), "chapters[0].zones"),
    (lambda d: d.update(finished=True), "finished"),
    (lambda d: d.update(in_play=False), "piles.zones"),
    (lambda d: d["rewards"]["peintre"].append("grappin"), "rewards.peintre"),
    (lambda d: d["characters"].pop(), "characters"),
])
def test_a_corrupted_campaign_is_an_error_naming_the_key(mutate, key):
    with pytest.raises((ParseError, RulesError)) as info:
        campaign_from_json(_corrupt(mutate), DECK, file="c.json")
    assert info.value.key == key and info.value.file == "c.json"


def test_a_creature_back_in_the_next_chapter_is_refused():
    campaign = _new(2, 9)
    deal_chapter(campaign, DECK)
    end_chapter(campaign, DECK)
    deal_chapter(campaign, DECK)
    data = campaign_to_json(campaign)
    repeated = data["chapters"][0]["creatures"][0]
    old = data["chapters"][1]["creatures"][0]
    data["chapters"][1]["creatures"][0] = repeated
    data["piles"]["creatures"] = [old if c == repeated else c for c in data["piles"]["creatures"]]
    with pytest.raises(RulesError, match="cannot come back") as info:
        campaign_from_json(data, DECK)
    assert info.value.key == "chapters[1].creatures"


def test_same_seed_same_campaign():
    assert campaign_to_json(_new(4, 77)) == campaign_to_json(_new(4, 77))
    assert campaign_to_json(_new(4, 77)) != campaign_to_json(_new(4, 78))


ids = st.text("abcdefghijklmnopqrstuvwxyzéè-", min_size=1, max_size=14).map(lambda s: f"z{s}z")


@given(act=st.integers(1, 3), chapter=st.integers(1, 2), middle=st.lists(st.tuples(ids, ids), min_size=1,
       max_size=4), ends=st.tuples(ids, ids), boss=st.none() | ids)
def test_setup_text_form_round_trips(act, chapter, middle, ends, boss):
    setup = Setup(act, chapter, (ends[0], *[z for z, _ in middle], ends[1]), tuple(c for _, c in middle), boss)
    assert parse_setup(setup.format()) == setup


@pytest.mark.parametrize("text", ["", "1: a | b = c | d", "1.1: a | b | d", "1.1: a | d"])
def test_bad_setup_text(text):
    with pytest.raises(ParseError):
        parse_setup(text)
