"""What every --cutter format shares: the cut sheet solved from the job, its pages, the file names and the cut files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.errors import LayoutError
from generator.publish.job import PrintJob, card_backs
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.scene.cutting import CutSheet, CutSpec
    from generator.scene.imposition import Card


def cut_spec(job: PrintJob) -> CutSpec:
    """The job's cut spec (its cutter, paper, orientation, card size, bleed, radius, inset)."""
    from generator.scene.cutting import CutSpec

    opts = job.opts
    if opts.cutter is None:
        raise RuntimeError("internal: a cutter format without --cutter")
    return CutSpec(opts.cutter, opts.paper, opts.landscape, job.card_size, job.bleed, opts.corner_radius, opts.cut_inset)


def cut_sheet(job: PrintJob) -> CutSheet:
    """The solved cut sheet of the job (a card too large for it names the option or the size's file)."""
    from generator.scene.cutting import plan_cut_sheet

    return plan_cut_sheet(cut_spec(job))


def sheet_count(job: PrintJob, sheet: CutSheet) -> int:
    """Sheets of fronts (the ones the machine cuts)."""
    return max(1, -(-job.count // sheet.per_sheet))


def base(job: PrintJob, suffixes: Sequence[str]) -> tuple[Path, str]:
    """The folder and file stem of the job's files (-o FILE.pdf, -o FOLDER, or output/STEM/)."""
    return job.place(suffixes, default=job.stem)


def cut_file_paths(job: PrintJob, sheet: CutSheet, kinds: Sequence[str], suffixes: Sequence[str]) -> list[Path]:
    """STEM-cut-NNN.svg (and .dxf) for every sheet of fronts."""
    folder, stem = base(job, suffixes)
    return [folder / f"{stem}-cut-{n:03d}.{kind}" for n in range(1, sheet_count(job, sheet) + 1) for kind in kinds]


def cut_files(job: PrintJob, sheet: CutSheet, kinds: Sequence[str]) -> list[tuple[str, bytes]]:
    """(kind, bytes) of every cut file, sheet by sheet, in the order of cut_file_paths."""
    from generator.publish.cutters.cutfile import cut_dxf, cut_svg

    files: list[tuple[str, bytes]] = []
    per = sheet.per_sheet
    for number in range(sheet_count(job, sheet)):
        outlines = sheet.outlines(min(per, job.count - number * per))
        for kind in kinds:
            if kind == "svg":
                files.append((kind, cut_svg(outlines, sheet.width, sheet.height, f"{job.title} cut {number + 1}")))
            else:
                files.append((kind, cut_dxf(outlines, sheet.width, sheet.height)))
    return files


def refuse_format(opts: DeckOptions) -> None:
    """--cutter writes its own sheets and cut files: --format other than pdf, --sheets or a gutter fold are refused."""
    if opts.format != "pdf":
        raise LayoutError(f"--cutter {opts.cutter} writes its own sheets and cut files; leave out --format "
                          f"{opts.format}", key="--cutter")
    if opts.gutter_fold:
        raise LayoutError("--cutter cannot go with --gutter-fold: a folded card cannot be cut from one side",
                          key="--cutter")


def drawn_pages(job: PrintJob, deck: Any, sheet: CutSheet, footers: bool = True,
                backs: bool = True) -> tuple[list[Card], list[Any]]:
    """The drawn cards and their cutter pages (fronts with marks, and backs behind them unless `backs` is False)."""
    from generator.scene.cutpages import cut_pages

    cards: list[Card] = list(deck)
    has_backs = card_backs(cards, job)
    opts = job.opts
    pages = cut_pages(cards, sheet, duplex=opts.duplex if has_backs and backs else None, offset=opts.offset,
                      scale=opts.scale, title=job.title, source=job.source, lang=opts.lang, footers=footers)
    return cards, pages


class PdfCutter:
    """A machine that reads marks printed on the sheet: one PDF (fronts with marks, backs behind
    them) and cut files per sheet of fronts, in the page's mm."""

    options = frozenset({"paper", "orientation", "duplex", "offset", "printer", "max_ppi", "corner_radius",
                         "cut_inset"})
    per_group = False
    flags: tuple[FormatOption, ...] = ()

    def __init__(self, name: str, kinds: Sequence[str]) -> None:
        self.name = name
        self.kinds = tuple(kinds)

    def imposes(self, opts: DeckOptions) -> bool:
        return False

    def check(self, job: PrintJob) -> None:
        from generator.core.limits import check_page_count

        refuse_format(job.opts)
        sheet = cut_sheet(job)
        check_page_count(sheet_count(job, sheet) * (2 if job.has_backs and job.opts.duplex else 1), job.opts.max_cards)

    def paths(self, job: PrintJob) -> list[Path]:
        folder, stem = base(job, (".pdf",))
        return [folder / f"{stem}.pdf", *cut_file_paths(job, cut_sheet(job), self.kinds, (".pdf",))]

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        from generator.core.files import staged_set
        from generator.render import render_pdf

        sheet = cut_sheet(job)
        _, pages = drawn_pages(job, deck, sheet)
        duplex = job.opts.duplex if any(page.kind == "back" for page in pages) else None
        blobs = [render_pdf(pages, title=job.title, duplex=duplex, max_ppi=job.opts.max_ppi)]
        blobs += [blob for _, blob in cut_files(job, sheet, self.kinds)]
        targets = list(job.targets)
        written: list[Path] = []
        with staged_set(targets[0].parent, job.replaces(targets)) as files:
            for path, blob in zip(targets, blobs, strict=True):
                written.append(files.write(path.name, blob))
        job.reporter.note(sheet.describe())
        return written
