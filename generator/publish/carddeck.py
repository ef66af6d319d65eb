"""The card deck pipeline of `pnpgen cards` and `pnpgen images` (and the preview's print button, --watch): load,
check, plan, draw, write. No click: the command line passes its Reporter."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.publish.job import CardStream, PrintJob
from generator.publish.options import DeckOptions
from generator.publish.plan import plan_job
from generator.publish.report import PLAIN, Reporter

DRAW_CHUNK = 9          # cards drawn per progress step (one sheet's worth)

if TYPE_CHECKING:
    from generator.cards.build import CardDesign
    from generator.cards.records import Record
    from generator.cards.templates import Template
    from generator.publish.box import BoxJob
    from generator.scene.imposition import Card


def make_deck(data: str | Path, template: str | Path, opts: DeckOptions, stem: str | None = None,
              only: str | None = None, image_loader: Callable[[Path], bytes] | None = None,
              sheet: str | None = None, allow_outside: bool = False, reporter: Reporter = PLAIN,
              box: bool = False) -> list[Path]:
    """Load, check, plan, draw and write a deck (and with `box` the box it goes in, from the template's
    `box:` block); returns the paths written. Nothing is written on error.

    only: the `--only` choice of cards; image_loader: path -> image bytes (default: the cached
    loader: PNG/JPEG as they are); sheet: the sheet of a spreadsheet DATA file; allow_outside: image
    paths may leave the data file's and the template's folders; reporter: where warnings and progress go."""
    from dataclasses import replace

    from generator.cards import load_records, load_template
    from generator.cards.build import check_template
    from generator.cards.formulas import formula_findings
    from generator.cards.preflight import xml_findings

    records = load_records(data, sheet=sheet, max_cards=opts.max_cards)
    design = check_template(load_template(template), records, bleed=opts.bleed)
    findings = formula_findings(records[0].file if records else None)
    if opts.format == "svg":
        findings += xml_findings(records)
    for finding in findings:
        reporter.warn(str(replace(finding, file=display(Path(str(finding.file))))))
    stem = stem or deck_stem(records[0].file)
    if only:
        records, opts = pick(records, only, opts)

    def rows() -> list[dict[str, Any]]:
        return [r.to_json() for r in (records if only else load_records(data, expand=False, sheet=sheet))]

    return print_design(records, design, opts, stem, image_loader, allow_outside, data=rows, reporter=reporter,
                        box=box)


def deck_from(records: list[Record], tmpl: Template, opts: DeckOptions, stem: str,
              image_loader: Callable[[Path], bytes] | None = None, allow_outside: bool = False,
              data: Callable[[], Any] | None = None, reporter: Reporter = PLAIN) -> list[Path]:
    """Check, plan, draw and write a deck from records (qty expanded) and a template already in memory
    (`pnpgen images` builds both); returns the paths written."""
    from generator.cards.build import check_template

    design = check_template(tmpl, records, bleed=opts.bleed)
    return print_design(records, design, opts, stem, image_loader, allow_outside, data=data, reporter=reporter)


def print_design(records: list[Record], design: CardDesign, opts: DeckOptions, stem: str,
                 image_loader: Callable[[Path], bytes] | None = None, allow_outside: bool = False,
                 data: Callable[[], Any] | None = None, reporter: Reporter = PLAIN, box: bool = False) -> list[Path]:
    """Plan the print job once (and the box, with `box`), then draw the cards (or take the data, for
    json) and write them; then the box beside them."""
    design.allow_outside_files = allow_outside
    tmpl = design.template
    job = plan_job(opts, count=len(records), card_size=design.card_size, bleed=design.bleed, stem=stem,
                   has_backs=tmpl.back is not None, title=f"{printable(stem)}: {count_cards(len(records))}",
                   source=_source(records[0].file, tmpl.file), size_from=tmpl.file,
                   reporter=reporter)
    if job.wants_data:
        if box:
            from generator.core.errors import LayoutError

            raise LayoutError("--box draws the deck's box: leave out --format json", key="--box")
        return job.write(data() if data is not None else [r.to_json() for r in records])
    refuse_bad_records(records, design)
    if not box:
        return job.write(_draw(records, design, job, image_loader))
    box_job = deck_box_job(design, len(records), job, allow_outside)
    stream = _draw(records, design, job, image_loader)
    first: list[Card] = []

    def watched() -> Iterator[Card]:         # the first card's back, for the box, as the deck is drawn
        for card in stream:
            if not first:
                first.append(card)
            yield card

    written = job.write(CardStream(watched(), stream.count, stream.has_backs))
    from dataclasses import replace

    from generator.publish.box import write_box

    back = first[0].back if first else None
    art = replace(box_job.art, back=tuple(back) if back else None)
    return written + write_box(replace(box_job, art=art), reporter)


def deck_box_job(design: CardDesign, count: int, job: PrintJob, allow_outside: bool = False) -> BoxJob:
    """The box of a deck (the template's `box:` block; without one, the deck's name on the default
    colours), beside the deck's files, planned and checked (generator.publish.box.check_box) before
    any card is drawn. Its back design is the first card's back, given when the cards are drawn."""
    from generator.core.errors import TemplateError
    from generator.publish.box import BoxArt, BoxJob, BoxSpec, box_colours, check_box, fitting_spec
    from generator.publish.images import load_image
    from generator.scene.boxpages import COLOUR

    tmpl = design.template
    block = tmpl.box or {}
    art_path = block.get("art")
    if art_path and not allow_outside and not Path(art_path).is_relative_to(tmpl.file.resolve().parent):
        raise TemplateError("the box's picture must be beside the template (or --allow-outside-files)",
                            file=tmpl.file, key="box.art")
    colour, ink = box_colours(block.get("colour", COLOUR), block.get("ink"))
    spec = BoxSpec(design.card_size, count, block.get("thickness", 0.30), block.get("clearance", 1.0),
                   "tray" if block.get("style") == "tray" else "tuck")
    if block.get("style", "auto") == "auto":
        spec = fitting_spec(spec, job.opts.paper)
    art = BoxArt(block.get("title") or printable(job.stem), colour, ink, None, design.card_size,
                 load_image(Path(art_path)) if art_path else None)
    folder = job.targets[0].parent if job.targets else Path(".")
    out = job.opts.output
    stem = f"{Path(out).stem if out is not None and Path(out).suffix else job.stem}-box"
    box_job = BoxJob(spec, art, job.opts.paper, block.get("lang", "en"), job.opts.cutter,
                     folder / f"{stem}.pdf" if job.opts.cutter is None else folder, stem, job.opts.force)
    check_box(box_job)
    return box_job


def refuse_bad_records(records: list[Record], design: CardDesign) -> None:
    """The pass before drawing: every record's values, pictures and text fits (DataErrors listing each bad
    record). Pictures are read by the plain cached loader: a deck's own loader may do more (`pnpgen
    images` makes bleed), which drawing does once."""
    from generator.cards.build import check_records
    from generator.publish.images import load_image

    check_records(records, design, load_image)


def _source(data: Path, template: Path) -> str:
    """The footer's source: 'DATA + TEMPLATE', or the one folder an image deck comes from."""
    if Path(data).resolve() == Path(template).resolve():
        return display(data)
    return f"{display(data)} + {display(template)}"


def pick(records: list[Record], only: str, opts: DeckOptions) -> tuple[list[Record], DeckOptions]:
    """The records `--only` chooses, and the options carrying their numbers (for file names)."""
    from dataclasses import replace

    from generator.cards.session import select

    picked = select(records, only)
    return [r for _, r in picked], replace(opts, numbers=tuple(n for n, _ in picked))


def _draw(records: list[Record], design: CardDesign, job: PrintJob,
          image_loader: Callable[[Path], bytes] | None = None) -> CardStream:
    """The cards, drawn as the format reads them (a format that writes as it draws keeps a sheet of
    cards at a time); copies of a record (qty) are drawn once and kept until their last copy is read;
    the low-resolution warning is given when the last card is drawn."""
    from generator.cards.build import build_cards, drawing_key
    from generator.cards.preflight import ResolutionTally
    from generator.publish.images import load_image

    loader = image_loader or load_image

    def cards() -> Iterator[Card]:
        starts = range(0, len(records), DRAW_CHUNK)
        drawn: dict[Any, Any] = {}          # copies of a record (qty: one after another) are drawn once
        tally = ResolutionTally()
        with job.progress(starts, "Drawing cards") as bar:
            for start in bar:
                chunk = records[start:start + DRAW_CHUNK]
                for index, card in enumerate(build_cards(chunk, design, image_loader=loader, cache=drawn),
                                             start=start):
                    tally.add(card)
                    after = records[index + 1].fields if index + 1 < len(records) else None
                    if after is not records[index].fields:      # its last copy: its drawing is not kept
                        drawn.pop(drawing_key(records[index]), None)
                    yield card
        blurry = tally.warning()
        if blurry:
            job.reporter.warn(blurry)

    return CardStream(cards(), len(records), design.template.back is not None)


def deck_stem(data_file: Path) -> str:
    """The name of the output files: the data file's stem (its folder's name for a `cards.*` file)."""
    data_file = Path(data_file)
    return data_file.parent.name if data_file.stem == "cards" and data_file.parent.name else data_file.stem


def count_cards(count: int) -> str:
    """"1 card", "18 cards"."""
    return f"{count} card{'' if count == 1 else 's'}"


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
