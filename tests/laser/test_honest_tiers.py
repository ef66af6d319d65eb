"""Honest tiers: the grader replayed against an independent propagation solver (propagation.py).
Tier 3 and 4 only when one-shot-at-a-time propagation truly stalls; every step it takes removes
only spots the hidden layout does not use (issue 26)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.laser.propagation import propagate_only

from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.generate import generate_fair
from generator.games.laser.rules.model import Board
from generator.games.laser.rules.puzzle import grade_cannons, minimal_cannons

CASES = [(4, 3, ("absorber", "jump", "triangle")), (3, 3, ("absorber", "diagonal", "triangle")),
         (5, 4, ("absorber", "jump", "diagonal", "triangle")), (8, 7, None)]


def _replay(catalog, width, height, names, seed):
    chosen = catalog.beginner() if names is None else catalog.subset(list(names))
    board = Board(width, height)
    engine = engine_for(board, chosen)
    rng = random.Random(seed)
    cells = engine.cells_of(generate_fair(rng, board, chosen))
    results = engine.results(cells)
    cannons = minimal_cannons(engine, results, rng, simple_first=rng.random() < 0.5)
    verdict = grade_cannons(engine, results, cannons)
    truth = {(engine.ptype[p], i, p) for i, p in enumerate(cells) if p >= 0}
    for step in verdict.steps:                      # sound: never removes the hidden layout's spots
        assert not truth & set(step.removed)
    shots = [(k, results[k - 1][0], results[k - 1][1]) for k in cannons]
    domains = propagate_only(board, chosen, shots)
    alone = all(len(d) == 1 for d in domains)
    return verdict.tier, alone


@pytest.mark.parametrize(("width", "height", "names"), CASES)
def test_tier_3_only_when_propagation_stalls(catalog, width, height, names):
    seen = {True: 0, False: 0}
    for n in range(40 if width * height < 40 else 12):
        tier, alone = _replay(catalog, width, height, names, f"honest{width}{height}{n}")
        if alone:
            assert tier <= 2, "propagation alone solves it: the grader must not say tier 3 or 4"
        if tier >= 3:
            assert not alone
        seen[alone] += 1
    assert seen[True] > 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**9), st.sampled_from(CASES[:3]))
def test_grader_never_claims_supposition_that_propagation_replaces(catalog, seed, case):
    width, height, names = case
    tier, alone = _replay(catalog, width, height, names, seed)
    assert not (alone and tier >= 3)
