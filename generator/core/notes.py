"""Notes for the user gathered while a command runs (pnpgen's own words left out, say), said once each at its end.

The drawing layers cannot speak to the terminal; they add a note here and the command line prints the
notes after the command (generator.cli.common.run_cli). Each note is kept once, and at most MAX_NOTES.
"""

from __future__ import annotations

MAX_NOTES = 50

_notes: dict[str, None] = {}


def add_note(message: str) -> None:
    """Keep one note (a repeat of a kept one, or one past MAX_NOTES, is dropped)."""
    if len(_notes) < MAX_NOTES:
        _notes.setdefault(message, None)


def take_notes() -> list[str]:
    """The notes kept so far, in order, and forget them."""
    notes = list(_notes)
    _notes.clear()
    return notes


__all__ = ["MAX_NOTES", "add_note", "take_notes"]
