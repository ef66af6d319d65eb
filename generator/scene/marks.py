"""Crop marks at every cut line (in the margin, never over a card), optional cut lines, fold line."""

from __future__ import annotations

from generator.scene.grid import Axis, mark_span
from generator.scene.model import Item, Line, Stroke

MARK_STROKE = Stroke("#000000", 0.15)
HALO_STROKE = Stroke("#ffffff", 0.6)
CUT_STROKE = Stroke("#9a9a9a", 0.1)
FOLD_STROKE = Stroke("#555555", 0.2, dash=(2.0, 1.5))
MARK_LENGTH = 4.0


def crop_marks(xs: Axis, ys: Axis, bleed: float) -> list[Item]:
    """Marks on both ends of every vertical and horizontal cut line of the block."""
    items: list[Item] = []
    for x in xs.cuts():
        for trim, limit, way in ((ys.start, ys.lo, -1), (ys.end, ys.hi, +1)):
            span = mark_span(trim, bleed, limit, way, MARK_LENGTH)
            if span:
                items += _mark(x, span[0], x, span[1], over_bleed=abs(span[0] - trim) < bleed)
    for y in ys.cuts():
        for trim, limit, way in ((xs.start, xs.lo, -1), (xs.end, xs.hi, +1)):
            span = mark_span(trim, bleed, limit, way, MARK_LENGTH)
            if span:
                items += _mark(span[0], y, span[1], y, over_bleed=abs(span[0] - trim) < bleed)
    return items


def _mark(x1: float, y1: float, x2: float, y2: float, over_bleed: bool) -> list[Item]:
    """A hairline mark; over the bleed it gets a white halo so it shows on dark art."""
    mark = Line(x1, y1, x2, y2, stroke=MARK_STROKE)
    return [Line(x1, y1, x2, y2, stroke=HALO_STROKE), mark] if over_bleed else [mark]


def cut_lines(xs: Axis, ys: Axis, bleed: float) -> list[Item]:
    """Thin grey lines along every cut, across the block and its outer bleed (kept printable)."""
    top, bottom = max(ys.start - bleed, ys.lo), min(ys.end + bleed, ys.hi)
    left, right = max(xs.start - bleed, xs.lo), min(xs.end + bleed, xs.hi)
    items: list[Item] = [Line(x, top, x, bottom, stroke=CUT_STROKE) for x in xs.cuts()]
    items += [Line(left, y, right, y, stroke=CUT_STROKE) for y in ys.cuts()]
    return items


def fold_line(x: float, top: float, bottom: float) -> list[Item]:
    """The dashed vertical fold line of a gutter-fold sheet."""
    return [Line(x, top, x, bottom, stroke=FOLD_STROKE)]
