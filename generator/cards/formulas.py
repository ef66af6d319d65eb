"""Formula cells saved without their value (files written by scripts such as openpyxl or odfpy): found in the XML, named by cell.

python-calamine reads a formula cell's cached value, and a file written by a script has none, so
the card would print the cell empty without a word. This reads the sheet's XML from the zip,
streaming and bounded: in an .xlsx `<c r="D20"><f>` with no `<v>`; in an .ods a
`<table:table-cell table:formula=...>` with no office value attribute and no text, its place counted
through the repeated rows and columns. Each such cell is named (`Cards!D20`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    import zipfile

    from generator.cards.preflight import Finding

# zipfile, the XML parser and the spreadsheet helpers are imported where a workbook is read: a deck
# whose data is not a workbook (every deck `pnpgen kit` makes) does not load them.

MAX_XML_BYTES = 200_000_000     # uncompressed sheet XML read at most (a larger sheet is not searched further)
MAX_NAMED = 20                  # cells named one by one; more are counted
CHUNK = 1 << 16
_SHEET_FILE = re.compile(r"^(?P<name>.+\.(?:xlsx|xlsm|ods))\[(?P<sheet>.*)\]$", re.IGNORECASE)
_NS_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_NS_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_NS_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_CELL = re.compile(r"^([A-Z]{1,3})(\d+)$")
_NS_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_NS_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_ODS_VALUES = tuple(f"{_NS_OFFICE}{name}" for name in
                    ("value", "date-value", "time-value", "boolean-value", "string-value"))
MAX_FOUND = 100_000             # unsaved cells collected at most (a repeated row of formulas is not multiplied further)


def formulas_without_values(path: Path, sheet: str | None = None) -> tuple[str, list[str]]:
    """(the sheet's name, its formula cells with no saved value as Sheet!D20); ("", []) when the
    file is not an .xlsx/.xlsm or cannot be searched (reading it is the spreadsheet reader's job)."""
    from generator.cards.spreadsheet import cell_name

    name, cells = _unsaved(path, sheet)
    return name, [cell_name(name, row, column) for row, column in cells]


def _unsaved(path: Path, sheet: str | None) -> tuple[str, list[tuple[int, int]]]:
    """(the sheet's name, the 0-based (row, column) of its formula cells with no saved value)."""
    suffix = Path(path).suffix.lower()
    if suffix not in (".xlsx", ".xlsm", ".ods"):
        return "", []
    import zipfile

    try:
        with zipfile.ZipFile(path) as book:
            if suffix == ".ods":
                return _scan_ods(book, sheet)
            name, member = _sheet_member(book, sheet)
            if member is None:
                return "", []
            return name, _scan(book, member, name)
    except (OSError, zipfile.BadZipFile, KeyError, ValueError, SyntaxError):
        return "", []


def _sheet_member(book: zipfile.ZipFile, sheet: str | None) -> tuple[str, str | None]:
    """The sheet's name and the zip member holding its XML (the first sheet by default)."""
    workbook = _small_xml(book, "xl/workbook.xml")
    sheets = [(el.get("name", ""), el.get(f"{_NS_REL}id", "")) for el in workbook.iter(f"{_NS_MAIN}sheet")]
    chosen = next(((n, r) for n, r in sheets if sheet is None or n == sheet), None)
    if chosen is None:
        return "", None
    rels = _small_xml(book, "xl/_rels/workbook.xml.rels")
    target = next((el.get("Target", "") for el in rels.iter(f"{_NS_PKG}Relationship") if el.get("Id") == chosen[1]), "")
    if not target:
        return chosen[0], None
    member = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
    return chosen[0], member


def _small_xml(book: zipfile.ZipFile, member: str) -> Any:
    from xml.etree.ElementTree import fromstring

    info = book.getinfo(member)
    if info.file_size > 10_000_000:
        raise ValueError("workbook part too large")
    return fromstring(book.read(member))


def _scan(book: zipfile.ZipFile, member: str, sheet: str) -> list[tuple[int, int]]:
    """Stream the sheet's XML and collect the formula cells that have no (or an empty) value."""
    found: list[tuple[int, int]] = []
    for _, el in _events(book, member, ("end",)):
        if el.tag == f"{_NS_MAIN}c":
            _check_cell(el, sheet, found)
            el.clear()
        elif el.tag == f"{_NS_MAIN}row":
            el.clear()
    return found


def _events(book: zipfile.ZipFile, member: str, kinds: tuple[Literal["start", "end"], ...]
            ) -> Iterator[tuple[str, Any]]:
    """A zip member's XML parsed in chunks: its (event, element) pairs, up to MAX_XML_BYTES read."""
    from xml.etree.ElementTree import XMLPullParser

    parser: Any = XMLPullParser(events=kinds)
    read = 0
    with book.open(member) as stream:
        while read < MAX_XML_BYTES:
            chunk = stream.read(CHUNK)
            if not chunk:
                break
            read += len(chunk)
            parser.feed(chunk)
            yield from parser.read_events()


def _check_cell(el: Any, sheet: str, found: list[tuple[int, int]]) -> None:
    formula = el.find(f"{_NS_MAIN}f")
    if formula is None:
        return
    value = el.find(f"{_NS_MAIN}v")
    if value is not None and (value.text or "") != "":
        return
    match = _CELL.match(el.get("r", ""))
    if match:
        found.append((int(match.group(2)) - 1, _column_index(match.group(1))))


def _scan_ods(book: zipfile.ZipFile, sheet: str | None) -> tuple[str, list[tuple[int, int]]]:
    """The named (or first) table of an .ods content.xml, streamed: its formula cells with no value."""
    table = _OdsTable(sheet)
    for event, el in _events(book, "content.xml", ("start", "end")):
        table.event(event, el)
        if table.done:
            break
    return (table.name or "", table.found) if table.name is not None else ("", [])


class _OdsTable:
    """Walks one table's rows and cells, counting repeats, and keeps its unsaved formula cells."""

    def __init__(self, sheet: str | None) -> None:
        self.sheet = sheet
        self.name: str | None = None
        self.active = False
        self.done = False
        self.row = 0
        self.column = 0
        self.in_row: list[int] = []             # the unsaved cells' columns in the current row
        self.found: list[tuple[int, int]] = []

    def event(self, event: str, el: Any) -> None:
        tag = el.tag
        if event == "start":
            if tag == f"{_NS_TABLE}table" and self.name is None:
                name = el.get(f"{_NS_TABLE}name", "")
                self.active = self.sheet is None or name == self.sheet
                if self.active:
                    self.name = name
            elif self.active and tag == f"{_NS_TABLE}table-row":
                self.column, self.in_row = 0, []
            return
        if not self.active:
            if tag in (f"{_NS_TABLE}table-row", f"{_NS_TABLE}table"):
                el.clear()
            return
        if tag in (f"{_NS_TABLE}table-cell", f"{_NS_TABLE}covered-table-cell"):
            repeat = _repeat(el, "number-columns-repeated")
            if el.get(f"{_NS_TABLE}formula") and not _ods_value(el):
                self.in_row.extend(range(self.column, self.column + min(repeat, MAX_FOUND)))
            self.column += repeat
            el.clear()
        elif tag == f"{_NS_TABLE}table-row":
            repeat = _repeat(el, "number-rows-repeated")
            for offset in range(repeat if self.in_row else 0):
                if len(self.found) >= MAX_FOUND:
                    break
                self.found.extend((self.row + offset, column) for column in self.in_row)
            self.row += repeat
            el.clear()
        elif tag == f"{_NS_TABLE}table":
            self.active, self.done = False, True


def _repeat(el: Any, attribute: str) -> int:
    try:
        return max(1, int(el.get(f"{_NS_TABLE}{attribute}", "1")))
    except ValueError:
        return 1


def _ods_value(el: Any) -> bool:
    """Whether an .ods cell holds a saved value: an office value attribute, or text."""
    return any(el.get(name) is not None for name in _ODS_VALUES) or any(t.strip() for t in el.itertext())


def _column_index(letters: str) -> int:
    index = 0
    for ch in letters:
        index = index * 26 + ord(ch) - ord("A") + 1
    return index - 1


def formula_findings(data_file: Path | str | None) -> list[Finding]:
    """The warnings for a deck's data file as records name it (deck.xlsx[Cards]): one per cell, or per
    run of such cells down a column (Cards!E2:E31); at most MAX_NAMED, then a count of the rest."""
    if data_file is None:
        return []
    match = _SHEET_FILE.match(Path(data_file).name)
    if match is None:
        return []
    from generator.cards.preflight import Finding
    from generator.cards.spreadsheet import cell_name, column_letters

    path = Path(data_file).with_name(match.group("name"))
    sheet, cells = _unsaved(path, match.group("sheet"))
    runs = _runs(cells)
    writer = "odfpy" if path.suffix.lower() == ".ods" else "openpyxl"
    found = []
    for column, first, last in runs[:MAX_NAMED]:
        where = cell_name(sheet, first, column) + ("" if first == last else f":{column_letters(column)}{last + 1}")
        what = "a formula" if first == last else f"{last - first + 1} formulas"
        found.append(Finding(f"{what} with no saved value (the file was written by a script, e.g. {writer}): "
                             "the card prints it empty; open and save the file in Excel or LibreOffice to "
                             "compute it", file=path, where=where))
    rest = sum(last - first + 1 for _, first, last in runs[MAX_NAMED:])
    if rest:
        found.append(Finding(f"and {rest} more formula cells with no saved value", file=path))
    return found


def _runs(cells: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(column, first row, last row) of each run of consecutive rows in one column, in column order."""
    runs: list[tuple[int, int, int]] = []
    for row, column in sorted(cells, key=lambda c: (c[1], c[0])):
        if runs and runs[-1][0] == column and runs[-1][2] == row - 1:
            runs[-1] = (column, runs[-1][1], row)
        else:
            runs.append((column, row, row))
    return runs
