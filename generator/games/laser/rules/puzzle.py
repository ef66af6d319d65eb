"""Laser puzzles for one player: a fair layout and some of its shots, chosen so that exactly one
layout fits them (proved by the exact search), graded by the tiered solver (grade.py).

Levels combine the tier a person needs with how many shots are given: a puzzle is *minimal* when
removing any given shot lets another layout fit. At the same tier, fewer shots is harder:

    level 1: tier 1 with spare shots
    level 2: tier 1 minimal, or tier 2 with spare shots
    level 3: tier 2 minimal
    level 4: tier 2 minimal with at most a fifth of the cannons given (6 on 8x7),
             or tier 3-4 with spare shots
    level 5: tier 2 minimal with at most a sixth of the cannons given (5 on 8x7),
             or tier 3-4 minimal
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from generator.core.errors import RulesError
from generator.games.laser.rules.engine import Engine, engine_for, observe
from generator.games.laser.rules.generate import generate_fair
from generator.games.laser.rules.grade import DEEPEST, Grade, grade
from generator.games.laser.rules.model import Board, ComponentSet, Layout, Observation
from generator.games.laser.rules.search import Search, completions, shots_from_results

LEVELS = (1, 2, 3, 4, 5)
Results = list[tuple[tuple[int, ...], int]]     # Engine.results: per cannon (hit type ids, outcome)
MAX_LAYOUTS = 2000          # fair layouts tried per puzzle before giving up


@dataclass(frozen=True)
class Puzzle:
    """A puzzle: the hidden layout, the cannons whose shots are given, and its grade."""

    layout: Layout
    cannons: tuple[int, ...]
    level: int
    tier: int
    minimal: bool
    grade: Grade

    @property
    def observation(self) -> Observation:
        """The given shots, in cannon order, as an investigator's log holds them."""
        return observe(self.layout, list(self.cannons))


SPARSE = 5            # at most cannons // 5 shots given: sparse
VERY_SPARSE = 6       # at most cannons // 6: very sparse
SPARE_TIER = {1: 1, 2: 2, 4: 3}     # the tier a puzzle with spare shots has at these levels


def level_of(tier: int, minimal: bool, shots: int, cannons: int) -> int:
    """The level of a puzzle of this tier with `shots` of the board's `cannons` given (table above)."""
    if not minimal:
        return {1: 1, 2: 2}.get(tier, 4)
    if tier == 1:
        return 2
    if tier >= 3 or shots <= cannons // VERY_SPARSE:
        return 5
    return 4 if shots <= cannons // SPARSE else 3


def possible_levels(cannons: int, minimal_only: bool) -> tuple[int, ...]:
    """The levels the table above can give on a board with this many cannons, known up front:
    level 1 always has spare shots (not with --minimal); level 4 needs a tier-2 minimal puzzle with
    more than cannons // 6 and at most cannons // 5 shots, a band that is empty on boards where the
    two agree (fewer than 30 cannons, such as 6x6 or 4x3), since tiers 3-4 need a supposition that
    propagation cannot replace and do not turn up on any board at a usable rate (docs/laser.md)."""
    out = []
    for level in LEVELS:
        if level == 1 and minimal_only:
            continue
        if level == 4 and cannons // SPARSE == cannons // VERY_SPARSE:
            continue
        out.append(level)
    return tuple(out)


def check_level(level: int, minimal_only: bool, board: Board | None = None) -> None:
    """RulesError at once when no puzzle of this level can be made (with the levels that can)."""
    if level not in LEVELS:
        raise RulesError(f"no level {level}: levels are 1 to {LEVELS[-1]}")
    if level == 1 and minimal_only:
        raise RulesError("level 1 puzzles always have spare shots: --minimal starts at level 2")
    if board is not None and level not in possible_levels(board.cannons, minimal_only):
        can = ", ".join(str(k) for k in possible_levels(board.cannons, minimal_only))
        raise RulesError(f"level {level} cannot be made on a {board.width}x{board.height} board "
                         f"({board.cannons} cannons: a level-4 puzzle gives more than {board.cannons // VERY_SPARSE} "
                         f"and at most {board.cannons // SPARSE} shots); this board can give levels {can}")


def count_fitting(engine: Engine, results: Results, cannons: Iterable[int], stop: int | None = 2) -> int:
    """How many layouts fit the shots of these cannons (counting stops once it reaches `stop`)."""
    total = 0

    def leaf(b: list[int | None], placed: int, known: int) -> bool:
        nonlocal total
        total += completions(engine, placed, known)
        return stop is not None and total >= stop

    Search(engine, shots_from_results(results, cannons)).run(leaf)
    return total


def is_minimal(engine: Engine, results: Results, cannons: Iterable[int]) -> bool:
    """True when dropping any one of the cannons lets a second layout fit."""
    chosen = list(cannons)
    return all(count_fitting(engine, results, [k for k in chosen if k != drop]) > 1 for drop in chosen)


def minimal_cannons(engine: Engine, results: Results, rng: random.Random, simple_first: bool = False) -> list[int]:
    """A minimal set of cannons whose shots determine the layout: from all of them, drop each in a
    random order when the rest still determine it. `simple_first` tries the shots with fewest hits
    first, so that what is left leans on the shots that take more thought."""
    kept = list(range(1, engine.board.cannons + 1))
    rng.shuffle(kept)
    if simple_first:
        kept.sort(key=lambda k: len(results[k - 1][0]))
        hitting = [k for k in kept if results[k - 1][0]]
        if len(hitting) < len(kept) and count_fitting(engine, results, hitting) == 1:
            kept = hitting          # the blank shots would go one by one anyway: drop them at once
    for cannon in list(kept):
        trial = [k for k in kept if k != cannon]
        if count_fitting(engine, results, trial) == 1:
            kept = trial
    return sorted(kept)


def grade_cannons(engine: Engine, results: Results, cannons: Iterable[int], max_tier: int = 3) -> Grade:
    """The tiered grade of these given shots (tier DEEPEST when tiers up to max_tier stall)."""
    return grade(engine, shots_from_results(results, sorted(cannons)), max_tier)


def analyse(layout: Layout, cannons: Iterable[int]) -> Puzzle:
    """Grade a layout with these given cannons (RulesError unless exactly one layout fits)."""
    engine = engine_for(layout.board, layout.in_play)
    results = engine.results(engine.cells_of(layout))
    chosen = tuple(sorted(set(cannons)))
    if count_fitting(engine, results, chosen) != 1:
        raise RulesError("these shots fit more than one layout: not a puzzle")
    verdict = grade_cannons(engine, results, chosen)
    minimal = is_minimal(engine, results, chosen)
    level = level_of(verdict.tier, minimal, len(chosen), layout.board.cannons)
    return Puzzle(layout, chosen, level, verdict.tier, minimal, verdict)


def _with_spares(engine: Engine, results: Results, base: list[int], level: int,
                 rng: random.Random) -> tuple[list[int], Grade] | None:
    """Add shots to a minimal set until the grade comes down to this level's spare-shot tier (None
    if it skips past it)."""
    tier = SPARE_TIER[level]
    rest = [k for k in range(1, engine.board.cannons + 1) if k not in base]
    rng.shuffle(rest)
    current = list(base)
    for cannon in rest:
        trial = sorted([*current, cannon])
        verdict = grade_cannons(engine, results, trial, min(tier, DEEPEST - 1))
        if verdict.tier < tier:
            continue
        current = trial
        if level_of(verdict.tier, False, len(trial), engine.board.cannons) == level:
            return current, verdict
    return None


def _trimmed(engine: Engine, results: Results, tier: int, rng: random.Random) -> tuple[list[int], Grade] | None:
    """From every shot, drop shots in a random order while one layout still fits and the grade stays
    at most `tier`; (cannons, grade) when the result is of that tier and not minimal."""
    kept = list(range(1, engine.board.cannons + 1))
    verdict = grade_cannons(engine, results, kept, tier)
    if verdict.tier > tier:
        return None
    order = list(kept)
    rng.shuffle(order)
    for cannon in order:
        trial = [k for k in kept if k != cannon]
        if count_fitting(engine, results, trial) != 1:
            continue
        trial_grade = grade_cannons(engine, results, trial, tier)
        if trial_grade.tier == tier:
            kept, verdict = trial, trial_grade
    if verdict.tier != tier:
        return None
    if is_minimal(engine, results, kept):          # give one spare shot back
        spare = [k for k in order if k not in kept]
        if not spare:
            return None
        kept = sorted([*kept, spare[0]])
        verdict = grade_cannons(engine, results, kept, tier)
        if verdict.tier != tier:
            return None
    return kept, verdict


def generate_puzzle(rng: random.Random, board: Board, in_play: ComponentSet, level: int,
                    minimal_only: bool = False, max_layouts: int = MAX_LAYOUTS) -> Puzzle:
    """A random puzzle of this level (RulesError if none turns up within `max_layouts` layouts)."""
    check_level(level, minimal_only, board)
    engine = engine_for(board, in_play)
    for _ in range(max_layouts):
        layout = generate_fair(rng, board, in_play)
        results = engine.results(engine.cells_of(layout))
        if level == 1:
            found = _trimmed(engine, results, 1, rng)
            if found is not None:
                return Puzzle(layout, tuple(found[0]), level, 1, False, found[1])
            continue
        base = minimal_cannons(engine, results, rng, simple_first=level >= 3)
        verdict = grade_cannons(engine, results, base)
        if level_of(verdict.tier, True, len(base), board.cannons) == level:
            return Puzzle(layout, tuple(base), level, verdict.tier, True, verdict)
        tier = SPARE_TIER.get(level)
        if minimal_only or tier is None or verdict.tier < tier:
            continue
        found = _with_spares(engine, results, base, level, rng)
        if found is not None:
            return Puzzle(layout, tuple(found[0]), level, found[1].tier, False, found[1])
    raise RulesError(f"no level-{level} puzzle on a {board.width}x{board.height} board with "
                     f"{', '.join(in_play.names)} in {max_layouts} layouts: try another level or set")
