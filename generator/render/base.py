"""The base every backend shares (matplotlib style): walk pages, lay out Text into TextLines, and call a handful of primitives.

A backend subclasses `Backend` and implements the primitives (rect, line, polyline, path, circle,
text_line, image, begin_group, end_group; hatch draws a Hatch's lines as lines in a clipped group
unless the backend draws them its own way). Everything richer (text layout, group nesting,
colour parsing, number formatting) is done once here.
"""

from __future__ import annotations

import io
import itertools
import math
import pickle
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from generator.core import colours
from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.scene.bounds import shape_box
from generator.scene.footer import own_text_lines
from generator.scene.hatch import hatch_group
from generator.scene.model import (
    Circle,
    Gradient,
    Group,
    Hatch,
    Image,
    Item,
    Line,
    Page,
    Path,
    Polyline,
    Rect,
    Text,
    TextLine,
)
from generator.scene.pathgeom import check_path
from generator.scene.text import layout_text


class Backend:
    """Primitives a backend implements; coordinates are mm in the current group's space."""

    def rect(self, item: Rect) -> None:
        raise NotImplementedError

    def line(self, item: Line) -> None:
        raise NotImplementedError

    def polyline(self, item: Polyline) -> None:
        raise NotImplementedError

    def path(self, item: Path) -> None:
        raise NotImplementedError

    def circle(self, item: Circle) -> None:
        raise NotImplementedError

    def text_line(self, item: TextLine) -> None:
        raise NotImplementedError

    def image(self, item: Image) -> None:
        raise NotImplementedError

    def begin_group(self, item: Group) -> None:
        raise NotImplementedError

    def end_group(self, item: Group) -> None:
        raise NotImplementedError

    def hatch(self, item: Hatch) -> None:
        """A hatch's lines, each drawn (scene/hatch.py); a backend may place one set of lines instead."""
        _draw_group(self, hatch_group(item))

    def group_items(self, item: Group) -> Sequence[Item]:
        """The group's items left to walk after begin_group (a backend that drew them already,
        e.g. as one reusable form, returns none)."""
        return item.items


def _draw_text(backend: Backend, item: Text) -> None:
    color = item.color
    if type(color) is Gradient and color.box:      # one gradient across the box, all its lines
        color = placed_gradient(color, (item.x, item.y, item.x + item.w, item.y + item.h))
    try:
        lines = layout_text(item)
    except LayoutError:     # a user's text was laid out when its card was built: this is pnpgen's own
        lines = own_text_lines(item)
    for line in lines:
        backend.text_line(line if color is item.color else replace(line, color=color))


def _draw_line(backend: Backend, item: TextLine) -> None:
    color = item.color
    if type(color) is Gradient and color.box:      # a line set on its own (rich text): across the line
        from generator.scene.bounds import line_box

        item = replace(item, color=placed_gradient(color, line_box(item)))
    backend.text_line(item)


def _draw_path(backend: Backend, item: Path) -> None:
    check_path(item)
    if item.commands and (item.fill is not None or item.stroke is not None):
        backend.path(_placed_fill(item))


def _placed_fill(item: Any) -> Any:
    """The item with a box gradient fill (a template's) placed in its coordinates."""
    fill = item.fill
    if type(fill) is Gradient and fill.box:
        return replace(item, fill=placed_gradient(fill, shape_box(item) or (0.0, 0.0, 0.0, 0.0)))
    return item


def placed_gradient(gradient: Gradient, bounds: tuple[float, float, float, float]) -> Gradient:
    """A box gradient in the coordinates of the box `bounds`: linear across it at its angle, corner
    to corner; radial from its centre to half its longer side."""
    left, top, right, bottom = bounds
    w, h = right - left, bottom - top
    cx, cy = (left + right) / 2, (top + bottom) / 2
    if gradient.kind == "radial":
        return replace(gradient, x1=cx, y1=cy, r=max(w, h, 1e-6) / 2, box=False)
    dx, dy = math.cos(math.radians(gradient.angle)), math.sin(math.radians(gradient.angle))
    if abs(dx) < 1e-12:
        dx = 0.0
    if abs(dy) < 1e-12:
        dy = 0.0
    half = max((abs(w * dx) + abs(h * dy)) / 2, 1e-6)
    return replace(gradient, x1=cx - half * dx, y1=cy - half * dy, x2=cx + half * dx, y2=cy + half * dy, box=False)


def gradient_ramp(stops: Sequence[tuple[float, str]], steps: int = 256) -> list[tuple[int, int, int]]:
    """The gradient's colour at `steps` even places from 0 to 1 (sRGB interpolated between stops, as
    SVG, PDF and the PNG backend do)."""
    return [(r, g, b) for r, g, b in _ramp([(offset, rgb(colour)) for offset, colour in stops], steps)]


def alpha_ramp(offsets: Sequence[float], alphas: Sequence[float], steps: int = 256) -> list[int]:
    """The gradient's opacity 0..255 at `steps` even places from 0 to 1 (stop opacities interpolated
    apart from the colours, as SVG does)."""
    return [value for (value,) in _ramp([(offset, (round(alpha * 255),)) for offset, alpha in
                                         zip(offsets, alphas, strict=True)], steps)]


def _ramp(stops: Sequence[tuple[float, tuple[int, ...]]], steps: int) -> list[tuple[int, ...]]:
    """Values at `steps` even places from 0 to 1, interpolated between (offset, values) stops."""
    points = [(min(max(offset, 0.0), 1.0), values) for offset, values in stops]
    out: list[tuple[int, ...]] = []
    for i in range(steps):
        t = i / (steps - 1)
        if t <= points[0][0]:
            out.append(points[0][1])
            continue
        for (t0, c0), (t1, c1) in itertools.pairwise(points):
            if t <= t1:
                f = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
                out.append(tuple(round(low + (high - low) * f) for low, high in zip(c0, c1, strict=True)))
                break
        else:
            out.append(points[-1][1])
    return out


def _draw_group(backend: Backend, item: Group) -> None:
    backend.begin_group(item)
    walk(backend.group_items(item), backend)
    backend.end_group(item)


_DISPATCH: dict[type, Callable[[Backend, Any], None]] = {
    Rect: lambda b, it: b.rect(_placed_fill(it)),
    Line: lambda b, it: b.line(it),
    Polyline: lambda b, it: b.polyline(_placed_fill(it)),
    Path: _draw_path,
    Circle: lambda b, it: b.circle(_placed_fill(it)),
    TextLine: _draw_line,
    Image: lambda b, it: b.image(it),
    Text: _draw_text,
    Hatch: lambda b, it: b.hatch(it),
    Group: _draw_group,
}


def walk(items: Iterable[Item], backend: Backend) -> None:
    """Draw items in order through the backend's primitives."""
    dispatch = _DISPATCH
    for item in items:
        try:
            draw = dispatch[type(item)]
        except KeyError:
            raise LayoutError(f"cannot draw {type(item).__name__!s} (not a scene primitive)",
                              key="item") from None
        draw(backend, item)



@lru_cache(maxsize=1024)
def rgb(color: str) -> tuple[int, int, int]:
    """'#rrggbb' as an (r, g, b) tuple of 0-255 ints; LayoutError if malformed."""
    try:
        return colours.rgb(color)
    except colours.ColourError as err:
        raise LayoutError(str(err), key="color") from None


@lru_cache(maxsize=1024)
def rgb_float(color: str) -> tuple[float, float, float]:
    """'#rrggbb' as 0-1 floats (PDF)."""
    r, g, b = rgb(color)
    return r / 255.0, g / 255.0, b / 255.0


def num(value: float, places: int = 4) -> str:
    """A short, stable decimal form: rounded, trailing zeros dropped, no '-0' (format_number's text,
    inlined for the common places > 0)."""
    if places <= 0:
        return format_number(value, places)
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def validate_pages(pages: Iterable[Page]) -> list[Page]:
    """A list of pages with positive sizes; LayoutError otherwise."""
    pages = list(pages)
    for page in pages:
        if not (page.width > 0 and page.height > 0):
            raise LayoutError(f"page size must be positive, not {page.width} x {page.height} mm",
                              key=page.label or "page")
    return pages


MOTIF_MIN = 8      # a clipped group of at least this many plain filled circles is a motif (pattern dots)


def is_motif(group: Group) -> bool:
    """A clipped group of MOTIF_MIN or more filled, unstroked circles (after an optional
    background rectangle): a pattern's dots, drawn once and
    reused (a form in PDF, a cached raster in PNG)."""
    items = group.items
    if group.clip is None or len(items) < MOTIF_MIN:
        return False
    start = 1 if isinstance(items[0], Rect) else 0
    return all(type(it) is Circle and it.stroke is None and it.fill is not None for it in items[start:])


class Hashed:
    """A key hashed once: a tuple of scene items hashes every item deeply, and a tuple does not keep its
    hash, so a key used in several dict steps (pages, card faces) is wrapped once."""

    __slots__ = ("hash", "value")

    def __init__(self, value: Any) -> None:
        self.value, self.hash = value, hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Hashed) and self.hash == other.hash and self.value == other.value)


def fingerprint(value: Any) -> bytes:
    """A 20-byte digest (BLAKE2b) of scene items' value: the same for equal items whether or not they
    share objects (pickled without a memo), a picture counted by its digest (sha256 of its bytes), not
    by its bytes. Unlike ==, it tells 1 from 1.0 and 0.0 from -0.0 (equal faces are built alike)."""
    import hashlib

    buffer = io.BytesIO()
    pickler = _Fingerprinter(buffer, protocol=5)
    pickler.fast = True                 # no memo: shared and equal objects pickle alike
    pickler.dump(value)
    return hashlib.blake2b(buffer.getvalue(), digest_size=20).digest()


class _Fingerprinter(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        if type(obj) is Image:
            return _picture, (obj.x, obj.y, obj.w, obj.h, obj.format, obj.digest)
        return NotImplemented


def _picture(*fields: object) -> None:
    """What a picture stands for in a fingerprint (only named by it, never called)."""
    raise RuntimeError("internal: a fingerprint is not unpickled")
