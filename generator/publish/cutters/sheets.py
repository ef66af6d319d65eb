"""What every --cutter format shares: the cut sheet solved from the job, its pages, the file names and the cut files."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.errors import LayoutError
from generator.publish.job import PrintJob
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.scene.cutting import CutSheet, CutSpec
    from generator.scene.imposition import Card
    from generator.scene.model import Page


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


def cut_files(job: PrintJob, sheet: CutSheet, kinds: Sequence[str]) -> Iterator[tuple[str, bytes]]:
    """(kind, bytes) of every cut file, sheet by sheet, in the order of cut_file_paths (each made as it
    is read, so a set of thousands of sheets is written without holding them)."""
    from generator.publish.cutters.cutfile import cut_dxf, cut_svg

    per = sheet.per_sheet
    for number in range(sheet_count(job, sheet)):
        outlines = sheet.outlines(min(per, job.count - number * per))
        for kind in kinds:
            if kind == "svg":
                yield kind, cut_svg(outlines, sheet.width, sheet.height, f"{job.title} cut {number + 1}")
            else:
                yield kind, cut_dxf(outlines, sheet.width, sheet.height)


def refuse_format(opts: DeckOptions) -> None:
    """--cutter writes its own sheets and cut files: --format other than pdf, --sheets or a gutter fold are refused."""
    if opts.format != "pdf":
        raise LayoutError(f"--cutter {opts.cutter} writes its own sheets and cut files; leave out --format "
                          f"{opts.format}", key="--cutter")
    if opts.gutter_fold:
        raise LayoutError("--cutter cannot go with --gutter-fold: a folded card cannot be cut from one side",
                          key="--cutter")


def drawn_pages(job: PrintJob, deck: Iterable[Card], sheet: CutSheet, footers: bool = True,
                backs: bool = True) -> Iterator[Page]:
    """The deck's cutter pages (fronts with marks, and backs behind them unless `backs` is False), each
    sheet's made as its cards are drawn (a CardStream is drawn as the pages are read)."""
    from generator.scene.cutpages import cut_page_stream

    opts = job.opts
    duplex = opts.duplex if job.has_backs and backs else None
    return cut_page_stream(deck, job.count, job.has_backs, sheet, duplex=duplex, offset=opts.offset, scale=opts.scale,
                     title=job.title, source=job.source, lang=opts.lang, footers=footers)


class PdfCutter:
    """A machine that reads marks printed on the sheet: one PDF (fronts with marks, backs behind
    them) and cut files per sheet of fronts, in the page's mm."""

    options = frozenset({"paper", "orientation", "duplex", "offset", "printer", "max_ppi", "corner_radius",
                         "cut_inset"})
    per_group = False
    flags: tuple[FormatOption, ...] = ()
    streams = True          # a CardStream is drawn sheet by sheet as the PDF is written

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
        from generator.render.pdf import write_pdf

        sheet = cut_sheet(job)
        duplex = job.opts.duplex if job.has_backs and job.opts.duplex else None
        targets = list(job.targets)
        written: list[Path] = [targets[0]]
        with staged_set(targets[0].parent, job.replaces(targets)) as files:
            with files.open(targets[0].name) as handle:
                write_pdf(drawn_pages(job, deck, sheet), handle, title=job.title, duplex=duplex,
                          max_ppi=job.opts.max_ppi)
            for path, (_, blob) in zip(targets[1:], cut_files(job, sheet, self.kinds), strict=True):
                written.append(files.write(path.name, blob))
        job.reporter.note(sheet.describe())
        return written
