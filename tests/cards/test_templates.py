"""Card templates: loading, extends (merge by id, drop, cycles), when:, {field} substitution."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator import paths
from generator.cards.templates import MissingField, fields_in, load_template, resolve_template, substitute, when_holds
from generator.core.errors import TemplateError

BASE = """
    card: poker
    bleed: 2
    background: "#ffffff"
    defaults:
      text: {font: serif, size: 9}
    front:
      - {id: frame, kind: rect, inset: 2, stroke: "#000000"}
      - {id: title, kind: text, x: 5, y: 5, w: 50, h: 8, text: "{name}"}
      - {id: art, kind: circle, cx: 30, cy: 40, r: 10}
    back:
      - {id: logo, kind: circle, cx: 30, cy: 40, r: 5}
    """


def test_builtin_name_resolves_to_templates_cards():
    assert resolve_template("example") == paths.template("cards", "example.yaml")
    tmpl = load_template("example")
    assert tmpl.card == "poker" and tmpl.back and len(tmpl.front) > 10


def test_extends_child_wins_and_merges_elements_by_id(write):
    write("base.yaml", BASE)
    child = write("child.yaml", """
        extends: base
        bleed: 3
        defaults:
          text: {size: 11}
        front:
          - {id: title, y: 7, font: sans-bold}
          - {id: art, drop: true}
          - {id: badge, kind: star, cx: 50, cy: 10, r: 3}
          - {kind: line, x1: 0, y1: 0, x2: 10, y2: 10}
        """)
    tmpl = load_template(child)
    assert tmpl.bleed == 3.0 and tmpl.card == "poker"
    assert [el.get("id") for el in tmpl.front] == ["frame", "title", "badge", None]
    title = tmpl.front[1]
    assert (title["y"], title["x"], title["font"], title["text"]) == (7, 5, "sans-bold", "{name}")
    assert tmpl.defaults["text"] == {"font": "serif", "size": 11}
    assert [el["id"] for el in tmpl.back] == ["logo"]
    assert [p.name for p in tmpl.files] == ["base.yaml", "child.yaml"]


def test_extends_chain_of_three(write):
    write("a.yaml", BASE)
    write("b.yaml", "extends: a\ncard: bridge\n")
    c = write("c.yaml", "extends: b.yaml\nfront:\n  - {id: frame, radius: 4}\n")
    tmpl = load_template(c)
    assert tmpl.card == "bridge" and tmpl.front[0]["radius"] == 4 and tmpl.front[0]["inset"] == 2


def test_extends_cycle_is_an_error(write):
    write("a.yaml", "extends: b\nfront: [{kind: rect}]\n")
    write("b.yaml", "extends: c\n")
    c = write("c.yaml", "extends: a\n")
    with pytest.raises(TemplateError) as info:
        load_template(c)
    assert info.value.key == "extends" and "circle" in info.value.message
    assert "a.yaml" in info.value.message and "c.yaml" in info.value.message


def test_extends_unknown_template(write):
    path = write("a.yaml", "extends: nowhere\nfront: [{kind: rect}]\n")
    with pytest.raises(TemplateError) as info:
        load_template(path)
    assert info.value.file == path and "nowhere" in info.value.message


@pytest.mark.parametrize("text, key", [
    ("card: poker\nfornt: []\n", "fornt"),
    ("front: []\n", "front"),
    ("front:\n  - {x: 1}\n", "front[0]"),
    ("front:\n  - {id: t, x: 1}\n", "front element 't'"),
    ("bleed: -1\nfront: [{kind: rect}]\n", "bleed"),
    ("defaults: 3\nfront: [{kind: rect}]\n", "defaults"),
])
def test_structure_errors_name_the_key(write, text, key):
    path = write("t.yaml", text)
    with pytest.raises(TemplateError) as info:
        load_template(path)
    assert info.value.file == path and info.value.key == key


def test_unreadable_template_yaml_gives_line(write):
    path = write("t.yaml", "card: poker\nfront:\n  - {kind: rect\n  - {kind: line}\n")
    with pytest.raises(TemplateError) as info:
        load_template(path)
    assert info.value.line is not None and "YAML" in info.value.message


def test_substitute_keeps_types_and_escapes():
    fields = {"name": "Crème", "cost": 3, "ratio": 2.0, "on": False, "tags": ["a", "b"]}
    assert substitute("{cost}", fields) == 3
    assert substitute("{name} costs {cost}", fields) == "Crème costs 3"
    assert substitute("x{ratio}", fields) == "x2"
    assert substitute("{{literal}} {name}", fields) == "{literal} Crème"
    assert substitute("{tags}!", fields) == "a, b!"
    assert substitute("{on}.", fields) == "false."
    assert substitute([[1, "{cost}"], {"k": "{name}"}], fields) == [[1, 3], {"k": "Crème"}]
    with pytest.raises(MissingField):
        substitute("{nope}", fields)
    assert fields_in(["{a}", {"b": "{b} and {c}"}, "{{d}}", 4]) == ["a", "b", "c"]


@pytest.mark.parametrize("expr, expected", [
    ("{name}", True), ("{empty}", False), ("{zero}", False), ("{no}", False), ("{off}", False),
    ("{yes}", True), ("{missing}", False), ("not {missing}", True), ("not {name}", False),
    ("{kind} == tool", True), ("{kind} == recipe", False), ("{kind} != recipe", True),
    ("not {kind} == tool", False), ("{flag}", True), ("{unflag}", False),
])
def test_when(expr, expected):
    fields = {"name": "A", "empty": "", "zero": 0, "no": "no", "off": "OFF", "yes": "yes",
              "kind": "tool", "flag": True, "unflag": False}
    assert when_holds(expr, fields) is expected


@given(st.text(alphabet=st.characters(blacklist_characters="{}"), max_size=30))
def test_substitute_leaves_brace_free_text_alone(text):
    assert substitute(text, {}) == text
    assert fields_in(text) == []
