"""Card records: YAML and CSV, line numbers, qty, encodings, built-in names and bad input."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator import paths
from generator.cards.records import field_names, load_records, resolve_data
from generator.core.errors import DataError


def test_yaml_list_keeps_lines_and_fields(write):
    path = write("d.yaml", """
        # a comment
        - name: Crème brûlée
          cost: 2

        - name: Pão
          cost: 1
          text: "à, è, ç, ã, õ, œ"
        """)
    records = load_records(path)
    assert [r.fields["name"] for r in records] == ["Crème brûlée", "Pão"]
    assert [r.line for r in records] == [2, 5]
    assert records[1].line_of("text") == 7
    assert records[1].fields["text"] == "à, è, ç, ã, õ, œ"
    assert all(r.file == path for r in records)


def test_yaml_mapping_with_cards_and_qty(write):
    path = write("d.yaml", """
        deck: test
        cards:
          - {name: A, qty: 3}
          - {name: B}
          - {name: C, qty: 0}
        """)
    records = load_records(path)
    assert [r.fields["name"] for r in records] == ["A", "A", "A", "B"]
    assert [r.copy for r in records] == [1, 2, 3, 1]
    assert all("qty" not in r.fields for r in records)
    assert [r.line for r in records] == [3, 3, 3, 4]
    unexpanded = load_records(path, expand=False)
    assert [r.fields.get("qty", 1) for r in unexpanded] == [3, 1, 0]


@pytest.mark.parametrize("bad", ["-1", "two", "1.5", "true"])
def test_bad_qty_names_the_line(write, bad):
    path = write("d.yaml", f"""
        - name: A
        - name: B
          qty: {bad}
        """)
    with pytest.raises(DataError) as info:
        load_records(path)
    err = info.value
    assert (err.file, err.line, err.key) == (path, 3, "qty")
    assert "qty" in str(err) and str(path) in str(err)


def test_unreadable_yaml_gives_file_and_line(write):
    path = write("d.yaml", """
        - name: A
          text: fine
        - name: B
          text: broken: here
        """)
    with pytest.raises(DataError) as info:
        load_records(path)
    assert info.value.line == 4
    assert str(info.value).startswith(f"{path}:4:")
    assert "YAML" in str(info.value)


@pytest.mark.parametrize("text, line", [
    ("- name: A\n- just text\n", 2),
    ("cards: 5\n", 1),
    ("name: A\n", 1),
])
def test_wrong_shapes_are_errors_with_lines(write, text, line):
    path = write("d.yaml", text)
    with pytest.raises(DataError) as info:
        load_records(path)
    assert info.value.line == line


def test_empty_file_is_an_error(write):
    with pytest.raises(DataError, match="no card records"):
        load_records(write("d.yaml", "# nothing\n"))


def test_all_qty_zero_is_an_error(write):
    with pytest.raises(DataError, match="qty 0"):
        load_records(write("d.yaml", "- {name: A, qty: 0}\n"))


def test_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "d.csv"
    path.write_bytes("name\nok\nCr\xe8me\n".encode("latin-1"))
    with pytest.raises(DataError) as info:
        load_records(path)
    assert info.value.line == 3 and "UTF-8" in info.value.message


def test_csv_header_bom_qty_and_lines(tmp_path):
    path = tmp_path / "d.csv"
    text = 'name,cost,qty,text\nÉclair,1,2,"deux\nlignes"\n\nGelato,3,,simple\n'
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    records = load_records(path)
    assert [r.fields["name"] for r in records] == ["Éclair", "Éclair", "Gelato"]
    assert records[0].fields["text"] == "deux\nlignes"
    assert [r.line for r in records] == [2, 2, 5]
    assert field_names(records) == ["name", "cost", "text"]


def test_csv_row_with_too_many_cells(write):
    path = write("d.csv", "name,cost\nA,1\nB,2,3\n")
    with pytest.raises(DataError) as info:
        load_records(path)
    assert info.value.line == 3


def test_csv_bad_qty(write):
    path = write("d.csv", "name,qty\nA,1\nB,x\n")
    with pytest.raises(DataError) as info:
        load_records(path)
    assert (info.value.line, info.value.key) == (3, "qty")


def test_builtin_name_resolves_and_a_user_file_wins(tmp_path, monkeypatch):
    assert resolve_data("example") == paths.card_data("example", "cards.yaml")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "example").write_text("- name: Mine\n", encoding="utf-8")
    records = load_records("example")
    assert [r.fields["name"] for r in records] == ["Mine"]


def test_missing_file_is_a_data_error():
    with pytest.raises(DataError, match="no such data file"):
        load_records("no/such/file.yaml")


names = st.text(alphabet="abcdefghijklmnopqrstuvwxyzàèéìòùçãõâêôœ ", min_size=1, max_size=12)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(names, st.integers(0, 4)), min_size=1, max_size=12))
def test_qty_expansion_and_lines_round_trip(tmp_path_factory, cards):
    if sum(q for _, q in cards) == 0:
        cards = [*cards, ("x", 1)]
    path = tmp_path_factory.mktemp("h") / "d.yaml"
    data = [{"name": n, "qty": q, "note": f"n{i}"} for i, (n, q) in enumerate(cards)]
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    records = load_records(path)
    expected = [(d["name"].strip(), d["note"]) for d in data for _ in range(d["qty"])]
    assert [(r.fields["name"], r.fields["note"]) for r in records] == expected
    text_lines = path.read_text(encoding="utf-8").splitlines()
    for record in records:
        assert text_lines[record.line - 1].startswith("- ")


# --- records built from parts (field names, values, quantities), so that a failure shrinks ---------

KEYS = st.from_regex(r"[a-z][a-z0-9_]{0,7}", fullmatch=True).filter(lambda k: k not in ("qty", "name"))
TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Cn", "Co", "Zl", "Zp"),
                             whitelist_characters="\n"), max_size=16)
NAME = TEXT.filter(str.strip)
NUMBER = st.integers(-10**9, 10**9) | st.floats(allow_nan=False, allow_infinity=False)
SCALAR = st.one_of(TEXT, NUMBER, st.booleans(), st.none())


@st.composite
def record_rows(draw, value=SCALAR):
    """A list of card dicts: a name each, some of a few shared fields, sometimes a qty."""
    keys = draw(st.lists(KEYS, unique=True, max_size=4))
    row = st.fixed_dictionaries({"name": NAME},
                                optional={**{k: value for k in keys}, "qty": st.integers(0, 3)})
    return draw(st.lists(row, min_size=1, max_size=8))


def _clean(value):
    return "" if value is None else value.strip() if isinstance(value, str) else value


@settings(max_examples=60, deadline=None)
@given(record_rows())
def test_yaml_records_round_trip_with_lines(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("y") / "d.yaml"
    text = yaml.safe_dump(rows, allow_unicode=True, sort_keys=False, default_flow_style=False)
    path.write_text(text, encoding="utf-8")
    records = load_records(path, expand=False)
    assert [r.fields for r in records] == [{k: _clean(v) for k, v in row.items()} for row in rows]
    lines = text.splitlines()
    for record in records:
        assert lines[record.line - 1].startswith("- ")
        for key in record.fields:
            assert lines[record.line_of(key) - 1].lstrip("- ").startswith((key, f"'{key}'", f'"{key}"'))


@settings(max_examples=60, deadline=None)
@given(record_rows(value=TEXT))
def test_csv_records_round_trip_with_lines(tmp_path_factory, rows):
    import csv
    import io

    header = list(dict.fromkeys(k for row in rows for k in row))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    starts = []
    for row in rows:
        starts.append(out.getvalue().count("\n") + 1)
        writer.writerow([row.get(k, "") for k in header])
    path = tmp_path_factory.mktemp("c") / "d.csv"
    path.write_text(out.getvalue(), encoding="utf-8", newline="")
    records = load_records(path, expand=False)
    expected = [{k: _clean(row.get(k, "")) for k in header} for row in rows]
    for fields in expected:
        if "qty" in fields:
            fields["qty"] = int(fields["qty"]) if fields["qty"] != "" else 1
    assert [r.fields for r in records] == expected
    assert [r.line for r in records] == starts


@settings(max_examples=30, deadline=None)
@given(record_rows(), st.sampled_from([".nan", ".inf", "-.inf"]), st.data())
def test_a_non_finite_number_anywhere_is_named(tmp_path_factory, rows, bad, data):
    index = data.draw(st.integers(0, len(rows) - 1))
    rows[index]["bad"] = "BAD"
    text = yaml.safe_dump(rows, allow_unicode=True, sort_keys=False).replace("bad: BAD", f"bad: {bad}")
    path = tmp_path_factory.mktemp("n") / "d.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_records(path, expand=False)
    err = info.value
    assert err.key == f"[{index}].bad" and "finite" in err.message
    assert text.splitlines()[err.line - 1].lstrip("- ").startswith("bad:")
