"""Sheet layout on the item lists: nine poker cards per page, gutters or abutting, margins, footer, errors."""

from __future__ import annotations

import pytest
from scene_helpers import clipped_groups, leaves, line_boxes

from generator.core.errors import LayoutError
from generator.scene.footer import footer_band
from generator.scene.imposition import (
    FOOTER_HEIGHT,
    PRINTER_MARGIN,
    SheetSpec,
    cards_per_sheet,
    impose,
    paper_size,
    plan_sheet,
)
from generator.scene.marks import MARK_STROKE


def _fronts(page):
    return [box for box, _, _ in clipped_groups(page.items)]


@pytest.mark.parametrize("paper", ["a4"])
def test_nine_poker_cards_per_portrait_page(paper, cards) -> None:
    pages = impose(cards(9), SheetSpec(paper=paper, duplex=None), title="t", source="s")
    assert len(pages) == 1
    assert len(_fronts(pages[0])) == 9
    assert cards_per_sheet(SheetSpec(paper=paper)) == 9


def test_letter_keeps_room_for_whole_crop_marks_rather_than_a_third_row() -> None:
    # 3 x 88.9 = 266.7 of 279.4 mm would leave 1.35 mm beyond the trims inside the 5 mm margins:
    # no room for a 3 mm crop mark, so portrait letter holds two rows and auto turns the paper
    plan = plan_sheet(SheetSpec(paper="letter"))
    assert (plan.xs.count, plan.ys.count) == (3, 2)
    auto = plan_sheet(SheetSpec(paper="letter", landscape=None))
    assert auto.landscape and (auto.xs.count, auto.ys.count) == (4, 2)
    assert auto.xs.gutter == 0.0            # 4 x 63.5 = 254 of 279.4 mm: no room for gutters
    assert auto.xs.cuts() == pytest.approx([auto.xs.start + i * 63.5 for i in range(5)])


def test_gutters_of_twice_the_bleed_when_they_fit() -> None:
    plan = plan_sheet(SheetSpec(paper="a4", card_size="70x120", bleed=3.0))
    assert plan.xs.gutter == plan.ys.gutter == 6.0
    assert (plan.xs.count, plan.ys.count) == (2, 2)
    # and abutting only where gutters would cost a card
    plan = plan_sheet(SheetSpec(paper="a4", card_size="poker", bleed=3.0))
    assert plan.xs.gutter == plan.ys.gutter == 0.0


def test_abutting_cards_keep_bleed_only_on_the_outer_edges(cards) -> None:
    page = impose(cards(9), SheetSpec(paper="a4", duplex=None), title="t", source="")[0]
    plan = plan_sheet(SheetSpec(paper="a4"))
    boxes = sorted(_fronts(page), key=lambda b: (round(b[1], 3), round(b[0], 3)))
    first, middle = boxes[0], boxes[4]
    assert first[0] == pytest.approx(plan.xs.start - 3.0)      # outer bleed, left
    assert first[2] == pytest.approx(63.5 + 3.0)               # none towards its neighbour
    assert middle[2:] == pytest.approx((63.5, 88.9))           # the centre card: no bleed at all


def test_bleed_box_of_each_card_is_trim_plus_bleed_with_gutters(cards) -> None:
    spec = SheetSpec(paper="a4", card_size="70x120", duplex=None)
    page = impose(cards(4, 70.0, 120.0), spec, title="t", source="")[0]
    for _x, _y, w, h in _fronts(page):
        assert (w, h) == pytest.approx((76.0, 126.0))


def test_landscape_none_picks_the_orientation_with_more_cards() -> None:
    size = "90x60"                         # wide cards: 2x4 upright, 3x3 across
    portrait = cards_per_sheet(SheetSpec(card_size=size, landscape=False))
    landscape = cards_per_sheet(SheetSpec(card_size=size, landscape=True))
    auto = plan_sheet(SheetSpec(card_size=size, landscape=None))
    assert auto.per_sheet == max(portrait, landscape)
    assert auto.landscape == (landscape > portrait)
    assert landscape > portrait


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_marks_and_footer_stay_printable_and_off_the_cards(paper, cards) -> None:
    spec = SheetSpec(paper=paper, duplex="long")
    pages = impose(cards(9), spec, title="A deck", source="seed 1")
    w, h = paper_size(paper)
    for page in pages:
        trims = [_trim(box, page) for box in _fronts(page)]
        assert all(t[2] > 0 and t[3] > 0 for t in trims)
        marks = [seg for seg in line_boxes(page) if seg[4] == MARK_STROKE]
        assert len(marks) >= 16
        for x0, y0, x1, y1, _ in marks:
            assert PRINTER_MARGIN - 1e-6 <= x0 and x1 <= w - PRINTER_MARGIN + 1e-6
            assert PRINTER_MARGIN - 1e-6 <= y0 and y1 <= h - PRINTER_MARGIN + 1e-6
            for tx, ty, tw, th in trims:
                assert not _overlap((x0, y0, x1 - x0, y1 - y0), (tx, ty, tw, th))
        band = footer_band(_footer_side(page, spec), w, h)
        for box in _fronts(page):
            assert not _overlap(box, band)


def _trim(box, page):
    """A placed card's trim: its clip box cut to the block's TrimBox (outer bleed removed)."""
    tx, ty, tw, th = page.trim_box
    x0, y0 = max(box[0], tx), max(box[1], ty)
    x1, y1 = min(box[0] + box[2], tx + tw), min(box[1] + box[3], ty + th)
    return (x0, y0, x1 - x0, y1 - y0)


def _footer_side(page, spec):
    plan = plan_sheet(spec)
    return plan.backs(spec.duplex).footer if page.kind == "back" else plan.footer


def _overlap(a, b, eps=1e-6):
    return (a[0] < b[0] + b[2] - eps and b[0] < a[0] + a[2] - eps
            and a[1] < b[1] + b[3] - eps and b[1] < a[1] + a[3] - eps)


def test_footer_says_what_page_and_print_at_100(cards) -> None:
    pages = impose(cards(12), SheetSpec(paper="a4"), title="My deck", source="seed 42")
    assert len(pages) == 4
    texts = [[it.text for it in _texts(page)] for page in pages]
    for number, page_texts in enumerate(texts, start=1):
        joined = " ".join(page_texts)
        assert "My deck" in joined and "seed 42" in joined
        assert f"page {number}/4" in joined
        assert "print at 100%" in joined
        assert "50 mm" in joined
    assert [p.label for p in pages] == ["sheet 1 front", "sheet 1 back", "sheet 2 front", "sheet 2 back"]


def _texts(page):
    from generator.scene.model import Text

    return [it for it, _ in leaves(page.items) if isinstance(it, Text)]


def test_scale_bar_is_50_mm_long(cards) -> None:
    page = impose(cards(1), SheetSpec(paper="a4", duplex=None), title="t", source="")[0]
    from generator.scene.footer import BAR_STROKE
    bars = [s for s in line_boxes(page) if s[4] == BAR_STROKE]
    longest = max(bars, key=lambda s: (s[2] - s[0]) + (s[3] - s[1]))
    assert (longest[2] - longest[0]) + (longest[3] - longest[1]) == pytest.approx(50.0)
    ticks = [s for s in bars if s is not longest]
    assert len(ticks) == 11
    xs = sorted(s[0] for s in ticks)
    assert xs[-1] - xs[0] == pytest.approx(50.0)


def test_a_card_larger_than_the_paper_says_size_paper_and_room(cards) -> None:
    with pytest.raises(LayoutError) as info:
        impose(cards(1, 300, 400), SheetSpec(paper="a4", card_size=(300, 400)), title="t", source="")
    message = str(info.value)
    assert "300x400 mm" in message and "A4 portrait (210x297 mm)" in message
    assert "200.0x" in message           # the room: 210 - 2 x 5 mm wide
    assert "never scaled" in message


def test_a_card_that_fits_only_without_margins_is_refused() -> None:
    with pytest.raises(LayoutError):
        plan_sheet(SheetSpec(paper="a4", card_size=(205, 100)))   # 205 > 210 - 2 x 5 - marks


def test_no_cards_no_pages() -> None:
    assert impose([], SheetSpec(), title="t", source="") == []


def test_footer_height_constant_matches_band() -> None:
    assert footer_band("bottom", 210, 297)[3] == FOOTER_HEIGHT


def test_the_error_suggests_the_other_orientation_when_it_would_fit() -> None:
    with pytest.raises(LayoutError, match="it fits on landscape paper"):
        plan_sheet(SheetSpec(paper="a4", card_size=(250, 150), landscape=False))
    assert plan_sheet(SheetSpec(paper="a4", card_size=(250, 150), landscape=None)).landscape
