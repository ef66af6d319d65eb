"""Golden drawing logs of the Codex printables (agent strips, Master's sheet, roles card);
refresh with PNPGEN_UPDATE_GOLDEN=1 and review the diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.codex import rules as codex
from generator.games.codex.sheets.deal import agent_pages_one_each, codex_pages, split_parts
from generator.render import render_recording

GOLDEN = Path(__file__).parent / "golden"
NAMES = ["Ann", "Bèn", "Cleo", "Dan", "Eva", "Fede"]


def _deal() -> codex.Deal:
    return codex.deal(2024, roles=["infiltrator", "hacker"], names=NAMES)


def _part(name: str, lang: str):
    return dict(split_parts(_deal(), lang=lang))[name]


CASES = {
    "agents-it": lambda: agent_pages_one_each(_deal(), "it"),
    "master-en": lambda: _part("master", "en"),
    "roles-it": lambda: _part("roles", "it"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_drawing_matches_the_golden_log(name: str, golden) -> None:
    golden(render_recording(CASES[name]()), GOLDEN / f"{name}.txt")


def test_whole_document_is_master_then_cards_then_roles() -> None:
    pages = codex_pages(_deal(), lang="it")
    master, roles = _part("master", "it"), _part("roles", "it")
    assert render_recording(pages[:len(master)]) == render_recording(master)
    assert render_recording(pages[-len(roles) - 1:-1]) == render_recording(roles)
    assert pages[-1].label == "codex rules sheet"
    assert all(p.label.startswith("codex agents") for p in pages[len(master):-len(roles) - 1])
