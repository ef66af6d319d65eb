"""Laser engine figures: check vs observe, fair layouts per second, difficulty rating time.

Run: python benchmarks/bench_laser.py [--layouts 1000] [--seed 1]

Over seeded random 8x7 layouts of the five beginner components it prints the median and 99th
percentile time of `check`, the time of one full `observe` (all 30 shots) and their ratio, the
worst check, fair layouts generated per second, and the difficulty rating time (median, 90th
percentile). Times are wall-clock and CPU (process) time: on a shared machine the CPU figure is
the steadier one. Goals: check median <= 10x observe, no check over 1 s, >= 100 fair layouts/s,
difficulty <= 0.5 s for 90% of layouts.

Then the one-player puzzles and the assistant (`--only puzzles` skips the engine figures): level-3
puzzles generated per second on 8x7 with the beginner set (goal >= 10), the median and worst time
of a level-5 puzzle (goal: median under 2 s), every level's median, and the assistant's time on
random games from 0 to 30 shots fired (goal: every answer within 2 s).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.core.rng import make_rng
from generator.games.laser.content import load_catalog
from generator.games.laser.rules.check import check
from generator.games.laser.rules.difficulty import rate
from generator.games.laser.rules.engine import engine_for, observe
from generator.games.laser.rules.generate import generate_fair, layout_stats, random_cells
from generator.games.laser.rules.model import Board


def _timed(func, *args):
    wall, cpu = time.perf_counter(), time.process_time()
    value = func(*args)
    return value, time.perf_counter() - wall, time.process_time() - cpu


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--puzzles", type=int, default=30, help="level-3 puzzles timed (level 5: a third)")
    parser.add_argument("--only", choices=["engine", "puzzles"], default=None)
    args = parser.parse_args()
    if args.only != "puzzles":
        engine_figures(args)
    if args.only != "engine":
        puzzle_figures(args.seed, args.puzzles)
        assist_figures(args.seed)


def engine_figures(args) -> None:

    in_play = load_catalog().beginner()
    board = Board(8, 7)
    engine = engine_for(board, in_play)
    rng = make_rng(args.seed, "laser", "bench")
    layouts = [engine.layout_of(random_cells(engine, rng)) for _ in range(args.layouts)]
    for layout in layouts:
        _ = layout.in_play    # build the cached set in play once, outside the timings

    obs_wall, obs_cpu, chk_wall, chk_cpu, ratios = [], [], [], [], []
    reports = []
    for layout in layouts:
        _, w1, c1 = _timed(observe, layout)
        report, w2, c2 = _timed(check, layout)
        obs_wall.append(w1), obs_cpu.append(c1), chk_wall.append(w2), chk_cpu.append(c2)
        ratios.append(c2 / c1 if c1 > 0 else float("nan"))
        reports.append(report)
    fair = [r.layout for r in reports if r.fair]
    unplayable = sum(1 for r in reports if not r.playable)

    print(f"laser benchmark: {len(layouts)} random 8x7 layouts, beginner set, seed {args.seed}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"  fair {len(fair)}, unfair but playable {len(layouts) - len(fair) - unplayable}, unplayable {unplayable}")
    print("                        wall          cpu")
    print(f"  observe median   {_ms(statistics.median(obs_wall))} {_ms(statistics.median(obs_cpu))}")
    print(f"  check median     {_ms(statistics.median(chk_wall))} {_ms(statistics.median(chk_cpu))}")
    print(f"  check p99        {_ms(_pct(chk_wall, 0.99))} {_ms(_pct(chk_cpu, 0.99))}")
    print(f"  check max        {_ms(max(chk_wall))} {_ms(max(chk_cpu))}   (goal: under 1 s)")
    ratio = statistics.median(chk_cpu) / statistics.median(obs_cpu)
    print(f"  check median / observe median (cpu): {ratio:.1f}x   (goal: at most 10x)")

    gen_rng = make_rng(args.seed, "laser", "bench-generate")
    count = max(100, len(layouts) // 2)
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        generate_fair(gen_rng, board, in_play)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  fair layouts generated: {count / wall:7.0f} per second wall, {count / cpu:7.0f} per cpu second"
          "   (goal: at least 100)")
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        layout_stats(generate_fair(gen_rng, board, in_play))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  ... with their stats and difficulty (as `pnpgen laser generate` prints them): "
          f"{count / wall:.0f} per second wall, {count / cpu:.0f} per cpu second")

    rate_wall, rate_cpu, shots = [], [], []
    for layout in fair:
        rating, w, c = _timed(rate, layout)
        rate_wall.append(w), rate_cpu.append(c), shots.append(rating.shots)
    within = sum(1 for w in rate_wall if w <= 0.5) / len(rate_wall)
    print(f"  difficulty median {_ms(statistics.median(rate_wall))} {_ms(statistics.median(rate_cpu))}")
    print(f"  difficulty p90    {_ms(_pct(rate_wall, 0.9))} {_ms(_pct(rate_cpu, 0.9))}")
    print(f"  difficulty max    {_ms(max(rate_wall))} {_ms(max(rate_cpu))}")
    print(f"  rated within 0.5 s (wall): {within:.1%}   (goal: at least 90%)")
    spread = {k: shots.count(k) for k in sorted(set(shots))}
    print(f"  difficulty values (shots: layouts): {spread}")



def puzzle_figures(seed: int, count: int) -> None:
    from generator.games.laser.rules.puzzle import generate_puzzle

    in_play = load_catalog().beginner()
    board = Board(8, 7)
    print(f"laser puzzles: 8x7, beginner set, seed {seed}; load average {os.getloadavg()[0]:.1f}")
    rng = make_rng(seed, "laser", "bench-puzzles")
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(count):
        generate_puzzle(rng, board, in_play, 3)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"  level 3: {count / wall:6.1f} puzzles per second wall, {count / cpu:6.1f} per cpu second"
          "   (goal: at least 10)")
    for level in (1, 2, 4, 5):
        times = []
        for _ in range(max(5, count // 3)):
            _, w, c = _timed(generate_puzzle, rng, board, in_play, level)
            times.append((w, c))
        walls, cpus = [w for w, _ in times], [c for _, c in times]
        goal = "   (goal: median under 2 s)" if level == 5 else ""
        print(f"  level {level}: median {statistics.median(walls):6.2f} s wall, {statistics.median(cpus):6.2f} s cpu;"
              f" worst {max(walls):6.2f} s wall over {len(times)}{goal}")


def assist_figures(seed: int) -> None:
    from generator.games.laser.rules.assist import advise

    in_play = load_catalog().beginner()
    board = Board(8, 7)
    engine = engine_for(board, in_play)
    rng = make_rng(seed, "laser", "bench-assist")
    by_fired: dict[int, list[float]] = {}
    exact: dict[int, int] = {}
    for _ in range(6):
        layout = generate_fair(rng, board, in_play)
        order = list(range(1, board.cannons + 1))
        rng.shuffle(order)
        for fired in range(board.cannons + 1):
            advice, w, _ = _timed(advise, engine, observe(layout, order[:fired]), rng)
            by_fired.setdefault(fired, []).append(w)
            exact[fired] = exact.get(fired, 0) + advice.exact
    print("laser assistant: 6 random games on 8x7, every number of shots fired (wall time per answer)")
    for start in range(0, board.cannons + 1, 5):
        parts = [f"{k:2d}: {max(by_fired[k]):5.2f} s{'' if exact[k] == 6 else '~'}"
                 for k in range(start, min(start + 5, board.cannons + 1))]
        print("  " + "   ".join(parts))
    worst = max(max(v) for v in by_fired.values())
    print(f"  worst answer {worst:.2f} s   (goal: within 2 s; '~' = some answers estimated from a sample)")


if __name__ == "__main__":
    main()
