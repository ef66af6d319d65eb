"""PDF images are drawn upright: the image's top row lands at the top of its box."""

from __future__ import annotations

import io

from PIL import Image as PILImage
from scene_helpers import read_pdf_shapes

from generator.render import render_pdf
from generator.scene.model import Image, Page


def _png() -> bytes:
    picture = PILImage.new("RGB", (4, 4), "white")
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    return buffer.getvalue()


def test_image_is_upright_and_in_its_box() -> None:
    page = Page(100, 100, items=[Image(10, 20, 30, 40, _png())])
    (m,) = read_pdf_shapes(render_pdf([page]))[0].images
    a, _b, _c, d, e, f = m
    assert d > 0, "image drawn upside down"          # the top row sits at the higher y
    mm = 72 / 25.4
    assert abs(a - 30 * mm) < 0.01 and abs(d - 40 * mm) < 0.01
    assert abs(e - 10 * mm) < 0.01
    assert abs(f - (100 - 20 - 40) * mm) < 0.01      # box bottom, in y-up points
