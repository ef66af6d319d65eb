"""The publishing layer: a printed deck planned once (plan_job), then written by one module per output format.

plan -> build the cards -> write:

    job = plan_job(opts, count=len(records), card_size=(63.5, 88.9), bleed=3.0, stem="deck", title="Deck")
    if job.wants_data:                  # --format json
        return job.write([r.fields for r in records])
    return job.write(build_cards(records, design))

No click here and no generator.cli: the command line passes a Reporter for warnings and progress. Beside
the one deck: carddeck.py (the `pnpgen cards` pipeline), imagedeck.py (a folder of card images as a deck),
groups.py (a game's deck of named groups: write_deck), documents.py (a game's own document in its
command's format), printers.py (printer profiles).
"""

from __future__ import annotations

from generator.publish.formats import FORMATS, REGISTRY, prints_sheets
from generator.publish.job import Format, PrintJob, sheet_spec
from generator.publish.options import DEFAULT_DPI, DeckOptions
from generator.publish.plan import plan_job
from generator.publish.report import PLAIN, PlainReporter, Reporter

__all__ = ["DEFAULT_DPI", "FORMATS", "PLAIN", "REGISTRY", "DeckOptions", "Format", "PlainReporter", "PrintJob",
           "Reporter", "plan_job", "prints_sheets", "sheet_spec"]
