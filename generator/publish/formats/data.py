"""`--format json`: the deck's data (what the command would draw) on standard output, or into the -o file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.publish.job import PrintJob
from generator.publish.options import DeckOptions, FormatOption


class JsonFormat:
    """The data as JSON (keys in order, UTF-8 kept readable)."""

    name = "json"
    options: frozenset[str] = frozenset()
    per_group = False
    flags: tuple[FormatOption, ...] = ()

    def imposes(self, opts: DeckOptions) -> bool:
        return False

    def check(self, job: PrintJob) -> None:
        return None

    def paths(self, job: PrintJob) -> list[Path]:
        output = job.opts.output
        return [job.one_file(f"{job.stem}.json")] if output is not None and str(output) != "-" else []

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        from generator.core.files import write_atomic

        text = json.dumps(deck, ensure_ascii=False, indent=2) + "\n"
        if not job.targets:
            job.reporter.data(text)
            return []
        return [write_atomic(job.targets[0], text, force=job.replaces(job.targets))]


FORMAT = JsonFormat()
