"""`laser generate --count` shares one --work and --time-limit budget across the whole command (issue 35): a count
that cannot be made within --work is refused up front; a budget spent by the ratings ends the command with the
layouts made so far and a note; the same seed and budget give the same answer."""

from __future__ import annotations

import json

import pytest

from generator.cli import cli
from generator.cli.common import run_cli


def generate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run_cli(cli, ["laser", "generate", "--seed", "3", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_count_beyond_the_work_is_refused_up_front(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's repro, without --seed: one line (no seed announced before the refusal), at once."""
    capsys.readouterr()
    code = run_cli(cli, ["laser", "generate", "--count", "10000", "--size", "64x64", "--components", "all",
                         "--time-limit", "20"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "--count" in err and "--work is 10,000" in err


def test_the_whole_command_shares_one_work_budget(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = generate(capsys, "--count", "40", "--size", "12x12", "--work", "120", "--json",
                              "--time-limit", "0")
    data = json.loads(out)
    made = len(data["layouts"])
    assert code == 0 and 1 <= made < 40
    assert f"ran out after {made} of 40 layouts" in err and "--work" in err
    assert data["work"]["spent"] <= 120
    again = generate(capsys, "--count", "40", "--size", "12x12", "--work", "120", "--json", "--time-limit", "0")
    assert again[1] == out                                 # work, not wall-clock: the same answer
    _, full, err = generate(capsys, "--count", "3", "--size", "12x12", "--json", "--time-limit", "0")
    assert len(json.loads(full)["layouts"]) == 3 and "ran out" not in err
