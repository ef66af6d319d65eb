"""The investigator's assistant against brute force, and its advice against random play."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.laser.brute import fitting, world

from generator.games.laser.rules.assist import advise
from generator.games.laser.rules.engine import observe
from generator.games.laser.rules.model import TRAPPED
from generator.games.laser.rules.words import advice_json, certain, possible

BOARDS = [(4, 3, ("absorber", "jump", "diagonal")),
          (4, 4, ("absorber", "reflector", "diagonal")),
          (5, 4, ("absorber", "triangle"))]


def _case(engine, layouts, rng):
    """A hidden layout none of whose beams is trapped, and a random set of its cannons."""
    while True:
        cells, results = rng.choice(layouts)
        if all(outcome != TRAPPED for _, outcome in results):
            break
    cannons = rng.sample(range(1, engine.board.cannons + 1), rng.randrange(0, engine.board.cannons))
    return cells, results, cannons


@pytest.mark.parametrize(("width", "height", "names"), BOARDS)
def test_counts_certainties_and_probabilities_equal_brute_force(width, height, names):
    engine, layouts = world(width, height, names)
    rng = random.Random(f"assist{width}x{height}")
    exact_seen = 0
    for _ in range(110):
        cells, results, cannons = _case(engine, layouts, rng)
        observation = observe(engine.layout_of(cells), sorted(cannons))
        advice = advise(engine, observation, random.Random(0))
        fits = fitting(layouts, results, cannons)
        assert advice.layouts == len(fits)
        truth = [sorted({engine.in_play.types[engine.ptype[c[i]]].name for c, _ in fits if c[i] >= 0})
                 for i in range(engine.size)]
        assert possible(engine, advice) == truth
        sure = {(item["type"], item["column"], item["row"]) for item in certain(engine, advice)}
        brute_sure = set()
        for t, ctype in enumerate(engine.in_play):
            spots = {i for c, _ in fits for i, p in enumerate(c) if p >= 0 and engine.ptype[p] == t}
            if len(spots) == 1:
                brute_sure.add((ctype.name, *engine.board.cell(spots.pop())))
        assert sure == brute_sure
        unfired = [k for k in range(1, engine.board.cannons + 1) if k not in cannons]
        assert sorted(a.cannon for a in advice.next_shots) == unfired
        for shot in advice.next_shots:
            assert sum(p for _, p in shot.outcomes) == pytest.approx(1.0)
        if advice.exact:
            exact_seen += 1
            for shot in advice.next_shots:
                brute = Counter(res[shot.cannon - 1] for _, res in fits)
                got = {(tuple(h), o): p for (h, o), p in shot.outcomes}
                want = {(tuple(h), o): n / len(fits) for (h, o), n in brute.items()}
                assert got.keys() == want.keys()
                assert all(got[k] == pytest.approx(want[k]) for k in want)
                left = sum(n * n for n in brute.values()) / len(fits)
                assert shot.expected_left == pytest.approx(left)
    assert exact_seen > 60


def test_json_contract(catalog):
    engine, layouts = world(4, 4, ("absorber", "reflector", "diagonal"))
    cells, _ = layouts[5]
    observation = observe(engine.layout_of(cells), [1, 6])
    data = advice_json(engine, advise(engine, observation, random.Random(0)), 2)
    assert {"layouts", "exact", "certain", "next_shots", "empty", "cells", "sample_size"} <= data.keys()
    first = data["next_shots"][0]
    assert {"cannon", "expected_layouts_left", "outcomes"} <= first.keys()
    assert [s["expected_layouts_left"] for s in data["next_shots"]] == sorted(
        s["expected_layouts_left"] for s in data["next_shots"])


def _play(engine, cells, chooser, rng) -> int:
    """Shots fired until one layout fits (or every cannon is fired)."""
    fired: list[int] = []
    layout = engine.layout_of(cells)
    while len(fired) < engine.board.cannons:
        advice = advise(engine, observe(layout, fired), rng)
        if advice.layouts == 1:
            break
        fired.append(chooser(advice, fired))
    return len(fired)


def test_assistant_beats_random_choice():
    engine, layouts = world(4, 4, ("absorber", "reflector", "diagonal"))
    rng = random.Random("games")
    playable = [c for c, res in layouts if all(o != TRAPPED for _, o in res)]
    hidden = [rng.choice(playable) for _ in range(200)]
    cannons = range(1, engine.board.cannons + 1)
    best = [_play(engine, c, lambda a, f: a.next_shots[0].cannon, rng) for c in hidden]
    chance = [_play(engine, c, lambda a, f: rng.choice([k for k in cannons if k not in f]), rng) for c in hidden]
    best_mean, chance_mean = sum(best) / len(best), sum(chance) / len(chance)
    print(f"\nshots to a unique layout over 200 games: assistant {best_mean:.2f}, random {chance_mean:.2f}")
    assert best_mean < chance_mean
