"""The commands the shared command line builds for every game from its declaration (generator.games.Game):
`pnpgen <game> rules`, the rules sheet it declares (RulesSheet), and a command per deck it declares (CardDeck:
`pnpgen noir cards`), with every shared print option and --box (the box it declares, CardBox), beside the
game's own commands.

A game's cli module defines its own commands (deal, keys, setup...) in its click group `command`;
`game_command` adds the shared ones to that group when pnpgen loads it. The kit prints the rules sheet
and the decks through `write_rules` and `write_kit_deck`, as the commands do.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from generator.cli.common import output_options, report_paths, write_built_pages
from generator.cli.deck import deck_options_for, report_deck
from generator.cli.options import lang_option, paper_option
from generator.games import LANGUAGE_NAMES, CardDeck, Game
from generator.publish import DeckOptions
from generator.publish.options import BoxOrder
from generator.scene.box import BoxSpec

RULES_FORMATS = ("pdf", "png", "svg")


def game_command(game: Game) -> click.Command:
    """The game's click group with the shared commands its declaration asks for (its `rules`)."""
    group = game.command()
    if isinstance(group, click.Group):
        if game.rules is not None and "rules" not in group.commands:
            group.add_command(rules_command(game))
        for deck in game.decks:
            if deck.name not in group.commands:
                group.add_command(deck_command(game, deck))
    return group


def deck_command(game: Game, deck: CardDeck) -> click.Command:
    """`pnpgen <game> <deck>`: the deck in one of the game's languages, with its own options and every shared
    print option (format, paper, backs, output...); the publishing layer writes it."""
    write = game.deck_writer(deck)

    def run(lang: str, opts: DeckOptions, **options: Any) -> None:
        if opts.box is not None:
            opts = replace(opts, box=box_order(game, deck, lang, opts.box))
        report_deck(write(lang, opts, **options), opts)

    groups = ", ".join(f"{g.name} ({g.template or 'drawn by the game'}, backs: {g.backs})" for g in deck.groups)
    run.__doc__ = (f"{deck.about}\n\nThe groups of cards, in print order: {groups}.\n\n--box: also the box the "
                   "cards printed go in, beside them as NAME-box.pdf: sized to them, with the game's title (in --lang),"
                   " colours and a card of the deck on its back (docs/box.md).\n")
    decorated: Any = deck_options_for(deck.bleed, backs=deck.backs, box=True)(run)
    for option in reversed([lang_option(game, "Language of the cards (the default is the rulebook's)."),
                            *game.cli_options(deck.options)]):
        decorated = option(decorated)
    return click.command(deck.name)(decorated)


def box_order(game: Game, deck: CardDeck, lang: str, order: BoxOrder | None = None) -> BoxOrder:
    """The box of `deck` in `lang` as its declaration says (CardBox: title, colours, the card on its back), on
    top of what the command line asked for (--two-piece)."""
    box = deck.box
    return replace(order or BoxOrder(), title=game.box_title(deck, lang), colour=box.colour or None,
                   ink=box.ink or None, group=box.group, face=box.face)


def kit_box(game: Game, deck: CardDeck, folder: Path, lang: str, boxes: list[tuple[Path, str]]) -> BoxOrder | None:
    """The box of `deck` in the kit (DeckOptions.box for its kit run): folder/<its kit_file>, a tuck box or a
    tray and lid, left out when it fits the paper in neither; its (file, the kit index's line) pairs are added
    to `boxes` once written. None when the deck's box is not in the kit."""
    from generator.publish.box import box_about

    if not deck.box.kit_file:
        return None

    def told(spec: BoxSpec, paths: list[Path]) -> None:
        boxes.extend((path, box_about(spec, deck.box.kit_name)) for path in paths)

    return replace(box_order(game, deck, lang), output=folder / deck.box.kit_file.format(lang=lang), optional=True,
                   told=told)


def write_kit_deck(game: Game, deck: CardDeck, folder: Path, paper: str, force: bool, lang: str,
                   boxes: list[tuple[Path, str]] | None = None, **options: Any) -> list[tuple[Path, str]]:
    """The deck's kit file: folder/<kit_file> in `lang`, a PDF with backs for a long-edge flip; (file, the kit
    index's line) pairs. With `boxes`, its box too (kit_box: its pairs go to `boxes`, for the end of the
    game's part)."""
    box = kit_box(game, deck, folder, lang, boxes) if boxes is not None else None
    opts = DeckOptions(format="pdf", paper=paper, duplex="long", output=folder / deck.kit_file.format(lang=lang),
                       force=force, quiet=True, box=box)
    about = deck.kit_about.format(lang=lang, language=LANGUAGE_NAMES.get(lang, lang))
    written = game.deck_writer(deck)(lang, opts, **options)
    boxed = {path for path, _ in boxes or ()}
    return [(path, about) for path in written if path not in boxed]


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
