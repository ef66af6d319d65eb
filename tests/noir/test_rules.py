"""Noir rules: deals are permutations, text forms round-trip, shifts wrap, adjacency is the 8-neighbourhood."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import ParseError, RulesError
from generator.core.rng import make_rng
from generator.games.noir import rules as noir

ALL = list(range(1, 26))
seeds = st.integers(min_value=0, max_value=2**31 - 1)
shifts = st.builds(noir.Shift, st.sampled_from("RC"), st.integers(1, 5), st.sampled_from([1, -1]))


def _deal(seed: int) -> noir.Setup:
    return noir.deal_setup(make_rng(seed, "noir", "grid"), make_rng(seed, "noir", "deck"))


@given(seeds)
@settings(max_examples=60)
def test_deal_is_a_permutation_of_the_25_in_grid_and_deck(seed: int) -> None:
    setup = _deal(seed)
    assert len(setup.grid) == 5 and all(len(row) == 5 for row in setup.grid)
    assert sorted(n for row in setup.grid for n in row) == ALL
    assert sorted(setup.deck) == ALL


def test_same_seed_same_deal_and_seeds_differ() -> None:
    assert _deal(7) == _deal(7)
    assert len({str(_deal(s)) for s in range(20)}) == 20


def test_grid_and_deck_are_shuffled_independently() -> None:
    setup = _deal(3)
    flat = tuple(n for row in setup.grid for n in row)
    assert flat != setup.deck and flat != tuple(ALL)


@given(seeds)
@settings(max_examples=40)
def test_setup_text_form_round_trips(seed: int) -> None:
    setup = _deal(seed)
    assert noir.parse_setup(noir.format_setup(setup)) == setup


@pytest.mark.parametrize("text", ["", "1,2,3", "a,b;1", "1,2/3,4;1,2,3,4,x"])
def test_malformed_setup_text_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        noir.parse_setup(text)


def test_setup_with_a_repeated_suspect_is_a_rules_error() -> None:
    grid = ((1, 2), (3, 3))
    with pytest.raises(RulesError):
        noir.Setup(grid, (1, 2, 3, 4))
    with pytest.raises(RulesError):
        noir.Setup(((1, 2), (3, 4)), (1, 2, 3, 3))
    with pytest.raises(RulesError):
        noir.Setup(((1, 2, 3), (4,)), (1, 2, 3, 4))


@given(shifts)
def test_shift_text_form_round_trips(shift: noir.Shift) -> None:
    assert noir.parse_shift(str(shift)) == shift
    assert noir.parse_shift(str(shift).lower()) == shift


@pytest.mark.parametrize("text", ["", "R", "X2>", "R2", "C3>", "R2v", "Rx>"])
def test_malformed_shift_is_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        noir.parse_shift(text)


def test_row_shift_wraps_the_last_card_to_the_front() -> None:
    grid = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert noir.apply_shift(grid, noir.parse_shift("R2>")) == ((1, 2, 3), (6, 4, 5), (7, 8, 9))
    assert noir.apply_shift(grid, noir.parse_shift("R1<")) == ((2, 3, 1), (4, 5, 6), (7, 8, 9))
    assert noir.apply_shift(grid, noir.parse_shift("C3v")) == ((1, 2, 9), (4, 5, 3), (7, 8, 6))
    assert noir.apply_shift(grid, noir.parse_shift("C1^")) == ((4, 2, 3), (7, 5, 6), (1, 8, 9))


@given(seeds, shifts)
@settings(max_examples=80)
def test_shift_then_its_reverse_restores_and_only_touches_one_line(seed: int, shift: noir.Shift) -> None:
    grid = _deal(seed).grid
    moved = noir.apply_shift(grid, shift)
    assert noir.apply_shift(moved, shift.reverse()) == grid
    assert noir.is_undo(shift, shift.reverse()) and not noir.is_undo(shift, shift)
    changed_rows = {r for r in range(5) if moved[r] != grid[r]}
    changed_cols = {c for c in range(5) if [row[c] for row in moved] != [row[c] for row in grid]}
    if shift.axis == "R":
        assert changed_rows == {shift.index - 1}
    else:
        assert changed_cols == {shift.index - 1}


@given(seeds, shifts)
@settings(max_examples=40)
def test_five_shifts_of_a_line_come_back_round(seed: int, shift: noir.Shift) -> None:
    grid = _deal(seed).grid
    moved = grid
    for _ in range(5):
        moved = noir.apply_shift(moved, shift)
    assert moved == grid


def test_shift_off_the_table_is_a_rules_error() -> None:
    with pytest.raises(RulesError):
        noir.apply_shift(((1, 2), (3, 4)), noir.parse_shift("R3>"))


def test_first_move_is_never_an_undo() -> None:
    assert not noir.is_undo(None, noir.parse_shift("R1>"))


def test_neighbours_match_adjacent_exhaustively() -> None:
    cells = [(r, c) for r in range(5) for c in range(5)]
    for a in cells:
        assert set(noir.neighbours(a)) == {b for b in cells if noir.adjacent(a, b)}
    counts = sorted(len(noir.neighbours(a)) for a in cells)
    assert counts == [3] * 4 + [5] * 12 + [8] * 9
    assert (0, 4) not in noir.neighbours((0, 0))     # no wrap-around for adjacency


def test_collapse_removes_only_all_dead_lines() -> None:
    grid = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
    assert noir.collapse(grid, {4, 5, 6}) == ((1, 2, 3), (7, 8, 9))
    assert noir.collapse(grid, {2, 5, 8}) == ((1, 3), (4, 6), (7, 9))
    assert noir.collapse(grid, {4, 5, 6, 2, 8}) == ((1, 3), (7, 9))
    assert noir.collapse(grid, {1, 5, 9}) == grid
    assert noir.collapse(grid, set(range(1, 10))) == ()


@given(seeds, st.sets(st.integers(1, 25)))
@settings(max_examples=60)
def test_collapse_keeps_every_living_suspect(seed: int, dead: set[int]) -> None:
    kept = noir.collapse(_deal(seed).grid, dead)
    left = {n for row in kept for n in row}
    assert set(ALL) - dead <= left
    for row in kept:
        assert not all(n in dead for n in row)


def test_kill_limit() -> None:
    assert not noir.killer_has_won_by_count(15)
    assert noir.killer_has_won_by_count(16)
    assert noir.killer_has_won_by_count(10, limit=10)
    with pytest.raises(RulesError):
        noir.check_kill_limit(0)
    with pytest.raises(RulesError):
        noir.check_kill_limit(26)


def test_position_of_and_naming() -> None:
    setup = _deal(11)
    for n in ALL:
        r, c = setup.position_of(n)
        assert setup.grid[r][c] == n
    named = noir.name_setup(setup, {n: f"S{n}" for n in ALL})
    assert named["deck"][0] == f"S{setup.deck[0]}"
    with pytest.raises(RulesError):
        noir.name_setup(setup, {1: "only one"})


def test_deal_uses_the_given_generators_only() -> None:
    a = noir.deal_setup(random.Random(1), random.Random(2))
    b = noir.deal_setup(random.Random(1), random.Random(2))
    assert a == b
