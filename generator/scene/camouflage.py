"""Camouflage: a random, high-contrast pattern at every scale, to hide what lies beneath it from a lamp.

Light through a stack of printed layers is the product of their transmittances (docs/kit.md, "Hiding on
paper"): a uniform dark layer only dims what lies beneath, it does not hide it. What hides it is a
pattern of its own that is stronger, where the secret lies and at every scale the secret has: near
black beside white within a millimetre (fine lines), within a few millimetres (glyphs of the sizes a
card prints: letters like the secret's, in black and in white), and within a centimetre (blotches),
with patches in the secret's own colours so that a colour seen through says nothing either.

The pattern is drawn from a random.Random the caller derives from a secret code (never from what it
hides), so each card gets its own pattern and no one can subtract a known one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from generator.core.colours import tint
from generator.core.units import MM_PER_PT
from generator.scene.model import Group, Item, Line, Path, Polyline, Rect, Stroke, compose, rotate, translate

DARK, LIGHT = "#111111", "#ffffff"
GLYPHS = "ABCDEFGHJKLMNPQRSTVWXYZ0123456789"
JITTER = 0.15         # a cell is moved up to this share of its size each way
COLOUR_SHARE = 0.5     # a light cell in one of the secret's colours is that colour this light (light in every channel)


@dataclass(frozen=True)
class Weights:
    """How a camouflage spends its one layer of ink between the scales (mm; a fleck's size as a share
    of its small cell; the glyphs' fonts; the fine lattice's line width and step). Bigger flecks and
    bolder glyphs hide more at half a millimetre and less at a few: the caller weighs them against
    what it hides."""

    large: float = 4.0
    medium: float = 3.0
    small: float = 2.0
    fleck: float = 0.45
    glyph_fonts: tuple[str, ...] = ("mono", "sans")
    line: float = 0.1
    step: float = 1.2


def camouflage(rng: random.Random, x: float, y: float, w: float, h: float,
               colours: Sequence[str] = (), weights: Weights = Weights(), *, shared_glyphs: bool = False) -> list[Item]:
    """A camouflage filling the box (clipped to it). Large cells alternately black and light (white, or
    one of `colours`), jittered and turned a little so no grid shows: every few millimetres hold both.
    In the tone that stands out on its cell: a fleck in every small cell (the scale a blur of half a
    millimetre keeps), a glyph in every medium one (letters like a card's), and a fine lattice (black
    beside white within every millimetre). `shared_glyphs`: each glyph is its face's outline at one size
    (OUTLINE_EM), scaled where it goes, in a group marked for reuse (a PDF writes each outline once, as a
    form) rather than its own outline in mm: the same shapes, within a micrometre."""
    tones: list[tuple[float, float, float, float, str]] = []
    items: list[Item] = []
    large = weights.large
    cols = int(w / large) + 2
    for k, (cx, cy) in enumerate(_cells(rng, x, y, w, h, large)):
        light = (k % cols + k // cols) % 2 == 0
        fill = (tint(rng.choice(colours), COLOUR_SHARE) if colours and rng.random() < 0.3 else LIGHT) if light else DARK
        tones.append((cx, cy, large, large, fill))
        items.append(_blotch(rng, cx + large / 2, cy + large / 2, large * 1.02, fill))
    tone_at = _Tones(tones, x, y, large, cols)
    small, medium = weights.small, weights.medium
    for cx, cy in _cells(rng, x, y, w, h, small):
        ink = LIGHT if tone_at(cx + small / 2, cy + small / 2) == DARK else DARK
        items.append(_blotch(rng, cx + small / 2, cy + small / 2, small * weights.fleck, ink))
    for cx, cy in _cells(rng, x, y, w, h, medium):
        ink = LIGHT if tone_at(cx + medium / 2, cy + medium / 2) == DARK else DARK
        items.append(_glyph(rng, cx, cy, medium, ink, weights.glyph_fonts, shared_glyphs))
    for tone, offset, rising in ((DARK, 0.0, False), (LIGHT, weights.step / 2, True)):
        items += _lattice(x, y, w, h, Stroke(tone, weights.line), weights.step, offset, rising)
    return [Group((Rect(x, y, w, h, fill=DARK, stroke=None), *items), clip=Rect(x, y, w, h))]


def _cells(rng: random.Random, x: float, y: float, w: float, h: float, size: float) -> list[tuple[float, float]]:
    """The top-left corners of a grid of `size` cells over the box (one cell beyond each edge), jittered."""
    cols, rows = int(w / size) + 2, int(h / size) + 2
    return [(x + (i - 0.5) * size + rng.uniform(-JITTER, JITTER) * size, y + (j - 0.5) * size + rng.uniform(-JITTER, JITTER) * size)
            for j in range(rows) for i in range(cols)]


_REACH = 0.5 + JITTER + 0.01


class _Tones:
    """The fill of the last large cell drawn over a point (DARK where none is), the large cells of one
    camouflage being a grid `cols` wide of `size` cells from (x, y), each moved at most JITTER of a
    cell: only the few cells that can lie over the point are looked at (not every cell, for each of
    the thousands of points asked)."""

    def __init__(self, tones: list[tuple[float, float, float, float, str]], x: float, y: float,
                 size: float, cols: int) -> None:
        self.tones, self.x, self.y, self.size, self.cols = tones, x, y, size, cols
        self.rows = (len(tones) + cols - 1) // cols

    def __call__(self, px: float, py: float) -> str:
        # cell (i, j) spans [i - 0.5, i + 0.5] cells from (x, y), moved at most 0.15 of a cell: only an
        # i (and j) within 0.65 cells of the point's place in the grid can hold it (0.66 against rounding)
        tones, cols, size = self.tones, self.cols, self.size
        u, v = (px - self.x) / size, (py - self.y) / size
        first_i, last_i = max(0, math.ceil(u - _REACH)), min(cols - 1, math.floor(u + _REACH))
        first_j, last_j = max(0, math.ceil(v - _REACH)), min(self.rows - 1, math.floor(v + _REACH))
        for j in range(last_j, first_j - 1, -1):          # the last cell drawn first
            for i in range(last_i, first_i - 1, -1):
                k = j * cols + i
                if k < len(tones):
                    cx, cy, cw, ch, fill = tones[k]
                    if cx <= px <= cx + cw and cy <= py <= cy + ch:
                        return fill
        return DARK


_TURNS = tuple(k * math.pi / 2 for k in range(4))     # a square's corners, a quarter turn apart
# rng.uniform(a, b) is a + (b - a) * rng.random() (the random module's own formula), written out in _blotch
# (a Python call less for each of the kit's 250,000 numbers): each (a, b - a) as uniform computes it
_TURN, _BEND, _REACHES = (-0.25, 0.25 - -0.25), (-0.12, 0.12 - -0.12), (0.85, 1.05 - 0.85)


def _blotch(rng: random.Random, cx: float, cy: float, size: float, colour: str) -> Item:
    """A randomly turned quadrilateral about `size` mm across, centred on (cx, cy)."""
    rand, cos, sin = rng.random, math.cos, math.sin
    turn = math.pi / 4 + (_TURN[0] + _TURN[1] * rand())         # a square about upright: corners at 45 degrees
    half = size / math.sqrt(2)
    (bend, bends), (reach, reaches) = _BEND, _REACHES
    corners = []
    for quarter in _TURNS:
        angle = turn + quarter + (bend + bends * rand())
        radius = half * (reach + reaches * rand())
        corners.append((round(cx + radius * cos(angle), 3), round(cy + radius * sin(angle), 3)))
    return Polyline(tuple(corners), closed=True, fill=colour, stroke=None)    # Polygon's, the points floats already


def _glyph(rng: random.Random, x: float, y: float, size: float, ink: str, fonts: Sequence[str],
           shared: bool = False) -> Item:
    """One random letter or digit filling a `size` mm cell, a quarter turn at random: drawn as its outline,
    not as text, so that copying or searching the page finds no words in the camouflage (`shared`: the
    outline at one size, one per face, glyph and ink, scaled in a group marked for reuse)."""
    from generator.scene.fonts import nominal_glyph
    from generator.scene.text import glyph_bounds, glyph_commands

    points = size / 0.3528 * rng.uniform(1.0, 1.35)          # cap height about the cell
    char, face = rng.choice(GLYPHS), rng.choice(tuple(fonts))
    gid, size_pt = nominal_glyph(face, char), round(points, 2)
    left, top, right, bottom = glyph_bounds(face, gid, 0.0, 0.0, size_pt)
    cx, cy = x + size / 2, y + size / 2
    dx, dy = round(cx - (left + right) / 2, 3), round(cy - (top + bottom) / 2, 3)
    turn = rotate(rng.choice((0, 90, 180, 270)), cx, cy)
    if shared:                                                # one group: turned, placed and scaled
        k = size_pt * MM_PER_PT / OUTLINE_EM                 # the outline's em (OUTLINE_EM mm) to this glyph's
        return Group(_em_outline(face, gid, ink), transform=compose(turn, (k, 0.0, 0.0, k, dx, dy)), reuse=True)
    outline = Path(glyph_commands(face, gid, 0.0, 0.0, size_pt), fill=ink, stroke=None)
    return Group((Group((outline,), transform=translate(dx, dy)),), transform=turn)


OUTLINE_EM = 100.0      # mm: a shared glyph's outline is drawn this size (a micrometre is 1/100,000 em), then scaled


@lru_cache(maxsize=512)
def _em_outline(face: str, gid: int, ink: str) -> tuple[Item, ...]:
    """A glyph's outline at an em of OUTLINE_EM mm (its origin on the baseline, y down) filled with `ink`:
    one tuple for every use, so a backend finds it again at once."""
    from generator.scene.text import glyph_commands

    return (Path(glyph_commands(face, gid, 0.0, 0.0, OUTLINE_EM / MM_PER_PT), fill=ink, stroke=None),)


def _lattice(x: float, y: float, w: float, h: float, stroke: Stroke, step: float, offset: float,
             rising: bool) -> list[Item]:
    """Fine 45-degree lines one way over the whole box (the group clips them), `step` mm apart."""
    lines: list[Item] = []
    for i in range(int((w + h) / step) + 2):
        c = round(i * step + offset, 3)
        lines.append(Line(x + c - h, y + h, x + c, y, stroke=stroke) if rising else Line(x + c - h, y, x + c, y + h, stroke=stroke))
    return lines
