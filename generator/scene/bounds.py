"""Where things land on a page: the box of drawn items, with their transforms applied (mm).

The card engine's preview boxes and preflight checks, and the PDF/X backend's flattening of
transparency, measure drawings through these functions; nothing here draws or changes a drawing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from generator.core.units import MM_PER_PT
from generator.scene.fonts import font_metrics
from generator.scene.model import (
    IDENTITY,
    Circle,
    Group,
    Hatch,
    Image,
    Item,
    Line,
    Matrix,
    Path,
    Polyline,
    Rect,
    Text,
    TextLine,
    apply,
    compose,
)
from generator.scene.text import layout_text, text_width

Box = tuple[float, float, float, float]          # x0, y0, x1, y1 in card mm


def flatten(items: Sequence[Item], matrix: Matrix = IDENTITY) -> Iterator[tuple[Item, Matrix]]:
    """Every leaf item with the transform that places it on the card (Text boxes stay whole)."""
    for item in items:
        if isinstance(item, Group):
            yield from flatten(item.items, compose(matrix, item.transform))
        else:
            yield item, matrix


def text_lines(box: Text) -> list[TextLine]:
    """The laid-out lines of a text box ([] when it cannot be laid out: the engine reports that)."""
    from generator.core.errors import LayoutError

    try:
        return layout_text(box)
    except LayoutError:
        return []


def line_box(line: TextLine) -> Box:
    """The extent of one laid-out line: its advance width, the font's ascent and descent."""
    fm = font_metrics(line.font)
    unit = line.size / 1000.0 * MM_PER_PT
    width = text_width(line.text, line.font, line.size, line.features, line.lang)
    return (line.x, line.y - fm.ascent * unit, line.x + width, line.y + fm.descent * unit)


def item_box(item: Item) -> Box | None:
    """The untransformed box of a leaf item (a Text box: the box it is given)."""
    if isinstance(item, (Rect, Text, Image, Hatch)):       # a hatch: its rectangle (the lines are cut at it)
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    if isinstance(item, Line):
        return (min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2))
    if isinstance(item, Circle):
        return (item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r)
    if isinstance(item, Polyline) and item.points:
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(item, TextLine):
        return line_box(item)
    return None


def shape_box(item: Item) -> Box | None:
    """item_box, paths included (around their points and control points)."""
    if isinstance(item, Path):
        from generator.scene.pathgeom import bounds

        return bounds(item) if item.commands else None
    return item_box(item)


def transform_box(box: Box, matrix: Matrix) -> Box:
    """The axis-aligned box around a transformed box."""
    if matrix == IDENTITY:
        return box
    corners = [apply(matrix, x, y) for x in (box[0], box[2]) for y in (box[1], box[3])]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return (min(xs), min(ys), max(xs), max(ys))


def union(boxes: Sequence[Box]) -> Box | None:
    """The box around boxes (None for none)."""
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def items_box(items: Sequence[Item], paths: bool = False) -> Box | None:
    """The box around everything in items, transforms applied; a clipped group counts as its clip;
    paths only with `paths` (the preview's element boxes leave them out)."""
    boxes: list[Box] = []
    for item in items:
        if isinstance(item, Group) and item.clip is not None:
            boxes.append(transform_box(item_box(item.clip) or (0, 0, 0, 0), item.transform))
        elif isinstance(item, Group):
            inner = items_box(item.items, paths)
            if inner is not None:
                boxes.append(transform_box(inner, item.transform))
        else:
            box = shape_box(item) if paths else item_box(item)
            if box is not None:
                boxes.append(box)
    return union(boxes)
