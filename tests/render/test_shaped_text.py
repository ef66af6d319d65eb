"""Shaped text in the three backends (issue 30): each script's line drawn by the PDF (read by poppler),
the PNG, and the SVG's outlines (read by librsvg) has the ink of HarfBuzz's own hb-view rendering
of the same string, font and size: the same width within 1 % (and a pixel), the same shapes (joined
Arabic, Devanagari conjuncts, ligatures); the SVG's embedded subset shapes to the same glyphs; the
PDF's text copies back as the source strings."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pytest
from PIL import Image as PILImage

from generator.core.units import MM_PER_INCH, MM_PER_PT
from generator.render.pdf import render_pdf
from generator.render.png import render_png
from generator.render.svg import render_svg
from generator.scene.fonts import add_font, font_path, shape_line, shaped_width
from generator.scene.model import Page, TextLine

TESTS = Path(__file__).resolve().parent.parent
JP_FONT = TESTS / "fonts" / "NotoSansJP-subset.otf"
SIZE = 36                     # points; drawn at 72 dpi: 36 px to the em, as hb-view --font-size=36
LINES = {"latin": ("office Taverne AVATAR WAVE", ""), "arabic": ("مرحبا بالعالم", "Noto Sans Arabic"),
         "devanagari": ("नमस्ते दुनिया क्षत्रिय", "Noto Sans Devanagari"),
         "japanese": ("吾輩は猫である。名前はまだ無い。", "")}


@pytest.fixture(scope="module")
def scripts(request: pytest.FixtureRequest) -> dict[str, tuple[str, str, Path]]:
    """{script: (text, registry face, font file)}."""
    system_font = request.getfixturevalue("system_font")
    out = {}
    for script, (text, family) in LINES.items():
        path = font_path("sans") if script == "latin" else JP_FONT if script == "japanese" else system_font(family)
        out[script] = (text, "sans" if script == "latin" else add_font(path), path)
    return out


def _page(text: str, face: str) -> Page:
    width = shaped_width(face, text) * SIZE / 1000 * MM_PER_PT + 8
    return Page(width, 20, items=[TextLine(4, 14, text, font=face, size=SIZE)])


def _ink(image: PILImage.Image) -> PILImage.Image:
    """The dark pixels, cropped to their box."""
    mask = image.convert("L").point(lambda v: 255 if v < 128 else 0)
    box = mask.getbbox()
    assert box is not None
    return mask.crop(box)


def _hb_view(path: Path, text: str, tmp: Path) -> PILImage.Image:
    out = tmp / "hb.png"
    subprocess.run(["hb-view", f"--font-size={SIZE}", "--margin=0", "--output-format=png", "--background=#FFFFFF",
                    "--foreground=#000000", "-o", str(out), str(path), text], check=True, capture_output=True)
    return _ink(PILImage.open(out))


def _renders(page: Page, tmp: Path) -> dict[str, PILImage.Image]:
    pdf = tmp / "line.pdf"
    pdf.write_bytes(render_pdf([page]))
    subprocess.run(["pdftoppm", "-png", "-r", "72", "-singlefile", str(pdf), str(tmp / "pdf")], check=True)
    svg = tmp / "line.svg"
    svg.write_bytes(render_svg(page, text="paths"))
    dpi = str(MM_PER_INCH / (page.width / round(page.width / MM_PER_INCH * 72)))
    subprocess.run(["rsvg-convert", "-d", dpi, "-p", dpi, "-b", "white", "-o", str(tmp / "svg.png"), str(svg)],
                   check=True)
    return {"pdf": _ink(PILImage.open(tmp / "pdf.png")), "png": _ink(PILImage.open(io.BytesIO(render_png(page, 72)))),
            "svg": _ink(PILImage.open(tmp / "svg.png"))}


def _mismatch(ours: PILImage.Image, ref: PILImage.Image) -> float:
    """Share of the reference's ink box where the two (scaled to it) disagree."""
    from PIL import ImageChops

    scaled = ours.resize(ref.size)
    diff = ImageChops.difference(scaled.point(lambda v: 255 if v > 127 else 0), ref)
    return sum(diff.histogram()[128:]) / (ref.size[0] * ref.size[1])


@pytest.mark.needs("hb-view", "pdftoppm", "rsvg-convert", "fc-match")
@pytest.mark.parametrize("script", list(LINES))
def test_ink_matches_hb_view_in_every_backend(script: str, scripts, tmp_path: Path) -> None:
    text, face, path = scripts[script]
    ref = _hb_view(path, text, tmp_path)
    for backend, ink in _renders(_page(text, face), tmp_path).items():
        assert abs(ink.width - ref.width) <= 0.01 * ref.width + 1, (script, backend, ink.width, ref.width)
        assert abs(ink.height - ref.height) <= 2, (script, backend, ink.height, ref.height)
        assert _mismatch(ink, ref) < 0.12, (script, backend)          # the same glyphs, not others


@pytest.mark.needs("hb-view", "fc-match")
def test_unshaped_text_would_not_match(scripts, tmp_path: Path) -> None:
    """The comparison can fail: Arabic letters set one by one (isolated forms) differ from hb-view."""
    text, _face, path = scripts["arabic"]
    ref = _hb_view(path, text, tmp_path)
    apart = " ".join(text)        # spaces between letters: no joining
    ink = _hb_view(path, apart, tmp_path)
    assert abs(ink.width - ref.width) > 0.1 * ref.width or _mismatch(ink, ref) > 0.12


@pytest.mark.needs("fc-match")
def test_svg_subset_shapes_to_the_same_glyph_advances(scripts) -> None:
    """A viewer shaping the SVG's text with its embedded subset gets HarfBuzz's widths: the subset
    keeps the layout tables, and every text element's textLength is the run's shaped width."""
    import base64
    import re

    import uharfbuzz as hb

    for script, (text, face, _path) in scripts.items():
        svg = render_svg(_page(text, face)).decode("utf-8")
        (data,) = re.findall(r"base64,([A-Za-z0-9+/=]+)\)", svg)
        font = hb.Font(hb.Face(hb.Blob(base64.b64decode(data))))
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(font, buf, {})
        width = sum(p.x_advance for p in buf.glyph_positions) * 1000 / font.face.upem
        assert width == pytest.approx(shaped_width(face, text), rel=1e-6), script
        lengths = [float(v) for v in re.findall(r'textLength="([\d.]+)"', svg)]
        assert sum(lengths) == pytest.approx(shaped_width(face, text) * SIZE / 1000 * MM_PER_PT, abs=1e-3)
        assert len(shape_line(face, text)) == len(lengths)


@pytest.mark.needs("pdftotext", "pdffonts", "fc-match")
def test_pdf_text_copies_back_as_the_source(scripts, tmp_path: Path) -> None:
    pages = [_page(text, face) for text, face, _path in scripts.values()]
    pdf = tmp_path / "all.pdf"
    pdf.write_bytes(render_pdf(pages))
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    for text, _face, _path in scripts.values():
        assert text in out.replace("\u202b", "").replace("\u202c", "")     # poppler marks RTL with embeddings
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "CID Type 0C " in fonts and "(OT)" not in fonts and "CID TrueType" in fonts   # bare CFF, TrueType
    assert render_pdf(pages) == render_pdf(pages)                    # byte-stable


@pytest.mark.needs("pdftotext")
def test_a_mirrored_bracket_does_not_turn_the_brackets_of_other_text(tmp_path: Path) -> None:
    """Right-to-left "(" is drawn with the ")" glyph: the font's ToUnicode maps each glyph to its own
    shape's character, so a later "f(x)" in the same document still copies as "f(x)" (it copied as
    "f)x(" when the glyph kept the first character it stood for)."""
    pages = [Page(80, 20, items=[TextLine(4, 8, text, font="sans", size=12)])
             for text in ("שלום (עולם) [טוב]", "f(x) = [y]")]
    pdf = tmp_path / "brackets.pdf"
    pdf.write_bytes(render_pdf(pages))
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout.replace("\u202b", "").replace("\u202c", "")
    assert "f(x) = [y]" in out
