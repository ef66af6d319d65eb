"""SVG that looks the same everywhere: fonts embedded as subsets, or text as outlines that librsvg
draws on a machine that knows no fonts at all, line for line as wide as the PDF's."""

from __future__ import annotations

import base64
import io
import re
import subprocess

import pytest
from PIL import Image as PILImage

from generator.render import render_pdf, render_svg
from generator.scene.model import Page, TextLine
from generator.scene.text import text_width

LINES = [("sans", 14.0, "Quick brown foxes jump over the lazy dog, façade 1234"),
         ("serif-bold", 14.0, "Marché des Saveurs: Bœuf bourguignon à la crème"),
         ("mono", 12.0, "mono 0123456789 <tags> & {braces}"),
         ("sans-italic", 11.0, "Junta-a a qualquer receita de verão e ganha mais um ponto")]
DPI = 200


def _page() -> Page:
    page = Page(190.0, 20.0 + 18.0 * len(LINES), label="widths")
    for i, (font, size, text) in enumerate(LINES):
        page.add(TextLine(10.0, 20.0 + 18.0 * i, text, font=font, size=size, color="#000000"))
    return page


def _ink_widths(png: bytes) -> list[float]:
    """Ink width in mm of each line's band (columns holding a dark pixel)."""
    with PILImage.open(io.BytesIO(png)) as im:
        grey = im.convert("L")
        px_per_mm = grey.size[0] / 190.0
        widths = []
        for i in range(len(LINES)):
            top, bottom = round((20.0 + 18.0 * i - 9) * px_per_mm), round((20.0 + 18.0 * i + 4) * px_per_mm)
            band = grey.crop((0, top, grey.size[0], bottom)).point(lambda v: 255 if v < 128 else 0)
            box = band.getbbox()
            widths.append(0.0 if box is None else (box[2] - box[0]) / px_per_mm)
        return widths


@pytest.fixture
def no_fonts(tmp_path):
    """An environment whose fontconfig knows no fonts (no DejaVu, nothing to substitute)."""
    conf = tmp_path / "fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                    f"<fontconfig><cachedir>{tmp_path / 'cache'}</cachedir></fontconfig>\n",
                    encoding="utf-8")
    import os

    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def _rsvg(svg: bytes, env) -> bytes:
    done = subprocess.run(["rsvg-convert", "-d", str(DPI), "-p", str(DPI), "-b", "white"],
                          input=svg, capture_output=True, env=env, check=True, timeout=60)
    return done.stdout


def _pdf_png(tmp_path) -> bytes:
    pdf = tmp_path / "w.pdf"
    pdf.write_bytes(render_pdf([_page()]))
    subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-singlefile", str(pdf), str(tmp_path / "w")],
                   check=True, timeout=60)
    return (tmp_path / "w.png").read_bytes()


@pytest.mark.needs("rsvg-convert", "pdftoppm")
def test_outlined_text_keeps_the_pdf_line_widths_without_any_installed_font(tmp_path, no_fonts):
    pdf_widths = _ink_widths(_pdf_png(tmp_path))
    svg_widths = _ink_widths(_rsvg(render_svg(_page(), text="paths"), no_fonts))
    for (font, _size, text), pdf_w, svg_w in zip(LINES, pdf_widths, svg_widths, strict=True):
        assert pdf_w > 40.0, text
        assert svg_w == pytest.approx(pdf_w, rel=0.01), (font, pdf_w, svg_w)
    # the control: named fonts alone, on the same machine, do not hold the widths
    named = _ink_widths(_rsvg(render_svg(_page(), text="fonts"), no_fonts))
    assert any(abs(n - p) > 0.01 * p for n, p in zip(named, pdf_widths, strict=True))


def test_the_svg_carries_a_subset_of_each_font_it_uses() -> None:
    from fontTools.ttLib import TTFont

    svg = render_svg(_page()).decode("utf-8")
    faces = re.findall(r"font-family:'(pnpgen-[a-z-]+)';font-weight:(\w+);font-style:(\w+);"
                       r"src:url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)", svg)
    assert sorted(f[0] for f in faces) == ["pnpgen-mono", "pnpgen-sans", "pnpgen-sans-italic",
                                          "pnpgen-serif-bold"]
    for family, _weight, _style, data in faces:
        font = TTFont(io.BytesIO(base64.b64decode(data)))
        cmap = font.getBestCmap()
        used = next(text for f, _s, text in LINES if f"pnpgen-{f}" == family)
        assert set(map(ord, used)) <= set(cmap)                  # every character drawn is there
        assert len(cmap) <= len(set(used)) + 2                    # and little else: a subset
        hmtx, upm = font["hmtx"], font["head"].unitsPerEm
        size = next(s for f, s, _t in LINES if f"pnpgen-{f}" == family)
        width = sum(hmtx[cmap[ord(c)]][0] for c in used) / upm * size * 25.4 / 72
        font_name = family.removeprefix("pnpgen-")
        # the shaped width: the advances, kerned (never by more than a few per cent in these lines)
        assert text_width(used, font_name, size) == pytest.approx(width, rel=0.02)
        assert "GPOS" in font or "kern" in font or font_name == "mono"   # the viewer kerns as HarfBuzz did
        font.close()
    # each text names its own face first, then the installed family, then a generic one
    assert "font-family=\"'pnpgen-serif-bold', 'DejaVu Serif', serif\"" in svg
    assert "font-family=\"'pnpgen-mono', 'DejaVu Sans Mono', monospace\"" in svg
    assert render_svg(_page()) == render_svg(_page())         # byte-stable


def test_svg_text_paths_from_the_command_line(tmp_path) -> None:
    from generator.cli import cli
    from generator.cli.common import run_cli

    assert run_cli(cli, ["cards", "example", "example", "--format", "svg", "--svg-text", "paths",
                         "-q", "-o", str(tmp_path)]) == 0
    svg = (tmp_path / "example-001.svg").read_text(encoding="utf-8")
    assert "<text" not in svg and "@font-face" not in svg and svg.count("<path") > 5


def _faces(svg: str) -> dict[str, bytes]:
    found = re.findall(r"font-family:'(pnpgen-[a-z-]+)';[^}]*?base64,([A-Za-z0-9+/=]+)\)", svg)
    return {family: base64.b64decode(data) for family, data in found}


def test_the_lazy_subset_is_the_eager_subset_byte_for_byte() -> None:
    """Fonts are loaded lazily (only the kept glyphs decompiled): the bytes stay those of an eager load."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    from generator.render.svgfonts import subset_ttf
    from generator.scene.fonts import font_path

    chars = "Marché des Saveurs: Bœuf 1234"
    options = subset.Options()
    options.layout_features, options.name_IDs, options.notdef_outline = ["*"], [1, 2, 3, 4, 6], True
    options.recalc_timestamp, options.hinting = False, False
    options.drop_tables = [*options.drop_tables, "FFTM"]
    eager = TTFont(str(font_path("serif-bold")), recalcTimestamp=False, lazy=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted({ord(c) for c in chars}))
    subsetter.subset(eager)
    out = io.BytesIO()
    eager.save(out)
    assert subset_ttf("serif-bold", "".join(sorted(set(chars)))) == out.getvalue()


def test_a_run_wide_charset_puts_one_subset_of_each_font_in_every_face() -> None:
    from fontTools.ttLib import TTFont

    from generator.render.svg import text_chars

    pages = [Page(60.0, 20.0, label=f"p{i}") for i in range(3)]
    for page, text in zip(pages, ("Alpha", "Beta ç", "Gamma"), strict=True):
        page.add(TextLine(5.0, 10.0, text, font="sans", size=12.0, color="#000000"))
    pages[2].add(TextLine(5.0, 16.0, "Bold!", font="serif-bold", size=12.0, color="#000000"))
    charset = text_chars(pages)
    assert charset == {"sans": "".join(sorted(set("AlphaBeta çGamma"))), "serif-bold": "!Bdlo"}
    faces = [_faces(render_svg(p, charset=charset).decode()) for p in pages]
    assert [sorted(f) for f in faces] == [["pnpgen-sans"], ["pnpgen-sans"], ["pnpgen-sans", "pnpgen-serif-bold"]]
    assert faces[0]["pnpgen-sans"] == faces[1]["pnpgen-sans"] == faces[2]["pnpgen-sans"]
    font = TTFont(io.BytesIO(faces[0]["pnpgen-sans"]))
    assert set(font.getBestCmap()) == {ord(c) for c in charset["sans"]}     # the whole run's letters
    # a page setting a letter the charset lacks keeps a subset of its own
    odd = Page(60.0, 20.0)
    odd.add(TextLine(5.0, 10.0, "Zed", font="sans", size=12.0, color="#000000"))
    own = _faces(render_svg(odd, charset=charset).decode())["pnpgen-sans"]
    assert set(TTFont(io.BytesIO(own)).getBestCmap()) == {ord(c) for c in "Zed"}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_svg_faces_of_a_deck_share_one_subset_whatever_the_jobs(tmp_path, jobs) -> None:
    from generator.cli import cli
    from generator.cli.common import run_cli

    out = tmp_path / jobs
    assert run_cli(cli, ["cards", "example", "example", "--format", "svg", "--jobs", jobs,
                         "-q", "-o", str(out)]) == 0
    files = sorted(out.glob("*.svg"))
    assert len(files) > 10
    sans = {_faces(f.read_text(encoding="utf-8")).get("pnpgen-sans") for f in files} - {None}
    assert len(sans) == 1                                   # one subset for the whole run
    if jobs == "2":
        one = tmp_path / "1"
        if not one.exists():
            run_cli(cli, ["cards", "example", "example", "--format", "svg", "--jobs", "1",
                          "-q", "-o", str(one)])
        assert [f.read_bytes() for f in files] == [(one / f.name).read_bytes() for f in files]
