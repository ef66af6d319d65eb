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

from generator.core.colours import tint
from generator.scene.model import Group, Item, Line, Path, Polygon, Rect, Stroke, rotate, translate

DARK, LIGHT = "#111111", "#ffffff"
GLYPHS = "ABCDEFGHJKLMNPQRSTVWXYZ0123456789"
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
               colours: Sequence[str] = (), weights: Weights = Weights()) -> list[Item]:
    """A camouflage filling the box (clipped to it). Large cells alternately black and light (white, or
    one of `colours`), jittered and turned a little so no grid shows: every few millimetres hold both.
    In the tone that stands out on its cell: a fleck in every small cell (the scale a blur of half a
    millimetre keeps), a glyph in every medium one (letters like a card's), and a fine lattice (black
    beside white within every millimetre)."""
    tones: list[tuple[float, float, float, float, str]] = []
    items: list[Item] = []
    large = weights.large
    cols = int(w / large) + 2
    for k, (cx, cy) in enumerate(_cells(rng, x, y, w, h, large)):
        light = (k % cols + k // cols) % 2 == 0
        fill = (tint(rng.choice(colours), COLOUR_SHARE) if colours and rng.random() < 0.3 else LIGHT) if light else DARK
        tones.append((cx, cy, large, large, fill))
        items.append(_blotch(rng, cx + large / 2, cy + large / 2, large * 1.02, fill))
    for cx, cy in _cells(rng, x, y, w, h, weights.small):
        ink = LIGHT if _tone_at(tones, cx + weights.small / 2, cy + weights.small / 2) == DARK else DARK
        items.append(_blotch(rng, cx + weights.small / 2, cy + weights.small / 2, weights.small * weights.fleck, ink))
    for cx, cy in _cells(rng, x, y, w, h, weights.medium):
        ink = LIGHT if _tone_at(tones, cx + weights.medium / 2, cy + weights.medium / 2) == DARK else DARK
        items.append(_glyph(rng, cx, cy, weights.medium, ink, weights.glyph_fonts))
    for tone, offset, rising in ((DARK, 0.0, False), (LIGHT, weights.step / 2, True)):
        items += _lattice(x, y, w, h, Stroke(tone, weights.line), weights.step, offset, rising)
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
    turn = math.pi / 4 + rng.uniform(-0.25, 0.25)          # a square about upright: corners at 45 degrees
    corners = []
    for k in range(4):
        angle = turn + k * math.pi / 2 + rng.uniform(-0.12, 0.12)
        radius = size / math.sqrt(2) * rng.uniform(0.85, 1.05)
        corners.append((round(cx + radius * math.cos(angle), 3), round(cy + radius * math.sin(angle), 3)))
    return Polygon(corners, fill=colour, stroke=None)


def _glyph(rng: random.Random, x: float, y: float, size: float, ink: str, fonts: Sequence[str]) -> Item:
    """One random letter or digit filling a `size` mm cell, a quarter turn at random: drawn as its outline,
    not as text, so that copying or searching the page finds no words in the camouflage."""
    from generator.scene.fonts import nominal_glyph
    from generator.scene.text import glyph_commands

    points = size / 0.3528 * rng.uniform(1.0, 1.35)          # cap height about the cell
    char, face = rng.choice(GLYPHS), rng.choice(tuple(fonts))
    commands = glyph_commands(face, nominal_glyph(face, char), 0.0, 0.0, round(points, 2))
    xs = [float(v) for c in commands for v in c[1::2]]
    ys = [float(v) for c in commands for v in c[2::2]]
    cx, cy = x + size / 2, y + size / 2
    dx, dy = round(cx - (min(xs) + max(xs)) / 2, 3), round(cy - (min(ys) + max(ys)) / 2, 3)
    outline = Path(commands, fill=ink, stroke=None)
    return Group((Group((outline,), transform=translate(dx, dy)),), transform=rotate(rng.choice((0, 90, 180, 270)), cx, cy))


def _lattice(x: float, y: float, w: float, h: float, stroke: Stroke, step: float, offset: float,
             rising: bool) -> list[Item]:
    """Fine 45-degree lines one way over the whole box (the group clips them), `step` mm apart."""
    lines: list[Item] = []
    for i in range(int((w + h) / step) + 2):
        c = round(i * step + offset, 3)
        lines.append(Line(x + c - h, y + h, x + c, y, stroke=stroke) if rising else Line(x + c - h, y, x + c, y + h, stroke=stroke))
    return lines
