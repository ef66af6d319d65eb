"""Golden drawing logs of imposed sheets and the calibration sheet; refresh with PNPGEN_UPDATE_GOLDEN=1."""

from __future__ import annotations

from pathlib import Path

import pytest
from scene_helpers import make_cards

from generator.scene.imposition import SheetSpec, calibration_pages, impose

render_recording = pytest.importorskip("generator.render").render_recording

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "a4-poker-long": lambda: impose(make_cards(9), SheetSpec(paper="a4", duplex="long"),
                                    title="Golden deck", source="seed 1"),
    "letter-poker-short-offset": lambda: impose(
        make_cards(9), SheetSpec(paper="letter", duplex="short", offset=(1.0, -0.5), cut_lines=True),
        title="Golden deck", source="seed 1"),
    "a4-mini-gutters": lambda: impose(make_cards(16, 44.0, 63.0), SheetSpec(card_size="mini", duplex=None),
                                      title="Golden deck", source="seed 1"),
    "a4-poker-fold": lambda: impose(make_cards(4), SheetSpec(landscape=None, gutter_fold=True),
                                    title="Golden deck", source="seed 1"),
    "calibration-a4-long": lambda: calibration_pages(SheetSpec(paper="a4", duplex="long")),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_drawing_matches_the_golden_log(name: str, golden) -> None:
    golden(render_recording(CASES[name]()), GOLDEN / f"{name}.txt")
