"""Component types as data: the built-in file, strict validation, and a designer's own type."""

from __future__ import annotations

import textwrap

import pytest

from generator.core.errors import DataError
from generator.games.laser.content import load_catalog
from generator.games.laser.rules.engine import observe
from generator.games.laser.rules.model import EAST, NORTH, SOUTH, STOP, WEST, decode_action
from generator.games.laser.rules.notation import parse_layout

GOOD = """\
components:
  - name: absorber
    hit: "O"
    beginner: true
    orientations:
      - grid: "O"
        actions: {N: stop, E: stop, S: stop, W: stop}
"""


def _write(tmp_path, text):
    path = tmp_path / "components.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_builtin_beginner_set(catalog):
    beginner = catalog.beginner()
    assert beginner.names == ("absorber", "reflector", "jump", "diagonal", "triangle")
    assert [t.rulebook_name for t in beginner] == ["Assorbito", "Respinto", "Salto", "Diagonale", "Triangolo"]
    assert [len(t.orientations) for t in beginner] == [1, 1, 1, 2, 4]
    assert [t.hit for t in beginner] == ["O", "#", "X", "\\", "T"]


def test_triangle_follows_the_spec_example(catalog):
    # SE: legs east and south. West-going and north-going beams reverse; east turns north; south turns west.
    se = catalog.get("triangle").orientations[catalog.get("triangle").orientation_index("SE")]
    assert se.actions[WEST] == EAST and se.actions[NORTH] == SOUTH
    assert se.actions[EAST] == NORTH and se.actions[SOUTH] == WEST


def test_every_triangle_reverses_on_its_legs_and_turns_on_the_hypotenuse(catalog):
    sides = {"N": NORTH, "E": EAST, "S": SOUTH, "W": WEST}
    for orientation in catalog.get("triangle").orientations:
        legs = {sides[orientation.name[0]], sides[orientation.name[1]]}
        for travel in range(4):
            entered_by = travel ^ 2
            out = orientation.actions[travel]
            if entered_by in legs:
                assert out == entered_by
            else:
                assert out not in legs and out != entered_by and out != travel


@pytest.mark.parametrize("text, line, words", [
    (GOOD.replace("N: stop, E", "Q: stop, E"), 7, "unknown key"),
    (GOOD.replace("N: stop, E: stop, ", ""), 7, "missing 'E'"),
    (GOOD.replace("W: stop}", "W: sideways}"), 7, "unknown action 'sideways'"),
    (GOOD.replace("W: stop}", "W: jump x}"), 7, "unknown action"),
    (GOOD.replace('hit: "O"', 'hit: "OO"'), 3, "one character"),
    (GOOD.replace('grid: "O"', 'grid: "."'), 6, "one character"),
    (GOOD.replace("    beginner: true\n", "    beginner: maybe\n"), 4, "true or false"),
    (GOOD.replace("components:", "parts:"), 1, "unknown key"),
    (GOOD + GOOD.replace("components:\n", "").replace('"O"', '"Q"'), 8, "name 'absorber' is used by"),
    (GOOD + GOOD.replace("components:\n", "").replace("absorber", "sink"), 8, "hit symbol 'O'"),
    (GOOD.replace("name: absorber", "name: absorber\n    name: again"), 3, "given twice"),
    ("components: [\n", 2, "bad YAML"),
    ("", None, "empty"),
])
def test_bad_component_data_is_named(tmp_path, text, line, words):
    path = _write(tmp_path, text)
    with pytest.raises(DataError) as err:
        load_catalog(path)
    assert words in str(err.value)
    assert err.value.line == line
    assert str(path) in str(err.value)


def test_missing_orientation_names_for_shared_grid_symbol(tmp_path):
    text = GOOD.replace("      - grid: \"O\"\n        actions: {N: stop, E: stop, S: stop, W: stop}\n",
                        "      - grid: \"O\"\n        actions: {N: stop, E: stop, S: stop, W: stop}\n"
                        "      - grid: \"O\"\n        actions: {N: N, E: E, S: S, W: W}\n")
    with pytest.raises(DataError) as err:
        load_catalog(_write(tmp_path, text))
    assert "needs a name" in err.value.message


def test_action_text_forms():
    assert decode_action("stop") == STOP and decode_action("S") == SOUTH
    assert decode_action("jump 2") == 4 + 2


def test_a_designer_type_works_without_code(tmp_path):
    # a component of one's own edition, defined only in YAML: a prism '+' turning every beam clockwise
    text = GOOD + ("  - name: prism\n"
                   "    rulebook_name: Prisma\n"
                   "    hit: \"+\"\n"
                   "    orientations:\n"
                   "      - grid: \"+\"\n"
                   "        actions: {N: E, E: S, S: W, W: N}\n")
    catalog = load_catalog(_write(tmp_path, text))
    layout = parse_layout("....\n.+..\n....\n", catalog)
    observation = observe(layout)
    # cannon 2 fires south into (2,1), enters the prism at (2,2) and turns west: leaves left of row 2
    assert observation.shot(2).hits == ("+",) and observation.shot(2).outcome == 13
