"""Value lookups in templates (`lookups:`): a field per card read from a table keyed by another field."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards.build import build_cards, card_label
from generator.cards.records import Record, load_records
from generator.cards.templates import load_template
from generator.core.errors import DataError, TemplateError
from generator.scene.model import Rect

LOOKUP = """\
card: poker
lookups:
  colour: {from: faction, values: {Fire: "#c0392b", Water: "#2e86c1", 3: "#111111"}, default: "#7f8c8d"}
label: "{name} ({colour})"
background: "{colour}"
front:
  - {id: band, kind: rect, x: 0, y: 0, w: 10, h: 10, fill: "{colour}", when: "{colour} != #7f8c8d"}
"""


def _cards(tmp_path: Path, template: str, data: str):
    (tmp_path / "t.yaml").write_text(template, "utf-8")
    (tmp_path / "d.yaml").write_text(data, "utf-8")
    return build_cards(load_records(tmp_path / "d.yaml"), load_template(tmp_path / "t.yaml"))


def _fills(card) -> list[str | None]:
    return [i.fill for i in card.front if isinstance(i, Rect)]


def test_a_lookup_fills_any_key_when_and_label(tmp_path: Path) -> None:
    cards = _cards(tmp_path, LOOKUP, "- {name: A, faction: Fire}\n- {name: B, faction: ' Water'}\n"
                                     "- {name: C, faction: Earth}\n- {name: D, faction: 3.0}\n")
    assert [_fills(c) for c in cards] == [["#c0392b", "#c0392b"], ["#2e86c1", "#2e86c1"], ["#7f8c8d"],
                                          ["#111111", "#111111"]]
    assert [c.label for c in cards] == ["A (#c0392b)", "B (#2e86c1)", "C (#7f8c8d)", "D (#111111)"]


def test_a_value_not_listed_without_default_names_the_card(tmp_path: Path) -> None:
    with pytest.raises(DataError) as info:
        _cards(tmp_path, LOOKUP.replace(', default: "#7f8c8d"', ""), "- {name: A, faction: Fire}\n- {name: C, faction: Earth}\n")
    assert info.value.line == 2 and "'Earth' is not in the lookup 'colour'" in str(info.value)
    assert "Fire, Water, 3" in str(info.value)


@pytest.mark.parametrize(("lookups", "message"), [
    ("{colour: {from: faction}}", "a lookup is {from: field"),
    ("{colour: {from: faction, values: {}}}", "a lookup is {from: field"),
    ("{colour: {from: faction, values: {a: 1}, extra: 2}}", "a lookup is {from: field"),
    ("{colour: {from: side, values: {a: 1}}}", "reads field 'side', which the data has not"),
    ("{name: {from: faction, values: {a: 1}}}", "has the name of a data column"),
    ("[colour]", "must map new field names"),
])
def test_bad_lookups_are_template_errors(tmp_path: Path, lookups: str, message: str) -> None:
    with pytest.raises(TemplateError, match=None) as info:
        _cards(tmp_path, f"card: poker\nlookups: {lookups}\nfront:\n  - {{kind: rect, x: 0, y: 0, w: 1, h: 1}}\n",
               "- {name: A, faction: Fire}\n")
    assert message in str(info.value) and "lookups" in str(info.value)


def test_lookups_are_inherited_and_a_child_replaces_one(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(
        "card: poker\nlookups: {colour: {from: faction, values: {Fire: red}}, icon: {from: faction, values: {Fire: x}}}\n"
        "front:\n  - {kind: rect, x: 0, y: 0, w: 1, h: 1, fill: '{colour}'}\n", "utf-8")
    (card,) = _cards(tmp_path, "extends: base\nlookups: {colour: {from: faction, values: {Fire: blue}}}\n",
                     "- {name: A, faction: Fire}\n")
    assert _fills(card)[-1] == "#1565c0"                      # the named colour blue
    assert list(load_template(tmp_path / "t.yaml").lookups) == ["colour", "icon"]


@settings(max_examples=50, deadline=None)
@given(table=st.dictionaries(st.text("abcxyz", min_size=1, max_size=4), st.text("PQR", min_size=1, max_size=3),
                             min_size=1, max_size=6),
       value=st.text("abcxyz", min_size=1, max_size=4))
def test_lookup_gives_the_listed_value_or_the_default(table: dict[str, str], value: str) -> None:
    from generator.cards.templates import Template, _lookups

    template = Template("t", Path("t.yaml"),
                        lookups=_lookups({"out": {"from": "k", "values": table, "default": "none"}}, Path("t.yaml")))
    record = Record({"k": value}, Path("d.yaml"), 1)
    from generator.cards.lookups import apply_lookups

    assert apply_lookups(template, record).fields["out"] == table.get(value, "none")
    assert record.fields == {"k": value}                     # the record itself is not changed
    assert card_label(Template("t", Path("t.yaml"), label="{out}", lookups=template.lookups), record, 1) == \
        table.get(value, "none")
