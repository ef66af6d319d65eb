"""The camouflage's shortcuts give what the plain computations give: the tone under a point looked up
among the few large cells near it is the last cell drawn over it of them all, and a glyph's bounds taken
from its outline's own are the min and max of its drawn points."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.scene.camouflage import DARK, GLYPHS, LIGHT, _cells, _Tones
from generator.scene.fonts import nominal_glyph
from generator.scene.text import glyph_bounds, glyph_commands

Tone = tuple[float, float, float, float, str]


def _scan(tones: list[Tone], px: float, py: float) -> str:
    """Every cell in turn, the last drawn first: the fill of the first over the point (DARK where none is)."""
    for cx, cy, cw, ch, fill in reversed(tones):
        if cx <= px <= cx + cw and cy <= py <= cy + ch:
            return fill
    return DARK


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), x=st.floats(-50, 50), y=st.floats(-50, 50), w=st.floats(1, 30),
       h=st.floats(1, 30), size=st.floats(1.5, 8))
def test_the_tone_under_a_point_is_the_last_cell_drawn_over_it(seed: int, x: float, y: float, w: float,
                                                              h: float, size: float) -> None:
    rng = random.Random(seed)
    cols = int(w / size) + 2
    tones: list[Tone] = [(cx, cy, size, size, rng.choice((DARK, LIGHT, "#aa3322")))
                         for cx, cy in _cells(rng, x, y, w, h, size)]
    tone_at = _Tones(tones, x, y, size, cols)
    points = [(rng.uniform(x - size, x + w + size), rng.uniform(y - size, y + h + size)) for _ in range(100)]
    points += [(cx + dx, cy + dy) for cx, cy, *_ in rng.sample(tones, min(len(tones), 25))
               for dx in (0.0, size) for dy in (0.0, size)]        # on cells' corners
    for px, py in points:
        assert tone_at(px, py) == _scan(tones, px, py), (px, py)
    for cx, cy, cw, ch, fill in tones:        # a cell's centre lies under no other cell (they move 0.15 at most)
        assert tone_at(cx + cw / 2, cy + ch / 2) == fill


@settings(max_examples=15, deadline=None)
@given(x=st.floats(-20, 20), y=st.floats(-20, 20), size=st.floats(4, 40))
def test_a_glyphs_bounds_are_its_drawn_points_extremes(x: float, y: float, size: float) -> None:
    for face in ("mono", "sans"):
        for char in GLYPHS:
            gid = nominal_glyph(face, char)
            commands = glyph_commands(face, gid, x, y, size)
            xs = [float(v) for c in commands for v in c[1::2]]
            ys = [float(v) for c in commands for v in c[2::2]]
            assert glyph_bounds(face, gid, x, y, size) == (min(xs), min(ys), max(xs), max(ys)), (face, char)
