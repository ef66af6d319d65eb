"""Difficulty: the fewest shots whose results alone determine a layout, found exactly.

A set of cannons S determines layout L when every other layout (of the same board and set in
play) differs from L on at least one shot of S. Each other layout L' gives the constraint
"S meets D(L')", D(L') being the cannons whose results differ. The smallest S is a minimum
hitting set of all those constraints. We never list them all: we solve the minimum hitting set of
the constraints found so far (a lower bound on the answer), ask the exact search for a layout
other than L consistent with L's results on that set, and if one exists add its D and repeat.
When none exists, the set determines L and, being a minimum for a subset of the constraints, no
smaller set can: the answer is exact.
"""

from __future__ import annotations

import functools
import operator
import time
from collections.abc import Callable
from dataclasses import dataclass

from generator.games.laser.rules.engine import EMPTY, engine_for
from generator.games.laser.rules.model import TRAPPED, Layout
from generator.games.laser.rules.search import Partial, Search, SearchStopped, completions, shots_from_results


@dataclass(frozen=True)
class Difficulty:
    """The rating: the number of shots and one set of cannons that achieves it. When a time budget
    stopped the search, `exact` is False: `cannons` is the smallest determining set found (`shots`
    is its size, an upper bound) and `lower` a proven lower bound; otherwise lower == shots."""

    shots: int
    cannons: tuple[int, ...]
    exact: bool = True
    lower: int | None = None

    @property
    def lower_bound(self) -> int:
        """The proven lower bound (the answer itself when exact)."""
        return self.shots if self.lower is None else self.lower


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _packing(sets: list[int]) -> int:
    """A lower bound: how many of the sets are pairwise disjoint (greedy, smallest first)."""
    used, count = 0, 0
    for s in sets:
        if not s & used:
            used |= s
            count += 1
    return count


def _greedy(sets: list[int]) -> int:
    chosen = 0
    for s in sets:
        if not s & chosen:
            counts: dict[int, int] = {}
            for t in sets:
                if not t & chosen:
                    for e in _bits(t):
                        counts[e] = counts.get(e, 0) + 1
            chosen |= max(_bits(s), key=lambda e: counts[e])
    return chosen


def components(sets: list[int]) -> list[list[int]]:
    """The sets grouped so that sets of different groups share no element (independent subproblems)."""
    groups: list[tuple[int, list[int]]] = []
    for s in sets:
        joined, members = s, [s]
        rest = []
        for mask, group in groups:
            if mask & joined:
                joined |= mask
                members += group
            else:
                rest.append((mask, group))
        groups = [*rest, (joined, members)]
    return [group for _, group in groups]


def min_hitting_set(sets: list[int], lower: int = 0, hint: int = 0,
                    interrupt: Callable[[], bool] | None = None) -> int:
    """A smallest bitmask meeting every set (all non-empty). Independent groups of sets are solved
    apart (their sizes add up), each by branch and bound; `hint`, a set known to meet every set,
    bounds the search from above from the start, and `lower` is a known lower bound on the total."""
    sets = sorted(set(sets), key=int.bit_count)
    minimal = [s for i, s in enumerate(sets) if not any(t & s == t for t in sets[:i])]
    groups = components(minimal)
    if len(groups) == 1:
        return _min_hitting_group(minimal, lower, hint, interrupt)
    return functools.reduce(operator.or_, (_min_hitting_group(g, 0, _restrict(hint, g), interrupt)
                                           for g in groups), 0)


def _restrict(hint: int, group: list[int]) -> int:
    return hint & functools.reduce(operator.or_, group, 0)


def _min_hitting_group(minimal: list[int], lower: int, hint: int,
                       interrupt: Callable[[], bool] | None = None) -> int:
    best = _greedy(minimal)
    if hint and hint.bit_count() < best.bit_count() and all(s & hint for s in minimal):
        best = hint
    bound = [best.bit_count()]
    if bound[0] <= max(lower, _packing(minimal)):
        return best

    calls = [0]

    def recurse(chosen: int, size: int, forbidden: int) -> None:
        nonlocal best
        calls[0] += 1
        if interrupt is not None and not calls[0] & 0x3FF and interrupt():
            raise SearchStopped("the hitting-set search was stopped before it finished")
        unhit = [s for s in minimal if not s & chosen]
        if not unhit:
            best, bound[0] = chosen, size
            return
        if size + _packing(unhit) >= bound[0]:
            return
        pick = min(unhit, key=lambda s: (s & ~forbidden).bit_count())
        for e in _bits(pick & ~forbidden):
            recurse(chosen | e, size + 1, forbidden)
            forbidden |= e
            if bound[0] <= lower:
                return

    recurse(0, 0, 0)
    return best


OTHERS_PER_ROUND = 8   # layouts collected per search round (each one a constraint)


class _Rater:
    """Holds one layout's tables and results while its difficulty is searched."""

    def __init__(self, layout: Layout) -> None:
        self.engine = engine_for(layout.board, layout.in_play)
        self.cells = self.engine.cells_of(layout)
        self.results = self.engine.results(self.cells)
        self.target_type = {self.engine.ptype[p]: (i, p) for i, p in enumerate(self.cells) if p >= 0}

    def difference(self, cells: list[int]) -> int:
        """Bitmask (bit k-1 for cannon k) of the shots whose results differ from the layout's."""
        mask = 0
        for k, result in enumerate(self.engine.results(cells)):
            if result != self.results[k]:
                mask |= 1 << k
        return mask

    def neighbours(self) -> list[int]:
        """Constraints from small changes (one component turned, or moved to a neighbouring free
        cell): they differ from ours on few shots, so they are the strongest constraints."""
        eng, board, found = self.engine, self.engine.board, []
        for t, (i, p) in self.target_type.items():
            moves = [(i, q) for q in eng.type_pieces[t] if q != p]
            for d in range(4):
                n = eng.nxt[d][i]
                if n >= 0 and self.cells[n] < 0:
                    moves += [(n, q) for q in eng.type_pieces[t]]
            for spot, piece in moves:
                cells = list(self.cells)
                cells[i] = -1
                cells[spot] = piece
                d = self.difference(cells)
                if d:
                    found.append(d)
        return found if board.cells > 1 else []

    def others(self, mask: int, most: int = OTHERS_PER_ROUND,
               interrupt: Callable[[], bool] | None = None) -> list[list[int]]:
        """Cells of up to `most` layouts other than ours, consistent with our results on the cannons in
        mask (several per search: each adds a constraint, so fewer rounds are needed)."""
        cannons = [k + 1 for k in range(len(self.results)) if mask >> k & 1]
        found: list[list[int]] = []

        def leaf(b: Partial, placed: int, known: int) -> bool:
            if completions(self.engine, placed, known) == 0:
                return False
            cells = self._complete(b, placed)
            if cells is not None:
                found.append(cells)
            return len(found) >= most

        Search(self.engine, shots_from_results(self.results, cannons), interrupt=interrupt).run(leaf)
        return found

    def _complete(self, b: Partial, placed: int) -> list[int] | None:
        """A full layout from a leaf, as close to ours as possible but not ours (None if impossible)."""
        eng = self.engine
        cells = [EMPTY if p is None else p for p in b]
        free = [i for i, p in enumerate(b) if p is None]
        missing = [t for t in range(len(eng.type_pieces)) if not placed >> t & 1]
        for t in missing:
            i, p = self.target_type[t]
            if b[i] is None and cells[i] == EMPTY:
                cells[i] = p
            else:
                spot = next(c for c in free if cells[c] == EMPTY)
                cells[spot] = eng.type_pieces[t][0]
        if cells != self.cells:
            return cells
        for t in missing:                       # ours: move one unplaced piece somewhere else
            i, p = self.target_type[t]
            for alt in eng.type_pieces[t]:
                if alt != p:
                    cells[i] = alt
                    return cells
            spare = next((c for c in free if cells[c] == EMPTY), None)
            if spare is not None:
                cells[i], cells[spare] = EMPTY, p
                return cells
        if len(missing) >= 2:                   # no spare cell or orientation: swap two of them
            a, b2 = (self.target_type[t][0] for t in missing[:2])
            cells[a], cells[b2] = cells[b2], cells[a]
            return cells
        return None


class WorkBudget:
    """Search work shared by every rating of one command, counted the same on every machine: a unit
    is 1024 steps of the hitting-set search or 256 backtracks of the layout search (and a round
    of the rating one). The same seed and budget give the same answers, whatever the load.
    `deadline` (a clock time) is only an outer guard: when it stops a search, `guard_hit` says so,
    and that answer depends on the machine."""

    def __init__(self, units: int, deadline: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.units, self.deadline, self.clock = units, deadline, clock
        self.spent = 0
        self.guard_hit = False

    @property
    def left(self) -> int:
        return max(0, self.units - self.spent)

    def spent_out(self) -> bool:
        """Nothing worth a rating left (under a hundredth of the budget), or the guard has stopped it."""
        return self.guard_hit or self.left < max(1, self.units // 100)

    def spend(self, units: int, keep: int = 0) -> bool:
        """Count `units` of work; True (stop) when fewer than `keep` are left, or past the guard."""
        self.spent += units
        if self.units - self.spent < keep:
            return True
        if self.deadline is not None and self.clock() > self.deadline:
            self.guard_hit = True
            return True
        return False

    def stops(self, keep: int = 0) -> tuple[Callable[[], bool], Callable[[], bool], Callable[[], bool]]:
        """Interrupts for a round, the layout search (asked every 4096 backtracks) and the
        hitting-set search (every 1024 steps)."""
        return (lambda: self.spend(2, keep)), (lambda: self.spend(16, keep)), (lambda: self.spend(1, keep))


def rate(layout: Layout, max_rounds: int = 100000, time_limit: float | None = None,
         clock: Callable[[], float] = time.monotonic, budget: WorkBudget | None = None) -> Difficulty | None:
    """The exact difficulty of a layout, or None if no set of shots determines it (not fair or
    unplayable). With `time_limit` (seconds) the answer always comes within about that time: exact
    when found, else the best bounds found so far (`exact=False`). With `budget` (work counted, not
    time: deterministic) it spends at most a third of what is left."""
    rater = _Rater(layout)
    if any(outcome == TRAPPED for _, outcome in rater.results):
        return None
    if budget is not None:
        return _rate_within(rater, budget, max_rounds)
    start = clock()
    exact_until = None if time_limit is None else start + 0.8 * time_limit

    def out_of_time() -> bool:
        return exact_until is not None and clock() > exact_until

    limit = [start + (time_limit or 0.0)]

    def late() -> bool:
        return clock() > limit[0]

    def grace() -> None:
        limit[0] += 0.1   # a short grace for the next, easier candidate

    return _rate_rounds(rater, max_rounds, (out_of_time, out_of_time, out_of_time), late, grace)


def _rate_within(rater: _Rater, budget: WorkBudget, max_rounds: int) -> Difficulty | None:
    """rate() with a work budget: one rating spends at most a quarter of what is left on the exact
    search, and up to a third in all with the upper bound (so one hard layout never takes it all).
    Setting up costs a unit per ten cannons (the layout's tables and its neighbours)."""
    budget.spend(1 + len(rater.results) // 10)
    left = budget.left
    stops = budget.stops(left - left // 4)
    return _rate_rounds(rater, max_rounds, stops, budget.stops(left - left // 3)[1])


def _rate_rounds(rater: _Rater, max_rounds: int, stops: tuple[Callable[[], bool], ...],
                 upper_stop: Callable[[], bool], grace: Callable[[], None] = lambda: None) -> Difficulty | None:
    """The exact rating: rounds of a minimum hitting set of the constraints found so far, then the layouts
    it leaves. `stops` interrupt a round, the layout search and the hitting-set search; once stopped, the
    best bounds: the lower bound reached and an upper bound grown while `upper_stop` allows."""
    round_stop, search_stop, hitting_stop = stops
    constraints: list[int] = rater.neighbours()
    lower, hint = 0, 0
    try:
        for _ in range(max_rounds):
            if round_stop():
                raise SearchStopped("stopped between rounds")
            chosen = min_hitting_set(constraints, lower, hint, hitting_stop) if constraints else 0
            lower = chosen.bit_count()
            others = rater.others(chosen, interrupt=search_stop)
            if not others:
                return Difficulty(lower, _cannons(chosen))
            found = [rater.difference(cells) for cells in others]
            if 0 in found:
                return None
            constraints += found
            hint = chosen | functools.reduce(operator.or_, (d & -d for d in found))   # meets every constraint
    except SearchStopped:
        pass
    else:
        raise RuntimeError("difficulty search did not converge")
    upper = _upper_bound(rater, constraints, hint, upper_stop, grace)
    return Difficulty(upper.bit_count(), _cannons(upper), exact=False, lower=lower)


def _cannons(mask: int) -> tuple[int, ...]:
    return tuple(k + 1 for k in range(mask.bit_length()) if mask >> k & 1)


def _upper_bound(rater: _Rater, constraints: list[int], hint: int, stop: Callable[[], bool],
                 grace: Callable[[], None]) -> int:
    """A set of cannons proven to determine the layout, found before `stop`: the last hitting set grown
    greedily, else that set plus every cannon whose beam hits a component (many hits make the search
    short; `grace` is called before trying it), else every cannon (a fair layout is determined by all
    its shots)."""
    everything = (1 << len(rater.results)) - 1
    hitting = functools.reduce(operator.or_, (1 << k for k, (hits, _) in enumerate(rater.results) if hits), 0)
    chosen = hint or _greedy(constraints)
    for candidate in (chosen, chosen | hitting):
        try:
            while True:
                others = rater.others(candidate, interrupt=stop)
                if not others:
                    return candidate
                differences = [rater.difference(cells) for cells in others]
                if 0 in differences:
                    return everything
                candidate |= functools.reduce(operator.or_, (d & -d for d in differences))
        except SearchStopped:
            grace()
    return everything
