"""Noir: Killer vs Inspector, the rules pnpgen needs: the deal, the 5x5 grid, shifts, adjacency, endings.

Layout of this module (as in Simon Tatham's puzzles): parameters, notation (text forms that
round-trip), rules (adjacency, wrap-around shifts, the no-undo rule, collapsing dead lines, the
kill limit), generator (a fresh random setup). Suspects are named by their card number 1..25;
names live in card_data/noir/ and are attached by the caller.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from generator.core.errors import ParseError, RulesError

# --- parameters ---------------------------------------------------------------------------------

GRID_SIZE = 5                      # the table is GRID_SIZE x GRID_SIZE suspect cards
SUSPECT_COUNT = GRID_SIZE * GRID_SIZE
KILL_LIMIT = 16                    # the killer wins when this many suspects are dead

Grid = tuple[tuple[int, ...], ...]
Position = tuple[int, int]          # (row, column), 0-based

# --- notation -----------------------------------------------------------------------------------

_ROW_SEP, _NUM_SEP, _PART_SEP = "/", ",", ";"


@dataclass(frozen=True)
class Setup:
    """A dealt game: the grid of suspect card numbers (rows, top first) and the deck, top card first.

    Text form (round-trips through parse_setup/format_setup): rows of numbers separated by "/",
    then ";" and the deck, e.g. "3,17,...,9/.../...;12,4,...".
    """

    grid: Grid
    deck: tuple[int, ...]

    def __post_init__(self) -> None:
        check_setup(self.grid, self.deck)

    def __str__(self) -> str:
        return format_setup(self)

    def position_of(self, number: int) -> Position:
        """Where suspect `number` lies on the table."""
        for r, row in enumerate(self.grid):
            if number in row:
                return r, row.index(number)
        raise RulesError(f"suspect {number} is not on the table", key="grid")


def check_setup(grid: Grid, deck: tuple[int, ...]) -> None:
    """Raise RulesError unless grid is square and both grid and deck hold each number 1..n once."""
    size = len(grid)
    if size == 0 or any(len(row) != size for row in grid):
        raise RulesError(f"the grid must be square, got rows of {[len(r) for r in grid]}", key="grid")
    expected = set(range(1, size * size + 1))
    cells = [n for row in grid for n in row]
    if sorted(cells) != sorted(expected):
        raise RulesError(f"the grid must hold each suspect 1..{size * size} once", key="grid")
    if sorted(deck) != sorted(expected):
        raise RulesError(f"the deck must hold each suspect 1..{size * size} once", key="deck")


def format_setup(setup: Setup) -> str:
    """The setup's text form (see Setup)."""
    rows = _ROW_SEP.join(_NUM_SEP.join(str(n) for n in row) for row in setup.grid)
    return rows + _PART_SEP + _NUM_SEP.join(str(n) for n in setup.deck)


def _numbers(text: str, key: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.split(_NUM_SEP))
    except ValueError:
        raise ParseError(f"expected numbers separated by '{_NUM_SEP}', got {text!r}", key=key) from None


def parse_setup(text: str) -> Setup:
    """Read a setup's text form; ParseError if malformed, RulesError if not a valid deal."""
    grid_text, sep, deck_text = text.strip().partition(_PART_SEP)
    if not sep:
        raise ParseError(f"expected '<grid>{_PART_SEP}<deck>', got {text!r}", key="setup")
    grid = tuple(_numbers(row, "grid") for row in grid_text.split(_ROW_SEP))
    return Setup(grid, _numbers(deck_text, "deck"))


@dataclass(frozen=True)
class Shift:
    """Rolling one row or column by one place, wrapping around.

    axis "R" (a row) or "C" (a column); index 1-based from the top/left; step +1 moves the cards
    right (rows) or down (columns), -1 left or up. Text form: "R2>", "R2<", "C3v", "C3^".
    """

    axis: str
    index: int
    step: int

    def __str__(self) -> str:
        return format_shift(self)

    def reverse(self) -> Shift:
        """The shift that undoes this one."""
        return Shift(self.axis, self.index, -self.step)


_ARROWS = {("R", 1): ">", ("R", -1): "<", ("C", 1): "v", ("C", -1): "^"}
_FROM_ARROW = {(axis, arrow): step for (axis, step), arrow in _ARROWS.items()}


def format_shift(shift: Shift) -> str:
    """'R2>' and the like (see Shift)."""
    return f"{shift.axis}{shift.index}{_ARROWS[(shift.axis, shift.step)]}"


def parse_shift(text: str) -> Shift:
    """Read 'R2>' / 'C3^' (case-insensitive axis); ParseError otherwise."""
    t = text.strip()
    axis, digits, arrow = t[:1].upper(), t[1:-1], t[-1:]
    if axis not in ("R", "C") or not digits.isdigit() or (axis, arrow) not in _FROM_ARROW:
        raise ParseError(f"expected a shift like R2> R2< C3v C3^, got {text!r}", key="shift")
    return Shift(axis, int(digits), _FROM_ARROW[(axis, arrow)])


# --- rules --------------------------------------------------------------------------------------

def neighbours(pos: Position, rows: int = GRID_SIZE, cols: int = GRID_SIZE) -> list[Position]:
    """The up-to-8 cells touching pos, diagonals included; adjacency does not wrap around edges."""
    r, c = pos
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols]


def adjacent(a: Position, b: Position) -> bool:
    """True if two cells touch (orthogonally or diagonally); a cell is not adjacent to itself."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def apply_shift(grid: Grid, shift: Shift) -> Grid:
    """The grid after rolling one row or column; the card pushed off one end enters at the other."""
    rows, cols = len(grid), len(grid[0]) if grid else 0
    limit = rows if shift.axis == "R" else cols
    if not 1 <= shift.index <= limit:
        raise RulesError(f"{shift}: there is no {'row' if shift.axis == 'R' else 'column'} "
                         f"{shift.index} on a {rows}x{cols} table", key="shift")
    if shift.axis == "R":
        i = shift.index - 1
        return tuple(_roll(row, shift.step) if r == i else row for r, row in enumerate(grid))
    columns = tuple(zip(*grid, strict=False))
    j = shift.index - 1
    rolled = tuple(_roll(col, shift.step) if c == j else col for c, col in enumerate(columns))
    return tuple(zip(*rolled, strict=False))


def _roll(line: tuple[int, ...], step: int) -> tuple[int, ...]:
    step %= len(line)
    return tuple(line[-step:] + line[:-step]) if step else tuple(line)


def is_undo(previous: Shift | None, shift: Shift) -> bool:
    """The no-undo rule: a shift may not roll back the line the opponent just rolled."""
    return previous is not None and shift == previous.reverse()


def collapse(grid: Grid, dead: frozenset[int] | set[int]) -> Grid:
    """Remove every row and every column whose suspects are all dead; the table shrinks."""
    keep_rows = [row for row in grid if not all(n in dead for n in row)]
    if not keep_rows:
        return ()
    columns = [col for col in zip(*keep_rows, strict=False) if not all(n in dead for n in col)]
    return tuple(zip(*columns, strict=False)) if columns else ()


def killer_has_won_by_count(dead_count: int, limit: int = KILL_LIMIT) -> bool:
    """The kill-limit ending: the killer wins once `limit` suspects are dead."""
    if not 1 <= limit <= SUSPECT_COUNT:
        raise RulesError(f"the kill limit must be 1..{SUSPECT_COUNT}, got {limit}", key="kill_limit")
    return dead_count >= limit


def check_kill_limit(limit: int) -> int:
    """Return limit if it is a possible kill limit (1..25), else RulesError."""
    killer_has_won_by_count(0, limit)
    return limit


# --- generator ----------------------------------------------------------------------------------

def deal_setup(grid_rng: random.Random, deck_rng: random.Random, size: int = GRID_SIZE) -> Setup:
    """A fresh setup: suspects 1..size² shuffled into the grid, and independently into the deck."""
    numbers = list(range(1, size * size + 1))
    cells = numbers[:]
    grid_rng.shuffle(cells)
    deck = numbers[:]
    deck_rng.shuffle(deck)
    grid = tuple(tuple(cells[r * size:(r + 1) * size]) for r in range(size))
    return Setup(grid, tuple(deck))


def name_setup(setup: Setup, names: dict[int, str]) -> dict[str, list[list[str]] | list[str]]:
    """The setup with names: {"grid": rows of names, "deck": names top first} (numbers → names)."""
    missing = sorted({n for row in setup.grid for n in row} - set(names))
    if missing:
        raise RulesError(f"no suspect named for card numbers {missing}", key="suspects")
    return {"grid": [[names[n] for n in row] for row in setup.grid],
            "deck": [names[n] for n in setup.deck]}
