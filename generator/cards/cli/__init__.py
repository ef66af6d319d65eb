"""`pnpgen cards DATA TEMPLATE`: card sheets from a data file (YAML, CSV or a spreadsheet) and a card template (YAML)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from generator.cards.cli.linked import allow_outside_option, link_options, local_data, sheet_option, start_polling
from generator.cli.deck import REPORTER, deck_options_for, report_deck
from generator.publish import DeckOptions
from generator.publish.carddeck import deck_stem, display, make_deck
from generator.publish.options import BoxOrder

__all__ = ["command", "deck_stem", "display", "kit_part", "make_deck"]


class _CardsCommand(click.Command):
    """`pnpgen cards`, answering the old `--card N` (now `--only N`; `--card` is a card size elsewhere) with a hint."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        given = list(args)    # click's parser consumes `args`
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as err:
            if err.option_name == "--card":
                number = _old_card_number(given)
                raise click.UsageError(f"--card {number} is now --only {number} (--card is a card size, in "
                                       f"pnpgen images and calibrate)", ctx) from None
            raise


def _old_card_number(args: list[str]) -> str:
    """The N of an old `--card N` (or `--card=N`) on the command line; "N" if there is none."""
    for i, arg in enumerate(args):
        if arg.startswith("--card="):
            return arg.partition("=")[2] or "N"
        if arg == "--card":
            return args[i + 1] if i + 1 < len(args) else "N"
    return "N"


@click.command(cls=_CardsCommand)
@click.argument("data", required=False)
@click.argument("template", required=False)
@click.option("--kinds", is_flag=True, help="List every template element kind and its keys, then exit.")
@allow_outside_option
@sheet_option
@click.option("--only", metavar="CARDS", default=None,
              help='Just these cards: numbers and ranges ("3,7-9", counting copies) or a field test '
                   '("name~Dragon": contains, any case; "kind=spell": equals).')
@click.option("--check", is_flag=True,
              help="Preflight: list what would print badly (text outside the safe area or shrunk over 30%, "
                   "pictures under 200 ppi, characters no font has, ...); writes nothing. Exit 0.")
@click.option("--strict", is_flag=True, help="With --check: exit 1 when there is any warning.")
@click.option("--watch", is_flag=True,
              help="Write, then write again after every save of the data, template, a picture or a font "
                   "once the save has settled (its own files are overwritten without --force); one line "
                   "per run; Ctrl-C stops.")
@link_options
@deck_options_for("the template's", box=True)
def command(data: str | None, template: str | None, kinds: bool, allow_outside_files: bool, sheet: str | None,
            only: str | None, check: bool, strict: bool, watch: bool, refresh: bool, poll: float,
            opts: DeckOptions) -> None:
    """Print cards from DATA (card records: YAML, CSV, TSV, or a .xlsx/.xlsm/.ods spreadsheet) laid out by TEMPLATE (YAML).

    DATA and TEMPLATE are file paths or built-in names (a file of yours wins over a built-in of
    the same name). DATA may also be an http(s) link to a CSV, TSV, XLSX or ODS file, or a Google
    Sheets link (shared "Anyone with the link"; its gid's sheet, or --sheet NAME): the last good
    download is kept in the cache folder and used, with a warning, when the link fails (--refresh:
    never). `qty:` in a record repeats the card. The default output is a PDF under output/: sheets
    of cards with crop marks, each followed by its backs for duplex printing.
    The template schema and element kinds: docs/cards.md, or --kinds. A template's `icons:` (SVG
    or PNG files beside it) are drawn inline as <name> in its texts; its `lookups:` add fields read
    from a table (faction -> colour). A spreadsheet's formula cells saved with no value (files
    written by openpyxl) are named in a warning (Cards!D20).

    \b
    Examples:
      pnpgen cards example example                       # output/example.pdf, A4, long-edge backs
      pnpgen cards deck.csv layout.yaml --paper letter --duplex short -o deck.pdf
      pnpgen cards example example --format png --dpi 150   # one PNG per card face
      pnpgen cards example example --format tts          # Tabletop Simulator deck sheets
      pnpgen cards example example --format png --only 12   # one card's PNG (and its back)
      pnpgen cards example example --only "name~tomate" --watch
      pnpgen cards example example --check --strict      # preflight warnings; exit 1 if any
      pnpgen cards deck.xlsx layout.yaml --sheet Monsters   # one sheet of a workbook
      pnpgen cards "https://docs.google.com/spreadsheets/d/ID/edit#gid=0" layout.yaml
      pnpgen cards example example --box                 # and output/example-box.pdf
    """
    if kinds:
        from generator.cards.elements import describe_kinds

        click.echo(describe_kinds(), nl=False)
        return
    if not data or not template:
        raise click.UsageError("give a DATA file and a TEMPLATE (e.g. pnpgen cards example example)")
    if opts.box and (watch or check):
        raise click.UsageError("--box goes without --watch and --check")
    if strict and not check:
        raise click.UsageError("--strict goes with --check")
    link, data = data, local_data(data, sheet, refresh)
    if check:
        from generator.cards.cli.check import run_check

        sys.exit(run_check(data, template, opts, only, strict, sheet=sheet))
    if watch:
        from generator.cards.cli.watch import watch_deck

        poller = start_polling(link, data, sheet, poll)
        try:
            watch_deck(data, template, opts, only, sheet=sheet)
        finally:
            if poller is not None:
                poller.stop()
        return
    report_deck(make_deck(data, template, opts, only=only, sheet=sheet, allow_outside=allow_outside_files,
                           reporter=REPORTER), opts)


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The example deck (Marché des Saveurs) as a duplex PDF (long-edge flip) in the kit folder, and its box;
    it has one language only, so `lang` changes nothing."""
    opts = DeckOptions(format="pdf", paper=paper, duplex="long", output=Path(out_dir) / "example-deck.pdf",
                       force=force, quiet=True, box=BoxOrder())
    written = make_deck("example", "example", opts, stem="example-deck", reporter=REPORTER)
    return [(path, "the example deck's box (`pnpgen cards example example --box`): a tuck box, one page (cut, fold, "
                   "glue)" if path.stem.endswith("-box") else "example deck from `pnpgen cards example example`: "
                   "18 poker cards, duplex (long-edge flip)") for path in written]


