"""Recorded outputs of the laser search, checker, rater, grader, puzzle generator and assistant on
seeded boards: `python tests/laser/recorded.py` writes them (data/recorded.json) from the code as it
is; test_recorded.py recomputes them and asserts they are unchanged (a refactor must not move one).

Each case is a short name and a digest (SHA-256 of the repr of every result, in order) with a count,
so that a difference says which case moved and by how much.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from generator.core.rng import make_rng
from generator.games.laser.content import load_catalog
from generator.games.laser.rules.assist import advise
from generator.games.laser.rules.check import check
from generator.games.laser.rules.difficulty import rate
from generator.games.laser.rules.engine import Engine, engine_for, observe
from generator.games.laser.rules.generate import generate_fair, random_cells
from generator.games.laser.rules.grade import grade
from generator.games.laser.rules.model import TRAPPED, Board, ComponentSet, component_set_from_data
from generator.games.laser.rules.puzzle import DEFAULT_HARD, generate_puzzle
from generator.games.laser.rules.search import Search, SearchStopped, shots_from_results

RECORD = Path(__file__).parent / "data" / "recorded.json"
MAX_LEAVES = 4000
HARD_SEEDS = {4: 4, 5: 2}       # seeds on which the level 4-5 search is quick (a tenth of its median)

# A made-up set with long and zero jumps, one-sided walls and turns: beams that loop (trapped),
# jump off the board and skip pieces, which the beginner set rarely does.
ODD_SET = component_set_from_data([
    {"name": "long", "hit": "L", "orientations": [
        {"name": None, "grid": "L", "actions": {"N": "jump 5", "E": "jump 0", "S": "jump 3", "W": "jump 1"}}]},
    {"name": "wall", "hit": "M", "orientations": [
        {"name": "a", "grid": "M", "actions": {"N": "stop", "E": "W", "S": "stop", "W": "E"}},
        {"name": "b", "grid": "m", "actions": {"N": "S", "E": "stop", "S": "N", "W": "stop"}}]},
    {"name": "turn", "hit": "T", "orientations": [
        {"name": "r", "grid": "R", "actions": {"N": "E", "E": "S", "S": "W", "W": "N"}},
        {"name": "l", "grid": "K", "actions": {"N": "W", "E": "N", "S": "E", "W": "S"}}]},
    {"name": "hop", "hit": "H", "orientations": [
        {"name": None, "grid": "H", "actions": {"N": "jump 2", "E": "S", "S": "jump 16", "W": "stop"}}]},
])

# Three types that turn the beam clockwise and a funnel that sends every beam east but a westward
# one: the four at the corners of a rectangle hold a beam for ever (two ways into the funnel's cell,
# one way out), so the search meets loops and some layouts are unplayable.
SPIN_SET = component_set_from_data([
    *({"name": f"spin{n}", "hit": str(n), "orientations": [
        {"name": None, "grid": str(n), "actions": {"N": "E", "E": "S", "S": "W", "W": "N"}}]} for n in range(1, 4)),
    {"name": "funnel", "hit": "F", "orientations": [
        {"name": None, "grid": "F", "actions": {"N": "E", "E": "E", "S": "E", "W": "stop"}}]},
])

TRAP_3X3 = [3, -1, 0, -1, -1, -1, 2, -1, 1]    # the funnel and the spins at the corners of a 3x3 board


def _sets() -> dict[str, ComponentSet]:
    catalog = load_catalog()
    return {"beginner": catalog.beginner(), "ajt": catalog.subset(["absorber", "jump", "triangle"]),
            "rd": catalog.subset(["reflector", "diagonal"]), "odd": ODD_SET, "spin": SPIN_SET}


def plain(item: Any) -> Any:
    """A result as the values it holds: tuples and lists taken apart, so that a record (Engine.results'
    ShotResult, a NamedTuple) hashes as the plain tuple of its fields it was recorded as."""
    if isinstance(item, tuple):
        return tuple(plain(x) for x in item)
    if isinstance(item, list):
        return [plain(x) for x in item]
    return item


def digest(items: Iterator[Any] | list[Any]) -> dict[str, Any]:
    sha, count = hashlib.sha256(), 0
    for item in items:
        sha.update(repr(plain(item)).encode())
        sha.update(b"\n")
        count += 1
    return {"count": count, "sha256": sha.hexdigest()}


def _leaves(engine: Engine, shots: list[tuple[int, tuple[int, ...], int]], **kwargs: Any) -> list[Any]:
    out: list[Any] = []

    def leaf(b: list[int | None], placed: int, known: int) -> bool:
        out.append((tuple(b), placed, known))
        return len(out) >= MAX_LEAVES

    Search(engine, shots, **kwargs).run(leaf)
    return out


def search_cases() -> Iterator[tuple[str, Callable[[], list[Any]]]]:
    """Search leaves (every partial board, in order) on seeded random layouts and shot subsets."""
    sets = _sets()
    for set_name, size, seeds in (("beginner", (8, 7), range(4)), ("beginner", (5, 4), range(6)),
                                  ("ajt", (6, 6), range(4)), ("rd", (4, 3), range(4)),
                                  ("odd", (6, 5), range(8)), ("odd", (4, 4), range(8)),
                                  ("spin", (3, 3), range(12)), ("spin", (4, 3), range(8))):
        engine = engine_for(Board(*size), sets[set_name])
        for seed in seeds:
            rng = random.Random(f"search-{set_name}-{size}-{seed}")
            cells = TRAP_3X3 if (set_name, size, seed) == ("spin", (3, 3), 0) else random_cells(engine, rng)
            results = engine.results(cells)
            playable = [k for k in range(1, engine.board.cannons + 1) if results[k - 1][1] != TRAPPED]
            some = sorted(rng.sample(playable, len(playable) // 3))
            name = f"search {set_name} {size[0]}x{size[1]} seed {seed}"
            yield f"{name} traces", lambda e=engine, c=cells: [e.results(c), [e.path(c, k) for k in
                                                                          range(1, e.board.cannons + 1)]]
            yield f"{name} third", lambda e=engine, r=results, s=some: _leaves(e, shots_from_results(r, s))
            yield f"{name} all guided", lambda e=engine, r=results, p=playable, c=cells: _leaves(
                e, shots_from_results(r, p), guide=c)


def _stopped_search() -> list[Any]:
    """A search stopped by its interrupt: the leaves seen before the stop."""
    engine = engine_for(Board(8, 7), _sets()["beginner"])
    rng = random.Random("stopped")
    results = engine.results(random_cells(engine, rng))
    asked = [0]

    def interrupt() -> bool:
        asked[0] += 1
        return asked[0] > 3

    out: list[Any] = []
    try:
        Search(engine, shots_from_results(results, [1, 9, 20]), interrupt=interrupt).run(
            lambda b, placed, known: bool(out.append((tuple(b), placed, known))))
    except SearchStopped:
        out.append("stopped")
    return out


def rules_cases() -> Iterator[tuple[str, Callable[[], list[Any]]]]:
    """Checks, ratings, grades, puzzles and advice for fixed seeds."""
    sets = _sets()
    beginner, board = sets["beginner"], Board(8, 7)
    engine = engine_for(board, beginner)
    yield "search stopped by its interrupt", _stopped_search

    def checks() -> list[Any]:
        rng = make_rng(7, "laser", "recorded-check")
        return [check(engine.layout_of(random_cells(engine, rng))) for _ in range(40)]

    def ratings() -> list[Any]:
        rng = make_rng(7, "laser", "recorded-rate")
        return [rate(generate_fair(rng, board, beginner)) for _ in range(12)]

    def grades() -> list[Any]:
        rng = make_rng(7, "laser", "recorded-grade")
        out = []
        for _ in range(10):
            results = engine.results(engine.cells_of(generate_fair(rng, board, beginner)))
            cannons = sorted(rng.sample(range(1, board.cannons + 1), 9))
            out.append(grade(engine, shots_from_results(results, cannons)))
        return out

    def puzzles(level: int, count: int) -> Callable[[], list[Any]]:
        def run() -> list[Any]:
            rng = make_rng(HARD_SEEDS.get(level, 7), "laser", f"recorded-puzzle-{level}")
            on = Board(*map(int, DEFAULT_HARD[level].split("x"))) if level in DEFAULT_HARD else board
            return [generate_puzzle(rng, on, beginner, level) for _ in range(count)]
        return run

    def advice() -> list[Any]:
        rng = make_rng(7, "laser", "recorded-advice")
        out = []
        for fired in (0, 3, 6, 9, 14):
            layout = generate_fair(rng, board, beginner)
            order = list(range(1, board.cannons + 1))
            rng.shuffle(order)
            out.append(advise(engine, observe(layout, order[:fired]), rng, sample_size=300))
        return out

    def small_advice() -> list[Any]:
        rng = make_rng(7, "laser", "recorded-advice-odd")
        small = engine_for(Board(4, 4), sets["odd"])
        out = []
        for fired in (0, 2, 4):
            cells = random_cells(small, rng)
            results = small.results(cells)
            playable = [k for k in range(1, 17) if results[k - 1][1] != TRAPPED]
            out.append(advise(small, observe(small.layout_of(cells), rng.sample(playable, fired)), rng, 200))
        return out

    yield "check 40 random 8x7", checks
    yield "rate 12 fair 8x7", ratings
    yield "grade 10 fair 8x7 with 9 shots", grades
    for level, count in ((1, 3), (2, 3), (3, 3), (4, 1), (5, 1)):
        yield f"puzzles level {level}", puzzles(level, count)
    yield "advice 8x7", advice
    yield "advice odd 4x4", small_advice


def compute(only: set[str] | None = None) -> dict[str, dict[str, Any]]:
    """Every case's digest, by name (only the named cases when `only` is given)."""
    out = {}
    for name, run in [*search_cases(), *rules_cases()]:
        if only is None or name in only:
            out[name] = digest(run())
    return out


if __name__ == "__main__":
    # `python tests/laser/recorded.py` re-records every case; with case names as arguments
    # (`python tests/laser/recorded.py "puzzles level 4"`) only those, keeping the others as stored.
    chosen = set(sys.argv[1:]) or None
    stored = json.loads(RECORD.read_text(encoding="utf-8")) if chosen else {}
    unknown = (chosen or set()) - {name for name, _ in [*search_cases(), *rules_cases()]}
    if unknown:
        sys.exit(f"no such case: {', '.join(sorted(unknown))}")
    stored.update(compute(chosen))
    RECORD.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {RECORD}" + (f" ({', '.join(sorted(chosen))})" if chosen else ""))
