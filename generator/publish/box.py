"""A deck's box written: the plain sheets (PDF), or a cutting machine's sheets and cut files.

    job = BoxJob(BoxSpec((63.5, 88.9), 54), BoxArt("Noir"), paper="a4", lang="en", stem="noir-box")
    paths = write_box(job)        # planned first: a box too large for the paper is refused before drawing

Without a cutter: STEM.pdf, one page a die (a tuck box: one; tray and lid: two). With --cutter: the
dies on the machine's sheets with its marks (silhouette, scanncut: STEM.pdf; cricut: a PNG per die)
and a cut file per die, STEM-cut-001.svg (and .dxf for Silhouette Studio Basic) whose fold lines are
a layer of their own, to score or perforate. Files are refused if they exist (without force) and
written as a set.

A printed deck's box (--box on `pnpgen cards` and every game's deck: DeckOptions.box, a BoxOrder) is
planned with the deck's print job (plan_deck_box, called by plan_job: refused before a card is drawn) and
written after the deck, with a drawn card's side on its back panel (write_deck_box, called by PrintJob.write).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from generator import paths
from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.publish.job import folder_and_stem
from generator.publish.report import PLAIN, Reporter
from generator.scene.box import BoxSpec
from generator.scene.boxpages import BoxArt, PlacedDie, plan_box

BOX_FORMATS = ("pdf", "svg", "png")     # a box's plain sheets; a cutter writes a PDF (or Cricut's PNG) and cut files

if TYPE_CHECKING:
    from generator.publish.job import PrintJob
    from generator.publish.options import BoxOrder
    from generator.scene.cutting import CutSheet
    from generator.scene.imposition import Card
    from generator.scene.model import Matrix, Page


@dataclass(frozen=True)
class BoxJob:
    """A box to write: its spec and art, the paper and language, the cutter (None: plain sheets),
    where (-o FILE.pdf or a folder; None: output/STEM.pdf) and whether to replace existing files."""

    spec: BoxSpec
    art: BoxArt
    paper: str = "a4"
    lang: str = "en"
    cutter: str | None = None
    output: Path | None = None
    stem: str = "box"
    force: bool = False
    source: str = ""
    fmt: str = "pdf"
    dpi: float = 300.0


def _base(job: BoxJob, suffixes: tuple[str, ...]) -> tuple[Path, str]:
    if job.output is None and job.cutter is None:
        return paths.output_dir(), job.stem
    return folder_and_stem(job.output, job.stem, suffixes)


def _sheet_target(job: BoxJob) -> Path:
    """Where the plain sheets go: STEM.pdf (svg/png: STEM.png, or STEM-001.png... for two pieces)."""
    folder, stem = _base(job, (f".{job.fmt}",))
    return folder / f"{stem}.{job.fmt}"


def _kinds(cutter: str) -> tuple[str, ...]:
    return ("svg", "dxf") if cutter == "silhouette" else ("svg",)


def box_paths(job: BoxJob, pieces: int) -> list[Path]:
    """The files the job writes for a box of `pieces` dies."""
    if job.cutter is None:
        from generator.render.write import output_paths

        return output_paths(pieces, job.fmt, _sheet_target(job))
    if job.cutter == "cricut":
        folder, stem = _base(job, (".png", ".pdf"))
        return [folder / name for n in range(1, pieces + 1)
                for name in (f"{stem}-sheet-{n:03d}.png", f"{stem}-cut-{n:03d}.svg")]
    folder, stem = _base(job, (".pdf",))
    return [folder / f"{stem}.pdf", *(folder / f"{stem}-cut-{n:03d}.{kind}" for n in range(1, pieces + 1)
                                      for kind in _kinds(job.cutter))]


def fitting_spec(spec: BoxSpec, paper: str) -> BoxSpec:
    """The spec as it is when its box fits the paper; a tuck box that does not fit becomes a tray and lid
    (the style "auto" of --box and the kit); when neither fits, the tray and lid's one-line refusal (naming
    the largest that fits: the tuck box was tried first)."""
    from generator.scene.boxpages import dies_for

    if spec.style == "tuck" and dies_for(spec, paper) is None:
        spec = replace(spec, style="tray")
    plan_box(spec, paper)
    return spec


def check_box(job: BoxJob) -> list[PlacedDie]:
    """Plan the box (LayoutError naming the largest that fits) and refuse its existing files, before any drawing."""
    from generator.core.files import check_writable

    placed = plan_box(job.spec, job.paper)
    if job.fmt not in BOX_FORMATS:
        raise LayoutError(f"unknown box format {job.fmt!r} (known: {', '.join(BOX_FORMATS)})", key="--format")
    if job.cutter is not None:
        from generator.publish.cutters import get_cutter

        if job.fmt != "pdf":
            raise LayoutError(f"--cutter {job.cutter} writes its own sheets and cut files; leave out --format "
                              f"{job.fmt}", key="--cutter")
        get_cutter(job.cutter)                # an unknown machine is named before anything else
        for p in placed:
            _cut_sheet(job, p)                # a die too large for the machine's sheet is refused here
    for target in box_paths(job, len(placed)):
        check_writable(target, job.force)
    return placed


def write_box(job: BoxJob, reporter: Reporter = PLAIN) -> list[Path]:
    """Plan and check the box (check_box), draw it and write its files as a set; its title in fonts that
    draw it (lettered), with a warning naming the characters no font has."""
    from generator.core.files import staged_set

    placed = check_box(job)
    job = replace(job, art=lettered_art(job.art, reporter))
    targets = box_paths(job, len(placed))
    if job.cutter is None:
        from generator.render.write import render_files, write_rendered
        from generator.scene.boxpages import box_pages

        pages = box_pages(job.spec, job.art, job.paper, job.lang, job.source, placed)
        return write_rendered(render_files(pages, job.fmt, _sheet_target(job), job.force, job.dpi, job.art.title),
                              job.force)
    blobs = _cut(job, placed, [_cut_sheet(job, p) for p in placed], reporter)
    written: list[Path] = []
    with staged_set(targets[0].parent, job.force) as files:
        for target, blob in zip(targets, blobs, strict=True):
            written.append(files.write(target.name, blob))
    return written


@dataclass(frozen=True)
class CutPlacement:
    """A die on a machine's sheet: the sheet (its one slot the die's bounding box, turned or not) and the
    matrix taking die mm to sheet mm (turned: a quarter turn clockwise, when only so it fits)."""

    sheet: CutSheet
    matrix: Matrix


def _cut_sheet(job: BoxJob, placed: PlacedDie) -> CutPlacement:
    """The machine's sheet holding one die (its bounding box as the one 'card'), centred, clear of the marks;
    turned a quarter when only so it fits (a Cricut image is at most 6.75 in wide)."""
    from generator.scene.boxpages import BLEED
    from generator.scene.cutting import CutSpec, plan_cut_sheet
    from generator.scene.model import translate

    die = placed.die
    assert job.cutter is not None
    for turned in (False, True):
        w, h = (die.height, die.width) if turned else (die.width, die.height)
        try:
            sheet = plan_cut_sheet(CutSpec(job.cutter, job.paper, None, (w, h), BLEED, 0.0))
        except LayoutError:
            continue
        span_x = sheet.cols * w + (sheet.cols - 1) * sheet.gap
        span_y = sheet.rows * h + (sheet.rows - 1) * sheet.gap
        sheet = replace(sheet, cols=1, rows=1, x0=sheet.x0 + (span_x - w) / 2.0, y0=sheet.y0 + (span_y - h) / 2.0)
        matrix: Matrix = (0.0, 1.0, -1.0, 0.0, sheet.x0 + w, sheet.y0) if turned else translate(sheet.x0, sheet.y0)
        return CutPlacement(sheet, matrix)
    where = "Design Space's 6.75 x 9.25 in Print Then Cut image" if job.cutter == "cricut" else \
        f"the paper clear of the {job.cutter} marks"
    tries = [*([] if job.spec.style == "tray" else ["--two-piece"]), "fewer cards",
             *([] if job.cutter == "cricut" else ["a larger --paper"])]
    raise LayoutError(f"the box's die ({format_number(die.width, 1)} x {format_number(die.height, 1)} mm) does not "
                      f"fit {where}, either way round: try {', '.join(tries[:-1])} or {tries[-1]}", key="--cutter")


def _cut(job: BoxJob, placed: list[PlacedDie], placements: list[CutPlacement], reporter: Reporter) -> list[bytes]:
    """The machine's sheets (a PDF of them, or a PNG each for Cricut) and each die's cut files."""
    from generator.publish.cutters.cutfile import dieline_dxf, dieline_svg
    from generator.render import render_pdf
    from generator.render.png import encode_png, render_image
    from generator.scene.boxpages import cut_paths, die_items, piece_label
    from generator.scene.cutpages import cut_footer, marks
    from generator.scene.cutting import CRICUT_DPI
    from generator.scene.footer import footer_text
    from generator.scene.model import Group, Page, apply

    pages: list[Page] = []
    cut_files: list[list[bytes]] = []
    source = job.source or _source(job)
    sheets = [placement.sheet for placement in placements]
    for number, (p, (sheet, matrix)) in enumerate(zip(placed, ((c.sheet, c.matrix) for c in placements),
                                                      strict=True), start=1):
        page = Page(sheet.width, sheet.height, label=piece_label(p.die, job.lang), kind="front")
        page.add(Group(tuple(die_items(p.die, job.art, job.lang, 0.0, 0.0, job.spec.count)), transform=matrix),
                 *marks(sheet))
        if job.cutter != "cricut":
            title = f"{job.art.title} · {page.label}" if len(placed) > 1 else job.art.title
            text = footer_text(title, source, number, len(placed), job.lang, sheet.footer_words(job.lang))
            page.add(*cut_footer(sheet, text, job.lang, job.art.footer_font))
        w, h = sheet.spec.card_size
        page.trim_box = (sheet.x0, sheet.y0, w, h)
        pages.append(page)
        outline, lines = cut_paths(p.die, 0.0, 0.0)
        cut = [apply(matrix, *point) for point in outline]
        folds = [(apply(matrix, *a), apply(matrix, *b)) for a, b in lines]
        files = [dieline_svg([cut], folds, sheet.width, sheet.height, f"{job.art.title} cut {number}")]
        if job.cutter == "silhouette":
            files.append(dieline_dxf([cut], folds, sheet.width, sheet.height))
        cut_files.append(files)
    for line in dict.fromkeys(sheet.describe() for sheet in sheets):    # each distinct setting once
        reporter.note(line)
    if job.cutter == "cricut":
        return [blob for page, files in zip(pages, cut_files, strict=True)
                for blob in (encode_png(render_image(page, dpi=CRICUT_DPI), CRICUT_DPI), *files)]
    return [render_pdf(pages, title=job.art.title), *(blob for files in cut_files for blob in files)]


def lettered_art(art: BoxArt, reporter: Reporter = PLAIN) -> BoxArt:
    """The art with the installed faces its title's other scripts need (scene.boxpages.lettered); the
    characters no font on the machine has are printed as they are (empty boxes) and named in one warning,
    with the fonts tried (the words of `pnpgen cards --check`)."""
    from generator.scene.boxpages import lettered, title_missing
    from generator.scene.fonts import font_label

    art = lettered(art)
    missing = title_missing(art)
    if missing:
        chars = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
        reporter.warn(f"the box's title: {chars} {'is' if len(missing) == 1 else 'are'} in no font of "
                      f"{font_label(art.font)} nor in any installed font: printed as empty boxes (install a font "
                      "that has them, or give the box one with --font)")
    return art


def box_colours(colour: str | None, ink: str | None, keys: tuple[str, str] = ("--colour", "--ink")) -> tuple[str, str]:
    """(colour, ink) as '#rrggbb': the box's colour (default COLOUR) and its words' (default: white on a
    dark colour, near-black on a light one); LayoutError naming the key of a text that is not a colour."""
    from generator.core.colours import ColourError, luminance, parse_colour
    from generator.scene.boxpages import COLOUR

    def parsed(value: str, key: str) -> str:
        try:
            return parse_colour(value)
        except ColourError as err:
            raise LayoutError(str(err), key=key) from None

    fill = parsed(colour, keys[0]) if colour else COLOUR
    return fill, parsed(ink, keys[1]) if ink else ("#ffffff" if luminance(fill) < 140 else "#1a1a1a")


def art_from_files(title: str, card: tuple[float, float], colour: str | None = None, ink: str | None = None,
                   back_art: Path | None = None, front_art: Path | None = None) -> BoxArt:
    """A box's art from the command line: the title, colours, and pictures read from files (the back
    picture stretched to the card, as a card back is; the front one contained in its box)."""
    from generator.publish.images import load_image
    from generator.scene.model import Image

    fill, text = box_colours(colour, ink)
    back = (Image(0.0, 0.0, card[0], card[1], load_image(back_art)),) if back_art else None
    return BoxArt(title, fill, text, back, card if back else None, load_image(front_art) if front_art else None)


def plan_deck_box(job: PrintJob, count: int) -> BoxJob | None:
    """The box of a deck's print job (`job.opts.box`, a BoxOrder): sized to `count` cards of the job's card size,
    on its paper and cutter, beside its files (NAME-box.pdf: -o FILE.ext's stem, else the deck's), planned and
    its files refused (check_box) before any card is drawn. None: an optional box (the kit's) that fits the
    paper in no style. Its back design is a card's, given when the cards are drawn (write_deck_box)."""
    order = job.opts.box
    assert order is not None
    if job.wants_data:
        raise LayoutError("draws the deck's box, and --format json draws nothing: leave one out", key="--box")
    spec = BoxSpec(job.card_size, count, order.thickness, order.clearance, "tray" if order.style == "tray" else "tuck")
    if order.style in ("", "auto"):
        try:
            spec = fitting_spec(spec, job.opts.paper)
        except LayoutError:
            if order.optional:
                return None
            raise
    colour, ink = box_colours(order.colour, order.ink)
    lang = order.lang or job.opts.lang
    art = BoxArt(order.title or job.title, colour, ink, None, job.card_size, order.front_image,
                 lang=order.title_lang or lang)
    if order.font:
        art = replace(art, font=order.font)
    if order.output is not None:
        output, stem = order.output, order.output.stem
    else:
        folder = job.targets[0].parent if job.targets else Path(".")
        out = job.opts.output
        stem = f"{Path(out).stem if out is not None and Path(out).suffix else job.stem}-box"
        output = folder / f"{stem}.pdf" if job.opts.cutter is None else folder
    box_job = BoxJob(spec, art, job.opts.paper, lang, job.opts.cutter, output, stem,
                     job.opts.force)
    check_box(box_job)
    return box_job


def deck_box(job: PrintJob, count: int) -> Callable[[Card | None], list[Path]] | None:
    """The box of a deck's print job, planned and checked (plan_deck_box), as the function writing it once a
    card is drawn (PrintJob.box); None without one."""
    from functools import partial

    box = plan_deck_box(job, count)
    order = job.opts.box
    return None if box is None or order is None else partial(write_deck_box, box, order, reporter=job.reporter)


def write_deck_box(box: BoxJob, order: BoxOrder, card: Card | None, reporter: Reporter = PLAIN) -> list[Path]:
    """The deck's box written (write_box), its back panel showing the chosen side of `card` (BoxOrder.face); the
    order's `told` is told the box's spec and files."""
    side = None if card is None or order.face == "none" else card.front if order.face == "front" else card.back
    written = write_box(replace(box, art=replace(box.art, back=tuple(side) if side else None)), reporter)
    if order.told is not None:
        order.told(box.spec, written)
    return written


def box_about(spec: BoxSpec, what: str) -> str:
    """A kit index's line for a box: 'WHAT: its box, a tuck box, one page (cut, fold, glue), inside ...'."""
    w, h, d = (format_number(v, 1) for v in spec.inside)
    kind = "a tuck box, one page" if spec.style == "tuck" else "a tray and its lid, two pages"
    return f"{what}: its box, {kind} (cut, fold, glue), inside {w} x {h} x {d} mm for {spec.count} cards"


def _source(job: BoxJob) -> str:
    from generator.scene.boxpages import box_source

    return box_source(job.spec, job.lang)


__all__ = ["BoxArt", "BoxJob", "BoxSpec", "art_from_files", "box_about", "box_colours", "box_paths", "check_box",
           "deck_box", "fitting_spec", "plan_deck_box", "write_box", "write_deck_box"]
