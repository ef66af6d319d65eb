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
from typing import NamedTuple, TypeAlias

from generator.games.laser.rules.engine import ABSORBED_EXIT, EMPTY, Engine, Piece, Results, TypeId
from generator.games.laser.rules.model import ABSORBED, TRAPPED, Cannon, Cell, Direction, Observation, Outcome

# Glossary (see engine.py for i, d, p, t, nxt, exits, limit and the beam step):
#   b        the partial board: per cell None (unknown), EMPTY or a piece id
#   j        the position in `order` of the shot being traced; order[:j] are explained
#   sid      a shot id: index into self.shots (fixed); where[sid] is its position in order
#   h, nh    hits of the current shot matched so far, hits it has in all
#   out      the current shot's outcome code: receiving cannon, or ABSORBED_EXIT
#   steps    cells the current beam has entered (more than limit: a loop)
#   placed   bitmask of the types placed on b (bit t)
#   trail    the cells set so far, in order; b is undone by popping it back to a length `known`
#   stack    the choice points, latest last

Partial: TypeAlias = list[Piece | None]   # a partly known board: per cell None (unknown), EMPTY or a piece id
Leaf: TypeAlias = Callable[[Partial, int, int], bool]   # (cells, placed type mask, known cell count) -> stop?
_Resume: TypeAlias = tuple[int, int, Cell, Direction, int, int]   # (j, i, d, h, steps, placed) to follow on from


SearchShot: TypeAlias = tuple[Cannon, Sequence[TypeId], Outcome]   # a shot as the search and grader take it


class Fired(NamedTuple):
    """A SearchShot with its fields named (the grader's and the observations' shots)."""

    cannon: Cannon
    hits: Sequence[TypeId]
    outcome: Outcome


_record = tuple.__new__     # a NamedTuple made from a tuple of its fields: half the cost of calling the class


class Traced(NamedTuple):
    """A shot ready to follow: where its beam starts, and what it must meet and where it must end."""

    cannon: Cannon
    cell: Cell
    direction: Direction
    hits: tuple[TypeId, ...]
    outcome: int             # the receiving cannon, or ABSORBED_EXIT (compared with -i when the beam leaves)


def traced(engine: Engine, cannon: Cannon, hits: Sequence[TypeId], outcome: Outcome) -> Traced:
    """A shot as the beam followers take it (outcome ABSORBED becomes ABSORBED_EXIT)."""
    i, d = engine.start[cannon]
    return _record(Traced, (cannon, i, d, tuple(hits), ABSORBED_EXIT if outcome == ABSORBED else outcome))


class SearchStopped(Exception):
    """The search's interrupt asked it to stop (a time budget ran out)."""


class ChoicePoint:
    """An unknown cell the beam of shot order[j] entered when its next expected hit (number h) was a
    type not yet placed: the search made the cell empty first; `option` is the next piece of that
    type to try there. The other fields restore the search as it stood on entering the cell."""

    __slots__ = ("d", "h", "i", "j", "known", "option", "placed", "steps")

    def __init__(self, j: int, i: int, d: int, h: int, steps: int, known: int, placed: int) -> None:
        self.j = j              # position of the shot in the search order
        self.i = i              # the cell
        self.d = d              # the beam's direction of travel on entering it
        self.h = h              # hits matched before it
        self.steps = steps      # cells entered, this one included
        self.known = known      # trail length before the cell was set
        self.placed = placed    # types placed before it
        self.option = 0         # index in type_pieces[t] of the next piece to try


class Search:
    """Consistency search for one engine (board + set in play) and a list of shots."""

    def __init__(self, engine: Engine, shots: Iterable[SearchShot],
                 guide: list[int] | None = None, guide_paths: dict[int, int] | None = None,
                 interrupt: Callable[[], bool] | None = None) -> None:
        """`guide`: the cells of a layout known to fit (when checking one); its beam paths order
        the shots so that each next shot crosses cells the earlier ones already decided.
        `guide_paths`: those paths already computed, {cannon: bitmask of the cells entered}."""
        self.engine = engine
        self.interrupt = interrupt   # asked every few thousand backtracks; True stops with SearchStopped
        items: list[Traced] = []
        weight: dict[TypeId, int] = {}
        start = engine.start
        for cannon, hits, outcome in shots:      # traced(), inlined: the hard levels make ~50,000 searches
            if outcome == TRAPPED:
                raise ValueError("a trapped shot is no observation")
            i, d = start[cannon]
            items.append(_record(Traced, (cannon, i, d, tuple(hits), ABSORBED_EXIT if outcome == ABSORBED else outcome)))
            for t in set(hits):
                weight[t] = weight.get(t, 0) + 1

        def key(shot: Traced) -> tuple[bool, int, int, Cannon]:
            # shots without hits first, then those needing the types most shots need (they check
            # each other at once instead of after every combination of unrelated shots)
            hits = shot.hits
            return bool(hits), -max([weight[t] for t in hits], default=0), len(hits), shot.cannon

        items.sort(key=key)
        if guide is not None or guide_paths is not None:
            if not guide_paths:
                assert guide is not None, "guide_paths is empty: the guide layout gives the paths"
                guide_paths = path_masks(engine, guide, [it.cannon for it in items])
            items = _guided_order(items, guide_paths)
        self.shots = items
        self.needs = [sum(1 << t for t in set(shot.hits)) for shot in self.shots]
        self.lines: list[list[int]] = [[] for _ in range(engine.size)]
        for sid, shot in enumerate(self.shots):   # shots whose first straight run crosses a cell
            i, d = shot.cell, shot.direction
            while i >= 0:
                self.lines[i].append(sid)
                i = engine.nxt[d][i]

    def _start(self) -> None:
        """An empty board and trail, no choice point, the shots in their initial order."""
        self.b: Partial = [None] * self.engine.size
        self.trail: list[int] = []
        self.stack: list[ChoicePoint] = []
        self.order = list(range(len(self.shots)))   # shot ids in the order taken
        self.where = list(range(len(self.shots)))   # position of each shot id in order

    def run(self, leaf: Leaf) -> None:
        """Call leaf(cells, placed, known) at every consistent partial board; stop when it says so.

        Depth first: follow the shots' beams over the partial board, one shot after another
        (_follower, which takes the next shot with _next_shot), until one fails or all are
        explained (a leaf); then go back to the latest choice point with an option left and follow
        on from there (_resumer). Both steps run often and briefly, so they are closures over the
        run's state (built once per run) rather than methods reading it from self at every call."""
        self._start()
        if not self.shots:
            leaf(self.b, 0, 0)
            return
        follow, resume = self._follower(), self._resumer()
        j, h, steps, placed = 0, 0, 0, 0
        i, d = self.shots[0].cell, self.shots[0].direction
        while True:
            if follow(j, i, d, h, steps, placed) and leaf(self.b, placed, len(self.trail)):
                return
            resumed = resume()
            if resumed is None:
                return
            j, i, d, h, steps, placed = resumed

    def _follower(self) -> Callable[[int, int, int, int, int, int], bool]:
        """follow(j, i, d, h, steps, placed): trace the beam of shot order[j] on from cell i
        (entered travelling d, after h hits and steps cells), then each next shot's, over the
        partial board: True when every shot is explained (a leaf), False at the first wrong hit,
        wrong outcome or loop. Each unknown cell a beam enters is made empty (on the trail), after
        a choice point when the next expected hit is of a type not yet placed."""
        eng = self.engine
        nxt, exits, ptype, limit = eng.nxt, eng.exits, eng.ptype, eng.limit
        b, trail, stack, shots, order = self.b, self.trail, self.stack, self.shots, self.order
        next_shot, count = self._next_shot, len(shots)

        def follow(j: int, i: int, d: int, h: int, steps: int, placed: int) -> bool:
            _, _, _, hits, out = shots[order[j]]
            nh = len(hits)
            while True:
                while i >= 0:
                    steps += 1
                    if steps > limit:
                        return False
                    p = b[i]
                    if p is None:
                        if h < nh and not (placed >> hits[h]) & 1:
                            stack.append(ChoicePoint(j, i, d, h, steps, len(trail), placed))
                        b[i] = EMPTY
                        trail.append(i)
                        i = nxt[d][i]
                        continue
                    if p < 0:
                        i = nxt[d][i]
                        continue
                    if h >= nh or ptype[p] != hits[h]:
                        return False
                    h += 1
                    d, row = exits[p][d]
                    i = row[i]
                if h != nh or -i != out:
                    return False
                j += 1
                if j == count:
                    return True
                i, d = next_shot(j, placed)
                _, _, _, hits, out = shots[order[j]]
                nh, h, steps = len(hits), 0, 0

        return follow

    def _next_shot(self, j: int, placed: int) -> tuple[Cell, Direction]:
        """Bring to position j the pending shot whose hits need the fewest types not yet placed
        (none: its trace cannot branch, it only checks; ties in the current order) and return
        where its beam starts (cell, direction)."""
        order, needs, count = self.order, self.needs, len(self.order)
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
            self.where[b_sid], self.where[a_sid] = j, best
        _, i, d, _, _ = self.shots[order[j]]
        return i, d

    def _resumer(self) -> Callable[[], _Resume | None]:
        """resume(): backtrack. Undo the board to the latest choice point with an option left, put
        that option in its cell and return the state to follow on from (None when no option is
        left). An option that a pending shot through the cell already contradicts is skipped.
        Every 4096 backtracks the interrupt is asked whether to stop (SearchStopped)."""
        b, trail, stack, shots, order = self.b, self.trail, self.stack, self.shots, self.order
        type_pieces, lines, where = self.engine.type_pieces, self.lines, self.where
        probe, interrupt = self._prober(b), self.interrupt
        ticks = 0

        def resume() -> _Resume | None:
            nonlocal ticks
            ticks += 1
            if not ticks & 0xFFF and interrupt is not None and interrupt():
                raise SearchStopped("the search was stopped before it finished")
            while stack:
                point = stack[-1]
                while len(trail) > point.known:
                    b[trail.pop()] = None
                j, i = point.j, point.i
                t = shots[order[j]].hits[point.h]
                options = type_pieces[t]
                k = point.option
                if k + 1 < len(options):
                    point.option = k + 1
                else:
                    stack.pop()
                b[i] = options[k]
                trail.append(i)
                for sid in lines[i]:        # a pending shot through the cell already disagrees?
                    if where[sid] > j and not probe(shots[sid]):
                        break
                else:
                    return j, i, point.d, point.h, point.steps - 1, point.placed | 1 << t
            return None

        return resume

    def _prober(self, b: Partial) -> Callable[[Traced], bool]:
        """probe(shot) -> False when the shot, traced over the known cells only, already
        contradicts its result (True when it matches or reaches an unknown cell)."""
        eng = self.engine
        nxt, exits, ptype, limit = eng.nxt, eng.exits, eng.ptype, eng.limit

        def probe(shot: Traced) -> bool:
            _, i, d, hits, out = shot
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
                d, row = exits[p][d]
                i = row[i]
            return h == nh and -i == out

        return probe


def path_masks(engine: Engine, cells: list[Piece], cannons: Iterable[Cannon]) -> dict[Cannon, int]:
    """{cannon: bitmask of the cells its beam enters} on a known layout."""
    out: dict[Cannon, int] = {}
    for cannon in cannons:
        mask = 0
        for i, _ in engine.path(cells, cannon):
            mask |= 1 << i
        out[cannon] = mask
    return out


def _guided_order(items: list[Traced], paths: dict[Cannon, int]) -> list[Traced]:
    """Shots without hits first, then greedily the shot whose path (in the guide layout) has the
    fewest cells no earlier shot crossed: its beam mostly meets cells already decided."""
    ordered = [item for item in items if not item.hits]
    covered = 0
    for item in ordered:
        covered |= paths[item.cannon]
    rest = [item for item in items if item.hits]
    while rest:
        best, best_key = 0, None
        for n, item in enumerate(rest):
            key = ((paths[item.cannon] & ~covered).bit_count(), len(item.hits))
            if best_key is None or key < best_key:
                best, best_key = n, key
        item = rest.pop(best)
        ordered.append(item)
        covered |= paths[item.cannon]
    return ordered


def completions(engine: Engine, placed: int, known: int) -> int:
    """How many layouts a leaf stands for: the unplaced types in the unknown cells, any orientation."""
    missing = [t for t in range(len(engine.type_pieces)) if not (placed >> t) & 1]
    if not missing:
        return 1
    unknown = engine.size - known
    return perm(unknown, len(missing)) * prod(len(engine.type_pieces[t]) for t in missing)


def shots_of(engine: Engine, observation: Observation) -> list[Fired]:
    """An Observation as search shots (hit symbols → type ids); KeyError for a type not in play."""
    return [Fired(s.cannon, [engine.hit_index[x] for x in s.hits], s.outcome) for s in observation.shots]


def shots_from_results(results: Results, cannons: Iterable[Cannon]) -> list[SearchShot]:
    """Search shots from Engine.results for the cannons chosen (plain tuples: the hard levels' search
    makes hundreds of thousands)."""
    return [(k, *results[k - 1]) for k in cannons]


