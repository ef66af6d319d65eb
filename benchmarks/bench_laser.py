"""Laser engine figures beside a baseline: check vs observe, fair layouts per second, difficulty, puzzles, assistant.

Run: python benchmarks/bench_laser.py [--layouts 1000] [--seed 1] [--only engine|puzzles|hard|boards]
                                      [--hard-from SEED] [--boards 8x7,16x16,24x24] [--board-seeds 3] [--rounds N]
                                      [--against REV | --baseline FILE] [--save-baseline FILE]

Over seeded random 8x7 layouts of the five beginner components it measures the median and 99th
percentile time of `check`, the time of one full `observe` (all 30 shots) and their ratio, the
worst check, fair layouts generated per second, and the difficulty rating time (median, 90th
percentile). Goals: check median <= 10x observe, no check over 1 s, >= 100 fair layouts/s,
difficulty <= 0.5 s for 90% of layouts.

`--only hard`: levels 4 and 5 alone, 30 draws each on their default boards: median and worst CPU
and their ratio (issue 36: worst at most 3x the median), the mean over the median, and how many
level-5 puzzles a single pair of shots finishes (none since issue 36; `--against ceaca81` shows the
version before). `--hard-from SEED` moves the 30-seed window (default 1000): a draw's cost is the
tries until a rare success, so its worst over 30 seeds moves with the window (compare several).

`--only boards`: levels 1-3 on bigger boards (docs/laser.md, "Work at levels 1-3, and big boards"):
the command's first puzzle for seeds 1 to --board-seeds on each of --boards, its median and worst CPU,
and the work units each spent (puzzle.WORK's count; "n/a" on a revision from before levels 1-3
counted it). A big board is slow: 64x64 level 1 takes about a minute, 32x32 level 3 about three
(it ends without a puzzle), so they are not in the default list.

Then the one-player puzzles and the assistant (`--only puzzles` skips the engine figures): level-3
puzzles generated per second on 8x7 with the beginner set (goal >= 10), every level's median and
worst time (levels 4-5 on their default board, puzzle.DEFAULT_HARD: goal median <= 5 s CPU; a draw
that runs out of work is timed and counted), the share of each level that propagation alone solves
(levels 4-5: none), and the assistant's time on
random games from 0 to 30 shots fired (goal: every answer within 2 s).

Every figure is printed beside a baseline, CPU (process) time first: on a shared machine it is the
steadier figure; wall time follows. The baseline is
  - by default the figures stored in benchmarks/bench_laser_baseline.json: measured on the code as it
    was before the engine refactor of issue 20, with the machine, load and date;
  - with --against REV, this same benchmark run now on git revision REV (exported with `git archive`
    into a temporary directory and measured in a subprocess): the fairer comparison on a busy machine.
--rounds N takes each figure's best of N runs (with --against, N runs of each in turn; default 2).
--save-baseline FILE writes this run's figures as a baseline file.

The results that do not depend on time (the layouts, ratings, puzzles and answers produced, as
digests) must equal the baseline's: the last line says whether they do.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
BASELINE = HERE / "bench_laser_baseline.json"


def _code_root() -> Path:
    """The tree whose `generator` is measured: --code DIR (a baseline export), else this checkout."""
    if "--code" in sys.argv[:-1]:
        return Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
    return HERE.parent


sys.path.insert(0, str(_code_root()))

from generator.core.rng import make_rng  # noqa: E402
from generator.games.laser.content import load_catalog  # noqa: E402
from generator.games.laser.rules.check import check  # noqa: E402
from generator.games.laser.rules.difficulty import rate  # noqa: E402
from generator.games.laser.rules.engine import engine_for, observe  # noqa: E402
from generator.games.laser.rules.generate import generate_fair, layout_stats, random_cells  # noqa: E402
from generator.games.laser.rules.model import Board  # noqa: E402

Figures = dict[str, dict[str, Any]]    # key -> {label, cpu, wall, unit, goal}


class Run:
    """The figures of one run, in print order, and the digests of what it produced."""

    def __init__(self) -> None:
        self.figures: Figures = {}
        self.results: dict[str, Any] = {}
        self.notes: list[str] = []

    def time(self, key: str, label: str, cpu: float, wall: float, unit: str = "ms", goal: str = "") -> None:
        """A duration in seconds, shown in `unit` (ms or s); smaller is better."""
        self.figures[key] = {"label": label, "cpu": cpu, "wall": wall, "unit": unit, "goal": goal}

    def rate(self, key: str, label: str, count: int, cpu: float, wall: float, goal: str = "") -> None:
        """`count` things done in cpu / wall seconds, shown per second; larger is better."""
        self.figures[key] = {"label": label, "cpu": count / cpu, "wall": count / wall, "unit": "/s", "goal": goal}

    def result(self, key: str, values: Any) -> None:
        """What the code produced (independent of time): kept as a digest of its repr."""
        self.results[key] = hashlib.sha256(repr(values).encode()).hexdigest()[:16]


def _settle() -> None:
    """Collect garbage and freeze what is left (the setup) out of later collections: otherwise a
    full collection walking the 1000 layouts lands in whichever timed call happens to trigger it
    (about 13 ms here), and the worst and p99 figures measure the collector instead."""
    gc.collect()
    gc.freeze()


def _timed(func, *args):
    wall, cpu = time.perf_counter(), time.process_time()
    value = func(*args)
    return value, time.perf_counter() - wall, time.process_time() - cpu


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def engine_figures(run: Run, layouts_count: int, seed: int) -> None:
    in_play = load_catalog().beginner()
    board = Board(8, 7)
    engine = engine_for(board, in_play)
    rng = make_rng(seed, "laser", "bench")
    layouts = [engine.layout_of(random_cells(engine, rng)) for _ in range(layouts_count)]
    for layout in layouts:
        _ = layout.in_play    # build the cached set in play once, outside the timings
    _settle()

    obs_wall, obs_cpu, chk_wall, chk_cpu, reports = [], [], [], [], []
    for layout in layouts:
        _, w1, c1 = _timed(observe, layout)
        report, w2, c2 = _timed(check, layout)
        obs_wall.append(w1), obs_cpu.append(c1), chk_wall.append(w2), chk_cpu.append(c2)
        reports.append(report)
    fair = [r.layout for r in reports if r.fair]
    unplayable = sum(1 for r in reports if not r.playable)
    run.notes.append(f"{len(layouts)} random 8x7 layouts, beginner set, seed {seed}: fair {len(fair)}, "
                     f"unfair but playable {len(layouts) - len(fair) - unplayable}, unplayable {unplayable}")
    run.result("check reports", reports)
    med = statistics.median
    run.time("observe", "observe median", med(obs_cpu), med(obs_wall))
    run.time("check", "check median", med(chk_cpu), med(chk_wall))
    run.time("check p99", "check p99", _pct(chk_cpu, 0.99), _pct(chk_wall, 0.99))
    run.time("check max", "check max", max(chk_cpu), max(chk_wall), goal="under 1 s")
    ratio = med(chk_cpu) / med(obs_cpu)
    run.notes.append(f"check median / observe median (cpu): {ratio:.1f}x   (goal: at most 10x)")

    gen_rng = make_rng(seed, "laser", "bench-generate")
    count = max(100, len(layouts) // 2)
    made, wall, cpu = _timed(lambda: [generate_fair(gen_rng, board, in_play) for _ in range(count)])
    run.rate("generate", "fair layouts generated", count, cpu, wall, goal="at least 100/s")
    run.result("generated layouts", made)
    stats, wall, cpu = _timed(lambda: [layout_stats(generate_fair(gen_rng, board, in_play)) for _ in range(count)])
    run.rate("generate+stats", "... with stats and difficulty", count, cpu, wall)
    run.result("layout stats", stats)

    rate_wall, rate_cpu, ratings = [], [], []
    for layout in fair:
        rating, w, c = _timed(rate, layout)
        rate_wall.append(w), rate_cpu.append(c), ratings.append(rating)
    run.time("difficulty", "difficulty median", med(rate_cpu), med(rate_wall))
    run.time("difficulty p90", "difficulty p90", _pct(rate_cpu, 0.9), _pct(rate_wall, 0.9), goal="0.5 s for 90%")
    run.time("difficulty max", "difficulty max", max(rate_cpu), max(rate_wall))
    run.result("ratings", ratings)
    shots = [r.shots for r in ratings]
    within = sum(1 for w in rate_wall if w <= 0.5) / len(rate_wall)
    run.notes.append(f"rated within 0.5 s (wall): {within:.1%}; difficulty values (shots: layouts): "
                     f"{ {k: shots.count(k) for k in sorted(set(shots))} }")


def puzzle_figures(run: Run, seed: int, count: int) -> None:
    from generator.games.laser.rules.puzzle import generate_puzzle

    in_play = load_catalog().beginner()
    board = Board(8, 7)
    rng = make_rng(seed, "laser", "bench-puzzles")
    made, wall, cpu = _timed(lambda: [generate_puzzle(rng, board, in_play, 3) for _ in range(count)])
    run.rate("level 3", "level-3 puzzles", count, cpu, wall, goal="at least 10/s")
    run.result("level 3 puzzles", made)
    by_level: dict[int, list[Any]] = {3: list(made)}
    failed: dict[int, int] = {}
    for level in (1, 2, 4, 5):
        times, puzzles = [], []
        on = _level_board(board, level)
        for _ in range(max(5, count // 3)):
            puzzle, w, c = _timed(_puzzle_or_none, rng, on, in_play, level)
            times.append((w, c)), puzzles.append(puzzle)
        walls, cpus = [w for w, _ in times], [c for _, c in times]
        goal = f"median at most 5 s CPU on {on.width}x{on.height}" if level >= 4 else ""
        run.time(f"level {level}", f"level-{level} puzzle median", statistics.median(cpus),
                 statistics.median(walls), unit="s", goal=goal)
        run.time(f"level {level} worst", f"level-{level} puzzle worst", max(cpus), max(walls), unit="s")
        run.result(f"level {level} puzzles", puzzles)
        failed[level] = puzzles.count(None)
        by_level[level] = [p for p in puzzles if p is not None]
    run.notes.append("share of each level that propagation alone (one shot at a time, no supposition) "
                     "solves: " + ", ".join(f"level {k} {_propagation_share(v)}" for k, v in sorted(by_level.items())))
    run.notes.append("draws that ran out of work (no puzzle, exit 2 in the CLI; timed all the same): " +
                     ", ".join(f"level {k} {n}/{max(5, count // 3)}" for k, n in sorted(failed.items())))


HARD_SEEDS = 30        # --only hard: draws per level
HARD_FIRST = 1000      # --only hard: the first seed (--hard-from)


def hard_figures(run: Run, first: int = HARD_FIRST, seeds: int = HARD_SEEDS) -> None:
    """Levels 4 and 5 on their default boards over `seeds` draws (streams make_rng(first + n, "bench",
    level)): the median and worst CPU of a draw and their ratio (issue 36's goal: worst at most 3x
    the median), the mean over the median (about 1.44 when a draw's cost is exponential: tries until
    a rare success, so that the worst of 30 lands near 6x the median and moves with the seeds), and
    how many of the level-5 puzzles one pair of shots read together at the first stall would finish
    (none, once the grade takes the best pair)."""
    in_play = load_catalog().beginner()
    for level in (4, 5):
        on = _level_board(Board(8, 7), level)
        times, puzzles = [], []
        for n in range(seeds):
            puzzle, w, c = _timed(_puzzle_or_none, make_rng(first + n, "bench", str(level)), on, in_play, level)
            times.append((w, c)), puzzles.append(puzzle)
        walls, cpus = [w for w, _ in times], [c for _, c in times]
        run.time(f"hard {level} median", f"level-{level} draw median ({seeds} seeds)", statistics.median(cpus),
                 statistics.median(walls), unit="s", goal="median at most 5 s CPU")
        run.time(f"hard {level} worst", f"level-{level} draw worst", max(cpus), max(walls), unit="s",
                 goal="at most 3x the median")
        run.notes.append(f"level {level} on {on.width}x{on.height}: worst/median CPU "
                         f"{max(cpus) / statistics.median(cpus):.1f}x over {seeds} draws (seeds {first}-{first + seeds - 1}), "
                 f"mean/median {statistics.mean(cpus) / statistics.median(cpus):.2f}; "
                         f"{puzzles.count(None)} ran out of work; level-5 puzzles a single pair finishes: "
                         f"{_one_pair_finishes(puzzles) if level == 5 else '-'}")
        run.result(f"hard {level} puzzles", puzzles)


def _one_pair_finishes(puzzles: list[Any]) -> str:
    """'n/m' puzzles that the first pair-finishing test of issue 36 calls level 4 (hard.best_pair)."""
    try:
        from generator.games.laser.rules.hard import best_pair, start
    except ImportError:          # a baseline from before issue 36
        return "n/a"
    from generator.games.laser.rules.grade import solved
    from generator.games.laser.rules.search import shots_from_results

    count, made = 0, [p for p in puzzles if p is not None]
    for puzzle in made:
        engine = engine_for(puzzle.layout.board, puzzle.layout.in_play)
        shots = shots_from_results(engine.results(engine.cells_of(puzzle.layout)), puzzle.cannons)
        domains = start(engine, shots)
        found = None if solved(domains) else best_pair(engine, domains, shots)
        count += found is not None and solved(found[0])
    return f"{count}/{len(made)}"


BOARDS = "8x7,16x16,24x24"    # --only boards: the boards measured by default
BOARD_SEEDS = 3                # --only boards: seeds per board and level


def board_figures(run: Run, boards: str = BOARDS, seeds: int = BOARD_SEEDS) -> None:
    """Levels 1-3 on each board of `boards` ("WxH,..."): the command's first puzzle for seeds 1 to
    `seeds` (make_rng(seed, "laser", "puzzle", "1")), the median and worst CPU, and the work units each
    spent, as docs/laser.md's table of big boards gives them."""
    in_play = load_catalog().beginner()
    for size in boards.split(","):
        width, height = (int(side) for side in size.split("x"))
        board = Board(width, height)
        for level in (1, 2, 3):
            times, puzzles, units = [], [], []
            for seed in range(1, seeds + 1):
                (puzzle, spent), w, c = _timed(_counted_puzzle, make_rng(seed, "laser", "puzzle", "1"), board,
                                               in_play, level)
                times.append((w, c)), puzzles.append(puzzle), units.append(spent)
            walls, cpus = [w for w, _ in times], [c for _, c in times]
            run.time(f"board {size} {level}", f"{size} level-{level} median", statistics.median(cpus),
                     statistics.median(walls), unit="s")
            run.time(f"board {size} {level} worst", f"{size} level-{level} worst", max(cpus), max(walls), unit="s")
            run.result(f"board {size} {level} puzzles", puzzles)
            run.notes.append(f"{size} level {level}: work units " + ", ".join("n/a" if u is None else f"{u:,}" for u in units)
                             + f" (seeds 1-{seeds}); without a puzzle: {puzzles.count(None)}")


def _counted_puzzle(rng: Any, board: Board, in_play: Any, level: int) -> tuple[Any, int | None]:
    """(a level 1-3 puzzle or None when the search gives up, the work units it spent: None on a revision
    from before levels 1-3 counted their work), with no budget but the layouts' cap."""
    try:
        from generator.games.laser.rules.hard import Work
        from generator.games.laser.rules.puzzle import MAX_LAYOUTS, _easy_puzzle
    except ImportError:
        return _puzzle_or_none(rng, board, in_play, level), None
    work = Work(10**9)
    return _easy_puzzle(rng, engine_for(board, in_play), level, False, MAX_LAYOUTS, work), work.spent


def _puzzle_or_none(rng: Any, board: Board, in_play: Any, level: int) -> Any:
    """A puzzle of this level, or None when the generator gives up (RulesError: its budget ran out)."""
    from generator.core.errors import RulesError
    from generator.games.laser.rules.puzzle import generate_puzzle

    try:
        return generate_puzzle(rng, board, in_play, level)
    except RulesError:
        return None


def _level_board(board: Board, level: int) -> Board:
    """A level's default board (puzzle.DEFAULT_HARD for levels 4-5; the standard board before issue 26)."""
    try:
        from generator.games.laser.rules.puzzle import DEFAULT_HARD
    except ImportError:
        return board
    if level not in DEFAULT_HARD:
        return board
    width, height = DEFAULT_HARD[level].split("x")
    return Board(int(width), int(height))


def _propagation_share(puzzles: list[Any]) -> str:
    """'n/m' puzzles whose given shots propagation alone solves (grade.saturate from nothing known)."""
    try:
        from generator.games.laser.rules.grade import initial_domains, propagate, saturate, solved
    except ImportError:          # a baseline from before issue 26 has no saturate
        return "n/a"
    from generator.games.laser.rules.search import shots_from_results

    alone = 0
    for puzzle in puzzles:
        engine = engine_for(puzzle.layout.board, puzzle.layout.in_play)
        results = engine.results(engine.cells_of(puzzle.layout))
        domains = saturate(engine, propagate(initial_domains(engine)), shots_from_results(results, puzzle.cannons))
        alone += solved(domains)
    return f"{alone}/{len(puzzles)}"


def assist_figures(run: Run, seed: int) -> None:
    from generator.games.laser.rules.assist import advise

    in_play = load_catalog().beginner()
    board = Board(8, 7)
    engine = engine_for(board, in_play)
    rng = make_rng(seed, "laser", "bench-assist")
    by_fired: dict[int, list[tuple[float, float]]] = {}
    exact: dict[int, int] = {}
    answers = []
    for _ in range(6):
        layout = generate_fair(rng, board, in_play)
        order = list(range(1, board.cannons + 1))
        rng.shuffle(order)
        for fired in range(board.cannons + 1):
            advice, w, c = _timed(advise, engine, observe(layout, order[:fired]), rng)
            by_fired.setdefault(fired, []).append((w, c))
            exact[fired] = exact.get(fired, 0) + advice.exact
            answers.append(advice)
    run.result("assistant answers", answers)
    walls = [w for v in by_fired.values() for w, _ in v]
    cpus = [c for v in by_fired.values() for _, c in v]
    run.time("assist worst", "assistant worst answer", max(cpus), max(walls), unit="s", goal="within 2 s")
    run.time("assist total", "assistant, all 186 answers", sum(cpus), sum(walls), unit="s")
    run.notes.append("assistant: 6 random games on 8x7, worst wall time per answer by shots fired "
                     "('~' = some answers estimated from a sample):")
    for start in range(0, board.cannons + 1, 8):
        run.notes.append("  " + "  ".join(
            f"{k:2d}: {max(w for w, _ in by_fired[k]):4.2f} s{'' if exact[k] == 6 else '~'}"
            for k in range(start, min(start + 8, board.cannons + 1))))


def measure(args: argparse.Namespace) -> dict[str, Any]:
    run = Run()
    if args.only == "hard":
        hard_figures(run, args.hard_from)
    if args.only == "boards":
        board_figures(run, args.boards, args.board_seeds)
    if args.only in (None, "engine"):
        engine_figures(run, args.layouts, args.seed)
    if args.only in (None, "puzzles"):
        puzzle_figures(run, args.seed, args.puzzles)
        assist_figures(run, args.seed)
    return {"figures": run.figures, "results": run.results, "notes": run.notes,
            "machine": f"{platform.node() or 'unknown'}, {os.cpu_count()} cores, load average "
                       f"{os.getloadavg()[0]:.1f}; Python {platform.python_version()}",
            "date": date.today().isoformat(),
            "settings": {k: getattr(args, k) for k in ("layouts", "seed", "puzzles", "only")}}


def measure_tree(code: Path, args: argparse.Namespace) -> dict[str, Any]:
    """This benchmark run on the `generator` in directory `code`, in a fresh subprocess."""
    command = [sys.executable, str(Path(__file__).resolve()), "--json", "--code", str(code),
               "--layouts", str(args.layouts), "--seed", str(args.seed), "--puzzles", str(args.puzzles)]
    if args.only:
        command += ["--only", args.only]
    if args.hard_from != HARD_FIRST:     # a revision from before --hard-from measures the default window
        command += ["--hard-from", str(args.hard_from)]
    if args.only == "boards":
        command += ["--boards", args.boards, "--board-seeds", str(args.board_seeds)]
    data: dict[str, Any] = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    return data


def best_of(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The runs combined: each figure's best value (least time, most per second), the last run's
    notes; results must agree between runs (they do not depend on time)."""
    out = dict(runs[-1])
    out["figures"] = {}
    for key, figure in runs[-1]["figures"].items():
        pick = max if figure["unit"] == "/s" else min
        out["figures"][key] = figure | {kind: pick(r["figures"][key][kind] for r in runs) for kind in ("cpu", "wall")}
    if any(r["results"] != out["results"] for r in runs):
        out["results"] = {k: "varies between runs" for k in out["results"]}
    out["machine"] += f"; best of {len(runs)} run{'s' if len(runs) > 1 else ''}"
    return out


def measure_against(revision: str, args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """(baseline, now): git revision `revision` (exported with git archive) and this checkout, each
    measured `args.rounds` times in turn, so that both see the same load."""
    with tempfile.TemporaryDirectory(prefix="bench-laser-") as tmp:
        archive = subprocess.run(["git", "-C", str(HERE.parent), "archive", revision, "generator", "card_data"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        base_runs, now_runs = [], []
        for _ in range(args.rounds):
            base_runs.append(measure_tree(Path(tmp), args))
            now_runs.append(measure_tree(HERE.parent, args))
    base = best_of(base_runs)
    base["source"] = f"git revision {revision}, measured now in turn with this checkout"
    return base, best_of(now_runs)


def _value(figure: dict[str, Any], kind: str) -> str:
    value, unit = figure[kind], figure["unit"]
    if unit == "ms":
        return f"{value * 1000:9.3f} ms"
    if unit == "s":
        return f"{value:9.2f} s "
    return f"{value:9.0f} /s"


def _cost(now: dict[str, Any], base: dict[str, Any]) -> str:
    """How much more (+) or less (-) the work costs now, in CPU time."""
    if not base["cpu"] or not now["cpu"]:
        return "     -"
    ratio = base["cpu"] / now["cpu"] if now["unit"] == "/s" else now["cpu"] / base["cpu"]
    return f"{(ratio - 1) * 100:+6.1f}%"


def report(now: dict[str, Any], base: dict[str, Any] | None) -> None:
    print(f"laser benchmark, now: {now['machine']}, {now['date']}")
    if base is not None:
        print(f"baseline: {base.get('source', '')}; {base['machine']}, {base['date']}")
        keys = ("layouts", "seed", "puzzles")
        theirs, ours = ({k: run["settings"].get(k) for k in keys} for run in (base, now))
        if theirs != ours:
            print(f"  WARNING: the baseline was measured with {theirs}, this run with {ours}: "
                  "the figures do not compare")
    print(f"  {'':32}{'baseline cpu':>14}{'now cpu':>14}{'cost':>8}{'now wall':>14}   goal")
    for key, figure in now["figures"].items():
        old = (base or {}).get("figures", {}).get(key)
        print(f"  {figure['label']:32}{_value(old, 'cpu') if old else '':>14}{_value(figure, 'cpu'):>14}"
              f"{_cost(figure, old) if old else '':>8}{_value(figure, 'wall'):>14}"
              f"{'   (goal: ' + figure['goal'] + ')' if figure['goal'] else ''}")
    if base is not None:
        print("  cost: CPU time now against the baseline's (+ = dearer); a max or worst row is one call,"
              " and swings by tens of percent from run to run")
    for line in now["notes"]:
        print(f"  {line}")
    if base is not None:
        shared = [k for k in now["results"] if k in base["results"]]
        moved = [k for k in shared if now["results"][k] != base["results"][k]]
        verdict = "the same as the baseline's" if not moved else "DIFFERENT from the baseline's: " + ", ".join(moved)
        print(f"results that do not depend on time ({len(shared)} compared): {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--puzzles", type=int, default=30, help="level-3 puzzles timed (other levels: a third)")
    parser.add_argument("--only", choices=["engine", "puzzles", "hard", "boards"], default=None,
                        help="hard: levels 4-5 over 30 seeds each (median, worst, their ratio); boards: levels "
                             "1-3 on --boards (CPU and work units)")
    parser.add_argument("--boards", default=BOARDS, metavar="WxH,...", help=f"--only boards: the boards (default {BOARDS})")
    parser.add_argument("--board-seeds", type=int, default=BOARD_SEEDS, metavar="N",
                        help=f"--only boards: seeds per board and level (default {BOARD_SEEDS})")
    parser.add_argument("--hard-from", type=int, default=HARD_FIRST, metavar="SEED",
                        help=f"--only hard: the first of the 30 seeds (default {HARD_FIRST}; the worst moves "
                             "with the window, so compare windows)")
    parser.add_argument("--against", metavar="REV", help="measure git revision REV now, as the baseline")
    parser.add_argument("--baseline", type=Path, default=BASELINE, help="stored baseline figures (JSON)")
    parser.add_argument("--save-baseline", type=Path, metavar="FILE", help="write this run's figures there")
    parser.add_argument("--rounds", type=int, default=1,
                        help="runs to take the best figures of (with --against: 2 by default, in turn)")
    parser.add_argument("--json", action="store_true", help="print this run's figures as JSON only")
    parser.add_argument("--code", type=Path, help=argparse.SUPPRESS)   # read by _code_root()
    args = parser.parse_args()
    if args.against and "--rounds" not in sys.argv:
        args.rounds = 2
    if args.save_baseline and args.save_baseline.exists():
        sys.exit(f"{args.save_baseline}: exists; remove it first (a baseline is never overwritten)")
    base = None
    if args.against:
        base, now = measure_against(args.against, args)
    else:
        if args.baseline.is_file() and not args.json:
            base = json.loads(args.baseline.read_text(encoding="utf-8"))
            base["source"] = f"{args.baseline.name} ({base.get('revision', '')})"
        now = measure(args) if args.rounds == 1 or args.json else best_of(
            [measure_tree(_code_root(), args) for _ in range(args.rounds)])
    if args.json:
        print(json.dumps(now))
        return
    report(now, base)
    if args.save_baseline:
        args.save_baseline.write_text(json.dumps(now | {"revision": ""}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.save_baseline}")


if __name__ == "__main__":
    main()
