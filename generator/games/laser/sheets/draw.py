"""Drawing pieces of the laser sheets: a board with its numbered cannons, component symbols, beam diagrams."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict

from generator.core.colours import luminance
from generator.games.laser.rules.model import (
    DX,
    DY,
    EAST,
    JUMP_BASE,
    NORTH,
    SOUTH,
    STOP,
    WEST,
    Board,
    ComponentType,
    opposite,
)
from generator.scene.model import Circle, Item, Line, Polygon, Polyline, Rect, Stroke, Text

INK = "#000000"
SOFT_INK = "#333333"
BEAM = "#c8102e"              # prints as a mid grey in black and white
GRID_STROKE = Stroke("#444444", 0.25)
BORDER_STROKE = Stroke(INK, 0.55)
CANNON_STROKE = Stroke(INK, 0.3)
FAINT_STROKE = Stroke("#8a8a8a", 0.2)
CANNON_FONT = "sans-bold"
RING = 7.0                    # mm between the board edge and the outer edge of the cannon boxes
DIAGRAM_CELL_MAX = 7.5       # mm: cells of a beam diagram in the legend
CANNON_BOX = 5.6              # mm: side of a cannon's box (cells are >= 8 mm, so boxes never touch)


class TextStyle(TypedDict, total=False):
    """Keyword arguments of scene.model.Text shared by several boxes (`Text(..., align=..., **style)`)."""

    font: str
    size: float
    color: str
    valign: str
    wrap: bool
    shrink: bool
    min_size: float
    line_height: float


@dataclass(frozen=True)
class BoardFrame:
    """Where a board sits on the page: top-left corner of its cells and the cell size (mm)."""

    board: Board
    x: float
    y: float
    cell: float

    @property
    def width(self) -> float:
        return self.board.width * self.cell

    @property
    def height(self) -> float:
        return self.board.height * self.cell

    def centre(self, column: int, row: int) -> tuple[float, float]:
        """Centre of cell (column, row), 1-based."""
        return self.x + (column - 0.5) * self.cell, self.y + (row - 0.5) * self.cell

    def cannon_spot(self, cannon: int) -> tuple[float, float, int]:
        """(centre x, centre y, direction it fires) of a cannon's box, from the engine's numbering."""
        index, direction = self.board.entry(cannon)
        cx, cy = self.centre(*self.board.cell(index))
        reach = self.cell / 2 + RING - CANNON_BOX / 2
        return cx - DX[direction] * reach, cy - DY[direction] * reach, direction


def board_items(frame: BoardFrame, fills: dict[int, str] | None = None) -> list[Item]:
    """The grid, its border and every cannon box with its number (optionally filled per cannon)."""
    items: list[Item] = []
    w, h = frame.board.width, frame.board.height
    for c in range(1, w):
        x = frame.x + c * frame.cell
        items.append(Line(x, frame.y, x, frame.y + frame.height, stroke=GRID_STROKE))
    for r in range(1, h):
        y = frame.y + r * frame.cell
        items.append(Line(frame.x, y, frame.x + frame.width, y, stroke=GRID_STROKE))
    items.append(Rect(frame.x, frame.y, frame.width, frame.height, fill=None, stroke=BORDER_STROKE))
    for cannon in range(1, frame.board.cannons + 1):
        items += cannon_items(frame, cannon, (fills or {}).get(cannon))
    return items


def cannon_items(frame: BoardFrame, cannon: int, fill: str | None = None) -> list[Item]:
    """One cannon: a box with its number and a small tip pointing into the board."""
    cx, cy, d = frame.cannon_spot(cannon)
    s = CANNON_BOX
    dx, dy = DX[d], DY[d]
    near = (cx + dx * s / 2, cy + dy * s / 2)
    tip = (near[0] + dx * 1.1, near[1] + dy * 1.1)
    side = (-dy * 1.0, dx * 1.0)
    arrow = Polygon([(near[0] + side[0], near[1] + side[1]), tip, (near[0] - side[0], near[1] - side[1])],
                    fill=INK, stroke=None)
    color = "#ffffff" if fill and _dark(fill) else INK
    return [Rect(cx - s / 2, cy - s / 2, s, s, fill=fill or "#ffffff", stroke=CANNON_STROKE, radius=0.8), arrow,
            Text(cx - s / 2, cy - s / 2, s, s, str(cannon), font=CANNON_FONT, size=7.5 if cannon < 100 else 6.5,
                 color=color, align="center", valign="middle", wrap=False, min_size=5)]


def _dark(color: str) -> bool:
    return luminance(color) < 140


# -- component symbols, as players draw them --------------------------------------------------
SymbolDrawer = Callable[[float, float, float, "str | None", Stroke], list[Item]]
SYMBOLS: dict[str, SymbolDrawer] = {}


def symbol(type_name: str) -> Callable[[SymbolDrawer], SymbolDrawer]:
    """Register how a component type is drawn in a cell."""
    def register(func: SymbolDrawer) -> SymbolDrawer:
        SYMBOLS[type_name] = func
        return func
    return register


@symbol("absorber")
def _absorber(cx: float, cy: float, size: float, orientation: str | None, stroke: Stroke) -> list[Item]:
    return [Circle(cx, cy, size * 0.3, fill=None, stroke=stroke)]


@symbol("reflector")
def _reflector(cx: float, cy: float, size: float, orientation: str | None, stroke: Stroke) -> list[Item]:
    s = size * 0.56
    return [Rect(cx - s / 2, cy - s / 2, s, s, fill=None, stroke=stroke)]


@symbol("jump")
def _jump(cx: float, cy: float, size: float, orientation: str | None, stroke: Stroke) -> list[Item]:
    a = size * 0.28
    return [Line(cx - a, cy - a, cx + a, cy + a, stroke=stroke), Line(cx - a, cy + a, cx + a, cy - a, stroke=stroke)]


@symbol("diagonal")
def _diagonal(cx: float, cy: float, size: float, orientation: str | None, stroke: Stroke) -> list[Item]:
    a = size * 0.4
    if orientation == "/":
        return [Line(cx - a, cy + a, cx + a, cy - a, stroke=stroke)]
    return [Line(cx - a, cy - a, cx + a, cy + a, stroke=stroke)]


@symbol("triangle")
def _triangle(cx: float, cy: float, size: float, orientation: str | None, stroke: Stroke) -> list[Item]:
    a = size * 0.36
    corner_x = cx + a if "E" in (orientation or "SW") else cx - a
    corner_y = cy - a if "N" in (orientation or "SW") else cy + a
    other_x = 2 * cx - corner_x
    other_y = 2 * cy - corner_y
    return [Polygon([(corner_x, corner_y), (other_x, corner_y), (corner_x, other_y)], fill=None, stroke=stroke)]


SYMBOL_STROKE = Stroke(INK, 0.5)


def symbol_items(ctype: ComponentType, orientation: str | None, cx: float, cy: float, size: float,
                 stroke: Stroke = SYMBOL_STROKE) -> list[Item]:
    """A component drawn in a cell of `size` mm centred at (cx, cy); unknown types as their grid character."""
    drawer = SYMBOLS.get(ctype.name)
    if drawer is not None:
        return drawer(cx, cy, size, orientation, stroke)
    index = ctype.orientation_index(orientation) if orientation is not None else 0
    grid = ctype.orientations[index].grid
    return [Text(cx - size / 2, cy - size / 2, size, size, grid, font="sans-bold", size=size * 1.6, color=stroke.color,
                 align="center", valign="middle", wrap=False, min_size=4)]


# -- what a component does to a beam ------------------------------------------------------------
def behaviour(action: int, travel: int) -> str:
    """The kind of effect: stop, reverse, straight, turn or jump."""
    if action == STOP:
        return "stop"
    if action >= JUMP_BASE:
        return "jump"
    if action == travel:
        return "straight"
    return "reverse" if action == opposite(travel) else "turn"


def sample_travels(ctype: ComponentType, limit: int = 2) -> list[int]:
    """Directions of travel (of the first orientation) that show each distinct effect, up to `limit`."""
    actions = ctype.orientations[0].actions
    chosen: dict[str, int] = {}
    for travel in (EAST, SOUTH, WEST, NORTH):
        chosen.setdefault(behaviour(actions[travel], travel), travel)
    return list(chosen.values())[:limit]


def beam_diagram(ctype: ComponentType, travel: int, x: float, y: float, w: float, h: float) -> list[Item]:
    """A small picture of a beam travelling `travel` into the component (first orientation), fitted to the box."""
    action = ctype.orientations[0].actions[travel]
    kind = behaviour(action, travel)
    skip = action - JUMP_BASE if kind == "jump" else 0
    cells = [(0, 0), (DX[travel] * -1, DY[travel] * -1)]
    out = travel if kind in ("jump", "straight") else opposite(travel) if kind == "reverse" else action
    after = 1 + skip if kind == "jump" else 1
    if kind not in ("stop", "reverse"):
        cells += [(DX[out] * k, DY[out] * k) for k in range(1, after + 1)]
    cols = [c for c, _ in cells]
    rows = [r for _, r in cells]
    span_c, span_r = max(cols) - min(cols) + 1, max(rows) - min(rows) + 1
    size = min(w / span_c, h / span_r, DIAGRAM_CELL_MAX)
    ox = x + (w - span_c * size) / 2 - min(cols) * size
    oy = y + (h - span_r * size) / 2 - min(rows) * size
    items: list[Item] = []
    for c, r in cells:
        skipped = kind == "jump" and (c, r) != (0, 0) and 1 <= abs(c) + abs(r) <= skip and (c, r) != cells[1]
        items.append(Rect(ox + c * size, oy + r * size, size, size, fill="#e4e4e4" if skipped else None,
                          stroke=FAINT_STROKE))
    centre = (ox + size / 2, oy + size / 2)
    items += symbol_items(ctype, ctype.orientations[0].name, *centre, size, Stroke(INK, 0.35))
    items += _beam(kind, travel, out, skip, centre, size)
    return items


def _beam(kind: str, travel: int, out: int, skip: int, centre: tuple[float, float], size: float) -> list[Item]:
    """The beam's path in a diagram: in from the previous cell, then what the component does."""
    cx, cy = centre
    stroke = Stroke(BEAM, 0.4)
    start = (cx - DX[travel] * size * 0.95, cy - DY[travel] * size * 0.95)
    if kind == "stop":
        end = (cx - DX[travel] * size * 0.34, cy - DY[travel] * size * 0.34)
        return [Line(*start, *end, stroke=stroke), *_stop_bar(end, travel, size)]
    if kind == "reverse":
        off = (-DY[travel] * size * 0.12, DX[travel] * size * 0.12)
        turn = (cx - DX[travel] * size * 0.3, cy - DY[travel] * size * 0.3)
        back = (start[0] + off[0], start[1] + off[1])
        return [Polyline((start, turn, (turn[0] + off[0], turn[1] + off[1]), back), stroke=stroke),
                *arrow_head(back, out, size * 0.22)]
    if kind == "jump":
        land = (cx + DX[out] * size * (skip + 1), cy + DY[out] * size * (skip + 1))
        end = (land[0] + DX[out] * size * 0.45, land[1] + DY[out] * size * 0.45)
        return [Line(*start, cx, cy, stroke=stroke), Line(cx, cy, *land, stroke=Stroke(BEAM, 0.3, dash=(0.8, 0.8))),
                Line(*land, *end, stroke=stroke), *arrow_head(end, out, size * 0.22)]
    end = (cx + DX[out] * size * 0.95, cy + DY[out] * size * 0.95)
    return [Polyline((start, (cx, cy), end), stroke=stroke), *arrow_head(end, out, size * 0.22)]


def _stop_bar(point: tuple[float, float], travel: int, size: float) -> list[Item]:
    half = (-DY[travel] * size * 0.14, DX[travel] * size * 0.14)
    return [Line(point[0] - half[0], point[1] - half[1], point[0] + half[0], point[1] + half[1],
                 stroke=Stroke(BEAM, 0.5))]


def arrow_head(tip: tuple[float, float], direction: int, length: float, color: str = BEAM) -> list[Item]:
    """A filled arrow head whose point is `tip`, pointing along `direction`."""
    dx, dy = DX[direction], DY[direction]
    base = (tip[0] - dx * length, tip[1] - dy * length)
    side = (-dy * length * 0.5, dx * length * 0.5)
    return [Polygon([tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])],
                    fill=color, stroke=None)]


__all__ = [
    "BEAM",
    "CANNON_BOX",
    "EAST",
    "INK",
    "NORTH",
    "RING",
    "SOUTH",
    "WEST",
    "BoardFrame",
    "arrow_head",
    "beam_diagram",
    "behaviour",
    "board_items",
    "cannon_items",
    "sample_travels",
    "symbol",
    "symbol_items",
]
