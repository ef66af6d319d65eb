"""`pnpgen example-game`: the example game's own commands (deal) and its part of the kit; `rules` comes from GAME."""

from __future__ import annotations

from pathlib import Path

import click

from generator import paths
from generator.cli.common import output_options, report_paths, resolve_seed, seed_option, write_built_pages
from generator.cli.deck import REPORTER
from generator.cli.gamecli import write_kit_deck, write_rules
from generator.cli.options import lang_option, paper_option
from generator.games._template import GAME
from generator.publish import DeckOptions


@click.group()
def command() -> None:
    """Example game: a skeleton to copy when adding a game to pnpgen."""


def write_deal(target: Path, seed: int, lang: str, paper: str, force: bool) -> list[Path]:
    """Deal with the seed and write the sheet as a PDF (refused if it exists, unless force)."""
    from generator.core.rng import make_rng
    from generator.games._template.rules import deal
    from generator.games._template.sheets import deal_pages
    return write_built_pages(target, lambda: deal_pages(deal(make_rng(seed, "example"), 5), seed, lang, paper),
                             "pdf", force, title=GAME.title)


@command.command("deal")
@seed_option
@lang_option(GAME, "Language of the sheet.")
@paper_option()
@output_options
def deal_command(seed: int | None, lang: str, paper: str, output: Path | None, force: bool, quiet: bool) -> None:
    """Deal five numbers and print them on a sheet.

    \b
    Example:
      pnpgen example-game deal --seed 3
    """
    seed = resolve_seed(seed, quiet)
    target = output or paths.default_output(f"example-game-seed{seed}.pdf")
    report_paths(write_deal(Path(target), seed, lang, paper, force), quiet)


def write_numbers(lang: str, opts: DeckOptions) -> list[Path]:
    """The deck GAME declares: its records drawn with its group's template, written by the publishing layer in
    any --format (files under output/example-game/ without -o)."""
    from generator.cards.build import build_cards, card_size_of
    from generator.cards.templates import load_template
    from generator.games._template.content import labels, number_records
    from generator.publish.groups import CardGroup, write_deck

    template, records = load_template(GAME.deck("numbers").group("numbers").template), number_records(lang)
    return write_deck(opts, [CardGroup("numbers", len(records))], lambda: build_cards(records, template, bleed=opts.bleed),
                      card_size=card_size_of(template), bleed=template.bleed if opts.bleed is None else opts.bleed,
                      stem=f"example-game-numbers-{lang}", title=labels(lang)["title"], lang=lang, home="example-game",
                      data=lambda: [r.fields for r in records], reporter=REPORTER)


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The example game's part of the kit: one dealt sheet, in `lang` (None: its rulebook's language).

    Never deal from the kit seed itself: derive the product's own code from it, print that code, and
    `pnpgen example-game deal --seed CODE` reprints the sheet. A product that hides nothing (this one)
    takes a short public code (`derive_seed`); a product the players must not see takes a secret code
    (`derive_key`, 74 random bits, written with core.codes.format_seed), goes into `<game>/host/`, and
    keeps its code out of its file name (docs/kit.md)."""
    from generator.core.rng import derive_seed

    code, lang = derive_seed(seed, "example-game-deal"), GAME.kit_language(lang)
    target = out_dir / "example-game" / f"example-game-seed{code}.pdf"
    written = write_deal(target, code, lang, paper, force)
    rules = write_rules(GAME, out_dir / "example-game" / f"example-game-rules-{lang}.pdf", lang, paper, force)
    return [(written[0], f"Example game: five numbers dealt (code {code}: `pnpgen example-game deal --seed {code}`)"),
            (rules[0], "Example game: the rules sheet, one page"),
            *write_kit_deck(GAME, GAME.deck("numbers"), out_dir / "example-game", paper, force, lang)]
