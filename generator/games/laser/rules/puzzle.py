"""Laser puzzles for one player: a fair layout and some of its shots, chosen so that exactly one
layout fits them (proved by the exact search), graded by the tiered solver (grade.py) and, for
levels 4-5, by where one-shot propagation stalls (hard.py).

Levels (LEVELS holds a one-line meaning of each, for the book's cover). A puzzle is *minimal* when
removing any given shot lets another layout fit:

    level 1: tier 1 with spare shots
    level 2: tier 1 minimal, or tier 2 with spare shots
    level 3: tier 2 minimal (drawn with more than a fifth of the cannons given)
    level 4: propagation (one shot at a time) stalls once, and some single pair of shots read
             together at that stall lets it finish (the best pair is taken, not the first: issue 36)
    level 5: no single pair finishes it: two or more pair readings, or a supposition
Levels 1-3 are solved by propagation alone: a draw it stalls on (rare) is drawn again (_stalls).
Every level's search spends a work budget (WORK, hard.Work: exact searches, grades, propagation runs
and pair readings counted, never seconds); levels 1-3 also stop after MAX_LAYOUTS layouts.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from generator.core.errors import RulesError
from generator.core.limits import LimitError
from generator.games.laser.rules.engine import Engine, Results, engine_for, observe
from generator.games.laser.rules.generate import check_fits, generate_fair
from generator.games.laser.rules.grade import (
    DEEPEST,
    Domains,
    Grade,
    grade,
    initial_domains,
    propagate,
    solved,
    tier_one,
)
from generator.games.laser.rules.hard import (
    OutOfWork,
    Work,
    count_fitting,
    depth,
    first_pair_level,
    generate_hard,
    start,
)
from generator.games.laser.rules.model import Board, ComponentSet, Layout, Observation
from generator.games.laser.rules.search import shots_from_results

LEVELS = (1, 2, 3, 4, 5)
LEVEL_MEANINGS = {
    1: "every shot alone tells you something, and there are spare shots",
    2: "no spare shot, or two shots must be read together",
    3: "no spare shot, and some shots must be read together",
    4: "shot by shot you get stuck once: one pair of shots read together, and the rest follows",
    5: "no single pair of shots gets you unstuck: several pairs, or a supposition to refute",
}
HARD_LEVELS = (4, 5)
DEFAULT_HARD = {4: "8x7", 5: "4x4"}   # the boards levels 4-5 are made on by default (docs/laser.md: figures)
EASY_WORK = 100000          # work (propagation runs, pair readings and exact searches) of a level 1-3 puzzle
WORK = {1: EASY_WORK, 2: EASY_WORK, 3: EASY_WORK, 4: 200000, 5: 500000}   # before a puzzle's search gives up
MAX_LAYOUTS = 2000          # fair layouts tried per level 1-3 puzzle before giving up


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


SPARSE = 5            # at most cannons // 5 shots given: sparse, not drawn as level 3
SPARE_TIER = {1: 1, 2: 2}     # the tier a puzzle with spare shots has at these levels


def level_of(tier: int, minimal: bool, hard: int | None = None) -> int:
    """The level of a puzzle of this tier (table above); `hard` is the level propagation's stalls
    give (hard.Depth.level), None when propagation alone solves it."""
    if hard is not None:
        return hard
    if not minimal:
        return 1 if tier == 1 else 2
    return 2 if tier == 1 else 3


def drawn_level(tier: int, minimal: bool, shots: int, cannons: int) -> int | None:
    """The level 1-3 a drawn puzzle counts for (None: not drawn as 1-3). A tier-2 minimal puzzle
    with at most a fifth of the cannons given, or a tier-3-4 one, is not drawn as level 3: the
    same rule as before levels 4-5 were searched for, so levels 1-3 keep their puzzles."""
    if not minimal:
        return {1: 1, 2: 2}.get(tier)
    if tier == 1:
        return 2
    if tier >= 3 or shots <= cannons // SPARSE:
        return None
    return 3


def possible_levels(minimal_only: bool, types: int) -> tuple[int, ...]:
    """The levels a set of `types` component types can give, known up front: level 1 always has
    spare shots (not with --minimal); levels 4-5 need two types or more (with one, each shot speaks
    of one component, so one-shot propagation is exact and never stalls). Levels 4-5 are searched
    for within a work budget, and turn up at a usable rate on their default board (docs/laser.md)."""
    out = []
    for level in LEVELS:
        if (level == 1 and minimal_only) or (level in HARD_LEVELS and types < 2):
            continue
        out.append(level)
    return tuple(out)


def check_level(level: int, minimal_only: bool, types: int | None = None) -> None:
    """RulesError at once when no puzzle of this level can be made (with the levels that can)."""
    if level not in LEVELS:
        raise RulesError(f"no level {level}: levels are 1 to {LEVELS[-1]}")
    if level == 1 and minimal_only:
        raise RulesError("level 1 puzzles always have spare shots: --minimal starts at level 2")
    if types is not None and level not in possible_levels(minimal_only, types):
        can = ", ".join(str(k) for k in possible_levels(minimal_only, types))
        raise RulesError(f"level {level} needs two component types or more (with one, reading one shot "
                         f"at a time never stalls); this set can give levels {can}")


def _spend(work: Work | None) -> None:
    """One unit of `work`, when it is counted: a propagation run, a grade or an exact search."""
    if work is not None:
        work.spend()


def _fitting(engine: Engine, results: Results, cannons: Iterable[int], work: Work | None) -> int:
    """count_fitting (stopping at 2), one unit of `work`."""
    _spend(work)
    return count_fitting(engine, results, cannons)


def is_minimal(engine: Engine, results: Results, cannons: Iterable[int], work: Work | None = None) -> bool:
    """True when dropping any one of the cannons lets a second layout fit."""
    chosen = list(cannons)
    return all(_fitting(engine, results, [k for k in chosen if k != drop], work) > 1 for drop in chosen)


def minimal_cannons(engine: Engine, results: Results, rng: random.Random, simple_first: bool = False,
                    work: Work | None = None) -> list[int]:
    """A minimal set of cannons whose shots determine the layout: from all of them, drop each in a
    random order when the rest still determine it. `simple_first` tries the shots with fewest hits
    first, so that what is left leans on the shots that take more thought. One unit of `work` per
    exact search."""
    kept = list(range(1, engine.board.cannons + 1))
    rng.shuffle(kept)
    if simple_first:
        kept.sort(key=lambda k: len(results[k - 1][0]))
        hitting = [k for k in kept if results[k - 1][0]]
        if len(hitting) < len(kept) and _fitting(engine, results, hitting, work) == 1:
            kept = hitting          # the blank shots would go one by one anyway: drop them at once
    for cannon in list(kept):
        trial = [k for k in kept if k != cannon]
        if _fitting(engine, results, trial, work) == 1:
            kept = trial
    return sorted(kept)


def grade_cannons(engine: Engine, results: Results, cannons: Iterable[int], max_tier: int = 3,
                  work: Work | None = None) -> Grade:
    """The tiered grade of these given shots (tier DEEPEST when tiers up to max_tier stall); one unit
    of `work`."""
    _spend(work)
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
    hard = depth(engine, shots_from_results(results, chosen)).level
    return Puzzle(layout, chosen, level_of(verdict.tier, minimal, hard), verdict.tier, minimal, verdict)


def level_before(puzzle: Puzzle) -> int:
    """The level codes of versions 1-2 were printed at for this puzzle: the same, except that at a
    stall the first pair that narrowed anything was read instead of the best one (hard.first_pair_level),
    which called some level-4 puzzles level 5 (issue 36)."""
    if puzzle.level not in HARD_LEVELS:
        return puzzle.level
    engine = engine_for(puzzle.layout.board, puzzle.layout.in_play)
    results = engine.results(engine.cells_of(puzzle.layout))
    hard = first_pair_level(engine, shots_from_results(results, puzzle.cannons))
    return level_of(puzzle.tier, puzzle.minimal, hard)


def _with_spares(engine: Engine, results: Results, base: list[int], level: int,
                 rng: random.Random, work: Work | None = None) -> tuple[list[int], Grade] | None:
    """Add shots to a minimal set until the grade comes down to this level's spare-shot tier (None
    if it skips past it)."""
    tier = SPARE_TIER[level]
    rest = [k for k in range(1, engine.board.cannons + 1) if k not in base]
    rng.shuffle(rest)
    current = list(base)
    for cannon in rest:
        trial = sorted([*current, cannon])
        verdict = grade_cannons(engine, results, trial, min(tier, DEEPEST - 1), work)
        if verdict.tier < tier:
            continue
        current = trial
        if drawn_level(verdict.tier, False, len(trial), engine.board.cannons) == level:
            return current, verdict
    return None


def _trimmed(engine: Engine, results: Results, rng: random.Random,
             work: Work | None = None) -> tuple[list[int], Grade] | None:
    """From every shot, drop shots in a random order while tier 1 alone still solves the rest (so
    one layout fits); (cannons, grade) of tier 1 with a spare shot: when nothing more could be
    dropped, the first shot dropped is given back (more shots never teach tier 1 less)."""
    easy = _TierOne(engine, results, work)
    kept = list(range(1, engine.board.cannons + 1))
    if not easy.solves(kept):
        return None
    order = list(kept)
    rng.shuffle(order)
    for cannon in order:
        trial = [k for k in kept if k != cannon]
        if easy.known(trial) or (_fitting(engine, results, trial, work) == 1 and easy.solves(trial)):
            kept = trial
    if is_minimal(engine, results, kept, work):          # give one spare shot back
        spare = [k for k in order if k not in kept]
        if not spare:
            return None
        kept = sorted([*kept, spare[0]])
    return kept, grade_cannons(engine, results, kept, 1, work)


class _TierOne:
    """Whether tier 1 alone solves some of one layout's shots (the grade with max_tier 1 is tier 1
    exactly then), the same answer as grading them, sooner: it keeps the tier-1 steps (shot, and
    knowledge before) that last solved a set. Shots that include every shot those steps used are
    solved by the same steps; others resume from the knowledge before the first step whose shot
    they lack (grade.tier_one: the fixed point is the same from any knowledge some steps reached).
    Each tier-1 run is one unit of `work`; an answer from the kept steps is free."""

    def __init__(self, engine: Engine, results: Results, work: Work | None = None) -> None:
        self.eng = engine
        self.results = results
        self.work = work
        self.steps: list[tuple[int, Domains]] | None = None

    def known(self, cannons: list[int]) -> bool:
        """True when the steps that last solved a set use only these cannons' shots."""
        chosen = set(cannons)
        return self.steps is not None and all(cannon in chosen for cannon, _ in self.steps)

    def solves(self, cannons: list[int]) -> bool:
        """True when tier 1 alone solves these cannons' shots (its steps are kept when it does)."""
        chosen = set(cannons)
        steps: list[tuple[int, Domains]] = []
        for cannon, before in self.steps or ():
            if cannon not in chosen:
                start = before
                break
            steps.append((cannon, before))
        else:
            if self.steps is not None:
                return True
            start = propagate(initial_domains(self.eng))
        _spend(self.work)
        first = [k for k, _ in (self.steps or ())[len(steps):] if k in chosen]     # likely to teach again
        order = [*dict.fromkeys(first), *(k for k in cannons if k not in first)]
        if not solved(tier_one(self.eng, start, shots_from_results(self.results, order), steps)):
            return False
        self.steps = steps
        return True


HITS_PER_TYPE = 4     # cannons whose beams can hit a component: its row's two and its column's two


def seldom(level: int, board: Board, types: int) -> str | None:
    """Why a puzzle of this level is unlikely to turn up on this board before its search gives up, known
    before drawing (None when it is not): level 3 keeps more than a fifth of the cannons in a minimal
    set, and a beam's first component lies on the line it enters by, so at most HITS_PER_TYPE shots per
    component type hit anything; beyond those the set must keep blank shots, each needed alone, and
    minimal sets seldom do (docs/laser.md: none of 100 above 9 shots on 24x24 or 32x32)."""
    need, hitting = board.cannons // SPARSE + 1, HITS_PER_TYPE * types
    if level != 3 or need <= hitting:
        return None
    most = hitting * SPARSE - 1          # the most cannons whose fifth, plus one, all hitting shots can give
    return (f"a level-3 puzzle on {board.named} keeps {need} shots or more, and at most "
            f"{hitting} can hit a component: the rest must be blank shots, which minimal sets seldom keep, so "
            f"this search will likely end without one; a board with fewer cannons (at most {most}, e.g. --size "
            f"{most // 4}x{most // 4}) or a lower --level comes out sooner")


def least_work(level: int, board: Board) -> int:
    """The fewest work units any level 1-3 puzzle on this board can take, known before drawing one: a
    layout drawn, a grade, and an exact search per cannon a removal pass tries to drop (level 2 tries
    every cannon; level 3 keeps more than a fifth of them, each tried; level 1 trims while tier 1
    solves: a tier-1 run and an exact search at least). Levels 4-5 have no such floor: their removal
    passes answer some tries from what earlier searches proved (hard.HardSearch)."""
    searches = {1: 2, 2: board.cannons, 3: board.cannons // SPARSE + 1}[level]
    return searches + 2


def check_work(level: int, board: Board, work: int | None) -> None:
    """LimitError naming --work, before any search, when `work` is below a level 1-3 puzzle's least_work."""
    if work is None or level in HARD_LEVELS:
        return
    need = least_work(level, board)
    if work < need:
        smaller = ", or a smaller --size" if _bigger_than_default(level, board) else ""
        raise LimitError(f"a level-{level} puzzle on {board.named} takes at least "
                         f"{need:,} work units (an exact search per cannon it tries to drop, a drawn "
                         f"layout, a grade); it is {work:,}: raise it{smaller}", key="--work")


def _bigger_than_default(level: int, board: Board) -> bool:
    """True when the board has more cells than the one this level is made on without --size."""
    width, height = (int(side) for side in DEFAULT_HARD.get(level, "8x7").split("x"))
    return board.cells > width * height


def generate_puzzle(rng: random.Random, board: Board, in_play: ComponentSet, level: int,
                    minimal_only: bool = False, max_layouts: int = MAX_LAYOUTS, work: int | None = None) -> Puzzle:
    """A random puzzle of this level within `work` units (WORK[level] by default: propagation runs,
    grades, pair readings and exact searches, so a seed gives the same puzzle anywhere); RulesError
    when they run out, or when levels 1-3 find none in `max_layouts` layouts."""
    check_level(level, minimal_only, len(in_play))
    check_fits(board, len(in_play))           # the hard levels draw their own layouts (hard.py)
    check_work(level, board, work)
    engine = engine_for(board, in_play)
    budget = Work(WORK[level] if work is None else work)
    if level in HARD_LEVELS:
        return _hard_puzzle(rng, engine, level, budget)
    try:
        found = _easy_puzzle(rng, engine, level, minimal_only, max_layouts, budget)
    except OutOfWork:
        raise _none_found(engine, level, f"within its work budget of {budget.limit:,} units") from None
    if found is None:
        raise _none_found(engine, level, f"in {max_layouts:,} layouts", "another --components set")
    return found


def _easy_puzzle(rng: random.Random, engine: Engine, level: int, minimal_only: bool, max_layouts: int,
                 work: Work) -> Puzzle | None:
    """A level 1-3 puzzle from up to `max_layouts` fair layouts (OutOfWork when `work` runs out)."""
    board = engine.board
    for _ in range(max_layouts):
        layout = generate_fair(rng, board, engine.in_play, tried=work.spend)
        results = engine.results(engine.cells_of(layout))
        if level == 1:
            found = _trimmed(engine, results, rng, work)
            if found is not None:
                return Puzzle(layout, tuple(found[0]), level, 1, False, found[1])
            continue
        base = minimal_cannons(engine, results, rng, simple_first=level >= 3, work=work)
        verdict = grade_cannons(engine, results, base, work=work)
        if drawn_level(verdict.tier, True, len(base), board.cannons) == level:
            if _stalls(engine, results, base, verdict, work):
                continue
            return Puzzle(layout, tuple(base), level, verdict.tier, True, verdict)
        tier = SPARE_TIER.get(level)
        if minimal_only or tier is None or verdict.tier < tier:
            continue
        found = _with_spares(engine, results, base, level, rng, work)
        if found is not None and not _stalls(engine, results, found[0], found[1], work):
            return Puzzle(layout, tuple(found[0]), level, found[1].tier, False, found[1])
    return None


def _stalls(engine: Engine, results: Results, cannons: Iterable[int], verdict: Grade, work: Work | None = None) -> bool:
    """True when a level 1-3 draw is one that propagation stalls on and `analyse` would call level
    4 or 5 (it is drawn again, so that a code reprints at the level it was made at). Only a grade
    that read two shots together can hide a stall: tier-1 steps and shots intersected one by one
    are what propagation does too, so the rest skip the check. One unit of `work` for propagation,
    and depth's pair readings."""
    if not any(step.tier == 2 and len(step.cannons) == 2 for step in verdict.steps):
        return False
    shots = shots_from_results(results, sorted(cannons))
    _spend(work)
    known = start(engine, shots)
    if solved(known):
        return False
    return depth(engine, shots, work, known).level is not None


def _hard_puzzle(rng: random.Random, engine: Engine, level: int, work: Work) -> Puzzle:
    """A level-4 or level-5 puzzle from hard.generate_hard (RulesError when its work runs out)."""
    try:
        cells, cannons, _ = generate_hard(rng, engine, level, work)
    except OutOfWork:
        raise _none_found(engine, level, f"within its work budget of {work.limit:,} units",
                          why=" (reading one shot at a time seldom stalls)") from None
    results = engine.results(cells)
    verdict = grade_cannons(engine, results, cannons)
    return Puzzle(engine.layout_of(cells), tuple(cannons), level, verdict.tier, True, verdict)


def _none_found(engine: Engine, level: int, within: str, last: str = "raise --work", why: str = "") -> RulesError:
    """The one line a search that found no puzzle ends with: where it stopped, and what to change
    (levels 4-5: the level's default board, or another seed there; levels 1-3: a smaller board, a
    lower level), then `last`."""
    board = engine.board
    size = f"{board.width}x{board.height}"
    if level in HARD_LEVELS:
        hint = "try another seed" if size == DEFAULT_HARD[level] else f"try its default board {DEFAULT_HARD[level]}"
    else:
        hints = [*(["a smaller --size"] if _bigger_than_default(level, board) else []),
                 *(["a lower --level"] if level > 1 else [])]
        hint = f"try {' or '.join(hints)}" if hints else "try another seed"
    return RulesError(f"no level-{level} puzzle on {board.named} with {', '.join(engine.in_play.names)} "
                      f"{within}{why}: {hint}, or {last}")
