"""The box a deck goes in: a one-piece tuck box, or a two-piece tray and lid, as flat dies in mm.

Pure geometry (no drawing): a `Die` is its panels (polygons, each hinged to a parent along a fold),
one closed cut outline, the fold segments and the glue areas, origin at the die's top-left, y down.
The inside of a box is the deck plus a clearance in each of its three dimensions; the printed face
of a die is the outside of the box. `fold()` folds a die in 3D (every fold 90 degrees, printed
face out), so tests and the docs' picture can check that its edges meet.

Tuck box, left to right: back, side, front, side, glue flap (glued inside the back). Above the back
the lid and its tuck flap (the tongue that goes into the front, longer than the box is deep); above
the sides the dust flaps (each shorter than half the width, so the two never meet); the front's top
edge has the thumb notch; below the front the bottom panel and its glue tab (glued inside the back),
below the sides the bottom dust flaps.

Tray and lid (two pieces, for decks too thick for a tuck box): a floor with four walls; the left and
right walls carry corner tabs glued inside the top and bottom walls. The lid is the tray a little
larger (LID_ALLOWANCE) so it slides over it. When the deck lying flat needs walls too tall for the
paper, the cards stand on their long edge in a long tray (floor: width x depth, walls: card height).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.errors import LayoutError
from generator.core.numbers import format_number

Point = tuple[float, float]
Vec3 = tuple[float, float, float]

THICKNESS = 0.30          # mm a card, by default (a 310-350 gsm card with its print)
CLEARANCE = 1.0           # mm added to the deck's width, height and depth, by default
MAX_BOX_CARDS = 10_000    # the most cards a box is drawn for
MIN_TONGUE = 15.0         # mm: the shortest tuck flap (it goes into the front)
TONGUE_EXTRA = 3.0        # mm the tuck flap runs past the box's depth
MIN_DUST = 10.0           # mm: the shortest dust flap
GLUE_FLAP = 10.0          # mm: the side seam's glue flap, and the bottom's glue tab
TAPER = 2.5               # mm a glue flap's ends are cut back
NOTCH_RADIUS = 10.0       # mm: the thumb notch, at most (a sixth of the width on small boxes)
NOTCH_STEPS = 16          # straight pieces of the notch's half circle
RELIEF = 0.5              # mm between a tray's corner tab and the wall beside it (one cut frees both)
LID_ALLOWANCE = 1.0       # mm the lid's inside is larger than the tray's, each way (two paper thicknesses)
STYLES = ("tuck", "tray")


@dataclass(frozen=True)
class BoxSpec:
    """A box for `count` cards of `card` (w, h) mm, `thickness` mm each, with `clearance` mm more in
    each dimension inside; style "tuck" (one piece) or "tray" (tray and lid)."""

    card: tuple[float, float]
    count: int
    thickness: float = THICKNESS
    clearance: float = CLEARANCE
    style: str = "tuck"

    def __post_init__(self) -> None:
        if not 1 <= self.count <= MAX_BOX_CARDS:
            raise LayoutError(f"a box holds 1 to {MAX_BOX_CARDS} cards, not {self.count}", key="--count")
        if not 0.05 <= self.thickness <= 2.0:
            raise LayoutError(f"card thickness {format_number(self.thickness)} mm must be from 0.05 to 2 mm",
                              key="--thickness")
        if not 0.0 <= self.clearance <= 10.0:
            raise LayoutError(f"clearance {format_number(self.clearance)} mm must be from 0 to 10 mm",
                              key="--clearance")
        if self.style not in STYLES:
            raise LayoutError(f"unknown box style {self.style!r} (known: {', '.join(STYLES)})", key="style")

    @property
    def inside(self) -> tuple[float, float, float]:
        """(width, height, depth) inside the box: the deck plus the clearance each way."""
        w, h = self.card
        c = self.clearance
        return (w + c, h + c, self.count * self.thickness + c)


@dataclass(frozen=True)
class Panel:
    """One face of a die: its polygon, its role ("panel", "flap", "glue") and the fold joining it to its
    parent (None for the root): (parent name, fold start, fold end)."""

    name: str
    points: tuple[Point, ...]
    role: str = "panel"
    hinge: tuple[str, Point, Point] | None = None

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of the polygon."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class Die:
    """A flat die: its panels, the closed cut outline, the folds, its size (the outline's bounds) and
    which piece it is ("tuck", "tray" or "lid"), with the inside it makes (w, h, d)."""

    piece: str
    panels: tuple[Panel, ...]
    cut: tuple[Point, ...]
    width: float
    height: float
    inside: tuple[float, float, float]

    @property
    def folds(self) -> list[tuple[Point, Point]]:
        """Every fold line (one per hinged panel)."""
        return [(p.hinge[1], p.hinge[2]) for p in self.panels if p.hinge is not None]

    def panel(self, name: str) -> Panel:
        """The panel called `name` (KeyError if there is none)."""
        for p in self.panels:
            if p.name == name:
                return p
        raise KeyError(name)


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def tongue_length(depth: float, height: float) -> float:
    """The tuck flap: TONGUE_EXTRA longer than the depth, at least MIN_TONGUE, at most half the height."""
    return min(max(MIN_TONGUE, depth + TONGUE_EXTRA), height / 2.0)


def dust_length(width: float, depth: float) -> float:
    """A dust flap: as long as the box is deep (at least MIN_DUST), shorter than half the width."""
    return min(max(MIN_DUST, depth), width / 2.0 - 1.5)


def notch_radius(width: float) -> float:
    """The thumb notch's radius: NOTCH_RADIUS, or a sixth of the width on narrow boxes."""
    return min(NOTCH_RADIUS, width / 6.0)


def tuck_die(spec: BoxSpec) -> Die:
    """The one-piece tuck box of `spec` (LayoutError when the deck is too thick for its tuck flap)."""
    w, h, d = spec.inside
    t, dust, g = tongue_length(d, h), dust_length(w, d), GLUE_FLAP
    if t <= d:
        raise LayoutError(f"{spec.count} cards are too thick for a tuck box of {format_number(w)}x{format_number(h)} mm "
                          f"(depth {format_number(d)} mm; its tuck flap cannot be longer than half its height): "
                          "use a two-piece box", key="--count")
    a = min(d / 4.0, dust * 0.3)               # the dust flaps' slant, clear of the lid and bottom
    bd = min(dust, d + g)                      # bottom dust flaps: no longer than the bottom and its tab
    yt, yb = t + d, t + d + h                  # the body's top and bottom
    xs1, xf0, xf1, xs2, xg = w, w + d, 2 * w + d, 2 * w + 2 * d, 2 * w + 2 * d + g
    xc, r = (xf0 + xf1) / 2.0, notch_radius(w)
    rt = min(t / 2.0, w / 4.0, 8.0)            # the tuck flap's rounded corners
    gt = min(TAPER, h / 4.0)
    panels = (
        Panel("back", _rect(0, yt, xs1, yb)),
        Panel("side-left", _rect(xs1, yt, xf0, yb), hinge=("back", (xs1, yt), (xs1, yb))),
        Panel("front", _rect(xf0, yt, xf1, yb), hinge=("side-left", (xf0, yt), (xf0, yb))),
        Panel("side-right", _rect(xf1, yt, xs2, yb), hinge=("front", (xf1, yt), (xf1, yb))),
        Panel("glue", ((xs2, yt), (xg, yt + gt), (xg, yb - gt), (xs2, yb)), "glue", ("side-right", (xs2, yt), (xs2, yb))),
        Panel("lid", _rect(0, t, w, yt), hinge=("back", (0, yt), (w, yt))),
        Panel("tuck", ((0, t), *_arc_corner((0, 0), rt, "tl"), *_arc_corner((w, 0), rt, "tr"), (w, t)), "flap",
              ("lid", (0, t), (w, t))),
        Panel("dust-left", ((xs1, yt), (xs1 + a, yt - dust), (xf0 - a, yt - dust), (xf0, yt)), "flap",
              ("side-left", (xs1, yt), (xf0, yt))),
        Panel("dust-right", ((xf1, yt), (xf1 + a, yt - dust), (xs2 - a, yt - dust), (xs2, yt)), "flap",
              ("side-right", (xf1, yt), (xs2, yt))),
        Panel("bottom", _rect(xf0, yb, xf1, yb + d), hinge=("front", (xf0, yb), (xf1, yb))),
        Panel("bottom-glue", ((xf0, yb + d), (xf1, yb + d), (xf1 - gt, yb + d + g), (xf0 + gt, yb + d + g)), "glue",
              ("bottom", (xf0, yb + d), (xf1, yb + d))),
        Panel("bottom-dust-left", ((xs1, yb), (xf0, yb), (xf0 - a, yb + bd), (xs1 + a, yb + bd)), "flap",
              ("side-left", (xs1, yb), (xf0, yb))),
        Panel("bottom-dust-right", ((xf1, yb), (xs2, yb), (xs2 - a, yb + bd), (xf1 + a, yb + bd)), "flap",
              ("side-right", (xf1, yb), (xs2, yb))),
    )
    notch = [(xc - r * math.cos(math.pi * k / NOTCH_STEPS), yt + r * math.sin(math.pi * k / NOTCH_STEPS))
             for k in range(NOTCH_STEPS + 1)]
    cut: list[Point] = [(0, yt), (0, t), *_arc_corner((0, 0), rt, "tl"), *_arc_corner((w, 0), rt, "tr"), (w, t),
                        (xs1, yt), (xs1 + a, yt - dust), (xf0 - a, yt - dust), (xf0, yt), *notch, (xf1, yt),
                        (xf1 + a, yt - dust), (xs2 - a, yt - dust), (xs2, yt), (xg, yt + gt), (xg, yb - gt), (xs2, yb),
                        (xs2 - a, yb + bd), (xf1 + a, yb + bd), (xf1, yb), (xf1, yb + d), (xf1 - gt, yb + d + g),
                        (xf0 + gt, yb + d + g), (xf0, yb + d), (xf0, yb), (xf0 - a, yb + bd), (xs1 + a, yb + bd),
                        (xs1, yb), (0, yb)]
    height = yb + max(d + g, bd)
    return Die("tuck", panels, _dedup(cut), xg, height, (w, h, d))


def _arc_corner(corner: Point, r: float, which: str, steps: int = 6) -> list[Point]:
    """A rounded corner of radius r at `corner` ("tl" or "tr" of a shape below it), as points in the
    clockwise order of the outline (tl: from the left side up to the top; tr: from the top down)."""
    x, y = corner
    if r <= 0:
        return [corner]
    if which == "tl":
        cx, cy = x + r, y + r
        return [(cx - r * math.cos(math.pi / 2 * k / steps), cy - r * math.sin(math.pi / 2 * k / steps))
                for k in range(steps + 1)]
    cx, cy = x - r, y + r
    return [(cx + r * math.sin(math.pi / 2 * k / steps), cy - r * math.cos(math.pi / 2 * k / steps))
            for k in range(steps + 1)]


def _dedup(points: Sequence[Point]) -> tuple[Point, ...]:
    """The outline without repeated neighbours (corners shared by two pieces' lists)."""
    out: list[Point] = []
    for p in points:
        q = (round(float(p[0]), 6) + 0.0, round(float(p[1]), 6) + 0.0)
        if not out or out[-1] != q:
            out.append(q)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return tuple(out)


def tray_die(inside: tuple[float, float, float], piece: str = "tray") -> Die:
    """A tray (or lid) of inside (w, h, d): the floor w x h, walls d high, corner tabs on the left and
    right walls glued inside the top and bottom walls (RELIEF mm narrower, so one cut frees them)."""
    w, h, d = inside
    tab = d * 0.9                                    # a corner tab's reach along the wall it is glued to
    ta, g = min(TAPER, d / 4.0), RELIEF
    x0, y0 = d, d                                    # the floor's top-left
    x1, y1 = d + w, d + h
    panels = (
        Panel("floor", _rect(x0, y0, x1, y1)),
        Panel("wall-top", _rect(x0, 0, x1, y0), hinge=("floor", (x0, y0), (x1, y0))),
        Panel("wall-bottom", _rect(x0, y1, x1, y1 + d), hinge=("floor", (x0, y1), (x1, y1))),
        Panel("wall-left", _rect(0, y0, x0, y1), hinge=("floor", (x0, y0), (x0, y1))),
        Panel("wall-right", _rect(x1, y0, x1 + d, y1), hinge=("floor", (x1, y0), (x1, y1))),
        Panel("tab-left-top", ((0, y0), (ta, y0 - tab), (x0 - g, y0 - tab), (x0 - g, y0)), "glue",
              ("wall-left", (0, y0), (x0 - g, y0))),
        Panel("tab-left-bottom", ((0, y1), (x0 - g, y1), (x0 - g, y1 + tab), (ta, y1 + tab)), "glue",
              ("wall-left", (0, y1), (x0 - g, y1))),
        Panel("tab-right-top", ((x1 + g, y0), (x1 + g, y0 - tab), (x1 + d - ta, y0 - tab), (x1 + d, y0)), "glue",
              ("wall-right", (x1 + g, y0), (x1 + d, y0))),
        Panel("tab-right-bottom", ((x1 + g, y1), (x1 + d, y1), (x1 + d - ta, y1 + tab), (x1 + g, y1 + tab)), "glue",
              ("wall-right", (x1 + g, y1), (x1 + d, y1))),
    )
    cut = [(x0, 0), (x1, 0), (x1, y0), (x1 + g, y0), (x1 + g, y0 - tab), (x1 + d - ta, y0 - tab), (x1 + d, y0),
           (x1 + d, y1), (x1 + d - ta, y1 + tab), (x1 + g, y1 + tab), (x1 + g, y1), (x1, y1), (x1, y1 + d),
           (x0, y1 + d), (x0, y1), (x0 - g, y1), (x0 - g, y1 + tab), (ta, y1 + tab), (0, y1), (0, y0),
           (ta, y0 - tab), (x0 - g, y0 - tab), (x0 - g, y0), (x0, y0)]
    return Die(piece, panels, _dedup(cut), w + 2 * d, h + 2 * d, (w, h, d))


def tray_pieces(spec: BoxSpec, standing: bool = False) -> tuple[Die, Die]:
    """The tray and its lid. Lying: the floor is the card, the walls the deck's depth; standing (a long
    tray): the cards on their long edge, the floor their width by the deck's depth, the walls their height."""
    w, h, d = spec.inside
    inside = (w, d, h) if standing else (w, h, d)
    a = LID_ALLOWANCE
    return tray_die(inside, "tray"), tray_die((inside[0] + a, inside[1] + a, inside[2]), "lid")


# --- folding in 3D ---------------------------------------------------------------------------

Affine = tuple[tuple[Vec3, Vec3, Vec3], Vec3]      # rows of a 3x3 rotation, and a translation
_IDENTITY: Affine = (((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)), (0.0, 0.0, 0.0))


def _mul(m: tuple[Vec3, Vec3, Vec3], v: Vec3) -> Vec3:
    return (m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2])


def _apply(t: Affine, v: Vec3) -> Vec3:
    x, y, z = _mul(t[0], v)
    return (x + t[1][0], y + t[1][1], z + t[1][2])


def _fold_about(p: Point, q: Point, child: Point) -> Affine:
    """The 90-degree fold about the line p-q turning the side where `child` lies away from the printed
    face: the die lies in z = 0 with x right and y down, so z points into the page, away from the
    reader of the print; u (along the fold) stays, the in-sheet normal n towards the child turns to +z,
    and +z turns to -n. The printed face ends up outside."""
    ux, uy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(ux, uy)
    ux, uy = ux / length, uy / length
    nx, ny = -uy, ux
    if (child[0] - p[0]) * nx + (child[1] - p[1]) * ny < 0:
        nx, ny = -nx, -ny
    # M = u u^T + z n^T - n z^T, row by row
    m = ((ux * ux, ux * uy, -nx), (uy * ux, uy * uy, -ny), (nx, ny, 0.0))
    mp = _mul(m, (p[0], p[1], 0.0))
    return (m, (p[0] - mp[0], p[1] - mp[1], -mp[2]))


def _compose(outer: Affine, inner: Affine) -> Affine:
    """The placement applying `inner`, then `outer`."""
    (m1, _), (m2, t2) = outer, inner

    def row(i: int) -> Vec3:
        return (sum(m1[i][k] * m2[k][0] for k in range(3)), sum(m1[i][k] * m2[k][1] for k in range(3)),
                sum(m1[i][k] * m2[k][2] for k in range(3)))

    return ((row(0), row(1), row(2)), _apply(outer, t2))


def fold(die: Die) -> dict[str, Affine]:
    """Each panel's placement in 3D once the die is folded: die (x, y) -> apply(transform, (x, y, 0))."""
    placed: dict[str, Affine] = {}
    pending = list(die.panels)
    while pending:
        progress = False
        for panel in list(pending):
            if panel.hinge is None:
                placed[panel.name] = _IDENTITY
            elif panel.hinge[0] in placed:
                parent, p, q = panel.hinge
                cx = sum(x for x, _ in panel.points) / len(panel.points)
                cy = sum(y for _, y in panel.points) / len(panel.points)
                placed[panel.name] = _compose(placed[parent], _fold_about(p, q, (cx, cy)))
            else:
                continue
            pending.remove(panel)
            progress = True
        if not progress:
            raise ValueError(f"internal: panels hinged to no placed panel: {[p.name for p in pending]}")
    return placed


def folded_point(placed: dict[str, Affine], panel: str, point: Point) -> Vec3:
    """Where a die point of `panel` is once folded."""
    return _apply(placed[panel], (point[0], point[1], 0.0))


def folded_faces(die: Die) -> dict[str, list[Vec3]]:
    """Every panel's corners in 3D, once folded."""
    placed = fold(die)
    return {p.name: [folded_point(placed, p.name, pt) for pt in p.points] for p in die.panels}
