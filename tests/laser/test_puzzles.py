"""Laser puzzles: unique (exact solver and brute force), graded soundly, minimal when asked, coded exactly."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from tests.laser.brute import fitting, world

from generator.core.errors import ParseError, RulesError
from generator.core.limits import LimitError
from generator.games.laser.content import load_catalog
from generator.games.laser.rules.code import CHECK_ALPHABET, decode, encode
from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.generate import random_cells
from generator.games.laser.rules.grade import initial_domains, propagate
from generator.games.laser.rules.hard import Work, depth
from generator.games.laser.rules.model import Board
from generator.games.laser.rules.puzzle import (
    DEFAULT_HARD,
    HITS_PER_TYPE,
    MAX_LAYOUTS,
    _easy_puzzle,
    analyse,
    check_level,
    drawn_level,
    generate_puzzle,
    is_minimal,
    least_work,
    level_of,
    possible_levels,
    seldom,
)
from generator.games.laser.rules.search import shots_from_results
from generator.games.laser.rules.solve import solve

SMALL = (5, 4, ("absorber", "reflector", "diagonal"))
STREAMS = {1: "std1-0", 2: "std2-0", 3: "std3-0", 4: "hard4-0", 5: "hard5-7"}   # quick streams


@lru_cache(maxsize=8)
def standard(level: int):
    """One puzzle of each level on its default board (generated once per test session)."""
    board = Board(*map(int, DEFAULT_HARD[level].split("x"))) if level in DEFAULT_HARD else Board(8, 7)
    return generate_puzzle(random.Random(STREAMS[level]), board, load_catalog().beginner(), level)


def _unique_exact(puzzle, chosen) -> bool:
    return solve(puzzle.observation, chosen, limit=2).count == 1


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_on_the_standard_board_is_unique_and_graded(catalog, level):
    chosen = catalog.beginner()
    puzzle = standard(level)
    solution = solve(puzzle.observation, chosen, limit=2)
    assert solution.count == 1 and solution.layouts[0] == puzzle.layout
    engine = engine_for(puzzle.layout.board, chosen)
    results = engine.results(engine.cells_of(puzzle.layout))
    hard = depth(engine, shots_from_results(results, puzzle.cannons)).level
    assert puzzle.level == level == level_of(puzzle.tier, puzzle.minimal, hard)
    assert is_minimal(engine, results, puzzle.cannons) == puzzle.minimal
    assert puzzle.grade.solved == (puzzle.tier < 4)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_small_board_puzzles_agree_with_brute_force(catalog, level):
    width, height, names = SMALL
    chosen = catalog.subset(list(names))
    engine, layouts = world(width, height, names)
    rng = random.Random(f"small{level}")
    for _ in range(4):
        puzzle = generate_puzzle(rng, Board(width, height), chosen, level)
        results = engine.results(engine.cells_of(puzzle.layout))
        fits = fitting(layouts, results, puzzle.cannons)
        assert [cells for cells, _ in fits] == [engine.cells_of(puzzle.layout)]
        assert _unique_exact(puzzle, chosen)
        for drop in puzzle.cannons if puzzle.minimal else ():
            assert len(fitting(layouts, results, [k for k in puzzle.cannons if k != drop])) > 1


def _replay_tier_one(engine, layouts, results, puzzle):
    """Each tier-1 step: one shot, and every spot it removes is in no layout that fits that shot and
    the knowledge before the step (brute force); at the end only the hidden layout is left."""
    domains = propagate(initial_domains(engine))
    for step in puzzle.grade.steps:
        assert step.tier == 1 and len(step.cannons) == 1
        (cannon,) = step.cannons
        allowed = [cells for cells, _ in fitting(layouts, results, [cannon])
                   if all((i, q) in domains[engine.ptype[q]] for i, q in enumerate(cells) if q >= 0)]
        seen = {(i, q) for cells in allowed for i, q in enumerate(cells) if q >= 0}
        for _, cell, piece in step.removed:
            assert (cell, piece) not in seen
        removed = {(t, c, p) for t, c, p in step.removed}
        domains = [frozenset(s for s in dom if (t, *s) not in removed) for t, dom in enumerate(domains)]
    truth = engine.cells_of(puzzle.layout)
    assert [set(dom) for dom in domains] == [{(i, q)} for t in range(len(domains))
                                            for i, q in enumerate(truth) if q >= 0 and engine.ptype[q] == t]


def test_tier_one_puzzles_are_solved_by_valid_tier_one_steps(catalog):
    width, height, names = SMALL
    chosen = catalog.subset(list(names))
    engine, layouts = world(width, height, names)
    rng = random.Random("replay")
    checked = 0
    while checked < 6:
        puzzle = generate_puzzle(rng, Board(width, height), chosen, 1)
        assert puzzle.tier == 1
        results = engine.results(engine.cells_of(puzzle.layout))
        _replay_tier_one(engine, layouts, results, puzzle)
        checked += 1


def test_grader_removals_are_sound_at_every_tier(catalog):
    chosen = catalog.beginner()
    for level in (2, 3, 4, 5):
        puzzle = standard(level)
        engine = engine_for(puzzle.layout.board, chosen)
        truth = {(i, q) for i, q in enumerate(engine.cells_of(puzzle.layout)) if q >= 0}
        for step in puzzle.grade.steps:
            assert all((c, p) not in truth for _, c, p in step.removed)
            assert step.tier <= puzzle.tier


def test_minimal_puzzles_and_levels(catalog):
    chosen = catalog.beginner()
    puzzle = generate_puzzle(random.Random("min"), Board(8, 7), chosen, 2, minimal_only=True)
    assert puzzle.minimal and puzzle.tier == 1
    with pytest.raises(RulesError, match="--minimal starts at level 2"):
        check_level(1, True)
    assert [level_of(t, False) for t in (1, 2)] == [1, 2]
    assert [level_of(t, True) for t in (1, 2)] == [2, 3]
    assert [level_of(t, True, 4) for t in (2, 3)] == [4, 4] and level_of(3, True, 5) == 5
    assert [drawn_level(t, False, 9, 30) for t in (1, 2, 3)] == [1, 2, None]
    assert [drawn_level(2, True, shots, 30) for shots in (5, 6, 7)] == [None, None, 3]


def test_codes_round_trip_and_catch_typos(catalog):
    chosen = catalog.beginner()
    puzzle = generate_puzzle(random.Random("code"), Board(8, 7), chosen, 3)
    code = encode(puzzle.layout, puzzle.cannons, catalog)
    assert CHECK_ALPHABET[-5:] == "+_@=U" and len(set(CHECK_ALPHABET)) == 37   # no * ~ $ for a shell
    layout, cannons = decode(code.lower().replace("-", " - "), catalog)
    assert layout == puzzle.layout and cannons == puzzle.cannons
    again = analyse(layout, cannons)
    assert (again.level, again.tier, again.minimal) == (puzzle.level, puzzle.tier, puzzle.minimal)
    body = code.split("-")
    broken = body[1][0].translate(str.maketrans("0123456789ABCDEFGHJKMNPQRSTVWXYZ", "123456789ABCDEFGHJKMNPQRSTVWXYZ0"))
    with pytest.raises(ParseError, match="check character"):
        decode("-".join([body[0], broken + body[1][1:], *body[2:]]), catalog)
    with pytest.raises(ParseError):
        decode("8x7-", catalog)
    with pytest.raises(RulesError, match="more than one layout"):
        analyse(puzzle.layout, puzzle.cannons[:1])


def test_impossible_levels_are_refused_at_once_with_the_levels_that_can():
    assert possible_levels(False, 5) == (1, 2, 3, 4, 5)
    assert possible_levels(True, 5) == (2, 3, 4, 5)
    assert possible_levels(False, 1) == (1, 2, 3)              # one type: propagation is exact
    with pytest.raises(RulesError, match="this set can give levels 1, 2, 3"):
        generate_puzzle(random.Random(0), Board(6, 6), load_catalog().subset(["absorber"]), 4)


@pytest.mark.parametrize("level", [1, 4, 5])
def test_a_board_without_room_for_the_set_is_refused_at_every_level(level: int) -> None:
    """generate_puzzle checks the board itself: the hard levels draw their own layouts, and once sampled
    more cells than the board has (an internal error, not a refusal)."""
    catalog = load_catalog()
    with pytest.raises(RulesError, match="cannot fit on a 2x1 board"):
        generate_puzzle(random.Random(1), Board(2, 1), catalog.beginner(), level)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_levels_1_to_3_spend_a_work_budget_counted_never_timed(catalog, level: int) -> None:
    """--work at levels 1-3: a budget of exactly the work a draw spends gives the puzzle of the default
    budget, one unit less runs out in one line naming it, and no draw spends less than least_work
    (what the command refuses up front)."""
    board, chosen = Board(8, 7), catalog.beginner()
    spent = Work(10**9)
    found = _easy_puzzle(random.Random(STREAMS[level]), engine_for(board, chosen), level, False, MAX_LAYOUTS, spent)
    assert found == standard(level) and least_work(level, board) <= spent.spent
    assert generate_puzzle(random.Random(STREAMS[level]), board, chosen, level, work=spent.spent) == found
    with pytest.raises(RulesError, match=rf"no level-{level} puzzle .* work budget of {spent.spent - 1:,} units: "
                                         r".*raise --work$"):
        generate_puzzle(random.Random(STREAMS[level]), board, chosen, level, work=spent.spent - 1)
    with pytest.raises(LimitError, match=f"at least {least_work(level, board)} work units"):
        generate_puzzle(random.Random(STREAMS[level]), board, chosen, level, work=least_work(level, board) - 1)


def test_levels_1_to_3_also_stop_after_their_layouts_naming_what_to_change(catalog) -> None:
    with pytest.raises(RulesError, match=r"^no level-3 puzzle on a 12x12 board .* in 2 layouts: try a smaller --size "
                                         r"or a lower --level, or another --components set$"):
        generate_puzzle(random.Random(STREAMS[3]), Board(12, 12), catalog.beginner(), 3, max_layouts=2)


def test_at_most_four_shots_per_type_hit_anything_so_level_3_is_seldom_on_big_boards(catalog) -> None:
    """seldom's bound: a beam's first component lies on the line it enters by, so at most the four
    cannons of each component's row and column get a shot that hits anything (reached when no two
    share a line); past that a level-3 set must keep blank shots, and the command says so first."""
    engine = engine_for(Board(12, 9), catalog)
    rng = random.Random(5)
    hitting = [sum(1 for hits, _ in engine.results(random_cells(engine, rng)) if hits) for _ in range(100)]
    assert max(hitting) == HITS_PER_TYPE * len(catalog)
    assert seldom(3, Board(24, 24), 5) is None and seldom(2, Board(64, 64), 5) is None
    assert "keeps 21 shots or more, and at most 20" in (seldom(3, Board(25, 25), 5) or "")
    assert "at most 39, e.g. --size 9x9" in (seldom(3, Board(10, 10), 2) or "")    # two types: 8 hitting shots
    assert seldom(3, Board(9, 9), 2) is None
