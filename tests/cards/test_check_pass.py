"""The pass before drawing (issue 37): every record's values, pictures and text fits are checked
before any card is drawn; the run refuses with every bad record (up to a limit) and writes nothing."""

from __future__ import annotations

import pytest

from generator.cards import load_records, load_template
from generator.cards.build import MAX_ERRORS, check_records, check_template
from generator.core.errors import DataError, DataErrors

TEMPLATE = """card: poker
bleed: 3
background: "{colour}"
front:
  - {id: title, kind: text, x: 5, y: 5, w: 40, h: 8, text: "{name}", size: 10, min_size: 8, wrap: false}
  - {id: pips, kind: pips, count: "{cost}", x: 5, y: 20, dx: 3}
  - {id: pic, kind: image, when: "{picture}", x: 5, y: 30, w: 20, h: 20, src: "{picture}"}
"""


def rows(count: int, bad: dict[int, str]) -> str:
    """A YAML deck of `count` good records; bad[i] replaces record i's line (0-based)."""
    lines = [bad.get(i, f'- {{name: "Card {i}", cost: 2, colour: "#336699", picture: ""}}') for i in range(count)]
    return "\n".join(lines) + "\n"


def test_every_bad_record_is_listed_with_its_line(write):
    data = write("d.yaml", rows(40, {
        3: '- {name: "Card 3", cost: 2, colour: "#zz0000", picture: ""}',
        17: '- {name: "Card 17", cost: many, colour: "#336699", picture: ""}',
        25: f'- {{name: "{"W" * 90}", cost: 1, colour: "#336699", picture: ""}}',
        39: '- {name: "Card 39", cost: 1, colour: "#336699", picture: missing.png}',
    }))
    records = load_records(data)
    design = check_template(load_template(write("t.yaml", TEMPLATE)), records)
    with pytest.raises(DataErrors) as info:
        check_records(records, design)
    assert [err.line for err in info.value.errors] == [4, 18, 26, 40]
    lines = info.value.lines()
    assert len(lines) == 4 and "#zz0000" in lines[0] and "'many'" in lines[1]
    assert "does not fit" in lines[2] and "missing.png" in lines[3] and "not found" in lines[3]


def test_one_bad_record_is_its_own_error(write):
    data = write("d.yaml", rows(5, {4: '- {name: "Card 4", cost: 2, colour: "#zz0000", picture: ""}'}))
    records = load_records(data)
    design = check_template(load_template(write("t.yaml", TEMPLATE)), records)
    with pytest.raises(DataError) as info:
        check_records(records, design)
    assert not isinstance(info.value, DataErrors) and info.value.line == 5


def test_the_pass_stops_at_its_limit(write):
    bad = '- {name: "x", cost: 2, colour: "nope", picture: ""}'
    data = write("d.yaml", rows(MAX_ERRORS + 5, dict.fromkeys(range(MAX_ERRORS + 5), bad)))
    records = load_records(data)
    design = check_template(load_template(write("t.yaml", TEMPLATE)), records)
    with pytest.raises(DataErrors) as info:
        check_records(records, design)
    assert len(info.value.errors) == MAX_ERRORS and info.value.more
    assert info.value.lines()[-1].startswith(f"(stopped after {MAX_ERRORS} errors")


def test_a_good_deck_passes(write):
    data = write("d.yaml", rows(12, {}))
    records = load_records(data)
    check_records(records, check_template(load_template(write("t.yaml", TEMPLATE)), records))


def test_the_command_lists_every_bad_record_and_writes_nothing(write, pnpgen, tmp_path):
    data = write("d.yaml", rows(30, {
        0: '- {name: "Card 0", cost: 2, colour: "#zz0000", picture: ""}',
        29: '- {name: "Card 29", cost: -1, colour: "#336699", picture: ""}',
    }))
    out = tmp_path / "deck.pdf"
    code, _, err = pnpgen("cards", data, write("t.yaml", TEMPLATE), "-o", out, "-q")
    assert code == 2 and not out.exists()
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith("pnpgen: error: ") for line in lines)
    assert f"{data}:1:" in lines[0] and f"{data}:30:" in lines[1]
    code, _, err = pnpgen("cards", data, write("t.yaml", TEMPLATE), "--check")
    assert code == 2 and len(err.strip().splitlines()) == 2
