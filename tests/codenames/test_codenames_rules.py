"""Codenames key rules: exact compositions, starting team, turns and distinct batches over many seeds."""

from __future__ import annotations

import random

import pytest

from generator.core.errors import RulesError
from generator.core.rng import make_rng
from generator.games.codenames.rules import keys as cn

EXPECTED = {  # grid -> (rows, columns, starting agents, other agents, bystanders, assassins)
    "5x5": (5, 5, 9, 8, 7, 1),
    "5x4": (4, 5, 8, 7, 4, 1),
}


@pytest.mark.parametrize("grid", sorted(EXPECTED))
def test_every_key_has_the_exact_composition(grid: str) -> None:
    rows, cols, start, other, bystanders, assassins = EXPECTED[grid]
    starters = set()
    for seed in range(300):
        key = cn.random_key(grid, make_rng(seed, "codenames", "test"))
        starters.add(key.starting)
        assert len(key.cells) == rows and all(len(r) == cols for r in key.cells)
        assert key.count(key.starting) == start
        assert key.count(cn.other_team(key.starting)) == other
        assert key.count(cn.BYSTANDER) == bystanders and key.count(cn.ASSASSIN) == assassins
    assert starters == {"red", "blue"}, "the starting team is random"


@pytest.mark.parametrize("grid", sorted(EXPECTED))
@pytest.mark.parametrize("team", ["red", "blue"])
def test_fixed_starting_team_gets_the_extra_agent(grid: str, team: str) -> None:
    for seed in range(50):
        key = cn.random_key(grid, random.Random(seed), starting=team)
        assert key.starting == team
        assert key.count(team) == key.count(cn.other_team(team)) + 1


def test_same_seed_same_keys_and_different_seeds_differ() -> None:
    a = cn.distinct_keys("5x5", 20, make_rng(7, "k"))
    b = cn.distinct_keys("5x5", 20, make_rng(7, "k"))
    c = cn.distinct_keys("5x5", 20, make_rng(8, "k"))
    assert a == b and a != c


def _rotate_by_hand(cells, quarter_turns):
    """Clockwise quarter turns computed by coordinates: new[r][c] = old[R-1-c][r]."""
    for _ in range(quarter_turns):
        rows = len(cells)
        cells = tuple(tuple(cells[rows - 1 - c][r] for c in range(rows)) for r in range(len(cells[0])))
    return cells


def test_turns_match_coordinates_and_compose() -> None:
    key = cn.random_key("5x5", random.Random(3))
    for q in range(4):
        assert key.turned(q).cells == _rotate_by_hand(key.cells, q)
    assert key.turned(4) == key and key.turned(1).turned(3) == key
    pic = cn.random_key("5x4", random.Random(3))
    assert pic.turned(2).cells == tuple(tuple(row[::-1]) for row in pic.cells[::-1])
    with pytest.raises(RulesError):
        pic.turned(1)
    assert len(key.orientations()) == 4 and len(pic.orientations()) == 2


def _index_of(code: str) -> int:
    from generator.games.codenames.rules import code as kc

    return kc.decode_index(code, cn.TOTAL_KEYS)


def test_canonical_is_the_same_for_every_orientation() -> None:
    for seed in range(100):
        for grid in EXPECTED:
            key = cn.random_key(grid, random.Random(seed))
            canon = key.canonical()
            assert all(o.canonical() == canon for o in key.orientations())
            assert canon in key.orientations()
            assert canon.code == min((o.code for o in key.orientations()), key=_index_of)


@pytest.mark.parametrize("grid", sorted(EXPECTED))
def test_batches_hold_no_card_twice_under_any_turn(grid: str) -> None:
    for seed in range(20):
        keys = cn.distinct_keys(grid, 60, make_rng(seed, "batch"))
        assert len(keys) == 60
        owners: dict = {}
        for i, key in enumerate(keys):
            for turned in key.orientations():
                assert owners.setdefault((turned.cells, turned.starting), i) == i


def test_batch_skips_a_planted_turned_duplicate(monkeypatch) -> None:
    first = cn.random_key("5x5", random.Random(11))
    other = cn.random_key("5x5", random.Random(12))
    draws = iter([first, first.turned(1), first.turned(2), first.turned(3), first, other])
    monkeypatch.setattr(cn, "random_key", lambda *args, **kw: next(draws))
    assert cn.distinct_keys("5x5", 2, random.Random(0)) == [first, other]


def test_symmetric_pictures_key_has_one_distinct_orientation_class() -> None:
    # A 5x4 key is never equal to its own 180-degree turn (the single assassin would have to sit
    # at the centre, and a 4-row grid has no centre cell), so canonical picks one of two forms.
    for seed in range(50):
        key = cn.random_key("5x4", random.Random(seed))
        assert key.turned(2) != key


def test_bad_inputs_are_rules_errors() -> None:
    with pytest.raises(RulesError):
        cn.random_key("6x6", random.Random(1))
    with pytest.raises(RulesError):
        cn.random_key("5x5", random.Random(1), starting="green")
    with pytest.raises(RulesError):
        cn.distinct_keys("5x5", 0, random.Random(1))
    key = cn.random_key("5x5", random.Random(1))
    cells = [list(r) for r in key.cells]
    cells[0][0] = cn.ASSASSIN if cells[0][0] != cn.ASSASSIN else cn.BYSTANDER
    with pytest.raises(RulesError):
        cn.Key("5x5", key.starting, tuple(map(tuple, cells)))


def test_json_has_the_documented_shape_and_reads_back() -> None:
    key = cn.random_key("5x4", random.Random(5))
    data = key.to_json()
    assert data["grid"] == "5x4" and data["starting"] in ("red", "blue")
    assert data["code"] == key.code
    assert len(data["cells"]) == 4 and all(len(r) == 5 for r in data["cells"])
    assert {c for r in data["cells"] for c in r} == set(cn.ROLES)
    assert cn.key_from_json(data) == key
