"""The print details of issue 35, each read back from what is written: the Cricut image keeps the whole card
under a cut inset; Cricut sheet widths against Print Then Cut's 6.75 in; cutter sheets name the flip; ScanNCut
sheets carry the 50 mm scale bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator.publish import DeckOptions, plan_job
from generator.scene.imposition import Card
from generator.scene.model import Rect

POKER = (63.5, 88.9)


def cards(count: int, backs: bool = False) -> list[Card]:
    return [Card([Rect(-3, -3, 69.5, 94.9, fill="#3060a0", stroke=None)],
                 [Rect(-3, -3, 69.5, 94.9, fill="#202020", stroke=None)] if backs else None) for _ in range(count)]


def test_cricut_with_a_cut_inset_prints_the_whole_card(tmp_path: Path) -> None:
    """--cut-inset 0.51 and no bleed: the card prints 63.5 mm wide (it was cropped to the 62.48 mm cut)."""
    opts = DeckOptions(cutter="cricut", output=tmp_path, duplex=None, quiet=True, cut_inset=0.51)
    job = plan_job(opts, count=1, card_size=POKER, bleed=3.0, stem="deck", has_backs=False)
    job.write(cards(1))
    with Image.open(tmp_path / "deck-sheet-001.png") as image:
        alpha = image.getchannel("A")
        middle = round(POKER[1] / 2 / 25.4 * 300)            # across the first card's middle
        row = [alpha.getpixel((x, middle)) for x in range(image.width // 2)]
    opaque = [x for x, a in enumerate(row) if a > 127]
    width_mm = (opaque[-1] - opaque[0] + 1) * 25.4 / 300
    assert width_mm == pytest.approx(63.5, abs=25.4 / 300 * 1.01)
    svg = (tmp_path / "deck-cut-001.svg").read_text()
    assert 'd="M3.52 0.52H60A3 3 0 0 1 63 3.52' in svg      # the cut itself stays at the inset (0.52 to 63)
