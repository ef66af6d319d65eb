"""Flat tables for one board and set in play, the beam step, and the simulator that runs on them.

Glossary: the short names of the hot loops, here and in search.py, grade.py and assist.py.

    i       a cell, as a flat index 0..size-1 (Board.index); a negative i means the beam has left:
            -i is the receiving cannon, or ABSORBED_EXIT when a piece absorbed it
    d       a direction of travel: 0 north, 1 east, 2 south, 3 west (model.NORTH ...)
    p       what a cell holds: a piece id >= 0, EMPTY (-1), or None (not known yet: the search, the
            grader and the assistant work on partly known boards)
    piece   a (type, orientation) pair numbered from 0 (Engine.pieces); t = ptype[p] is its type id
    t       a type id: index into the set in play (Engine.type_pieces[t] lists its pieces)
    a       an encoded action (model.decode_action): STOP, a new direction 0..3, or JUMP_BASE + k
    act     act[p][d]: the action of piece p on a beam travelling d
    nxt     nxt[d][i]: the cell after i in direction d, or -(receiving cannon) off the board
    land    land[a][d][i]: where a beam leaving jump a's cell i in direction d carries on
    exits   exits[p][d] = (new d, row): a beam entering piece p's cell i travelling d goes on
            travelling new d into row[i]; row is nxt[new d] for a turn (or straight on), land[a][d]
            for a jump, and a row of -ABSORBED_EXIT for STOP (Engine._exits, the one place where an
            action is decoded)
    limit   cells a beam may enter before it counts as trapped (more than (cell, direction) states)
    cells   a whole layout as a flat list (EMPTY or a piece id per cell); b is a partial one

The beam step (Engine.step) takes a beam from the cell it has just entered to the next one:

    empty cell:   i = nxt[d][i]
    piece p:      d, row = exits[p][d]
                  i = row[i]

The loops that follow beams (Engine.trace and path, the search's follow and probe, the grader's
explainer, the assistant's tracer) write these lines in place instead of calling Engine.step: a
call per cell entered makes Engine.trace 1.5 times slower. Each loop runs `while i >= 0`; the
outcome is exit_outcome(i) (the search and the grader compare -i with the shot's outcome code,
which is ABSORBED_EXIT for an absorbed shot). tests/laser/test_beam.py checks every one of them
against a naive tracer that walks the board by coordinates.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple, TypeAlias

from generator.games.laser.rules.model import (
    ABSORBED,
    DX,
    DY,
    JUMP_BASE,
    STOP,
    TRAPPED,
    Action,
    Board,
    Cannon,
    Cell,
    ComponentSet,
    ComponentType,
    Direction,
    Layout,
    Observation,
    Outcome,
    Placement,
    Shot,
)

EMPTY = -1   # a cell known to be empty; a cell >= 0 holds that piece; None (solver only) is unknown
ABSORBED_EXIT = 1 << 30   # an absorbed beam "leaves" at this pseudo-cannon (i = -ABSORBED_EXIT)

Piece: TypeAlias = int     # p: a piece id >= 0 (Engine.pieces), or EMPTY
TypeId: TypeAlias = int    # t: a component type, as its index in the set in play


class PieceKind(NamedTuple):
    """What a piece id stands for: a type in one of its orientations."""

    type: TypeId
    orientation: int       # index into the type's orientations


# exits[p][d]: (direction of travel after piece p, the row giving the next cell after each cell). A plain
# tuple, not a NamedTuple: the beam loops unpack it at every piece met, and Python unpacks an exact tuple
# faster than a subclass of one.
Exit: TypeAlias = tuple[Direction, list[Cell]]


class ShotResult(NamedTuple):
    """One shot traced on a whole layout (Engine.results)."""

    hits: tuple[TypeId, ...]
    outcome: Outcome


Results: TypeAlias = list[ShotResult]     # Engine.results: per cannon, index k-1 for cannon k


def exit_outcome(i: Cell) -> Outcome:
    """The outcome of a beam whose last i is negative: the receiving cannon, or ABSORBED."""
    return ABSORBED if i == -ABSORBED_EXIT else -i


class Engine:
    """Precomputed moves for a board and a set in play: cells are flat indices, pieces are
    (type, orientation) pairs numbered from 0, actions are encoded ints (see model.decode_action)."""

    def __init__(self, board: Board, in_play: ComponentSet) -> None:
        self.board = board
        self.in_play = in_play
        self.size = board.cells
        self.limit = 4 * board.cells + 4     # more entries than (cell, direction) states: a loop
        self.nxt = [self._neighbours(d) for d in range(4)]
        self.start = [(0, 0)] + [board.entry(k) for k in range(1, board.cannons + 1)]
        self.pieces: list[PieceKind] = []
        self.type_pieces: list[list[Piece]] = []
        for t, ctype in enumerate(in_play):
            ids = []
            for o in range(len(ctype.orientations)):
                ids.append(len(self.pieces))
                self.pieces.append(PieceKind(t, o))
            self.type_pieces.append(ids)
        self.ptype = [t for t, _ in self.pieces]
        self.act = [in_play.types[t].orientations[o].actions for t, o in self.pieces]
        self.land = self._landings()
        self.exits = self._exits()
        self.hit_index = {ctype.hit: t for t, ctype in enumerate(in_play)}

    def _neighbours(self, d: Direction) -> list[Cell]:
        """For each cell, the next cell in direction d, or -(receiving cannon) off the board."""
        board, out = self.board, []
        for index in range(board.cells):
            column, row = board.cell(index)
            c, r = column + DX[d], row + DY[d]
            if 1 <= c <= board.width and 1 <= r <= board.height:
                out.append(board.index(c, r))
            else:
                out.append(-board.exit_cannon(column, row, d))
        return out

    def _landings(self) -> dict[Action, list[list[Cell]]]:
        """For each jump action in play, direction and cell: where a beam leaving that jump's cell
        carries on (the cell after the skipped ones, or -(receiving cannon) off the board)."""
        land: dict[Action, list[list[Cell]]] = {}
        for a in {a for actions in self.act for a in actions if a >= JUMP_BASE}:
            land[a] = [[self._advance(i, d, a - JUMP_BASE + 1) for i in range(self.size)] for d in range(4)]
        return land

    def _exits(self) -> list[tuple[Exit, ...]]:
        """exits[p][d]: the one place where an action is decoded into where the beam goes next."""
        absorbed_row = [-ABSORBED_EXIT] * self.size
        out = []
        for actions in self.act:
            row: list[Exit] = []
            for d, a in enumerate(actions):
                if a == STOP:
                    row.append((d, absorbed_row))
                elif a < JUMP_BASE:
                    row.append((a, self.nxt[a]))
                else:
                    row.append((d, self.land[a][d]))
            out.append(tuple(row))
        return out

    def step(self, p: Piece, i: Cell, d: Direction) -> tuple[Cell, Direction]:
        """The beam step: (next i, next d) of a beam that has entered cell i travelling d, the cell
        holding p (EMPTY or a piece). The next i is negative when the beam leaves (see exit_outcome)."""
        if p < 0:
            return self.nxt[d][i], d
        d, row = self.exits[p][d]
        return row[i], d

    def _advance(self, i: Cell, d: Direction, steps: int) -> Cell:
        for _ in range(steps):
            i = self.nxt[d][i]
            if i < 0:
                break
        return i

    # -- layouts as flat cells ------------------------------------------------------------
    def cells_of(self, layout: Layout) -> list[Piece]:
        """The layout as a flat list: EMPTY or a piece id per cell."""
        cells = [EMPTY] * self.size
        for p in layout.placements:
            t = self.in_play.names.index(p.type)
            o = self.in_play.types[t].orientation_index(p.orientation)
            cells[self.board.index(*p.cell)] = self.type_pieces[t][o]
        return cells

    def layout_of(self, cells: Sequence[Piece | None]) -> Layout:
        """The Layout a flat list describes (unknown cells count as empty)."""
        placements = []
        for index, piece in enumerate(cells):
            if piece is not None and piece >= 0:
                t, o = self.pieces[piece]
                ctype = self.in_play.types[t]
                placements.append(Placement(ctype.name, self.board.cell(index), ctype.orientations[o].name))
        return Layout(self.board, tuple(placements), self.in_play)

    # -- the simulator ----------------------------------------------------------------------
    def trace(self, cells: list[Piece], cannon: Cannon) -> tuple[list[TypeId], Outcome]:
        """(hit type ids in order, outcome) of one shot; outcome is the receiving cannon, ABSORBED
        or TRAPPED (the beam entered more cells than there are (cell, direction) states)."""
        nxt, exits, ptype = self.nxt, self.exits, self.ptype
        i, d = self.start[cannon]
        hits: list[TypeId] = []
        steps, limit = 0, self.limit
        while i >= 0:
            steps += 1
            if steps > limit:
                return hits, TRAPPED
            p = cells[i]
            if p < 0:
                i = nxt[d][i]
                continue
            hits.append(ptype[p])
            d, row = exits[p][d]
            i = row[i]
        return hits, ABSORBED if i == -ABSORBED_EXIT else -i   # exit_outcome(i), inlined

    def path(self, cells: list[Piece], cannon: Cannon) -> list[tuple[Cell, Direction]]:
        """The (cell, direction of travel on entry) states a beam goes through, in order."""
        nxt, exits = self.nxt, self.exits
        i, d = self.start[cannon]
        states: list[tuple[Cell, Direction]] = []
        while i >= 0 and len(states) <= self.limit:
            states.append((i, d))
            p = cells[i]
            if p < 0:
                i = nxt[d][i]
                continue
            d, row = exits[p][d]
            i = row[i]
        return states

    def results(self, cells: list[Piece]) -> Results:
        """Every shot's (hit type ids, outcome), index k-1 for cannon k."""
        out = []
        for cannon in range(1, self.board.cannons + 1):
            hits, outcome = self.trace(cells, cannon)
            out.append(ShotResult(tuple(hits), outcome))
        return out

    def shot(self, cells: list[Piece], cannon: Cannon) -> Shot:
        hits, outcome = self.trace(cells, cannon)
        symbols = tuple(self.in_play.types[t].hit for t in hits)
        return Shot(cannon, symbols, outcome)


def engine_for(board: Board, in_play: ComponentSet) -> Engine:
    """The (cached) engine of a board and set in play: tables are built once per pair."""
    return _cached_engine(board, in_play.types)


@lru_cache(maxsize=32)
def _cached_engine(board: Board, types: tuple[ComponentType, ...]) -> Engine:
    return Engine(board, ComponentSet(types))


def observe(layout: Layout, cannons: list[Cannon] | None = None) -> Observation:
    """The observation of a layout: every shot (or the cannons listed), in cannon order.
    A trapped beam has outcome TRAPPED (the layout is unplayable)."""
    engine = engine_for(layout.board, layout.in_play)
    cells = engine.cells_of(layout)
    chosen = cannons if cannons is not None else range(1, layout.board.cannons + 1)
    return Observation(layout.board, tuple(engine.shot(cells, k) for k in chosen))


def trapped_cannon(layout: Layout) -> Cannon | None:
    """The lowest-numbered cannon whose beam never leaves, or None if the layout is playable."""
    engine = engine_for(layout.board, layout.in_play)
    cells = engine.cells_of(layout)
    for cannon in range(1, layout.board.cannons + 1):
        _, outcome = engine.trace(cells, cannon)
        if outcome == TRAPPED:
            return cannon
    return None
