"""Bounds on a spreadsheet checked before python-calamine reads it: its zip parts and their XML, streamed.

calamine allocates a sheet's whole used range (and the shared-strings table its header declares) at
once, and aborts the process when that fails, whatever the memory cap. So an .xlsx/.xlsm/.ods file
is first read here, as a zip, part by part, with a bounded streaming XML parser (expat, no DTD):

- the zip: at most MAX_PARTS parts, each at most MAX_PART_BYTES uncompressed (the declared size and
  the bytes really inflated), all together at most MAX_TOTAL_BYTES, none inflating more than MAX_RATIO
  times its compressed size (above a megabyte);
- a sheet: the declared used range (<dimension ref>) and the real one (the cells that hold a value) at
  most MAX_AREA cells from A1, at most MAX_CELLS cells with a value, no cell longer than MAX_CELL_CHARS
  characters (Excel's own limit), and rows with a value counted against the card limit
  (`--max-cards`) as they are read;
- the shared-strings table: its declared and real count at most MAX_SHARED strings.

Every refusal is a DataError (or the card limit's LimitError) naming the file, the number and the
limit, and the option that lifts it where one does.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.errors import DataError
from generator.core.limits import MAX_CARDS, LimitError

MAX_PARTS = 10_000
MAX_PART_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 128 * 1024 * 1024
MAX_RATIO = 100
MAX_AREA = 5_000_000
MAX_CELLS = 2_000_000
MAX_CELL_CHARS = 32_767
MAX_SHARED = 1_000_000
_CHUNK = 1 << 16
_REF = re.compile(r"^\$?([A-Za-z]{1,7})\$?(\d{1,12})$")


class _Refused(Exception):
    """Raised inside the expat handlers; turned into the DataError (or LimitError) it carries."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def column_number(letters: str) -> int:
    """A1-style column letters as a 1-based number (A -> 1, XFD -> 16384)."""
    number = 0
    for ch in letters.upper():
        number = number * 26 + ord(ch) - ord("A") + 1
    return number


def ref_position(ref: str) -> tuple[int, int] | None:
    """(row, column), 1-based, of a cell reference like C5 or $C$5; None if it is not one."""
    match = _REF.match(ref.strip())
    return None if match is None else (int(match.group(2)), column_number(match.group(1)))


@dataclass
class SheetCount:
    """What one sheet's XML was found to hold, counted as it streamed by."""

    name: str
    max_row: int = 0
    max_col: int = 0
    cells: int = 0
    rows: int = 0
    last_row: int = 0
    extra: dict[str, int] = field(default_factory=dict)


def check_spreadsheet(path: Path, max_cards: int | None = None) -> None:
    """Refuse a spreadsheet whose reading would exceed a bound (DataError/LimitError naming the file)."""
    try:
        book = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError, ValueError) as err:
        raise DataError(f"not a readable spreadsheet (not a zip file: {err})", file=path) from None
    with book:
        infos = book.infolist()
        _check_parts(path, infos)
        names = {info.filename: info for info in infos}
        if "content.xml" in names:
            _stream(path, book, names["content.xml"], _OdsCounter(path, max_cards))
            return
        if "xl/sharedStrings.xml" in names:
            _stream(path, book, names["xl/sharedStrings.xml"], _SharedCounter(path))
        for name in sorted(n for n in names if n.startswith("xl/worksheets/") and n.endswith(".xml")):
            _stream(path, book, names[name], _XlsxCounter(path, name, max_cards))


def _check_parts(path: Path, infos: list[zipfile.ZipInfo]) -> None:
    if len(infos) > MAX_PARTS:
        raise DataError(f"the spreadsheet has {len(infos):,} zip parts, more than the limit of {MAX_PARTS:,}",
                        file=path)
    total = 0
    for info in infos:
        size = info.file_size
        if size > MAX_PART_BYTES:
            raise DataError(f"the spreadsheet's part {info.filename} unpacks to {size / 1048576:,.0f} MB, over "
                            f"the limit of {MAX_PART_BYTES // 1048576} MB a part (split the sheet)", file=path)
        if size > 1 << 20 and size > MAX_RATIO * max(1, info.compress_size):
            raise DataError(f"the spreadsheet's part {info.filename} unpacks {size // max(1, info.compress_size):,} "
                            f"times its packed size, over the limit of {MAX_RATIO} (a zip bomb?)", file=path)
        total += size
    if total > MAX_TOTAL_BYTES:
        raise DataError(f"the spreadsheet unpacks to {total / 1048576:,.0f} MB, over the limit of "
                        f"{MAX_TOTAL_BYTES // 1048576} MB (split it into smaller files)", file=path)


def _stream(path: Path, book: zipfile.ZipFile, info: zipfile.ZipInfo, counter: _Counter) -> None:
    """Feed one part to expat in chunks, never more than its declared size (and the part limit)."""
    from xml.parsers import expat

    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = counter.doctype
    parser.EntityDeclHandler = counter.entity
    parser.StartElementHandler = counter.start
    parser.EndElementHandler = counter.end
    parser.CharacterDataHandler = counter.text
    read = 0
    try:
        with book.open(info) as part:
            while chunk := part.read(_CHUNK):
                read += len(chunk)
                if read > min(MAX_PART_BYTES, info.file_size):
                    raise DataError(f"the spreadsheet's part {info.filename} unpacks to more than it declares",
                                    file=path)
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except _Refused as refused:
        raise refused.error from None
    except expat.ExpatError as err:
        raise DataError(f"the spreadsheet's part {info.filename} is not well-formed XML ({err})", file=path) from None
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as err:
        raise DataError(f"not a readable spreadsheet ({info.filename}: {err})", file=path) from None
    counter.finish()


def _local(tag: str) -> str:
    return tag.rsplit(":", 1)[-1]


class _Counter:
    """The expat handlers of one part; subclasses count what matters in it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.text_len = 0
        self.in_text = False

    def refuse(self, message: str) -> None:
        raise _Refused(DataError(message, file=self.path))

    def doctype(self, *args: Any) -> None:
        self.refuse("the spreadsheet's XML declares a DTD; refused")

    def entity(self, *args: Any) -> None:
        self.refuse("the spreadsheet's XML declares entities; refused")

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        """An element opens."""

    def end(self, tag: str) -> None:
        """An element closes."""

    def text(self, data: str) -> None:
        if self.in_text:
            self.text_len += len(data)
            if self.text_len > MAX_CELL_CHARS:
                self.refuse(f"{self.where()}: a cell holds more than {MAX_CELL_CHARS:,} characters "
                            "(the most a spreadsheet cell may)")

    def where(self) -> str:
        return "a cell"

    def finish(self) -> None:
        """The part has been read whole."""


class _SharedCounter(_Counter):
    """xl/sharedStrings.xml: the count it declares, the strings it holds and each one's length."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.strings = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        name = _local(tag)
        if name == "sst":
            for key in ("count", "uniqueCount"):
                declared = _number(attrs.get(key, "0"))
                if declared > MAX_SHARED:
                    self.refuse(f"the shared-strings table declares {declared:,} strings, more than the limit "
                                f"of {MAX_SHARED:,}")
        elif name == "si":
            self.strings += 1
            self.text_len = 0
            if self.strings > MAX_SHARED:
                self.refuse(f"the shared-strings table holds more than the limit of {MAX_SHARED:,} strings")
        elif name == "t":
            self.in_text = True

    def end(self, tag: str) -> None:
        if _local(tag) == "t":
            self.in_text = False

    def where(self) -> str:
        return f"shared string {self.strings}"


class _SheetCounter(_Counter):
    """The bounds common to a sheet of either kind: area, cells with a value, rows against the card limit."""

    def __init__(self, path: Path, name: str, max_cards: int | None) -> None:
        super().__init__(path)
        self.count = SheetCount(name)
        self.max_cards = MAX_CARDS if max_cards is None else max_cards

    def value_at(self, row: int, col: int, rows: int = 1, cols: int = 1) -> None:
        """A cell with a value at (row, col), repeated rows x cols times (ODS)."""
        c = self.count
        c.max_row, c.max_col = max(c.max_row, row + rows - 1), max(c.max_col, col + cols - 1)
        c.cells += rows * cols
        if row + rows - 1 > c.last_row:
            c.rows += row + rows - 1 - max(c.last_row, row - 1)
            c.last_row = row + rows - 1
            if c.rows > self.max_cards + 1:          # the header row and a card a row at the least
                raise _Refused(LimitError(f"{c.name}: more than {self.max_cards:,} rows hold cards, over the "
                                          f"limit of {self.max_cards:,} cards a run (a higher --max-cards "
                                          "lifts it)", file=self.path))
        self.check_area(c.max_row, c.max_col, "used")
        if c.cells > MAX_CELLS:
            self.refuse(f"{c.name}: more than {MAX_CELLS:,} cells hold a value (the limit; split the sheet)")

    def check_area(self, rows: int, cols: int, what: str) -> None:
        if rows * cols > MAX_AREA:
            self.refuse(f"{self.count.name}: the {what} range A1:{_letters(cols)}{rows} is {rows * cols:,} cells, "
                        f"over the limit of {MAX_AREA:,} (delete the stray cells far from the table)")


class _XlsxCounter(_SheetCounter):
    """One xl/worksheets/sheetN.xml: <dimension ref>, then each <c r=..> holding a <v> or inline string."""

    def __init__(self, path: Path, name: str, max_cards: int | None) -> None:
        super().__init__(path, name.rsplit("/", 1)[-1].removesuffix(".xml"), max_cards)
        self.cell: tuple[int, int] | None = None
        self.row = 0
        self.col = 0
        self.valued = False

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        name = _local(tag)
        if name == "dimension":
            self._dimension(attrs.get("ref", ""))
        elif name == "row":
            self.row = _number(attrs.get("r", "")) or self.row + 1
            self.col = 0
        elif name == "c":
            position = ref_position(attrs.get("r", ""))
            self.col = position[1] if position else self.col + 1
            self.cell = (position[0] if position else max(self.row, 1), self.col)
            self.valued = False
        elif name in ("v", "t", "f") and self.cell is not None:
            self.in_text, self.text_len, self.valued = True, 0, True

    def end(self, tag: str) -> None:
        name = _local(tag)
        if name in ("v", "t", "f"):
            self.in_text = False
        elif name == "c" and self.cell is not None:
            if self.valued:
                self.value_at(*self.cell)
            self.cell = None

    def _dimension(self, ref: str) -> None:
        corner = ref_position(ref.split(":")[-1]) if ref else None
        if corner is not None:
            self.check_area(corner[0], corner[1], "declared")

    def where(self) -> str:
        return f"{self.count.name}!{_letters(self.cell[1])}{self.cell[0]}" if self.cell else "a cell"


class _OdsCounter(_SheetCounter):
    """content.xml of an .ods: rows and cells with their repeat counts, per table (sheet)."""

    def __init__(self, path: Path, max_cards: int | None) -> None:
        super().__init__(path, "table", max_cards)
        self.row = 0
        self.col = 0
        self.row_repeat = 1
        self.cell: tuple[int, int, int] | None = None     # (column, repeat, has a value)

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        name = _local(tag)
        if name == "table" and tag.startswith("table:"):
            self.count = SheetCount(attrs.get("table:name", "table"))
            self.row = 0
        elif name == "table-row":
            self.row_repeat = max(1, _number(attrs.get("table:number-rows-repeated", "1")))
            self.col = 0
        elif name in ("table-cell", "covered-table-cell"):
            repeat = max(1, _number(attrs.get("table:number-columns-repeated", "1")))
            valued = any(key.startswith("office:") and key != "office:value-type" for key in attrs)
            self.cell = (self.col + 1, repeat, int(valued))
            self.col += repeat
        elif name == "p" and self.cell is not None:
            self.in_text, self.text_len = True, 0
            self.cell = (self.cell[0], self.cell[1], 1)

    def end(self, tag: str) -> None:
        name = _local(tag)
        if name == "p":
            self.in_text = False
        elif name in ("table-cell", "covered-table-cell") and self.cell is not None:
            if self.cell[2]:
                self.value_at(self.row + 1, self.cell[0], self.row_repeat, self.cell[1])
            self.cell = None
        elif name == "table-row":
            self.row += self.row_repeat

    def where(self) -> str:
        return f"{self.count.name}!{_letters(self.cell[0])}{self.row + 1}" if self.cell else "a cell"


def _number(text: str) -> int:
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= 15 else (10**15 if text.isdigit() else 0)


def column_letters(index: int) -> str:
    """The A1-style letters of a 0-based column index (0 -> A, 25 -> Z, 26 -> AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _letters(column: int) -> str:
    return column_letters(max(column, 1) - 1)
