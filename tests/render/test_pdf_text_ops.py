"""The PDF backend writes a text line's operators by hand (render/pdf.py, PdfBackend.text_line): on any
text they must be the bytes reportlab's own text object writes for the same line (beginText,
setTextTransform, setFont, textOut, drawText), subset codes, escaping and numbers included, and the two
documents must end up with the same fonts."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics

from generator.core.units import PT_PER_MM
from generator.render.pdf import PdfBackend, PdfDocument, new_canvas, pdf_font
from generator.render.pdfimages import PdfImages
from generator.scene.fonts import font_runs
from generator.scene.model import Page, TextLine

K = PT_PER_MM
# Latin with accents, the characters PDF strings escape, a few other scripts (fallback fonts) and more
# than one subset's worth of characters (a subset holds 256), so runs change font and subset.
ALPHABET = st.one_of(
    st.sampled_from(list("aAzZ09 .,;:!?'\"-éèàçœÆßñÜ€£$%&*+/=<>[]{}|~_@#")),
    st.sampled_from(list("()\\\t\r\n")),
    st.characters(min_codepoint=0x20, max_codepoint=0x2FF),
    st.characters(min_codepoint=0x370, max_codepoint=0x52F),      # Greek, Cyrillic
    st.sampled_from(list("אבגدهو中文字한국어★☆♠♥→∞")),
)
FONTS = ("sans", "sans-bold", "serif", "serif-bold", "mono")


def _canvas():   # the canvas render_pdf draws on, at one page
    return new_canvas(io.BytesIO(), [Page(63.5, 88.9)], "t", (1, 6))


def _reportlab_code(canvas, line: TextLine) -> str:
    """What reportlab's text object writes for the line, in the backend's placement (mm, y down)."""
    text = canvas.beginText()
    text.setTextTransform(1 / K, 0, 0, -1 / K, line.x, line.y)
    for name, chunk in font_runs(line.font, line.text):
        text.setFont(pdf_font(name), line.size)
        text.textOut(chunk)
    canvas.drawText(text)
    return canvas._code[-1]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.tuples(st.text(ALPHABET, min_size=1, max_size=40), st.sampled_from(FONTS),
                                st.sampled_from([4.0, 6.5, 9.0, 10.25, 12.0, 33.3]),
                                st.floats(-50, 300, allow_nan=False), st.floats(-50, 300, allow_nan=False)),
                      min_size=1, max_size=4))
def test_text_operators_are_reportlabs_on_any_text(lines) -> None:
    ours, theirs = _canvas(), _canvas()
    backend = PdfBackend(PdfDocument(ours, PdfImages(ours)))
    for text, font, size, x, y in lines:            # several lines: later ones reuse the document's runs
        line = TextLine(x, y, text, font=font, size=size)
        backend.text_line(line)
        assert ours._code[-1] == _reportlab_code(theirs, line), (text, font, size)
    assert ours._doc.fontMapping == theirs._doc.fontMapping        # the same fonts and internal names
    for name in {pdf_font(n) for text, font, *_ in lines for n, _ in font_runs(font, text)}:
        states = [pdfmetrics.getFont(name).state.get(doc) for doc in (ours._doc, theirs._doc)]
        assert [getattr(state, "subsets", None) for state in states] == [states[1].subsets] * 2, name   # same subsets
