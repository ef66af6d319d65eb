"""Making a deck for `pnpgen cards` (and the preview's print button, --watch): load, check, draw, write."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.cli.common import check_outputs, progress
from generator.cli.deck import DeckOptions, deck_paths, emit_deck_json

DRAW_CHUNK = 9          # cards drawn per progress step (one sheet's worth)


def make_deck(data: str | Path, template: str | Path, opts: DeckOptions, stem: str | None = None,
              only: str | None = None, image_loader: Callable[[Path], bytes] | None = None,
              sheet: str | None = None, allow_outside: bool = False) -> list[Path]:
    """Load, check, draw and write a deck; returns the paths written. Nothing is written on error.

    only: the `--only` choice of cards; image_loader: path -> image bytes (default: the cached
    loader: PNG/JPEG as they are); sheet: the sheet of a spreadsheet DATA file; allow_outside: image
    paths may leave the data file's and the template's folders."""
    from generator.cards import load_records, load_template
    from generator.cards.build import check_template

    records = load_records(data, sheet=sheet, max_cards=opts.max_cards)
    tmpl = load_template(template)
    check_template(tmpl, records, bleed=opts.bleed)
    stem = stem or deck_stem(records[0].file)
    if only:
        records, opts = pick(records, only, opts)
    if opts.format == "json":
        rows = [r.to_json() for r in (records if only else load_records(data, expand=False, sheet=sheet))]
        return emit_deck_json(rows, opts)
    return deck_from(records, tmpl, opts, stem, image_loader, allow_outside)


def deck_from(records: list, tmpl, opts: DeckOptions, stem: str,
              image_loader: Callable[[Path], bytes] | None = None, allow_outside: bool = False) -> list[Path]:
    """Check, draw and write a deck from records (qty expanded) and a template already in memory
    (`pnpgen images` builds both); returns the paths written."""
    from generator.cards.build import check_template

    design = check_template(tmpl, records, bleed=opts.bleed)
    design.allow_outside_files = allow_outside
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

    title = f"{printable(stem)}: {len(cards)} cards"
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
        if err.key == "offset" or (err.key == "bleed" and opts.bleed is not None):
            raise LayoutError(err.message, key=f"--{err.key}") from None   # the option, not the template
        key = "bleed" if err.key == "bleed" else "card"
        raise LayoutError(err.message, file=design.template.file, key=key) from None


def _draw(records, design, opts: DeckOptions, image_loader: Callable[[Path], bytes] | None = None) -> list:
    from generator.cards.build import build_cards
    from generator.cli.deck import load_image

    image_loader = image_loader or load_image
    chunks = [records[i:i + DRAW_CHUNK] for i in range(0, len(records), DRAW_CHUNK)]
    cards: list = []
    drawn: dict = {}                   # copies of a record (qty) are drawn once, whatever the chunk
    with progress(chunks, "Drawing cards", opts.quiet, threshold=4) as bar:
        for chunk in bar:
            cards += build_cards(chunk, design, image_loader=image_loader, cache=drawn)
    return cards


def deck_stem(data_file: Path) -> str:
    """The name of the output files: the data file's stem (its folder's name for a `cards.*` file)."""
    data_file = Path(data_file)
    return data_file.parent.name if data_file.stem == "cards" and data_file.parent.name else data_file.stem


def printable(text: str) -> str:
    """A file name as text that can be printed: bytes that are not UTF-8 (kept by Python as
    surrogates) shown as U+FFFD."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def display(path: Path) -> str:
    """A short form of a path for footers: relative to the working directory or the data root."""
    from generator import paths

    path = Path(path).resolve()
    # built-in files first: installed, they sit deep in site-packages (under the working directory too)
    for root in (paths.card_data_dir().parent, paths.templates_dir().parent, Path.cwd()):
        try:
            return printable(str(path.relative_to(root.resolve())))
        except ValueError:
            continue
    return printable(path.name)


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The example deck (Marché des Saveurs) as a duplex PDF (long-edge flip) in the kit folder; it has one
    language only, so `lang` changes nothing."""
    opts = DeckOptions(format="pdf", paper=paper, duplex="long", output=Path(out_dir) / "example-deck.pdf",
                       force=force, quiet=True)
    written = make_deck("example", "example", opts, stem="example-deck")
    return [(path, "example deck from `pnpgen cards example example`: 18 poker cards, "
                   "duplex (long-edge flip)") for path in written]
