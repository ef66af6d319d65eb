"""Fonts that travel with an SVG: subsets embedded as @font-face data URIs, or text as outlines.

`font_face_css` gives one @font-face per registry font used on a page, holding a fontTools subset
of exactly the characters drawn (TrueType; WOFF2 would need brotli, which is not a dependency),
under a family name of its own ("pnpgen-sans-bold") so no installed font of the same name can
stand in for it. Given a run-wide `charset` (every character a whole deck draws in each font, see
`svg.text_chars`), each face embeds that one subset instead, made once per run and font. Fonts are
read once per process and loaded lazily, so a subset decompiles only the glyphs it keeps.
`text_path` turns a line into glyph outlines for viewers that ignore @font-face (librsvg among
them): --svg-text paths.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from generator.scene.fonts import font_path, font_spec

if TYPE_CHECKING:   # pragma: no cover
    from fontTools.ttLib import TTFont

GENERIC = {"serif": "serif", "mono": "monospace"}


def family_name(font: str) -> str:
    """The embedded face's own family name for a registry font."""
    return f"pnpgen-{font}"


def font_family(font: str) -> str:
    """The font-family list of a text element: the embedded face, the installed family, a generic."""
    generic = GENERIC.get(font.split("-")[0], "sans-serif")
    return f"'{family_name(font)}', '{font_spec(font).family}', {generic}"


@lru_cache(maxsize=16)
def _font_bytes(font: str) -> bytes:
    """The registry font's file, read once per process."""
    return font_path(font).read_bytes()


@lru_cache(maxsize=64)
def subset_ttf(font: str, chars: str) -> bytes:
    """A TrueType subset of the registry font holding `chars` (plus .notdef), byte-stable."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = []           # no kerning or ligatures: widths are the advances
    options.name_IDs = [1, 2, 3, 4, 6]
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.hinting = False
    options.drop_tables = [*options.drop_tables, "FFTM"]
    # lazy: only the tables and glyphs the subset keeps are decompiled (the same bytes as eager)
    tt = TTFont(io.BytesIO(_font_bytes(font)), recalcTimestamp=False, lazy=True)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted({ord(c) for c in chars}))
    subsetter.subset(tt)
    out = io.BytesIO()
    tt.save(out)
    tt.close()
    return out.getvalue()


def font_face_css(used: dict[str, set[str]], charset: Mapping[str, str] | None = None) -> str:
    """@font-face rules for {registry font: characters used}, sorted (stable bytes); with a
    run-wide `charset` {font: characters}, a font it covers embeds that run's one subset."""
    rules = []
    for font in sorted(used):
        run = charset.get(font) if charset is not None else None
        chars = run if run is not None and used[font] <= set(run) else "".join(sorted(used[font]))
        rules.append(_face_rule(font, chars))
    return "\n".join(rules)


@lru_cache(maxsize=64)
def _face_rule(font: str, chars: str) -> str:
    """One @font-face rule holding the subset of `font` for `chars` (sorted characters)."""
    spec = font_spec(font)
    data = base64.b64encode(subset_ttf(font, chars)).decode("ascii")
    return (f"@font-face{{font-family:'{family_name(font)}';font-weight:{spec.weight};"
            f"font-style:{spec.style};src:url(data:font/ttf;base64,{data}) format('truetype')}}")


@lru_cache(maxsize=8)
def _glyphs(font: str) -> tuple[TTFont, Any, dict[int, str], int, Any]:
    """The font, its glyph set, its best cmap, units per em and its advances (fontTools objects)."""
    from fontTools.ttLib import TTFont

    tt = TTFont(str(font_path(font)), recalcTimestamp=False, lazy=False)
    return tt, tt.getGlyphSet(), tt.getBestCmap(), tt["head"].unitsPerEm, tt["hmtx"]


@lru_cache(maxsize=4096)
def _glyph_outline(font: str, glyph: str) -> list[tuple[str, tuple[Any, ...]]]:
    """A glyph's outline in font units as recorded pen calls."""
    from fontTools.pens.recordingPen import RecordingPen

    _tt, glyphs, _cmap, _upm, _hmtx = _glyphs(font)
    pen = RecordingPen()
    glyphs[glyph].draw(pen)
    return list(pen.value)


def text_path(font: str, text: str, x: float, y: float, size_mm: float) -> str:
    """SVG path data of `text` set at (x, baseline y) with em size `size_mm`, advancing by the
    registry's widths (the same ones every backend lays text out with)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    from generator.render.base import num
    from generator.scene.fonts import font_metrics

    _tt, glyphs, cmap, upm, _hmtx = _glyphs(font)
    metrics = font_metrics(font)
    scale = size_mm / upm
    pen = SVGPathPen(glyphs, ntos=lambda v: num(v, 3))
    cursor = x
    for ch in text:
        glyph = cmap.get(ord(ch), ".notdef")
        moved = TransformPen(pen, (scale, 0, 0, -scale, cursor, y))
        for method, args in _glyph_outline(font, glyph):
            getattr(moved, method)(*args)
        cursor += metrics.widths.get(ord(ch), metrics.default_width) * size_mm / 1000.0
    commands: str = pen.getCommands()
    return commands


__all__ = ["family_name", "font_face_css", "font_family", "subset_ttf", "text_path"]
