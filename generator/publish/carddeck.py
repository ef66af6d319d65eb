"""The card deck pipeline of `pnpgen cards` and `pnpgen images` (and the preview's print button, --watch): load,
check, plan, draw, write. No click: the command line passes its Reporter."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.publish.job import CardStream, PrintJob
from generator.publish.options import BoxOrder, DeckOptions
from generator.publish.plan import plan_job
from generator.publish.report import PLAIN, Reporter

DRAW_CHUNK = 9          # cards drawn per progress step (one sheet's worth)

if TYPE_CHECKING:
    from generator.cards.build import CardDesign
    from generator.cards.records import Record
    from generator.cards.templates import Template
    from generator.scene.imposition import Card


def make_deck(data: str | Path, template: str | Path, opts: DeckOptions, stem: str | None = None,
              only: str | None = None, image_loader: Callable[[Path], bytes] | None = None,
              sheet: str | None = None, allow_outside: bool = False, reporter: Reporter = PLAIN) -> list[Path]:
    """Load, check, plan, draw and write a deck (and with --box, opts.box, the box it goes in, from the
    template's `box:` block); returns the paths written. Nothing is written on error.

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

    return print_design(records, design, opts, stem, image_loader, allow_outside, data=rows, reporter=reporter)


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
                 data: Callable[[], Any] | None = None, reporter: Reporter = PLAIN) -> list[Path]:
    """Plan the print job once (and with --box the box, from the template's `box:` block), then draw the
    cards (or take the data, for json) and write them; then the box beside them."""
    design.allow_outside_files = allow_outside
    tmpl = design.template
    if opts.box is not None:
        from dataclasses import replace

        opts = replace(opts, box=template_box(design, opts.box, stem, allow_outside))
    job = plan_job(opts, count=len(records), card_size=design.card_size, bleed=design.bleed, stem=stem,
                   has_backs=tmpl.back is not None, title=f"{printable(stem)}: {count_cards(len(records))}",
                   source=_source(records[0].file, tmpl.file), size_from=tmpl.file,
                   reporter=reporter)
    if job.wants_data:
        return job.write(data() if data is not None else [r.to_json() for r in records])
    refuse_bad_records(records, design)
    from generator.cards.preflight import stand_ins

    for line in stand_ins(design):         # the check pass drew every card's text: each face once
        reporter.note(f"pnpgen: note: {line}")
    return job.write(_draw(records, design, job, image_loader))


def template_box(design: CardDesign, order: BoxOrder, stem: str, allow_outside: bool = False) -> BoxOrder:
    """The deck's box as the template's `box:` block says (without one: the deck's name on the default
    colours, English words); --two-piece (a tray) wins over the block's style. Its title's font: the
    block's `font:`, else the template's own fonts when it declares them (box_font)."""
    from dataclasses import replace

    from generator.core.errors import TemplateError
    from generator.publish.images import load_image

    tmpl = design.template
    block = tmpl.box or {}
    art_path = block.get("art")
    if art_path and not allow_outside and not Path(art_path).is_relative_to(tmpl.file.resolve().parent):
        raise TemplateError("the box's picture must be beside the template (or --allow-outside-files)",
                            file=tmpl.file, key="box.art")
    return replace(order, style=order.style or block.get("style", "auto"), title=block.get("title") or printable(stem),
                   colour=block.get("colour"), ink=block.get("ink"), lang=block.get("lang", "en"),
                   thickness=block.get("thickness", order.thickness), clearance=block.get("clearance", order.clearance),
                   front_image=load_image(Path(art_path)) if art_path else None, font=box_font(tmpl),
                   title_lang=block.get("title_lang", ""))


def box_font(tmpl: Template) -> str:
    """The font of a template's box title (a registry name; "": the box's own): the `box:` block's `font:`
    (a name of the `fonts:` block or a built-in one), else, when the template declares fonts, a stack of
    them (its `title` font first, then the others as declared) before the box's own sans-bold; the
    installed faces for what they all lack come after (publish.box.lettered_art)."""
    from generator.core.errors import TemplateError
    from generator.scene.boxpages import FONT
    from generator.scene.fonts import BUILT_IN, add_stack

    named = (tmpl.box or {}).get("font")
    if named:
        if named in tmpl.fonts:
            return tmpl.fonts[named]
        if named in BUILT_IN:
            return str(named)
        known = ", ".join([*tmpl.fonts, *sorted(BUILT_IN)])
        raise TemplateError(f"unknown font {named!r} (known: {known})", file=tmpl.file, key="box.font")
    if not tmpl.fonts:
        return ""
    order = sorted(tmpl.fonts, key=lambda name: name != "title")      # stable: the others as declared
    return add_stack(list(dict.fromkeys([*(tmpl.fonts[name] for name in order), FONT])))


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
