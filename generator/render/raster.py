"""Pixel geometry for the raster backends: outlines of rounded rects, dash runs, and pasting a layer through an affine map."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from generator.scene.model import Matrix, Point, apply

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage

_TOL = 1e-9


def matrix_scale(m: Matrix) -> float:
    """Length scale of a matrix (square root of |det|): pixels per mm for strokes and text."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def is_upright(m: Matrix) -> bool:
    """True for translate + uniform positive scale (text can be drawn directly)."""
    a, b, c, d = m[:4]
    return abs(b) < _TOL and abs(c) < _TOL and a > 0 and abs(a - d) <= _TOL * a


def rect_outline(x: float, y: float, w: float, h: float, radius: float, px_scale: float) -> list[Point]:
    """Corners of a rectangle (clockwise from top-left), with arcs for rounded corners."""
    if radius <= 0:
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    r = min(radius, w / 2, h / 2)
    steps = max(3, min(90, int(r * px_scale * math.pi / 2 / 2)))
    corners = [(x + w - r, y + r, -90.0), (x + w - r, y + h - r, 0.0), (x + r, y + h - r, 90.0),
               (x + r, y + r, 180.0)]
    points: list[Point] = []
    for cx, cy, start in corners:
        for i in range(steps + 1):
            angle = math.radians(start + 90.0 * i / steps)
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def dash_runs(points: list[Point], pattern: list[float]) -> list[list[Point]]:
    """The 'on' stretches of a dashed path (pattern: on, off, on, off... lengths)."""
    if not pattern or sum(pattern) <= 0 or any(p < 0 for p in pattern):
        return [points]
    if len(pattern) % 2:
        pattern = pattern * 2
    runs: list[list[Point]] = []
    index, left, on = 0, pattern[0], True
    current: list[Point] = [points[0]]
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        seg = math.hypot(x2 - x1, y2 - y1)
        pos = 0.0
        while seg - pos > left:
            pos += left
            t = pos / seg
            point = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            if on:
                current.append(point)
                runs.append(current)
            current = [point]
            index = (index + 1) % len(pattern)
            left, on = pattern[index], not on
        left -= seg - pos
        if on:
            current.append((x2, y2))
        else:
            current = [(x2, y2)]
    if on and len(current) > 1:
        runs.append(current)
    return [run for run in runs if len(run) > 1]


def _invert(m: Matrix) -> Matrix:
    """The inverse of an affine matrix; all zeros for a flat one (nothing maps back)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-18:
        return (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    ia, ib, ic, id_ = d / det, -b / det, -c / det, a / det
    return (ia, ib, ic, id_, -(ia * e + ic * f), -(ib * e + id_ * f))


def _is_quarter_turn(m: Matrix) -> bool:
    a, b, c, d = m[:4]
    return all(abs(abs(v) - round(abs(v))) < 1e-6 and round(abs(v)) in (0, 1) for v in (a, b, c, d))


def _corners(m: Matrix, width: int, height: int) -> list[Point]:
    return [apply(m, u, v) for u, v in ((0, 0), (width, 0), (0, height), (width, height))]


def _target_box(corners: list[Point], size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """Whole-pixel box covering the corners, cut to the target; None when nothing is visible."""
    left = max(0, math.floor(min(p[0] for p in corners) + 1e-6))
    top = max(0, math.floor(min(p[1] for p in corners) + 1e-6))
    right = min(size[0], math.ceil(max(p[0] for p in corners) - 1e-6))
    bottom = min(size[1], math.ceil(max(p[1] for p in corners) - 1e-6))
    return (left, top, right, bottom) if right > left and bottom > top else None


def affine_paste(target: PILImage.Image, source: PILImage.Image, m: Matrix,
                 color: tuple[int, int, int] | None) -> None:
    """Paste source (an 'L' mask painted with color, or an RGBA image when color is None) mapped by m.

    m maps source pixel coordinates to target pixel coordinates. Quarter turns at whole pixels
    are exact (nearest neighbour); anything else is resampled bicubically, images shrunk first.
    """
    from PIL import Image as PILImage

    if source.mode == "RGBA" and is_axis_scale(m):
        return _resize_paste(target, source, m)
    quarter = _is_quarter_turn(m)
    if quarter:
        m = (*m[:4], round(m[4]), round(m[5]))
    elif source.mode == "RGBA":
        source, m = _shrink_first(source, m)
    box = _target_box(_corners(m, source.width, source.height), target.size)
    if box is None:
        return
    left, top, right, bottom = box
    inv = _invert((*m[:4], m[4] - left, m[5] - top))
    data = (inv[0], inv[2], inv[4], inv[1], inv[3], inv[5])
    resample = PILImage.Resampling.NEAREST if quarter else PILImage.Resampling.BICUBIC
    out = source.transform((right - left, bottom - top), PILImage.Transform.AFFINE, data,
                           resample=resample)
    if color is not None:
        target.paste(color, (left, top), out)
    else:
        target.paste(out.convert("RGB"), (left, top), out.getchannel("A"))


def is_axis_scale(m: Matrix) -> bool:
    """A positive scale along the axes plus a translation (no turn, no flip)."""
    return abs(m[1]) < _TOL and abs(m[2]) < _TOL and m[0] > 0 and m[3] > 0


def _resize_paste(target: PILImage.Image, image: PILImage.Image, m: Matrix) -> None:
    """An upright image: resized once (separable filter, much faster than an affine map) and pasted."""
    from PIL import Image as PILImage

    left, top = round(m[4]), round(m[5])
    right, bottom = round(m[4] + image.width * m[0]), round(m[5] + image.height * m[3])
    if right <= left or bottom <= top:
        return
    if (right - left, bottom - top) != image.size:
        image = image.resize((right - left, bottom - top), PILImage.Resampling.LANCZOS)
    target.paste(image.convert("RGB"), (left, top), image.getchannel("A"))


def _shrink_first(source: PILImage.Image, m: Matrix) -> tuple[PILImage.Image, Matrix]:
    """Downscale a large image with a good filter before the affine map (which only interpolates)."""
    from PIL import Image as PILImage

    sx = math.hypot(m[0], m[1])
    sy = math.hypot(m[2], m[3])
    if sx >= 1 and sy >= 1:
        return source, m
    width = max(1, round(source.width * min(sx, 1)))
    height = max(1, round(source.height * min(sy, 1)))
    fx, fy = source.width / width, source.height / height
    smaller = source.resize((width, height), PILImage.Resampling.LANCZOS)
    return smaller, (m[0] * fx, m[1] * fx, m[2] * fy, m[3] * fy, m[4], m[5])


def _dedupe(points: list[Point], closed: bool) -> list[Point]:
    out: list[Point] = []
    for p in points:
        if not out or abs(p[0] - out[-1][0]) + abs(p[1] - out[-1][1]) > 1e-9:
            out.append(p)
    if closed and len(out) > 1 and abs(out[0][0] - out[-1][0]) + abs(out[0][1] - out[-1][1]) <= 1e-9:
        out.pop()
    return out


def _normal(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    return (-dy / length, dx / length)


def offset_path(points: list[Point], d: float, closed: bool) -> list[Point]:
    """Each vertex moved d along its (mitred) normal; mitres limited to 4 d, like a stroker's miter limit."""
    n = len(points)
    normals = [_normal(points[i], points[(i + 1) % n]) for i in range(n if closed else n - 1)]
    out: list[Point] = []
    for i, (x, y) in enumerate(points):
        if closed:
            n1, n2 = normals[i - 1], normals[i]
        else:
            n1 = normals[max(i - 1, 0)]
            n2 = normals[min(i, len(normals) - 1)]
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        norm = math.hypot(mx, my)
        if norm < 1e-9:
            mx, my, scale = n1[0], n1[1], d
        else:
            mx, my = mx / norm, my / norm
            scale = d / max(mx * n1[0] + my * n1[1], 0.25)
        out.append((x + mx * scale, y + my * scale))
    return out


def stroke_outline(points: list[Point], width: float, closed: bool) -> list[Point]:
    """A polygon covering the stroke of a path (width centred on it); rings use a keyhole (even-odd)."""
    points = _dedupe(points, closed)
    if len(points) < 2:
        return []
    half = width / 2
    if not closed or len(points) < 3:
        left = offset_path(points, half, False)
        right = offset_path(points, -half, False)
        return left + right[::-1]
    outer = offset_path(points, half, True)
    inner = offset_path(points, -half, True)
    return [*outer, outer[0], inner[0], *inner[1:][::-1], inner[0]]
