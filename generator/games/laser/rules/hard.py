"""Hard laser puzzles: how often one-shot propagation stalls on some given shots, and a generator
that searches for shots on which it stalls (levels 4 and 5, issue 26).

*Propagation* (grade.saturate) reads one shot at a time, keeping where each component may still be.
Where it stalls short of the solution, a person needs a step it cannot replace: two shots read
together (their explanations must agree on the cells they share), or, failing that, a supposition
(put a component on one of its spots, propagate, and strike the spot when a shot contradicts it).
After each such step propagation resumes. `depth` counts the stalls:

    level 4: propagation stalls once, and some single pair of shots read together there lets it
             finish (every pair is tried: the best one counts, not the first, issue 36);
    level 5: no single pair does: it stalls twice or more, or a stall needs a supposition.

The generator draws layouts whose components shadow each other (sharing rows and columns, often
side by side: a jump behind a reflector, a triangle beside the absorber); for each it trims all the
shots to minimal sets along random removal orders (a minimal set is the likeliest to stall: fewer
shots never teach propagation more) and keeps the first on which propagation stalls as the level
asks, graded by `depth`. A layout gets 20 orders, 20 more after each set that stalls (stalls come in
clusters), at most 100: then a fresh layout, so that no draw dwells long on one layout.
Propagation on a set starts from what each of its shots alone allows (cached per shot): every
step only narrows, so it reaches the same fixed point as from nothing.
Work is counted in propagation runs and exact searches, never in seconds, so a seed gives the same
puzzle on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, permutations, product

from generator.games.laser.rules.engine import EMPTY, Engine, Piece, Results
from generator.games.laser.rules.generate import is_fair_cells, random_cells
from generator.games.laser.rules.grade import (
    Domains,
    SearchShot,
    initial_domains,
    project,
    propagate,
    refuted_spot,
    saturate,
    solved,
)
from generator.games.laser.rules.search import Partial, Search, completions, shots_from_results

PAIR_CAP = 20000        # most joint readings of a pair the first-pair grade of versions 1-2 listed
PAIR_LIMIT = 100000     # most joint readings best_pair lists (generated puzzles: at most 11 measured)
SHADOW_TRIES = 100      # shadowing placements drawn before falling back to a uniform one
NEAR = ((1, 0), (-1, 0), (0, 1), (0, -1), (2, 0), (-2, 0), (0, 2), (0, -2))


@dataclass(frozen=True)
class Depth:
    """Where propagation stalls on some shots: how many times, how many of those stalls needed a
    supposition, whether these steps reach the solution at all, and the pairs of shots read
    together, in order."""

    stalls: int
    supposed: int
    solved: bool
    pairs: tuple[tuple[int, int], ...] = ()

    @property
    def level(self) -> int | None:
        """4 or 5 as in the module docstring; None when propagation alone solves the shots (or
        neither step gets past a stall: deeper than this generator grades)."""
        if not self.solved or self.stalls == 0:
            return None
        return 5 if self.stalls >= 2 or self.supposed else 4


def start(engine: Engine, shots: Sequence[SearchShot]) -> Domains:
    """What propagation alone knows from these shots (Contradiction if they are impossible)."""
    return saturate(engine, propagate(initial_domains(engine)), shots)


def _spots(domains: Domains) -> int:
    return sum(len(dom) for dom in domains)


def best_pair(engine: Engine, domains: Domains, shots: Sequence[SearchShot],
              work: Work | None = None) -> tuple[Domains, tuple[int, int]] | None:
    """Two shots read together, then propagation: the best pair at a stall, not the first. Every
    pair is read, its joint readings listed in full up to PAIR_LIMIT (a guard for codes typed by
    hand: the generator's pairs have had at most a dozen); one after which propagation finishes
    wins at once, else the one that leaves the fewest spots (the first of equals, in cannon order).
    None when no pair narrows anything. `work` is charged one unit per pair that narrows (a
    propagation run)."""
    best: tuple[int, Domains, tuple[int, int]] | None = None
    for a, b in combinations(shots, 2):
        projected = project(engine, domains, [a, b], PAIR_LIMIT)
        if projected is domains:
            continue
        new = propagate(projected)
        if new == domains:
            continue
        if work is not None:
            work.spend()
        new = saturate(engine, new, shots)
        if solved(new):
            return new, (a[0], b[0])
        if best is None or _spots(new) < best[0]:
            best = (_spots(new), new, (a[0], b[0]))
    return None if best is None else (best[1], best[2])


def _supposed(engine: Engine, domains: Domains, shots: Sequence[SearchShot]) -> Domains | None:
    """A supposition refuted by propagation alone (grade.refuted_spot with saturate)."""
    found = refuted_spot(domains, lambda trial: saturate(engine, trial, shots))
    return None if found is None else saturate(engine, found[0], shots)


def depth(engine: Engine, shots: Sequence[SearchShot], work: Work | None = None,
          known: Domains | None = None) -> Depth:
    """Propagation, and at each stall the best two-shot reading (best_pair), else a supposition,
    until solved. Level 4 exactly when some single pair read at the first stall lets propagation
    finish (issue 36: the first pair that narrowed anything was taken before, and called many such
    puzzles level 5). `known`: propagation's fixed point on these shots, when already reached."""
    domains = start(engine, shots) if known is None else known
    stalls = supposed = 0
    pairs: list[tuple[int, int]] = []
    while not solved(domains):
        stalls += 1
        found = best_pair(engine, domains, shots, work)
        new = None
        if found is not None:
            new, pair = found
            pairs.append(pair)
        else:
            new = _supposed(engine, domains, shots)
            supposed += 1
        if new is None:
            return Depth(stalls, supposed, False, tuple(pairs))
        domains = new
    return Depth(stalls, supposed, True, tuple(pairs))


def first_pair_level(engine: Engine, shots: Sequence[SearchShot]) -> int | None:
    """The level versions 1-2 of the codes were printed at for levels 4-5: at each stall the first
    pair, in cannon order, whose joint readings (at most PAIR_CAP) narrow anything, else a
    supposition (kept to tell a reprinted old code's note whether its level changed)."""
    domains = start(engine, shots)
    stalls = supposed = 0
    while not solved(domains):
        stalls += 1
        new = None
        for a, b in combinations(shots, 2):
            projected = project(engine, domains, [a, b], PAIR_CAP)
            if projected is not domains and propagate(projected) != domains:
                new = propagate(projected)
                break
        if new is None:
            new = _supposed(engine, domains, shots)
            supposed += 1
        if new is None:
            return None
        domains = saturate(engine, new, shots)
    return Depth(stalls, supposed, True).level


def shadow_cells(engine: Engine, rng: random.Random) -> list[int]:
    """Each type in a distinct cell, every one after the first in the row or column of one already
    placed and often right beside it or one cell beyond, so that beams pass one on the way to
    another (a uniform placement if the draw keeps colliding)."""
    width, height = engine.board.width, engine.board.height
    for _ in range(SHADOW_TRIES):
        cells = [-1] * engine.size
        used: list[int] = []
        for pieces in engine.type_pieces:
            spot = _near(used, width, height, rng) if used else rng.randrange(engine.size)
            if spot in used:
                break
            used.append(spot)
            cells[spot] = pieces[rng.randrange(len(pieces))]
        else:
            return cells
    return random_cells(engine, rng)


def _near(used: list[int], width: int, height: int, rng: random.Random) -> int:
    column, row = divmod(used[rng.randrange(len(used))], width)[::-1]
    if rng.random() < 0.4:
        dx, dy = NEAR[rng.randrange(len(NEAR))]
        if 0 <= column + dx < width and 0 <= row + dy < height:
            return (row + dy) * width + column + dx
    if rng.random() < 0.5:
        return row * width + rng.randrange(width)
    return rng.randrange(height) * width + column


def shadow_fair(engine: Engine, rng: random.Random, tries: int) -> list[int] | None:
    """A fair layout's cells from the shadowing sampler (None after `tries` unfair draws)."""
    for _ in range(tries):
        cells = shadow_cells(engine, rng)
        if is_fair_cells(engine, cells):
            return cells
    return None


def count_fitting(engine: Engine, results: Results, cannons: Iterable[int], stop: int | None = 2) -> int:
    """How many layouts fit the shots of these cannons (counting stops once it reaches `stop`)."""
    total = 0

    def leaf(b: list[int | None], placed: int, known: int) -> bool:
        nonlocal total
        total += completions(engine, placed, known)
        return stop is not None and total >= stop

    Search(engine, shots_from_results(results, cannons)).run(leaf)
    return total


def other_layout(engine: Engine, truth: list[Piece], shots: Sequence[SearchShot]) -> list[Piece] | None:
    """A layout other than `truth` that fits these shots (which `truth` fits), or None when it is
    the only one: the search of count_fitting, stopped at the first leaf standing for a layout
    that is not `truth` (a leaf with types unplaced stands for every way to put them in its unknown
    cells; at most one of those ways is `truth`)."""
    found: list[list[Piece]] = []

    def leaf(b: Partial, placed: int, known: int) -> bool:
        base = [EMPTY if p is None else p for p in b]
        missing = [t for t, pieces in enumerate(engine.type_pieces) if not (placed >> t) & 1]
        unknown = [i for i, p in enumerate(b) if p is None] if missing else []
        for spots in permutations(unknown, len(missing)):
            for pieces in product(*(engine.type_pieces[t] for t in missing)):
                cells = list(base)
                for i, piece in zip(spots, pieces, strict=True):
                    cells[i] = piece
                if cells != truth:
                    found.append(cells)
                    return True
        return False

    Search(engine, shots).run(leaf)
    return found[0] if found else None


class OutOfWork(Exception):
    """The generator's work budget is spent."""


class Work:
    """A work budget counted in propagation runs and exact searches (deterministic per seed)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.spent = 0

    def spend(self, amount: int = 1) -> None:
        self.spent += amount
        if self.spent > self.limit:
            raise OutOfWork



class HardSearch:
    """Minimal given shots of one fair layout's results, and whether propagation stalls on them.

    The removal orders ask whether a set of shots still fits one layout some 600 times a layout;
    the answers are remembered as bitmasks of cannons. A set holding a set proven unique is unique;
    a set on which some other layout found earlier gives every shot the same result is not. About
    half the questions are answered so, without a search (issue 36: level-4 draws a third cheaper,
    the same puzzles)."""

    def __init__(self, engine: Engine, cells: list[Piece], results: Results, work: Work) -> None:
        self.eng = engine
        self.cells = cells
        self.results = results
        self.work = work
        self.proven: list[int] = []      # sets of cannons (bit k: cannon k) that fit this layout only
        self.agree: list[int] = []       # per other layout found: the cannons whose shots it matches

    def shots(self, cannons: Sequence[int]) -> list[SearchShot]:
        return [(k, self.results[k - 1][0], self.results[k - 1][1]) for k in sorted(cannons)]

    def unique(self, cannons: Sequence[int]) -> bool:
        """Whether these shots fit this layout only (a search, unless an earlier answer decides)."""
        mask = 0
        for cannon in cannons:
            mask |= 1 << cannon
        for proven in self.proven:
            if not proven & ~mask:
                return True
        for agree in self.agree:
            if not mask & ~agree:
                return False
        self.work.spend()
        other = other_layout(self.eng, self.cells, shots_from_results(self.results, cannons))
        if other is None:       # kept: the least sets proven (a superset of one says nothing more)
            self.proven = [proven for proven in self.proven if proven & ~mask] + [mask]
            return True
        agree = 0
        for cannon, (mine, theirs) in enumerate(zip(self.results, self.eng.results(other), strict=True), 1):
            if mine == theirs:
                agree |= 1 << cannon
        self.agree = [known for known in self.agree if known & ~agree] + [agree]     # the widest
        return False

    def knowledge(self, cannons: Sequence[int]) -> Domains:
        """What propagation alone knows from these shots: the same fixed point as `start` (one is
        reached from any sound start, as every step only narrows), started from what each shot
        alone allows (cached: the same shot recurs over many layouts)."""
        head = [set(dom) for dom in _nothing_known(self.eng)]
        for cannon in cannons:
            hits, outcome = self.results[cannon - 1]
            for t, dom in enumerate(_alone(self.eng, cannon, tuple(hits), outcome)):
                head[t] &= dom
        return saturate(self.eng, propagate([frozenset(dom) for dom in head]), self.shots(cannons))

    def minimal(self, rng: random.Random) -> list[int]:
        """From every shot, drop shots in a random order while one layout still fits."""
        kept = list(range(1, self.eng.board.cannons + 1))
        order = list(kept)
        rng.shuffle(order)
        for cannon in order:
            trial = [k for k in kept if k != cannon]
            if self.unique(trial):
                kept = trial
        return kept


@cache
def _nothing_known(engine: Engine) -> Domains:
    return propagate(initial_domains(engine))


@lru_cache(maxsize=1024)      # a few hundred distinct shots per small board; bounded, as a domain on 8x7 is ~50 KB
def _alone(engine: Engine, cannon: int, hits: tuple[int, ...], outcome: int) -> Domains:
    """What propagation knows from one shot alone (the same shot recurs over many layouts)."""
    return saturate(engine, _nothing_known(engine), [(cannon, hits, outcome)])


ORDERS = 20             # removal orders tried per layout, and more after each that stalls, up to
MORE_ORDERS = 100       # this many (stalls come in clusters: a layout that stalled once is likelier to again)
FAIR_TRIES = 50         # shadowing draws per fair layout before the next work check


def hard_cannons(engine: Engine, cells: list[Piece], rng: random.Random, level: int,
                 work: Work) -> tuple[list[int], Depth] | None:
    """Minimal given shots of this layout on which propagation stalls as `level` asks, if one of
    the removal orders tried finds some (a minimal set is the likeliest to stall: fewer shots never
    teach propagation more)."""
    search = HardSearch(engine, cells, engine.results(cells), work)
    seen: set[tuple[int, ...]] = set()
    orders, tried = ORDERS, 0
    while tried < orders:
        tried += 1
        cannons = search.minimal(rng)
        if tuple(cannons) in seen:
            continue
        seen.add(tuple(cannons))
        work.spend()
        known = search.knowledge(cannons)
        if solved(known):
            continue
        verdict = depth(engine, search.shots(cannons), work, known)
        if verdict.level == level:
            return cannons, verdict
        orders = min(MORE_ORDERS, orders + ORDERS)      # it stalls here: a layout worth more orders
    return None


def generate_hard(rng: random.Random, engine: Engine, level: int,
                  work: Work) -> tuple[list[int], list[int], Depth]:
    """(layout cells, given cannons, depth) of a level-4 or level-5 puzzle; OutOfWork when the
    budget runs out first."""
    while True:
        work.spend()
        cells = shadow_fair(engine, rng, FAIR_TRIES)
        if cells is None:
            continue
        found = hard_cannons(engine, cells, rng, level, work)
        if found is not None:
            return cells, found[0], found[1]
