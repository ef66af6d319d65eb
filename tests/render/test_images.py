"""Pictures in every backend: JPEG copied into the PDF as it is, PNG with its own rows, each picture once,
resampled to a ppi cap, CMYK in its own colours, alpha kept; raster backends draw at output size."""

from __future__ import annotations

import io
import subprocess

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from generator.core.imagefile import png_header
from generator.render import render_pdf, render_png, render_svg
from generator.render.pdfimages import _png_chunks
from generator.scene.model import Group, Image, Page, translate

MM_PER_INCH = 25.4


def encode(image, fmt: str, **options) -> bytes:
    buf = io.BytesIO()
    image.save(buf, fmt, **options)
    return buf.getvalue()


def photo(size=(60, 90), seed=1) -> PILImage.Image:
    """A picture with detail (a gradient and a few blocks), so compression is not trivial."""
    image = PILImage.linear_gradient("L").resize(size).convert("RGB")
    for i in range(5):
        image.paste((40 * i + seed, 200 - 30 * i, 90), (i * size[0] // 6, i * size[1] // 6, size[0] // 2, size[1] // 2))
    return image


def image_xobjects(pdf: bytes) -> dict:
    """Every distinct image XObject of the document: indirect id -> the object."""
    found = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        xobjects = page["/Resources"].get("/XObject", {})
        for ref in xobjects.values():
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found[ref.idnum] = obj
    return found


def test_jpeg_bytes_go_into_the_pdf_unchanged():
    data = encode(photo(), "JPEG", quality=80)
    pdf = render_pdf([Page(100, 100, items=[Image(10, 10, 40, 60, data)])])
    (xobject,) = image_xobjects(pdf).values()
    assert xobject["/Filter"] == "/DCTDecode"
    assert xobject._data == data                      # the stream is the file, byte for byte
    assert b"ASCII85" not in pdf


def test_png_goes_in_with_its_own_compressed_rows():
    data = encode(photo(), "PNG")
    pdf = render_pdf([Page(100, 100, items=[Image(10, 10, 40, 60, data)])])
    (xobject,) = image_xobjects(pdf).values()
    idat = b"".join(body for kind, body in _png_chunks(data) if kind == b"IDAT")
    assert xobject._data == idat
    parms = xobject["/DecodeParms"]
    assert (parms["/Predictor"], parms["/Colors"], parms["/Columns"]) == (15, 3, 60)
    decoded = PILImage.frombytes("RGB", (60, 90), xobject.get_data())
    assert decoded.tobytes() == photo().tobytes()     # the PDF reader gets the same pixels back


def test_palette_png_keeps_its_palette_and_alpha_becomes_a_soft_mask():
    palette = photo().convert("P", palette=PILImage.Palette.ADAPTIVE, colors=16)
    with_alpha = photo().convert("RGBA")
    with_alpha.putalpha(PILImage.linear_gradient("L").resize((60, 90)))
    pdf = render_pdf([Page(100, 100, items=[Image(0, 0, 40, 60, encode(palette, "PNG")),
                                      Image(50, 0, 40, 60, encode(with_alpha, "PNG"))])])
    objects = list(image_xobjects(pdf).values())
    indexed = next(o for o in objects if isinstance(o["/ColorSpace"], list))
    assert indexed["/ColorSpace"][0] == "/Indexed" and indexed["/ColorSpace"][2] == 15
    masked = next(o for o in objects if "/SMask" in o)
    mask = masked["/SMask"].get_object()
    alpha = PILImage.frombytes("L", (60, 90), mask.get_data())
    assert alpha.tobytes() == with_alpha.getchannel("A").tobytes()


def test_an_image_on_100_cards_is_one_pdf_object():
    data = encode(photo(), "PNG")
    pages = []
    for sheet in range(12):
        cards = [Group((Image(0, 0, 63.5, 88.9, data),), transform=translate(5 + 65 * (i % 3), 5 + 90 * (i // 3)))
                 for i in range(9) if sheet * 9 + i < 100]
        pages.append(Page(210, 297, items=cards))
    pdf = render_pdf(pages)
    assert len(image_xobjects(pdf)) == 1
    assert pdf.count(b"/Subtype /Image") == 1
    assert sum(len(p.get_contents().get_data().split(b" Do")) - 1 for p in PdfReader(io.BytesIO(pdf)).pages) == 100


def test_pictures_above_the_cap_are_resampled_to_it_and_read_back_within_it():
    big = encode(photo((3000, 3000)), "JPEG", quality=85)
    page = Page(100, 100, items=[Image(0, 0, 25.4, 25.4, big)])        # one inch: 3000 ppi as given
    capped = image_xobjects(render_pdf([page], max_ppi=300))
    (xobject,) = capped.values()
    ppi = xobject["/Width"] / 1.0, xobject["/Height"] / 1.0
    assert max(ppi) <= 300 and min(ppi) >= 299
    assert xobject["/Filter"] == "/DCTDecode"                    # still a JPEG, encoded once again
    (kept,) = image_xobjects(render_pdf([page], max_ppi=0)).values()
    assert (kept["/Width"], kept._data == big) == (3000, True)


def test_placed_size_under_a_group_scale_counts_for_the_cap():
    data = encode(photo((600, 600)), "PNG")
    page = Page(100, 100, items=[Group((Image(0, 0, 25.4, 25.4, data),), transform=(0.5, 0, 0, 0.5, 0, 0))])  # half an inch
    (xobject,) = image_xobjects(render_pdf([page], max_ppi=600)).values()
    assert xobject["/Width"] == 300


def cmyk_jpeg() -> bytes:
    """Four stripes: cyan, magenta, yellow, black (Pillow writes Adobe's inverted CMYK)."""
    image = PILImage.new("CMYK", (80, 20))
    for i, ink in enumerate([(255, 0, 0, 0), (0, 255, 0, 0), (0, 0, 255, 0), (0, 0, 0, 255)]):
        image.paste(ink, (20 * i, 0, 20 * i + 20, 20))
    return encode(image, "JPEG", quality=95)


EXPECTED = [(0, 255, 255), (255, 0, 255), (255, 255, 0), (0, 0, 0)]


def _close(pixel, expected, tolerance=40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], expected, strict=True))


def test_cmyk_jpeg_colours_are_right_in_a_png_render():
    page = Page(80, 20, items=[Image(0, 0, 80, 20, cmyk_jpeg())])
    out = PILImage.open(io.BytesIO(render_png(page, dpi=25.4))).convert("RGB")
    for i, expected in enumerate(EXPECTED):
        assert _close(out.getpixel((20 * i + 10, 10)), expected), (i, out.getpixel((20 * i + 10, 10)))


@pytest.mark.needs("pdftoppm")
def test_cmyk_jpeg_colours_are_right_in_the_pdf(tmp_path):
    data = cmyk_jpeg()
    pdf = render_pdf([Page(80, 20, items=[Image(0, 0, 80, 20, data)])])
    (xobject,) = image_xobjects(pdf).values()
    assert xobject["/ColorSpace"] == "/DeviceCMYK" and list(xobject["/Decode"]) == [1, 0] * 4
    assert xobject._data == data
    (tmp_path / "c.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-png", "-r", "25.4", "-singlefile", str(tmp_path / "c.pdf"), str(tmp_path / "c")],
                   check=True)
    with PILImage.open(tmp_path / "c.png") as out:
        for i, expected in enumerate(EXPECTED):      # poppler converts as a press would: cyan is (0, 172, 239)
            pixel = out.convert("RGB").getpixel((20 * i + 10, 10))
            assert all((v < 90) if e == 0 else (v > 130) for v, e in zip(pixel, expected, strict=True)), (i, pixel)


def test_sixteen_bit_grey_png_is_brought_to_eight_bits_not_clipped():
    grey = PILImage.linear_gradient("L").resize((64, 64)).point(lambda v: v * 257, "I").convert("I;16")
    data = encode(grey, "PNG")
    assert png_header(data)[2] == 16
    pdf = render_pdf([Page(64, 64, items=[Image(0, 0, 64, 64, data)])])
    (xobject,) = image_xobjects(pdf).values()
    pixels = PILImage.frombytes("L", (64, 64), xobject.get_data())
    assert pixels.getpixel((0, 0)) < 10 and pixels.getpixel((0, 63)) > 245
    out = PILImage.open(io.BytesIO(render_png(Page(64, 64, items=[Image(0, 0, 64, 64, data)]), dpi=25.4)))
    assert out.convert("L").getpixel((5, 60)) > 230


def test_a_page_of_pictures_is_drawn_at_output_size_exactly():
    picture = photo((40, 60))
    page = Page(40, 60, items=[Image(0, 0, 40, 60, encode(picture, "PNG"))])
    out = PILImage.open(io.BytesIO(render_png(page, dpi=25.4))).convert("RGB")
    assert out.tobytes() == picture.tobytes()       # one pixel per pixel: no supersampling blur


def test_a_flipped_picture_is_mirrored_in_the_png_render():
    picture = photo((40, 60))
    flip = Group((Image(0, 0, 40, 60, encode(picture, "PNG")),), transform=(-1, 0, 0, 1, 40, 0))
    out = PILImage.open(io.BytesIO(render_png(Page(40, 60, items=[flip]), dpi=25.4))).convert("RGB")
    assert out.tobytes() == picture.transpose(PILImage.Transpose.FLIP_LEFT_RIGHT).tobytes()


def test_svg_embeds_a_jpeg_as_jpeg():
    data = encode(photo(), "JPEG")
    svg = render_svg(Page(50, 50, items=[Image(0, 0, 40, 60, data)])).decode()
    assert "data:image/jpeg;base64," in svg


def test_no_stream_of_the_example_deck_is_ascii85(tmp_path):
    from generator.cards.cli import make_deck
    from generator.publish import DeckOptions

    (path,) = make_deck("example", "example", DeckOptions(output=tmp_path / "deck.pdf", quiet=True))
    pdf = path.read_bytes()
    assert b"ASCII85" not in pdf and b"/A85" not in pdf
    reader = PdfReader(io.BytesIO(pdf))
    filters = set()
    for number in range(1, len(reader.xref_objStm) + 200):
        try:
            obj = reader.get_object(number)
        except Exception:
            continue
        if hasattr(obj, "get") and obj.get("/Filter") is not None:
            value = obj["/Filter"]
            filters.update(value if isinstance(value, list) else [value])
    assert filters and filters <= {"/FlateDecode", "/DCTDecode"}


def test_a_picture_is_decoded_once_for_many_placements(monkeypatch):
    from generator.render import images

    calls = []
    real = images.open_image
    monkeypatch.setattr(images, "open_image", lambda data, draft_size=None: calls.append(1) or real(data, draft_size))
    data = encode(photo((61, 89), seed=7), "JPEG")            # content no other test decodes
    pages = [Page(70, 100, items=[Image(0, 0, 30, 40, data), Image(35, 50, 30, 40, data)]) for _ in range(3)]
    for page in pages:
        render_png(page, dpi=50)
    assert len(calls) == 1


@pytest.mark.parametrize("pixels, kept", [(613, True), (750, True), (751, False), (900, False)])
def test_pictures_within_a_quarter_above_the_cap_keep_their_bytes(pixels, kept):
    """PPI_TOLERANCE 1.25: 613 ppi against 600 goes in as it is; beyond 750 ppi it is brought to 600."""
    from generator.render.images import PPI_TOLERANCE

    assert PPI_TOLERANCE == 1.25
    data = encode(photo((pixels, pixels)), "JPEG", quality=85)
    page = Page(100, 100, items=[Image(0, 0, 25.4, 25.4, data)])        # one inch: `pixels` ppi
    (xobject,) = image_xobjects(render_pdf([page], max_ppi=600)).values()
    assert (xobject._data == data) is kept
    assert xobject["/Width"] == (pixels if kept else 600)
