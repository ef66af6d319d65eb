"""The geometry of a scene Gradient: its parameter t at a point, and the range of t over a box.

t is 0 at the start (a linear gradient's first point, a radial gradient's focal circle) and 1 at
the end (the second point, the outer circle); the stops colour t from 0 to 1, and the gradient's
spread says what lies beyond: pad (the end colours carry on), reflect (the stops back and forth),
repeat (the stops again). A radial gradient is SVG 2's two-circle one: the circle of t has its
centre at f + t (c - f) and its radius fr + t (r - fr); its focal point is moved just inside the
outer circle when the SVG puts it on or beyond it (as SVG 1.1 and librsvg do).

The backends draw reflect and repeat over the part of the gradient a shape covers: `span` gives
it, `cycles` counts the copies of the stops it holds (bounded by MAX_SPREAD_CYCLES).
"""

from __future__ import annotations

import math

from generator.scene.model import Gradient, Matrix, apply

MAX_SPREAD_CYCLES = 1000     # copies of a reflected or repeated gradient's stops across one shape
MAX_GRADIENT_STOPS = 256     # stops of one gradient (SVG art's; a template's have their own limit)
FOCUS_INSIDE = 0.999         # a focal point beyond the outer circle is moved to this fraction of its radius


def focus(gradient: Gradient) -> tuple[float, float, float]:
    """A radial gradient's focal circle (fx, fy, fr), its centre inside the outer circle and its
    radius below the outer one's (so the circles of t nest and t is found for every point)."""
    cx, cy, r = gradient.x1, gradient.y1, max(gradient.r, 1e-9)
    fx = cx if gradient.fx is None else gradient.fx
    fy = cy if gradient.fy is None else gradient.fy
    fr = min(max(gradient.fr, 0.0), r * FOCUS_INSIDE)
    reach = r - fr                                    # the focal circle stays inside the outer one
    distance = math.hypot(fx - cx, fy - cy)
    if distance > reach * FOCUS_INSIDE:
        k = reach * FOCUS_INSIDE / distance
        fx, fy = cx + (fx - cx) * k, cy + (fy - cy) * k
    return fx, fy, fr


def radial_terms(gradient: Gradient) -> tuple[float, float, float, float, float, float]:
    """(fx, fy, fr, dx, dy, dr) of a radial gradient: its focal circle and the step from it to the
    outer circle. t at a point p (q = p - f, d = (dx, dy)) solves |q - t d| = fr + t dr:
    a t^2 - 2 b t + c = 0 with a = d.d - dr^2 (< 0: the circles nest), b = q.d + fr dr and
    c = q.q - fr^2; the larger root, t = (b - sqrt(b^2 - a c)) / a."""
    fx, fy, fr = focus(gradient)
    return fx, fy, fr, gradient.x1 - fx, gradient.y1 - fy, max(gradient.r, 1e-9) - fr


def parameter(gradient: Gradient, u: float, v: float) -> float:
    """t at the point (u, v) of the gradient's own space (before its transform), spread not applied."""
    if gradient.kind == "radial":
        fx, fy, fr, dx, dy, dr = radial_terms(gradient)
        qx, qy = u - fx, v - fy
        a = dx * dx + dy * dy - dr * dr
        b = qx * dx + qy * dy + fr * dr
        c = qx * qx + qy * qy - fr * fr
        return (b - math.sqrt(max(b * b - a * c, 0.0))) / a
    dx, dy = gradient.x2 - gradient.x1, gradient.y2 - gradient.y1
    length2 = dx * dx + dy * dy
    if length2 <= 1e-18:
        return 1.0
    return ((u - gradient.x1) * dx + (v - gradient.y1) * dy) / length2


def span(gradient: Gradient, box: tuple[float, float, float, float]) -> tuple[float, float]:
    """The range of t over a box of the painted item's coordinates (left, top, right, bottom). A
    linear t is extreme at a corner; a radial t is largest at a corner (the circles of t nest, so
    the points below a t form a convex disc) and smallest where the circles start (0, or below 0
    down to a circle of no radius when the focal circle has one)."""
    inverse = invert(gradient.transform)
    left, top, right, bottom = box
    corners = [apply(inverse, x, y) for x in (left, right) for y in (top, bottom)]
    values = [parameter(gradient, u, v) for u, v in corners]
    if gradient.kind == "radial":
        _, _, fr, _, _, dr = radial_terms(gradient)
        return (-fr / dr if fr > 0 else 0.0), max(max(values), 1.0)
    return min(values), max(values)


def cycles(gradient: Gradient, box: tuple[float, float, float, float]) -> int:
    """How many copies of the stops a reflected or repeated gradient shows over the box (1 for pad)."""
    if gradient.spread == "pad":
        return 1
    low, high = span(gradient, box)
    if not (math.isfinite(low) and math.isfinite(high)):
        return MAX_SPREAD_CYCLES + 1
    return max(1, math.ceil(high) - math.floor(low))


def invert(m: Matrix) -> Matrix:
    """The inverse of an affine matrix (a flat one is treated as a tiny scale, never divided by zero)."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-18:
        det = 1e-18
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)

