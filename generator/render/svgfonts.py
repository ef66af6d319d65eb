"""Fonts that travel with an SVG: subsets embedded as @font-face data URIs, or text as outlines.

`font_face_css` gives one @font-face per face used on a page, holding a fontTools subset of the
characters drawn with the OpenType layout that shapes them (TrueType or CFF outlines as the face
has them, as TTF/OTF data: a WOFF2 source is unpacked first, see scene/fonts.font_data),
under a family name of its own ("pnpgen-sans-bold") so no installed font of the same name can
stand in for it. Given a run-wide `charset` (every character a whole deck draws in each font, see
`svg.text_chars`), each face embeds that one subset instead, made once per run and font. Fonts are
read once per process and loaded lazily, so a subset decompiles only the glyphs it keeps.
`line_path` turns a line's shaped glyphs into outlines for viewers that ignore @font-face (librsvg
among them): --svg-text paths.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping
from functools import lru_cache

from generator.scene.fonts import font_data, font_spec
from generator.scene.model import TextLine

GENERIC = {"serif": "serif", "mono": "monospace"}


def family_name(font: str) -> str:
    """The embedded face's own family name for a registry font."""
    return f"pnpgen-{font}"


def font_family(font: str) -> str:
    """The font-family list of a text element: the embedded face, the installed family, a generic."""
    generic = GENERIC.get(font.split("-")[0], "sans-serif")
    return f"'{family_name(font)}', '{font_spec(font).family}', {generic}"


@lru_cache(maxsize=64)
def subset_ttf(font: str, chars: str) -> bytes:
    """A subset of the face holding `chars` (plus .notdef) and every glyph its OpenType layout
    reaches from them (ligatures, contextual forms, marks), with that layout kept; byte-stable.
    TrueType or CFF outlines as the face has them."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = ["*"]        # the viewer shapes the text again: kerning, ligatures, forms
    options.name_IDs = [1, 2, 3, 4, 6]
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.hinting = False
    options.drop_tables = [*options.drop_tables, "FFTM"]
    data, index = font_data(font)
    # lazy: only the tables and glyphs the subset keeps are decompiled (the same bytes as eager)
    tt = TTFont(io.BytesIO(data), fontNumber=index if data[:4] == b"ttcf" else -1, recalcTimestamp=False,
                lazy=True)
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
    program = subset_ttf(font, chars)
    data = base64.b64encode(program).decode("ascii")
    kind = ("otf", "opentype") if program[:4] == b"OTTO" else ("ttf", "truetype")
    return (f"@font-face{{font-family:'{family_name(font)}';font-weight:{spec.weight};"
            f"font-style:{spec.style};src:url(data:font/{kind[0]};base64,{data}) format('{kind[1]}')}}")


def line_path(line: TextLine) -> str:
    """SVG path data of a line's shaped glyphs (generator.scene.text.placed_glyphs): their outlines
    at HarfBuzz's places, the same glyphs the PDF and PNG draw."""
    from generator.render.base import num
    from generator.scene.text import glyph_commands, placed_glyphs

    parts: list[str] = []
    for face, gid, x, y, _chars in placed_glyphs(line):
        for command in glyph_commands(face, gid, x, y, line.size):
            parts.append(" ".join([str(command[0]), *(num(float(v), 3) for v in command[1:])]))
    return " ".join(parts)


__all__ = ["family_name", "font_face_css", "font_family", "line_path", "subset_ttf"]
