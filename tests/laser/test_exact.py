"""Exactness by brute force: on small boards every layout is enumerated and grouped by observation,
and check, solve (complete and partial) and difficulty are compared with that grouping."""

from __future__ import annotations

import itertools
import random
from collections import defaultdict

import pytest

from generator.games.laser.rules.check import check
from generator.games.laser.rules.difficulty import rate
from generator.games.laser.rules.engine import Engine, observe, trapped_cannon
from generator.games.laser.rules.model import TRAPPED, Board
from generator.games.laser.rules.notation import format_observation, parse_layout
from generator.games.laser.rules.solve import solve

CONFIGS = [
    (4, 3, ("absorber", "reflector", "triangle")),
    (5, 4, ("jump", "diagonal")),
    (4, 2, ("reflector", "jump", "triangle")),     # has trapped beams
    (3, 3, ("absorber", "jump", "diagonal")),
]


def _universe(catalog, width, height, names):
    """Every layout of the set on the board: (cells, results) with results per cannon."""
    engine = Engine(Board(width, height), catalog.subset(list(names)))
    layouts = []
    for spots in itertools.permutations(range(engine.size), len(engine.type_pieces)):
        for pieces in itertools.product(*engine.type_pieces):
            cells = [-1] * engine.size
            for spot, piece in zip(spots, pieces, strict=False):
                cells[spot] = piece
            layouts.append((cells, tuple(engine.results(cells))))
    return engine, layouts


def _placement_key(engine, cells):
    return {engine.ptype[p]: (engine.board.cell(i), engine.pieces[p][1]) for i, p in enumerate(cells) if p >= 0}


@pytest.mark.parametrize("width, height, names", CONFIGS)
def test_check_matches_brute_force_grouping(catalog, width, height, names):
    engine, layouts = _universe(catalog, width, height, names)
    groups = defaultdict(list)
    for cells, results in layouts:
        groups[results].append(cells)
    unplayable = 0
    for cells, results in layouts:
        report = check(engine.layout_of(cells))
        trapped = [k + 1 for k, (_, outcome) in enumerate(results) if outcome == TRAPPED]
        if trapped:
            unplayable += 1
            assert not report.playable and not report.fair and report.trapped_cannon == trapped[0]
            continue
        group = groups[results]
        assert report.playable and report.indistinguishable == len(group)
        assert report.fair == (len(group) == 1)
        keys = [_placement_key(engine, other) for other in group]
        for t, component in enumerate(report.components):
            ctype = engine.in_play.types[t]
            expected = sorted({(k[t][0], ctype.orientations[k[t][1]].name) for k in keys})
            assert list(component.alternatives) == expected
            assert component.locatable == (len(expected) == 1)
    if names == ("reflector", "jump", "triangle"):
        assert unplayable > 0          # the loop case is really exercised


@pytest.mark.parametrize("width, height, names", CONFIGS[:3])
def test_partial_observations_count_exactly(catalog, width, height, names):
    engine, layouts = _universe(catalog, width, height, names)
    rng = random.Random(f"{width}{height}{names}")
    for cells, results in rng.sample(layouts, 15):
        if any(outcome == TRAPPED for _, outcome in results):
            continue
        cannons = sorted(rng.sample(range(1, engine.board.cannons + 1), rng.randrange(1, 6)))
        observation = observe(engine.layout_of(cells), cannons)
        agreeing = [c for c, r in layouts if all(r[k - 1] == results[k - 1] for k in cannons)]
        solution = solve(observation, engine.in_play, limit=None)
        assert solution.count == len(agreeing)
        listed = sorted(map(tuple, (engine.cells_of(lay) for lay in solution.layouts)))
        assert listed == sorted(map(tuple, agreeing))


def _brute_difficulty(engine, layouts, index):
    _cells, results = layouts[index]
    if any(outcome == TRAPPED for _, outcome in results):
        return None
    n = engine.board.cannons
    differences = set()
    for j, (_, other) in enumerate(layouts):
        if j != index:
            differences.add(sum(1 << k for k in range(n) if other[k] != results[k]))
    if 0 in differences:
        return None
    for size in range(n + 1):
        for subset in itertools.combinations(range(n), size):
            mask = sum(1 << k for k in subset)
            if all(mask & d for d in differences):
                return size, mask
    raise AssertionError("unreachable")


@pytest.mark.parametrize("width, height, names", [(3, 3, ("reflector", "jump", "triangle")),
                                                  (4, 3, ("absorber", "reflector", "diagonal"))])
def test_difficulty_matches_brute_force_over_cannon_subsets(catalog, width, height, names):
    engine, layouts = _universe(catalog, width, height, names)
    rng = random.Random(7)
    for index in rng.sample(range(len(layouts)), 40):
        expected = _brute_difficulty(engine, layouts, index)
        got = rate(engine.layout_of(layouts[index][0]))
        if expected is None:
            assert got is None
            continue
        assert got is not None and got.shots == expected[0]
        # the cannons it names really determine the layout
        mask = sum(1 << (k - 1) for k in got.cannons)
        results = layouts[index][1]
        assert sum(1 for _, r in layouts if all(r[k] == results[k] for k in range(len(results)) if mask >> k & 1)) == 1


def test_a_jump_loop_is_reported_as_trapped(catalog):
    # cannon 14 fires east along row 3: the jump at (1,3) lands on the triangle's leg at (4,3),
    # which sends the beam back to the reflector at (2,3), which sends it back to the triangle...
    layout = parse_layout(".....\n.....\nX#.T.\nT=NW\n", catalog)
    observation = observe(layout)
    assert observation.shot(14).trapped
    assert trapped_cannon(layout) == min(s.cannon for s in observation.shots if s.trapped)
    report = check(layout)
    assert not report.playable and report.trapped_cannon == trapped_cannon(layout)
    assert "# 14 trapped" in format_observation(observation)
    assert rate(layout) is None


def test_example_is_fair(catalog, example_layout_text):
    report = check(parse_layout(example_layout_text, catalog))
    assert report.fair and report.indistinguishable == 1
    assert all(c.locatable for c in report.components)
