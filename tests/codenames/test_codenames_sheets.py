"""Key and word cards as drawn: roles told apart in greyscale, lights in the starting colour, text."""

from __future__ import annotations

import io
import random

import numpy as np
import pytest
from PIL import Image

from generator.core.units import mm_to_px
from generator.games.codenames import GAME
from generator.games.codenames import sheets as sheet
from generator.games.codenames.rules import keys as cn
from generator.render import render_png, render_recording
from generator.scene.imposition import card_pages
from generator.scene.model import Group, Text

DPI = 150


def _card_image(key: cn.Key, size: float = sheet.KEY_CARD_SIZE) -> Image.Image:
    page = card_pages(sheet.key_cards([key], size), (size, size))[0]
    return Image.open(io.BytesIO(render_png(page, dpi=DPI))).convert("RGB")


def _px(mm: float) -> int:
    return round(mm_to_px(mm, DPI))


def _cell_crop(image: Image.Image, box: tuple[float, float, float]) -> Image.Image:
    x, y, w = box
    inset = 0.08 * w  # stay off the cell edge line
    return image.crop((_px(x + inset), _px(y + inset), _px(x + w - inset), _px(y + w - inset)))


def _cells_by_role(key: cn.Key, image: Image.Image, size: float = sheet.KEY_CARD_SIZE):
    boxes = sheet.cell_boxes(key.grid, size)
    found: dict[str, list[Image.Image]] = {role: [] for role in cn.ROLES}
    for row, box_row in zip(key.cells, boxes, strict=False):
        for role, box in zip(row, box_row, strict=False):
            found[role].append(_cell_crop(image, box).resize((16, 16), Image.BILINEAR))
    return found


HATCH_DPI = 300     # the hatch (0.7 mm a line and a gap) resolved: 8 pixels a step


def _turned(image: Image.Image) -> np.ndarray:
    """Where the hatch runs the sign's way (top-right to bottom-left) rather than the ground's (top-left
    to bottom-right), pixel by pixel: along its own lines a hatch does not change, across them it does."""
    a = np.asarray(image.convert("L"), dtype=float)
    d = 2
    along_ground = np.abs(a[d:-d, d:-d] - a[2 * d:, 2 * d:]) + np.abs(a[d:-d, d:-d] - a[:-2 * d, :-2 * d])
    along_sign = np.abs(a[d:-d, d:-d] - a[:-2 * d, 2 * d:]) + np.abs(a[d:-d, d:-d] - a[2 * d:, :-2 * d])
    turned = np.zeros(a.shape, dtype=float)
    turned[d:-d, d:-d] = along_sign < along_ground
    return turned


def _sign_masks(key: cn.Key) -> dict[str, list[np.ndarray]]:
    """Each cell's sign, as the share of turned hatch in 12 x 12 blocks of the cell, by role."""
    page = card_pages(sheet.key_cards([key]), (sheet.KEY_CARD_SIZE, sheet.KEY_CARD_SIZE))[0]
    image = Image.open(io.BytesIO(render_png(page, dpi=HATCH_DPI))).convert("RGB")
    turned = _turned(image)
    found: dict[str, list[np.ndarray]] = {role: [] for role in cn.ROLES}
    for row, box_row in zip(key.cells, sheet.cell_boxes(key.grid), strict=True):
        for role, (x, y, w) in zip(row, box_row, strict=True):
            x0, y0, n = round(mm_to_px(x, HATCH_DPI)), round(mm_to_px(y, HATCH_DPI)), round(mm_to_px(w, HATCH_DPI))
            n -= n % 12
            cell = turned[y0:y0 + n, x0:x0 + n]
            found[role].append(cell.reshape(12, n // 12, 12, n // 12).mean(axis=(1, 3)))
    return found


@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_the_turn_of_the_hatch_tells_the_four_roles_apart(grid: str) -> None:
    """Colour aside (greyscale, orientation only): every cell's sign, the hatch turned a quarter, is
    closest to its own role's by a wide margin (nearest template), and covers a good part of the cell."""
    masks = _sign_masks(cn.random_key(grid, random.Random(4)))
    templates = {role: ms[0] for role, ms in masks.items()}
    for role, ms in masks.items():
        for m in ms:
            own = np.abs(m - templates[role]).mean()
            others = min(np.abs(m - templates[r]).mean() for r in cn.ROLES if r != role)
            assert own < 0.05 and others > 0.1, (role, own, others)
            assert 0.15 < (m > 0.5).mean() < 0.6, (role, (m > 0.5).mean())


@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_every_cell_carries_the_same_ink(grid: str) -> None:
    """Held to a lamp the cells must not differ (issue 31): whatever the role, the hatch's grey covers the
    same share of every cell (half, within 2 points), and the tints under it are light (a hint)."""
    key = cn.random_key(grid, random.Random(6))
    page = card_pages(sheet.key_cards([key]), (sheet.KEY_CARD_SIZE, sheet.KEY_CARD_SIZE))[0]
    grey = np.asarray(Image.open(io.BytesIO(render_png(page, dpi=HATCH_DPI))).convert("L"), dtype=float)
    ink = int(sheet.KEY_INK[1:3], 16)
    shares: dict[str, list[float]] = {role: [] for role in cn.ROLES}
    for row, box_row in zip(key.cells, sheet.cell_boxes(key.grid), strict=True):
        for role, (x, y, w) in zip(row, box_row, strict=True):
            x0, y0 = round(mm_to_px(x + 0.5, HATCH_DPI)), round(mm_to_px(y + 0.5, HATCH_DPI))
            x1, y1 = round(mm_to_px(x + w - 0.5, HATCH_DPI)), round(mm_to_px(y + w - 0.5, HATCH_DPI))
            cell = grey[y0:y1, x0:x1]
            shares[role].append(float((255 - cell).sum() / (255 - ink) / cell.size))   # ink, as a share of the cell
    every = [v for vs in shares.values() for v in vs]
    assert max(every) - min(every) < 0.12 and all(0.45 < v < 0.62 for v in every), shares
    assert all(min(int(c[i:i + 2], 16) for i in (1, 3, 5)) >= 0xe0 for c in sheet.KEY_FILLS.values())


@pytest.mark.parametrize("team", ["red", "blue"])
@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_lights_on_all_four_sides_show_the_starting_team(grid: str, team: str) -> None:
    """Each light bar leans to the team's colour, and its three signs are the team's: a disc turned all
    through for red, a diamond with the ground's hatch in its middle for blue."""
    key = cn.random_key(grid, random.Random(1), starting=team)
    page = card_pages(sheet.key_cards([key]), (sheet.KEY_CARD_SIZE, sheet.KEY_CARD_SIZE))[0]
    image = Image.open(io.BytesIO(render_png(page, dpi=HATCH_DPI))).convert("RGB")
    rgb, turned = np.asarray(image, dtype=float), _turned(image)
    s = sheet.KEY_CARD_SIZE / sheet.DESIGN

    def px(mm: float) -> int:
        return round(mm_to_px(mm, HATCH_DPI))

    for x, y, w, h in sheet.light_boxes():
        bar = rgb[px(y + 1):px(y + h - 1), px(x + 1):px(x + w - 1)].mean(axis=(0, 1))
        assert (bar[0] > bar[2] + 3) if team == "red" else (bar[2] > bar[0] + 3), (team, bar)
        # between two signs (the ground, turned with its bar), then the three signs' centres
        (gx, gy), *signs = [(x + t, y + h / 2) if w > h else (x + w / 2, y + t)
                            for t in (9.5 * s, 5 * s, 14 * s, 23 * s)]
        ground = turned[px(gy) - 3:px(gy) + 4, px(gx) - 3:px(gx) + 4].mean()
        assert ground < 0.2 or ground > 0.8, ground
        for t, (cx, cy) in zip((5, 14, 23), signs, strict=True):
            middle = turned[px(cy) - 3:px(cy) + 4, px(cx) - 3:px(cx) + 4].mean()
            assert abs(middle - ground) > 0.8 if team == "red" else abs(middle - ground) < 0.2, (team, t, middle)


def test_card_items_carry_code_and_mark_and_no_other_text() -> None:
    """The code is the card's only text (a team letter would be ink that differs between the teams)."""
    key = cn.random_key("5x5", random.Random(2), starting="blue")
    log = render_recording(card_pages(sheet.key_cards([key]), (70, 70)))
    assert key.code in log
    texts = [i for i in sheet.key_card_items(key) if isinstance(i, Text)]
    assert [t.text for t in texts] == [key.code]
    assert log.count(" text ") == 1
    mark = [i for i in sheet.key_card_items(key) if getattr(i, "points", None)]
    assert mark and all(x <= 10 and y <= 10 for x, y in mark[0].points)


def test_key_card_scales_with_card_size() -> None:
    key = cn.random_key("5x5", random.Random(3))
    small, big = sheet.cell_boxes("5x5", 50), sheet.cell_boxes("5x5", 100)
    assert big[4][4][2] == pytest.approx(2 * small[4][4][2])
    for size in (40, 50, 150):
        image = _card_image(key, size)
        assert image.size == (_px(size), _px(size))


def test_word_card_prints_the_word_twice_once_upside_down() -> None:
    items = sheet.word_card_items("ananas")
    texts = [i for i in items if isinstance(i, Text)]
    groups = [i for i in items if isinstance(i, Group)]
    assert [t.text for t in texts] == ["ANANAS"]
    assert len(groups) == 1 and groups[0].items[0].text == "ANANAS"
    a, b, c, d, e, f = groups[0].transform
    assert (a, b, c, d) == (-1.0, 0.0, 0.0, -1.0)        # a 180-degree turn
    w, h = sheet.WORD_CARD_SIZE
    assert (e, f) == (w, h)                             # about the card's centre
    far = groups[0].items[0]
    assert far.y + far.h / 2 > h / 2                    # drawn in the upper half once turned


def test_long_words_fit_their_cards() -> None:
    """Every word of both lists lays out (shrinks if needed) on a word card without error."""
    from generator.scene.text import layout_text

    for lang in GAME.languages:
        for word in sheet.load_words(lang):
            for item in sheet.word_card_items(word):
                box = item.items[0] if isinstance(item, Group) else item
                if isinstance(box, Text):
                    lines = layout_text(box)
                    assert len(lines) == 1 and lines[0].text == word.upper()
