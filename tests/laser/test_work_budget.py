"""laser generate's work budget (issue 25): counted in search steps, shared by the whole command, the
same answer for the same seed whatever the machine's load; the wall-clock only an outer guard."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.laser.content import in_play, load_catalog, parse_size
from generator.games.laser.rules.difficulty import WorkBudget, rate
from generator.games.laser.rules.generate import generate_fair

CHOSEN = in_play(load_catalog(None), "beginner")


def _layout(seed: int, size: str = "8x7"):
    return generate_fair(random.Random(seed), parse_size(size), CHOSEN)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 400))
def test_the_same_budget_gives_the_same_answer_and_work(seed: int, units: int) -> None:
    layout = _layout(seed)
    first, second = WorkBudget(units), WorkBudget(units)
    assert rate(layout, budget=first) == rate(layout, budget=second)
    assert first.spent == second.spent and not first.guard_hit


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 60))
def test_a_stopped_rating_brackets_the_exact_one(seed: int, units: int) -> None:
    layout = _layout(seed, "10x10")
    exact = rate(layout)
    rated = rate(layout, budget=WorkBudget(units))
    assert exact is not None and rated is not None
    if rated.exact:
        assert rated.shots == exact.shots
    else:
        assert rated.lower_bound <= exact.shots <= rated.shots


def test_the_budget_is_shared_and_one_rating_takes_at_most_a_third() -> None:
    budget = WorkBudget(3000)
    layout = _layout(4, "24x24")
    rate(layout, budget=budget)
    first = budget.spent
    assert 0 < first <= 1000 + 1 + 96 // 10       # a third of what was left, and the set-up
    rate(layout, budget=budget)
    assert budget.spent > first


def test_the_guard_stops_and_says_so() -> None:
    ticks = iter(range(10**6))
    budget = WorkBudget(10**9, deadline=3.0, clock=lambda: next(ticks))
    rating = rate(_layout(2, "24x24"), budget=budget)
    assert budget.guard_hit and rating is not None


def _generate(capsys, *args: str) -> tuple[int, str, str]:
    code = run_cli(cli, ["laser", "generate", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_json_carries_the_lower_bound_and_the_work(capsys) -> None:
    code, out, _ = _generate(capsys, "--seed", "1", "--size", "12x12", "--count", "2", "--work", "40", "--json")
    data = json.loads(out)
    assert code == 0 and data["work"]["budget"] == 40 and 0 < data["work"]["spent"] <= 40
    assert not data["work"]["stopped_by_clock"]
    for item in data["layouts"]:
        stats = item["stats"]
        assert stats["difficulty_lower"] <= stats["difficulty"]
        assert stats["difficulty_exact"] == (stats["difficulty_lower"] == stats["difficulty"]) or stats[
            "difficulty_exact"] is False
    assert _generate(capsys, "--seed", "1", "--size", "12x12", "--count", "2", "--work", "40", "--json")[1] == out


def test_generate_out_of_work_is_one_line(capsys) -> None:
    code, out, err = _generate(capsys, "--seed", "1", "--size", "24x24", "--min-difficulty", "40", "--work", "200")
    assert code == 2 and out == "" and err.count("\n") == 1 and "--work raises it" in err


def test_generate_guard_note(capsys) -> None:
    code, _, err = _generate(capsys, "--seed", "1", "--size", "24x24", "--count", "3", "--time-limit", "0.000001")
    assert code == 0 and "wall-clock guard" in err and "depends on the machine" in err
