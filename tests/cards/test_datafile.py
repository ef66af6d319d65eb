"""The one data-file reader and its schema: every refusal names file:line:key."""

from __future__ import annotations

import json

import pytest

from generator.cards.datafile import MAX_DEPTH, MAX_NODES, load_json, load_yaml, parse_json
from generator.cards.schema import Flag, Map, Number, Seq, Table, Text, Words
from generator.core.errors import DataError, ParseError

PERSON = Map(required={"name": Text(blank=False), "age": Number(0, 150, whole=True)},
             optional={"tags": Seq(Text()), "score": Number(0, 1), "alive": Flag()})
SCHEMA = Map(required={"people": Seq(PERSON, 1)}, optional={"words": Table(Words())})


def _yaml(tmp_path, text, schema=SCHEMA, **kw):
    path = tmp_path / "data.yaml"
    path.write_text(text, encoding="utf-8")
    return path, load_yaml(path, schema, **kw)


def _fails(tmp_path, text, schema=SCHEMA) -> DataError:
    with pytest.raises(DataError) as info:
        _yaml(tmp_path, text, schema)
    assert str(info.value).startswith(str(tmp_path / "data.yaml") + ":")
    return info.value


GOOD = "people:\n  - name: Ann\n    age: 31\n    tags: [a, b]\n  - name: Ben\n    age: 4\n    score: 0.5\n"


def test_good_file_reads_with_a_line_for_every_key(tmp_path):
    lines: dict[str, int] = {}
    _, data = _yaml(tmp_path, GOOD, lines=lines)
    assert data == {"people": [{"name": "Ann", "age": 31, "tags": ["a", "b"]},
                               {"name": "Ben", "age": 4, "score": 0.5}]}
    assert lines["people[0]"] == 2 and lines["people[0].tags"] == 4 and lines["people[1].score"] == 7


def test_duplicate_key_names_both_lines(tmp_path):
    err = _fails(tmp_path, "people:\n  - name: Ann\n    age: 3\n    name: Bob\n")
    assert (err.line, err.key) == (4, "name") and "first on line 2" in err.message


def test_duplicate_key_is_refused_without_a_schema_too(tmp_path):
    err = _fails(tmp_path, "a: 1\nb: 2\na: 3\n", schema=None)
    assert (err.line, err.key) == (3, "a")


def test_unknown_key_names_its_path_and_the_known_ones(tmp_path):
    err = _fails(tmp_path, GOOD + "    colour: red\n")
    assert (err.line, err.key) == (8, "people[1].colour")
    assert "unknown key (known: age, alive, name, score, tags)" in err.message


def test_missing_key_names_the_mapping(tmp_path):
    err = _fails(tmp_path, "people:\n  - name: Ann\n")
    assert (err.line, err.key) == (2, "people[0]") and "missing 'age'" in err.message


@pytest.mark.parametrize("value, words", [
    ("'31'", "must be a whole number, not '31'"), ("3.5", "must be a whole number"),
    ("[1]", "must be a single value"), ("true", "must be a whole number, not True"),
    ("151", "must be between 0 and 150, not 151"), ("-1", "between 0 and 150"),
])
def test_wrong_type_or_range_names_file_line_key(tmp_path, value, words):
    err = _fails(tmp_path, f"people:\n  - name: Ann\n    age: {value}\n")
    assert (err.line, err.key) == (3, "people[0].age") and words in err.message


@pytest.mark.parametrize("value", [".nan", ".NaN", ".inf", "-.inf", ".Inf"])
def test_nan_and_infinity_are_refused(tmp_path, value):
    err = _fails(tmp_path, f"people:\n  - name: Ann\n    age: 1\n    score: {value}\n")
    assert (err.line, err.key) == (4, "people[0].score") and "finite number" in err.message
    err = _fails(tmp_path, f"x:\n  y: [1, {value}]\n", schema=None)
    assert (err.line, err.key) == (2, "x.y[1]")


def test_alias_bomb_is_refused_before_it_expands(tmp_path):
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    err = _fails(tmp_path, "\n".join(rows) + "\n", schema=None)
    assert f"more than {MAX_NODES}" in err.message and (err.line, err.key) == (5, "a4")


def test_a_few_aliases_are_fine(tmp_path):
    _, data = _yaml(tmp_path, "base: &b {x: 1}\ncopy: *b\nmerged:\n  <<: *b\n  y: 2\n", schema=None)
    assert data == {"base": {"x": 1}, "copy": {"x": 1}, "merged": {"x": 1, "y": 2}}


def test_an_alias_inside_itself_is_refused(tmp_path):
    err = _fails(tmp_path, "a: &a [1, *a]\n", schema=None)
    assert (err.line, err.key) == (1, "a[1]") and "refers to" in err.message


@pytest.mark.parametrize("depth, ok", [(MAX_DEPTH - 1, True), (MAX_DEPTH + 1, False), (5000, False)])
def test_nesting_depth_is_limited(tmp_path, depth, ok):
    text = "x: " + "[" * depth + "]" * depth + "\n"
    if ok:
        assert _yaml(tmp_path, text, schema=None)[1]["x"] is not None
        return
    err = _fails(tmp_path, text, schema=None)
    assert f"deeper than {MAX_DEPTH}" in err.message and err.line == 1
    assert err.key == "x" + "[0]" * (MAX_DEPTH - 1)


def test_block_nesting_names_the_line(tmp_path):
    text = "".join(f"{'  ' * i}k{i}:\n" for i in range(MAX_DEPTH + 5))
    err = _fails(tmp_path, text, schema=None)
    assert err.line == MAX_DEPTH + 1 and err.key == ".".join(f"k{i}" for i in range(MAX_DEPTH))


def test_syntax_error_and_bad_bytes_name_the_line(tmp_path):
    assert _fails(tmp_path, "people: [\n", schema=None).message.startswith("bad YAML")
    path = tmp_path / "data.yaml"
    path.write_bytes(b"a: 1\nb: \xff\n")
    with pytest.raises(DataError) as info:
        load_yaml(path)
    assert info.value.line == 2 and "UTF-8" in info.value.message


def test_table_key_rule_and_fixed_keys(tmp_path):
    schema = Map(required={"t": Table(Words(), fixed={"must": Words()}, keys=str.isupper, keys_are="capitals")})
    assert _yaml(tmp_path, "t: {must: 1, AB: x}\n", schema)[1] == {"t": {"must": 1, "AB": "x"}}
    err = _fails(tmp_path, "t:\n  must: 1\n  ab: x\n", schema)
    assert (err.line, err.key) == (3, "t.ab") and "capitals" in err.message
    err = _fails(tmp_path, "t:\n  AB: x\n", schema)
    assert (err.line, err.key) == (2, "t") and "missing 'must'" in err.message


def test_the_error_class_is_the_callers(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text("a: 1\na: 2\n", encoding="utf-8")
    with pytest.raises(ParseError):
        load_yaml(path, error=ParseError)


# --- JSON --------------------------------------------------------------------------------------

def test_json_reads_like_json_loads(tmp_path):
    data = {"a": [1, 2.5, None, True, "é"], "b": {"c": {}}}
    path = tmp_path / "d.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_json(path) == data


@pytest.mark.parametrize("text, words, line, key", [
    ('{"a": 1,\n "a": 2}', "given twice", None, "a"),
    ('{"a": NaN}', "NaN is not a number", None, None),
    ('{"a": -Infinity}', "Infinity is not a number", None, None),
    ('{"a": [1,\n 2,]}', "not valid JSON", 2, None),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), f"deeper than {MAX_DEPTH}", 1, None),
    ('\n\n{"s": "[[[["}' + "[" * 200, f"deeper than {MAX_DEPTH}", 3, None),
])
def test_json_refusals(text, words, line, key):
    with pytest.raises(DataError) as info:
        parse_json(text, "f.json")
    err = info.value
    assert words in err.message and err.file == "f.json" and err.line == line and err.key == key


def test_json_brackets_inside_strings_do_not_count():
    text = json.dumps({"s": "[" * 500 + '\\"{' * 300})
    assert parse_json(text, "f.json")["s"].startswith("[[[")


def test_nesting_through_aliases_is_limited(tmp_path):
    rows = ["a0: &a0 [1]"] + [f"a{i}: &a{i} [*a{i - 1}]" for i in range(1, MAX_DEPTH + 5)]
    err = _fails(tmp_path, "\n".join(rows) + "\n", schema=None)
    assert f"deeper than {MAX_DEPTH} levels (through aliases)" in err.message
    assert err.key is not None and err.key.startswith("a") and err.key.endswith("[0]") and err.line is not None


def test_one_way_to_read_data_and_colours_and_numbers():
    """No module but the reader parses YAML or JSON, none but core.colours parses hex, none formats with :g."""
    import re
    from pathlib import Path

    import generator

    root = Path(generator.__file__).parent
    rules = {
        r"\byaml\.|json\.loads?\(": {"cards/datafile.py", "cards/schema.py", "core/jsondata.py"},
        r"int\([^)]*,\s*16\)": {"core/colours.py"},
        r"\{[^{}]*:g\}": set(),
    }
    for pattern, allowed in rules.items():
        found = {str(p.relative_to(root)) for p in root.rglob("*.py")
                 if re.search(pattern, p.read_text(encoding="utf-8"))}
        assert found <= allowed, (pattern, sorted(found - allowed))
