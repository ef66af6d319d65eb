"""`--format pdf`: the cards imposed n-up on printable sheets (crop marks, duplex backs or a gutter fold) in one PDF."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.files import open_atomic
from generator.publish.job import CardStream, PrintJob
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.scene.imposition import Card
    from generator.scene.layout import SheetSpec
    from generator.scene.model import Page


class PdfFormat:
    """One PDF of imposed sheets."""

    name = "pdf"
    options = frozenset({"max_ppi"})
    per_group = False
    flags: tuple[FormatOption, ...] = ()
    streams = True          # a CardStream is drawn sheet by sheet as the PDF is written

    def imposes(self, opts: DeckOptions) -> bool:
        return True

    def check(self, job: PrintJob) -> None:
        from generator.core.limits import check_page_count

        check_page_count(job.sheet_count(True), job.opts.max_cards)

    def paths(self, job: PrintJob) -> list[Path]:
        return [job.one_file(f"{job.stem}.pdf")]

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        from itertools import chain

        from generator.render.pdf import write_pdf

        lead = job.lead() if job.lead is not None else []
        if isinstance(deck, CardStream):
            pages: Iterable[Page] = imposed_stream(job, deck)
            backs = bool(job.opts.duplex) and not job.opts.gutter_fold and deck.has_backs
        else:
            pages = imposed_pages(job, deck)
            backs = any(page.kind == "back" for page in [*lead, *pages])
        target = job.targets[0]
        with open_atomic(target, force=job.replaces([target])) as handle:
            write_pdf(chain(lead, pages), handle, title=job.title, duplex=job.opts.duplex if backs else None,
                      max_ppi=job.opts.max_ppi)
        return [target]


def imposed_pages(job: PrintJob, cards: Sequence[Card]) -> list[Page]:
    """The job's cards on its planned sheets (footers naming the printer profile), warning when the
    profile's offset was measured for another paper, orientation or flip."""
    from generator.scene.imposition import impose

    spec = _check_plan(job)
    return impose(list(cards), spec, plan=job.plan, title=job.title, source=job.source, lang=job.opts.lang,
                  printer=job.opts.printer)


def imposed_stream(job: PrintJob, deck: CardStream) -> Iterator[Page]:
    """imposed_pages sheet by sheet, as the deck's cards are drawn."""
    from generator.scene.imposition import impose_stream

    spec = _check_plan(job)
    return impose_stream(deck, len(deck), deck.has_backs, spec, plan=job.plan, title=job.title,
                         source=job.source, lang=job.opts.lang, printer=job.opts.printer)


def _check_plan(job: PrintJob) -> SheetSpec:
    if job.spec is None or job.plan is None:
        raise RuntimeError("internal: imposed pages need a job with a sheet plan")
    _warn_if_measured_elsewhere(job)
    return job.spec


def _warn_if_measured_elsewhere(job: PrintJob) -> None:
    """One warning line when the profile was measured on another paper, orientation or flip
    than these sheets use (an offset is measured in the page's own directions)."""
    opts = job.opts
    if opts.measured is None or opts.offset == (0.0, 0.0) or job.plan is None:
        return
    paper, orientation, duplex = opts.measured
    here = "landscape" if job.plan.landscape else "portrait"
    differences = [f"{what} {then} (these sheets: {now})" for what, then, now in
                   (("paper", paper, opts.paper), ("orientation", orientation, here),
                    ("flip", duplex, opts.duplex)) if then != now]
    if differences:
        job.reporter.warn(f"printer {opts.printer}: its offset was measured for {', '.join(differences)}; "
                          f"pass --orientation {orientation} or calibrate again for these sheets")


FORMAT = PdfFormat()
