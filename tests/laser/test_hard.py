"""Levels 4-5 (issue 26): every generated puzzle has one solution (exact search) and one-shot
propagation alone cannot solve it (the independent solver in propagation.py); `depth` counts the
stalls the way the level table says."""

from __future__ import annotations

import random

import pytest
from tests.laser.propagation import propagate_only

from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.hard import Depth, OutOfWork, Work, depth, generate_hard, shadow_cells
from generator.games.laser.rules.model import Board, Layout, Placement
from generator.games.laser.rules.puzzle import (
    DEFAULT_HARD,
    LEVEL_MEANINGS,
    LEVELS,
    _stalls,
    analyse,
    generate_puzzle,
    is_minimal,
)
from generator.games.laser.rules.search import shots_from_results
from generator.games.laser.rules.solve import solve

# Found by the generator's local search on 5x5: propagation stalls twice on these ten shots.
STALLING = (Board(5, 5), (("absorber", (2, 5), None), ("reflector", (1, 3), None), ("jump", (1, 5), None),
                          ("diagonal", (1, 4), "/"), ("triangle", (3, 4), "SE")),
            (2, 3, 4, 5, 10, 12, 13, 14, 15, 19))
STREAMS = {4: ("hard4-0", "hard4-9"), 5: ("hard5-2", "hard5-5")}   # quick streams (well under the median)


def _board(text: str) -> Board:
    width, height = text.split("x")
    return Board(int(width), int(height))


def _alone(engine, results, cannons) -> bool:
    """True when the independent propagation solver pins every component."""
    shots = [(k, results[k - 1][0], results[k - 1][1]) for k in cannons]
    domains = propagate_only(engine.board, engine.in_play, shots)
    return all(len(d) == 1 for d in domains)


def test_depth_counts_the_stalls_the_independent_solver_meets(catalog):
    board, placed, cannons = STALLING
    layout = Layout(board, tuple(Placement(t, cell, o) for t, cell, o in placed), catalog)
    engine = engine_for(board, catalog.beginner())
    results = engine.results(engine.cells_of(layout))
    shots = shots_from_results(results, cannons)
    assert solve(analyse(layout, cannons).observation, catalog.beginner(), limit=2).count == 1
    assert not _alone(engine, results, cannons)
    assert depth(engine, shots) == Depth(stalls=2, supposed=0, solved=True)
    assert depth(engine, shots).level == 5 == analyse(layout, cannons).level
    every = range(1, board.cannons + 1)                  # all 20 shots: propagation alone solves them
    assert _alone(engine, results, every) and depth(engine, shots_from_results(results, every)).level is None


def test_a_level_2_3_draw_that_propagation_stalls_on_is_drawn_again(catalog):
    chosen = catalog.beginner()
    hard = generate_puzzle(random.Random(STREAMS[4][0]), _board(DEFAULT_HARD[4]), chosen, 4)
    easy = generate_puzzle(random.Random("std3-0"), Board(8, 7), chosen, 3)
    for puzzle, stalls in ((hard, True), (easy, False)):
        engine = engine_for(puzzle.layout.board, chosen)
        results = engine.results(engine.cells_of(puzzle.layout))
        assert puzzle.grade.tier == 2, "the tiered grader reads two shots together: it would be drawn as level 2-3"
        assert any(step.tier == 2 and len(step.cannons) == 2 for step in puzzle.grade.steps)
        assert _stalls(engine, results, puzzle.cannons, puzzle.grade) == stalls
        assert _alone(engine, results, puzzle.cannons) != stalls


def test_depth_levels():
    assert Depth(0, 0, True).level is None
    assert Depth(1, 0, True).level == 4
    assert [Depth(2, 0, True).level, Depth(1, 1, True).level, Depth(1, 1, False).level] == [5, 5, None]


@pytest.mark.parametrize(("level", "stream"), [(level, name) for level, names in STREAMS.items() for name in names])
def test_generated_hard_puzzles_are_unique_minimal_and_beyond_propagation(catalog, level, stream):
    chosen = catalog.beginner()
    board = _board(DEFAULT_HARD[level])
    puzzle = generate_puzzle(random.Random(stream), board, chosen, level)
    assert puzzle.level == level and puzzle.minimal and puzzle.layout.board == board
    solution = solve(puzzle.observation, chosen, limit=2)
    assert solution.count == 1 and solution.layouts[0] == puzzle.layout
    engine = engine_for(board, chosen)
    results = engine.results(engine.cells_of(puzzle.layout))
    assert is_minimal(engine, results, puzzle.cannons)
    assert not _alone(engine, results, puzzle.cannons), "one-shot propagation must not solve a level-4/5 puzzle"
    verdict = depth(engine, shots_from_results(results, puzzle.cannons))
    assert verdict.level == level
    assert (verdict.stalls == 1 and not verdict.supposed) if level == 4 else (verdict.stalls >= 2 or verdict.supposed)
    truth = {(i, q) for i, q in enumerate(engine.cells_of(puzzle.layout)) if q >= 0}
    for step in puzzle.grade.steps:                       # the tiered grader stays sound on them
        assert all((c, p) not in truth for _, c, p in step.removed)
    assert analyse(puzzle.layout, puzzle.cannons).level == level


def test_work_budget_is_counted_not_timed(catalog):
    engine = engine_for(Board(5, 5), catalog.beginner())
    with pytest.raises(OutOfWork):
        generate_hard(random.Random(1), engine, 4, Work(30))
    work = Work(10 ** 9)
    cells = shadow_cells(engine, random.Random(2))
    assert sorted(engine.ptype[q] for q in cells if q >= 0) == list(range(5)) and work.spent == 0


def test_every_level_has_a_meaning_for_the_cover():
    assert sorted(LEVEL_MEANINGS) == list(LEVELS)
    assert all(text and "\n" not in text for text in LEVEL_MEANINGS.values())

