"""`pnpgen laser ...` end to end: outputs, exit statuses, JSON schema and bad input as one line."""

from __future__ import annotations

import io
import json
import sys

import pytest

from generator.cli import cli
from generator.cli.common import run_cli

UNFAIR = ".....T.\\\n.......X\n........\n.....O.#\n........\n........\n........\nT=SE\n"
TRAPPED = ".....\n.....\nX#.T.\nT=NW\n"


def _run(capsys, *args):
    code = run_cli(cli, ["laser", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture()
def write(tmp_path):
    def make(name, content):
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")
        return path
    return make


def test_observe_prints_the_rulebook_example(capsys, write, example_text, example_layout_text):
    code, out, err = _run(capsys, "observe", write("c.txt", example_layout_text))
    assert code == 0 and err == ""
    expected = [line for line in example_text.splitlines() if line and not line.startswith("#")]
    assert out.splitlines() == expected


def test_observe_json_and_stdin(capsys, monkeypatch, example_layout_text):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(example_layout_text.encode())))
    code, out, _ = _run(capsys, "observe", "-", "--json")
    data = json.loads(out)
    assert code == 0 and data["board"] == {"columns": 8, "rows": 7}
    assert data["shots"][0] == {"cannon": 1, "hits": ["X"], "result": "received", "receiver": 23}
    assert data["shots"][7] == {"cannon": 8, "hits": ["O"], "result": "absorbed", "receiver": None}


def test_observe_unplayable_exits_1(capsys, write):
    code, out, err = _run(capsys, "observe", write("t.txt", TRAPPED))
    assert code == 1 and "# 14 trapped" in out and "cannon 14" in err


def test_check_fair_example(capsys, write, example_layout_text):
    code, out, _ = _run(capsys, "check", write("c.txt", example_layout_text))
    assert code == 0 and "FAIR" in out and "NOT" not in out
    assert "triangle (T) at (5,5) SE: locatable" in out


def test_check_json_schema_exactly(capsys, write):
    code, out, _ = _run(capsys, "check", write("u.txt", UNFAIR), "--json")
    data = json.loads(out)
    assert code == 1
    assert list(data) == ["board", "playable", "trapped_cannon", "fair", "indistinguishable_layouts",
                          "components"]
    assert data["board"] == {"columns": 8, "rows": 7}
    assert data["playable"] is True and data["trapped_cannon"] is None and data["fair"] is False
    assert data["indistinguishable_layouts"] == 2
    jump = next(c for c in data["components"] if c["type"] == "jump")
    assert list(jump) == ["type", "cell", "orientation", "locatable", "alternatives"]
    assert jump["cell"] == [8, 2] and jump["orientation"] is None and jump["locatable"] is False
    assert jump["alternatives"] == [{"cell": [6, 2], "orientation": None}, {"cell": [8, 2], "orientation": None}]
    triangle = next(c for c in data["components"] if c["type"] == "triangle")
    assert triangle["orientation"] == "SE" and triangle["alternatives"] == [{"cell": [6, 1], "orientation": "SE"}]
    diagonal = next(c for c in data["components"] if c["type"] == "diagonal")
    assert diagonal["orientation"] == "\\"


def test_check_text_explains_in_players_words(capsys, write):
    code, out, _ = _run(capsys, "check", write("u.txt", UNFAIR))
    assert code == 1 and "NOT FAIR: 2 layouts" in out
    assert "jump (X) at (8,2): NOT locatable; seen by cannons 10 (entering from the east), 29 (entering from the west)" in out
    assert "fit it just as well at (6,2)" in out


def test_check_unplayable(capsys, write):
    code, out, _ = _run(capsys, "check", write("t.txt", TRAPPED), "--json")
    data = json.loads(out)
    assert code == 1 and data["playable"] is False and data["fair"] is False
    assert data["trapped_cannon"] == 14 and data["indistinguishable_layouts"] is None
    code, out, _ = _run(capsys, "check", write("t.txt", TRAPPED))
    assert "UNPLAYABLE: the beam of cannon 14 never leaves the board: it goes round (4,3) (3,3) (2,3) for ever" in out


def test_check_difficulty(capsys, write, example_layout_text):
    code, out, _ = _run(capsys, "check", write("c.txt", example_layout_text), "--difficulty", "--json")
    rating = json.loads(out)["difficulty"]
    assert code == 0 and rating["shots"] == len(rating["cannons"]) == 6
    code, out, _ = _run(capsys, "check", write("c.txt", example_layout_text), "--difficulty")
    assert "difficulty: 6 shots determine it" in out


def test_crlf_and_bom_accepted(capsys, write, example_layout_text):
    data = b"\xef\xbb\xbf" + example_layout_text.replace("\n", "\r\n").encode()
    code, out, _ = _run(capsys, "check", write("w.txt", data))
    assert code == 0 and "FAIR" in out


@pytest.mark.parametrize("content, words", [
    ("O...\n...\n", "ragged row"),
    ("O..Z\n....\n", "unknown symbol 'Z'"),
    ("O..O\n....\n", "a second absorber"),
    ("O..T\n....\n", "needs its orientation"),
    ("", "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
    (b"O\xff\xfe..\n", "not UTF-8"),
    ("." * 2000 + "\n", "at most 64 columns"),
    (("." * 2000 + "\n") * 2000, "boards are at most 64x64"),
])
def test_bad_layouts_are_one_line_exit_2(capsys, write, content, words):
    for sub in ("observe", "check"):
        code, out, err = _run(capsys, sub, write("bad.txt", content))
        assert code == 2 and out == ""
        assert err.startswith("pnpgen: error: ") and err.count("\n") == 1 and "Traceback" not in err
        assert words in err


def test_missing_file_is_exit_2(capsys, tmp_path):
    code, _, err = _run(capsys, "check", tmp_path / "nope.txt")
    assert code == 2 and "cannot read" in err


def test_solve_example_unique(capsys, example_text, example_layout_text):
    from pathlib import Path
    path = Path(__file__).parent / "data" / "laser-example-beginner.txt"
    code, out, _ = _run(capsys, "solve", path)
    assert code == 0 and out.startswith("# 1 layout fits the 30 shots")
    assert out.endswith(example_layout_text)
    code, out, _ = _run(capsys, "solve", path, "--count")
    assert out == "1\n"


def test_solve_partial_observation(capsys, write):
    code, out, _ = _run(capsys, "solve", write("p.txt", "4 # 4\n8 O\n"), "--json", "--limit", "3")
    data = json.loads(out)
    assert code == 0 and data["shots"] == 2 and data["count"] > 3 and len(data["layouts"]) == 3
    assert all(entry["layout"].count("#") == 1 for entry in data["layouts"])


def test_solve_options(capsys, write):
    code, out, _ = _run(capsys, "solve", write("p.txt", "1 O\n"), "--size", "3x2", "--components",
                        "absorber", "--count")
    assert code == 0 and out == "2\n"     # the absorber is somewhere in column 1: (1,1) or (1,2)
    code, _, err = _run(capsys, "solve", write("p.txt", "1 O\n"), "--size", "big")
    assert code == 2 and "--size" in err
    code, _, err = _run(capsys, "solve", write("p.txt", "1 O\n"), "--components", "absorber,laser")
    assert code == 2 and "unknown component type 'laser'" in err


def test_generate_is_deterministic_and_fair(capsys):
    first = _run(capsys, "generate", "--count", "3", "--seed", "11")
    second = _run(capsys, "generate", "--count", "3", "--seed", "11")
    assert first == second and first[0] == 0
    assert first[1].count("# layout ") == 3 and "# difficulty: " in first[1]


def test_generate_json_stats_and_min_difficulty(capsys):
    code, out, _ = _run(capsys, "generate", "--count", "2", "--seed", "5", "--json", "--min-difficulty", "8")
    data = json.loads(out)
    assert code == 0 and data["seed"] == 5 and len(data["layouts"]) == 2
    for entry in data["layouts"]:
        stats = entry["stats"]
        assert stats["difficulty"] >= 8 and len(stats["difficulty_cannons"]) == stats["difficulty"]
        assert 0 <= stats["blank_shots"] <= 30 and stats["mean_hits_per_shot"] > 0
        assert 0 <= stats["returning_shots"] <= 30


def test_generate_size_components_and_errors(capsys):
    code, out, _ = _run(capsys, "generate", "--seed", "3", "--size", "5x4", "--components", "absorber,jump")
    grid = [line for line in out.splitlines() if not line.startswith("#")]
    assert code == 0 and len(grid) == 4 and all(len(row) == 5 for row in grid)
    assert "".join(grid).count("O") == 1 and "".join(grid).count("X") == 1
    code, _, err = _run(capsys, "generate", "--seed", "3", "--min-difficulty", "40")
    assert code == 2 and "impossible" in err
    code, _, err = _run(capsys, "generate", "--seed", "3", "--size", "2000x2000")
    assert code == 2 and "1 to 64" in err


def test_output_file_and_force(capsys, tmp_path, write, example_layout_text):
    layout = write("c.txt", example_layout_text)
    target = tmp_path / "obs.txt"
    code, out, _ = _run(capsys, "observe", layout, "-o", target)
    assert code == 0 and target.read_text().startswith("1 X 23\n") and str(target) in out
    code, _, err = _run(capsys, "observe", layout, "-o", target)
    assert code == 2 and "exists" in err
    assert _run(capsys, "observe", layout, "-o", target, "--force")[0] == 0


PRISM_FILE = """\
components:
  - name: absorber
    hit: "O"
    beginner: true
    orientations:
      - grid: "O"
        actions: {N: stop, E: stop, S: stop, W: stop}
  - name: prism
    hit: "+"
    beginner: true
    orientations:
      - grid: "+"
        actions: {N: E, E: S, S: W, W: N}
"""


def test_component_file_option(capsys, write):
    components = write("mine.yaml", PRISM_FILE)
    layout = write("p.txt", "....\n.+..\n...O\n")
    code, out, _ = _run(capsys, "observe", layout, "--component-file", components)
    assert code == 0 and out.splitlines()[1] == "2 + 13"
    code, out, _ = _run(capsys, "check", layout, "--component-file", components, "--json")
    assert code in (0, 1) and {c["type"] for c in json.loads(out)["components"]} == {"absorber", "prism"}
    code, out, _ = _run(capsys, "generate", "--seed", "1", "--size", "4x3", "--component-file", components)
    assert code == 0 and "+" in out and "O" in out
    bad = write("bad.yaml", PRISM_FILE.replace("W: N}", "W: up}"))
    code, _, err = _run(capsys, "observe", layout, "--component-file", bad)
    assert code == 2 and "bad.yaml:13: components[1].orientations[0].actions.W: prism: unknown action 'up'" in err


@pytest.mark.parametrize(("args", "option"), [
    (["generate", "--size", "0x3"], "--size"),
    (["generate", "--size", "2x1"], "--size"),
    (["puzzles", "--size", "1x1", "--level", "4"], "--size"),        # was an internal error
    (["puzzles", "--size", "2x2", "--level", "5"], "--size"),
    (["generate", "--components", "absorber,nosuch"], "--components"),
    (["generate", "--min-difficulty", "999"], "--min-difficulty"),
])
def test_a_rule_broken_by_an_option_names_the_option(capsys, tmp_path, args, option):
    """The rules' refusals of an option's value say which option, in one line, before any work."""
    code, _, err = _run(capsys, *args, "--seed", "1", "-o", tmp_path / "out.pdf")
    lines = err.splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith(f"pnpgen: error: {option}: "), err
    assert not (tmp_path / "out.pdf").exists()
