"""Game icons as vector shapes (action point, engage, PV, melee, ranged, passive), placed by their bottom.

Each icon is drawn in a box of height h mm whose bottom edge is y_bottom, so an icon set inline
in text sits on the baseline like a capital letter. Width is `ICONS[name].ratio * h`. Only scene
primitives are used (polygons, circles, lines), so every backend draws them the same way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from generator.core.errors import LayoutError
from generator.scene.model import Circle, Group, Item, Polygon, Polyline, Stroke

Shape = Callable[[float, float, float, str], list[Item]]
PV_RED = "#c0392b"
WHITE = "#ffffff"


@dataclass(frozen=True)
class IconSpec:
    """An icon: width/height ratio, the drawing function and its default colour (None: the text's)."""

    ratio: float
    draw: Shape
    color: str | None = None


def _pts(x: float, y: float, h: float, unit: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Unit points (0..ratio across, 0..1 down from the top of the box) to mm."""
    return [(round(x + u * h, 4), round(y - h + v * h, 4)) for u, v in unit]


def action_point(x: float, y: float, h: float, color: str) -> list[Item]:
    """A filled disc holding a white lightning bolt."""
    bolt = [(0.56, 0.1), (0.26, 0.56), (0.47, 0.56), (0.4, 0.9), (0.74, 0.42), (0.53, 0.42), (0.62, 0.1)]
    return [Circle(round(x + 0.5 * h, 4), round(y - 0.5 * h, 4), round(0.5 * h, 4), fill=color, stroke=None),
            Polygon(_pts(x, y, h, bolt), fill=WHITE, stroke=None)]


def engage(x: float, y: float, h: float, color: str) -> list[Item]:
    """A turning arrow: three quarters of a ring ending in an arrow head (turn the card)."""
    cx, cy, r, width = x + 0.5 * h, y - 0.5 * h, 0.34 * h, 0.14 * h
    arc = [(round(cx + r * math.cos(math.radians(a)), 4), round(cy + r * math.sin(math.radians(a)), 4))
           for a in range(-60, 211, 15)]
    ex, ey = cx + r * math.cos(math.radians(-60)), cy + r * math.sin(math.radians(-60))
    head = [(ex - 0.2 * h, ey - 0.02 * h), (ex + 0.17 * h, ey - 0.14 * h), (ex + 0.07 * h, ey + 0.24 * h)]
    head = [(round(px, 4), min(round(py, 4), y)) for px, py in head]
    return [Polyline(tuple(reversed(arc)), closed=False, fill=None, stroke=Stroke(color, round(width, 4))),
            Polygon(head, fill=color, stroke=None)]


def heart(x: float, y: float, h: float, color: str) -> list[Item]:
    """A heart (life points): the classic parametric curve fitted to the box."""
    raw = [(16 * math.sin(t) ** 3, -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t)
                                    - math.cos(4 * t))) for t in (i * math.pi / 24 for i in range(48))]
    top, bottom = min(v for _, v in raw), max(v for _, v in raw)
    k = 1.0 / (bottom - top)
    unit = [(0.55 + u * k, (v - top) * k) for u, v in raw]
    return [Polygon(_pts(x, y, h, unit), fill=color, stroke=None)]


def _turned(x: float, y: float, h: float, unit: list[tuple[float, float]], degrees: float) -> list[tuple[float, float]]:
    """Unit points turned about the box centre (the blade and the arrow lie diagonally)."""
    a = math.radians(degrees)
    out = []
    for u, v in unit:
        du, dv = u - 0.5, v - 0.5
        out.append((0.5 + du * math.cos(a) - dv * math.sin(a), 0.5 + du * math.sin(a) + dv * math.cos(a)))
    return _pts(x, y, h, out)


def sword(x: float, y: float, h: float, color: str) -> list[Item]:
    """A short sword leaning right (melee)."""
    blade = [(0.5, -0.12), (0.58, 0.05), (0.58, 0.68), (0.42, 0.68), (0.42, 0.05)]
    guard = [(0.24, 0.68), (0.76, 0.68), (0.76, 0.78), (0.24, 0.78)]
    grip = [(0.45, 0.78), (0.55, 0.78), (0.55, 1.0), (0.45, 1.0)]
    return [Polygon(_turned(x, y, h, part, 45), fill=color, stroke=None) for part in (blade, guard, grip)]


def arrow(x: float, y: float, h: float, color: str) -> list[Item]:
    """An arrow flying up and right (ranged)."""
    shaft = [(0.46, 0.22), (0.54, 0.22), (0.54, 1.02), (0.46, 1.02)]
    head = [(0.5, -0.06), (0.7, 0.26), (0.3, 0.26)]
    fletch = [(0.46, 0.8), (0.3, 1.0), (0.3, 1.1), (0.46, 0.92), (0.54, 0.92), (0.7, 1.1), (0.7, 1.0), (0.54, 0.8)]
    return [Polygon(_turned(x, y, h, part, 45), fill=color, stroke=None) for part in (shaft, head, fletch)]


def shield(x: float, y: float, h: float, color: str) -> list[Item]:
    """A shield with a pale band (passive abilities)."""
    outline = [(0.08, 0.0), (0.82, 0.0), (0.82, 0.45), (0.45, 1.0), (0.08, 0.45)]
    band = [(0.38, 0.1), (0.52, 0.1), (0.52, 0.72), (0.45, 0.82), (0.38, 0.72)]
    return [Polygon(_pts(x, y, h, outline), fill=color, stroke=None), Polygon(_pts(x, y, h, band), fill=WHITE, stroke=None)]


ICONS: dict[str, IconSpec] = {
    "pa": IconSpec(1.0, action_point),
    "engage": IconSpec(1.0, engage),
    "pv": IconSpec(1.1, heart, PV_RED),
    "melee": IconSpec(1.0, sword),
    "ranged": IconSpec(1.0, arrow),
    "passive": IconSpec(0.9, shield),
}


SHAPES = ICONS      # the engine's drawn shapes, which a template's `icons:` may name ({shape: pa})


def icon_names() -> list[str]:
    """The registered icon names."""
    return list(ICONS)


def icon_width(name: str, h: float) -> float:
    """Width in mm of an icon drawn h mm high."""
    return _spec(name).ratio * h


def _spec(name: str) -> IconSpec:
    try:
        return ICONS[name]
    except KeyError:
        raise LayoutError(f"unknown icon {name!r} (known: {', '.join(ICONS)})", key="icon") from None


def draw_icon(name: str, x: float, y_bottom: float, h: float, color: str = "#000000") -> Group:
    """The icon as a Group of shapes in page mm: left edge x, bottom edge y_bottom, height h.

    The shapes are then moved up or down so that the icon's lowest ink is exactly at y_bottom
    (a diagonal blade or an arrow's fletching does not hang below the baseline).
    """
    spec = _spec(name)
    items = spec.draw(x, y_bottom, h, spec.color or color)
    dy = round(y_bottom - lowest(items), 4)
    return Group(tuple(_shifted(item, dy) for item in items))


def lowest(items: Iterable[Item]) -> float:
    """The largest y (lowest point on the page) any of these shapes reaches, strokes included."""
    low = -math.inf
    for item in items:
        if isinstance(item, Circle):
            low = max(low, item.cy + item.r + (item.stroke.width / 2 if item.stroke else 0))
        elif isinstance(item, Polyline):
            pad = item.stroke.width / 2 if item.stroke else 0.0
            low = max(low, max(py for _, py in item.points) + pad)
        elif isinstance(item, Group):
            low = max(low, lowest(item.items))
    return low


def _shifted(item: Item, dy: float) -> Item:
    if isinstance(item, Circle):
        return replace(item, cy=round(item.cy + dy, 4))
    if isinstance(item, Polyline):
        return replace(item, points=tuple((px, round(py + dy, 4)) for px, py in item.points))
    return item
