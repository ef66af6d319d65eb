"""Golden drawing logs of the example deck's card faces; refresh with PNPGEN_UPDATE_GOLDEN=1 and review."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cards import load_records, load_template
from generator.cards.build import build_cards
from generator.publish.images import load_image
from generator.render import render_recording
from generator.scene.imposition import card_pages

GOLDEN = Path(__file__).parent / "golden"


def _faces(side: str) -> str:
    records = load_records("example", expand=False)       # one face per distinct card
    cards = build_cards(records, load_template("example"), image_loader=load_image)
    if side == "back":
        assert len({tuple(card.back) for card in cards}) == 1      # one back design for the deck
        cards = cards[:1]
    return render_recording(card_pages(cards, (63.5, 88.9), 3.0, side=side))


@pytest.mark.parametrize("side", ["front", "back"])
def test_example_faces_match_the_golden_log(side: str, golden) -> None:
    golden(_faces(side), GOLDEN / f"example-{side}.txt")
