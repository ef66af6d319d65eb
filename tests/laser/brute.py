"""Brute-force enumeration of every layout on a small board: the independent reference the puzzle,
grader and assistant tests compare against."""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

from generator.games.laser.content import load_catalog
from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.model import Board


@lru_cache(maxsize=8)
def world(width: int, height: int, names: tuple[str, ...]):
    """(engine, [(cells, results)]) for every layout of `names` on a width x height board."""
    chosen = load_catalog().subset(list(names))
    engine = engine_for(Board(width, height), chosen)
    return engine, every_layout(engine)


def every_layout(engine):
    """[(cells, results)] for every placement of the engine's component types (each once, any piece)."""
    layouts = []
    for spots in permutations(range(engine.size), len(engine.type_pieces)):
        for pieces in product(*engine.type_pieces):
            cells = [-1] * engine.size
            for spot, piece in zip(spots, pieces, strict=True):
                cells[spot] = piece
            layouts.append((cells, engine.results(cells)))
    return layouts


def fitting(layouts, results, cannons):
    """The layouts whose shots from these cannons equal `results` (Engine.results of the hidden one)."""
    return [(cells, res) for cells, res in layouts if all(res[k - 1] == results[k - 1] for k in cannons)]
