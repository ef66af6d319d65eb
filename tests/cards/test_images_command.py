"""`pnpgen images`: pairing, natural order, quantities, size and bleed detection, made bleed, and the same
PDF geometry as `pnpgen cards` on an equivalent data file and template."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image as PILImage
from PIL import ImageDraw
from pypdf import PdfReader

from generator.cards import images as deck
from generator.core.errors import DataError
from generator.render.bleed import make_bleed, prepare


def card(path: Path, size=(750, 1050), colour=(200, 60, 40), fmt=None, mode="RGB") -> Path:
    """A card image with a distinct left edge (a gradient) and a label square, so mirrors show."""
    image = PILImage.new(mode, size, colour)
    draw = ImageDraw.Draw(image)
    for x in range(0, 40):
        draw.line((x, 0, x, size[1]), fill=(6 * x, 255 - 6 * x, (x * 37) % 256))
    draw.rectangle((size[0] // 3, size[1] // 3, size[0] // 2, size[1] // 2), fill=(20, 20, 120))
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, fmt or ("JPEG" if path.suffix == ".jpg" else "PNG"))
    return path


def test_natural_order_qty_suffix_and_pairing_by_name(tmp_path):
    for name in ("10.png", "2.png", "1.png", "dragon x3.png"):
        card(tmp_path / "fronts" / name)
        card(tmp_path / "backs" / name.replace(" x3", ""), colour=(0, 0, 90))
    entries = deck.collect(str(tmp_path / "fronts"), str(tmp_path / "backs"))
    assert [e.front.name for e in entries] == ["1.png", "2.png", "10.png", "dragon x3.png"]
    assert [e.back.name for e in entries] == ["1.png", "2.png", "10.png", "dragon.png"]
    assert [e.qty for e in entries] == [1, 1, 1, 3]


def test_unpaired_files_are_listed_in_the_error(tmp_path):
    for name in ("1.png", "2.png", "3.png"):
        card(tmp_path / "fronts" / name)
    for name in ("1.png", "4.png"):
        card(tmp_path / "backs" / name)
    with pytest.raises(DataError) as info:
        deck.collect(str(tmp_path / "fronts"), str(tmp_path / "backs"))
    assert "fronts without a back: 2.png, 3.png" in info.value.message
    assert "backs without a front: 4.png" in info.value.message


def test_silhouette_card_maker_folders(tmp_path):
    root = tmp_path / "game"
    for name in ("a.png", "b.png", "c.png"):
        card(root / "front" / name)
    card(root / "back" / "common.png")
    card(root / "double_sided" / "b.png")
    entries = deck.collect(str(root), None)
    assert [(e.front.name, e.back.parent.name, e.back.name) for e in entries] == [
        ("a.png", "back", "common.png"), ("b.png", "double_sided", "b.png"), ("c.png", "back", "common.png")]


def test_a_list_file_with_quantities(tmp_path):
    card(tmp_path / "art" / "hero.png")
    card(tmp_path / "art" / "villain.jpg")
    listing = tmp_path / "deck.txt"
    listing.write_text("# the deck\nart/villain.jpg x2\nart/hero.png\n", encoding="utf-8")
    assert [(f.name, q) for f, q in deck.front_files(str(listing))] == [("villain.jpg", 2), ("hero.png", 1)]


@pytest.mark.parametrize(("pixels", "name", "bleed"), [
    ((750, 1050), "poker", 0.0),                 # 2.5 x 3.5 in at 300 ppi
    ((821, 1121), "poker", 3.0),                 # plus 3 mm each side
    ((825, 1125), "poker", 25.4 / 8),            # plus 1/8 in
    ((1500, 2100), "poker", 0.0),                # 600 ppi
    ((675, 1050), "bridge", 0.0),
    ((827, 827), "square", 0.0),
])
def test_card_size_and_bleed_are_detected_from_pixels(pixels, name, bleed):
    fit = deck.detect(pixels)
    assert fit is not None and fit.name == name and fit.bleed == pytest.approx(bleed)


def test_a_given_card_size_still_detects_the_bleed():
    fit = deck.detect((821, 1121), *deck.card_of("poker"))
    assert fit.bleed == 3.0 and fit.card == (63.5, 88.9)
    assert deck.detect((800, 800), *deck.card_of("poker")) is None


def test_mixed_sizes_are_an_error_naming_the_odd_ones(tmp_path):
    faces = [deck.Face(tmp_path / f"{i}.png", (750, 1050)) for i in range(5)]
    faces.append(deck.Face(tmp_path / "odd.png", (1000, 1000)))
    with pytest.raises(DataError) as info:
        deck.fit_all(faces, None, "", None)
    assert "odd ones: odd.png (1000x1000 px)" in info.value.message


def test_mirror_bleed_pixels_equal_the_mirrored_edge(tmp_path, pnpgen):
    fronts = tmp_path / "fronts"
    card(fronts / "1.png")
    out = tmp_path / "faces"
    code, _, err = pnpgen("images", fronts, "--bleed", "2.54", "--format", "png", "-o", out, "--duplex", "none")
    assert code == 0, err
    assert "poker (63.5x88.9 mm) with no bleed, 300 ppi; making 2.54 mm bleed (mirror)" in err
    with PILImage.open(out / "fronts-001.png") as face:
        face = face.convert("RGB")
        assert face.size == (750 + 60, 1050 + 60)                       # 0.1 in = 30 px each side
        row = 500
        for i in range(30):
            assert face.getpixel((29 - i, row)) == face.getpixel((30 + i, row))    # left strip
            assert face.getpixel((400, 29 - i)) == face.getpixel((400, 30 + i))    # top strip
        assert face.getpixel((0, 0)) == face.getpixel((59, 59))                    # the corner, both ways
    with PILImage.open(fronts / "1.png") as source:
        assert face.crop((30, 30, 780, 1080)).tobytes() == source.convert("RGB").tobytes()


def test_extend_and_colour_bleed_in_pixels():
    image = PILImage.new("RGB", (20, 10), (10, 20, 30))
    image.putpixel((0, 5), (255, 0, 0))
    extended = make_bleed(image, (4, 2), "extend")
    assert extended.size == (28, 14)
    assert [extended.getpixel((x, 7)) for x in range(4)] == [(255, 0, 0)] * 4
    coloured = make_bleed(image, (4, 2), "colour")
    assert coloured.getpixel((0, 0)) == (10, 20, 30) and coloured.getpixel((4, 7)) == (255, 0, 0)


def test_rounded_transparent_corners_are_filled():
    image = PILImage.new("RGBA", (200, 300), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, 199, 299), radius=20, fill=(30, 140, 60, 255))
    buf = io.BytesIO()
    image.save(buf, "PNG")
    filled = PILImage.open(io.BytesIO(prepare(buf.getvalue(), (0, 0), "mirror", True)))
    assert filled.mode == "RGB" and filled.getpixel((0, 0)) == (30, 140, 60)


def test_images_pdf_geometry_equals_cards(tmp_path, pnpgen):
    fronts = tmp_path / "fronts"
    for i in (1, 2, 3, 10):
        card(fronts / f"{i}.{'jpg' if i % 2 else 'png'}", colour=(20 * i, 90, 200))
    card(tmp_path / "back.png", colour=(0, 0, 80))
    code, _, err = pnpgen("images", fronts, "--backs", tmp_path / "back.png", "--bleed", "0",
                          "-o", tmp_path / "images.pdf", "-q")
    assert code == 0, err
    data = tmp_path / "deck.csv"
    data.write_text("front\n" + "".join(f"fronts/{n}\n" for n in ("1.jpg", "2.png", "3.jpg", "10.png")),
                    encoding="utf-8")
    template = tmp_path / "deck.yaml"
    template.write_text("card: poker\nbleed: 0\nbackground: none\n"
                        "front:\n  - {kind: image, x: 0, y: 0, w: 63.5, h: 88.9, src: '{front}', fit: stretch}\n"
                        "back:\n  - {kind: image, x: 0, y: 0, w: 63.5, h: 88.9, src: back.png, fit: stretch}\n",
                        encoding="utf-8")
    code, _, err = pnpgen("cards", data, template, "-o", tmp_path / "cards.pdf", "-q")
    assert code == 0, err
    made, wanted = (_geometry(tmp_path / name) for name in ("images.pdf", "cards.pdf"))
    assert made == wanted and len(made) == 2                  # a page of fronts, a page of backs
    assert sum(len(page["images"]) for page in made) == 8
    jpeg = (fronts / "1.jpg").read_bytes()
    assert jpeg in (tmp_path / "images.pdf").read_bytes()    # the JPEG went in as it is


def _geometry(pdf: Path) -> list[dict]:
    """Each page's boxes and its pictures: (placement matrix, XObject width, height)."""
    reader = PdfReader(pdf)
    pages = []
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        content = page.get_contents().get_data().decode("latin-1")
        placed = re.findall(r"q ([-\d. ]+) cm /(\S+) Do Q", content)
        images = [(matrix, xobjects["/" + name]["/Width"], xobjects["/" + name]["/Height"])
                  for matrix, name in placed]
        # a card face drawn more than once is a form XObject: its pictures, each time it is placed
        for name in re.findall(r"/(\S+) Do", content):
            form = xobjects["/" + name]
            if form["/Subtype"] != "/Form":
                continue
            inner = form.get_data().decode("latin-1")
            inner_x = form["/Resources"]["/XObject"]
            images += [(matrix, inner_x["/" + n]["/Width"], inner_x["/" + n]["/Height"])
                       for matrix, n in re.findall(r"q ([-\d. ]+) cm /(\S+) Do Q", inner)]
        pages.append({"media": list(page.mediabox), "trim": list(page.trimbox), "images": images})
    return pages


def test_mirrored_bleed_keeps_each_picture_once_and_jpeg_unchanged(tmp_path, pnpgen):
    fronts = tmp_path / "fronts"
    for i in (1, 2, 3):
        card(fronts / f"{i}.jpg", colour=(60 * i, 90, 200))
    code, _, err = pnpgen("images", fronts, "-o", tmp_path / "deck.pdf", "-q")
    assert code == 0, err
    pdf = (tmp_path / "deck.pdf").read_bytes()
    (page,) = PdfReader(tmp_path / "deck.pdf").pages
    placements = re.findall(r" cm /(\S+) Do", page.get_contents().get_data().decode("latin-1"))
    assert len(placements) == 27 and len(set(placements)) == 3     # 9 placements (8 mirrored) per card
    assert pdf.count(b"/Subtype /Image") == 3
    for i in (1, 2, 3):
        assert (fronts / f"{i}.jpg").read_bytes() in pdf


def test_check_reads_a_jpeg_picture_size_from_its_header(pnpgen, write, tmp_path):
    card(tmp_path / "d" / "pic.jpg", size=(60, 80))
    data = write("d/cards.yaml", "cards:\n  - {name: A}\n")
    tmpl = write("t.yaml", """
        card: 60x80
        background: none
        front:
          - {id: pic, kind: image, x: 0, y: 0, w: 60, h: 80, src: pic.jpg}
        """)
    code, out, _ = pnpgen("cards", data, tmpl, "--check")
    assert code == 0
    assert "picture is 25 ppi at its placed size 60.0 x 80.0 mm (60 x 80 px; 200 ppi wanted)" in out
    assert "alpha channel" not in out                     # a JPEG has none
