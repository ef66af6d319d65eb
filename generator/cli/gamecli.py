"""The commands the shared command line builds for every game from its declaration (generator.games.Game):
`pnpgen <game> rules`, the rules sheet the game declares (RulesSheet), beside the game's own commands.

A game's cli module defines its own commands (deal, keys, setup...) in its click group `command`;
`game_command` adds the shared ones to that group when pnpgen loads it. The kit prints the rules sheet
through `write_rules`, as the command does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from generator.cli.common import output_options, report_paths, write_built_pages
from generator.cli.options import lang_option, paper_option
from generator.games import Game

RULES_FORMATS = ("pdf", "png", "svg")


def game_command(game: Game) -> click.Command:
    """The game's click group with the shared commands its declaration asks for (its `rules`)."""
    group = game.command()
    if game.rules is not None and isinstance(group, click.Group) and "rules" not in group.commands:
        group.add_command(rules_command(game))
    return group


def rules_command(game: Game) -> click.Command:
    """`pnpgen <game> rules`: the rules sheet the game declares, in one of its languages, as pdf, png or svg."""
    sheet = game.rules
    assert sheet is not None, game.name
    other = game.languages[1] if len(game.languages) > 1 else game.default_language

    def rules(lang: str, paper: str, fmt: str, output: Path | None, force: bool, quiet: bool, **options: Any) -> None:
        target = output or default_rules_path(game, lang, fmt)
        report_paths(write_rules(game, Path(target), lang, paper, force, fmt, **options), quiet)

    rules.__doc__ = (f"Print the rules aid: {sheet.about}\n\n\b\nExamples:\n"
                     f"  pnpgen {game.name} rules                     # output/{game.name}/{game.name}-rules-"
                     f"{game.default_language}.pdf\n"
                     f"  pnpgen {game.name} rules --lang {other} --paper letter -o rules.pdf\n")
    decorated: Any = output_options(rules)
    for option in reversed([lang_option(game, "Language of the sheet (the default is the rulebook's)."),
                            paper_option("Paper size of the sheet."),
                            click.option("--format", "fmt", type=click.Choice(RULES_FORMATS), default="pdf",
                                         show_default=True, help="pdf: one file; png/svg: one file a page."),
                            *game.cli_options(sheet.options)]):
        decorated = option(decorated)
    return click.command("rules")(decorated)


def default_rules_path(game: Game, lang: str, fmt: str = "pdf") -> Path:
    """Where `pnpgen <game> rules` writes without -o: output/<game>/<game>-rules-<lang>.<fmt>."""
    from generator import paths

    return paths.default_output(game.name, f"{game.name}-rules-{lang}.{fmt}")


def write_rules(game: Game, target: Path, lang: str, paper: str, force: bool, fmt: str = "pdf",
                **options: Any) -> list[Path]:
    """The game's rules sheet written to `target` (refused first if it exists, unless force); the files written.
    `options`: the sheet's own (its declaration's `options`), by name."""
    sheet = game.rules
    assert sheet is not None, game.name
    return write_built_pages(target, lambda: game.rules_pages(lang, paper, **options), fmt, force, dpi=sheet.dpi,
                             title=game.rules_title(lang, **options))
