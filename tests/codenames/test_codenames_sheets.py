"""Key and word cards as drawn: roles told apart in greyscale, lights in the starting colour, text."""

from __future__ import annotations

import io
import itertools
import random

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


def _fill_luminance(cell: Image.Image) -> float:
    """Mean grey of the cell's corner ring (fill colour, away from the central symbol)."""
    pixels = [cell.getpixel((x, y)) for x in (1, 2, 13, 14) for y in (1, 2, 13, 14)]
    return sum(pixels) / len(pixels)


def _distance(a: Image.Image, b: Image.Image) -> float:
    return sum(abs(p - q) for p, q in zip(a.tobytes(), b.tobytes(), strict=False)) / (16 * 16)


@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_greyscale_render_keeps_the_four_roles_apart(grid: str) -> None:
    key = cn.random_key(grid, random.Random(4))
    grey = _card_image(key).convert("L")
    cells = _cells_by_role(key, grey)
    fills = {role: [_fill_luminance(c) for c in cs] for role, cs in cells.items()}
    means = {role: sum(v) / len(v) for role, v in fills.items()}
    # By lightness alone: the roles' fills are at least 20 grey levels apart, and consistent (light colours:
    # held to a lamp, a key's cells must differ little, issue 31; the dark symbols tell them apart by shape).
    ordered = sorted(means.values())
    assert min(b - a for a, b in itertools.pairwise(ordered)) >= 20, means
    assert all(max(v) - min(v) < 10 for v in fills.values()), fills
    # By pattern: every cell is closest to its own role's template (nearest-centroid check),
    # by a wide margin (over four times) over the variation within a role.
    templates = {role: cs[0] for role, cs in cells.items()}
    for role, cs in cells.items():
        for cell in cs:
            own = _distance(cell, templates[role])
            others = min(_distance(cell, templates[r]) for r in cn.ROLES if r != role)
            assert own < 6 and others > 24, (role, own, others)


def test_symbols_differ_even_where_the_fill_is_ignored() -> None:
    """The symbol shapes alone (fill subtracted) tell the roles apart."""
    key = cn.random_key("5x5", random.Random(9))
    grey = _card_image(key).convert("L")
    masks = {}
    for role, cs in _cells_by_role(key, grey).items():
        cell = cs[0]
        fill = _fill_luminance(cell)
        masks[role] = [abs(p - fill) > 60 for p in cell.tobytes()]
    for a in cn.ROLES:
        for b in cn.ROLES:
            if a < b:
                union = sum(x or y for x, y in zip(masks[a], masks[b], strict=False))
                differing = sum(x != y for x, y in zip(masks[a], masks[b], strict=False))
                assert differing / union >= 0.35, (a, b, differing, union)


@pytest.mark.parametrize("team", ["red", "blue"])
@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_lights_on_all_four_sides_show_the_starting_colour(grid: str, team: str) -> None:
    key = cn.random_key(grid, random.Random(1), starting=team)
    image = _card_image(key)
    want = tuple(int(sheet.KEY_TEAM_COLORS[team][i:i + 2], 16) for i in (1, 3, 5))
    s = sheet.KEY_CARD_SIZE / sheet.DESIGN
    for x, y, w, h in sheet.light_boxes():
        # A point 7 mm (design) along each bar: between the team symbol and the letter.
        px, py = (x + 7 * s, y + h / 2) if w > h else (x + w / 2, y + 7 * s)
        got = image.getpixel((_px(px), _px(py)))
        assert all(abs(g - c) <= 8 for g, c in zip(got, want, strict=False)), (got, want)


def test_card_items_carry_code_mark_and_team_letter() -> None:
    key = cn.random_key("5x5", random.Random(2), starting="blue")
    log = render_recording(card_pages(sheet.key_cards([key]), (70, 70)))
    assert key.code in log
    assert log.count("'B'") == 4 and "'R'" not in log
    texts = [i for i in sheet.key_card_items(key) if isinstance(i, Text)]
    assert [t.text for t in texts] == [key.code]
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
