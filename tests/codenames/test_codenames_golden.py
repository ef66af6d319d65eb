"""Golden drawing logs of a key card (each grid), a word card, a picture card and a cover card; refresh with
PNPGEN_UPDATE_GOLDEN=1."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.codenames import sheets as sheet
from generator.games.codenames.content import parse_picture
from generator.games.codenames.covers import cover_cards
from generator.games.codenames.pictures import PICTURE_CARD_SIZE, picture_items
from generator.games.codenames.rules import keys as cn
from generator.render import render_recording
from generator.scene.imposition import card_pages

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "key-5x5": lambda: card_pages(sheet.key_cards([cn.Key.from_code("9RPPD-Y73TY")]), (70, 70)),
    "key-5x4": lambda: card_pages(sheet.key_cards([cn.Key.from_code("XYECD-FFHR9")]), (70, 70)),
    "word-it": lambda: card_pages(sheet.word_cards(["caffè"]), sheet.WORD_CARD_SIZE),
    "picture-basket-crown": lambda: card_pages(_picture_card("basket + crown", "owl"), PICTURE_CARD_SIZE),
    "cover-double-agent-it": lambda: card_pages([c for c in cover_cards("5x4", "it") if "double" in c.label],
                                                PICTURE_CARD_SIZE, side="back"),
}


def _picture_card(front: str, back: str) -> list:
    from generator.scene.imposition import Card

    a, b = parse_picture(front, 5), parse_picture(back, 6)
    return [Card(picture_items(a), picture_items(b), "pictures 5|6")]


@pytest.mark.parametrize("name", sorted(CASES))
def test_drawing_matches_the_golden_log(name: str, golden) -> None:
    golden(render_recording(CASES[name]()), GOLDEN / f"{name}.txt")
