"""Spreadsheets (.xlsx, .ods) read the same records as the CSV; CSV separators, quotes, BOM, CRLF; short rows."""

from __future__ import annotations

import datetime as dt

import pytest
from workbooks import Formula, write_ods, write_xlsx

from generator.cards.records import csv_separator, load_records
from generator.cards.spreadsheet import cell_name, column_letters
from generator.core.errors import DataError

HEADER = ["name", "cost", "qty", "when", "double", "text"]
ROWS = [
    ["Tomate", 2, 2, dt.date(2024, 5, 1), Formula("B2*2", 4), "Rouge, mûre"],
    ["Basilic", 1.5, 1, dt.date(2024, 6, 30), Formula("B3*2", 3), 'dit "frais"'],
    [None, None, None, None, None, None],                      # an empty row is skipped
    ["Pão", 3, 0, dt.date(2025, 1, 2), Formula("B5*2", 6), "à, è"],
]
CSV = ('name,cost,qty,when,double,text\r\n'
       'Tomate,2,2,2024-05-01,4,"Rouge, mûre"\r\n'
       'Basilic,1.5,1,2024-06-30,3,"dit ""frais"""\r\n'
       '\r\n'
       'Pão,3,0,2025-01-02,6,"à, è"\r\n')


def _fields(records):
    return [{k: str(v) for k, v in r.fields.items()} for r in records]


@pytest.fixture
def book_files(tmp_path):
    sheets = {"Cards": [HEADER, *ROWS], "Other": [["name"], ["Only"]]}
    csv = tmp_path / "deck.csv"
    csv.write_text(CSV, encoding="utf-8")
    return (write_xlsx(tmp_path / "deck.xlsx", sheets), write_ods(tmp_path / "deck.ods", sheets), csv)


def test_xlsx_and_ods_read_the_same_records_as_the_csv(book_files):
    xlsx, ods, csv = book_files
    expected = _fields(load_records(csv, expand=False))
    assert expected[0]["text"] == "Rouge, mûre" and len(expected) == 3
    for book in (xlsx, ods):
        records = load_records(book, expand=False)
        assert _fields(records) == expected, book.suffix
        assert [r.line for r in records] == [2, 3, 5]          # spreadsheet row numbers
        assert records[0].file.name == f"{book.name}[Cards]"
        first = records[0].fields
        assert first["qty"] == 2 and isinstance(first["qty"], int)            # 2.0 is 2
        assert first["cost"] == 2 and records[1].fields["cost"] == 1.5
        assert first["when"] == "2024-05-01" and first["double"] == 4       # date as text, cached formula
    assert len(load_records(xlsx)) == 3                                      # qty expanded: 2 + 1 + 0
    xlsm = write_xlsx(xlsx.with_suffix(".xlsm"), {"Cards": [HEADER, *ROWS]})  # macro-enabled: same reader
    assert _fields(load_records(xlsm, expand=False)) == expected


def test_sheet_by_name_and_an_unknown_sheet(book_files):
    xlsx, ods, _ = book_files
    for book in (xlsx, ods):
        assert [r.fields["name"] for r in load_records(book, sheet="Other")] == ["Only"]
        with pytest.raises(DataError, match=r"no sheet named 'Nope' \(sheets: Cards, Other\)"):
            load_records(book, sheet="Nope")


def test_a_bad_qty_cell_is_named_by_sheet_and_cell(tmp_path):
    book = write_xlsx(tmp_path / "bad.xlsx", {"Deck": [["name", "qty"], ["A", 1], ["B", "lots"]]})
    with pytest.raises(DataError) as info:
        load_records(book)
    assert "Deck!B3" in str(info.value) and info.value.line == 3 and "bad.xlsx[Deck]" in str(info.value)


def test_a_value_beyond_the_header_is_named_by_its_cell(tmp_path):
    book = write_ods(tmp_path / "wide.ods", {"S 1": [["name"], ["A", None, "stray"]]})
    with pytest.raises(DataError, match=r"'S 1'!C2: a value in a column with no header name"):
        load_records(book)


def test_a_broken_workbook_is_one_error(tmp_path):
    bad = tmp_path / "broken.xlsx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(DataError, match="not a readable spreadsheet"):
        load_records(bad)


def test_column_letters():
    assert [column_letters(i) for i in (0, 25, 26, 27, 701, 702)] == ["A", "Z", "AA", "AB", "ZZ", "AAA"]
    assert cell_name("Sheet1", 4, 2) == "Sheet1!C5"


@pytest.mark.parametrize("sep", [";", "\t", ","])
def test_csv_separators_quotes_bom_and_crlf(tmp_path, sep):
    text = CSV.replace(",", sep) if sep != "," else CSV
    # quoted cells keep their commas; swap them back inside quotes
    text = text.replace(f"Rouge{sep} mûre", "Rouge, mûre").replace(f"à{sep} è", "à, è")
    path = tmp_path / "deck.csv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    records = load_records(path, expand=False)
    assert list(records[0].fields) == HEADER
    assert records[0].fields["text"] == "Rouge, mûre" and records[1].fields["text"] == 'dit "frais"'
    assert [r.line for r in records] == [2, 3, 5]


def test_separator_is_read_from_the_header_line_only():
    assert csv_separator('name;cost;"a, b"\nx,y,z;w') == ";"
    assert csv_separator("name\tcost\n") == "\t"
    assert csv_separator("name\n") == ","


def test_a_short_row_is_an_error_naming_its_line(tmp_path):
    path = tmp_path / "short.csv"
    path.write_text("name;cost;qty\nA;1;2\nB;1\n", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_records(path)
    assert info.value.line == 3 and "2 cells but the header has 3 columns" in info.value.message


def test_pnpgen_cards_reads_a_workbook_sheet(book_files, tmp_path, pnpgen):
    from pypdf import PdfReader

    xlsx, _, _ = book_files
    template = tmp_path / "t.yaml"
    template.write_text("card: poker\nfront:\n  - {kind: text, x: 5, y: 5, w: 50, h: 10, text: '{name}'}\n",
                        encoding="utf-8")
    out = tmp_path / "out.pdf"
    code, _, err = pnpgen("cards", xlsx, template, "--sheet", "Other", "-o", out, "-q")
    assert code == 0, err
    assert "Only" in PdfReader(out).pages[0].extract_text()
    code, _, err = pnpgen("cards", xlsx, template, "--sheet", "Nope", "-o", out, "-q", "--force")
    assert code == 2 and err.strip().endswith("sheet: no sheet named 'Nope' (sheets: Cards, Other)")
    assert err.count("\n") == 1


def test_check_reads_the_named_sheet(book_files, tmp_path, pnpgen):
    xlsx, _, _ = book_files
    template = tmp_path / "t.yaml"
    template.write_text("card: poker\nfront:\n  - {kind: text, x: 1, y: 1, w: 50, h: 10, text: '{name}'}\n",
                        encoding="utf-8")
    code, out, err = pnpgen("cards", xlsx, template, "--sheet", "Other", "--check")
    assert code == 0, err
    assert "text is outside the safe area" in out and "deck.xlsx[Other]" in out
