"""`pnpgen cards ... --check`: the preflight warnings of a deck, one line each, on stdout; writes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from generator.publish import DeckOptions


def run_check(data: str | Path, template: str | Path, opts: DeckOptions, only: str | None, strict: bool,
              sheet: str | None = None) -> int:
    """Print every warning; the exit status: 0, or 1 with strict when there is any warning."""
    return report_findings(deck_findings(data, template, opts, only, sheet=sheet), opts, strict)


def report_findings(findings: list[Any], opts: DeckOptions, strict: bool) -> int:
    """Print the warnings, one a line, and their count (with the size reading and notes of
    `pnpgen images --check`, all of the report on stdout; errors go to stderr); the exit status (1
    with strict and any)."""
    for finding in findings:
        click.echo(f"pnpgen: warning: {finding}")
    if not opts.quiet:
        count = len(findings)
        click.echo(f"{count} warning{'s' if count != 1 else ''}" if count else "no warnings")
    return 1 if strict and findings else 0


def deck_findings(data: str | Path, template: str | Path, opts: DeckOptions, only: str | None,
                  sheet: str | None = None) -> list[Any]:
    """Every preflight warning of the deck (a card's error is raised: it is an error, not a warning)."""
    from generator.cards import load_records, load_template
    from generator.cards.build import check_template

    records = load_records(data, sheet=sheet)
    design = check_template(load_template(template), records, bleed=opts.bleed)
    return records_findings(records, design, opts, only)


def with_printers_safe_area(design: Any, opts: DeckOptions) -> Any:
    """The design checked against the --pod printer's safe area when it is wider than the template's
    (The Game Crafter's 1/8 in, not the template's 3 mm)."""
    from dataclasses import replace

    if not opts.pod:
        return design
    from generator.publish.formats.pod import preset_of

    safe = preset_of(opts).safe
    if safe is None or safe <= design.template.safe:
        return design
    return replace(design, template=replace(design.template, safe=safe))


def records_findings(records: list[Any], design: Any, opts: DeckOptions, only: str | None,
                     loader: Any = None) -> list[Any]:
    """Every preflight warning of records drawn by a checked design (`pnpgen images` builds both)."""
    from dataclasses import replace

    from generator.cards.build import check_records
    from generator.cards.formulas import formula_findings
    from generator.cards.preflight import Finding, check_deck, stand_ins
    from generator.cards.session import draw_card, select
    from generator.publish.carddeck import display
    from generator.publish.images import load_image

    design = with_printers_safe_area(design, opts)
    chosen = select(records, only)
    check_records([record for _, record in chosen], design, loader or load_image)   # every bad record, at once
    found, seen = formula_findings(records[0].file if records else None), set()
    for number, record in chosen:
        if (record.file, record.line) in seen:       # copies (qty) draw the same
            continue
        seen.add((record.file, record.line))
        drawing = draw_card(design, record, number, loader or load_image, pdfx=opts.format == "pdfx")
        if drawing.exception is not None:
            raise drawing.exception
        found += drawing.findings
    count = len(chosen)
    found += [Finding(line, design.template.file) for line in stand_ins(design)]
    found += check_deck(count, design.template.file, per_sheet=_per_sheet(design, opts),
                        tts_per_sheet=_tts_per_sheet(opts))
    return [replace(f, file=display(Path(f.file))) if f.file is not None else f for f in found]


def _tts_per_sheet(opts: DeckOptions) -> int | None:
    from generator.publish.formats.tts import PER_SHEET

    return PER_SHEET if opts.format == "tts" else None


def _per_sheet(design: Any, opts: DeckOptions) -> int | None:
    if opts.format not in ("pdf",) and not opts.sheets:
        return None
    from generator.core.errors import LayoutError
    from generator.publish import sheet_spec
    from generator.scene.layout import cards_per_sheet

    try:
        return cards_per_sheet(sheet_spec(design.card_size, design.bleed, opts))
    except LayoutError:
        return None
