"""The investigator's assistant: for the shots fired so far, how many layouts still fit, what each
cell may hold, what is certain, and which cannon to fire next.

The exact search (search.py) yields leaves: partly known boards, each standing for every way of
putting the types it has not placed into the cells no beam entered. The count and every cell's
possibilities follow exactly from the leaves by counting. For the next shot, each unfired cannon's
beam is traced through every leaf, branching where it enters an unknown cell, and each branch is
weighted by the layouts it stands for: that gives the exact probability of each result. When that
tracing would take too long (early in a game), layouts are drawn uniformly instead (a leaf with
probability proportional to its layouts, then a uniform completion) and the results are estimated
from the sample; the answer says so and gives the sample size.

A beam that never leaves the board is one outcome, TRAPPED_RESULT ("trapped: this layout cannot
be played"), whatever it hit before the loop was noticed: at the table such a shot has no answer,
so the layouts that trap the beam count as one group in the next-shot figures (see docs/laser.md).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate
from math import perm, prod

from generator.core.errors import RulesError
from generator.games.laser.rules.engine import EMPTY, Engine, exit_outcome
from generator.games.laser.rules.model import TRAPPED, Observation
from generator.games.laser.rules.search import Search, completions, shots_of

EXACT_NODES = 150_000       # beam-tracing steps allowed for the exact next-shot figures
SAMPLE_SIZE = 1500          # layouts drawn when the exact figures would take too long
MAX_LEAVES = 200_000

Result = tuple[tuple[int, ...], int]      # (hit type ids, outcome)
TRAPPED_RESULT: Result = ((), TRAPPED)    # every trapped beam, whatever it hit: one outcome


def as_result(hits: Sequence[int], outcome: int) -> Result:
    """A shot's result as the assistant counts it: a trapped beam is TRAPPED_RESULT."""
    return TRAPPED_RESULT if outcome == TRAPPED else (tuple(hits), outcome)


@dataclass(frozen=True)
class ShotAdvice:
    """One unfired cannon: the expected number of layouts left after firing it, and its possible
    results with their probabilities (most likely first)."""

    cannon: int
    expected_left: float
    outcomes: tuple[tuple[Result, float], ...]


@dataclass(frozen=True)
class Advice:
    layouts: int
    exact: bool                       # next-shot figures exact (else estimated from a sample)
    sample_size: int | None
    cells: tuple[dict[int, int], ...]  # per cell index: {piece id: layouts with it there}
    next_shots: tuple[ShotAdvice, ...]


class _Leaves:
    def __init__(self, engine: Engine, observation: Observation) -> None:
        self.engine = engine
        self.items: list[tuple[list[int | None], int, int]] = []    # (cells, placed mask, layouts)
        self.fired = {s.cannon for s in observation.shots}

        def leaf(b: list[int | None], placed: int, known: int) -> bool:
            weight = completions(engine, placed, known)
            if weight:
                self.items.append((list(b), placed, weight))
            return len(self.items) > MAX_LEAVES

        Search(engine, shots_of(engine, observation)).run(leaf)
        if len(self.items) > MAX_LEAVES:
            raise RulesError(f"more than {MAX_LEAVES} partial layouts fit these shots: too many to count "
                             "(this board is too large for the assistant)")
        self.total = sum(w for _, _, w in self.items)

    def missing(self, placed: int) -> list[int]:
        return [t for t in range(len(self.engine.type_pieces)) if not placed >> t & 1]


def _cell_counts(leaves: _Leaves) -> tuple[dict[int, int], ...]:
    eng = leaves.engine
    counts: list[dict[int, int]] = [{} for _ in range(eng.size)]
    for b, placed, weight in leaves.items:
        for i, p in enumerate(b):
            if p is not None and p >= 0:
                counts[i][p] = counts[i].get(p, 0) + weight
        missing = leaves.missing(placed)
        unknown = [i for i, p in enumerate(b) if p is None]
        if not missing or not unknown:
            continue
        for t in missing:
            others = prod(len(eng.type_pieces[u]) for u in missing if u != t)
            each = perm(len(unknown) - 1, len(missing) - 1) * others
            for i in unknown:
                cell = counts[i]
                for p in eng.type_pieces[t]:
                    cell[p] = cell.get(p, 0) + each
    return tuple(counts)


class _Budget(Exception):
    pass


class _Tracer:
    """Exact result counts of one cannon over one leaf, branching at unknown cells."""

    def __init__(self, engine: Engine, budget: list[int]) -> None:
        self.eng = engine
        self.budget = budget

    def run(self, b: list[int | None], placed: int, cannon: int, counts: dict[Result, int]) -> None:
        missing = [t for t in range(len(self.eng.type_pieces)) if not placed >> t & 1]
        self.unknown = sum(1 for p in b if p is None)
        self.counts = counts
        self.b = list(b)
        i, d = self.eng.start[cannon]
        self._go(i, d, [], frozenset(missing), 0)

    def _weight(self, missing: frozenset[int], fixed: int) -> int:
        return perm(self.unknown - fixed, len(missing)) * prod(len(self.eng.type_pieces[t]) for t in missing)

    def _go(self, i: int, d: int, hits: list[int], missing: frozenset[int], fixed: int) -> None:
        eng, b = self.eng, self.b
        nxt, exits, ptype, type_pieces = eng.nxt, eng.exits, eng.ptype, eng.type_pieces
        changed: list[int] = []
        steps = 0    # counted afresh in each branch (a trapped beam's hits do not matter: TRAPPED_RESULT)
        try:
            while i >= 0:
                steps += 1
                self.budget[0] -= 1
                if self.budget[0] < 0:
                    raise _Budget
                if steps > eng.limit:
                    self._add(TRAPPED_RESULT, missing, fixed)
                    return
                p = b[i]
                if p is None:
                    for t in missing:
                        for q in type_pieces[t]:
                            b[i] = q
                            self._go(i, d, list(hits), missing - {t}, fixed + 1)
                    b[i] = EMPTY
                    changed.append(i)
                    fixed += 1
                    i = nxt[d][i]
                    continue
                if p < 0:
                    i = nxt[d][i]
                    continue
                hits.append(ptype[p])
                d, row = exits[p][d]
                i = row[i]
            self._add((tuple(hits), exit_outcome(i)), missing, fixed)
        finally:
            for c in changed:
                b[c] = None

    def _add(self, result: Result, missing: frozenset[int], fixed: int) -> None:
        weight = self._weight(missing, fixed)
        if weight:
            self.counts[result] = self.counts.get(result, 0) + weight


def _exact_results(leaves: _Leaves, cannons: list[int]) -> dict[int, dict[Result, int]] | None:
    budget = [EXACT_NODES]
    tracer = _Tracer(leaves.engine, budget)
    out: dict[int, dict[Result, int]] = {}
    try:
        for cannon in cannons:
            counts: dict[Result, int] = {}
            for b, placed, _ in leaves.items:
                tracer.run(b, placed, cannon, counts)
            out[cannon] = counts
    except _Budget:
        return None
    return out


def sample_layouts(leaves: _Leaves, rng: random.Random, size: int) -> list[list[int]]:
    """`size` layouts (as cells) drawn uniformly from every layout that fits."""
    eng = leaves.engine
    cumulative = list(accumulate(w for _, _, w in leaves.items))
    drawn = []
    for _ in range(size):
        pick = bisect_right(cumulative, rng.randrange(leaves.total))
        b, placed, _ = leaves.items[pick]
        cells = [EMPTY if p is None else p for p in b]
        unknown = [i for i, p in enumerate(b) if p is None]
        missing = leaves.missing(placed)
        for spot, t in zip(rng.sample(unknown, len(missing)), missing, strict=True):
            cells[spot] = rng.choice(eng.type_pieces[t])
        drawn.append(cells)
    return drawn


def _sampled_results(leaves: _Leaves, cannons: list[int], rng: random.Random,
                     size: int) -> dict[int, dict[Result, int]]:
    eng = leaves.engine
    out: dict[int, dict[Result, int]] = {k: {} for k in cannons}
    for cells in sample_layouts(leaves, rng, size):
        for k in cannons:
            key = as_result(*eng.trace(cells, k))
            out[k][key] = out[k].get(key, 0) + 1
    return out


def advise(engine: Engine, observation: Observation, rng: random.Random,
           sample_size: int = SAMPLE_SIZE) -> Advice:
    """Everything the assistant says about a partial observation (RulesError when the partial
    layouts are too many to count, which the exact search has never produced on 8x7)."""
    leaves = _Leaves(engine, observation)
    cells = _cell_counts(leaves)
    cannons = [k for k in range(1, engine.board.cannons + 1) if k not in leaves.fired]
    if leaves.total == 0:
        return Advice(0, True, None, cells, ())
    results = _exact_results(leaves, cannons)
    exact = results is not None
    if results is None:
        results = _sampled_results(leaves, cannons, rng, sample_size)
    advice = []
    for cannon in cannons:
        counts = results[cannon]
        weight = sum(counts.values())
        probabilities = sorted(((r, n / weight) for r, n in counts.items()), key=lambda rp: (-rp[1], rp[0]))
        expected = leaves.total * sum(p * p for _, p in probabilities)
        advice.append(ShotAdvice(cannon, expected, tuple(probabilities)))
    advice.sort(key=lambda a: (a.expected_left, a.cannon))
    return Advice(leaves.total, exact, None if exact else sample_size, cells, tuple(advice))
