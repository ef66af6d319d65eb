"""The solver: every layout consistent with a complete or partial observation, counted exactly."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import permutations, product

from generator.core.errors import RulesError
from generator.games.laser.rules.engine import EMPTY, Engine, engine_for
from generator.games.laser.rules.model import TRAPPED, ComponentSet, Layout, Observation
from generator.games.laser.rules.search import Partial, Search, completions, shots_of


@dataclass(frozen=True)
class Solution:
    """The exact count, and the first layouts found (at most the limit asked for)."""

    count: int
    layouts: tuple[Layout, ...]
    unplayable: tuple[int | None, ...]   # per listed layout: its trapped cannon, or None if playable


def _leaf_layouts(engine: Engine, b: Partial, placed: int) -> Iterator[list[int]]:
    """Every full layout (as cells) a leaf stands for: unplaced types in the unknown cells."""
    base = [EMPTY if p is None else p for p in b]
    free = [i for i, p in enumerate(b) if p is None]
    missing = [t for t in range(len(engine.type_pieces)) if not placed >> t & 1]
    for spots in permutations(free, len(missing)):
        for pieces in product(*(engine.type_pieces[t] for t in missing)):
            cells = list(base)
            for i, p in zip(spots, pieces, strict=False):
                cells[i] = p
            yield cells


def solve(observation: Observation, in_play: ComponentSet, limit: int | None = 20) -> Solution:
    """Count every layout of `in_play` consistent with the observation's shots and list up to
    `limit` of them. Cannons not in the observation are not fired: a listed layout whose unfired
    cannon would trap its beam is reported as unplayable."""
    engine = engine_for(observation.board, in_play)
    try:
        shots = shots_of(engine, observation)
    except KeyError as err:
        raise RulesError(f"the observation reports a hit {err.args[0]!r} by a type not in play "
                         f"({', '.join(in_play.names)})") from None
    if observation.board.cells < len(in_play):
        raise RulesError(f"{len(in_play)} components cannot fit on {observation.board.cells} cells")
    found: list[list[int]] = []
    total = 0
    cap = limit if limit is not None else float("inf")

    def leaf(b: Partial, placed: int, known: int) -> bool:
        nonlocal total
        total += completions(engine, placed, known)
        if len(found) < cap:
            for cells in _leaf_layouts(engine, b, placed):
                if len(found) >= cap:
                    break
                found.append(cells)
        return False

    Search(engine, shots).run(leaf)
    layouts = tuple(engine.layout_of(cells) for cells in found)
    trapped = tuple(_first_trapped(engine, cells) for cells in found)
    return Solution(total, layouts, trapped)


def _first_trapped(engine: Engine, cells: list[int]) -> int | None:
    for cannon in range(1, engine.board.cannons + 1):
        if engine.trace(cells, cannon)[1] == TRAPPED:
            return cannon
    return None
