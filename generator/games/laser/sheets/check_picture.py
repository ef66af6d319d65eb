"""The check picture: a layout drawn with each unlocatable component's other possible cells, the cannons
that reach it, and a trapped beam's path, so a designer sees the problem at a glance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.colours import hex_colour, rgb
from generator.games.laser.rules.model import DX, DY, Layout
from generator.games.laser.sheets.draw import (
    BEAM,
    INK,
    RING,
    SOFT_INK,
    BoardFrame,
    arrow_head,
    board_items,
    symbol_items,
)
from generator.games.laser.sheets.game_sheet import TITLE_FONT, layout_items
from generator.games.laser.sheets.labels import Labels, load_labels
from generator.scene.imposition import add_footers, content_box, paper_size
from generator.scene.model import Item, Line, Page, Polyline, Rect, Stroke, Text

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.check import CheckReport, ComponentCheck

PALETTE = ("#d0021b", "#1f5fbf", "#1b8a3a", "#8a3ab9", "#d96a00", "#7a4a1e", "#c2187a", "#008a8a")
CELL_MAX = 16.0
PANEL_MIN = 95.0
VERDICT_COLORS = {"fair": "#1b6e2e", "unfair": "#b00018", "unplayable": "#b00018"}


def check_picture_pages(report: CheckReport, lang: str = "en", paper: str = "a4", source: str = "") -> list[Page]:
    """One landscape page picturing a CheckReport (generator.games.laser.rules.check)."""
    labels = load_labels(lang)
    layout = report.layout
    page = Page(*paper_size(paper, landscape=True), label="layout check", kind="sheet")
    x, y, w, h = content_box(paper, landscape=True)
    verdict, kind = _verdict(report, labels)
    page.add(Text(x, y, w, 7, labels["check_title"], font=TITLE_FONT, size=14, color=INK, valign="middle", wrap=False, min_size=9),
             Text(x, y + 8, w, 6, verdict, font=TITLE_FONT, size=10, color=VERDICT_COLORS[kind], valign="middle", min_size=6))
    board = layout.board
    top = y + 16
    cell = min(CELL_MAX, (w - PANEL_MIN - 6 - 2 * RING) / board.width, (h - 16 - 2 * RING) / board.height)
    frame = BoardFrame(board, x + RING, top + RING, cell)
    colors = component_colors(report)
    page.add(*_alternative_marks(frame, report, colors))
    page.add(*board_items(frame, cannon_fills(report, colors)))
    page.add(*layout_items(frame, layout), *_own_marks(frame, report, colors))
    if not report.playable:
        assert report.trapped_cannon is not None      # an unplayable layout names its trapped cannon
        page.add(*trapped_path_items(frame, layout, report.trapped_cannon))
    panel_x = x + frame.width + 2 * RING + 6
    page.add(*_panel(report, labels, colors, panel_x, top, x + w - panel_x))
    return add_footers([page], title=labels["check_title"], source=source, lang=lang)


def _verdict(report: CheckReport, labels: Labels) -> tuple[str, str]:
    n = report.layout.board.cannons
    if not report.playable:
        return labels.fill("check_unplayable", k=report.trapped_cannon), "unplayable"
    if report.fair:
        return labels.fill("check_fair", n=n), "fair"
    return labels.fill("check_unfair", k=report.indistinguishable, n=n), "unfair"


def component_colors(report: CheckReport) -> dict[str, str]:
    """A colour for each unlocatable component (by type name), in layout order."""
    if not report.playable:
        return {}
    bad = [c.placement.type for c in report.components if not c.locatable]
    return {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(bad)}


def cannon_fills(report: CheckReport, colors: dict[str, str]) -> dict[int, str]:
    """Cannons whose beams reach an unlocatable component, in its colour; the trapped cannon in red."""
    fills: dict[int, str] = {}
    for component in report.components:
        color = colors.get(component.placement.type)
        if color and report.playable:
            for cannon, _side in component.reached_by:
                fills.setdefault(cannon, color)
    if not report.playable:
        assert report.trapped_cannon is not None      # an unplayable layout names its trapped cannon
        fills[report.trapped_cannon] = BEAM
    return fills


def _tint(color: str, keep: float = 0.18) -> str:
    """The colour mixed with white (a print-safe light background)."""
    r, g, b = (round(255 - (255 - v) * keep) for v in rgb(color))
    return hex_colour(r, g, b)


def _alternative_marks(frame: BoardFrame, report: CheckReport, colors: dict[str, str]) -> list[Item]:
    """Each other spot of an unlocatable component: the cell tinted and small copies of the symbol."""
    layout: Layout = report.layout
    per_cell: dict[tuple[int, int], list[tuple[str, str | None]]] = {}
    for component in report.components:
        p = component.placement
        if component.locatable or not report.playable:
            continue
        for cell, orientation in component.alternatives:
            if (cell, orientation) != (p.cell, p.orientation):
                per_cell.setdefault(cell, []).append((p.type, orientation))
    items: list[Item] = []
    for cell, entries in sorted(per_cell.items()):
        left = frame.x + (cell[0] - 1) * frame.cell
        top = frame.y + (cell[1] - 1) * frame.cell
        items.append(Rect(left, top, frame.cell, frame.cell, fill=_tint(colors[entries[0][0]]), stroke=None))
        items += _mini_symbols(layout, entries, colors, left, top, frame.cell)
    return items


def _mini_symbols(layout: Layout, entries: list[tuple[str, str | None]], colors: dict[str, str],
                  left: float, top: float, size: float) -> list[Item]:
    """Up to 9 small symbols in a cell (a 1x1, 2x2 or 3x3 grid), each in its component's colour."""
    per_side = 1 if len(entries) == 1 else 2 if len(entries) <= 4 else 3
    sub = size / per_side
    items: list[Item] = []
    for i, (type_name, orientation) in enumerate(entries[:per_side * per_side]):
        r, c = divmod(i, per_side)
        cx, cy = left + (c + 0.5) * sub, top + (r + 0.5) * sub
        scale = 0.7 if per_side == 1 else 0.9
        items += symbol_items(layout.catalog.get(type_name), orientation, cx, cy, sub * scale,
                              Stroke(colors[type_name], 0.35 if per_side > 1 else 0.45))
    return items


def _own_marks(frame: BoardFrame, report: CheckReport, colors: dict[str, str]) -> list[Item]:
    """A thick coloured frame around each unlocatable component's real cell."""
    items: list[Item] = []
    for component in report.components:
        color = colors.get(component.placement.type)
        if color:
            column, row = component.placement.cell
            inset = 0.7
            items.append(Rect(frame.x + (column - 1) * frame.cell + inset, frame.y + (row - 1) * frame.cell + inset,
                              frame.cell - 2 * inset, frame.cell - 2 * inset, fill=None, stroke=Stroke(color, 0.9)))
    return items


def trapped_path_items(frame: BoardFrame, layout: Layout, cannon: int) -> list[Item]:
    """The trapped beam from its cannon through the cells it visits, until it repeats itself; each
    direction of travel keeps to its right-hand side, so a beam bouncing back and forth shows both ways."""
    from generator.games.laser.rules.engine import engine_for

    engine = engine_for(layout.board, layout.in_play)
    states = _until_repeat(engine.path(engine.cells_of(layout), cannon))
    shift = frame.cell * 0.14
    cx, cy, _ = frame.cannon_spot(cannon)
    stroke = Stroke(BEAM, 0.6)
    previous, previous_cell = _keep_right((cx, cy), states[0][1], shift), None
    items: list[Item] = []
    for k, (index, direction) in enumerate(states):
        cell = layout.board.cell(index)
        centre = frame.centre(*cell)
        arrive = _keep_right(centre, direction, shift)
        jumped = previous_cell is not None and abs(cell[0] - previous_cell[0]) + abs(cell[1] - previous_cell[1]) > 1
        items.append(Line(*previous, *arrive, stroke=Stroke(BEAM, 0.6, dash=(1.2, 0.8)) if jumped else stroke))
        mid = ((previous[0] + arrive[0]) / 2 + DX[direction] * 1.1, (previous[1] + arrive[1]) / 2 + DY[direction] * 1.1)
        items += arrow_head(mid, direction, 2.2)
        leave = _keep_right(centre, states[k + 1][1], shift) if k + 1 < len(states) else arrive
        items.append(Line(*arrive, *leave, stroke=stroke))
        previous, previous_cell = leave, cell
    return items


def _until_repeat(states: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The states up to and including the first one seen before (the loop closes there)."""
    seen: set[tuple[int, int]] = set()
    out: list[tuple[int, int]] = []
    for state in states:
        out.append(state)
        if state in seen:
            break
        seen.add(state)
    return out


def _keep_right(point: tuple[float, float], direction: int, offset: float = 1.0) -> tuple[float, float]:
    """The point moved to the right of a beam travelling `direction`."""
    return point[0] - DY[direction] * offset, point[1] + DX[direction] * offset


def _panel(report: CheckReport, labels: Labels, colors: dict[str, str], x: float, y: float, w: float) -> list[Item]:
    """One entry per component: its symbol, name, cell, and what the check found."""
    layout: Layout = report.layout
    items: list[Item] = []
    row_h = 17.0
    for i, component in enumerate(report.components):
        p = component.placement
        ctype = layout.catalog.get(p.type)
        top = y + i * row_h
        color = colors.get(p.type, INK)
        items.append(Rect(x, top, 11, 11, fill=_tint(color) if p.type in colors else None, stroke=Stroke(color, 0.5)))
        items += symbol_items(ctype, p.orientation, x + 5.5, top + 5.5, 11, Stroke(INK, 0.5))
        name = labels.component(ctype)[0]
        where = f"({p.cell[0]},{p.cell[1]})" + (f" {p.orientation}" if p.orientation else "")
        items.append(Text(x + 14, top, w - 14, 4.5, f"{name}  {where}", font=TITLE_FONT, size=9, color=color, valign="middle",
                          wrap=False, min_size=5))
        items.append(Text(x + 14, top + 4.8, w - 14, 11, _status(report, component, labels), font="sans", size=7.5, color=SOFT_INK,
                          min_size=5, line_height=1.15))
    if not report.playable:
        y_key = y + len(report.components) * row_h + 2
        items += [Polyline(((x, y_key + 2), (x + 10, y_key + 2)), stroke=Stroke(BEAM, 0.6)),
                  Text(x + 14, y_key, w - 14, 4, labels["check_trapped_path"], font="sans", size=8, color=INK, valign="middle",
                       wrap=False, min_size=5)]
    return items


def _status(report: CheckReport, component: ComponentCheck, labels: Labels) -> str:
    cannons = sorted({cannon for cannon, _ in component.reached_by})
    seen = labels.fill("check_reached", cannons=", ".join(map(str, cannons))) if cannons else labels["check_unreached"]
    if not report.playable:
        return seen
    state = labels["check_locatable"] if component.locatable else labels["check_not_locatable"]
    return f"{state}; {seen}"
