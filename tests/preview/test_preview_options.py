"""`pnpgen preview` takes every print option `pnpgen cards` takes (the same declarations), and its print
button writes what `pnpgen cards` writes with the same options; the page's title names the deck."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.cards.test_images_sizes import _options
from tests.preview.test_live_deck import deck_files  # noqa: F401  (a fixture)

from generator.cards.cli import preview
from generator.cli import cli
from generator.cli.common import run_cli

# `pnpgen cards` options the preview has no use for, and why.
NOT_FOR_PREVIEW = {
    "--kinds": "lists template element kinds and exits; nothing to preview",
    "--check": "the page shows the preflight warnings under each card",
    "--strict": "goes with --check",
    "--watch": "the preview always redraws after a save",
    "--only": "the page picks cards itself (?card=12, ?q=name, the dropdown)",
    "--box": "the page shows the cards; their box is printed by pnpgen cards --box or pnpgen box",
    "--two-piece": "goes with --box",
}


def test_preview_has_every_cards_option_but_a_justified_few() -> None:
    from generator.cards.cli import command as cards

    missing = _options(cards) - _options(preview.command)
    assert missing == set(NOT_FOR_PREVIEW), f"options of pnpgen cards missing from pnpgen preview: {missing}"
    assert set(NOT_FOR_PREVIEW) <= _options(cards)
    for option in ("--sheet", "--printer", "--offset", "--cutter", "--gutter-fold", "--paper", "--duplex",
                   "--format", "--refresh", "--poll"):
        assert option in _options(preview.command)


def _press_print(args: list[str], monkeypatch: pytest.MonkeyPatch) -> dict:
    """Run `pnpgen preview ARGS` with the serving replaced by one draw and one press of the print button."""
    answers: list[dict] = []

    def serve(live, server, open_browser: bool) -> None:
        live.refresh()
        answers.append({"title": live.snapshot()["title"], **server.print_pdf()})
        server.server_close()

    monkeypatch.setattr(preview, "serve", serve)
    assert run_cli(cli, ["preview", *args, "--no-open"]) == 0
    return answers[0]


@pytest.mark.parametrize("extra", [["--paper", "letter", "--duplex", "short", "--offset", "1.5,-0.5"],
                                   ["--gutter-fold", "--no-crop-marks"],
                                   ["--cutter", "silhouette"]])
def test_the_print_button_writes_what_cards_writes(deck_files, tmp_path, monkeypatch, extra) -> None:  # noqa: F811
    data, template = deck_files
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "by-preview"))
    answer = _press_print([str(data), str(template), *extra], monkeypatch)
    assert "error" not in answer, answer
    assert answer["title"] == "deck"          # the deck's name (its folder's: cards.yaml), not the template's
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "by-cards"))
    assert run_cli(cli, ["cards", str(data), str(template), "--quiet", *extra]) == 0
    made = sorted(p.relative_to(tmp_path / "by-preview") for p in (tmp_path / "by-preview").rglob("*") if p.is_file())
    wanted = sorted(p.relative_to(tmp_path / "by-cards") for p in (tmp_path / "by-cards").rglob("*") if p.is_file())
    assert made == wanted and made
    assert sorted(Path(p).relative_to(tmp_path / "by-preview") for p in answer["paths"]) == made
    for name in made:
        assert (tmp_path / "by-preview" / name).read_bytes() == (tmp_path / "by-cards" / name).read_bytes(), name


def test_the_print_button_with_a_printer_profile_and_a_sheet(tmp_path, monkeypatch) -> None:
    from tests.cards.workbooks import write_xlsx

    monkeypatch.setenv("PNPGEN_CONFIG_DIR", str(tmp_path / "config"))
    assert run_cli(cli, ["calibrate", "--save", "office", "--offset", "0.8,-1.2", "--duplex", "short"]) == 0
    book = write_xlsx(tmp_path / "book.xlsx", {"Monsters": [["name"], ["Orc"]],
                                               "Spells": [["name"], ["Fireball"], ["Frost"]]})
    layout = tmp_path / "one.yaml"
    layout.write_text("name: one\ncard: poker\nback_background: '#333'\n"
                      "front:\n  - {kind: text, id: n, text: '{name}', x: 5, y: 5, w: 50, h: 10}\n", "utf-8")
    common = [str(book), str(layout), "--sheet", "Spells", "--printer", "office", "--duplex", "short"]
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "by-preview"))
    answer = _press_print([*common, "--format", "json", "-o", str(tmp_path / "by-preview" / "deck.json")],
                          monkeypatch)
    assert answer["title"] == "book"
    assert '"Fireball"' in (tmp_path / "by-preview" / "deck.json").read_text()
    _press_print(common, monkeypatch)
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "by-cards"))
    assert run_cli(cli, ["cards", *common, "--quiet"]) == 0
    assert (tmp_path / "by-preview" / "book.pdf").read_bytes() == (tmp_path / "by-cards" / "book.pdf").read_bytes()


def test_one_card_is_one_card() -> None:
    assert preview.count_cards(1) == "1 card" and preview.count_cards(18) == "18 cards"
    assert 'card${count === 1 ? "" : "s"}' in preview_page_text()


def preview_page_text() -> str:
    from generator.preview.page import PAGE

    return PAGE


def test_the_print_button_says_what_it_writes() -> None:
    from generator.preview.printing import print_label
    from generator.publish import DeckOptions

    assert print_label(DeckOptions()) == "pdf, a4, long-edge backs"
    assert print_label(DeckOptions(paper="letter", duplex="short", offset=(1.5, -0.5), printer="office")) == \
        "pdf, letter, short-edge backs, offset 1.5,-0.5 mm, printer office"
    assert print_label(DeckOptions(format="png", gutter_fold=True, duplex=None)) == "png, gutter fold"
    assert print_label(DeckOptions(cutter="silhouette", paper="letter")) == "pdf, letter, --cutter silhouette"
    assert 'writes: ${state.print}' in preview_page_text()
