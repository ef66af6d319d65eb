"""Tabletop Simulator sheets: grid of at most 10 x 7, at most 4096 px wide, RGB, cards in reading order, and the back."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from generator.core.errors import LayoutError
from generator.render import render_tts
from generator.render.tts import tts_dpi, tts_grid
from generator.scene.model import Page, Rect

MINI = (44.0, 63.0)


def _card(i: int, size=MINI) -> Page:
    color = f"#{(i * 37) % 256:02x}{(i * 91) % 256:02x}{(i * 53) % 256:02x}"
    return Page(*size, items=[Rect(0, 0, *size, fill=color, stroke=None)], label=f"card {i}", kind="card")


def _rgb(i: int) -> tuple[int, int, int]:
    return ((i * 37) % 256, (i * 91) % 256, (i * 53) % 256)


def _open(data: bytes) -> PILImage.Image:
    return PILImage.open(io.BytesIO(data))


def test_grid_and_size_for_a_full_and_a_partial_sheet() -> None:
    cards = [_card(i) for i in range(75)]
    back = Page(*MINI, items=[Rect(0, 0, *MINI, fill="#123456", stroke=None)])
    sheets, back_png = render_tts(cards, back, dpi=100)
    dpi = 100
    cell = (round(MINI[0] / 25.4 * dpi), round(MINI[1] / 25.4 * dpi))
    first, second = (_open(s) for s in sheets)
    assert first.size == (10 * cell[0], 7 * cell[1])        # 70 cards: 10 x 7
    assert second.size == (5 * cell[0], 1 * cell[1])        # 5 left over: 5 x 1
    assert first.mode == second.mode == "RGB"
    for index in (0, 9, 10, 69):                            # reading order, row by row
        col, row = index % 10, index // 10
        centre = (col * cell[0] + cell[0] // 2, row * cell[1] + cell[1] // 2)
        assert first.getpixel(centre) == _rgb(index)
    assert second.getpixel((cell[0] // 2, cell[1] // 2)) == _rgb(70)
    back_img = _open(back_png)
    assert back_img.size == cell and back_img.mode == "RGB"
    assert back_img.getpixel((cell[0] // 2, cell[1] // 2)) == (0x12, 0x34, 0x56)


def test_dpi_is_lowered_so_ten_cards_fit_4096_px() -> None:
    for width in (63.5, 57.2, 44.0, 70.0):
        dpi = tts_dpi(width)
        assert 10 * round(width / 25.4 * dpi) <= 4096
        assert 10 * round(width / 25.4 * (dpi + 1)) > 4096 or dpi == 300
    assert tts_dpi(63.5, 100) == 100


def test_poker_sheet_is_at_most_4096_wide() -> None:
    cards = [_card(i, (63.5, 88.9)) for i in range(12)]
    sheets, back = render_tts(cards, _card(0, (63.5, 88.9)))
    (sheet,) = [_open(s) for s in sheets]
    cell = _open(back).size
    assert cell == (750, 1050)                          # 12 poker cards: 4 x 3 at the full 300 dpi
    assert sheet.size == (4 * cell[0], 3 * cell[1])
    assert max(sheet.size) <= 4096


def _sharpness(count: int, card: tuple[float, float], grid: tuple[int, int]) -> float:
    return tts_dpi(card[0], None, card[1], *grid)


@pytest.mark.parametrize("count, card, grid, dpi", [
    (20, (63.5, 88.9), (5, 4), 292), (20, (63, 88), (5, 4), 295), (70, (63.5, 88.9), (10, 7), 163),
    (9, (63.5, 88.9), (3, 3), 300), (1, (70, 120), (1, 1), 300), (30, (70, 120), (8, 4), 185)])
def test_grid_for_a_card_size_is_the_sharpest(count, card, grid, dpi) -> None:
    assert tts_grid(count, card) == grid
    assert _sharpness(count, card, grid) == dpi


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 70), st.floats(20, 150), st.floats(20, 150))
def test_no_grid_is_sharper_or_fuller(count, w, h) -> None:
    """The chosen grid holds the cards within 10 x 7, and no other such grid gives sharper cards
    or, as sharp, fewer empty cells."""
    cols, rows = tts_grid(count, (w, h))
    assert cols <= 10 and rows <= 7 and cols * rows >= count
    best = _sharpness(count, (w, h), (cols, rows))
    for c in range(1, 11):
        r = -(-count // c)
        if r <= 7:
            other = _sharpness(count, (w, h), (c, r))
            assert other < best or (other == best and c * r >= cols * rows)


@pytest.mark.parametrize("count, grid", [(1, (1, 1)), (10, (10, 1)), (11, (10, 2)), (70, (10, 7))])
def test_grid_shape(count, grid) -> None:
    assert tts_grid(count) == grid


def test_mixed_card_sizes_and_no_cards_are_errors() -> None:
    with pytest.raises(LayoutError):
        render_tts([_card(0), _card(1, (63.5, 88.9))], _card(2))
    with pytest.raises(LayoutError):
        render_tts([], _card(2))
