"""SVG art: real game-icons SVGs drawn as vector paths in PDF and SVG, rasterised in PNG, recoloured, refused when unsafe.

The icons are the ones the Codenames picture deck ships (card_data/codenames/pictures/, CC BY 3.0,
credited in ATTRIBUTION.md there).
"""

from __future__ import annotations

import io
import re

import pytest
import svgelements as se
from PIL import Image as PILImage
from pypdf import PdfReader

from generator import paths
from generator.core.errors import DataError
from generator.render import render_pdf, render_png, render_svg
from generator.scene.model import Page, Path
from generator.scene.svgart import art_items, load_svg, parse_svg

ICONS = ["anchor", "crown", "owl", "sun", "moon"]
RED = "#c0392b"


def icon(name: str):
    return paths.card_data("codenames", "pictures", f"{name}.svg")


def _on_curve_points(name: str, k: float, ox: float, oy: float) -> list[tuple[float, float]]:
    """The end points of every segment of the icon's drawing (not the background), by svgelements, in mm."""
    svg = se.SVG.parse(str(icon(name)), reify=True)
    shapes = [el for el in svg.elements() if isinstance(el, se.Path)]
    points = []
    for segment in se.Path(shapes[-1]):
        if isinstance(segment, (se.Move, se.Line, se.CubicBezier, se.QuadraticBezier, se.Arc)):
            points.append((round(segment.end.x * k + ox, 3), round(segment.end.y * k + oy, 3)))
    return points


def _pdf_end_points(content: str) -> list[tuple[float, float]]:
    """The end point of every m, l and c operator of the content stream (mm: the page maps mm to pt)."""
    tokens = content.split()
    out, numbers = [], []
    for token in tokens:
        if re.fullmatch(r"-?\d+(\.\d+)?", token):
            numbers.append(float(token))
            continue
        if token in ("m", "l", "c") and len(numbers) >= 2:
            out.append((round(numbers[-2], 3), round(numbers[-1], 3)))
        numbers = []
    return out


def _page(name: str, **recolour) -> Page:
    return Page(60, 60, items=art_items(load_svg(icon(name)), 5, 5, 50, 50, **recolour))


@pytest.mark.parametrize("name", ICONS)
def test_pdf_paths_follow_the_svg_geometry(name: str) -> None:
    pdf = render_pdf([_page(name, fill=RED, background=False)])
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    content = page.get_contents().get_data().decode("latin-1")
    expected = _on_curve_points(name, 50 / 512, 5, 5)
    drawn = _pdf_end_points(content)
    assert len(expected) > 10
    # arcs become one or more cubics: every end point svgelements computes is among the drawn ones
    drawn_set = set(drawn)
    missing = [p for p in expected if not any(abs(p[0] - q[0]) < 0.002 and abs(p[1] - q[1]) < 0.002
                                              for q in drawn_set)]
    assert not missing, missing[:5]
    assert "0.753 0.224 0.169 rg" in content                      # recoloured: #c0392b
    resources = page["/Resources"]
    assert "/XObject" not in resources                                # vector: no image object


@pytest.mark.parametrize("name", ICONS)
def test_background_square_is_kept_or_dropped(name: str) -> None:
    art = load_svg(icon(name))
    assert art.width == art.height == 512
    assert art.is_background(art.shapes[0])
    kept = art_items(art, 0, 0, 10, 10)
    dropped = art_items(art, 0, 0, 10, 10, background=False)
    assert len(kept) == len(dropped) + 1
    assert kept[0].commands[0] == ("M", 0.0, 0.0) and kept[0].fill == "#000000"
    assert {p.fill for p in dropped} == {"#ffffff"}                   # game-icons: white art on black
    assert {p.fill for p in art_items(art, 0, 0, 10, 10, fill=RED)} == {RED}


def _colours(png: bytes) -> dict:
    with PILImage.open(io.BytesIO(png)) as im:
        return {colour: count for count, colour in im.getcolors(1 << 20)}


@pytest.mark.parametrize("name", ICONS[:3])
def test_png_rasterises_the_recoloured_art(name: str) -> None:
    colours = _colours(render_png(_page(name, fill=RED, background=False), dpi=150))
    total = sum(colours.values())
    assert colours.get((0xC0, 0x39, 0x2B), 0) > 0.05 * total         # the art, in its new colour
    assert colours.get((0, 0, 0), 0) == 0                             # no background square
    with_background = _colours(render_png(_page(name), dpi=150))
    assert with_background.get((0, 0, 0), 0) > 0.3 * total             # the black square is back


@pytest.mark.parametrize("name", ICONS[:2])
def test_svg_output_has_vector_paths_not_images(name: str) -> None:
    svg = render_svg(_page(name, fill=RED, background=False)).decode()
    assert "<image" not in svg
    assert len(re.findall(r"<path ", svg)) == 1 and 'fill="#c0392b"' in svg


def test_stretch_cover_and_strokes() -> None:
    data = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
            b'<rect x="0" y="0" width="20" height="10" fill="none" stroke="#00ff00" stroke-width="2"/></svg>')
    art = parse_svg(data, "box.svg")
    (item,) = art_items(art, 0, 0, 40, 40, fit="stretch")
    assert isinstance(item, Path) and item.fill is None and item.stroke.color == "#00ff00"
    xs = [c[1] for c in item.commands if c[0] != "Z"]
    assert min(xs) == 0 and max(xs) == 40
    (contained,) = art_items(art, 0, 0, 40, 40)
    assert contained.stroke.width == pytest.approx(4.0)              # 2 units at 2 mm per unit
    (group,) = art_items(art, 0, 0, 40, 40, fit="cover")
    assert group.clip is not None and group.clip.w == 40


BAD = {
    "not xml": (b"<svg><path d='M0 0'</svg>", "not well-formed"),
    "script": (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "script"),
    "handler": (b'<svg xmlns="http://www.w3.org/2000/svg"><path onclick="x()" d="M0 0h9v9z"/></svg>', "script"),
    "image": (b'<svg xmlns="http://www.w3.org/2000/svg"><image href="secret.png"/></svg>', "image"),
    "use outside": (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
                    b'<use xlink:href="other.svg#a"/></svg>', "links to"),
    "url": (b'<svg xmlns="http://www.w3.org/2000/svg"><path fill="url(http://x/y#g)" d="M0 0h9v9z"/></svg>',
            "another file"),
    "style import": (b'<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(a.css);</style></svg>',
                     "another file"),
    "entity": (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
               b'<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>', "entities"),
    "text": (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><text>hi</text></svg>', "text"),
    "empty": (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"></svg>', "draws nothing"),
    "not svg": (b"<html></html>", "not an SVG"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_malformed_or_unsafe_svg_is_one_clear_error_naming_the_file(case: str) -> None:
    data, words = BAD[case]
    with pytest.raises(DataError) as err:
        parse_svg(data, "art/bad.svg")
    message = str(err.value)
    assert "art/bad.svg" in message and words in message and "\n" not in message


def test_internal_references_are_allowed() -> None:
    data = (b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            b'viewBox="0 0 10 10"><defs><path id="p" d="M0 0h5v5z"/></defs>'
            b'<use xlink:href="#p" fill="#123456"/></svg>')
    art = parse_svg(data, "ok.svg")
    assert [s.fill for s in art.shapes] == ["#123456"]
