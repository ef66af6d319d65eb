"""The PDF backend writes a text line's operators by hand (render/pdf.py's PdfBackend.text_line and
render/pdffonts.py: a Type 0 font per face, glyph ids in TJ arrays with adjustments). On any text a
face has, with kerning and ligatures off, a PDF reader must find each glyph where reportlab's own
drawString puts it: the face's glyph for each character, at the width reportlab measures for the
text before it. The document is read back the way a viewer reads it: the content stream's operators
and the font's /W widths (pikepdf), not pnpgen's own tables."""

from __future__ import annotations

import io
from functools import cache

import pikepdf
from fontTools.ttLib import TTFont
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.core.units import PT_PER_MM
from generator.render.pdf import pdf_font, render_pdf
from generator.scene.fonts import font_path
from generator.scene.model import Page, TextLine

FONTS = ("sans", "sans-bold", "serif", "serif-bold", "mono", "condensed")
PLAIN = ("-kern", "-liga", "-clig", "-calt")        # one glyph per character, at its own advance


@cache
def _cmap(font: str) -> dict[int, int]:
    """{code point: glyph id} of a registry face, read with fontTools."""
    with TTFont(str(font_path(font)), lazy=True) as face:
        order = {name: gid for gid, name in enumerate(face.getGlyphOrder())}
        return {cp: order[name] for cp, name in face.getBestCmap().items()}


# Characters every registry face has: ASCII (the ones PDF strings escape among them) and Latin letters;
# not the soft hyphen, which shaping leaves invisible (drawn only at a break).
CHARS = sorted(set.intersection(*(set(_cmap(f)) for f in FONTS)) & set(range(0x20, 0x180)) - {0xAD})


def _widths(w_array: pikepdf.Array) -> dict[int, float]:
    """A CIDFont's /W array as {glyph id: width in 1/1000 em}."""
    out: dict[int, float] = {}
    items = list(w_array)
    i = 0
    while i < len(items):
        first = int(items[i])
        if isinstance(items[i + 1], pikepdf.Array):
            out.update({first + k: float(v) for k, v in enumerate(items[i + 1])})
            i += 2
        else:
            out.update(dict.fromkeys(range(first, int(items[i + 1]) + 1), float(items[i + 2])))
            i += 3
    return out


def _placed(pdf: bytes) -> list[tuple[int, float]]:
    """(glyph id, x in points from the line's start) of every glyph the page's text operators show."""
    out: list[tuple[int, float]] = []
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        widths: dict[int, float] = {}
        size = pen = 0.0
        for operands, operator in pikepdf.parse_content_stream(page):
            name = str(operator)
            if name == "Tf":
                font = page.Resources.Font[str(operands[0])]
                assert font.Subtype == "/Type0" and font.Encoding == "/Identity-H"
                widths, size = _widths(font.DescendantFonts[0].W), float(operands[1])
            elif name == "TJ":
                for element in operands[0]:
                    if isinstance(element, pikepdf.String):
                        data = bytes(element)
                        for k in range(0, len(data), 2):
                            gid = int.from_bytes(data[k:k + 2], "big")
                            out.append((gid, pen))
                            pen += widths[gid] / 1000 * size
                    else:
                        pen -= float(element) / 1000 * size
            else:
                assert name in ("q", "Q", "cm", "rg", "RG", "g", "G", "BT", "ET", "Tm", "Ts"), name
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(st.sampled_from([chr(c) for c in CHARS]), min_size=1, max_size=30).filter(str.strip),
       font=st.sampled_from(FONTS), size=st.sampled_from([4.0, 6.5, 9.0, 10.25, 33.3]))
def test_each_glyph_is_where_reportlab_puts_it(text: str, font: str, size: float) -> None:
    line = TextLine(10, 20, text, font=font, size=size, features=PLAIN)
    placed = _placed(render_pdf([Page(210, 40, items=[line])]))
    cmap, name = _cmap(font), pdf_font(font)
    assert [gid for gid, _ in placed] == [cmap[ord(ch)] for ch in text], text
    for i, (_, x) in enumerate(placed):          # reportlab: each glyph at the width of the text before it
        assert abs(x - stringWidth(text[:i], name, size)) < 0.002 * size, (text, i)


def test_the_check_sees_a_glyph_out_of_place() -> None:
    """The reading is fine enough to fail: a line set with kerning on has pairs reportlab does not kern."""
    text = "AVATAR To Wa"
    placed = _placed(render_pdf([Page(210, 40, items=[TextLine(10, 20, text, font="serif", size=20)])]))
    gaps = [abs(x - stringWidth(text[:i], pdf_font("serif"), 20)) for i, (_, x) in enumerate(placed)]
    assert max(gaps) > 0.04 * PT_PER_MM * 20
