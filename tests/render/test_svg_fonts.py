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
        page.add(TextLine(10.0, 20.0 + 18.0 * i, text, font, size, "#000000"))
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
        assert width == pytest.approx(text_width(used, font_name, size), rel=1e-3)
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
