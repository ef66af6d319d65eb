"""`pnpgen cards DATA TEMPLATE`: card sheets from a data file (YAML/CSV) and a card template (YAML)."""

from __future__ import annotations

from pathlib import Path

import click

from generator.cli.common import check_outputs, progress, report_paths
from generator.cli.deck import DeckOptions, deck_options, deck_paths, emit_deck_json

DRAW_CHUNK = 9          # cards drawn per progress step (one sheet's worth)


@click.command()
@click.argument("data", required=False)
@click.argument("template", required=False)
@click.option("--kinds", is_flag=True, help="List every template element kind and its keys, then exit.")
@deck_options
def command(data: str | None, template: str | None, kinds: bool, opts: DeckOptions) -> None:
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
    """
    if kinds:
        from generator.cards.elements import describe_kinds

        click.echo(describe_kinds(), nl=False)
        return
    if not data or not template:
        raise click.UsageError("give a DATA file and a TEMPLATE (e.g. pnpgen cards example example)")
    report_paths(make_deck(data, template, opts), opts.quiet or opts.format == "json")


def make_deck(data: str | Path, template: str | Path, opts: DeckOptions, stem: str | None = None) -> list[Path]:
    """Load, check, draw and write a deck; returns the paths written. Nothing is written on error."""
    from generator.cards import load_records, load_template
    from generator.cards.build import check_template

    records = load_records(data)
    tmpl = load_template(template)
    design = check_template(tmpl, records, bleed=opts.bleed)
    stem = stem or deck_stem(records[0].file)
    if opts.format == "json":
        return emit_deck_json([r.to_json() for r in load_records(data, expand=False)], opts)
    _check_layout(design, opts)
    targets = deck_paths(len(records), has_backs=tmpl.back is not None, card_size=design.card_size,
                         bleed=design.bleed, opts=opts, stem=stem)
    check_outputs(targets, opts.force)
    cards = _draw(records, design, opts)
    return _write(cards, design, records, tmpl, opts, stem)


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


def _draw(records, design, opts: DeckOptions) -> list:
    from generator.cards.build import build_cards
    from generator.cli.deck import image_to_png

    chunks = [records[i:i + DRAW_CHUNK] for i in range(0, len(records), DRAW_CHUNK)]
    cards: list = []
    with progress(chunks, "Drawing cards", opts.quiet, threshold=4) as bar:
        for chunk in bar:
            cards += build_cards(chunk, design, image_loader=image_to_png)
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


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The example deck (Marché des Saveurs) as a duplex PDF (long-edge flip) in the kit folder; it has one
    language only, so `lang` changes nothing."""
    opts = DeckOptions(format="pdf", paper=paper, duplex="long", output=Path(out_dir) / "example-deck.pdf",
                       force=force, quiet=True)
    written = make_deck("example", "example", opts, stem="example-deck")
    return [(path, "example deck from `pnpgen cards example example`: 18 poker cards, "
                   "duplex (long-edge flip)") for path in written]
