"""The example game skeleton works: its declaration registered, it gets a command and its kit part runs."""

from __future__ import annotations

import json
import random

import pytest
from pypdf import PdfReader

from generator import games
from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.rng import derive_seed
from generator.games._template import GAME, rules


@pytest.fixture()
def registered():
    unregister = games.register(GAME)
    yield
    unregister()


def test_rules_deal_distinct_numbers_and_round_trip() -> None:
    numbers = rules.deal(random.Random(4), 5, pool=9)
    assert len(set(numbers)) == 5 and all(1 <= n <= 9 for n in numbers)
    assert rules.parse_deal(rules.format_deal(numbers)) == numbers
    with pytest.raises(rules.RulesError):
        rules.deal(random.Random(4), 10, pool=9)


def test_registered_game_is_a_command_and_in_the_kit(registered, tmp_path, capsys, monkeypatch) -> None:
    assert run_cli(cli, ["example-game", "deal", "--seed", "3", "-o", str(tmp_path / "d.pdf"), "-q"]) == 0
    text = PdfReader(tmp_path / "d.pdf").pages[0].extract_text()
    assert "Example game" in text and rules.format_deal(rules.deal(_rng(3), 5)) in text
    # the kit of the registered game alone (the packaged games' parts are the kit tests' business)
    monkeypatch.setattr(games, "GAME_PACKAGES", ())
    assert run_cli(cli, ["kit", "--seed", "3", "-o", str(tmp_path / "kit"), "-q"]) == 0
    assert [game.name for game in games.all_games()] == ["example-game"]
    code = derive_seed(3, "example-game-deal")          # the kit deals from its derived code, never from 3
    assert (tmp_path / "kit" / "example-game" / f"example-game-seed{code}.pdf").is_file()
    assert f"example-game/example-game-seed{code}.pdf" in (tmp_path / "kit" / "index.md").read_text(encoding="utf-8")
    kit_text = PdfReader(tmp_path / "kit" / "example-game" / f"example-game-seed{code}.pdf").pages[0].extract_text()
    assert rules.format_deal(rules.deal(_rng(code), 5)) in kit_text


def test_the_shared_command_line_prints_its_declared_rules_sheet(registered, tmp_path) -> None:
    """The template declares a rules sheet and defines no rules command: `pnpgen example-game rules` exists."""
    assert run_cli(cli, ["example-game", "rules", "--lang", "it", "-o", str(tmp_path / "r.pdf"), "-q"]) == 0
    reader = PdfReader(tmp_path / "r.pdf")
    assert len(reader.pages) == 1 and "Vince il numero più alto." in reader.pages[0].extract_text()
    assert reader.metadata is not None and reader.metadata.title == "Example game rules"


def test_the_shared_command_line_prints_its_declared_deck(registered, tmp_path, capsys, monkeypatch) -> None:
    """The template declares a deck and defines no command for it: `pnpgen example-game numbers` exists with every
    print option, its files under output/example-game/ without -o; the kit writes it as its declared file."""
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "out"))
    assert run_cli(cli, ["example-game", "numbers", "--lang", "it", "--format", "png", "--dpi", "30", "-q"]) == 0
    files = sorted(p.name for p in (tmp_path / "out" / "example-game").iterdir())
    assert len(files) == 21 and files[0] == "example-game-numbers-it-001.png" and "example-game-numbers-it-back.png" in files
    assert run_cli(cli, ["example-game", "numbers", "--format", "json"]) == 0
    assert [card["number"] for card in json.loads(capsys.readouterr().out)] == [str(n) for n in range(1, 21)]
    monkeypatch.setattr(games, "GAME_PACKAGES", ())
    assert run_cli(cli, ["kit", "--seed", "3", "-o", str(tmp_path / "kit"), "-q"]) == 0
    deck = PdfReader(tmp_path / "kit" / "example-game" / "example-game-numbers-en.pdf")
    assert len(deck.pages) == 6 and "20" in deck.pages[4].extract_text()      # 3 sheets of 9 fronts, each backed


def test_unregistered_game_is_gone(tmp_path) -> None:
    assert all(game.name != "example-game" for game in games.all_games())
    assert run_cli(cli, ["example-game", "deal"]) == 2


def _rng(seed: int) -> random.Random:
    from generator.core.rng import make_rng

    return make_rng(seed, "example")
