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

from math import perm, prod
from typing import Callable, Iterable, Sequence

from generator.games.laser.engine import EMPTY, Engine
from generator.games.laser.model import ABSORBED, JUMP_BASE, STOP, TRAPPED

_ABSORBED_CODE = 1 << 30   # an absorbed beam "exits" at this pseudo-cannon inside the search

Leaf = Callable[[list, int, int], bool]   # (cells, placed type mask, known cell count) -> stop?


class Search:
    """Consistency search for one engine (board + set in play) and a list of shots."""

    def __init__(self, engine: Engine, shots: Iterable[tuple[int, Sequence[int], int]]) -> None:
        self.engine = engine
        items = []
        for cannon, hits, outcome in shots:
            if outcome == TRAPPED:
                raise ValueError("a trapped shot is no observation")
            code = _ABSORBED_CODE if outcome == ABSORBED else outcome
            i, d = engine.start[cannon]
            items.append((len(hits), cannon, i, d, tuple(hits), code))
        items.sort()
        self.shots = [item[2:] for item in items]

    def run(self, leaf: Leaf) -> None:
        """Call leaf(cells, placed, known) at every consistent partial board; stop when it says so."""
        eng = self.engine
        nxt, act, ptype, tp, limit = eng.nxt, eng.act, eng.ptype, eng.type_pieces, eng.limit
        shots, b = self.shots, [None] * eng.size
        trail: list[int] = []
        stack: list[list] = []
        placed = 0
        if not shots:
            leaf(b, 0, 0)
            return
        j, h, steps = 0, 0, 0
        i, d, hits, out = shots[0]
        nh = len(hits)
        while True:
            while True:                       # advance the beam until a failure or a leaf
                if i < 0:
                    if h != nh or -i != out:
                        break
                    j += 1
                    if j == len(shots):
                        if leaf(b, placed, len(trail)):
                            return
                        break
                    i, d, hits, out = shots[j]
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
                    for _ in range(a - JUMP_BASE + 1):
                        i = nxt[d][i]
                        if i < 0:
                            break
            # backtrack to the latest choice point with an option left
            while stack:
                point = stack[-1]
                j, i, d, h, steps, known, placed, k = point
                while len(trail) > known:
                    b[trail.pop()] = None
                i_hits = shots[j][2]
                options = tp[i_hits[h]]
                if k + 1 < len(options):
                    point[7] = k + 1
                else:
                    stack.pop()
                b[i] = options[k]
                trail.append(i)
                placed |= 1 << i_hits[h]
                hits, out = i_hits, shots[j][3]
                nh = len(hits)
                steps -= 1
                break
            else:
                return


def completions(engine: Engine, placed: int, known: int) -> int:
    """How many layouts a leaf stands for: the unplaced types in the unknown cells, any orientation."""
    missing = [t for t in range(len(engine.type_pieces)) if not (placed >> t) & 1]
    if not missing:
        return 1
    unknown = engine.size - known
    return perm(unknown, len(missing)) * prod(len(engine.type_pieces[t]) for t in missing)


def shots_of(engine: Engine, observation) -> list[tuple[int, list[int], int]]:
    """An Observation as search shots (hit symbols → type ids); KeyError for a type not in play."""
    return [(s.cannon, [engine.hit_index[x] for x in s.hits], s.outcome) for s in observation.shots]


def shots_from_results(results: list, cannons: Iterable[int]) -> list[tuple[int, tuple, int]]:
    """Search shots from Engine.results for the cannons chosen."""
    return [(k, results[k - 1][0], results[k - 1][1]) for k in cannons]


def count_consistent(engine: Engine, shots) -> int:
    """The exact number of layouts consistent with the shots."""
    total = 0

    def leaf(b: list, placed: int, known: int) -> bool:
        nonlocal total
        total += completions(engine, placed, known)
        return False

    Search(engine, shots).run(leaf)
    return total
