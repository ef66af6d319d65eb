"""The assistant and trapped beams: one outcome per cannon for every layout that traps the beam,
with the next-shot figures exact against brute-force enumeration (issue 26)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.laser.brute import every_layout, world

from generator.games.laser.rules.assist import TRAPPED_RESULT, advise, as_result
from generator.games.laser.rules.engine import engine_for, observe
from generator.games.laser.rules.model import TRAPPED, Board, component_set_from_data
from generator.games.laser.rules.words import result_text

# Clockwise turners and a funnel: four of them at the corners of a rectangle hold a beam for ever.
SPIN = component_set_from_data([
    *({"name": f"spin{n}", "hit": str(n), "orientations": [
        {"name": None, "grid": str(n), "actions": {"N": "E", "E": "S", "S": "W", "W": "N"}}]} for n in range(1, 4)),
    {"name": "funnel", "hit": "F", "orientations": [
        {"name": None, "grid": "F", "actions": {"N": "E", "E": "E", "S": "E", "W": "stop"}}]},
])


def _spin_world(width: int, height: int):
    engine = engine_for(Board(width, height), SPIN)
    return engine, every_layout(engine)


def _check_against_brute(engine, layouts, rng, rounds):
    """Random playable hidden layouts and fired cannons; returns how many exact answers had a trap."""
    playable = [(c, r) for c, r in layouts if all(o != TRAPPED for _, o in r)]
    with_trap = 0
    for _ in range(rounds):
        cells, results = rng.choice(playable)
        cannons = sorted(rng.sample(range(1, engine.board.cannons + 1), rng.randrange(0, 4)))
        advice = advise(engine, observe(engine.layout_of(cells), cannons), random.Random(0))
        fits = [r for _, r in layouts if all(r[k - 1] == results[k - 1] for k in cannons)]
        assert advice.layouts == len(fits)
        if not advice.exact:
            continue
        for shot in advice.next_shots:
            brute = Counter(as_result(*r[shot.cannon - 1]) for r in fits)
            got = dict(shot.outcomes)
            assert set(got) == set(brute)
            assert all(got[k] == pytest.approx(n / len(fits)) for k, n in brute.items())
            assert shot.expected_left == pytest.approx(sum(n * n for n in brute.values()) / len(fits))
            trapped = [result for result in got if result[1] == TRAPPED]
            assert trapped in ([], [TRAPPED_RESULT])          # one trapped outcome at most
            with_trap += bool(trapped)
    return with_trap


def test_trapped_beams_are_one_outcome_and_exact_on_a_looping_set():
    engine, layouts = _spin_world(3, 3)
    assert any(o == TRAPPED for _, r in layouts for _, o in r)       # the set really traps beams
    # several distinct raw trapped results (hits cut where the loop was noticed) exist ...
    raw = {r[k] for _, r in layouts for k in range(engine.board.cannons) if r[k][1] == TRAPPED}
    assert len(raw) > 1
    # ... and the assistant groups them into one
    assert _check_against_brute(engine, layouts, random.Random("trap"), 60) > 10


def test_issue_case_4x4_cannon_2_has_one_trapped_outcome():
    engine, layouts = world(4, 4, ("absorber", "reflector", "triangle"))
    obs_layouts = [(c, r) for c, r in layouts if all(o != TRAPPED for _, o in r)]
    rng = random.Random("issue")
    _check_against_brute(engine, layouts, rng, 25)     # exact against brute force (asserts inside)
    cells, _ = obs_layouts[0]
    advice = advise(engine, observe(engine.layout_of(cells), []), random.Random(0))
    for shot in advice.next_shots:
        assert sum(1 for result, _ in shot.outcomes if result[1] == TRAPPED) <= 1


def test_trapped_words():
    engine, _ = _spin_world(2, 2)
    assert result_text(engine, 5, TRAPPED_RESULT) == "5 trapped: this layout cannot be played"
