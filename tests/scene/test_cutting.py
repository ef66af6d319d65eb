"""Print-and-cut sheets (scene.cutting, cutmarks, cutpages): the grid's rules for any card and paper, the marks, the pages."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.scene.cutmarks import SILHOUETTE_INSET, scanncut_centres, silhouette_marks
from generator.scene.cutpages import calibration_card, cut_pages, marks
from generator.scene.cutting import CRICUT_AREA, CRICUT_DPI, MIN_GAP, CutSpec, default_radius, plan_cut_sheet
from generator.scene.imposition import Card
from generator.scene.model import Rect
from generator.scene.papers import PAPERS, PRINTER_MARGIN

sizes = st.tuples(st.floats(30, 130), st.floats(30, 130))


@settings(max_examples=150, deadline=None)
@given(cutter=st.sampled_from(["silhouette", "cricut", "scanncut"]), paper=st.sampled_from(sorted(PAPERS)),
       size=sizes, bleed=st.floats(0, 3), landscape=st.sampled_from([None, False, True]))
def test_a_cut_sheet_keeps_its_rules(cutter: str, paper: str, size: tuple[float, float], bleed: float,
                                     landscape: bool | None) -> None:
    """Whatever fits: cards never abut (gap 2 x bleed, at least MIN_GAP), stay on the printable page or the
    Cricut image, and keep out of every mark's zone; a Silhouette arm is 5 to 20 mm."""
    spec = CutSpec(cutter, paper, landscape, size, bleed, radius=0.0)
    try:
        sheet = plan_cut_sheet(spec)
    except LayoutError as err:
        assert err.key == "card"
        return
    assert sheet.per_sheet >= 1
    assert sheet.gap >= max(2 * bleed, MIN_GAP) - 1e-9
    block = sheet.block()
    if cutter == "cricut":
        area_w, area_h = CRICUT_AREA[::-1] if sheet.landscape else CRICUT_AREA
        assert sheet.width <= area_w + 1e-9 and sheet.height <= area_h + 1e-9
        assert (sheet.width / 25.4 * CRICUT_DPI) == pytest.approx(round(sheet.width / 25.4 * CRICUT_DPI), abs=1e-6)
        assert block.x0 >= -1e-9 and block.y0 >= -1e-9
        assert block.x1 <= sheet.width + 1e-9 and block.y1 <= sheet.height + 1e-9
    else:
        assert block.x0 >= PRINTER_MARGIN - 1e-9 and block.y0 >= PRINTER_MARGIN - 1e-9
        assert block.x1 <= sheet.width - PRINTER_MARGIN + 1e-9 and block.y1 <= sheet.height - PRINTER_MARGIN + 1e-9
        assert not any(block.overlaps(zone) for zone in sheet.keep_out())
    if cutter == "silhouette":
        assert 5.0 <= sheet.length <= 20.0
        assert block.x0 >= SILHOUETTE_INSET - 1e-9 and block.x1 <= sheet.width - SILHOUETTE_INSET + 1e-9
        # centred on the page, so Studio's "Center to Page" lands a DXF (which has no page) right
        assert (block.x0 + block.x1) / 2 == pytest.approx(sheet.width / 2)
        assert (block.y0 + block.y1) / 2 == pytest.approx(sheet.height / 2)


@pytest.mark.parametrize(("paper", "card", "grid"), [("a4", (63.5, 88.9), (4, 2)), ("letter", (63.5, 88.9), (4, 2)),
                                                      ("a4", (69.85, 120.65), (2, 2)), ("letter", (69.85, 120.65), (2, 2))])
def test_silhouette_grids_match_silhouette_card_makers(paper: str, card: tuple[float, float], grid: tuple[int, int]) -> None:
    """The counts silhouette-card-maker's layouts give for poker and tarot (8 and 4 a sheet)."""
    sheet = plan_cut_sheet(CutSpec("silhouette", paper, None, card, 0.625))
    assert (sheet.cols, sheet.rows) == grid


def test_silhouette_marks_sit_at_the_inset_with_the_arm_length() -> None:
    w, h = PAPERS["letter"]
    square, *arms = silhouette_marks(w, h, 12.0)
    assert isinstance(square, Rect) and (square.x, square.y, square.w) == (9.5, 9.5, 6.0)
    right = [a for a in arms if isinstance(a, Rect) and a.x + a.w == pytest.approx(w - 9.5)]
    assert right and max(a.h for a in right) == pytest.approx(12.5)      # outer edge to tip: length + half the line
    assert all(isinstance(a, Rect) and min(a.w, a.h) == 1.0 for a in arms)


def test_scanncut_marks_are_12_and_13_98_mm_from_the_edges() -> None:
    w, h = PAPERS["a4"]
    assert scanncut_centres(w, h) == [(12.0, 13.98), (w - 12.0, 13.98), (w - 12.0, h - 13.98), (12.0, h - 13.98)]


def test_corner_radius_and_inset_shape_the_cut() -> None:
    assert default_radius((63.5, 88.9)) == 3.0
    assert default_radius((44.0, 63.0)) == 2.0
    sheet = plan_cut_sheet(CutSpec("scanncut", "a4", False, (63.5, 88.9), 1.0, radius=2.0, inset=0.5))
    x, y = sheet.slots()[0]
    outline = sheet.outline(x, y)
    assert (outline.x, outline.y, outline.w, outline.h, outline.r) == pytest.approx((x + 0.5, y + 0.5, 62.5, 87.9, 2.0))
    with pytest.raises(LayoutError, match="corner radius"):
        CutSpec("silhouette", "a4", None, (63.5, 88.9), 0.0, radius=40.0)
    with pytest.raises(LayoutError, match="unknown cutter"):
        CutSpec("plotter")


def test_marks_only_on_fronts_backs_behind_their_fronts_and_an_offset_moves_backs() -> None:
    sheet = plan_cut_sheet(CutSpec("silhouette", "a4", None, (63.5, 88.9), 0.625))
    cards = [Card([Rect(0, 0, 1, 1, fill="#ff0000", stroke=None)], [Rect(0, 0, 1, 1, fill="#0000ff", stroke=None)])
             for _ in range(3)]
    pages = cut_pages(cards, sheet, duplex="long", offset=(0.5, -0.25))
    assert [p.kind for p in pages] == ["front", "back"]
    mark_items = marks(sheet)
    assert all(m in pages[0].items for m in mark_items)
    assert not any(m in pages[1].items for m in mark_items)
    front, back = pages[0].trim_box, pages[1].trim_box
    assert front is not None and back is not None
    # landscape, long-edge flip: the back is mirrored top to bottom, then moved by the offset
    assert back[0] == pytest.approx(front[0] + 0.5)
    assert back[1] == pytest.approx(sheet.height - front[1] - front[3] - 0.25)


def test_a_printer_scale_draws_marks_and_cards_larger_together() -> None:
    sheet = plan_cut_sheet(CutSpec("silhouette", "a4", None, (63.5, 88.9), 0.625))
    page = cut_pages([calibration_card((63.5, 88.9))], sheet, scale=(0.98, 1.0))[0]
    (group,) = page.items
    assert group.transform[0] == pytest.approx(1 / 0.98)


def test_an_offset_that_leaves_the_paper_is_refused() -> None:
    sheet = plan_cut_sheet(CutSpec("silhouette", "a4", None, (63.5, 88.9), 0.625))
    card = Card([Rect(0, 0, 1, 1)], [Rect(0, 0, 1, 1)])
    with pytest.raises(LayoutError, match="offset"):
        cut_pages([card] * 8, sheet, duplex="long", offset=(15.0, 0.0))


def test_cricut_image_sizes_are_whole_pixels_within_the_limit() -> None:
    for size in ((63.5, 88.9), (69.85, 120.65)):
        sheet = plan_cut_sheet(CutSpec("cricut", "letter", None, size, 0.0))
        for mm in (sheet.width, sheet.height):
            assert math.isclose(mm / 25.4 * 300, round(mm / 25.4 * 300), abs_tol=1e-6)
        area_w, area_h = CRICUT_AREA[::-1] if sheet.landscape else CRICUT_AREA
        assert sheet.width <= area_w and sheet.height <= area_h


def _footer_text(page: object) -> str:
    from generator.scene.model import Group, Text

    found: list[str] = []

    def walk(items: list[object]) -> None:
        for item in items:
            if isinstance(item, Text):
                found.append(item.text)
            elif isinstance(item, Group):
                walk(list(item.items))

    walk(list(page.items))  # type: ignore[attr-defined]
    return " | ".join(found)


@pytest.mark.parametrize(("cutter", "lang", "words"), [
    ("silhouette", "en", "Studio: length {length}, thickness 1, inset 10 mm"),
    ("silhouette", "it", "Studio: lunghezza {length}, spessore 1, margine 10 mm"),
    ("silhouette", "fr", "Studio\u202f: longueur {length}, épaisseur 1, marge 10 mm"),
    ("silhouette", "pt", "Studio: comprimento {length}, espessura 1, margem 10 mm"),
    ("scanncut", "it", "ScanNCut: stampa e taglia"),
    ("scanncut", "en", "ScanNCut print and cut"),
])
def test_the_cut_footer_speaks_the_sheets_language(cutter: str, lang: str, words: str) -> None:
    """The machine line of a cut sheet's footer is in the footer's language, like the rest of it."""
    sheet = plan_cut_sheet(CutSpec(cutter, "a4", None, (63.5, 88.9), 0.625))
    cards = [Card([Rect(0, 0, 1, 1, fill="#ff0000", stroke=None)], None)]
    text = _footer_text(cut_pages(cards, sheet, title="deck", lang=lang)[0])
    assert words.format(length=format_number(sheet.length)) in text
    english = ("length", "print and cut")
    assert lang == "en" or not any(w in text for w in english)
