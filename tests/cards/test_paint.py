"""Opacity and gradients (issue 33): `opacity:` on any element and gradient fills print alike in PDF (/ca),
SVG and PNG (pixel-compared), SVG art's own gradients are drawn (not black), and PDF/X flattens both to
CMYK pictures with no transparency left and the ink cap kept; --check --format pdfx names the text the
flattening turns into pixels."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image as PILImage
from tests.cards.test_pdfx import _ink

from generator.cards.build import build_cards
from generator.cards.records import load_records
from generator.cards.templates import load_template
from generator.core.errors import TemplateError
from generator.render.pdf import render_pdf
from generator.scene.imposition import card_pages
from generator.scene.model import Gradient, Group, Rect

CARD = """\
name: paint
card: 60x60
bleed: 0
safe: 2
background: "#ffffff"
front:
"""
DATA = "- {name: A, colour: '#0000ff', alpha: 0.5}\n"
HALF = "  - {id: veil, kind: rect, x: 10, y: 10, w: 40, h: 40, fill: '#000000', opacity: 0.5}\n"
FRAMED = ("  - {id: frame, kind: rect, x: 10, y: 10, w: 40, h: 40, fill: '#ff0000', stroke: '#000000', "
          "stroke_width: 4, opacity: 0.5}\n")
RAMP = ("  - {id: ramp, kind: rect, x: 0, y: 0, w: 60, h: 30, fill: {linear: ['#000000', '#ffffff'], angle: 0}}\n"
        "  - {id: sun, kind: circle, cx: 30, cy: 45, r: 14, fill: {radial: ['#ffff00', '{colour}']}}\n")


def _deck(tmp_path: Path, elements: str, data: str = DATA) -> tuple[Path, Path]:
    (tmp_path / "d.yaml").write_text(data, "utf-8")
    (tmp_path / "t.yaml").write_text(CARD + elements, "utf-8")
    return tmp_path / "d.yaml", tmp_path / "t.yaml"


def _faces(tmp_path: Path, pnpgen, elements: str, dpi: int = 60) -> dict[str, PILImage.Image]:
    """The card face drawn by each backend, as RGB pixels at `dpi`: PDF through pdftoppm, SVG through
    rsvg-convert, PNG as written."""
    data, template = _deck(tmp_path, elements)
    out = {}
    assert pnpgen("cards", data, template, "--format", "png", "--dpi", dpi, "-o", tmp_path / "png")[0] == 0
    out["png"] = PILImage.open(tmp_path / "png" / "d-001.png").convert("RGB")
    assert pnpgen("cards", data, template, "--format", "svg", "-o", tmp_path / "svg")[0] == 0
    size = out["png"].width
    subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-o", str(tmp_path / "svg.png"),
                    str(tmp_path / "svg" / "d-001.svg")], check=True)
    out["svg"] = PILImage.open(tmp_path / "svg.png").convert("RGB")
    # the PDF backend on the same face, a page of its own (a sheet would place it elsewhere)
    (tmp_path / "sheet.pdf").write_bytes(render_pdf(card_pages(build_cards(load_records(data), load_template(template)),
                                                               (60, 60), 0)))
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-singlefile", str(tmp_path / "sheet.pdf"),
                    str(tmp_path / "pdf")], check=True)
    out["pdf"] = PILImage.open(tmp_path / "pdf.png").convert("RGB").resize((size, size))
    return out


def _at(image: PILImage.Image, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    k = image.width / 60
    pixel: tuple[int, int, int] = image.getpixel((int(x_mm * k), int(y_mm * k)))
    return pixel


def _close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.mark.needs("pdftoppm", "rsvg-convert")
def test_half_opacity_prints_half_in_pdf_svg_and_png(tmp_path, pnpgen) -> None:
    faces = _faces(tmp_path, pnpgen, HALF)
    for name, face in faces.items():
        assert _close(_at(face, 30, 30), (128, 128, 128), 3), name        # black at 0.5 over white
        assert _at(face, 5, 5) == (255, 255, 255), name
    svg = (tmp_path / "svg" / "d-001.svg").read_text("utf-8")
    assert '<g opacity="0.5">' in svg
    with pikepdf.open(tmp_path / "sheet.pdf") as pdf:
        forms = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Form"]
        assert any(form.get("/Group", {}).get("/S") == "/Transparency" for form in forms)
    with pikepdf.open(tmp_path / "sheet.pdf") as pdf:
        states = [dict(s) for page in pdf.pages for s in page.Resources.get("/ExtGState", {}).values()]
        found = {(k, float(v)) for state in states for k, v in state.items()}
        assert {("/ca", 0.5), ("/CA", 0.5)} <= found          # fills and strokes at half
        content = b"".join(page.Contents.read_bytes() for page in pdf.pages)
        assert content.count(b" gs") >= 2


@pytest.mark.needs("pdftoppm", "rsvg-convert")
def test_an_element_fades_as_one_its_outline_over_its_fill_too(tmp_path, pnpgen) -> None:
    faces = _faces(tmp_path, pnpgen, FRAMED)
    for name, face in faces.items():
        inner, outer = _at(face, 11.5, 30), _at(face, 8.5, 30)      # the outline's halves: over the fill, outside
        assert _close(inner, outer, 4) and _close(inner, (128, 128, 128), 4), (name, inner, outer)
        assert _close(_at(face, 30, 30), (255, 128, 128), 4), name    # red at 0.5 over white
        # (shape by shape, the outline's inner half would be black at 0.5 over that pink: (128, 64, 64))


@pytest.mark.needs("pdftoppm", "rsvg-convert")
def test_gradients_match_across_the_three_backends(tmp_path, pnpgen) -> None:
    faces = _faces(tmp_path, pnpgen, RAMP)
    for x in (3, 15, 30, 45, 57):              # the linear ramp, left to right: black to white
        level = round(255 * x / 60)
        for name, face in faces.items():
            assert _close(_at(face, x, 15), (level,) * 3, 8), (name, x, _at(face, x, 15))
    for name, face in faces.items():           # the radial one: yellow in the middle, the card's blue out
        assert _close(_at(face, 30, 45), (255, 255, 0), 12), name
        edge = _at(face, 30, 45 + 12.5)
        assert edge[2] > 180 and edge[0] < 60, (name, edge)
    for x, y in ((8, 8), (30, 25), (22, 40), (36, 52)):
        assert _close(_at(faces["png"], x, y), _at(faces["pdf"], x, y), 10)
        assert _close(_at(faces["png"], x, y), _at(faces["svg"], x, y), 10)


def test_pdfx_flattens_transparency_and_gradients_to_capped_cmyk(tmp_path, pnpgen) -> None:
    data, template = _deck(tmp_path, RAMP + HALF)
    assert pnpgen("cards", data, template, "--format", "pdfx", "-o", tmp_path / "x.pdf")[0] == 0
    raw = (tmp_path / "x.pdf").read_bytes()
    assert raw.startswith(b"%PDF-1.3\n") and b"/Shading" not in raw
    with pikepdf.open(tmp_path / "x.pdf") as pdf:
        pictures = 0
        for obj in pdf.objects:
            if not isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                continue
            for key in ("/SMask", "/Group", "/BM"):
                assert key not in obj
            for key in ("/CA", "/ca"):
                assert float(obj.get(key, 1)) == 1.0
            if obj.get("/Subtype") == "/Image":
                pictures += 1
                assert obj.ColorSpace == "/DeviceCMYK"
                assert _ink(pikepdf.PdfImage(obj).as_pil_image()) <= 240.0
        assert pictures == 3         # the two gradients (clipped pictures) and the flattened veil


@pytest.mark.needs("pdftoppm")
def test_pdfx_looks_like_the_pdf(tmp_path, pnpgen) -> None:
    data, template = _deck(tmp_path, RAMP + HALF)
    assert pnpgen("cards", data, template, "--format", "pdfx", "-o", tmp_path / "pdfx.pdf")[0] == 0
    (tmp_path / "pdf.pdf").write_bytes(render_pdf(card_pages(build_cards(load_records(data), load_template(template)),
                                                             (60, 60), 0)))
    for fmt in ("pdf", "pdfx"):
        subprocess.run(["pdftoppm", "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile",
                        str(tmp_path / f"{fmt}.pdf"), str(tmp_path / fmt)], check=True)
    with pikepdf.open(tmp_path / "pdfx.pdf") as pdf:
        bleed = float(pdf.pages[0].TrimBox[0]) / 72 * 25.4          # the page holds the card and its bleed
    pdf, pdfx = (PILImage.open(tmp_path / f"{fmt}.png").convert("RGB") for fmt in ("pdf", "pdfx"))
    k = 72 / 25.4
    for x, y in ((5, 15), (30, 15), (30, 26), (20, 35), (45, 45), (30, 45)):
        ours = pdf.getpixel((int(x * k), int(y * k)))
        flat = pdfx.getpixel((int((x + bleed) * k), int((y + bleed) * k)))
        # CMYK through a press profile: colours move a little, never to another colour
        assert _close(ours, flat, 40), (x, y, ours, flat)


def test_check_for_pdfx_names_text_under_or_in_a_transparent_element(tmp_path, pnpgen) -> None:
    elements = ("  - {id: title, kind: text, x: 12, y: 12, w: 30, h: 8, text: '{name}'}\n" + HALF +
                "  - {id: over, kind: text, x: 12, y: 30, w: 30, h: 8, text: 'on top'}\n"
                "  - {id: ghost, kind: text, x: 12, y: 40, w: 30, h: 8, text: 'faint', opacity: 0.3}\n")
    data, template = _deck(tmp_path, elements)
    code, out, _ = pnpgen("cards", data, template, "--check", "--format", "pdfx")
    assert code == 0
    lines = [line for line in out.splitlines() if "pdfx" in line]
    assert len(lines) == 2, out
    assert "front element 'veil': transparent (opacity) over the text of front element 'title'" in lines[0]
    assert "'over'" not in out                              # drawn after it: stays sharp type
    assert "front element 'ghost': transparent over the text of" not in out
    assert any("front element 'ghost': transparent text" in line for line in lines)
    code, out, _ = pnpgen("cards", data, template, "--check")
    assert "pdfx" not in out                               # other formats keep the transparency


def test_opacity_from_a_field_and_bad_values(tmp_path) -> None:
    data, template = _deck(tmp_path, "  - {id: veil, kind: rect, x: 0, y: 0, w: 9, h: 9, fill: red, "
                                     "opacity: '{alpha}'}\n", DATA + "- {name: B, colour: '#000', alpha: 1}\n")
    first, second = build_cards(load_records(data), load_template(template))
    (group,) = [i for i in first.front if isinstance(i, Group)]
    assert group.opacity == 0.5 and isinstance(group.items[0], Rect)
    assert not any(isinstance(i, Group) for i in second.front)         # opaque: drawn as it is
    for bad, message in (("1.5", "opacity goes from 0 (invisible) to 1 (opaque), not 1.5"),
                         ("{linear: ['#fff']}", "a gradient needs a list of 2 to 32 stops"),
                         ("{linear: ['#fff', '#000'], radius: 3}", "expected a colour, or a gradient"),
                         ("{radial: [[0.5, '#fff'], [0.2, '#000']]}", "in order of their offsets")):
        key = "opacity" if bad == "1.5" else "fill"
        template.write_text(CARD + f"  - {{id: v, kind: rect, {key}: {bad}}}\n", "utf-8")
        with pytest.raises(TemplateError, match=r"t\.yaml") as info:
            build_cards(load_records(data), load_template(template))
        assert message in str(info.value) and "front element 'v'" in str(info.value)


def test_gradient_stops_and_angle(tmp_path) -> None:
    data, template = _deck(tmp_path, "  - {id: g, kind: rect, fill: {linear: [[0, red], ['40%', '#00ff00'], "
                                     "[1, blue]], angle: 45}}\n")
    (card,) = build_cards(load_records(data), load_template(template))
    gradient = card.front[-1].fill
    assert isinstance(gradient, Gradient) and gradient.box and gradient.angle == 45
    assert gradient.stops == ((0.0, "#c62828"), (0.4, "#00ff00"), (1.0, "#1565c0"))   # pnpgen's named red, blue


SVG_ART = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="#ff0000"/><stop offset="1" style="stop-color:#0000ff"/></linearGradient>
<radialGradient id="r" cx="50" cy="75" r="20" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="white"/><stop offset="1" stop-color="green"/></radialGradient></defs>
<g transform="translate(0,0)"><rect x="0" y="0" width="100" height="50" fill="url(#g)"/></g>
<circle cx="50" cy="75" r="20" fill="url(#r)" opacity="0.5"/>
</svg>"""


def test_svg_art_gradients_and_opacity_are_drawn_not_black(tmp_path, pnpgen) -> None:
    (tmp_path / "art.svg").write_text(SVG_ART, "utf-8")
    data, template = _deck(tmp_path, "  - {id: art, kind: image, src: art.svg, x: 0, y: 0, w: 60, h: 60}\n")
    assert pnpgen("cards", data, template, "--format", "png", "--dpi", 60, "-o", tmp_path / "png")[0] == 0
    face = PILImage.open(tmp_path / "png" / "d-001.png").convert("RGB")
    assert _close(_at(face, 1, 15), (255, 0, 0), 12) and _close(_at(face, 59, 15), (0, 0, 255), 12)
    assert _close(_at(face, 30, 15), (128, 0, 128), 12)
    centre, edge = _at(face, 30, 45), _at(face, 30, 56.5)     # white to SVG green (#008000), at half opacity
    assert _close(centre, (255, 255, 255), 12)
    assert _close(edge, (128, 191, 128), 20), edge


def test_the_preview_warns_under_the_card_when_it_prints_pdfx(tmp_path) -> None:
    from generator.preview.deck import LiveDeck

    data, template = _deck(tmp_path, "  - {id: title, kind: text, x: 12, y: 12, w: 30, h: 8, text: '{name}'}\n" + HALF)
    deck = LiveDeck(data, template)
    deck.refresh()
    assert not any("pdfx" in w for w in deck.cards[0].warnings)
    deck = LiveDeck(data, template)
    deck.pdfx = True
    deck.refresh()
    assert any(w.startswith("front element 'veil': transparent (opacity) over the text of front element 'title'")
               for w in deck.cards[0].warnings), deck.cards[0].warnings


TEXT_RAMP = ("  - {id: bar, kind: text, x: 2, y: 20, w: 56, h: 20, text: '■■■■', size: 40, wrap: false, "
             "align: center, color: {linear: ['#ff0000', '#0000ff'], angle: 0}}\n")


@pytest.mark.needs("pdftoppm", "rsvg-convert")
def test_a_gradient_text_colour_matches_across_the_backends(tmp_path, pnpgen) -> None:
    faces = _faces(tmp_path, pnpgen, TEXT_RAMP)
    png = faces["png"]
    k = png.width / 60
    row = int(31 * k)
    inked = [x for x in range(png.width) if png.getpixel((x, row)) != (255, 255, 255)]
    first, last = inked[0] / k + 2, inked[-1] / k - 2          # inside the first and the last square
    for name, face in faces.items():
        left, right = _at(face, first, 31), _at(face, last, 31)
        assert left[0] > 180 and left[2] < 90, (name, left)       # red end of the box's gradient
        assert right[2] > 180 and right[0] < 90, (name, right)    # blue end
        assert _close(_at(face, 30, 31), _at(png, 30, 31), 12), name
    data, template = _deck(tmp_path, TEXT_RAMP)
    assert pnpgen("cards", data, template, "--format", "pdfx", "-o", tmp_path / "x.pdf")[0] == 0
    with pikepdf.open(tmp_path / "x.pdf") as pdf:       # the glyphs clip a CMYK picture: no shading
        content = b"".join(o.read_bytes() for o in pdf.objects if isinstance(o, pikepdf.Stream)
                           and o.get("/Subtype") == "/Form")
        assert b"7 Tr" in content and b"/Shading" not in (tmp_path / "x.pdf").read_bytes()


def test_a_gradient_text_with_icons_asks_for_a_colour(tmp_path) -> None:
    (tmp_path / "coin.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                       '<rect width="10" height="10"/></svg>', "utf-8")
    data, template = _deck(tmp_path, "  - {id: t, kind: text, x: 2, y: 2, w: 50, h: 9, text: 'a <coin> b', "
                                     "color: {linear: [red, blue]}}\n")
    template.write_text(template.read_text("utf-8").replace("front:\n", "icons: {coin: coin.svg}\nfront:\n"), "utf-8")
    with pytest.raises(TemplateError, match="a gradient colour is for text without inline icons"):
        build_cards(load_records(data), load_template(template))


FADING_ART = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><linearGradient id="g">
<stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#000" stop-opacity="0.2"/></linearGradient>
<rect width="10" height="10" fill="url(#g)"/></svg>"""


def test_check_for_pdfx_names_text_under_svg_art_with_stop_opacity(tmp_path, pnpgen) -> None:
    (tmp_path / "fade.svg").write_text(FADING_ART, "utf-8")
    data, template = _deck(tmp_path, "  - {id: title, kind: text, x: 12, y: 12, w: 30, h: 8, text: '{name}'}\n"
                                     "  - {id: art, kind: image, src: fade.svg, x: 5, y: 5, w: 50, h: 50}\n")
    code, out, _ = pnpgen("cards", data, template, "--check", "--format", "pdfx")
    assert code == 0
    assert "front element 'art': transparent (opacity) over the text of front element 'title'" in out, out
