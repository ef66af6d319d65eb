"""Golden drawing logs of the laser sheets (blank sheet, designer's sheet and answer key, check pictures);
refresh with PNPGEN_UPDATE_GOLDEN=1 and review the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.laser.content import load_catalog
from generator.games.laser.rules.check import check
from generator.games.laser.rules.model import Board
from generator.games.laser.rules.notation import parse_layout
from generator.games.laser.sheets.check_picture import check_picture_pages
from generator.games.laser.sheets.game_sheet import game_sheets
from generator.render import render_recording

GOLDEN = Path(__file__).parent / "golden"
DATA = Path(__file__).parent / "data"
EXAMPLE = (".......O\nX..#....\n....\\...\n........\n....T...\n........\n........\nT=SE\n")


def _layout(text: str):
    return parse_layout(text, load_catalog())


CASES = {
    "sheet-it-a4": lambda: game_sheets(Board(), load_catalog().beginner()),
    "sheet-fr-letter-10x10": lambda: game_sheets(Board(10, 10), load_catalog().beginner(), lang="fr",
                                                 paper="letter"),
    "designer-en": lambda: game_sheets(Board(), load_catalog().beginner(), lang="en", layout=_layout(EXAMPLE)),
    "check-unfair-en": lambda: check_picture_pages(check(_layout((DATA / "unfair.txt").read_text()))),
    "check-unplayable-en": lambda: check_picture_pages(check(_layout((DATA / "unplayable.txt").read_text()))),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_drawing_matches_the_golden_log(golden, name: str) -> None:
    golden(render_recording(CASES[name]()), GOLDEN / f"{name}.txt")
