"""Puzzles and the assistant in a player's words: cell names like D4, deduction steps, advice as
text and JSON."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from generator.games.laser.rules.assist import Advice
from generator.games.laser.rules.engine import Engine
from generator.games.laser.rules.grade import DEEPEST, Grade, Step
from generator.games.laser.rules.model import ABSORBED, TRAPPED

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SHOWN_SHOTS = 5
TIER_WORDS = {1: "one shot alone", 2: "two shots together", 3: "supposing and refuting",
              4: "deeper search"}


def column_name(column: int) -> str:
    """A, B, ..., Z, AA, AB, ... for columns 1, 2, ..."""
    name = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        name = LETTERS[rest] + name
    return name


def cell_name(engine: Engine, index: int) -> str:
    """'D4': column letter (from the left), row number (from the top)."""
    column, row = engine.board.cell(index)
    return f"{column_name(column)}{row}"


def piece_text(engine: Engine, piece: int) -> str:
    t, o = engine.pieces[piece]
    ctype = engine.in_play.types[t]
    name = ctype.orientations[o].name
    return ctype.name if len(ctype.orientations) == 1 else f"{ctype.name} {name}"


def result_text(engine: Engine, cannon: int, result: tuple[tuple[int, ...], int]) -> str:
    """A shot's result in the rulebook's form, e.g. `26 T \\ 28` or `8 O`."""
    hits, outcome = result
    if outcome == TRAPPED:
        return f"{cannon} trapped: this layout cannot be played"
    parts = [str(cannon), *(engine.in_play.types[t].hit for t in hits)]
    if outcome != ABSORBED:
        parts.append(str(outcome))
    return " ".join(parts)


def step_text(engine: Engine, step: Step) -> str:
    """One deduction in words: what it used and what it pinned (or the cells it cleared)."""
    if step.tier == 3 and step.supposed is not None:
        _, cell, piece = step.supposed
        how = f"suppose the {piece_text(engine, piece)} at {cell_name(engine, cell)}: a shot contradicts it"
    elif len(step.cannons) > 2:
        how = "each shot alone again, every reading kept"
    else:
        noun = "shot" if len(step.cannons) == 1 else "shots"
        how = f"{noun} {' + '.join(str(k) for k in step.cannons)}"
    if step.pinned:
        found = ", ".join(f"{piece_text(engine, p)} at {cell_name(engine, c)}" for _, c, p in step.pinned)
        return f"{how} → {found}"
    cleared = sorted({c for _, c, _ in step.removed})
    places = "place" if len(step.removed) == 1 else "places"
    cells = "cell" if len(cleared) == 1 else "cells"
    return f"{how} → rules out {len(step.removed)} {places} in {len(cleared)} {cells}"


@dataclass(frozen=True)
class Eliminated:
    """A component found by elimination: none of the step's shots hit it, but every other cell it
    could hold is now crossed by a beam or taken (type id, cell index, piece id)."""

    t: int
    cell: int
    piece: int
    unseen: bool = False        # no given shot hits it at all


Reasoned = Step | list[tuple[int, int, int]] | Eliminated


def reasoning(verdict: Grade, hits: Mapping[int, Collection[int]] | None = None,
              every: bool = False) -> list[Reasoned]:
    """The verdict's steps as a reader follows them, in order: a Step that pins components (or,
    when it pins only by elimination, the places it rules out), then each component it pinned that
    none of its shots hit (Eliminated: `hits` gives the type ids each cannon's shot hit), or a list
    of refuted suppositions (one run of them for one component type: (type, cell, piece) each).
    `every`: the steps that only rule places out too (levels 4-5: the pair read at a stall often
    pins nothing itself, and the solution must name it)."""
    out: list[Reasoned] = []
    run: list[tuple[int, int, int]] = []

    def flush() -> None:
        if run:
            out.append(list(run))
            run.clear()

    for step in verdict.steps:
        if step.supposed is not None and not step.pinned:
            if run and run[0][0] != step.supposed[0]:
                flush()
            run.append(step.supposed)
            continue
        flush()
        if not step.pinned:
            if every:
                out.append(step)
            continue
        seen = {t for k in step.cannons for t in (hits or {}).get(k, ())}
        anywhere = {t for types in (hits or {}).values() for t in types}
        apart = [] if hits is None or step.supposed is not None else [p for p in step.pinned if p[0] not in seen]
        out.append(replace(step, pinned=tuple(p for p in step.pinned if p not in apart)))
        out += [Eliminated(*p, unseen=p[0] not in anywhere) for p in apart]
    flush()
    return out


def shot_hits(results: Sequence[tuple[tuple[int, ...], int]]) -> dict[int, set[int]]:
    """{cannon: the type ids its shot hits} from Engine.results."""
    return {k: set(hits) for k, (hits, _) in enumerate(results, start=1)}


def deduction_order(engine: Engine, verdict: Grade, limit: int | None = None,
                    hits: Mapping[int, Collection[int]] | None = None, every: bool = False) -> list[str]:
    """The steps that pin components (`every`: all steps), the components found by elimination, and
    the suppositions refuted (one line per run of them for one type), in order."""
    lines = []
    for item in reasoning(verdict, hits, every):
        if isinstance(item, Step):
            lines.append(step_text(engine, item))
        elif isinstance(item, Eliminated):
            why = "no shot hits it, but every other cell" if item.unseen else "every other cell it could hold"
            lines.append(f"{piece_text(engine, item.piece)}: {why} is crossed by a beam or taken "
                         f"→ {cell_name(engine, item.cell)}")
        else:
            lines.append(f"suppose the {piece_text(engine, item[0][2])} at "
                         f"{', '.join(cell_name(engine, s[1]) for s in item)}: each contradicts a shot")
    if verdict.tier == DEEPEST:
        lines.append("then: the rest needs trial and error (deeper search)")
    return lines[:limit] if limit else lines


def certain(engine: Engine, advice: Advice) -> list[dict[str, Any]]:
    """Components whose cell (and orientation, when known) every fitting layout agrees on."""
    out: list[dict[str, Any]] = []
    if not advice.layouts:
        return out
    for t, ctype in enumerate(engine.in_play):
        for i, counts in enumerate(advice.cells):
            here = {p: n for p, n in counts.items() if engine.ptype[p] == t}
            if sum(here.values()) == advice.layouts:
                sure = [p for p, n in here.items() if n == advice.layouts]
                orientation = ctype.orientations[engine.pieces[sure[0]][1]].name if sure else None
                column, row = engine.board.cell(i)
                out.append({"type": ctype.name, "cell": cell_name(engine, i), "column": column, "row": row,
                            "orientation": orientation,
                            "orientation_known": bool(sure) or len(ctype.orientations) == 1})
    return out


def possible(engine: Engine, advice: Advice) -> list[list[str]]:
    """Per cell index, the names of the types it may hold (empty list: certainly empty)."""
    return [sorted({engine.in_play.types[engine.ptype[p]].name for p, n in counts.items() if n})
            for counts in advice.cells]


def possibility_grid(engine: Engine, cells: list[list[str]]) -> list[str]:
    """A grid of what each cell may hold (hit symbols; '.' certainly empty)."""
    board = engine.board
    symbols = [("".join(engine.in_play.get(n).hit for n in names) or ".") for names in cells]
    width = max(len(s) for s in symbols) + 1
    head = "    " + "".join(column_name(c).ljust(width) for c in range(1, board.width + 1))
    rows = [f"{r:>3} " + "".join(symbols[(r - 1) * board.width + c].ljust(width) for c in range(board.width))
            for r in range(1, board.height + 1)]
    return ["what each cell may hold:", head.rstrip(), *(row.rstrip() for row in rows)]


def advice_json(engine: Engine, advice: Advice, fired: int) -> dict[str, Any]:
    board = engine.board
    cells = possible(engine, advice)
    return {
        "board": {"columns": board.width, "rows": board.height},
        "components": list(engine.in_play.names),
        "shots_fired": fired,
        "layouts": advice.layouts,
        "exact": advice.exact,
        "sample_size": advice.sample_size,
        "certain": certain(engine, advice),
        "empty": [cell_name(engine, i) for i, names in enumerate(cells) if not names] if advice.layouts else [],
        "cells": [{"cell": cell_name(engine, i), "possible": names} for i, names in enumerate(cells)],
        "next_shots": [
            {"cannon": a.cannon, "expected_layouts_left": round(a.expected_left, 3),
             "outcomes": [{"result": result_text(engine, a.cannon, r), "hits": [engine.in_play.types[t].hit
                                                                               for t in r[0]],
                           "receiver": r[1] if r[1] > 0 else None, "absorbed": r[1] == ABSORBED,
                           "probability": round(p, 6)} for r, p in a.outcomes]}
            for a in advice.next_shots],
    }


def advice_text(engine: Engine, advice: Advice, fired: int, grid: bool = True) -> list[str]:
    """The assistant's answer as lines (`grid`: with the cell-by-cell grid and the empty cells)."""
    if not advice.layouts:
        return ["no layout fits these shots: check the log for a mistake"]
    noun = "layout fits" if advice.layouts == 1 else "layouts fit"
    lines = [f"{advice.layouts} {noun} the {fired} shot{'s' if fired != 1 else ''} fired so far"]
    for item in certain(engine, advice):
        orient = f" ({item['orientation']})" if item["orientation"] and len(
            engine.in_play.get(item["type"]).orientations) > 1 else ""
        lines.append(f"certain: the {item['type']}{orient} is at {item['cell']}")
    cells = possible(engine, advice)
    empty = [cell_name(engine, i) for i, names in enumerate(cells) if not names]
    if not grid:
        lines.append(f"certainly empty: {len(empty)} cells")
    else:
        lines += possibility_grid(engine, cells)
    if empty and grid:
        lines.append(f"certainly empty ({len(empty)}): {' '.join(empty)}")
    if not advice.next_shots:
        return lines
    how = "exact" if advice.exact else f"estimated from {advice.sample_size} layouts drawn at random"
    lines.append(f"best next cannons (expected layouts left; {how}):")
    for a in advice.next_shots[:SHOWN_SHOTS]:
        shown = ", ".join(f"{result_text(engine, a.cannon, r)} ({p:.0%})" for r, p in a.outcomes[:4])
        more = f", +{len(a.outcomes) - 4} more" if len(a.outcomes) > 4 else ""
        lines.append(f"  cannon {a.cannon}: {a.expected_left:.1f} left on average; {shown}{more}")
    return lines
