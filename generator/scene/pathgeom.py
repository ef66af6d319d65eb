"""Geometry of scene Paths: checking commands, quadratic to cubic, flattening curves to polygons, bounds.

Backends that draw curves natively (PDF, SVG) only need `cubic_commands`; raster backends flatten
a path, after mapping its control points to pixels (an affine map keeps Bezier curves Bezier), to
within a tolerance in pixels.
"""

from __future__ import annotations

import math
from operator import eq, itemgetter

from generator.core.errors import LayoutError
from generator.scene.model import IDENTITY, PATH_ARITY, Matrix, Path, PathCommand, Point, apply

Subpath = tuple[list[Point], bool]   # points, closed


_LENGTHS = {op: arity + 1 for op, arity in PATH_ARITY.items()}     # a command's length with its operator
_OP = itemgetter(0)


def check_path(path: Path) -> None:
    """LayoutError unless every command is known, has its numbers, and the path starts with M."""
    if path.fill_rule not in ("nonzero", "evenodd"):
        raise LayoutError(f"fill rule must be nonzero or evenodd, not {path.fill_rule!r}", key="fill_rule")
    commands = path.commands
    try:         # the common case, checked at C speed: each command's length is its operator's
        if (not commands or commands[0][0] == "M") and all(map(eq, map(_LENGTHS.__getitem__, map(_OP, commands)),
                                                                    map(len, commands))):
            return
    except (KeyError, IndexError, TypeError):
        pass
    for index, command in enumerate(commands):
        op = command[0] if command else None
        arity = PATH_ARITY.get(op) if isinstance(op, str) else None
        if arity is None or len(command) != arity + 1:
            raise LayoutError(f"path command {index + 1} {command!r} is not M x y, L x y, Q x1 y1 x y, "
                              "C x1 y1 x2 y2 x y or Z", key="path")
        if index == 0 and op != "M":
            raise LayoutError("a path starts with M (move to a point)", key="path")


def cubic_commands(commands: tuple[PathCommand, ...]) -> list[PathCommand]:
    """The same path with every quadratic curve raised to the equal cubic (M, L, C, Z only)."""
    out: list[PathCommand] = []
    x, y = 0.0, 0.0
    start = (0.0, 0.0)
    for command in commands:
        op = command[0]
        if op == "Q":
            qx, qy, ex, ey = map(float, command[1:])
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            x, y = ex, ey
            continue
        out.append(command)
        if op == "Z":
            x, y = start
        else:
            x, y = float(command[-2]), float(command[-1])
            if op == "M":
                start = (x, y)
    return out


def _steps(control: list[Point], tolerance: float) -> int:
    """Segments for a curve: enough that the polygon stays within tolerance of the curve."""
    dd = 0.0
    for (ax, ay), (bx, by), (cx, cy) in zip(control, control[1:], control[2:], strict=False):
        dd = max(dd, math.hypot(ax - 2 * bx + cx, ay - 2 * by + cy))
    return max(1, min(200, math.ceil(math.sqrt(0.75 * dd / tolerance)))) if dd > 0 else 1


def _bezier(control: list[Point], t: float) -> Point:
    if len(control) == 3:
        (ax, ay), (bx, by), (cx, cy) = control
        u = 1 - t
        return (u * u * ax + 2 * u * t * bx + t * t * cx, u * u * ay + 2 * u * t * by + t * t * cy)
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = control
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * ax + b * bx + c * cx + d * dx, a * ay + b * by + c * cy + d * dy)


def flatten(path: Path, matrix: Matrix = IDENTITY, tolerance: float = 0.25) -> list[Subpath]:
    """The path as polygons (one per subpath) in the space of `matrix`, curves within `tolerance`."""
    subpaths: list[Subpath] = []
    points: list[Point] = []
    closed = False
    for command in path.commands:
        op = command[0]
        if op == "M":
            if len(points) > 1:
                subpaths.append((points, closed))
            points, closed = [apply(matrix, float(command[1]), float(command[2]))], False
        elif op == "Z":
            closed = True
            if len(points) > 1:
                subpaths.append((points, True))
            points = points[:1]
            closed = False
        elif op == "L":
            points.append(apply(matrix, float(command[1]), float(command[2])))
        else:
            nums = [float(v) for v in command[1:]]
            control = [points[-1]] + [apply(matrix, nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
            n = _steps(control, tolerance)
            points.extend(_bezier(control, i / n) for i in range(1, n + 1))
    if len(points) > 1:
        subpaths.append((points, closed))
    return subpaths


def bounds(path: Path) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) around every point and control point of the path (a box that holds it)."""
    xs = [float(c[i]) for c in path.commands for i in range(1, len(c), 2)]
    ys = [float(c[i]) for c in path.commands for i in range(2, len(c), 2)]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return (min(xs), min(ys), max(xs), max(ys))
