"""Card records from spreadsheets (.xlsx, .xlsm, .ods) read with python-calamine: the first sheet (or a named
one), the first non-empty row as the header, errors naming the sheet and the cell (Sheet1!C5).

Cells keep their type where a card can use it: a whole number is an int (a qty of 2.0 is 2),
other numbers floats, booleans booleans; dates, times and formulas' cached values come through
as text (a date as 2024-05-01).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from generator.cards.sheetguard import check_spreadsheet, column_letters
from generator.core.errors import DataError

SHEET_SUFFIXES = (".xlsx", ".xlsm", ".ods")
__all__ = ["SHEET_SUFFIXES", "cell_name", "column_letters", "read_sheet", "sheet_rows"]


def cell_name(sheet: str, row: int, column: int) -> str:
    """Sheet1!C5 for 0-based row and column."""
    quoted = f"'{sheet}'" if any(ch in sheet for ch in " !'") else sheet
    return f"{quoted}!{column_letters(column)}{row + 1}"


def sheet_file(path: Path, sheet: str) -> Path:
    """How records of a sheet name their file in errors: deck.xlsx[Sheet1]."""
    return path.with_name(f"{path.name}[{sheet}]")


def _open(path: Path) -> Any:
    from python_calamine import CalamineWorkbook

    try:
        return CalamineWorkbook.from_path(str(path))
    except Exception as err:   # calamine raises its own types and plain ones for broken zips
        raise DataError(f"not a readable spreadsheet ({type(err).__name__}: {err})", file=path) from None


def read_sheet(path: Path, sheet: str | None = None, max_cards: int | None = None) -> tuple[str, list[list[Any]]]:
    """(sheet name, rows of cell values from A1, empty cells as ''); the file's bounds are checked
    first (sheetguard: zip parts, used range, cells, shared strings, rows against max_cards)."""
    check_spreadsheet(path, max_cards)
    book = _open(path)
    try:
        names = list(book.sheet_names)
        if not names:
            raise DataError("the workbook has no sheets", file=path)
        name = names[0] if sheet is None else sheet
        if name not in names:
            raise DataError(f"no sheet named {name!r} (sheets: {', '.join(names)})", file=path, key="sheet")
        try:
            rows = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
        except Exception as err:
            raise DataError(f"cannot read sheet {name!r} ({err})", file=path) from None
    finally:
        book.close()
    return name, [list(row) for row in rows]


def cell_value(value: Any) -> Any:
    """A cell as a card field value: whole numbers int, dates and times as ISO text, text stripped."""
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat(sep=" ")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    if isinstance(value, str):
        return value.strip()
    return value


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def sheet_rows(path: Path, sheet: str | None = None, max_cards: int | None = None
               ) -> tuple[Path, list[tuple[dict[str, Any], int, dict[str, int]]]]:
    """(the file to name in errors, [(fields, row number, {field: row})]) of a spreadsheet's sheet."""
    name, rows = read_sheet(path, sheet, max_cards)
    where = sheet_file(path, name)
    start = next((i for i, row in enumerate(rows) if not all(_blank(v) for v in row)), None)
    if start is None:
        return where, []
    header = rows[start]
    width = max((i + 1 for i, v in enumerate(header) if not _blank(v)), default=0)
    names = [str(cell_value(v)) for v in header[:width]]
    for column, title in enumerate(names):
        if not title:
            raise DataError(f"{cell_name(name, start, column)}: the header cell has no name", file=where,
                            line=start + 1)
        if names.count(title) > 1:
            raise DataError(f"{cell_name(name, start, column)}: column name {title!r} appears twice in the "
                            "header row", file=where, line=start + 1)
    out: list[tuple[dict[str, Any], int, dict[str, int]]] = []
    for index in range(start + 1, len(rows)):
        row = rows[index]
        if all(_blank(v) for v in row):
            continue
        extra = next((c for c in range(width, len(row)) if not _blank(row[c])), None)
        if extra is not None:
            raise DataError(f"{cell_name(name, index, extra)}: a value in a column with no header name",
                            file=where, line=index + 1)
        cells = [cell_value(v) for v in row[:width]] + [""] * max(0, width - len(row))
        fields = dict(zip(names, cells, strict=True))
        _check_qty(fields, names, name, index, where)
        out.append((fields, index + 1, {}))
    return where, out


def _check_qty(fields: dict[str, Any], names: list[str], sheet: str, row: int, where: Path) -> None:
    """A qty cell that is not a whole number >= 0, named by its cell."""
    value = fields.get("qty", "")
    if value == "" or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return
    if isinstance(value, str) and value.strip().isdigit():
        return
    column = names.index("qty")
    raise DataError(f"{cell_name(sheet, row, column)}: qty must be a whole number >= 0, not {value!r}",
                    file=where, line=row + 1, key="qty")
