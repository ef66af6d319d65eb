"""The PNG backend's shortcuts (own encoder, reused motifs, cached glyphs, rectangle fills) give the pixels of the plain drawing."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageDraw

from generator.core.units import MM_PER_PT
from generator.render import png
from generator.render.png import encode_png, rect_pixels, render_image, render_png
from generator.scene.fonts import font_metrics, font_runs
from generator.scene.model import Circle, Group, Matrix, Page, Rect, Text, TextLine, apply


def _same(a: PILImage.Image, b: PILImage.Image) -> bool:
    return a.size == b.size and a.mode == b.mode and ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA", "1", "P"])
def test_encoded_png_reads_back_exactly(mode: str) -> None:
    image = PILImage.effect_noise((37, 23), 60).convert(mode)
    blob = encode_png(image, 300)
    back = PILImage.open(io.BytesIO(blob))
    back.load()
    assert back.mode == mode and back.tobytes() == image.tobytes()
    assert round(back.info["dpi"][0]) == 300
    if mode in ("L", "RGB", "RGBA"):              # ours: one IDAT, every row unfiltered
        start = blob.index(b"IDAT") + 4
        size = int.from_bytes(blob[start - 8:start - 4], "big")
        rows = zlib.decompress(blob[start:start + size])
        stride = len(rows) // image.height
        assert all(rows[i] == 0 for i in range(0, len(rows), stride))
    assert encode_png(image, 300) == blob


def test_rect_pixels_match_pillows_polygon_fill() -> None:
    rng = random.Random(7)
    for n in range(3000):
        w, h = rng.randint(3, 30), rng.randint(3, 30)
        x0, x1 = sorted(rng.uniform(-8, w + 8) for _ in range(2))
        y0, y1 = sorted(rng.uniform(-8, h + 8) for _ in range(2))
        if n % 3 == 0:
            x0, x1, y0, y1 = (round(v * 2) / 2 for v in (x0, x1, y0, y1))
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        corners = corners[::-1] if n % 2 else corners[1:] + corners[:1]
        drawn = PILImage.new("RGB", (w, h), "white")
        ImageDraw.Draw(drawn).polygon(corners, fill=(9, 8, 7))
        filled = PILImage.new("RGB", (w, h), "white")
        box = rect_pixels(corners, (w, h))
        assert box is not None
        if box[2] > box[0] and box[3] > box[1]:
            filled.paste((9, 8, 7), box)
        assert _same(drawn, filled), corners
    assert rect_pixels([(0, 0), (2, 0), (3, 2), (0, 2)], (9, 9)) is None


_DOTS: dict[str, tuple[Circle, ...]] = {}


def _card(colour: str, words: str) -> Page:
    """Cards share one tuple of dots per colour, as a deck's pattern groups do."""
    dots = _DOTS.setdefault(colour, tuple(Circle(2 + 3 * (i % 6), 12 + 3 * (i // 6), 0.8, fill=colour, stroke=None)
                                          for i in range(24)))
    return Page(40, 40, (Rect(0, 0, 40, 40, fill="#f2e8d5", stroke=None),
                         Rect(1.3, 2.7, 30.1, 5.55, fill=colour, stroke=None),
                         Group(dots, clip=Rect(1, 10, 20, 14, fill=None, stroke=None, radius=2)),
                         Group(dots, clip=Rect(21.3, 10.2, 15, 12, fill=None, stroke=None)),
                         Text(2, 28, 36, 10, words, font="serif", size=9, color="#2b2118")))


def _plain(monkeypatch: pytest.MonkeyPatch, page: Page) -> PILImage.Image:
    """The page drawn without any shortcut (no motif reuse, every fill a polygon, glyphs by ImageDraw.text)."""
    with monkeypatch.context() as m:
        m.setattr(png, "is_motif", lambda group: False)
        m.setattr(png, "rect_pixels", lambda points, size: None)
        m.setattr(png.PngBackend, "_glyphs", _text_glyphs)
        return render_image(page, 150)


def _text_glyphs(self: png.PngBackend, draw: ImageDraw.ImageDraw, m: Matrix, item: TextLine, fill: png.Ink) -> None:
    """Each glyph by ImageDraw.text, as the backend drew them before its glyph cache."""
    fm = font_metrics(item.font)
    unit = item.size / 1000.0 * MM_PER_PT
    x = item.x
    for name, chunk in font_runs(item.font, item.text):
        font = png._pil_font(name, round(item.size * MM_PER_PT * m[0], 2))
        for ch in chunk:
            if not ch.isspace():
                draw.text(apply(m, x, item.y), ch, font=font, fill=fill, anchor="ls")
            x += fm.widths.get(ord(ch), fm.default_width) * unit


def test_shortcuts_give_the_plain_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    png._MOTIF_CACHE.clear()
    pages = [_card(c, t) for c, t in (("#a03020", "Sel de mer"), ("#2050a0", "Poivre"), ("#a03020", "Sel de mer"))]
    fast = [render_image(p, 150) for p in pages]
    assert len(png._MOTIF_CACHE) == 4          # two clips x two colours; the third card reused its motifs
    for page, image in zip(pages, fast, strict=True):
        assert _same(image, _plain(monkeypatch, page))
    assert not _same(fast[0], fast[1])


def test_motif_not_reused_over_other_pixels() -> None:
    png._MOTIF_CACHE.clear()
    first = _card("#a03020", "x")
    other = Page(40, 40, (Rect(0, 0, 40, 40, fill="#102030", stroke=None), *first.items[1:]))
    render_image(first, 150)
    again = render_image(other, 150)
    png._MOTIF_CACHE.clear()
    assert _same(again, render_image(other, 150))
    assert render_png(other, 150) == render_png(other, 150)
