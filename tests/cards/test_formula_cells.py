"""Formula cells saved without a value (as openpyxl writes them) are named, by sheet and cell, in runs, --check and the preview."""

from __future__ import annotations

import zipfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from workbooks import ODS_NS, Formula, write_ods, write_xlsx

from generator.cards.formulas import MAX_NAMED, formula_findings, formulas_without_values

TEMPLATE = "card: poker\nfront:\n  - {kind: text, x: 5, y: 5, w: 50, h: 10, text: '{name} {total}'}\n"


def _book(tmp_path: Path, cached: float | None, rows: int = 3, sheet: str = "Cards") -> Path:
    body = [["name", "cost", "total"]] + [[f"c{i}", i, Formula(f"B{i + 2}*2", cached)] for i in range(rows)]
    return write_xlsx(tmp_path / "deck.xlsx", {sheet: body, "Notes": [["x"], [Formula("A1", None)]]})


def test_cells_without_a_value_are_named(tmp_path: Path) -> None:
    path = _book(tmp_path, None)
    assert formulas_without_values(path) == ("Cards", ["Cards!C2", "Cards!C3", "Cards!C4"])
    assert formulas_without_values(path, "Notes") == ("Notes", ["Notes!A2"])
    assert formulas_without_values(_book(tmp_path, 4.0)) == ("Cards", [])    # saved by a spreadsheet program


def test_not_a_workbook_is_no_finding(tmp_path: Path) -> None:
    (tmp_path / "x.xlsx").write_bytes(b"PK\x03\x04 half written")
    assert formulas_without_values(tmp_path / "x.xlsx") == ("", [])
    assert formula_findings(tmp_path / "cards.yaml") == []
    assert formula_findings(None) == []


def test_a_run_and_check_warn_naming_the_cell(tmp_path: Path, pnpgen) -> None:
    data = _book(tmp_path, None)
    (tmp_path / "t.yaml").write_text(TEMPLATE, "utf-8")
    code, out, err = pnpgen("cards", data, tmp_path / "t.yaml", "-o", tmp_path / "deck.pdf")
    assert code == 0 and (tmp_path / "deck.pdf").is_file()
    warned = [line for line in err.splitlines() if "with no saved value" in line]
    assert [w.split(": ")[3] for w in warned] == ["Cards!C2:C4"]               # a run down a column: one line
    assert warned[0].startswith("pnpgen: warning: deck.xlsx: Cards!C2:C4: 3 formulas with no saved value")
    code, out, err = pnpgen("cards", data, tmp_path / "t.yaml", "--check")
    assert code == 0 and out.count("with no saved value") == 1 and "Cards!C2:C4" in out
    code, out, err = pnpgen("cards", data, tmp_path / "t.yaml", "--check", "--strict")
    assert code == 1


def test_a_saved_workbook_gives_no_warning(tmp_path: Path, pnpgen) -> None:
    data = _book(tmp_path, 4.0)
    (tmp_path / "t.yaml").write_text(TEMPLATE, "utf-8")
    code, _, err = pnpgen("cards", data, tmp_path / "t.yaml", "-o", tmp_path / "deck.pdf")
    assert code == 0 and "formula" not in err


def test_the_preview_shows_the_warning(tmp_path: Path) -> None:
    import functools

    from generator.cards.cli.preview import deck_findings
    from generator.preview.deck import LiveDeck
    from generator.publish import DeckOptions

    data = _book(tmp_path, None)
    (tmp_path / "t.yaml").write_text(TEMPLATE, "utf-8")
    deck = LiveDeck(data, tmp_path / "t.yaml",
                    deck_findings=functools.partial(deck_findings, opts=DeckOptions(format="pdf")))
    deck.refresh()
    (warning,) = [w for w in deck.warnings if "no saved value" in w]
    assert "deck.xlsx: Cards!C2:C4: 3 formulas with no saved value" in warning


def test_runs_down_a_column_are_one_finding_and_many_are_counted(tmp_path: Path) -> None:
    saved = [i % 2 == 0 for i in range(2 * MAX_NAMED + 14)]      # every other row unsaved: single cells
    rows = [["name", "total"]] + [[f"c{i}", Formula("1+1", 2.0 if s else None)] for i, s in enumerate(saved)]
    path = write_xlsx(tmp_path / "deck.xlsx", {"Cards": rows})
    found = formula_findings(path.with_name("deck.xlsx[Cards]"))
    assert len(found) == MAX_NAMED + 1 and found[0].where == "Cards!B3" and found[-1].message.startswith("and 7 more")
    whole = formula_findings(_book(tmp_path, None, rows=40).with_name("deck.xlsx[Cards]"))
    assert [(f.where, f.message.split(" with")[0]) for f in whole] == [("Cards!C2:C41", "40 formulas")]


@settings(max_examples=25, deadline=None)
@given(saved=st.lists(st.booleans(), min_size=1, max_size=30))
def test_exactly_the_unsaved_formulas_are_named(tmp_path_factory, saved: list[bool]) -> None:
    folder = tmp_path_factory.mktemp("f")
    rows = [["name", "total"]] + [[f"c{i}", Formula(f"1+{i}", float(i) if s else None)] for i, s in enumerate(saved)]
    path = write_xlsx(folder / "b.xlsx", {"Deck sheet": rows})
    _, cells = formulas_without_values(path)
    assert cells == [f"'Deck sheet'!B{i + 2}" for i, s in enumerate(saved) if not s]
    with zipfile.ZipFile(path) as z:
        assert z.read("xl/worksheets/sheet1.xml").count(b"<f>") == len(saved)



def test_ods_cells_without_a_value_are_named(tmp_path: Path, pnpgen) -> None:
    """An .ods written by a script (odfpy) keeps `table:formula` with no office value: named like an .xlsx's."""
    body = [["name", "cost", "total"]] + [[f"c{i}", i, Formula("B2*2", None if i != 1 else 2.0)] for i in range(3)]
    path = write_ods(tmp_path / "deck.ods", {"Notes": [["x"]], "Cards": body})
    assert formulas_without_values(path, "Cards") == ("Cards", ["Cards!C2", "Cards!C4"])
    assert formulas_without_values(path) == ("Notes", [])
    assert formulas_without_values(write_ods(tmp_path / "saved.ods", {"Cards": [["total"], [Formula("1+1", 2.0)]]})) \
        == ("Cards", [])
    (tmp_path / "t.yaml").write_text(TEMPLATE, "utf-8")
    code, out, _ = pnpgen("cards", path.with_name("deck.ods"), tmp_path / "t.yaml", "--sheet", "Cards", "--check")
    assert code == 0 and "deck.ods: Cards!C2: a formula with no saved value" in out and "Cards!C4" in out
    assert "odfpy" in out


def test_ods_repeated_rows_and_columns_place_the_cells(tmp_path: Path) -> None:
    """Repeated columns and rows (and covered cells) count for the cell names, as LibreOffice saves them."""
    cell = '<table:table-cell office:value-type="string"><text:p>v</text:p></table:table-cell>'
    bare = '<table:table-cell table:formula="of:=1+1"/>'
    text_result = '<table:table-cell table:formula="of:=&quot;a&quot;" office:value-type="string"><text:p>a</text:p></table:table-cell>'
    rows = (f'<table:table-row>{cell}{cell}{cell}</table:table-row>'
            '<table:table-row table:number-rows-repeated="3"><table:table-cell table:number-columns-repeated="2"/>'
            f'{bare}</table:table-row>'
            f'<table:table-row><table:covered-table-cell/>{text_result}<table:table-cell/>{bare}</table:table-row>'
            '<table:table-row table:number-rows-repeated="1048570"><table:table-cell table:number-columns-repeated="1024"/>'
            '</table:table-row>')
    content = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS} office:version="1.2">'
               f'<office:body><office:spreadsheet><table:table table:name="S">{rows}</table:table>'
               '</office:spreadsheet></office:body></office:document-content>')
    path = tmp_path / "r.ods"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)
    assert formulas_without_values(path) == ("S", ["S!C2", "S!C3", "S!C4", "S!D5"])
