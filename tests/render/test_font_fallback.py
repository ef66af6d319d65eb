"""The emoji fallback font: characters DejaVu lacks are drawn with Noto Emoji, in runs, by every backend;
text without them is drawn exactly as before (one run)."""

from __future__ import annotations

import io
import re

from PIL import Image as PILImage
from pypdf import PdfReader

from generator import paths
from generator.render import render_pdf, render_png, render_svg
from generator.scene.fonts import font_metrics, font_runs, missing_chars
from generator.scene.model import Page, TextLine
from generator.scene.text import text_width

DRAGON = "\U0001F409"


def test_runs_split_only_where_a_fallback_is_needed() -> None:
    assert font_runs("sans", "Dragon fire") == [("sans", "Dragon fire")]
    assert font_runs("sans", f"Dragon {DRAGON}\ufe0f fire") == [("sans", "Dragon "), ("emoji", f"{DRAGON}\ufe0f"),
                                                              ("sans", " fire")]
    assert missing_chars("sans", f"a{DRAGON}\u2764\ufe0f") == []
    assert missing_chars("serif", "\u4e2d\u6587 ok") == ["\u4e2d", "\u6587"]


def test_widths_of_fallback_characters_come_from_the_fallback_font() -> None:
    emoji = font_metrics("emoji").widths[ord(DRAGON)]
    assert font_metrics("sans").widths[ord(DRAGON)] == emoji > 0
    assert text_width(f"a{DRAGON}", "sans", 10) == text_width("a", "sans", 10) + text_width(DRAGON, "emoji", 10)


def test_licence_beside_the_font() -> None:
    assert (paths.fonts_dir() / "NotoEmoji-Regular.ttf").is_file()
    assert "SIL Open Font License" in (paths.fonts_dir() / "LICENSE-NotoEmoji.txt").read_text("utf-8")


def page(text: str) -> Page:
    return Page(60, 20, items=[TextLine(5, 12, text, font="sans", size=14, color="#000000")], kind="card")


def pdf_fonts(data: bytes) -> set[str]:
    reader = PdfReader(io.BytesIO(data))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    return {str(fonts[key].get_object()["/BaseFont"]).split("+")[-1] for key in fonts}


def test_pdf_switches_font_per_run() -> None:
    assert pdf_fonts(render_pdf([page("Dragon")])) == {"DejaVuSans"}
    assert pdf_fonts(render_pdf([page(f"Dragon {DRAGON}")])) == {"DejaVuSans", "NotoEmoji-Regular"}


def test_svg_draws_each_run_at_its_advance() -> None:
    svg = render_svg(page(f"A{DRAGON}B")).decode("utf-8")
    texts = re.findall(r'<text ([^>]*)>([^<]*)</text>', svg)
    assert [t[1] for t in texts] == ["A", DRAGON, "B"]
    assert "font-family=\"'pnpgen-emoji', 'Noto Emoji', sans-serif\"" in texts[1][0]
    xs = [float(re.search(r' x="([\d.]+)"', attrs).group(1)) for attrs, _ in texts]
    assert abs(xs[1] - (5 + text_width("A", "sans", 14))) < 1e-3
    assert abs(xs[2] - (xs[1] + text_width(DRAGON, "emoji", 14))) < 1e-3


def ink(png: bytes) -> int:
    with PILImage.open(io.BytesIO(png)) as im:
        histogram = im.convert("L").histogram()
    return sum(histogram[:128])


def test_png_draws_the_emoji_glyph_not_a_box() -> None:
    # DejaVu's empty box for a missing character is a thin outline; the dragon is a filled drawing
    drawn = ink(render_png(page(DRAGON), dpi=200))
    box = ink(render_png(Page(60, 20, items=[TextLine(5, 12, "\u4e2d", font="sans", size=14, color="#000000")], kind="card"), dpi=200))
    assert drawn > 1.5 * box > 0
