"""plan_job: a deck's print job worked out once, before any card is drawn (limits, sheet plan, paths, refusals)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import LayoutError
from generator.publish.formats import get_format
from generator.publish.job import Format, PrintJob, refuse_existing, sheet_spec
from generator.publish.options import FLAGS, SHEET_OPTIONS, DeckOptions
from generator.publish.report import PLAIN, Reporter

if TYPE_CHECKING:
    from generator.scene.model import Page


def plan_job(opts: DeckOptions, *, count: int, card_size: tuple[float, float], bleed: float, stem: str,
             title: str = "", source: str = "", has_backs: bool = True, lang: str | None = None,
             size_from: Path | None = None, home: str = "", lead: Callable[[], list[Page]] | None = None,
             box_card: int = 0, reporter: Reporter = PLAIN) -> PrintJob:
    """The print job of `count` cards of `card_size` mm with `bleed`, in the options' format: the sheet
    planned (imposing formats), the limits on work checked, the output paths named and existing ones
    refused without --force. Nothing is drawn; nothing is written.

    lang: the language of the sheet footers (en, it, fr, pt); size_from: the file that declared the
    card size and bleed (a card that cannot fit the paper is then an error naming it); home: the folder
    under output/ the files go to without -o (a game's); lead: the pages a PDF opens with (made when it writes).
    With --box (opts.box) the deck's box is planned too (publish.box.plan_deck_box) and refused before drawing;
    box_card: the card whose side its back panel shows (write_deck: the first of the group the box names)."""
    from generator.core.limits import check_cards

    if lang is not None:
        opts = replace(opts, lang=lang)
    fmt = get_format(opts.format)
    if opts.cutter:
        fmt, bleed = _cutter(opts, bleed)
    check_given(opts, fmt, reporter)
    job = PrintJob(opts, fmt, count, card_size, bleed, has_backs, title, source, stem, reporter, home=home, lead=lead)
    if fmt.imposes(opts):
        job = _with_sheet_plan(job, size_from)
    check_cards(count, opts.max_cards)
    fmt.check(job)
    job = replace(job, targets=tuple(fmt.paths(job)))
    refuse_existing(job.targets, opts)
    if opts.box is not None:
        from generator.publish.box import deck_box

        job = replace(job, box=deck_box(job, count), box_card=box_card)
    return job


def reads(fmt: Format, opts: DeckOptions) -> frozenset[str]:
    """The deck options a run of `fmt` reads: its own, and the sheet's when it imposes."""
    return fmt.options | (SHEET_OPTIONS if fmt.imposes(opts) else frozenset())


def owners(option: str) -> list[str]:
    """Who reads a deck option: "--format NAME" for each format that declares it (or imposes, for the sheets'
    options), and one "--cutter A/B" for the cutters that do."""
    from generator.publish.cutters import CUTTER_FORMATS
    from generator.publish.formats import REGISTRY

    probe = DeckOptions(sheets=True)
    found = [f"--format {name}" for name, fmt in REGISTRY.items() if option in reads(fmt, probe)]
    cutters = [name for name, fmt in CUTTER_FORMATS.items() if option in fmt.options]
    return [*found, f"--cutter {'/'.join(cutters)}"] if cutters else found


def all_flags() -> dict[str, str]:
    """Every deck option's flag by its name: the shared ones (FLAGS), then each format's own (Format.flags)."""
    from generator.publish.cutters import CUTTER_FORMATS
    from generator.publish.formats import REGISTRY

    own = {option.name: option.flag for fmt in (*REGISTRY.values(), *CUTTER_FORMATS.values()) for option in fmt.flags}
    return {**FLAGS, **own}


def check_given(opts: DeckOptions, fmt: Format, reporter: Reporter) -> None:
    """Each option given on the command line that this run's format does not read, in one line: refused
    (LayoutError) when one format (or the cutters) owns it, a warning when several formats read it."""
    flags = all_flags()
    unread = sorted(opts.given - reads(fmt, opts), key=list(flags).index)
    run = f"--cutter {fmt.name}" if opts.cutter else f"--format {fmt.name}"
    for option in unread:
        flag, who = flags[option], owners(option)
        if len(who) == 1:
            raise LayoutError(f"read by {who[0]} only, and this run writes {run}", key=flag)
        reporter.warn(f"{flag} does nothing for {run} (it is read by {', '.join(who)})")


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
