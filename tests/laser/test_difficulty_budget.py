"""Difficulty within a time budget: exact when found, else proven bounds; clustered layouts stay fast."""

from __future__ import annotations

import itertools
import time

from generator.games.laser.rules.difficulty import components, min_hitting_set, rate
from generator.games.laser.rules.engine import observe
from generator.games.laser.rules.model import Board, Layout, Observation, Placement
from generator.games.laser.rules.solve import solve


def _clustered(catalog, n: int) -> Layout:
    placements = (Placement("diagonal", (1, 1), "\\"), Placement("jump", (3, 3)), Placement("reflector", (3, 2)),
                  Placement("absorber", (3, n // 2 + 3)), Placement("triangle", (n * 2 // 5, n * 5 // 6), "NE"))
    return Layout(Board(n, n), placements, catalog.beginner())


def _determines(layout: Layout, cannons) -> bool:
    full = observe(layout)
    chosen = Observation(layout.board, tuple(full.shot(k) for k in cannons))
    return solve(chosen, layout.in_play, limit=2).layouts == (layout,)


def test_a_stopped_search_gives_proven_bounds(catalog) -> None:
    layout = _clustered(catalog, 24)
    exact = rate(layout)
    ticks = itertools.count()
    stopped = rate(layout, time_limit=1.0, clock=lambda: next(ticks) * 0.5)   # time runs out after one round
    assert exact is not None and exact.exact and stopped is not None
    assert not stopped.exact
    assert stopped.lower_bound <= exact.shots <= stopped.shots
    assert _determines(layout, stopped.cannons)          # the upper bound is a real determining set


def test_clustered_big_board_answers_within_its_budget(catalog) -> None:
    layout = _clustered(catalog, 64)
    start = time.process_time()
    rating = rate(layout, time_limit=10.0)
    assert rating is not None and time.process_time() - start < 30     # was minutes before the fix
    assert rating.lower_bound <= rating.shots and _determines(layout, rating.cannons)


def test_independent_groups_are_solved_apart() -> None:
    sets = [0b11, 0b110, 0b1_1000_0000, 0b11_0000_0000]
    groups = sorted(sorted(group) for group in components(sets))
    assert groups == [[0b11, 0b110], [0b1_1000_0000, 0b11_0000_0000]]
    best = min_hitting_set(sets)
    assert best.bit_count() == 2 and all(s & best for s in sets)


def test_cli_reports_bounds_and_the_json_field(tmp_path, capsys) -> None:
    from generator.cli import cli
    from generator.cli.common import run_cli
    from generator.games.laser.rules.notation import format_layout

    path = tmp_path / "layout.txt"
    from generator.games.laser.content import load_catalog

    path.write_text(format_layout(_clustered(load_catalog(), 24)), encoding="utf-8")
    assert run_cli(cli, ["laser", "check", str(path), "--difficulty", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"exact": true' in out
