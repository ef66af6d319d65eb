"""The rules of a Codex deal, checked directly (not through check_deal) over many seeds and sizes."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import ParseError, RulesError
from generator.games.codex import rules as codex
from generator.games.codex.content import load_codenames

POOL = load_codenames()
CONFUSABLE = set("0O1IL2Z5S8BUV")


def _assert_rules(d: codex.Deal, k: int, factions=("red", "blue")) -> None:
    """Every rule of the issue, written out independently of check_deal."""
    agents = d.agents
    assert len(agents) == 2 * k
    assert d.factions == tuple(factions)
    assert d.roles_in_play[0] == "leader" and len(d.roles_in_play) == k
    assert len(set(d.roles_in_play)) == k and set(d.roles_in_play) <= set(codex.ROLES)
    assert len({a.name.casefold() for a in agents}) == 2 * k
    for f in factions:
        shown = [a for a in agents if a.shown_faction == f]
        assert sorted(a.role for a in shown) == sorted(d.roles_in_play)   # one of each role, shown
        true = [a for a in agents if a.true_faction == f]
        assert len(true) == k
        assert sorted(a.position for a in true) == list(range(1, k + 1))
        code = d.codes[f]
        assert len(code) == k
        for a in true:
            assert code[a.position - 1] == a.fragment
    for a in agents:
        if a.role == "infiltrator":
            assert a.shown_faction != a.true_faction
            other = next(f for f in factions if f != a.shown_faction)
            assert a.fragment in d.codes[other]
            assert a.fragment not in d.codes[a.shown_faction]
        else:
            assert a.shown_faction == a.true_faction
            assert a.fragment in d.codes[a.shown_faction]
    fragments = [a.fragment for a in agents]
    assert len(set(fragments)) == 2 * k
    assert sorted(fragments) == sorted(itertools.chain(*d.codes.values()))
    for frag in fragments:
        assert len(frag) == 4 and len(set(frag)) == 4
        assert not set(frag) & CONFUSABLE
        assert set(frag) <= set(codex.ALPHABET)
    for a, b in itertools.combinations(fragments, 2):
        assert sum(x != y for x, y in zip(a, b, strict=False)) >= 2


def test_alphabet_has_no_confusable_characters() -> None:
    assert not set(codex.ALPHABET) & CONFUSABLE
    assert len(set(codex.ALPHABET)) == len(codex.ALPHABET) >= 16
    assert any(c.isdigit() for c in codex.ALPHABET) and any(c.isalpha() for c in codex.ALPHABET)


def test_default_deal_over_1000_seeds() -> None:
    roles_seen = set()
    infiltrators = 0
    for seed in range(1000):
        d = codex.deal(seed, codenames=POOL)
        _assert_rules(d, 3)
        roles_seen.add(d.roles_in_play)
        infiltrators += "infiltrator" in d.roles_in_play
    # every pair of the five optional roles turns up with the Leader, and the infiltrator often
    assert len(roles_seen) == 10
    assert 300 < infiltrators < 500          # 4 of the 10 pairs hold it: about 400 in 1000


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_variant_sizes_over_1000_seeds(k: int) -> None:
    for seed in range(1000):
        _assert_rules(codex.deal(seed, agents_per_faction=k, codenames=POOL), k)


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_infiltrator_deals_over_many_seeds(k: int) -> None:
    for seed in range(300):
        d = codex.deal(seed, agents_per_faction=k, roles=["infiltrator"], codenames=POOL,
                       factions=("green", "black"))
        _assert_rules(d, k, ("green", "black"))
        assert sum(a.role == "infiltrator" for a in d.agents) == 2


def test_infiltrator_position_counts_in_true_faction() -> None:
    # a shown faction may repeat a position number when an infiltrator is in play
    repeats = 0
    for seed in range(200):
        d = codex.deal(seed, roles=["infiltrator", "hacker"], codenames=POOL)
        shown_red = [a.position for a in d.agents if a.shown_faction == "red"]
        repeats += len(set(shown_red)) < 3
    assert repeats > 0


def test_positions_and_seats_are_spread() -> None:
    firsts = {codex.deal(s, names=list("ABCDEF")).agents[0] for s in range(300)}
    assert {(a.shown_faction, a.role) for a in firsts} >= {("red", "leader"), ("blue", "leader")}
    assert {a.position for a in firsts} == {1, 2, 3}


def test_players_keep_their_order_and_names() -> None:
    names = ["Ann", "Ben", "Cleo", "Dan", "Eva", "Fede"]
    d = codex.deal(7, names=names)
    assert [a.name for a in d.agents] == names


def test_chosen_roles_are_in_play() -> None:
    d = codex.deal(3, roles=["profiler", "hacker"], codenames=POOL)
    assert d.roles_in_play == ("leader", "hacker", "profiler")
    d = codex.deal(3, roles=["leader", "informant", "inquisitor"], codenames=POOL)
    assert d.roles_in_play == ("leader", "informant", "inquisitor")
    # fewer than k-1: the rest are drawn
    for seed in range(50):
        d = codex.deal(seed, agents_per_faction=4, roles=["inquisitor"], codenames=POOL)
        assert "inquisitor" in d.roles_in_play and len(d.roles_in_play) == 4


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    a = codex.deal(42, codenames=POOL)
    assert a == codex.deal(42, codenames=POOL)
    assert codex.format_deal(a) == codex.format_deal(codex.deal(42, codenames=POOL))
    assert a != codex.deal(43, codenames=POOL)


def test_json_matches_the_issue_shape() -> None:
    data = codex.deal_to_dict(codex.deal(1, names=["Ann", "Ben", "Cleo", "Dan", "Eva", "Fede"]))
    assert data["seed"] == 1 and data["factions"] == ["red", "blue"]
    assert set(data) >= {"seed", "factions", "roles_in_play", "codes", "agents"}
    assert set(data["codes"]) == {"red", "blue"}
    assert all(isinstance(f, str) for code in data["codes"].values() for f in code)
    for agent in data["agents"]:
        assert list(agent) == ["name", "shown_faction", "true_faction", "role", "position", "fragment"]
        assert isinstance(agent["position"], int)


@given(seed=st.integers(0, 2**31), k=st.integers(2, 5))
@settings(max_examples=60, deadline=None)
def test_text_form_round_trips(seed: int, k: int) -> None:
    d = codex.deal(seed, agents_per_faction=k, codenames=POOL)
    assert codex.parse_deal(codex.format_deal(d)) == d
    assert codex.deal_from_dict(codex.deal_to_dict(d)) == d


def _swap(d: codex.Deal, i: int, **changes) -> codex.Deal:
    agents = list(d.agents)
    agents[i] = dataclasses.replace(agents[i], **changes)
    return codex.Deal(d.seed, d.factions, d.roles_in_play, tuple(agents))


def test_check_deal_refuses_broken_deals() -> None:
    d = codex.deal(5, roles=["infiltrator", "hacker"], names=list("ABCDEF"))
    spy = next(i for i, a in enumerate(d.agents) if a.role == "infiltrator")
    plain = next(i for i, a in enumerate(d.agents) if a.role == "hacker")
    with pytest.raises(RulesError, match="infiltrator"):
        _swap(d, spy, true_faction=d.agents[spy].shown_faction)
    with pytest.raises(RulesError, match="infiltrator"):
        _swap(d, plain, true_faction=d.other(d.agents[plain].shown_faction))
    with pytest.raises(RulesError, match="positions"):
        _swap(d, plain, position=(d.agents[plain].position % 3) + 1)
    with pytest.raises(RulesError, match="fragment"):
        _swap(d, plain, fragment="K0RW")
    with pytest.raises(RulesError, match="fragment"):
        _swap(d, plain, fragment="KKRW")
    with pytest.raises(RulesError, match="too alike"):
        _swap(d, plain, fragment=d.agents[spy].fragment)
    with pytest.raises(RulesError, match="twice"):
        _swap(d, plain, name=d.agents[spy].name.lower())
    with pytest.raises(RulesError, match="not in play"):
        _swap(d, plain, role="profiler")


def test_parse_deal_refuses_bad_json() -> None:
    d = codex.deal(9, codenames=POOL)
    with pytest.raises(ParseError):
        codex.parse_deal("{", source="x.json")
    data = codex.deal_to_dict(d)
    data["codes"]["red"] = list(reversed(data["codes"]["red"]))
    with pytest.raises(RulesError, match="codes"):
        codex.deal_from_dict(data)
    del data["agents"]
    with pytest.raises(ParseError, match="agents"):
        codex.deal_from_dict(data)


@pytest.mark.parametrize("kwargs, message", [
    ({"names": ["Ann", "Ben", "Cleo", "Dan", "Eva"]}, "5 names given"),
    ({"names": ["Ann", "Ben", "Cleo", "Dan", "Eva", "ann"]}, "twice"),
    ({"names": ["Ann", "Ben", "Cleo", "Dan", "Eva", "Ànn"]}, "twice"),
    ({"names": ["Ann", "Ben", "Cleo", "Dan", "Eva", ""]}, "empty"),
    ({"roles": ["hacker", "profiler", "informant"]}, "room for 2"),
    ({"roles": ["hacker", "hacker"]}, "twice"),
    ({"roles": ["spy"]}, "unknown role"),
    ({"factions": ("red", "red")}, "differ"),
    ({"factions": ("red", "pink")}, "unknown faction"),
    ({"agents_per_faction": 6}, "2 to 5"),
    ({"agents_per_faction": 1}, "2 to 5"),
])
def test_bad_requests_are_rules_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        codex.deal(1, codenames=POOL, **kwargs)


def test_parsers_accept_italian_and_spaces() -> None:
    assert codex.parse_roles(" Infiltrato, informatore ,inquisitore") == ["infiltrator", "informant",
                                                                         "inquisitor"]
    assert codex.parse_factions("Rosso, blu") == ("red", "blue")
    assert codex.parse_names(" Ann , Ben ") == ["Ann", "Ben"]
    with pytest.raises(RulesError, match="unknown faction"):
        codex.parse_factions("red,magenta")
    with pytest.raises(RulesError, match="two factions"):
        codex.parse_factions("red")


def test_codename_pool_is_fit_for_the_largest_deal() -> None:
    assert len({n.casefold() for n in POOL}) == len(POOL) >= 2 * codex.MAX_AGENTS
    for name in POOL:
        codex.check_name(name)
    with pytest.raises(RulesError, match="codename list"):
        codex.deal(1, codenames=POOL[:5])
