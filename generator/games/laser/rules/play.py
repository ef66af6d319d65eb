"""One player's game against a hidden layout (`pnpgen laser play`): fire cannons one at a time, and
check a placement. The layout never leaves this object: a check answers "solved", or names one fired
shot the placement contradicts, or says that every fired shot fits it (so more shots are needed),
never where a component is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.errors import RulesError
from generator.games.laser.rules.engine import EMPTY, Engine
from generator.games.laser.rules.model import ABSORBED, Layout
from generator.games.laser.rules.words import result_text

Piece = tuple[str, int, int, str | None]     # (type name, column, row, orientation name or None)


class Incomplete(RulesError):
    """A placement that does not hold every component in play yet."""


@dataclass(frozen=True)
class Fired:
    """One shot fired: its cannon, its result as the rules write it (`26 T \\ 28`), the receiving
    cannon (None when absorbed) and whether the puzzle gave it."""

    cannon: int
    text: str
    exit: int | None
    given: bool


@dataclass(frozen=True)
class Verdict:
    """A check: solved; else `contradicted`, a fired cannon whose shot the placement does not give
    (with what it gives on the placement), or None when every fired shot fits it."""

    solved: bool
    contradicted: int | None = None
    theirs: str | None = None


class Hidden:
    """A hidden layout, the shots fired so far (the given ones first) and the par: the number of
    shots proven to determine the layout (a book's given shots, or the layout's exact difficulty)."""

    def __init__(self, engine: Engine, layout: Layout, given: Sequence[int], par: int, par_exact: bool = True) -> None:
        self.engine = engine
        self.cells = engine.cells_of(layout)
        self.results = engine.results(self.cells)
        self.par, self.par_exact = par, par_exact
        self.fired: list[Fired] = []
        for cannon in sorted(given):
            self.fire(cannon, given=True)

    def fire(self, cannon: int, given: bool = False) -> Fired:
        """Fire a cannon (once: firing it again answers the same shot, not counted twice)."""
        if not 1 <= cannon <= self.engine.board.cannons:
            raise RulesError(f"no cannon {cannon} (cannons 1..{self.engine.board.cannons})")
        for shot in self.fired:
            if shot.cannon == cannon:
                return shot
        result = self.results[cannon - 1]
        shot = Fired(cannon, result_text(self.engine, cannon, result), None if result[1] == ABSORBED else result[1],
                     given)
        self.fired.append(shot)
        return shot

    @property
    def score(self) -> int:
        """Shots fired so far, the given ones included (fewer is better; the par is the least)."""
        return len(self.fired)

    def placement(self, pieces: Sequence[Piece]) -> list[int]:
        """The flat cells of a player's placement (Incomplete when a type in play is missing;
        RulesError when it is not one of each type, in distinct cells of the board, in orientations
        the types have)."""
        engine, board = self.engine, self.engine.board
        cells = [EMPTY] * engine.size
        seen: set[str] = set()
        for name, column, row, orientation in pieces:
            if name not in engine.in_play.names or name in seen:
                raise RulesError(f"{name!r} is not a component in play, or is placed twice")
            if not (1 <= column <= board.width and 1 <= row <= board.height):
                raise RulesError(f"no cell ({column},{row}) on {board.named}")
            t = engine.in_play.names.index(name)
            ctype = engine.in_play.types[t]
            names = [o.name for o in ctype.orientations]
            if (orientation if len(names) > 1 else names[0]) not in names:
                raise RulesError(f"the {name} has no orientation {orientation!r}")
            index = board.index(column, row)
            if cells[index] != EMPTY:
                raise RulesError(f"two components in cell ({column},{row})")
            cells[index] = engine.type_pieces[t][names.index(orientation) if len(names) > 1 else 0]
            seen.add(name)
        if len(seen) != len(engine.in_play):
            raise Incomplete(f"place all {len(engine.in_play)} components first")
        return cells

    def check(self, pieces: Sequence[Piece]) -> Verdict:
        """Solved, or the first fired shot (in firing order) the placement contradicts, or none."""
        cells = self.placement(pieces)
        if cells == self.cells:
            return Verdict(True)
        for shot in self.fired:
            hits, outcome = self.engine.trace(cells, shot.cannon)
            if (tuple(hits), outcome) != self.results[shot.cannon - 1]:
                return Verdict(False, shot.cannon, result_text(self.engine, shot.cannon, (tuple(hits), outcome)))
        return Verdict(False)
