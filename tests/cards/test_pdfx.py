"""`--format pdfx`: the deck as PDF/X-1a:2003, read back with pikepdf: CMYK only, ink at most 240 %,
boxes, the output intent and the PDF/X keys, fonts embedded, transparency flattened."""

from __future__ import annotations

import io
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pikepdf
import pytest
from PIL import Image as PILImage
from PIL import ImageCms, ImageDraw, ImageMath

from generator import paths
from generator.render.cmyk import CmykConverter

LIMIT = 2.4                      # 240 % as PDF operands (0..1 a channel)
RGB_OPS = {"rg", "RG", "sc", "scn", "SC", "SCN", "cs", "CS", "g", "G", "d0", "d1", "BI", "sh"}
TEMPLATE = """card: poker
bleed: 3
background: "{colour}"
back_background: "#101010"
fonts: {jp: fonts/jp.otf}
front:
  - {kind: rect, inset: 3, radius: 2, fill: "#fbf6ec"}
  - {kind: text, x: 5, y: 5, w: 50, h: 10, text: "{name}", font: serif-bold, size: 12, color: "#000000"}
  - {kind: text, x: 5, y: 80, w: 50, h: 6, text: "吾輩は猫である", font: jp, size: 9, color: "#000000"}
  - {kind: image, x: 5, y: 18, w: 53, h: 35, src: "{art}", fit: contain}
  - {kind: image, x: 20, y: 56, w: 22, h: 22, src: sun.svg}
back:
  - {kind: text, x: 5, y: 40, w: 53, h: 10, text: "BACK", font: sans-bold, size: 16, color: "#ffffff", align: center}
"""
DATA = ("- {name: Night, colour: '#000000', art: photo.jpg}\n"
        "- {name: Forest, colour: '#1b5e20', art: badge.png}\n")
PANEL = "#fbf6ec"


@pytest.fixture
def deck(tmp_path, write):
    """A two-card deck with JPEG art (dark: rich black over 240 % once converted), a PNG with
    transparency, SVG art, text (a CFF font among its fonts), and backs; returns (data, template)."""
    photo = PILImage.new("RGB", (300, 200), (0, 0, 0))
    draw = ImageDraw.Draw(photo)
    for x in range(300):
        draw.line([(x, 0), (x, 149)], fill=(x * 255 // 300, 40, 255 - x * 255 // 300))
    photo.save(tmp_path / "photo.jpg", quality=92)
    badge = PILImage.new("RGBA", (200, 200), (0, 0, 0, 0))
    ImageDraw.Draw(badge).ellipse([20, 20, 180, 180], fill=(0, 160, 60, 255))
    ImageDraw.Draw(badge).ellipse([60, 60, 140, 140], fill=(255, 0, 0, 128))
    badge.save(tmp_path / "badge.png")
    shutil.copy(paths.card_data("codenames", "pictures", "sun.svg"), tmp_path / "sun.svg")
    (tmp_path / "fonts").mkdir()
    shutil.copy(Path(__file__).resolve().parent.parent / "fonts" / "NotoSansJP-subset.otf", tmp_path / "fonts" / "jp.otf")
    return write("d.yaml", DATA), write("t.yaml", TEMPLATE)


@pytest.fixture
def pdfx(deck, tmp_path, pnpgen):
    out = tmp_path / "deck-pdfx.pdf"
    code, _, err = pnpgen("cards", *deck, "--format", "pdfx", "-o", out)
    assert code == 0, err
    return out


def _objects(pdf: pikepdf.Pdf):
    return [obj for obj in pdf.objects if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream))]


def _streams_with_content(pdf: pikepdf.Pdf):
    """Every content stream: the pages' and every form XObject's."""
    yield from pdf.pages
    for obj in _objects(pdf):
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            yield obj


def _ink(image: PILImage.Image) -> float:
    """The largest C+M+Y+K over the pixels, in percent."""
    c, m, y, k = (band.convert("I") for band in image.split())
    total = ImageMath.lambda_eval(lambda e: e["c"] + e["m"] + e["y"] + e["k"], c=c, m=m, y=y, k=k)
    return total.getextrema()[1] * 100 / 255


def test_no_rgb_anywhere_and_every_colour_is_cmyk(pdfx) -> None:
    with pikepdf.open(pdfx) as pdf:
        for obj in _objects(pdf):
            text = repr(obj.get("/ColorSpace")) + repr(obj.get("/CS"))
            assert "RGB" not in text and "ICCBased" not in text and "Indexed" not in text
            if "/Resources" in obj and "/ColorSpace" in obj.Resources:
                assert not dict(obj.Resources.ColorSpace)
        fills = 0
        for holder in _streams_with_content(pdf):
            for operands, op in pikepdf.parse_content_stream(holder):
                assert str(op) not in RGB_OPS, f"{op} {operands}"
                if str(op) in ("k", "K"):
                    values = [Decimal(str(v)) for v in operands]
                    assert all(0 <= v <= 1 for v in values) and sum(values) <= Decimal("2.4")
                    fills += 1
        assert fills > 8


def test_pictures_are_opaque_cmyk_with_ink_at_most_240(pdfx) -> None:
    with pikepdf.open(pdfx) as pdf:
        images = [obj for obj in _objects(pdf) if obj.get("/Subtype") == "/Image"]
        assert len(images) >= 2          # the photo, the flattened badge
        inks = []
        for obj in images:
            assert obj.ColorSpace == "/DeviceCMYK" and "/SMask" not in obj and "/Mask" not in obj
            assert obj.Filter == "/FlateDecode"        # lossless: the measured ink is the printed ink
            picture = pikepdf.PdfImage(obj).as_pil_image()
            assert picture.mode == "CMYK"
            inks.append(_ink(picture))
        assert max(inks) <= 240.0
        assert max(inks) > 200           # the dark photo really was capped, not just light


def test_no_transparency_and_no_newer_keys(pdfx) -> None:
    raw = pdfx.read_bytes()
    assert raw.startswith(b"%PDF-1.3\n")
    with pikepdf.open(pdfx) as pdf:
        assert pdf.pdf_version == "1.3" and not pdf.is_encrypted
        assert "/ViewerPreferences" not in pdf.Root and "/ObjStm" not in repr([o.get("/Type") for o in _objects(pdf)])
        for obj in _objects(pdf):
            for key in ("/SMask", "/Group", "/BM", "/TR", "/JS", "/AA", "/OpenAction"):
                assert key not in obj, key
            for key in ("/CA", "/ca"):
                assert float(obj.get(key, 1)) == 1.0
        assert all("/Annots" not in page for page in pdf.pages)


def test_output_intent_and_pdfx_identification(pdfx) -> None:
    with pikepdf.open(pdfx) as pdf:
        intents = [i for i in pdf.Root.OutputIntents if i.S == "/GTS_PDFX"]
        assert len(intents) == 1
        intent = intents[0]
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 003" and str(intent.Info)
        assert str(intent.RegistryName) == "http://www.color.org"
        assert intent.DestOutputProfile.N == 4
        profile = ImageCms.ImageCmsProfile(io.BytesIO(intent.DestOutputProfile.read_bytes()))
        assert profile.profile.xcolor_space.strip() == "CMYK" and profile.profile.device_class == "prtr"
        info = pdf.docinfo
        assert str(info.GTS_PDFXVersion) == "PDF/X-1a:2003" and "/GTS_PDFXConformance" not in info
        assert isinstance(info.Trapped, pikepdf.Name) and str(info.Trapped) == "/False"
        assert str(info.Title) and str(info.CreationDate) and str(info.ModDate)
        assert len(pdf.trailer.ID) == 2 and len(bytes(pdf.trailer.ID[0])) == 16


def test_every_page_has_trim_and_bleed_boxes_front_then_back(pdfx) -> None:
    from pypdf import PdfReader

    pt = 72 / 25.4
    with pikepdf.open(pdfx) as pdf:
        assert len(pdf.pages) == 4
        for page in pdf.pages:
            media, bleed, trim = ([float(v) for v in page.obj[k]] for k in ("/MediaBox", "/BleedBox", "/TrimBox"))
            assert "/ArtBox" not in page.obj
            assert bleed == media
            assert trim[2] - trim[0] == pytest.approx(63.5 * pt, abs=0.01)
            assert trim[3] - trim[1] == pytest.approx(88.9 * pt, abs=0.01)
            assert trim[0] == pytest.approx(3.175 * pt, abs=0.01)     # DriveThruCards' 1/8 in bleed
            assert media[2] == pytest.approx(69.85 * pt, abs=0.01)
    texts = [page.extract_text() for page in PdfReader(pdfx).pages]
    assert ["Night" in texts[0], "BACK" in texts[1], "Forest" in texts[2], "BACK" in texts[3]] == [True] * 4


def test_every_font_is_embedded(pdfx) -> None:
    with pikepdf.open(pdfx) as pdf:
        fonts = [obj for obj in _objects(pdf) if obj.get("/Type") == "/Font"]
        assert fonts
        for font in fonts:
            if font.get("/Subtype") == "/Type0":      # shaped text: its CIDFont (also in the list) is embedded
                assert len(font.get("/DescendantFonts")) == 1 and "/ToUnicode" in font
                continue
            descriptor = font.get("/FontDescriptor")
            assert descriptor is not None, font.get("/BaseFont")
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


@pytest.mark.needs("pdffonts")
def test_pdffonts_sees_every_font_embedded(pdfx) -> None:
    lines = subprocess.run(["pdffonts", str(pdfx)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
    assert lines and all(line.split()[-5] == "yes" for line in lines)
    assert any("NotoSansCJKjp" in line and "CID Type 0C " in line for line in lines)   # CFF, not OpenType


@pytest.mark.needs("qpdf")
def test_qpdf_finds_no_errors(pdfx) -> None:
    result = subprocess.run(["qpdf", "--check", str(pdfx)], capture_output=True, text=True)
    assert result.returncode == 0 and "No syntax or stream encoding errors" in result.stdout


def test_transparency_is_flattened_onto_what_lies_beneath(pdfx) -> None:
    """The badge's transparent corner shows the cream panel under it (converted), not white paper."""
    converter = CmykConverter(paths.template("color", "pnpgen-tr003-240.icc").read_bytes())
    panel = converter.colour((0xfb, 0xf6, 0xec))
    with pikepdf.open(pdfx) as pdf:
        square = [pikepdf.PdfImage(o).as_pil_image() for o in _objects(pdf)
                  if o.get("/Subtype") == "/Image" and o.Width == o.Height]
        assert len(square) == 1
        corner = square[0].getpixel((2, 2))
        assert all(abs(a - b) <= 3 for a, b in zip(corner, panel, strict=True)), (corner, panel)
        assert panel != (0, 0, 0, 0)


@pytest.mark.needs("pdftoppm")
def test_missing_bleed_is_the_art_mirrored_at_its_edge(tmp_path, write, pnpgen) -> None:
    """No art bleed: the 1/8 in strip is the card mirrored at the trim (a black band at the left
    edge appears again just outside it, then the red beyond)."""
    data = write("d.yaml", "- {name: A}\n")
    tmpl = write("t.yaml", "card: poker\nbleed: 0\nbackground: '#c00000'\nfront:\n"
                           "  - {kind: rect, x: 0, y: 0, w: 1.5, h: 88.9, fill: '#000000'}\n")
    out = tmp_path / "m.pdf"
    code, _, err = pnpgen("cards", data, tmpl, "--format", "pdfx", "-o", out)
    assert code == 0, err
    subprocess.run(["pdftoppm", "-png", "-r", "300", "-singlefile", str(out), str(tmp_path / "m")], check=True)
    with PILImage.open(tmp_path / "m.png") as im:
        row = [im.getpixel((x, 500)) for x in range(80)]
    trim = 3.175 / 25.4 * 300                        # 37.5 px
    dark = [x for x, p in enumerate(row) if sum(p) < 150]
    assert min(dark) == pytest.approx(trim - 1.5 / 25.4 * 300, abs=1.5)
    assert max(dark) == pytest.approx(trim + 1.5 / 25.4 * 300, abs=1.5)
    assert row[2][0] > 150 and row[2][1] < 60         # red beyond the mirrored band


def test_runs_are_byte_identical(deck, tmp_path, pnpgen) -> None:
    outs = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    for out in outs:
        assert pnpgen("cards", *deck, "--format", "pdfx", "-o", out)[0] == 0
    assert outs[0].read_bytes() == outs[1].read_bytes()


def test_pod_preset_sets_the_template_and_refuses_another_card(deck, tmp_path, pnpgen) -> None:
    out = tmp_path / "dtc.pdf"
    assert pnpgen("cards", *deck, "--format", "pdfx", "--pod", "dtc-poker", "-o", out)[0] == 0
    with pikepdf.open(out) as pdf:
        assert [round(float(v), 2) for v in pdf.pages[0].obj.MediaBox] == [0, 0, 198, 270]
    code, _, err = pnpgen("cards", *deck, "--format", "pdfx", "--pod", "tgc-tarot", "-o", tmp_path / "x.pdf")
    assert code == 2 and "tgc-tarot" in err and len(err.strip().splitlines()) == 1


def test_keys_are_written_with_the_document_whatever_its_title() -> None:
    """The PDF/X keys come with reportlab's own catalog and Info (no second pass over the file): a title
    outside ASCII reads back, ModDate is CreationDate, and the /ID is the MD5 of every byte before the
    trailer: a document's own (another document with the same title has another)."""
    import hashlib

    from generator.publish.formats.pdfx import output_intent
    from generator.render.pdfx import render_pdfx
    from generator.scene.model import Page, Rect

    page = Page(69.85, 95.25, items=[Rect(10, 10, 20, 20, fill="#336699")],
                trim_box=(3.175, 3.175, 63.5, 88.9), bleed_box=(0, 0, 69.85, 95.25))
    one, two = (render_pdfx([page] * n, output_intent(), "Brève ∑ deck") for n in (1, 2))
    assert one.startswith(b"%PDF-1.3\n")
    ids = []
    for raw in (one, two):
        with pikepdf.open(io.BytesIO(raw)) as pdf:
            info = pdf.docinfo
            assert str(info.Title) == "Brève ∑ deck" and str(info.GTS_PDFXVersion) == "PDF/X-1a:2003"
            assert str(info.ModDate) == str(info.CreationDate) and str(info.Trapped) == "/False"
            assert len(pdf.Root.OutputIntents) == 1 and "/ViewerPreferences" not in pdf.Root
            ids.append([bytes(i) for i in pdf.trailer.ID])
        assert ids[-1] == [hashlib.md5(raw[:raw.rindex(b"trailer")]).digest()] * 2
    assert ids[0] != ids[1]
