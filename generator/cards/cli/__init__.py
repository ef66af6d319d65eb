"""`pnpgen cards DATA TEMPLATE`: card sheets from a data file (YAML/CSV) and a card template (YAML)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from generator.cli.common import check_outputs, progress, report_paths
from generator.cli.deck import DeckOptions, deck_options, deck_paths, emit_deck_json

DRAW_CHUNK = 9          # cards drawn per progress step (one sheet's worth)


@click.command()
@click.argument("data", required=False)
@click.argument("template", required=False)
@click.option("--kinds", is_flag=True, help="List every template element kind and its keys, then exit.")
@click.option("--only", metavar="CARDS", default=None,
              help='Just these cards: numbers and ranges ("3,7-9", counting copies) or a field test '
                   '("name~Dragon": contains, any case; "kind=spell": equals).')
@click.option("--card", type=click.IntRange(1), default=None, metavar="N", help="Just card N (as --only N).")
@click.option("--check", is_flag=True,
              help="Preflight: list what would print badly (text outside the safe area or shrunk over 30%, "
                   "pictures under 200 ppi, characters no font has, ...); writes nothing. Exit 0.")
@click.option("--strict", is_flag=True, help="With --check: exit 1 when there is any warning.")
@click.option("--watch", is_flag=True,
              help="Write, then write again after every save of the data, template, a picture or a font "
                   "(its own files are overwritten without --force); one line per run; Ctrl-C stops.")
@deck_options
def command(data: str | None, template: str | None, kinds: bool, only: str | None, card: int | None,
            check: bool, strict: bool, watch: bool, opts: DeckOptions) -> None:
    """Print cards from DATA (YAML or CSV card records) laid out by TEMPLATE (YAML).

    DATA and TEMPLATE are file paths or built-in names (a file of yours wins over a built-in of
    the same name). `qty:` in a record repeats the card. The default output is a PDF under
    output/: sheets of cards with crop marks, each followed by its backs for duplex printing.
    The template schema and element kinds: docs/cards.md, or --kinds.

    \b
    Examples:
      pnpgen cards example example                       # output/example.pdf, A4, long-edge backs
      pnpgen cards deck.csv layout.yaml --paper letter --duplex short -o deck.pdf
      pnpgen cards example example --format png --dpi 150   # one PNG per card face
      pnpgen cards example example --format tts          # Tabletop Simulator deck sheets
      pnpgen cards example example --format png --card 12   # one card's PNG (and its back)
      pnpgen cards example example --only "name~tomate" --watch
      pnpgen cards example example --check --strict      # preflight warnings; exit 1 if any
    """
    if kinds:
        from generator.cards.elements import describe_kinds

        click.echo(describe_kinds(), nl=False)
        return
    if not data or not template:
        raise click.UsageError("give a DATA file and a TEMPLATE (e.g. pnpgen cards example example)")
    if card is not None:
        if only is not None:
            raise click.UsageError("give --only or --card, not both")
        only = str(card)
    if strict and not check:
        raise click.UsageError("--strict goes with --check")
    if check:
        from generator.cards.cli.check import run_check

        sys.exit(run_check(data, template, opts, only, strict))
    if watch:
        from generator.cards.cli.watch import watch_deck

        watch_deck(data, template, opts, only)
        return
    report_paths(make_deck(data, template, opts, only=only), opts.quiet or opts.format == "json")


def make_deck(data: str | Path, template: str | Path, opts: DeckOptions, stem: str | None = None,
              only: str | None = None, image_loader: Callable[[Path], bytes] | None = None) -> list[Path]:
    """Load, check, draw and write a deck; returns the paths written. Nothing is written on error.

    only: the `--only` choice of cards; image_loader: path -> PNG bytes (default: the cached converter)."""
    from generator.cards import load_records, load_template
    from generator.cards.build import check_template

    records = load_records(data)
    tmpl = load_template(template)
    design = check_template(tmpl, records, bleed=opts.bleed)
    stem = stem or deck_stem(records[0].file)
    if only:
        records, opts = pick(records, only, opts)
    if opts.format == "json":
        rows = [r.to_json() for r in (records if only else load_records(data, expand=False))]
        return emit_deck_json(rows, opts)
    _check_layout(design, opts)
    targets = deck_paths(len(records), has_backs=tmpl.back is not None, card_size=design.card_size,
                         bleed=design.bleed, opts=opts, stem=stem)
    if opts.format in ("svg", "png") and not opts.sheets:
        targets = targets[:len(records)]   # the backs' files (one per distinct back) are checked by write_deck
    check_outputs([p for p in targets if p not in opts.own], opts.force)
    cards = _draw(records, design, opts, image_loader)
    return _write(cards, design, records, tmpl, opts, stem)


def pick(records: list, only: str, opts: DeckOptions) -> tuple[list, DeckOptions]:
    """The records `--only` chooses, and the options carrying their numbers (for file names)."""
    from dataclasses import replace

    from generator.cards.session import select

    picked = select(records, only)
    return [r for _, r in picked], replace(opts, numbers=tuple(n for n, _ in picked))


def _write(cards, design, records, tmpl, opts: DeckOptions, stem: str) -> list[Path]:
    from generator.cli.deck import write_deck

    title = f"{stem}: {len(cards)} cards"
    source = f"{display(records[0].file)} + {display(tmpl.file)}"
    return write_deck(cards, card_size=design.card_size, bleed=design.bleed, title=title, source=source,
                      opts=opts, stem=stem)


def _check_layout(design, opts: DeckOptions) -> None:
    """A card that cannot fit the paper is an error naming the template's card size, before drawing."""
    if opts.format not in ("pdf",) and not opts.sheets:
        return
    from generator.cli.deck import sheet_spec
    from generator.core.errors import LayoutError
    from generator.scene.layout import plan_sheet

    try:
        plan_sheet(sheet_spec(design.card_size, design.bleed, opts))
    except LayoutError as err:
        if err.file is not None:
            raise
        raise LayoutError(err.message, file=design.template.file, key="card") from None


def _draw(records, design, opts: DeckOptions, image_loader: Callable[[Path], bytes] | None = None) -> list:
    from generator.cards.build import build_cards
    from generator.cli.deck import image_to_png

    image_loader = image_loader or image_to_png
    chunks = [records[i:i + DRAW_CHUNK] for i in range(0, len(records), DRAW_CHUNK)]
    cards: list = []
    with progress(chunks, "Drawing cards", opts.quiet, threshold=4) as bar:
        for chunk in bar:
            cards += build_cards(chunk, design, image_loader=image_loader)
    return cards


def deck_stem(data_file: Path) -> str:
    """The name of the output files: the data file's stem (its folder's name for a `cards.*` file)."""
    data_file = Path(data_file)
    return data_file.parent.name if data_file.stem == "cards" and data_file.parent.name else data_file.stem


def display(path: Path) -> str:
    """A short form of a path for footers: relative to the working directory or the data root."""
    from generator import paths

    path = Path(path).resolve()
    # built-in files first: installed, they sit deep in site-packages (under the working directory too)
    for root in (paths.card_data_dir().parent, paths.templates_dir().parent, Path.cwd()):
        try:
            return str(path.relative_to(root.resolve()))
        except ValueError:
            continue
    return path.name


def kit_part(out_dir: Path, seed: int, paper: str, force: bool) -> list[tuple[Path, str]]:
    """The example deck (Marché des Saveurs) as a duplex PDF (long-edge flip) in the kit folder."""
    opts = DeckOptions(format="pdf", paper=paper, duplex="long", output=Path(out_dir) / "example-deck.pdf",
                       force=force, quiet=True)
    written = make_deck("example", "example", opts, stem="example-deck")
    return [(path, "example deck from `pnpgen cards example example`: 18 poker cards, "
                   "duplex (long-edge flip)") for path in written]
