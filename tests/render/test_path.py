"""The Path primitive (moves, lines, quadratic and cubic curves, close; fill rules) in every backend."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from generator.core.errors import LayoutError
from generator.render import render_pdf, render_png, render_svg
from generator.render.recording import render_recording
from generator.scene.model import Page, Path, Stroke
from generator.scene.pathgeom import bounds, cubic_commands, flatten


def _square(x: float, y: float, side: float, clockwise: bool = True) -> list:
    corners = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
    if not clockwise:
        corners.reverse()
    return [("M", *corners[0]), *(("L", *c) for c in corners[1:]), ("Z",)]


def _ring(rule: str = "nonzero", same_winding: bool = False) -> Path:
    """A 30 mm square with a 10 mm square inside it."""
    return Path(tuple(_square(10, 10, 30) + _square(20, 20, 10, clockwise=same_winding)), fill="#204080", stroke=None, fill_rule=rule)


def _content(pdf: bytes) -> str:
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    return page.get_contents().get_data().decode("latin-1")


def test_pdf_draws_lines_curves_and_close_with_the_fill_rule() -> None:
    curve = Path((("M", 1, 2), ("L", 5, 2), ("Q", 7, 2, 7, 4), ("C", 7, 6, 5, 8, 3, 8), ("Z",)), fill="#ff0000", stroke=None)
    content = _content(render_pdf([Page(20, 20, items=[curve])]))
    assert "1 2 m 5 2 l" in content
    # the quadratic from (5,2) via (7,2) to (7,4) as the cubic with handles 2/3 of the way to (7,2)
    assert "6.333 2 7 2.667 7 4 c" in content
    assert "7 6 5 8 3 8 c h f" in content
    content = _content(render_pdf([Page(50, 50, items=[_ring("evenodd")])]))
    assert content.rstrip().split("\n")[-1].endswith("h f*") or " h f*" in content
    stroked = Path(curve.commands, fill="#ff0000", stroke=Stroke("#000000", 0.5))
    assert " h B" in _content(render_pdf([Page(20, 20, items=[stroked])]))


def test_svg_writes_a_path_element_with_its_rule() -> None:
    svg = render_svg(Page(50, 50, items=[_ring("evenodd")])).decode()
    path = re.search(r"<path [^>]*>", svg).group(0)
    assert 'd="M 10 10 L 40 10 L 40 40 L 10 40 Z M 20 30 L 30 30' in path
    assert 'fill="#204080"' in path and 'fill-rule="evenodd"' in path


def _pixel(png: bytes, x_mm: float, y_mm: float, dpi: float = 100) -> tuple:
    with PILImage.open(io.BytesIO(png)) as im:
        return im.getpixel((round(x_mm / 25.4 * dpi), round(y_mm / 25.4 * dpi)))


@pytest.mark.parametrize(("rule", "same_winding", "hole"), [
    ("nonzero", False, True),     # the inner square winds the other way: a hole
    ("nonzero", True, False),     # same way: counted twice, still filled
    ("evenodd", True, True),      # even-odd: a hole whatever the winding
])
def test_png_fills_by_the_fill_rule(rule: str, same_winding: bool, hole: bool) -> None:
    png = render_png(Page(50, 50, items=[_ring(rule, same_winding)]), dpi=100)
    assert _pixel(png, 14, 25) == (0x20, 0x40, 0x80)           # in the ring
    assert _pixel(png, 5, 5) == (255, 255, 255)                # outside
    assert (_pixel(png, 25, 25) == (255, 255, 255)) is hole    # in the middle


def test_png_draws_curves_and_strokes() -> None:
    # a disc of radius 10 from four cubic arcs, with a 1 mm black outline
    k = 10 * 0.5522847498
    disc = Path((("M", 35, 25), ("C", 35, 25 + k, 25 + k, 35, 25, 35), ("C", 25 - k, 35, 15, 25 + k, 15, 25),
                 ("C", 15, 25 - k, 25 - k, 15, 25, 15), ("C", 25 + k, 15, 35, 25 - k, 35, 25), ("Z",)),
                fill="#00a000", stroke=Stroke("#000000", 1.0))
    png = render_png(Page(50, 50, items=[disc]), dpi=100)
    assert _pixel(png, 25, 25) == (0, 0xA0, 0)
    assert _pixel(png, 25 + 7.07, 25 + 7.07) == (0, 0, 0)      # on the circle, 45 degrees: the outline
    assert _pixel(png, 25 + 8.2, 25 + 8.2) == (255, 255, 255)   # outside the curve (a polygon would differ)


def test_recording_logs_every_command() -> None:
    log = render_recording([Page(20, 20, items=[Path((("M", 1, 2), ("Q", 3, 4, 5, 6), ("Z",)), fill="#ff0000", stroke=None,
                                                fill_rule="evenodd")])])
    assert "path M 1,2 Q 3,4,5,6 Z fill=#ff0000 rule=evenodd stroke=none" in log


def test_bad_commands_are_a_layout_error() -> None:
    for commands in [(("L", 1, 2),), (("M", 1),), (("X", 1, 2),), (("M", 0, 0), ()), (("M", 0, 0), (1.0, 2, 3)),
                     (("M", 0, 0), (["L"], 1, 2)), (("M", 0, 0), ("C", 1, 2, 3, 4, 5))]:
        with pytest.raises(LayoutError):
            render_pdf([Page(20, 20, items=[Path(commands, fill="#000000")])])


def test_flatten_stays_on_the_curve_and_cubic_commands_raise_quadratics() -> None:
    quad = Path((("M", 0, 0), ("Q", 10, 0, 10, 10)), fill=None)
    points = flatten(quad, tolerance=0.01)[0][0]
    for x, y in points:   # the parabola: x = 20t - 10t^2, y = 10t^2 -> on it for some t
        t = (y / 10) ** 0.5
        assert abs(x - (20 * t - 10 * t * t)) < 0.02
    assert cubic_commands(quad.commands)[1][0] == "C"
    assert bounds(quad) == (0, 0, 10, 10)

