"""The PNG backend's shortcuts (own encoder, reused motifs and openings, cached glyphs and outlines) give the plain drawing's pixels."""

from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageDraw

from generator.core.units import MM_PER_PT
from generator.render import png, pngreuse
from generator.render.png import encode_png, rect_pixels, render_image, render_png
from generator.scene.model import (
    Circle,
    Group,
    Image,
    Line,
    Matrix,
    Page,
    Path,
    Polygon,
    Rect,
    Stroke,
    Text,
    TextLine,
    apply,
    compose,
    rotate,
    translate,
)
from generator.scene.text import placed_glyphs


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
    return Page(40, 40, items=(Rect(0, 0, 40, 40, fill="#f2e8d5", stroke=None),
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


def _text_glyphs(self: png.PngBackend, target: PILImage.Image, m: Matrix, item: TextLine, fill: png.Ink) -> None:
    """Each shaped glyph that is a character's own by ImageDraw.text at its shaped place, as the
    backend drew them before its glyph cache (the line's glyphs here are all a character's own)."""
    draw = ImageDraw.Draw(target)
    for face, gid, x, y, chars in placed_glyphs(item):
        assert chars and png.nominal_glyph(face, chars) == gid
        if not chars.isspace():
            font = png._pil_font(face, round(item.size * MM_PER_PT * m[0], 2))
            draw.text(apply(m, x, y), chars, font=font, fill=fill, anchor="ls")


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
    other = Page(40, 40, items=(Rect(0, 0, 40, 40, fill="#102030", stroke=None), *first.items[1:]))
    render_image(first, 150)
    again = render_image(other, 150)
    png._MOTIF_CACHE.clear()
    assert _same(again, render_image(other, 150))
    assert render_png(other, 150) == render_png(other, 150)


def _deck_card(colour: str, title: str, width: float = 40) -> Page:
    """A card as the card engine draws one: a group clipped to the page, opening with the bleed,
    a rounded panel and a title bar (alike on cards of one colour), then the card's own title."""
    frame = Rect(0, 0, width, 50, fill=None, stroke=None)
    return Page(width, 50, items=[Group((Rect(0, 0, width, 50, fill=colour, stroke=None),
                                   Rect(2, 2, width - 4, 46, fill="#fbf6ec", stroke=None, radius=2.5),
                                   Rect(3, 3, width - 6, 8, fill=colour, stroke=Stroke("#222222", 0.3), radius=1.5),
                                   Text(4, 3, width - 8, 8, title, font="serif", size=8, color="#ffffff"),
                                   Circle(width - 8, 20, 4, fill="#fbf6ec", stroke=Stroke(colour, 0.6, dash=(1, 0.5)))),
                                  clip=frame)],
                label=title)


def _busy_card(colour: str, title: str, picture: bytes) -> Page:
    """A deck card with, after its opening, every way the backend paints: a dashed ring, a
    picture, a path, turned text (drawn on a layer), a clipped rounded group, and a rule."""
    card = _deck_card(colour, title)
    group = card.items[0]
    assert isinstance(group, Group)
    extra = (Image(6, 14, 12, 9, picture),
             Path((("M", 22, 14), ("C", 30, 12, 34, 22, 26, 24), ("Z",)), fill=colour, stroke=Stroke("#000000", 0.2)),
             Group((Text(0, 0, 30, 6, f"{title} turned", font="sans", size=6, color=colour),),
                   transform=compose(translate(8, 46), rotate(-90))),
             Group((Rect(10, 30, 30, 15, fill=colour, stroke=None), Circle(14, 34, 3, fill="#ffffff", stroke=None)),
                   clip=Rect(12, 32, 20, 10, fill=None, stroke=None, radius=2)),
             Line(4, 47, 36, 47.2, stroke=Stroke("#333333", 0.4)),
             Polygon([(30, 26), (36, 27), (33, 31)], fill="#123456", stroke=None),
             Path((("M", 4, 26), ("Q", 8, 20, 10, 28), ("Z",)), fill="#654321", stroke=None))
    return Page(40, 50, items=[Group(group.items + extra, clip=group.clip)], label=title)


def _without_memory(monkeypatch: pytest.MonkeyPatch, page: Page, dpi: float) -> PILImage.Image:
    """The page drawn from white, item by item, every outline computed afresh."""
    with monkeypatch.context() as m:
        m.setattr(pngreuse, "opening", lambda where, items: pngreuse.Opening(0, 0, None))
        m.setattr(png, "_shape", png._shape.__wrapped__)
        return render_image(page, dpi)


def test_pages_opening_alike_start_from_the_kept_canvas_with_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    pngreuse.forget()
    starts: list[pngreuse.Opening] = []
    real = pngreuse.opening
    monkeypatch.setattr(pngreuse, "opening", lambda where, items: starts.append(real(where, items)) or starts[-1])
    deck = [_deck_card(c, f"Card {i}") for i, c in enumerate(["#a63d2f", "#2e7d4f", "#a63d2f", "#2e7d4f", "#a63d2f"])]
    drawn = [render_image(page, 150) for page in deck]
    # the first card of a colour draws everything; the second draws the opening (3 items) and keeps
    # the canvas; the third starts from it
    assert [(s.start, s.keep, s.canvas is not None) for s in starts] == [
        (0, 0, False), (0, 0, False), (0, 3, False), (0, 3, False), (3, 3, True)]
    monkeypatch.undo()
    for page, image in zip(deck, drawn, strict=True):
        assert _same(image, _without_memory(monkeypatch, page, 150))
    assert not _same(drawn[2], drawn[4])         # their own titles are drawn over the kept opening


def test_a_kept_opening_serves_only_its_size_and_matrix(monkeypatch: pytest.MonkeyPatch) -> None:
    pngreuse.forget()
    for i, dpi in enumerate((150, 150, 200, 200, 150)):      # the 3 opening items kept at 150 and 200 dpi
        render_image(_deck_card("#2f4f8f", f"Warm {i}"), dpi)
    same = _deck_card("#2f4f8f", "Shifted").items[0]
    assert isinstance(same, Group)
    shifted = Page(40, 50, items=[Group((Group(same.items),), transform=translate(0.5, 0.25))])     # same size, other matrix
    for page, dpi in ((_deck_card("#2f4f8f", "Other"), 200), (_deck_card("#2f4f8f", "Wider", 44), 150), (shifted, 150)):
        assert _same(render_image(page, dpi), _without_memory(monkeypatch, page, dpi))
    assert render_png(_deck_card("#2f4f8f", "Again"), 150) == render_png(_deck_card("#2f4f8f", "Again"), 150)


def test_only_a_group_drawn_straight_on_the_canvas_leads() -> None:
    size = (80, 100)
    base: Matrix = (2.0, 0.0, 0.0, 2.0, 0.0, 0.0)
    card = _deck_card("#a63d2f", "x")
    group = card.items[0]
    assert isinstance(group, Group)
    assert png._lead_group(card.items, base, size) == (group, base)
    inner = Group(group.items, clip=Rect(1, 1, 30, 30, fill=None, stroke=None))
    assert png._lead_group([inner], base, size) is None            # clipped to part of the page: a copy
    assert png._lead_group([Rect(0, 0, 1, 1, fill="#000000", stroke=None), group], base, size) is None
    moved = Group((group,), transform=translate(1, 2))          # its clip no longer covers the page
    assert png._lead_group([moved], base, size) == (moved, (2.0, 0.0, 0.0, 2.0, 2.0, 4.0))
    unclipped = Group(group.items)
    assert png._lead_group([Group((unclipped,), transform=translate(1, 2))], base, size) == (unclipped, (2.0, 0.0, 0.0, 2.0, 2.0, 4.0))


def test_the_zlib_fallback_writes_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    image = PILImage.effect_noise((61, 17), 40).convert("RGB")
    fast = encode_png(image, 300)
    monkeypatch.setattr(png, "_compressor", lambda: zlib.compressobj(png.PNG_COMPRESS_LEVEL))
    slow = encode_png(image, 300)
    for blob in (fast, slow):
        back = PILImage.open(io.BytesIO(blob))
        back.load()
        assert back.tobytes() == image.tobytes()


def test_after_a_kept_opening_only_what_is_drawn_on_is_reduced_again(monkeypatch: pytest.MonkeyPatch) -> None:
    pngreuse.forget()
    picture = PILImage.new("RGBA", (24, 18), (40, 120, 200, 160))
    buf = io.BytesIO()
    picture.save(buf, "PNG")
    deck = [_busy_card(c, f"Card {i}", buf.getvalue()) for i, c in enumerate(["#a63d2f", "#a63d2f", "#a63d2f"])]
    reduced: list[pngreuse.Touched] = []
    real = pngreuse.Touched.reduce
    monkeypatch.setattr(pngreuse.Touched, "reduce", lambda self, canvas: reduced.append(self) or real(self, canvas))
    drawn = [render_image(page, 150) for page in deck]
    assert len(reduced) == 2                     # the second card kept the opening, the third started from it
    boxes = reduced[-1].boxes()
    area = sum((r - x) * (b - y) for x, y, r, b in boxes)
    assert boxes and area < 0.9 * reduced[-1].size[0] * reduced[-1].size[1]
    monkeypatch.undo()
    for page, image in zip(deck, drawn, strict=True):
        assert _same(image, _without_memory(monkeypatch, page, 150))


def _paste_converted(target: PILImage.Image, item: Image, m: Matrix, pixels: tuple[int, int], supersample: int) -> None:
    """The picture scaled, flipped, converted to RGB and pasted through its alpha band, afresh each time."""
    from generator.render.images import fitted

    xs = sorted((m[4], m[4] + pixels[0] * m[0]))
    ys = sorted((m[5], m[5] + pixels[1] * m[3]))
    left, top, right, bottom = round(xs[0]), round(ys[0]), round(xs[1]), round(ys[1])
    size = (right - left, bottom - top)
    out = (-(-size[0] // supersample), -(-size[1] // supersample))
    picture = fitted(item, out).resize(size, PILImage.Resampling.NEAREST)
    if m[0] < 0:
        picture = picture.transpose(PILImage.Transpose.FLIP_LEFT_RIGHT)
    if m[3] < 0:
        picture = picture.transpose(PILImage.Transpose.FLIP_TOP_BOTTOM)
    target.paste(picture.convert("RGB"), (left, top), picture.getchannel("A"))


@pytest.mark.parametrize("alpha", [255, 140])
def test_placed_pictures_are_kept_with_the_same_pixels(monkeypatch: pytest.MonkeyPatch, alpha: int) -> None:
    pngreuse.forget()
    picture = PILImage.effect_noise((30, 20), 70).convert("RGB")
    picture.putalpha(alpha)
    buf = io.BytesIO()
    picture.save(buf, "PNG")
    shown = Image(0, 0, 15, 10, buf.getvalue())
    page = Page(40, 30, items=[Rect(0, 0, 40, 30, fill="#d0c0a0", stroke=None), Image(2, 2, 15, 10, buf.getvalue()),
                         Group((shown,), transform=compose(translate(38, 28), (-1.0, 0.0, 0.0, -1.0, 0.0, 0.0)))])
    fast = [render_image(page, 150) for _ in range(2)]
    assert len(pngreuse._PLACED) == 2 and all(opaque == (alpha == 255) for _, opaque in pngreuse._PLACED.values())
    monkeypatch.setattr(png, "paste_fitted", _paste_converted)
    for image in fast:
        assert _same(image, render_image(page, 150))
