"""Single-card pages (per-card SVG/PNG, Tabletop Simulator) and whole-page sheets with footers."""

from __future__ import annotations

import pytest
from scene_helpers import clipped_groups, leaves, marker_positions

from generator.core.errors import LayoutError
from generator.scene.footer import footer_band
from generator.scene.imposition import (
    FOOTER_GAP,
    FOOTER_HEIGHT,
    PRINTER_MARGIN,
    add_footers,
    card_pages,
    content_box,
    safe_box,
    sheet_pages,
)
from generator.scene.model import Text


def test_card_pages_are_card_plus_bleed_and_clipped(cards) -> None:
    deck = cards(3)
    pages = card_pages(deck, "poker", bleed=3.0)
    assert [(p.width, p.height, p.kind) for p in pages] == [(69.5, 94.9, "card")] * 3
    for page in pages:
        (box, _, _), = list(clipped_groups(page.items))
        assert box == pytest.approx((0.0, 0.0, 69.5, 94.9))
        assert page.trim_box == (3.0, 3.0, 63.5, 88.9)
        (x, y), = marker_positions(page).values()
        assert (x, y) == pytest.approx((5.0, 6.0))         # card-local (2, 3) moved by the bleed
    assert pages[1].label == "card 1 front"


def test_card_pages_backs_and_no_bleed(cards) -> None:
    deck = cards(2) + cards(1, back=False)
    backs = card_pages(deck, (63.5, 88.9), side="back")
    assert [(p.width, p.height) for p in backs] == [(63.5, 88.9)] * 3
    assert next(iter(marker_positions(backs[0]))).startswith("#00")
    assert backs[2].items == []                             # no back: a blank face keeps indexes
    with pytest.raises(LayoutError):
        card_pages(deck, "huge")


def test_sheet_pages_and_content_box() -> None:
    pages = sheet_pages(3, "letter", landscape=True)
    assert [(p.width, p.height, p.kind) for p in pages] == [(279.4, 215.9, "sheet")] * 3
    x, y, w, h = content_box("a4")
    m = PRINTER_MARGIN
    assert (x, y, w) == (m, m, 210 - 2 * m)
    assert y + h == pytest.approx(297 - m - FOOTER_HEIGHT - FOOTER_GAP)
    band = footer_band("bottom", 210, 297)
    assert y + h <= band[1] - FOOTER_GAP + 1e-9


def test_add_footers_numbers_whole_page_products_inside_the_margin() -> None:
    pages = add_footers(sheet_pages(2, "a4"), title="Laser board", source="seed 9")
    assert len(pages) == 2
    for number, page in enumerate(pages, start=1):
        texts = [it for it, _ in leaves(page.items) if isinstance(it, Text)]
        joined = " ".join(t.text for t in texts)
        assert f"page {number}/2" in joined and "Laser board" in joined and "seed 9" in joined
        _, box_y, _, box_h = content_box("a4")
        for text, m in leaves(page.items):
            if isinstance(text, Text):
                top = m[5] + text.y
                assert top >= box_y + box_h + FOOTER_GAP - 1e-9
                assert top + text.h <= 297 - PRINTER_MARGIN + 1e-9


def test_a_very_long_title_is_shortened_to_fit_the_footer() -> None:
    from generator.scene.text import layout_text

    page = add_footers(sheet_pages(1), title="A very long title " * 20, source="seed 1")[0]
    texts = [it for it, _ in leaves(page.items) if isinstance(it, Text)]
    for text in texts:
        assert layout_text(text)                              # fits: no LayoutError
    assert any("…" in t.text and "page 1/1" in t.text for t in texts)


def test_safe_box_is_the_trim_inset() -> None:
    assert safe_box("poker") == pytest.approx((3.0, 3.0, 57.5, 82.9))
    assert safe_box("70x70", safe=5) == (5, 5, 60, 60)
