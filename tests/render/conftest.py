"""Shared pages for the render tests: a sample page with every primitive, accents and rotated text."""

from __future__ import annotations

import io

import pytest

from generator.scene.model import (
    Circle,
    Group,
    Image,
    Line,
    Page,
    Polygon,
    Rect,
    Stroke,
    Text,
    compose,
    rotate,
    translate,
)

ACCENTS = "àèéìòùçãõâêôœ ÀÉÇ"


def tiny_png(color=(200, 30, 30, 255), size=(8, 4)) -> bytes:
    from PIL import Image as PILImage

    buf = io.BytesIO()
    PILImage.new("RGBA", size, color).save(buf, "PNG")
    return buf.getvalue()


def sample_page(label: str = "sample") -> Page:
    items = [
        Rect(10, 10, 90, 120, fill="#f4ecd8", stroke=Stroke("#333333", 0.5), radius=5),
        Text(15, 15, 80, 15, "Titolo " + ACCENTS, font="serif-bold", size=18, align="center"),
        Text(15, 32, 80, 40, "Il était une fois, à côté de la forêt: ação, coração, œuvre. "
             + ACCENTS, size=11),
        Line(15, 90, 95, 90, stroke=Stroke("#aa0000", 0.4, dash=(2, 1))),
        Circle(35, 108, 12, fill="#2266aa"),
        Polygon([(60, 96), (90, 100), (80, 125)], fill="#66aa22"),
        Group((Rect(0, 0, 40, 20, fill="#ffcc00"), Text(2, 2, 36, 16, "Tourné 90°", size=10)),
              transform=compose(translate(140, 15), rotate(90))),
        Group((Circle(40, 170, 25, fill="#cc3366"),), clip=Rect(20, 150, 40, 30, radius=4)),
        Image(10, 200, 40, 20, tiny_png()),
    ]
    return Page(160, 240, items=items, label=label, trim_box=(10, 10, 140, 220),
                bleed_box=(5, 5, 150, 230))


@pytest.fixture
def page() -> Page:
    return sample_page()


@pytest.fixture
def make_page():
    """The sample page builder (call with a label)."""
    return sample_page


@pytest.fixture
def accents() -> str:
    return ACCENTS


@pytest.fixture
def png_bytes():
    """A small RGBA PNG builder."""
    return tiny_png
