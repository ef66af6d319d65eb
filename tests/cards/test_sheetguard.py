"""Spreadsheet bounds before calamine reads (issue 25): what passes reads as before, what is over a bound is
refused with the file, the number and the limit."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.robustness import hostile

from generator.cards import sheetguard
from generator.cards.records import load_records
from generator.cards.sheetguard import check_spreadsheet, column_letters, column_number, ref_position
from generator.core.errors import DataError
from generator.core.limits import LimitError


@given(st.integers(0, 16383), st.integers(1, 1048576))
def test_references_round_trip(column: int, row: int) -> None:
    assert column_number(column_letters(column)) == column + 1
    assert ref_position(f"{column_letters(column)}{row}") == (row, column + 1)
    assert ref_position(f"${column_letters(column)}${row}") == (row, column + 1)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.lists(st.integers(0, 999), min_size=3, max_size=3), min_size=1, max_size=12))
def test_a_sheet_within_bounds_reads_as_written(tmp_path_factory, rows: list[list[int]]) -> None:
    path = tmp_path_factory.mktemp("s") / "d.xlsx"
    body = hostile.HEADER + "".join(hostile.row(i + 2, [(f"{c}{i + 2}", v) for c, v in zip("ABC", r, strict=True)])
                                    for i, r in enumerate(rows))
    path.write_bytes(hostile.xlsx(body))
    check_spreadsheet(path)
    records = load_records(path, expand=False)
    assert [[rec.fields[k] for k in ("name", "pips", "x")] for rec in records] == rows


def _write(tmp_path: Path, data: bytes, name: str = "d.xlsx") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_the_used_range_is_bounded_at_its_edge(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheetguard, "MAX_AREA", 30)
    inside = _write(tmp_path, hostile.xlsx(hostile.HEADER + hostile.row(10, [("C10", "x")])))     # 10 x 3 = 30
    check_spreadsheet(inside)
    outside = _write(tmp_path, hostile.xlsx(hostile.HEADER + hostile.row(11, [("C11", "x")])), "o.xlsx")
    with pytest.raises(DataError, match=r"the used range A1:C11 is 33 cells, over the limit of 30"):
        check_spreadsheet(outside)


def test_rows_count_against_the_card_limit_as_read(tmp_path: Path) -> None:
    path = _write(tmp_path, hostile.xlsx_rows(30))
    check_spreadsheet(path, max_cards=30)
    with pytest.raises(LimitError, match=r"more than 29 rows hold cards.*--max-cards"):
        check_spreadsheet(path, max_cards=29)
    with pytest.raises(LimitError):
        load_records(path, max_cards=29)


@pytest.mark.parametrize(("data", "message"), [
    (hostile.xlsx_far_cell(), "17,179,869,184 cells"),
    (hostile.xlsx_declared_range(), "the declared range"),
    (hostile.xlsx_shared_strings(), "declares 4,000,000,000 strings"),
    (hostile.xlsx_bomb(4), "times its packed size"),
    (hostile.xlsx_huge_cell(), "sheet1!A2: a cell holds more than 32,767"),
    (hostile.xlsx("<row><c><v>1</v></c></row><!DOCTYPE x>"), "not well-formed XML"),
    (b"PK\x03\x04 broken", "not a zip file"),
])
def test_hostile_workbooks_are_refused_before_calamine(tmp_path: Path, data: bytes, message: str) -> None:
    path = _write(tmp_path, data)
    with pytest.raises(DataError, match=message) as caught:
        check_spreadsheet(path)
    assert caught.value.file is not None and "d.xlsx" in str(caught.value.file)


def test_shared_strings_counted_for_real(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sheetguard, "MAX_SHARED", 3)
    sst = f'<sst {hostile.NS}>' + "<si><t>a</t></si>" * 4 + "</sst>"
    with pytest.raises(DataError, match="holds more than the limit of 3 strings"):
        check_spreadsheet(_write(tmp_path, hostile.xlsx(hostile.OK_XLSX_ROWS, shared=sst)))


def test_ods_counts_repeats(tmp_path: Path) -> None:
    check_spreadsheet(_write(tmp_path, hostile.ods_ok(), "ok.ods"))
    assert [r.fields["name"] for r in load_records(tmp_path / "ok.ods", expand=False)] == ["Ace"]
    with pytest.raises(LimitError, match="Cards: more than 10,000 rows"):
        check_spreadsheet(_write(tmp_path, hostile.ods_repeated(), "rep.ods"))
