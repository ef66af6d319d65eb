"""`pnpgen example-game`: the example game's command group and its part of the kit (a skeleton)."""

from __future__ import annotations

from pathlib import Path

import click

from generator import paths
from generator.cli.common import output_options, report_paths, resolve_seed, seed_option, write_built_pages
from generator.cli.options import lang_option, paper_option
from generator.games._template import GAME


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


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The example game's part of the kit: one dealt sheet, in `lang` (None: its rulebook's language).

    Never deal from the kit seed itself: derive the product's own code from it, print that code, and
    `pnpgen example-game deal --seed CODE` reprints the sheet. A product that hides nothing (this one)
    takes a short public code (`derive_seed`); a product the players must not see takes a secret code
    (`derive_key`, 74 random bits, written with core.codes.format_seed), goes into `<game>/host/`, and
    keeps its code out of its file name (docs/kit.md)."""
    from generator.core.rng import derive_seed

    code = derive_seed(seed, "example-game-deal")
    target = out_dir / "example-game" / f"example-game-seed{code}.pdf"
    written = write_deal(target, code, GAME.kit_language(lang), paper, force)
    return [(written[0], f"Example game: five numbers dealt (code {code}: `pnpgen example-game deal --seed {code}`)")]
