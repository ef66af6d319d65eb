"""plan_job: a deck's print job worked out once, before any card is drawn (limits, sheet plan, paths, refusals)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.core.errors import LayoutError
from generator.publish.formats import get_format
from generator.publish.job import Format, PrintJob, refuse_existing, sheet_spec
from generator.publish.options import DeckOptions
from generator.publish.report import PLAIN, Reporter


def plan_job(opts: DeckOptions, *, count: int, card_size: tuple[float, float], bleed: float, stem: str,
             title: str = "", source: str = "", has_backs: bool = True, lang: str | None = None,
             size_from: Path | None = None, reporter: Reporter = PLAIN) -> PrintJob:
    """The print job of `count` cards of `card_size` mm with `bleed`, in the options' format: the sheet
    planned (imposing formats), the limits on work checked, the output paths named and existing ones
    refused without --force. Nothing is drawn; nothing is written.

    lang: the language of the sheet footers (en, it, fr, pt); size_from: the file that declared the
    card size and bleed (a card that cannot fit the paper is then an error naming it)."""
    from generator.core.limits import check_cards

    if lang is not None:
        opts = replace(opts, lang=lang)
    fmt = get_format(opts.format)
    if opts.cutter:
        fmt, bleed = _cutter(opts, bleed)
    job = PrintJob(opts, fmt, count, card_size, bleed, has_backs, title, source, stem, reporter)
    if fmt.imposes(opts):
        job = _with_sheet_plan(job, size_from)
    check_cards(count, opts.max_cards)
    fmt.check(job)
    job = replace(job, targets=tuple(fmt.paths(job)))
    refuse_existing(job.targets, opts)
    return job


def _cutter(opts: DeckOptions, bleed: float) -> tuple[Format, float]:
    """The --cutter format, and the bleed it prints: --bleed if given, else the deck's, at most
    CUT_BLEED (none on a Cricut image: Design Space adds its own)."""
    from generator.publish.cutters import get_cutter
    from generator.scene.cutting import CUT_BLEED

    fmt = get_cutter(opts.cutter or "")
    if opts.bleed is not None:
        return fmt, opts.bleed
    return fmt, 0.0 if fmt.name == "cricut" else min(bleed, CUT_BLEED)


def _with_sheet_plan(job: PrintJob, size_from: Path | None) -> PrintJob:
    """The job with its sheet spec and plan (scene.layout.plan_sheet, the one call of a run)."""
    from generator.scene.layout import plan_sheet

    opts = job.opts
    try:
        spec = sheet_spec(job.card_size, job.bleed, opts)
        return replace(job, spec=spec, plan=plan_sheet(spec))
    except LayoutError as err:
        if err.file is not None or size_from is None:
            raise
        if err.key == "offset" or (err.key == "bleed" and opts.bleed is not None):
            raise LayoutError(err.message, key=f"--{err.key}") from None   # the option, not the size's file
        key = "bleed" if err.key == "bleed" else "card"
        raise LayoutError(err.message, file=size_from, key=key) from None
