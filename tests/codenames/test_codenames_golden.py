"""Golden drawing logs of a key card (each grid) and a word card; refresh with PNPGEN_UPDATE_GOLDEN=1."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.codenames import sheets as sheet
from generator.games.codenames.rules import keys as cn
from generator.render import render_recording
from generator.scene.imposition import card_pages

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "key-5x5": lambda: card_pages(sheet.key_cards([cn.Key.from_code("9RPPD-Y73TY")]), (70, 70)),
    "key-5x4": lambda: card_pages(sheet.key_cards([cn.Key.from_code("XYECD-FFHR9")]), (70, 70)),
    "word-it": lambda: card_pages(sheet.word_cards(["caffè"]), sheet.WORD_CARD_SIZE),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_drawing_matches_the_golden_log(name: str, golden) -> None:
    golden(render_recording(CASES[name]()), GOLDEN / f"{name}.txt")
