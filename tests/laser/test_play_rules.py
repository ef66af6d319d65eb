"""rules/play.py: the check of a placement against the fired shots, property-tested on small boards
against the simulator: solved exactly when the placement is the layout; otherwise the shot it names
is a fired one whose result differs on the placement, and the first such in firing order; with
none named, every fired shot agrees. The hidden layout is never part of an answer."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import RulesError
from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.generate import random_cells
from generator.games.laser.rules.model import Board
from generator.games.laser.rules.play import Hidden, Verdict


def _pieces(engine, cells):
    out = []
    for index, piece in enumerate(cells):
        if piece >= 0:
            t, o = engine.pieces[piece]
            ctype = engine.in_play.types[t]
            column, row = engine.board.cell(index)
            out.append((ctype.name, column, row, ctype.orientations[o].name))
    return out


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10**9), st.sampled_from([(3, 3), (4, 3), (4, 4), (5, 4)]), st.integers(0, 12))
def test_check_answers_by_the_fired_shots_only(catalog, seed, size, shots):
    rng = random.Random(seed)
    chosen = catalog.subset(rng.sample(["absorber", "reflector", "jump", "diagonal", "triangle"], 3))
    engine = engine_for(Board(*size), chosen)
    layout = engine.layout_of(random_cells(engine, rng))
    cannons = rng.sample(range(1, engine.board.cannons + 1), min(shots, engine.board.cannons))
    game = Hidden(engine, layout, cannons[: len(cannons) // 2], par=len(cannons))
    for k in cannons[len(cannons) // 2:]:
        game.fire(k)
    assert [s.cannon for s in game.fired] == sorted(cannons[: len(cannons) // 2]) + cannons[len(cannons) // 2:]
    truth = engine.cells_of(layout)
    for placement in (truth, random_cells(engine, rng)):
        verdict = game.check(_pieces(engine, placement))
        differ = [s.cannon for s in game.fired if engine.trace(placement, s.cannon) != engine.trace(truth, s.cannon)]
        if placement == truth:
            assert verdict == Verdict(True)
        elif differ:
            assert verdict.contradicted == differ[0] and not verdict.solved
            assert verdict.theirs is not None and verdict.theirs.startswith(str(differ[0]))
        else:
            assert verdict == Verdict(False)


def test_a_cannon_fires_once_and_a_placement_must_be_whole(catalog):
    engine = engine_for(Board(4, 4), catalog.subset(["absorber", "diagonal"]))
    layout = engine.layout_of(random_cells(engine, random.Random(3)))
    game = Hidden(engine, layout, (2, 5), par=2)
    assert game.score == 2 and game.fire(5).given and game.score == 2
    game.fire(1)
    game.fire(1)
    assert game.score == 3 and [s.given for s in game.fired] == [True, True, False]
    with pytest.raises(RulesError, match="no cannon 17"):
        game.fire(17)
    with pytest.raises(RulesError, match="place all 2 components"):
        game.check([("absorber", 1, 1, None)])
    with pytest.raises(RulesError, match="two components in cell"):
        game.check([("absorber", 1, 1, None), ("diagonal", 1, 1, "/")])
    with pytest.raises(RulesError, match="no orientation"):
        game.check([("absorber", 1, 1, None), ("diagonal", 2, 1, "NE")])
    with pytest.raises(RulesError, match="not a component in play"):
        game.check([("absorber", 1, 1, None), ("absorber", 2, 1, None)])
