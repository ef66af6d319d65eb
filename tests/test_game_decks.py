"""What a game declares it prints is what the shared code prints: its decks (CardDeck) become commands with every
shared print option, its groups drive the templates and the Tabletop Simulator split, and no game module branches
on a deck's --format or renders a document itself."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import click
import pytest

from generator import games
from generator.cli import cli, load_command
from generator.cli.common import run_cli

GAMES_DIR = Path(games.__file__).parent


@pytest.mark.parametrize(("game", "deck"), [(g, d) for g in games.all_games() for d in g.decks],
                         ids=lambda x: getattr(x, "name", ""))
def test_every_declared_deck_is_a_command_with_the_shared_print_options(game: games.Game, deck: games.CardDeck) -> None:
    group = load_command(game.name)
    assert isinstance(group, click.Group)
    command = group.commands[deck.name]
    names = {param.name for param in command.params}
    assert {"lang", "fmt", "paper", "output", "force", "tts_url", "max_ppi", "cutter"} <= names
    assert ({"duplex", "gutter_fold", "offset"} <= names) == deck.backs     # a deck without backs has none to place
    assert all(g.name in (command.help or "") for g in deck.groups)


def test_the_declared_groups_are_the_games_own() -> None:
    from generator.games.dungeon import GAME as DUNGEON
    from generator.games.dungeon.rules.deck import KINDS
    from generator.games.noir import GAME as NOIR
    from generator.games.noir.sheets import TEMPLATES, prepare_deck

    assert DUNGEON.deck("cards").group_names == KINDS
    assert tuple(prepare_deck("en").groups) == NOIR.deck("cards").group_names
    assert set(TEMPLATES.values()) == {g.template for g in NOIR.deck("cards").groups}
    with pytest.raises(KeyError, match="groups: suspects, reference, evidence"):
        NOIR.deck("cards").group("jokers")


def test_a_deck_of_groups_is_a_tabletop_simulator_set_per_group(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The publishing layer splits the deck by its declared groups, each its own saved object and backs; an option
    tts does not read is warned about once, not once a group; --box gives the deck one box beside the sets."""
    assert run_cli(cli, ["noir", "cards", "--lang", "en", "--format", "tts", "--dpi", "30", "--paper", "a3", "-o",
                         str(tmp_path), "-q", "--box"]) == 0
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == ["noir-cards-en-box.pdf"]
    assert capsys.readouterr().err.count("--paper does nothing for --format tts") == 1
    saved = sorted(p.name for p in tmp_path.glob("*.json"))
    assert saved == [f"noir-cards-en-{name}.json" for name in ("evidence", "reference", "suspects")]
    counts = {p.stem.rsplit("-", 1)[1]: len(json.loads(p.read_text(encoding="utf-8"))["ObjectStates"][0]["DeckIDs"])
              for p in tmp_path.glob("*.json")}
    assert counts == {"suspects": 25, "reference": 2, "evidence": 25}


def _is_format(node: ast.expr) -> bool:
    """`fmt`, `opts.format`, `options.fmt`...: an output format."""
    return (isinstance(node, ast.Name) and node.id == "fmt") or (isinstance(node, ast.Attribute) and node.attr in ("format", "fmt"))


def _format_branches(tree: ast.AST) -> list[int]:
    """Lines comparing an output format (a deck's `opts.format`, a command's `fmt`) in a module."""
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Compare) and any(_is_format(p) for p in [node.left, *node.comparators])]


def test_no_game_module_branches_on_an_output_format_or_renders_itself() -> None:
    """The publishing layer decides what each format holds (write_deck, write_document); a game asks it."""
    deck = Path(__file__).parents[1] / "generator" / "cli" / "deck.py"
    assert _format_branches(ast.parse(deck.read_text(encoding="utf-8"))), "the check must see one"
    for path in sorted(GAMES_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert not _format_branches(tree), f"{path.relative_to(GAMES_DIR)} branches on a format: {_format_branches(tree)}"
        imported = {alias.name for node in ast.walk(tree)
                    if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("generator.render")
                    for alias in node.names}
        assert not imported & {"render_pdf", "render_png", "render_svg"}, f"{path.name} renders a document itself"
