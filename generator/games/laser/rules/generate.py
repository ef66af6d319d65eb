"""Random fair layouts from a seeded rng, with per-layout statistics and an optional difficulty floor."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from generator.core.errors import RulesError
from generator.games.laser.rules.difficulty import Difficulty, WorkBudget, rate
from generator.games.laser.rules.engine import Engine, engine_for
from generator.games.laser.rules.model import TRAPPED, Board, ComponentSet, Layout
from generator.games.laser.rules.search import Partial, Search, completions, shots_from_results

MAX_TRIES = 2000       # random layouts drawn per layout asked for before giving up


@dataclass(frozen=True)
class LayoutStats:
    """What a host may want to know about a generated layout."""

    blank_shots: int            # shots that hit nothing
    mean_hits: float            # hits per shot, over every cannon
    returning: int              # shots received back by the cannon that fired them
    difficulty: Difficulty | None


def check_fits(board: Board, types: int) -> None:
    """RulesError (naming --size) when the board has fewer cells than the types in play."""
    if board.cells < types:
        raise RulesError(f"{types} components cannot fit on {board.named} (a bigger "
                         "--size, or fewer --components)", key="--size")


def random_cells(engine: Engine, rng: random.Random) -> list[int]:
    """Each type of the set in play in a distinct random cell, in a random orientation."""
    cells = [-1] * engine.size
    spots = rng.sample(range(engine.size), len(engine.type_pieces))
    for spot, pieces in zip(spots, engine.type_pieces, strict=False):
        cells[spot] = pieces[rng.randrange(len(pieces))]
    return cells


def is_fair_cells(engine: Engine, cells: list[int]) -> bool:
    """Playable, and no other layout gives the same shots (the search stops at a second one)."""
    results = engine.results(cells)
    if any(outcome == TRAPPED for _, outcome in results):
        return False
    total = 0

    def leaf(b: Partial, placed: int, known: int) -> bool:
        nonlocal total
        total += completions(engine, placed, known)
        return total > 1

    Search(engine, shots_from_results(results, range(1, engine.board.cannons + 1)), guide=cells).run(leaf)
    return total == 1


def layout_stats(layout: Layout, with_difficulty: bool = True, time_limit: float | None = None,
                 budget: WorkBudget | None = None, rating: Difficulty | None = None) -> LayoutStats:
    """Shot statistics of a playable layout (and its difficulty if asked, within time_limit seconds
    or the work budget; `rating`, when given, is the one already found)."""
    engine = engine_for(layout.board, layout.in_play)
    results = engine.results(engine.cells_of(layout))
    blank = sum(1 for hits, _ in results if not hits)
    mean = sum(len(hits) for hits, _ in results) / len(results)
    back = sum(1 for k, (_, outcome) in enumerate(results, start=1) if outcome == k)
    if with_difficulty and rating is None:
        rating = rate(layout, time_limit=time_limit, budget=budget)
    return LayoutStats(blank, mean, back, rating if with_difficulty else None)


def generate_fair(rng: random.Random, board: Board, in_play: ComponentSet, min_difficulty: int = 0,
                  max_tries: int = MAX_TRIES, time_limit: float | None = None,
                  budget: WorkBudget | None = None, rated: list[Difficulty | None] | None = None,
                  tried: Callable[[], object] | None = None) -> Layout:
    """A random fair layout (every component locatable, playable), at least `min_difficulty` hard
    (rated within time_limit seconds each: a rating stopped early counts by its proven lower bound).
    `tried()` is called before each draw's fairness search (a puzzle's work count, hard.Work.spend)."""
    if len(in_play) == 0:
        raise RulesError("no component types in play")
    check_fits(board, len(in_play))
    if min_difficulty > board.cannons:
        raise RulesError(f"difficulty {min_difficulty} is impossible: the board has {board.cannons} cannons",
                         key="--min-difficulty")
    engine = engine_for(board, in_play)
    for _ in range(max_tries):
        cells = random_cells(engine, rng)
        if tried is not None:
            tried()
        if not is_fair_cells(engine, cells):
            continue
        layout = engine.layout_of(cells)
        if min_difficulty:
            rating = rate(layout, time_limit=time_limit, budget=budget)
            if rating is None or rating.lower_bound < min_difficulty:
                if budget is not None and budget.spent_out():
                    raise _out_of_work(budget, min_difficulty)
                continue
            if rated is not None:
                rated.append(rating)
        return layout
    raise RulesError(f"no fair layout with difficulty at least {min_difficulty} in {max_tries} random "
                     "tries: ask for an easier one")


def _out_of_work(budget: WorkBudget, min_difficulty: int) -> RulesError:
    if budget.guard_hit:
        return RulesError(f"the wall-clock guard stopped the search before a layout at least {min_difficulty} "
                          "hard was found (--time-limit raises it; the work budget was not spent)")
    return RulesError(f"the search work budget ({budget.units:,} units) ran out before a layout at least "
                      f"{min_difficulty} hard was found (--work raises it)")
