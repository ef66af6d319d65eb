"""The fairness check: playable, the exact indistinguishable layouts, and each component's alternatives."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.games.laser.rules.engine import Engine, Results, engine_for
from generator.games.laser.rules.model import DIRECTION_NAMES, TRAPPED, Layout, Placement, opposite
from generator.games.laser.rules.search import Partial, Search, completions, path_masks, shots_from_results

Spot = tuple[tuple[int, int], "str | None"]     # (cell, orientation name)


@dataclass(frozen=True)
class ComponentCheck:
    """One component: where it is, whether it is locatable, where else it could be, who sees it."""

    placement: Placement
    locatable: bool
    alternatives: tuple[Spot, ...]              # every placement among indistinguishable layouts
    reached_by: tuple[tuple[int, str], ...]     # (cannon, side of the cell the beam enters by)


@dataclass(frozen=True)
class CheckReport:
    """The verdict on a layout."""

    layout: Layout
    playable: bool
    trapped_cannon: int | None
    fair: bool
    indistinguishable: int | None              # None when unplayable (there is no observation)
    components: tuple[ComponentCheck, ...]
    loop: tuple[tuple[int, int], ...] = ()     # cells the trapped beam goes round for ever


def _loop(engine: Engine, cells: list[int], cannon: int) -> tuple[tuple[int, int], ...]:
    """The cells (in order, without repeats) of the cycle a trapped beam ends in."""
    states = engine.path(cells, cannon)
    first: dict[tuple[int, int], int] = {}
    for position, state in enumerate(states):
        if state in first:
            cycle = states[first[state]:position]
            return tuple(dict.fromkeys(engine.board.cell(i) for i, _ in cycle))
        first[state] = position
    return ()


def _reached_by(engine: Engine, cells: list[int], paths: dict[int, int]) -> dict[int, list[tuple[int, str]]]:
    """For each occupied cell, the (cannon, side entered) pairs of the beams that hit it."""
    seen: dict[int, list[tuple[int, str]]] = {i: [] for i, p in enumerate(cells) if p >= 0}
    occupied = sum(1 << i for i in seen)
    for cannon, mask in paths.items():
        if not mask & occupied:
            continue
        for i, d in engine.path(cells, cannon):
            if i in seen:
                entry = (cannon, DIRECTION_NAMES[opposite(d)])
                if entry not in seen[i]:
                    seen[i].append(entry)
    return seen


def _alternatives(engine: Engine, paths: dict[int, int],
                  results: Results) -> tuple[int, list[set[tuple[int, int]]]]:
    """(number of layouts consistent with every shot, per type the set of (cell, piece) seen)."""
    spots: list[set[tuple[int, int]]] = [set() for _ in engine.type_pieces]
    total = 0

    def leaf(b: Partial, placed: int, known: int) -> bool:
        nonlocal total
        count = completions(engine, placed, known)
        if count == 0:
            return False
        total += count
        free = [i for i, p in enumerate(b) if p is None]
        for i, p in enumerate(b):
            if p is not None and p >= 0:
                spots[engine.ptype[p]].add((i, p))
        for t, pieces in enumerate(engine.type_pieces):
            if not placed >> t & 1:
                spots[t].update((i, p) for i in free for p in pieces)
        return False

    shots = shots_from_results(results, range(1, engine.board.cannons + 1))
    Search(engine, shots, guide_paths=paths).run(leaf)
    return total, spots


def check(layout: Layout) -> CheckReport:
    """Check a layout exactly: the set in play is the types it contains."""
    engine = engine_for(layout.board, layout.in_play)
    cells = engine.cells_of(layout)
    results = engine.results(cells)
    trapped = next((k + 1 for k, (_, outcome) in enumerate(results) if outcome == TRAPPED), None)
    paths = path_masks(engine, cells, range(1, layout.board.cannons + 1))
    reached = _reached_by(engine, cells, paths)
    if trapped is not None:
        parts = tuple(ComponentCheck(p, False, (), tuple(reached[layout.board.index(*p.cell)]))
                      for p in layout.placements)
        return CheckReport(layout, False, trapped, False, None, parts, _loop(engine, cells, trapped))
    total, spots = _alternatives(engine, paths, results)
    checked = []
    for p in layout.placements:
        t = layout.in_play.names.index(p.type)
        ctype = layout.in_play.types[t]
        alternatives = sorted((layout.board.cell(i), engine.pieces[q].orientation) for i, q in spots[t])
        named = tuple((cell, ctype.orientations[o].name) for cell, o in alternatives)
        checked.append(ComponentCheck(p, len(named) == 1, named, tuple(reached[layout.board.index(*p.cell)])))
    return CheckReport(layout, True, None, total == 1, total, tuple(checked))


def report_json(report: CheckReport) -> dict[str, Any]:
    """The `check --json` document (schema in docs/laser.md)."""
    board = report.layout.board
    return {
        "board": {"columns": board.width, "rows": board.height},
        "playable": report.playable,
        "trapped_cannon": report.trapped_cannon,
        "fair": report.fair,
        "indistinguishable_layouts": report.indistinguishable,
        "components": [
            {"type": c.placement.type, "cell": list(c.placement.cell), "orientation": c.placement.orientation,
             "locatable": c.locatable,
             "alternatives": [{"cell": list(cell), "orientation": o} for cell, o in c.alternatives]}
            for c in report.components
        ],
    }
