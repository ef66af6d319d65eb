"""PNG backend: pixel size for the dpi, RGB on white, and shapes, clips, images and rotated text where the model puts them."""

from __future__ import annotations

import io

import pytest
from PIL import Image as PILImage

from generator.core.units import MM_PER_PT
from generator.render import render_png
from generator.render.png import render_image
from generator.scene.fonts import font_metrics
from generator.scene.model import (
    Circle,
    Group,
    Image,
    Line,
    Page,
    Rect,
    Stroke,
    Text,
    TextLine,
    compose,
    rotate,
    translate,
)
from generator.scene.text import layout_text, text_width

DPI = 50.8    # 2 pixels per mm


def _image(page: Page, dpi: float = DPI) -> PILImage.Image:
    return PILImage.open(io.BytesIO(render_png(page, dpi=dpi)))


def _at(img, x_mm: float, y_mm: float, dpi: float = DPI):
    k = dpi / 25.4
    return img.getpixel((int(x_mm * k), int(y_mm * k)))


@pytest.mark.parametrize("size, dpi, pixels", [
    ((210, 297), 300, (2480, 3508)),
    ((63.5, 88.9), 300, (750, 1050)),
    ((215.9, 279.4), 150, (1275, 1650)),
    ((70, 70), 96, (265, 265)),
])
def test_pixel_size_for_dpi(size, dpi, pixels) -> None:
    img = _image(Page(*size), dpi)
    assert img.size == pixels
    assert img.mode == "RGB"
    assert img.getpixel((pixels[0] // 2, pixels[1] // 2)) == (255, 255, 255)
    assert img.info["dpi"] == pytest.approx((dpi, dpi), abs=0.05)   # PNG stores whole px per metre


def test_rotated_group_lands_where_the_transform_says() -> None:
    rect = Rect(0, 0, 20, 10, fill="#ff0000", stroke=None)
    # rotate 90° clockwise: (x, y) → (-y, x), then move by (50, 20): x in [40, 50], y in [20, 40]
    group = Group((rect,), transform=compose(translate(50, 20), rotate(90)))
    img = _image(Page(100, 100, items=[group]))
    assert _at(img, 45, 30) == (255, 0, 0)
    assert _at(img, 41, 21) == (255, 0, 0) and _at(img, 49, 39) == (255, 0, 0)
    assert _at(img, 55, 25) == (255, 255, 255)     # where the unrotated rect would be
    assert _at(img, 45, 45) == (255, 255, 255)
    assert _at(img, 35, 30) == (255, 255, 255)


def _text_box(angle: int):
    """A text line turned by angle about (50, 50); returns the page and its expected bbox (mm)."""
    line = TextLine(50, 50, "HHHHHH", font="sans-bold", size=30, color="#000000")
    width = text_width(line.text, line.font, line.size)
    font_metrics(line.font)
    cap = 0.73 * line.size * MM_PER_PT       # height of H above the baseline
    corners = [(50, 50 - cap), (50 + width, 50 - cap), (50, 50), (50 + width, 50)]
    m = rotate(angle, 50, 50)
    pts = [(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]) for x, y in corners]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Page(120, 120, items=[Group((line,), transform=m)]), (min(xs), min(ys), max(xs), max(ys))


@pytest.mark.parametrize("angle", [0, 90, 180, 270])
def test_rotated_text_is_drawn_inside_its_turned_box(angle: int) -> None:
    page, (x0, y0, x1, y1) = _text_box(angle)
    img = _image(page).convert("L")
    k = DPI / 25.4
    dark = [(x / k, y / k) for y in range(img.height) for x in range(img.width)
            if img.getpixel((x, y)) < 128]
    assert len(dark) > 200
    xs, ys = [p[0] for p in dark], [p[1] for p in dark]
    tol = 1.0
    assert x0 - tol <= min(xs) and max(xs) <= x1 + tol
    assert y0 - tol <= min(ys) and max(ys) <= y1 + tol
    # the ink spreads over most of the box (so it is the text, turned, not a speck)
    assert max(xs) - min(xs) > (x1 - x0) * 0.8 and max(ys) - min(ys) > (y1 - y0) * 0.8


def test_clip_keeps_only_the_clip_area() -> None:
    circle = Circle(35, 35, 25, fill="#0000ff", stroke=None)
    img = _image(Page(80, 80, items=[Group((circle,), clip=Rect(20, 20, 30, 30))]))
    assert _at(img, 25, 25) == (0, 0, 255)
    assert _at(img, 15, 35) == (255, 255, 255)     # inside the circle, outside the clip
    assert _at(img, 55, 35) == (255, 255, 255)


def test_clip_applies_in_the_groups_own_coordinates() -> None:
    inner = Group((Rect(0, 0, 40, 40, fill="#00aa00", stroke=None),), clip=Rect(0, 0, 10, 10))
    img = _image(Page(80, 80, items=[Group((inner,), transform=translate(30, 30))]))
    assert _at(img, 35, 35) == (0, 170, 0)
    assert _at(img, 45, 45) == (255, 255, 255)


def test_rounded_corners_dashes_and_images(png_bytes) -> None:
    items = [Rect(10, 10, 40, 40, fill="#000000", stroke=None, radius=8),
             Line(10, 70, 90, 70, stroke=Stroke("#000000", 1.0, dash=(4, 4))),
             Image(60, 10, 20, 10, png_bytes())]
    img = _image(Page(100, 100, items=items))
    assert _at(img, 10.6, 10.6) == (255, 255, 255)   # cut-off corner
    assert _at(img, 30, 30) == (0, 0, 0)
    assert _at(img, 10.6, 30) == (0, 0, 0)
    assert _at(img, 12, 70) == (0, 0, 0)           # dash on 10..14
    assert _at(img, 16, 70) == (255, 255, 255)     # gap 14..18
    assert _at(img, 20, 70) == (0, 0, 0)           # next dash 18..22
    assert _at(img, 70, 15) == (200, 30, 30)


def test_text_lines_end_where_the_layout_says() -> None:
    box = Text(10, 10, 80, 40, "Mmmm mmmm mmmm mmmm mmmm mmmm mmmm mmmm ÀÉÇ", size=14, align="right")
    img = render_image(Page(100, 60, items=[box]), dpi=254).convert("L")    # 10 px per mm
    for line in layout_text(box):
        row = round(line.y * 10) - 3          # just above the baseline
        dark = [x for x in range(img.width) if img.getpixel((x, row)) < 128]
        assert dark, line.text
        assert abs(max(dark) / 10 - 90) < 0.6  # right-aligned at x = 90 mm (glyph side bearing)
        assert min(dark) / 10 >= line.x - 0.1


def test_supersampling_smooths_edges() -> None:
    page = Page(40, 40, items=[Circle(20, 20, 15, fill="#000000", stroke=None)])
    smooth = render_image(page, dpi=DPI, supersample=2).convert("L")
    hard = render_image(page, dpi=DPI, supersample=1).convert("L")
    greys = lambda img: sum(img.histogram()[1:255])  # noqa: E731
    assert greys(smooth) > greys(hard)
    assert smooth.size == hard.size == (80, 80)


def test_bad_image_data_and_huge_pages_are_layout_errors() -> None:
    from generator.core.errors import LayoutError
    from generator.render import render_pdf

    bad = Page(20, 20, items=[Image(0, 0, 10, 10, b"not an image")])
    with pytest.raises(LayoutError):
        render_png(bad, dpi=50)
    with pytest.raises(LayoutError):
        render_pdf([bad])
    with pytest.raises(LayoutError) as err:
        render_png(Page(1000, 1000), dpi=600)
    assert "dpi" in str(err.value)


def test_transparent_image_blends_over_what_is_below(png_bytes) -> None:
    items = [Rect(0, 0, 40, 40, fill="#0000ff", stroke=None),
             Image(10, 10, 20, 20, png_bytes((255, 0, 0, 0)))]      # fully transparent
    assert _at(_image(Page(40, 40, items=items)), 20, 20) == (0, 0, 255)
