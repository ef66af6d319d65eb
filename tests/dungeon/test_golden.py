"""Golden drawing logs of one CODEX card of each kind (front and back); refresh with PNPGEN_UPDATE_GOLDEN=1 and review."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.dungeon import GAME
from generator.games.dungeon.content import load_deck, load_labels
from generator.games.dungeon.rules.deck import expand
from generator.games.dungeon.sheets import build_deck
from generator.render import render_recording
from generator.scene.imposition import card_pages

GOLDEN = Path(__file__).parent / "golden"
SAMPLES = ("obstine", "ration-1", "dague-noire", "secret-8", "lierre-carnivore", "encre", "peintre", "ruelle")


def _log(lang: str) -> str:
    deck = load_deck()
    cards = build_deck(deck, load_labels(), lang)
    ids = [card.id for card in expand(deck.cards)]
    chosen = [cards[ids.index(card_id)] for card_id in SAMPLES]
    pages = card_pages(chosen, (63.5, 88.9), 3.0) + card_pages(chosen, (63.5, 88.9), 3.0, side="back")
    return render_recording(pages)


@pytest.mark.parametrize("lang", GAME.languages)
def test_sample_cards_match_the_golden_log(lang: str, golden) -> None:
    golden(_log(lang), GOLDEN / f"dungeon-samples-{lang}.txt")
