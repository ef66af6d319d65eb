"""A Hatch's lines (scene/model.py), two ways: each line where the hatch shows, for a backend that draws
every line (hatch_group), or one set of lines shared by every hatch of the same pen, step and reach,
and the matrix that places it (hatch_tile, tile_lines: a PDF form, an SVG <use>).

Both draw the same lines where the hatch shows: in the hatch's turned frame (rotate(angle) about
(ax, ay)) they are the horizontal lines y = ay + k * step, those within the hatch's reach of the
rectangle's centre, each running that far from it both ways; the tile's are longer and more, cut by the
same rectangle.
"""

from __future__ import annotations

import math
from functools import lru_cache

from generator.scene.model import Group, Hatch, Line, Matrix, Rect, Stroke, apply, compose, rotate, translate


def _reach(item: Hatch) -> tuple[float, float, float]:
    """(u, v, r): the rectangle's centre in the hatch's turned frame, and how far the lines reach from it:
    the item's reach, or the circle through the rectangle's corners when that is further."""
    u, v = apply(rotate(-item.angle, item.ax, item.ay), item.x + item.w / 2, item.y + item.h / 2)
    return u, v, max(item.reach, math.hypot(item.w, item.h) / 2)


def hatch_clip(item: Hatch) -> Rect:
    """The rectangle the lines are cut at."""
    return Rect(item.x, item.y, item.w, item.h, stroke=None, radius=item.radius)


def hatch_group(item: Hatch) -> Group:
    """The hatch as plain items: its lines (3 decimals in the turned frame) under the turn, in a group
    clipped to the rectangle."""
    u, v, r = _reach(item)
    step, ay = item.step, item.ay
    first, last = math.floor((v - r - ay) / step), math.ceil((v + r - ay) / step)
    left, right = round(u - r, 3), round(u + r, 3)
    lines = tuple(Line(left, round(ay + k * step, 3), right, round(ay + k * step, 3), stroke=item.stroke)
                  for k in range(first, last + 1))
    return Group((Group(lines, transform=rotate(item.angle, item.ax, item.ay)),), clip=hatch_clip(item))


def hatch_tile(item: Hatch) -> tuple[int, Matrix]:
    """(n, matrix): the tile_lines(stroke, step, n) placed by `matrix` covers the rectangle with the
    hatch's lines (its line j is the hatch's line k0 + j, k0 the one nearest the rectangle's centre)."""
    u, v, r = _reach(item)
    k0 = round((v - item.ay) / item.step)
    n = math.ceil(r / item.step) + 1
    return n, compose(rotate(item.angle, item.ax, item.ay), translate(u, item.ay + k0 * item.step))


@lru_cache(maxsize=64)
def tile_lines(stroke: Stroke, step: float, n: int) -> tuple[Line, ...]:
    """The lines y = j * step, j from -n to n, each from x = -n * step to n * step (each its own line, as
    hatch_group draws them: a viewer blends each line's anti-aliased edge as it blends the lines drawn
    one by one, where one path of them all would be covered as one shape)."""
    half = n * step
    return tuple(Line(-half, j * step, half, j * step, stroke=stroke) for j in range(-n, n + 1))
