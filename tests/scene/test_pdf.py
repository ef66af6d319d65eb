"""Imposition read back from real PDFs (render_pdf + pypdf): page sizes, card sizes, counts, mirrors, boxes."""

from __future__ import annotations

import io
import itertools

import pytest

from generator.scene.imposition import SheetSpec, calibration_pages, impose

render_pdf = pytest.importorskip("generator.render").render_pdf

PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}
MARK_WIDTH = 0.15      # mm, the crop-mark stroke
GREY, DARK = (0.867, 0.867, 0.867), (0.333, 0.333, 0.333)


def _pdf(cards, **spec):
    return render_pdf(impose(cards, SheetSpec(**spec), title="Test deck", source="seed 7"))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("landscape", [False, True])
def test_page_sizes_in_points(paper, landscape, cards, pdf_shapes) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(_pdf(cards(4), paper=paper, landscape=landscape)))
    w, h = PT[paper]
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx((h, w) if landscape else (w, h), abs=0.01)


def _mark_cuts(shapes):
    """Cut positions (mm) read from the crop marks: x of vertical marks, y of horizontal ones."""
    marks = [s for s in shapes.segments if s[4] == pytest.approx(MARK_WIDTH) and s[5] == (0, 0, 0)]
    xs = sorted({round(s[0], 3) for s in marks if s[0] == pytest.approx(s[2])})
    ys = sorted({round(s[1], 3) for s in marks if s[1] == pytest.approx(s[3])})
    return xs, ys


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "mini", "tarot", "square"])
def test_card_size_from_the_crop_marks_equals_the_named_size(paper, size, cards, pdf_shapes) -> None:
    from generator.scene.imposition import parse_card_size

    w, h = parse_card_size(size)
    shapes = pdf_shapes(_pdf(cards(2, w, h), paper=paper, card_size=size, duplex=None))[0]
    xs, ys = _mark_cuts(shapes)
    gaps = {round(b - a, 2) for a, b in itertools.pairwise(xs)}
    assert round(w, 2) in gaps and gaps <= {round(w, 2), 6.0}
    gaps = {round(b - a, 2) for a, b in itertools.pairwise(ys)}
    assert round(h, 2) in gaps and gaps <= {round(h, 2), 6.0}


@pytest.mark.parametrize("paper", ["a4"])   # letter: 3 x 2, keeping room for 3 mm marks
def test_nine_poker_cards_per_page_in_the_pdf(paper, cards, pdf_shapes) -> None:
    pages = pdf_shapes(_pdf(cards(18), paper=paper, duplex=None))
    assert len(pages) == 2
    for shapes in pages:
        grey = [r for r in shapes.rects if r[4] == GREY]
        assert len(grey) == 9
        xs, ys = _mark_cuts(shapes)
        assert (len(xs), len(ys)) == (4, 4)       # abutting 3 x 3: shared cut lines
        assert xs[-1] - xs[0] == pytest.approx(3 * 63.5, abs=0.01)
        assert ys[-1] - ys[0] == pytest.approx(3 * 88.9, abs=0.01)


def _markers(shapes, prefix):
    """{card number: (x, y)} of the 1x1 mm marker rects whose fill starts with prefix (r of rgb)."""
    out = {}
    for x, y, w, h, (r, g, b) in shapes.rects:
        if w == pytest.approx(1.0, abs=1e-3) and h == pytest.approx(1.0, abs=1e-3) and r == prefix:
            number = round(g * 255) * 256 + round(b * 255)
            out[number] = (x, y)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_back_page_mirrored_for_long_edge_not_for_short(paper, cards, pdf_shapes) -> None:
    pw, ph = PT[paper][0] * 25.4 / 72, PT[paper][1] * 25.4 / 72
    n = 9 if paper == "a4" else 6                # letter portrait: 3 x 2
    front, back = pdf_shapes(_pdf(cards(n), paper=paper, duplex="long"))
    f, b = _markers(front, 1.0), _markers(back, 0.0)
    assert set(f) == set(b) == set(range(n))
    for i in range(n):
        # the marker sits 2 mm from the card's left edge: front at x, back at paper_w - x - w
        fx, bx = f[i][0] - 2.0, b[i][0] - 2.0
        assert bx == pytest.approx(pw - fx - 63.5, abs=0.01)
        assert b[i][1] == pytest.approx(f[i][1], abs=0.01)
    front, back = pdf_shapes(_pdf(cards(n), paper=paper, duplex="short"))
    f, b = _markers(front, 1.0), _markers(back, 0.0)
    for i in range(n):
        # short-edge flip on portrait paper: rows swapped and each back turned 180 degrees, so the
        # 1 mm marker at card (2, 3) lands at (63.5 - 3, 88.9 - 4) in its slot
        fx, fy = f[i][0] - 2.0, f[i][1] - 3.0
        assert b[i][0] == pytest.approx(fx + 63.5 - 3.0, abs=0.01)
        assert b[i][1] == pytest.approx(ph - fy - 88.9 + 88.9 - 4.0, abs=0.01)


def test_offset_moves_the_printed_backs(cards, pdf_shapes) -> None:
    plain = pdf_shapes(_pdf(cards(9), duplex="long"))
    moved = pdf_shapes(_pdf(cards(9), duplex="long", offset=(2.0, 1.0)))
    a, b = _markers(plain[1], 0.0), _markers(moved[1], 0.0)
    for i in a:
        assert (b[i][0] - a[i][0], b[i][1] - a[i][1]) == pytest.approx((2.0, 1.0), abs=0.01)
    assert _markers(plain[0], 1.0) == _markers(moved[0], 1.0)


def test_trim_and_bleed_boxes_frame_the_card_block(cards) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(_pdf(cards(9), paper="a4", duplex=None)))
    page = reader.pages[0]
    trim = [float(v) for v in page.trimbox]
    bleed = [float(v) for v in page.bleedbox]
    k = 72 / 25.4
    assert (trim[2] - trim[0]) / k == pytest.approx(3 * 63.5, abs=0.01)
    assert (trim[3] - trim[1]) / k == pytest.approx(3 * 88.9, abs=0.01)
    assert (bleed[2] - bleed[0]) / k == pytest.approx(3 * 63.5 + 6, abs=0.01)


def test_footer_text_is_in_the_pdf(cards) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(_pdf(cards(9), paper="a4", duplex="long")))
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert "Test deck" in text and "seed 7" in text
        assert f"page {number}/2, long-edge flip, portrait" in text
        assert "print at 100%" in text and "50 mm" in text
    reader = PdfReader(io.BytesIO(_pdf(cards(9), paper="letter", duplex="short")))
    assert "short-edge flip, portrait" in reader.pages[1].extract_text()


def test_same_input_same_bytes(cards) -> None:
    assert _pdf(cards(9), paper="letter") == _pdf(cards(9), paper="letter")


def test_calibration_pdf_has_two_pages_and_instructions() -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(render_pdf(calibration_pages(SheetSpec(paper="letter")))))
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612.0)
    text = reader.pages[0].extract_text()
    assert "--offset X,Y" in text and "LONG edge" in text


@pytest.mark.parametrize(("duplex", "name"), [("long", "/DuplexFlipLongEdge"),
                                              ("short", "/DuplexFlipShortEdge")])
def test_the_pdf_asks_the_print_dialog_for_the_flip_its_backs_are_for(cards, duplex, name) -> None:
    from pypdf import PdfReader

    pages = impose(cards(9), SheetSpec(duplex=duplex), title="t", source="")
    reader = PdfReader(io.BytesIO(render_pdf(pages, title="t", duplex=duplex)))
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == name
    plain = PdfReader(io.BytesIO(render_pdf(pages, title="t")))
    assert "/Duplex" not in plain.trailer["/Root"]["/ViewerPreferences"]
    # the header declares the version of the newest key: /Duplex 1.7, /PrintScaling 1.6
    assert render_pdf(pages, title="t", duplex=duplex).startswith(b"%PDF-1.7\n")
    assert render_pdf(pages, title="t").startswith(b"%PDF-1.6\n")


def test_a_part_filled_last_sheet_has_a_trim_box_round_its_cards(cards) -> None:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(_pdf(cards(10), duplex="long")))
    full, last = reader.pages[0].trimbox, reader.pages[2].trimbox
    assert float(full.width) == pytest.approx(3 * 63.5 * 72 / 25.4, abs=0.01)
    assert float(last.width) == pytest.approx(63.5 * 72 / 25.4, abs=0.01)
    assert float(last.height) == pytest.approx(88.9 * 72 / 25.4, abs=0.01)
    assert float(last.top) == pytest.approx(float(full.top), abs=0.01)      # the top-left slot


def _copies(n: int):
    """n cards: three distinct fronts (a text and a picture each) and one shared back."""
    from generator.scene.imposition import Card
    from generator.scene.model import Rect, Text

    faces = [[Rect(-3, -3, 69.5, 94.9, fill=f"#{40 * k:02x}6080", stroke=None),
              Text(5, 10, 50, 20, f"face {k}", size=14)] for k in range(3)]
    back = [Rect(-3, -3, 69.5, 94.9, fill="#202020", stroke=None), Text(5, 40, 50, 10, "BACK")]
    return [Card(faces[i % 3], back, f"card {i}") for i in range(n)]


def test_repeated_faces_are_written_once_as_form_xobjects() -> None:
    from pypdf import PdfReader

    pages = impose(_copies(27), SheetSpec(duplex="long"), title="t", source="")
    with_forms, without = render_pdf(pages), render_pdf(pages, forms=False)
    reader = PdfReader(io.BytesIO(with_forms))
    names = set()
    for page in reader.pages:
        xobjects = page["/Resources"]["/XObject"]
        names |= {str(n) for n in xobjects if xobjects[n]["/Subtype"] == "/Form"}
        assert page.get_contents().get_data().count(b" Do") == 9      # one Do per card placed
    assert len(names) == 4                                              # 3 fronts and the back
    drawn = sum(len(p.get_contents().get_data()) for p in PdfReader(io.BytesIO(without)).pages)
    placed = sum(len(p.get_contents().get_data()) for p in reader.pages)
    assert placed < 0.75 * drawn                                        # marks and footers stay


@pytest.mark.needs("pdftoppm")
def test_forms_draw_exactly_what_the_faces_drew(tmp_path) -> None:
    import subprocess

    pages = impose(_copies(12), SheetSpec(duplex="long"), title="t", source="")
    pngs = []
    for name, data in (("f", render_pdf(pages)), ("p", render_pdf(pages, forms=False))):
        (tmp_path / f"{name}.pdf").write_bytes(data)
        subprocess.run(["pdftoppm", "-png", "-r", "50", str(tmp_path / f"{name}.pdf"),
                        str(tmp_path / name)], check=True, timeout=60)
        pngs.append(sorted(tmp_path.glob(f"{name}-*.png")))
    assert len(pngs[0]) == len(pngs[1]) == 4
    for a, b in zip(*pngs, strict=True):
        assert a.read_bytes() == b.read_bytes()
