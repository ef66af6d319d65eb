"""A tiered, human-style solver that grades laser puzzles by the simplest reasoning that solves them.

Knowledge is a domain per component type: the (cell, piece) spots it may still occupy (a piece is a
type in one orientation). A *projection* takes a few shots, lists every way they can be explained on
the cells they cross (an *explanation*: what each cell a beam enters holds) under the current domains,
and keeps for each type only the spots some explanation allows. It is sound: a layout consistent with
the shots is one of the explanations, completed in cells no beam entered.

Tiers, as a person reasons:
  1. one shot at a time ("this beam hits only the absorber, so the absorber is on its line");
  2. two or three shots together (their explanations must agree on every cell they share);
  3. one level of case analysis: suppose a component is at one of its spots, reason with tiers 1-2,
     and drop the spot when that contradicts a shot;
  4. deeper search (what is left for the exact solver).
The grader always uses the lowest tier that makes progress, and a puzzle's tier is the highest it
needed. Only the exact solver judges uniqueness; this module only grades and explains.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TypeAlias

from generator.games.laser.rules.engine import EMPTY, Engine, Piece, TypeId
from generator.games.laser.rules.model import TRAPPED, Cannon, Cell
from generator.games.laser.rules.search import Fired, traced
from generator.games.laser.rules.search import SearchShot as SearchShot  # hard.py imports it from here

Spot: TypeAlias = tuple[Cell, Piece]    # a plain pair (s[0] its cell): the domains hold hundreds of thousands
Domains: TypeAlias = list[frozenset[Spot]]        # per type id: the spots it may occupy
Found: TypeAlias = tuple[Domains, tuple[Cannon, ...]]   # new domains, and the cannons a step used
Placed: TypeAlias = tuple[TypeId, Cell, Piece]    # a type at one of its spots

EXPLANATION_CAP = 4000                 # a projection listing more explanations is not attempted
TIER_CAPS = {1: 10, 2: 16, "lines": 400}   # most explanations for a tier-1 step, a joint tier-2
                                           # step, and a shot whose lines a tier-2 step intersects
UNCAPPED = 10 ** 9                     # saturate's cap: every explanation is listed
CASE_DOMAIN_MAX = 16                   # tier 3 supposes spots of types with at most this many left
DEEPEST = 4


class _TooMany(Exception):
    pass


class Contradiction(Exception):
    pass


@dataclass(frozen=True)
class Step:
    """One deduction: the tier used, the cannons whose shots it combined, spots removed and the
    types it pinned (type id, cell index, piece id). For tier 3, `supposed` is the spot refuted."""

    tier: int
    cannons: tuple[Cannon, ...]
    removed: tuple[Placed, ...]
    pinned: tuple[Placed, ...]
    supposed: Placed | None = None


@dataclass(frozen=True)
class Grade:
    """The grader's verdict: the tier needed (DEEPEST when tiers 1-3 stall), solved by tiers 1-3
    or not, and the steps in order."""

    tier: int
    solved: bool
    steps: tuple[Step, ...]


def initial_domains(engine: Engine) -> Domains:
    """Every type may be anywhere, in any orientation."""
    return [frozenset((c, p) for c in range(engine.size) for p in pieces) for pieces in engine.type_pieces]


def solved(domains: Domains) -> bool:
    return all(len(d) == 1 for d in domains)


Options: TypeAlias = dict[Cell, dict[TypeId, list[Piece]]]    # {cell: {type: the pieces it may be there}}
_VIEWS: dict[int, tuple[Domains, Options, set[Cell]]] = {}


def _view(domains: Domains) -> tuple[Options, set[Cell]]:
    """{cell: {type: pieces}} and the cells some type must occupy, cached for the last domains seen."""
    key = id(domains)
    cached = _VIEWS.get(key)
    if cached is not None and cached[0] is domains:
        _, kept_options, kept_forced = cached
        return kept_options, kept_forced
    options: Options = {}
    for t, dom in enumerate(domains):
        for c, p in dom:
            options.setdefault(c, {}).setdefault(t, []).append(p)
    forced = {next(iter(dom))[0] for dom in domains if len({c for c, _ in dom}) == 1}
    _VIEWS.clear()
    _VIEWS[key] = (domains, options, forced)
    return options, forced


class _Explainer:
    """Lists the explanations of some shots under given domains (raises _TooMany past the cap)."""

    def __init__(self, engine: Engine, domains: Domains, shots: Sequence[SearchShot], cap: int) -> None:
        self.eng = engine
        self.cap = cap
        self.shots = [traced(engine, *shot) for shot in shots]
        self.options, self.forced = _view(domains)
        self.cells: dict[Cell, Piece] = {}
        self.where: dict[TypeId, Cell] = {}
        self.found: list[tuple[dict[Cell, Piece], dict[TypeId, Cell]]] = []
        self.domains = domains

    def run(self) -> list[tuple[dict[Cell, Piece], dict[TypeId, Cell]]]:
        if self.shots:
            self._shot(0, self.shots[0].cell, self.shots[0].direction, 0, 0)
        else:
            self._leaf()
        return self.found

    def _leaf(self) -> None:
        used = set(self.cells)
        for t, dom in enumerate(self.domains):
            if t not in self.where and not any(c not in used for c, _ in dom):
                return
        self.found.append((dict(self.cells), dict(self.where)))
        if len(self.found) > self.cap:
            raise _TooMany

    def _shot(self, j: int, i: Cell, d: int, h: int, steps: int) -> None:
        eng = self.eng
        nxt, exits, ptype = eng.nxt, eng.exits, eng.ptype
        _, _, _, hits, out = self.shots[j]
        nh = len(hits)
        cells = self.cells
        fresh: list[Cell] = []
        try:
            while i >= 0:
                steps += 1
                if steps > eng.limit:
                    return
                p = cells.get(i)
                if p is None:
                    choices = self.options.get(i, {}).get(hits[h], ()) if h < nh and hits[h] not in self.where else ()
                    for q in choices:
                        cells[i] = q
                        self.where[hits[h]] = i
                        self._shot(j, i, d, h, steps - 1)
                        del self.where[hits[h]]
                    if i in self.forced:
                        cells.pop(i, None)
                        return
                    cells[i] = EMPTY
                    fresh.append(i)
                    i = nxt[d][i]
                    continue
                if p < 0:
                    i = nxt[d][i]
                    continue
                if h >= nh or ptype[p] != hits[h]:
                    return
                h += 1
                d, row = exits[p][d]
                i = row[i]
            if h != nh or -i != out:
                return
            if j + 1 == len(self.shots):
                self._leaf()
            else:
                self._shot(j + 1, self.shots[j + 1].cell, self.shots[j + 1].direction, 0, 0)
        finally:
            for c in fresh:
                del cells[c]


def project(engine: Engine, domains: Domains, shots: Sequence[SearchShot], cap: int = EXPLANATION_CAP) -> Domains:
    """The domains narrowed to what some explanation of `shots` allows (Contradiction if none does;
    the domains unchanged when there are more than `cap` explanations)."""
    try:
        found = _Explainer(engine, domains, shots, cap).run()
    except _TooMany:
        return domains
    if not found:
        raise Contradiction
    out = []
    for t, dom in enumerate(domains):
        placed: set[Spot] = set()
        common: set[Cell] | None = None
        free_seen = False
        for cells, where in found:
            if t in where:
                placed.add((where[t], cells[where[t]]))
            else:
                free_seen = True
                common = set(cells) if common is None else common & cells.keys()
        if free_seen:
            if not common:
                out.append(dom)
                continue
            placed.update(s for s in dom if s[0] not in common)
        out.append(dom if len(placed) == len(dom) else frozenset(placed))
    if all(a is b for a, b in zip(out, domains, strict=True)):
        return domains
    return out


def saturate(engine: Engine, domains: Domains, shots: Sequence[SearchShot]) -> Domains:
    """Propagation to its fixed point: each shot alone narrows the domains to what some explanation
    of it allows (no cap: an uncapped projection is exact), and a component pinned to a cell clears
    it for the others, until no shot teaches anything more (Contradiction on an impossible state)."""
    changed = True
    while changed and not solved(domains):
        changed = False
        for shot in shots:
            projected = project(engine, domains, [shot], cap=UNCAPPED)
            if projected is not domains:
                new = propagate(projected)
                if new != domains:
                    domains, changed = new, True
    return domains


def tier_one(engine: Engine, domains: Domains, shots: Sequence[SearchShot],
             steps: list[tuple[Cannon, Domains]] | None = None) -> Domains:
    """Tier-1 steps (one shot alone, at most TIER_CAPS[1] readings, pencilled in coarsely) until
    none teaches anything: where the grader's tier 1 stops, so the grader with max_tier 1 solves
    the shots exactly when this is solved. Each step only narrows, and narrower knowledge is
    narrowed no less, so this fixed point is the same in any order and from any sound start no
    narrower than it: knowledge that some of the shots' steps reached. `steps` gets each step as
    (cannon, knowledge before it)."""
    fired = _untrapped(shots)
    quiet = index = 0
    while quiet < len(fired) and not solved(domains):
        shot = fired[index % len(fired)]
        index += 1
        quiet += 1
        projected = project(engine, domains, [shot], TIER_CAPS[1])
        if projected is not domains:
            new = propagate(coarse(domains, projected))
            if new != domains:
                if steps is not None:
                    steps.append((shot.cannon, domains))
                domains, quiet = new, 0
    return domains


def coarse(before: Domains, projected: Domains) -> Domains:
    """What a person pencils in from a projection: cells now certainly empty, and components now
    certainly in one cell (with the orientations still possible). Narrower facts ("the absorber is
    somewhere in column 5") are not kept: combining them is tier 2."""
    still = set().union(*({c for c, _ in dom} for dom in projected))
    out = []
    for dom, new in zip(before, projected, strict=True):
        cells = {c for c, _ in new}
        if len(cells) == 1:
            out.append(new)
        else:
            out.append(frozenset(s for s in dom if s[0] in still))
    return out


def _untrapped(shots: Sequence[SearchShot]) -> list[Fired]:
    """The shots whose beams leave (a trapped one teaches nothing), as named records."""
    return [fired for fired in map(Fired._make, shots) if fired.outcome != TRAPPED]


def refuted_spot(domains: Domains, reason: Callable[[Domains], object]
                 ) -> tuple[Domains, Placed] | None:
    """A supposition: the first spot (smallest domains first) that `reason` (some propagation of the
    shots) contradicts once it is supposed; the domains without it, and (type, spot)."""
    order = sorted((len(dom), t) for t, dom in enumerate(domains) if 1 < len(dom) <= CASE_DOMAIN_MAX)
    for _, t in order:
        for spot in sorted(domains[t]):
            trial = list(domains)
            trial[t] = frozenset([spot])
            try:
                reason(propagate(trial))
            except Contradiction:
                narrowed = list(domains)
                narrowed[t] = domains[t] - {spot}
                return propagate(narrowed), (t, *spot)
    return None


def propagate(domains: Domains) -> Domains:
    """A type whose spots are all in one cell owns that cell: no other type can be there."""
    doms = list(domains)
    changed = True
    while changed:
        changed = False
        for t, dom in enumerate(doms):
            if not dom:
                raise Contradiction
            cells = {c for c, _ in dom}
            if len(cells) != 1:
                continue
            (c,) = cells
            for u, other in enumerate(doms):
                if u != t and any(s[0] == c for s in other):
                    doms[u] = frozenset(s for s in other if s[0] != c)
                    changed = True
    return doms


class Grader:
    """Grades one puzzle: an engine and the given shots (cannon, hit type ids, outcome)."""

    def __init__(self, engine: Engine, shots: Sequence[SearchShot], max_tier: int = 3) -> None:
        self.eng = engine
        self.shots = _untrapped(shots)
        self.max_tier = max_tier
        self.cursor = 0

    # -- the tiers -------------------------------------------------------------------------------
    def _single(self, domains: Domains) -> Found | None:
        """Tier 1: the next shot, round the given shots from where the last change happened, that
        teaches something alone."""
        count = len(self.shots)
        for offset in range(count):
            index = (self.cursor + offset) % count
            shot = self.shots[index]
            projected = project(self.eng, domains, [shot], TIER_CAPS[1])
            if projected is domains:
                continue
            new = propagate(coarse(domains, projected))
            if new != domains:
                self.cursor = index
                return new, (shot.cannon,)
        return None

    def _combined(self, domains: Domains) -> Found | None:
        """Tier 2: what two shots teach together. First what each says about where each component
        may be, intersected ("the diagonal is in column A, and in row 2: it is at A2"); then the
        two shots explained jointly when they have few readings together."""
        alone = {}
        for shot in self.shots:
            alone[shot.cannon] = project(self.eng, domains, [shot], TIER_CAPS["lines"])
        for a, b in combinations(self.shots, 2):
            pa, pb = alone[a.cannon], alone[b.cannon]
            if pa is domains or pb is domains:
                continue
            met = [x & y for x, y in zip(pa, pb, strict=True)]
            new = propagate(coarse(domains, met))
            if new != domains:
                return new, (a.cannon, b.cannon)
        for group in [*((s,) for s in self.shots), *combinations(self.shots, 2)]:
            projected = project(self.eng, domains, list(group), TIER_CAPS[2])
            if projected is domains:
                continue
            new = propagate(coarse(domains, projected))
            if new != domains:
                return new, tuple(s.cannon for s in group)
        return None

    def _saturated(self, domains: Domains) -> Found | None:
        """Tier 2, last resort before supposing: every shot alone, projected exactly (no reading
        cap, narrower facts kept), round and round until nothing changes. This is what a solver
        that only propagates can reach; tier 3 starts only where it stalls."""
        new = saturate(self.eng, domains, self.shots)
        if new == domains:
            return None
        return new, tuple(s.cannon for s in self.shots)

    def _closure(self, domains: Domains, top: int) -> Domains:
        """Tiers 1..top applied until nothing changes (Contradiction on an impossible state)."""
        while not solved(domains):
            found = self._single(domains) or (self._combined(domains) if top >= 2 else None)
            if found is None and top >= 2:
                found = self._saturated(domains)
            if found is None:
                return domains
            domains, _ = found
        return domains

    def _suppose(self, domains: Domains) -> tuple[Domains, Placed] | None:
        """Tier 3: a spot whose supposition contradicts the shots under tiers 1-2."""
        return refuted_spot(domains, lambda trial: self._closure(trial, 2))

    # -- the run ---------------------------------------------------------------------------------
    def grade(self) -> Grade:
        domains = propagate(initial_domains(self.eng))
        steps: list[Step] = []
        tier = 1
        while not solved(domains):
            found = self._single(domains)
            used, supposed = 1, None
            if found is None and self.max_tier >= 2:
                found, used = self._combined(domains) or self._saturated(domains), 2
            if found is None and self.max_tier >= 3:
                result = self._suppose(domains)
                if result is not None:
                    narrowed, supposed = result
                    found, used = (narrowed, ()), 3
            if found is None:
                return Grade(DEEPEST, False, tuple(steps))
            new, cannons = found
            steps.append(_step(used, cannons, domains, new, supposed))
            tier = max(tier, used)
            domains = new
        return Grade(tier, True, tuple(steps))


def _step(tier: int, cannons: Sequence[Cannon], before: Domains, after: Domains,
          supposed: Placed | None) -> Step:
    removed = tuple(sorted((t, c, p) for t in range(len(before)) for c, p in before[t] - after[t]))
    pinned = tuple((t, *next(iter(after[t]))) for t in range(len(after))
                   if len(after[t]) == 1 and len(before[t]) > 1)
    return Step(tier, tuple(cannons), removed, pinned, supposed)


def grade(engine: Engine, shots: Sequence[SearchShot], max_tier: int = 3) -> Grade:
    """Grade a puzzle given as search shots (see search.shots_of)."""
    return Grader(engine, shots, max_tier).grade()
