"""Level 1's trimming asks tier 1 through puzzle._TierOne (steps kept and resumed, grade.tier_one):
its answers and the puzzles it trims to are those of grading each set from nothing."""

from __future__ import annotations

import random

from generator.core.rng import make_rng
from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.generate import generate_fair
from generator.games.laser.rules.grade import initial_domains, propagate, solved, tier_one
from generator.games.laser.rules.hard import count_fitting
from generator.games.laser.rules.model import Board
from generator.games.laser.rules.puzzle import _TierOne, _trimmed, grade_cannons, is_minimal
from generator.games.laser.rules.search import shots_from_results


def _graded_trim(engine, results, rng):
    """_trimmed for tier 1 as it was: every set graded from nothing."""
    kept = list(range(1, engine.board.cannons + 1))
    if grade_cannons(engine, results, kept, 1).tier > 1:
        return None
    order = list(kept)
    rng.shuffle(order)
    for cannon in order:
        trial = [k for k in kept if k != cannon]
        if count_fitting(engine, results, trial) == 1 and grade_cannons(engine, results, trial, 1).tier == 1:
            kept = trial
    if is_minimal(engine, results, kept):
        spare = [k for k in order if k not in kept]
        if not spare:
            return None
        kept = sorted([*kept, spare[0]])
        if grade_cannons(engine, results, kept, 1).tier != 1:
            return None
    return kept, grade_cannons(engine, results, kept, 1)


def test_trimming_gives_what_grading_from_nothing_gives(catalog):
    engine = engine_for(Board(8, 7), catalog.beginner())
    rng = make_rng(5, "laser", "test-trimmed")
    trimmed = 0
    for number in range(40):
        results = engine.results(engine.cells_of(generate_fair(rng, engine.board, engine.in_play)))
        fast = _trimmed(engine, results, random.Random(number))
        assert fast == _graded_trim(engine, results, random.Random(number))
        trimmed += fast is not None
    assert trimmed >= 5, "some layouts trim to a level-1 puzzle"


def test_tier_one_answers_as_the_grader_in_any_order_and_from_kept_steps(catalog):
    engine = engine_for(Board(8, 7), catalog.beginner())
    rng = make_rng(6, "laser", "test-tier-one")
    nothing = propagate(initial_domains(engine))
    answers = set()
    for _ in range(12):
        results = engine.results(engine.cells_of(generate_fair(rng, engine.board, engine.in_play)))
        easy = _TierOne(engine, results)
        for size in (30, 26, 22, 18, 14):
            cannons = sorted(rng.sample(range(1, 31), size))
            graded = grade_cannons(engine, results, cannons, 1).tier == 1
            shuffled = shots_from_results(results, rng.sample(cannons, size))
            assert solved(tier_one(engine, nothing, shuffled)) == graded
            assert easy.solves(cannons) == graded          # resumes from the steps that last solved a set
            if easy.known(cannons):
                assert graded
            answers.add(graded)
    assert answers == {True, False}
