"""One card at a time: draw a record with its trace, its element boxes and its preflight warnings; pick cards by `--only`.

The designer's loop (`pnpgen preview`, `pnpgen cards --watch/--check/--only`) draws cards one by one
through here, so a bad record becomes an error for that card alone and the others still draw.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.cards.records import Record
from generator.cards.templates import format_value
from generator.core.errors import DataError, PnpError

_RANGE = re.compile(r"^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$")
_MATCH = re.compile(r"^\s*([A-Za-z_][\w.\- ]*?)\s*(~|=)\s*(.*)$")


@dataclass
class Drawing:
    """One card drawn: the Card (None on error), its element boxes, warnings, and the files it read."""

    number: int
    label: str
    card: Any = None
    boxes: list[dict[str, Any]] = field(default_factory=list)
    findings: list[Any] = field(default_factory=list)
    error: str | None = None
    images: tuple[Path, ...] = ()
    exception: PnpError | None = None


def draw_card(design: Any, record: Record, number: int,
              image_loader: Callable[[Path], bytes] | None = None, pdfx: bool = False) -> Drawing:
    """Draw one record; a PnpError becomes the drawing's error (the CLI's one-line message). `pdfx`:
    the findings include what PDF/X's flattening does to text."""
    from generator.cards.build import Drawn, card_label, draw_faces
    from generator.cards.inspect import element_boxes
    from generator.cards.preflight import check_card
    from generator.scene.imposition import Card

    read: list[Path] = []

    def loader(path: Path) -> bytes:
        read.append(Path(path))
        if image_loader is None:
            from generator.cards.elements.basic import read_picture

            return read_picture(path)
        return image_loader(path)

    trace: list[Drawn] = []
    try:
        label = card_label(design.template, record, number)
        front, back = draw_faces(design, record, loader, trace)
        findings = check_card(design, record, number, label, trace, pdfx=pdfx)
    except PnpError as err:
        read.extend(Path(p) for p in vars(err).get("wanted", ()))    # a missing picture: watched for its return
        return Drawing(number, _fallback_label(record, number), error=str(err), images=tuple(read), exception=err)
    return Drawing(number, label, Card(front, back, label), element_boxes(trace), findings, None, tuple(read))


def _fallback_label(record: Record, number: int) -> str:
    for name in ("name", "title"):
        if record.fields.get(name) not in (None, ""):
            return format_value(record.fields[name])
    return f"card {number}"


# --- --only ---------------------------------------------------------------------------------------

def parse_only(spec: str) -> Callable[[int, Record], bool]:
    """A card chooser from `--only`: numbers and ranges ("3,7-9", 1-based, after qty), or a field
    test ("name~Dragon": the field contains the text, any case; "kind=spell": equals it)."""
    match = _MATCH.match(spec)
    if match and not _all_ranges(spec):
        name, op, wanted = match.group(1), match.group(2), match.group(3).strip()
        return lambda number, record: _field_test(record, name, op, wanted)
    numbers: set[int] = set()
    for part in spec.split(","):
        found = _RANGE.match(part)
        if not found:
            raise DataError(f"--only {spec!r}: give card numbers and ranges (3,7-9) or a field test "
                            f"(name~Dragon, kind=spell), not {part.strip()!r}")
        low, high = int(found.group(1)), int(found.group(2) or found.group(1))
        if low < 1 or high < low:
            raise DataError(f"--only {spec!r}: {part.strip()!r} is not a range of card numbers from 1")
        numbers.update(range(low, high + 1))
    return lambda number, record: number in numbers


def _all_ranges(spec: str) -> bool:
    return all(_RANGE.match(part) for part in spec.split(","))


def _field_test(record: Record, name: str, op: str, wanted: str) -> bool:
    value = format_value(record.fields.get(name, ""))
    if op == "~":
        return wanted.casefold() in value.casefold()
    return value.strip() == wanted


def select(records: Sequence[Record], spec: str | None) -> list[tuple[int, Record]]:
    """(number, record) for the cards `--only` picks (all without a spec); DataError for none."""
    numbered = list(enumerate(records, 1))
    if not spec:
        return numbered
    chosen = parse_only(spec)
    picked = [(n, r) for n, r in numbered if chosen(n, r)]
    if not picked:
        raise DataError(f"--only {spec!r} picks no card (the deck has {len(records)})",
                        file=records[0].file if records else None)
    return picked
