"""PDF images are drawn upright: the image's top row lands at the top of its box."""

from __future__ import annotations

import io

from PIL import Image as PILImage
from pypdf import PdfReader
from pypdf.generic import ContentStream

from generator.render import render_pdf
from generator.scene.model import Image, Page


def _png() -> bytes:
    picture = PILImage.new("RGB", (4, 4), "white")
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    return buffer.getvalue()


def _mul(m, n):
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def _image_matrices(pdf_bytes: bytes) -> list[tuple]:
    """The current transformation matrix at every image drawn (PDF user space, y up)."""
    reader = PdfReader(io.BytesIO(pdf_bytes))
    page = reader.pages[0]
    ops = ContentStream(page.get_contents(), reader).operations
    ctm, stack, found = (1, 0, 0, 1, 0, 0), [], []
    for operands, operator in ops:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = _mul(tuple(float(v) for v in operands), ctm)
        elif operator == b"Do":
            found.append(ctm)
    return found


def test_image_is_upright_and_in_its_box() -> None:
    page = Page(100, 100, [Image(10, 20, 30, 40, _png())])
    (m,) = _image_matrices(render_pdf([page]))
    a, b, c, d, e, f = m
    assert d > 0, "image drawn upside down"          # the top row sits at the higher y
    mm = 72 / 25.4
    assert abs(a - 30 * mm) < 0.01 and abs(d - 40 * mm) < 0.01
    assert abs(e - 10 * mm) < 0.01
    assert abs(f - (100 - 20 - 40) * mm) < 0.01      # box bottom, in y-up points
