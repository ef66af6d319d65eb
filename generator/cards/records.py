"""Card records from YAML, CSV or spreadsheet data files, each remembering its file and line; `qty:` repeats a card.

CSV (and TSV): the separator (comma, semicolon or tab) is read from the header line, quotes as usual, a
byte-order mark and Windows line ends are fine; a row with more or fewer cells than the header is
an error naming its line. Spreadsheets: generator/cards/spreadsheet.py.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.cards.datafile import key_lines, read_text, yaml_node
from generator.cards.schema import plain
from generator.core.errors import DataError, shown_file
from generator.core.limits import check_cards, check_file_size

if TYPE_CHECKING:
    from _csv import Reader as CsvReader

QTY_KEY = "qty"
DATA_SUFFIXES = (".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".xlsm", ".ods")
CSV_SEPARATORS = (",", ";", "\t")

_Row = tuple[dict[str, Any], int, dict[str, int]]   # (raw fields, line, {field: its line})


@dataclass(frozen=True, slots=True)       # (slots: a deck of 50,000 records keeps a few MB less)
class Record:
    """One card's fields (str keys, scalar values), where it came from, and its copy number."""

    fields: dict[str, Any]
    file: Path
    line: int | None = None
    copy: int = 1
    field_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def line_of(self, key: str) -> int | None:
        """The line of one field (YAML), else the record's line."""
        return self.field_lines.get(key, self.line)

    def to_json(self) -> dict[str, Any]:
        """The record as plain JSON data (for `--format json`)."""
        return {"fields": dict(self.fields), "file": shown_file(self.file), "line": self.line}


def resolve_data(name_or_path: str | Path) -> Path:
    """A user's file path wins; else a built-in name: card_data/<name>/cards.yaml, <name>.yaml, ..."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    from generator import paths

    for candidate in _builtin_candidates(str(name_or_path), paths.card_data_dir()):
        if candidate.is_file():
            return candidate
    raise DataError("no such data file (nor a built-in data name)", file=str(name_or_path))


def _builtin_candidates(name: str, root: Path) -> list[Path]:
    base = root / name
    found = [base / f"cards{suffix}" for suffix in DATA_SUFFIXES]
    found += [base.with_name(base.name + suffix) for suffix in DATA_SUFFIXES]
    return [*found, base]


def load_records(path: str | Path, expand: bool = True, sheet: str | None = None,
                 max_cards: int | None = None) -> list[Record]:
    """Read a YAML, CSV or spreadsheet data file into records (a spreadsheet's first sheet, or
    `sheet`); with expand, each record repeated `qty` times (LimitError, before any copy is made,
    when that comes to more than max_cards cards)."""
    path = resolve_data(path)
    check_file_size(path)
    suffix = path.suffix.lower()
    if sheet is not None or suffix not in _TEXT_SUFFIXES:    # (a YAML or CSV deck does not load the reader)
        from generator.cards.spreadsheet import SHEET_SUFFIXES, sheet_rows

        if sheet is not None and suffix not in SHEET_SUFFIXES:
            raise DataError(f"--sheet applies to spreadsheets ({', '.join(SHEET_SUFFIXES)}), not a {suffix} file",
                            file=path)
        if suffix in SHEET_SUFFIXES:
            named, sheet_data = sheet_rows(path, sheet, max_cards)     # named: the file errors name
            return _records(sheet_data, named, expand, max_cards)
    rows = _csv_rows(read_text(path), path) if suffix in (".csv", ".tsv") else _yaml_rows(read_text(path), path)
    return _records(rows, path, expand, max_cards)


_TEXT_SUFFIXES = (".yaml", ".yml", ".csv", ".tsv")


def _records(rows: list[_Row], path: Path, expand: bool, max_cards: int | None) -> list[Record]:
    """The rows as records, each repeated qty times with expand."""
    if not rows:
        raise DataError("no card records in the file", file=path)
    rows.reverse()          # popped from the end (in file order), so rows and records are not both whole at once
    records: list[Record] = []
    shared: dict[str, str] = {}
    while rows:
        fields, line, lines = rows.pop()
        records.append(_make_record(fields, path, line, lines, shared))
    if not expand:
        return records
    check_cards(sum(r.fields.get(QTY_KEY, 1) for r in records), max_cards, file=path)
    expanded = expand_qty(records)
    if not expanded:
        raise DataError("every card has qty 0: nothing to print", file=path)
    return expanded


def expand_qty(records: list[Record]) -> list[Record]:
    """Each record repeated as many times as its qty (already checked); qty itself is dropped from the
    records' own fields (they are new: nothing else holds them), the first copy being the record itself."""
    out: list[Record] = []
    for record in records:
        qty = record.fields.pop(QTY_KEY, 1)
        out += [record if copy == 1 else Record(record.fields, record.file, record.line, copy, record.field_lines)
                for copy in range(1, qty + 1)]
    return out


def field_names(records: list[Record]) -> list[str]:
    """Every field name any record has, in first-seen order."""
    names: dict[str, None] = {}
    for record in records:
        names.update(dict.fromkeys(record.fields))
    return list(names)


def _make_record(fields: dict[str, Any], path: Path, line: int | None, lines: dict[str, int],
                 shared: dict[str, str] | None = None) -> Record:
    """A record of the row's cleaned fields; `shared` (a file's short texts seen so far) gives every record
    one copy of a text many repeat (colours, kinds, picture names), not one each."""
    clean = {str(k).strip(): _clean_value(v) for k, v in fields.items()}
    if shared is not None:
        for key, value in clean.items():
            if isinstance(value, str) and len(value) <= SHARED_LENGTH:
                if len(shared) < SHARED_TEXTS:
                    clean[key] = shared.setdefault(value, value)
                else:
                    clean[key] = shared.get(value, value)
    if QTY_KEY in clean:
        clean[QTY_KEY] = _parse_qty(clean[QTY_KEY], path, lines.get(QTY_KEY, line))
    return Record(clean, path, line, 1, {str(k).strip(): v for k, v in lines.items()} if lines else _NO_LINES)


_NO_LINES: dict[str, int] = {}      # the field lines of every record that has none (CSV, spreadsheets): read only
SHARED_LENGTH = 40                  # texts this short are shared between the records of a file...
SHARED_TEXTS = 4096                 # ...the first this many distinct ones


def _clean_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, str):
        return value.strip()
    return value


def _parse_qty(value: Any, path: Path, line: int | None) -> int:
    if isinstance(value, bool):
        raise DataError(f"qty must be a whole number >= 0, not {value!r}", file=path, line=line, key=QTY_KEY)
    if value == "":
        return 1
    try:
        qty = int(str(value).strip())
    except ValueError:
        qty = -1
    if qty < 0 or (isinstance(value, float) and value != int(value)):
        raise DataError(f"qty must be a whole number >= 0, not {value!r}", file=path, line=line, key=QTY_KEY)
    return qty


# --- CSV -------------------------------------------------------------------------------------

def csv_separator(text: str) -> str:
    """The separator of a CSV file: the one of , ; tab found most often (outside quotes) in its header line."""
    line, quoted = [], False
    for ch in text:
        if ch == '"':
            quoted = not quoted
        elif ch in "\r\n" and not quoted:
            break
        elif not quoted:
            line.append(ch)
    counts = {sep: line.count(sep) for sep in CSV_SEPARATORS}
    best = max(CSV_SEPARATORS, key=lambda sep: counts[sep])
    return best if counts[best] else ","


def _csv_rows(text: str, path: Path) -> list[_Row]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=csv_separator(text))
    try:
        header = next(reader, None)
        if header is None:
            return []
        names = [name.strip() for name in header]
        _check_header(names, path)
        return [row for row in _csv_body(reader, names, path) if row is not None]
    except csv.Error as err:
        raise DataError(f"bad CSV: {err}", file=path, line=reader.line_num) from None


def _check_header(names: list[str], path: Path) -> None:
    for index, name in enumerate(names, 1):
        if not name:
            raise DataError(f"column {index} of the header row has no name", file=path, line=1)
        if names.count(name) > 1:
            raise DataError(f"column name {name!r} appears twice in the header row", file=path, line=1)


def _csv_body(reader: CsvReader, names: list[str], path: Path) -> Iterator[_Row]:
    start = reader.line_num + 1
    for row in reader:
        line, start = start, reader.line_num + 1
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(names):
            raise DataError(f"{len(row)} cells but the header has {len(names)} columns", file=path, line=line)
        yield dict(zip(names, row, strict=True)), line, {}


# --- YAML ------------------------------------------------------------------------------------

def _yaml_rows(text: str, path: Path) -> list[_Row]:
    node = yaml_node(text, path)
    if node is None:
        return []
    data = plain(node, path)
    node, data = _cards_part(node, data, path)
    rows: list[_Row] = []
    for item_node, item in zip(node.value, data, strict=False):
        line = item_node.start_mark.line + 1
        if not isinstance(item, dict):
            raise DataError("each card must be a mapping of field: value", file=path, line=line)
        rows.append((item, line, key_lines(item_node)))
    return rows


def _cards_part(node: Any, data: Any, path: Path) -> tuple[Any, list[Any]]:
    if isinstance(data, dict):
        if "cards" not in data:
            raise DataError("a mapping at the top must have a `cards:` list", file=path, line=1)
        for key_node, value_node in node.value:
            if key_node.value == "cards":
                node, data = value_node, data["cards"]
    if not isinstance(data, list):
        line = node.start_mark.line + 1
        raise DataError("expected a list of cards (or a mapping with `cards:`)", file=path, line=line)
    return node, data
