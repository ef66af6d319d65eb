"""The exact search: every layout consistent with some shots, traced over a partly known board.

Shot by shot, the beam is traced over a board whose cells are unknown, empty or hold a piece.
When it enters an unknown cell, the observed hits decide what may be there: if the next hit
expected is a type not yet placed, the cell is empty or that type in any orientation (a choice
point); otherwise it must be empty. A wrong hit, a wrong outcome or a loop (more cells entered
than there are (cell, direction) states) fails the branch. At a leaf every shot is explained;
the cells no beam entered are still unknown, and the types not yet placed may sit in any of them
in any orientation without changing a single traced beam (a beam only meets the cells it
enters). A leaf therefore stands for perm(u, m) x orientations layouts, all distinct from the
layouts of every other leaf (two branches differ in the content of the cell where they split).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from math import perm, prod

from generator.games.laser.rules.engine import EMPTY, Engine
from generator.games.laser.rules.model import ABSORBED, JUMP_BASE, STOP, TRAPPED, Observation

_ABSORBED_CODE = 1 << 30   # an absorbed beam "exits" at this pseudo-cannon inside the search

Partial = list[int | None]   # a partly known board: per cell None (unknown), EMPTY or a piece id
Leaf = Callable[[Partial, int, int], bool]   # (cells, placed type mask, known cell count) -> stop?
_Item = tuple[int, int, int, int, tuple[int, ...], int]   # (hit count, cannon, cell, direction, hits, outcome)
_Shot = tuple[int, int, tuple[int, ...], int]             # (cell, direction, hit type ids, outcome code)


class SearchStopped(Exception):
    """The search's interrupt asked it to stop (a time budget ran out)."""


class Search:
    """Consistency search for one engine (board + set in play) and a list of shots."""

    def __init__(self, engine: Engine, shots: Iterable[tuple[int, Sequence[int], int]],
                 guide: list[int] | None = None, guide_paths: dict[int, int] | None = None,
                 interrupt: Callable[[], bool] | None = None) -> None:
        """`guide`: the cells of a layout known to fit (when checking one); its beam paths order
        the shots so that each next shot crosses cells the earlier ones already decided.
        `guide_paths`: those paths already computed, {cannon: bitmask of the cells entered}."""
        self.engine = engine
        self.interrupt = interrupt   # asked every few thousand backtracks; True stops with SearchStopped
        items: list[_Item] = []
        for cannon, hits, outcome in shots:
            if outcome == TRAPPED:
                raise ValueError("a trapped shot is no observation")
            code = _ABSORBED_CODE if outcome == ABSORBED else outcome
            i, d = engine.start[cannon]
            items.append((len(hits), cannon, i, d, tuple(hits), code))
        weight: dict[int, int] = {}
        for item in items:
            for t in set(item[4]):
                weight[t] = weight.get(t, 0) + 1
        # shots without hits first, then those needing the types most shots need (they check
        # each other at once instead of after every combination of unrelated shots)
        items.sort(key=lambda it: (it[0] > 0, -max((weight[t] for t in it[4]), default=0), it[0], it[1]))
        if guide is not None or guide_paths is not None:
            if not guide_paths:
                assert guide is not None, "guide_paths is empty: the guide layout gives the paths"
                guide_paths = path_masks(engine, guide, [it[1] for it in items])
            items = _guided_order(items, guide_paths)
        self.shots: list[_Shot] = [item[2:] for item in items]
        self.needs = [sum(1 << t for t in set(shot[2])) for shot in self.shots]
        self.lines: list[list[int]] = [[] for _ in range(engine.size)]
        for sid, shot in enumerate(self.shots):   # shots whose first straight run crosses a cell
            i, d = shot[0], shot[1]
            while i >= 0:
                self.lines[i].append(sid)
                i = engine.nxt[d][i]

    def _prober(self, b: Partial) -> Callable[[_Shot], bool]:
        """probe(shot) -> False when the shot, traced over the known cells only, already
        contradicts its result (True when it matches or reaches an unknown cell)."""
        eng = self.engine
        nxt, act, ptype, limit, land = eng.nxt, eng.act, eng.ptype, eng.limit, eng.land

        def probe(shot: _Shot) -> bool:
            i, d, hits, out = shot
            h, nh, steps = 0, len(hits), 0
            while i >= 0:
                steps += 1
                if steps > limit:
                    return False
                p = b[i]
                if p is None:
                    return True
                if p < 0:
                    i = nxt[d][i]
                    continue
                if h >= nh or ptype[p] != hits[h]:
                    return False
                h += 1
                a = act[p][d]
                if a == STOP:
                    return h == nh and out == _ABSORBED_CODE
                if a < JUMP_BASE:
                    d = a
                    i = nxt[a][i]
                else:
                    i = land[a][d][i]
            return h == nh and -i == out

        return probe

    def run(self, leaf: Leaf) -> None:
        """Call leaf(cells, placed, known) at every consistent partial board; stop when it says so.

        Shots are taken in a dynamic order: next comes the pending shot whose hits need the
        fewest types not yet placed (none: its trace cannot branch, it only checks), ties in
        the initial order. `order[:j+1]` are the shots done or in progress."""
        eng = self.engine
        nxt, act, ptype, tp, limit, land = (eng.nxt, eng.act, eng.ptype, eng.type_pieces, eng.limit,
                                            eng.land)
        shots, needs, lines = self.shots, self.needs, self.lines
        b: Partial = [None] * eng.size
        count = len(shots)
        probe = self._prober(b)
        trail: list[int] = []
        stack: list[list[int]] = []   # choice points: [j, i, d, h, steps, known, placed, option]
        order = list(range(count))
        where = list(range(count))             # position of each shot in order
        placed = 0
        if not shots:
            leaf(b, 0, 0)
            return
        j, h, steps, ticks, interrupt = 0, 0, 0, 0, self.interrupt
        i, d, hits, out = shots[0]
        nh = len(hits)
        while True:
            while True:                       # advance the beam until a failure or a leaf
                if i < 0:
                    if h != nh or -i != out:
                        break
                    j += 1
                    if j == count:
                        if leaf(b, placed, len(trail)):
                            return
                        break
                    best, best_key = j, (needs[order[j]] & ~placed).bit_count()
                    q = j + 1
                    while best_key and q < count:
                        key = (needs[order[q]] & ~placed).bit_count()
                        if key < best_key:
                            best, best_key = q, key
                        q += 1
                    if best != j:
                        a_sid, b_sid = order[j], order[best]
                        order[j], order[best] = b_sid, a_sid
                        where[b_sid], where[a_sid] = j, best
                    i, d, hits, out = shots[order[j]]
                    nh, h, steps = len(hits), 0, 0
                    continue
                steps += 1
                if steps > limit:
                    break
                p = b[i]
                if p is None:
                    if h < nh and not (placed >> hits[h]) & 1:
                        stack.append([j, i, d, h, steps, len(trail), placed, 0])
                    b[i] = EMPTY
                    trail.append(i)
                    i = nxt[d][i]
                    continue
                if p < 0:
                    i = nxt[d][i]
                    continue
                if h >= nh or ptype[p] != hits[h]:
                    break
                h += 1
                a = act[p][d]
                if a == STOP:
                    i = -_ABSORBED_CODE
                elif a < JUMP_BASE:
                    d = a
                    i = nxt[a][i]
                else:
                    i = land[a][d][i]
            # backtrack to the latest choice point with an option left
            ticks += 1
            if not ticks & 0xFFF and interrupt is not None and interrupt():
                raise SearchStopped("the search was stopped before it finished")
            while stack:
                point = stack[-1]
                j, i, d, h, steps, known, placed, k = point
                while len(trail) > known:
                    b[trail.pop()] = None
                shot = shots[order[j]]
                options = tp[shot[2][h]]
                if k + 1 < len(options):
                    point[7] = k + 1
                else:
                    stack.pop()
                b[i] = options[k]
                trail.append(i)
                if not all(probe(shots[sid]) for sid in lines[i] if where[sid] > j):
                    continue                    # a pending shot through the cell already disagrees
                placed |= 1 << shot[2][h]
                hits, out = shot[2], shot[3]
                nh = len(hits)
                steps -= 1
                break
            else:
                return


def path_masks(engine: Engine, cells: list[int], cannons: Iterable[int]) -> dict[int, int]:
    """{cannon: bitmask of the cells its beam enters} on a known layout."""
    out: dict[int, int] = {}
    for cannon in cannons:
        mask = 0
        for i, _ in engine.path(cells, cannon):
            mask |= 1 << i
        out[cannon] = mask
    return out


def _guided_order(items: list[_Item], paths: dict[int, int]) -> list[_Item]:
    """Shots without hits first, then greedily the shot whose path (in the guide layout) has the
    fewest cells no earlier shot crossed: its beam mostly meets cells already decided."""
    ordered = [item for item in items if item[0] == 0]
    covered = 0
    for item in ordered:
        covered |= paths[item[1]]
    rest = [item for item in items if item[0] > 0]
    while rest:
        best, best_key = 0, None
        for n, item in enumerate(rest):
            key = ((paths[item[1]] & ~covered).bit_count(), item[0])
            if best_key is None or key < best_key:
                best, best_key = n, key
        item = rest.pop(best)
        ordered.append(item)
        covered |= paths[item[1]]
    return ordered


def completions(engine: Engine, placed: int, known: int) -> int:
    """How many layouts a leaf stands for: the unplaced types in the unknown cells, any orientation."""
    missing = [t for t in range(len(engine.type_pieces)) if not (placed >> t) & 1]
    if not missing:
        return 1
    unknown = engine.size - known
    return perm(unknown, len(missing)) * prod(len(engine.type_pieces[t]) for t in missing)


def shots_of(engine: Engine, observation: Observation) -> list[tuple[int, list[int], int]]:
    """An Observation as search shots (hit symbols → type ids); KeyError for a type not in play."""
    return [(s.cannon, [engine.hit_index[x] for x in s.hits], s.outcome) for s in observation.shots]


def shots_from_results(results: Sequence[tuple[tuple[int, ...], int]],
                       cannons: Iterable[int]) -> list[tuple[int, tuple[int, ...], int]]:
    """Search shots from Engine.results for the cannons chosen."""
    return [(k, results[k - 1][0], results[k - 1][1]) for k in cannons]


