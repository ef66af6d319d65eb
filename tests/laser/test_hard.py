"""Levels 4-5 (issue 26): every generated puzzle has one solution (exact search) and one-shot
propagation alone cannot solve it (the independent solver in propagation.py); `depth` counts the
stalls the way the level table says."""

from __future__ import annotations

import random

import pytest
from tests.laser.propagation import finishing_pairs, propagate_only

from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.hard import (
    Depth,
    HardSearch,
    OutOfWork,
    Work,
    count_fitting,
    depth,
    generate_hard,
    other_layout,
    shadow_cells,
)
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
STREAMS = {4: ("hard4-0", "hard4-9"), 5: ("hard5-7", "hard5-4")}   # quick streams (well under the median)
ISSUE_36 = "4x4-7G886-PAMFG-RE-_"      # printed at level 5 (version 2): shots 7 + 16 read together finish it


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
    found = depth(engine, shots)
    assert (found.stalls, found.supposed, found.solved, len(found.pairs)) == (2, 0, True, 2)
    assert found.level == 5 == analyse(layout, cannons).level
    assert finishing_pairs(board, catalog.beginner(), shots) == []      # no single pair finishes it
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


def test_the_grade_takes_the_best_pair_not_the_first(catalog):
    """Issue 36's example: the first pair in cannon order that narrows anything (7 + 14) leaves a
    second stall, but 7 + 16 read together finish it: level 4, as the independent counter agrees.
    Its old code says so when reprinted."""
    from generator.games.laser.cli.puzzles import old_code_note
    from generator.games.laser.rules.code import code_version, decode
    from generator.games.laser.rules.hard import first_pair_level
    from generator.games.laser.rules.puzzle import level_before

    layout, cannons = decode(ISSUE_36, catalog)
    engine = engine_for(layout.board, layout.in_play)
    shots = shots_from_results(engine.results(engine.cells_of(layout)), cannons)
    assert finishing_pairs(layout.board, layout.in_play, shots) == [(7, 16)]
    assert first_pair_level(engine, shots) == 5 and depth(engine, shots).pairs == ((7, 16),)
    puzzle = analyse(layout, cannons)
    assert puzzle.level == 4 and level_before(puzzle) == 5
    note = old_code_note(code_version(ISSUE_36, catalog), puzzle)
    assert "printed at level 5, it is level 4 now" in note and "\n" not in note


@pytest.mark.parametrize("level", [4, 5])
def test_level_5_has_no_finishing_pair_and_level_4_has_one(catalog, level):
    """The done-when of issue 36, with the independent counter (tests/laser/propagation.py): a level-5
    puzzle is not finished by any single pair read together at its first stall; a level-4 one is."""
    chosen = catalog.beginner()
    for stream in STREAMS[level]:
        puzzle = generate_puzzle(random.Random(stream), _board(DEFAULT_HARD[level]), chosen, level)
        engine = engine_for(puzzle.layout.board, chosen)
        shots = shots_from_results(engine.results(engine.cells_of(puzzle.layout)), puzzle.cannons)
        pairs = finishing_pairs(puzzle.layout.board, chosen, shots)
        assert pairs is not None, "propagation alone must stall"
        assert (pairs == []) == (level == 5), (stream, pairs)


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



@pytest.mark.parametrize("seed", range(3))
def test_remembered_uniqueness_answers_match_a_fresh_search(catalog, seed):
    """HardSearch answers about half its questions from earlier answers (a proven-unique subset, or
    another layout that matches every shot asked about): every answer, searched afresh, is the same,
    and each other layout it keeps fits the shots it was found for and is not the layout itself."""
    rng = random.Random(f"remember-{seed}")
    engine = engine_for(Board(4, 4), catalog.beginner())
    cells = shadow_cells(engine, rng)
    search = HardSearch(engine, cells, engine.results(cells), Work(10**6))
    asked = []
    for _ in range(4):
        kept = list(range(1, engine.board.cannons + 1))
        order = list(kept)
        rng.shuffle(order)
        for cannon in order:
            trial = [k for k in kept if k != cannon]
            answer = search.unique(trial)
            asked.append((trial, answer))
            if answer:
                kept = trial
    fresh = search.work.spent
    assert fresh < len(asked)                              # some answers were remembered
    for trial, answer in asked:
        assert answer == (count_fitting(engine, engine.results(cells), trial) == 1), trial
    results = engine.results(cells)
    for trial, answer in asked:
        if not answer:
            shots = shots_from_results(results, trial)
            other = other_layout(engine, cells, shots)
            assert other is not None and other != cells
            assert all(engine.results(other)[k - 1] == results[k - 1] for k in trial)
