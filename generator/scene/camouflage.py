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

from generator.scene.model import Group, Item, Line, Polygon, Rect, Stroke, Text, rotate

DARK, LIGHT = "#111111", "#ffffff"
GLYPHS = "ABCDEFGHJKLMNPQRSTVWXYZ0123456789"
DARK_LINE, LIGHT_LINE = Stroke(DARK, 0.16), Stroke(LIGHT, 0.16)   # the fine lattice: black and white lines
FINE_STEP = 1.0


LARGE, MEDIUM, SMALL = 4.0, 3.0, 2.0     # mm: the cells of the three scales (jittered, so no grid shows)


def camouflage(rng: random.Random, x: float, y: float, w: float, h: float,
               colours: Sequence[str] = ()) -> list[Item]:
    """A camouflage filling the box (clipped to it): large cells alternately black and light (white, or
    one of `colours`), jittered and turned so no grid shows, so that every few millimetres hold both; a
    glyph in every medium and every small cell in the tone that stands out on its cell; and a fine
    lattice of black and white lines, so that black lies beside white within every millimetre."""
    tones: list[tuple[float, float, float, float, str]] = []
    items: list[Item] = []
    cols = int(w / LARGE) + 2
    for k, (cx, cy) in enumerate(_cells(rng, x, y, w, h, LARGE)):
        light = (k % cols + k // cols) % 2 == 0
        fill = (rng.choice(colours) if colours and rng.random() < 0.15 else LIGHT) if light else DARK
        tones.append((cx, cy, LARGE, LARGE, fill))
        items.append(_blotch(rng, cx + LARGE / 2, cy + LARGE / 2, LARGE * 1.15, fill))
    for cx, cy in _cells(rng, x, y, w, h, SMALL):          # flecks, the scale a blur of half a millimetre keeps
        ink = LIGHT if _tone_at(tones, cx + SMALL / 2, cy + SMALL / 2) == DARK else DARK
        items.append(_blotch(rng, cx + SMALL / 2, cy + SMALL / 2, SMALL * 0.6, ink))
    for cx, cy in _cells(rng, x, y, w, h, MEDIUM):         # glyphs, like the letters of a card
        ink = LIGHT if _tone_at(tones, cx + MEDIUM / 2, cy + MEDIUM / 2) == DARK else DARK
        items.append(_glyph(rng, cx, cy, MEDIUM, ink))
    items += _lattice(x, y, w, h, DARK_LINE, 0.0) + _lattice(x, y, w, h, LIGHT_LINE, FINE_STEP / 2)
    return [Group((Rect(x, y, w, h, fill=DARK, stroke=None), *items), clip=Rect(x, y, w, h))]


def _cells(rng: random.Random, x: float, y: float, w: float, h: float, size: float) -> list[tuple[float, float]]:
    """The top-left corners of a grid of `size` cells over the box (one cell beyond each edge), jittered."""
    cols, rows = int(w / size) + 2, int(h / size) + 2
    return [(x + (i - 0.5) * size + rng.uniform(-0.15, 0.15) * size, y + (j - 0.5) * size + rng.uniform(-0.15, 0.15) * size)
            for j in range(rows) for i in range(cols)]


def _tone_at(tones: list[tuple[float, float, float, float, str]], px: float, py: float) -> str:
    """The fill of the last large cell drawn over a point (DARK where none is)."""
    for cx, cy, cw, ch, fill in reversed(tones):
        if cx <= px <= cx + cw and cy <= py <= cy + ch:
            return fill
    return DARK


def _blotch(rng: random.Random, cx: float, cy: float, size: float, colour: str) -> Item:
    """A randomly turned quadrilateral about `size` mm across, centred on (cx, cy)."""
    turn = rng.uniform(0, math.pi / 2)
    corners = []
    for k in range(4):
        angle = turn + k * math.pi / 2 + rng.uniform(-0.2, 0.2)
        radius = size / math.sqrt(2) * rng.uniform(0.85, 1.05)
        corners.append((round(cx + radius * math.cos(angle), 3), round(cy + radius * math.sin(angle), 3)))
    return Polygon(corners, fill=colour, stroke=None)


def _glyph(rng: random.Random, x: float, y: float, size: float, ink: str) -> Item:
    """One random letter or digit filling a `size` mm cell, a quarter turn at random."""
    points = size / 0.3528 * rng.uniform(1.0, 1.35)          # cap height about the cell
    glyph = Text(round(x - size / 2, 3), round(y - size / 2, 3), round(2 * size, 3), round(2 * size, 3),
                 rng.choice(GLYPHS), font=rng.choice(("mono-bold", "sans-bold")), size=round(points, 2),
                 color=ink, align="center", valign="middle", wrap=False, min_size=3.0)
    return Group((glyph,), rotate(rng.choice((0, 90, 180, 270)), x + size / 2, y + size / 2))


def _lattice(x: float, y: float, w: float, h: float, stroke: Stroke, offset: float) -> list[Item]:
    """Fine 45-degree lines both ways over the whole box (the group clips them), `offset` mm along."""
    lines: list[Item] = []
    n = int((w + h) / FINE_STEP) + 1
    for i in range(n + 1):
        c = round(i * FINE_STEP + offset, 3)
        lines.append(Line(x + c - h, y + h, x + c, y, stroke) if offset else Line(x + c - h, y, x + c, y + h, stroke))
    return lines
