"""The preview's print button, for a deck and for an image folder: the deck options it prints with, and its answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.publish import DeckOptions


def print_options(opts: DeckOptions, stem: str, written: set[Path]) -> DeckOptions:
    """The print button's options: the preview's deck options, quiet. Without -o a PDF goes to
    output/STEM.pdf, never over a file this preview did not write itself (then STEM-2.pdf, ...);
    any other output may replace the files this preview wrote, and others only with --force."""
    from dataclasses import replace

    from generator import paths

    opts = replace(opts, quiet=True, own=frozenset(written))
    if opts.output is None and opts.format == "pdf" and opts.cutter is None:
        opts = replace(opts, output=free_path(paths.default_output(f"{stem}.pdf"), written))
    return opts


def print_label(opts: DeckOptions) -> str:
    """What the print button writes, in a few words (its tooltip): format, paper, backs, printer, cutter."""
    from generator.core.numbers import format_number

    parts = [opts.format]
    if opts.format in ("pdf",) or opts.sheets or opts.cutter:
        parts.append(f"{opts.paper} {opts.orientation}" if opts.orientation != "auto" else opts.paper)
    if opts.cutter:
        parts.append(f"--cutter {opts.cutter}")
    elif opts.gutter_fold:
        parts.append("gutter fold")
    elif opts.duplex:
        parts.append(f"{opts.duplex}-edge backs")
    if opts.offset != (0.0, 0.0):
        parts.append(f"offset {format_number(opts.offset[0])},{format_number(opts.offset[1])} mm")
    if opts.printer:
        parts.append(f"printer {opts.printer}")
    if opts.pod:
        parts.append(f"--pod {opts.pod}")
    if opts.output is not None:
        parts.append(f"to {opts.output}")
    return ", ".join(parts)


def printed(paths: list[Path], written: set[Path]) -> dict[str, Any]:
    """The print button's answer: the first file written and every file, remembered as the preview's own."""
    written.update(Path(p) for p in paths)
    if not paths:
        return {"error": "nothing was written"}
    return {"path": str(paths[0]), "paths": [str(p) for p in paths]}


def free_path(path: Path, written: set[Path]) -> Path:
    """path, or NAME-2.ext, NAME-3.ext... : the first that does not exist or that this preview wrote."""
    candidate, n = path, 1
    while candidate.exists() and candidate not in written:
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate
