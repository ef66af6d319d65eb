"""The laser-circuit model: directions, component types as data, the board's cannons, layouts."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple, TypeAlias

from generator.core.errors import RulesError

# What an int means where the rules pass one around (engine.py's glossary gives the hot loops' short names).
Direction: TypeAlias = int    # of travel: NORTH, EAST, SOUTH or WEST (0..3)
Cannon: TypeAlias = int       # 1..2W+2H, numbered clockwise from the top-left corner (Board.entry)
Cell: TypeAlias = int         # a cell as a flat index 0..W*H-1 (Board.index)
Coords: TypeAlias = tuple[int, int]    # a cell as (column, row), both 1-based
Action: TypeAlias = int       # an encoded action (decode_action): STOP, a new Direction, or JUMP_BASE + k
Outcome: TypeAlias = int      # where a shot ends: the receiving Cannon, ABSORBED or TRAPPED

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTIONS = ("N", "E", "S", "W")
DIRECTION_NAMES = ("north", "east", "south", "west")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)

STOP = -1          # encoded action: the beam stops (absorbed)
JUMP_BASE = 4      # encoded action >= JUMP_BASE: skip (action - JUMP_BASE) cells, same direction

MAX_SIDE = 64      # largest board side accepted (columns or rows); see docs/laser.md
STANDARD_SIZE = (8, 7)

def opposite(direction: Direction) -> Direction:
    """The reverse of a direction of travel."""
    return direction ^ 2


@dataclass(frozen=True)
class Orientation:
    """One way a component can sit in its cell: its name, grid symbol and action per direction."""

    name: str | None
    grid: str
    actions: tuple[Action, Action, Action, Action]   # indexed by incoming direction of travel (N, E, S, W)


@dataclass(frozen=True)
class ComponentType:
    """A kind of component: names, the symbol a hit reports, and its orientations."""

    name: str
    rulebook_name: str
    hit: str
    orientations: tuple[Orientation, ...]
    beginner: bool = False

    def orientation_index(self, name: str | None) -> int:
        """Index of the orientation called `name` (RulesError if there is none)."""
        for index, orientation in enumerate(self.orientations):
            if orientation.name == name:
                return index
        known = ", ".join(str(o.name) for o in self.orientations)
        raise RulesError(f"{self.name} has no orientation {name!r} (known: {known})")

    @property
    def needs_orientation_line(self) -> bool:
        """True when several orientations share one grid symbol (written `T=SE` below the grid)."""
        symbols = [o.grid for o in self.orientations]
        return len(set(symbols)) < len(symbols)


def decode_action(text: str) -> Action:
    """'stop', a direction letter, or 'jump N' → the encoded action (RulesError if malformed)."""
    words = str(text).split()
    if words == ["stop"]:
        return STOP
    if len(words) == 1 and words[0] in DIRECTIONS:
        return DIRECTIONS.index(words[0])
    if len(words) == 2 and words[0] == "jump" and words[1].isdigit() and int(words[1]) <= 16:
        return JUMP_BASE + int(words[1])
    raise RulesError(f"unknown action {text!r}: use stop, N, E, S, W or 'jump K' (K = 0..16)")



class GridSymbol(NamedTuple):
    """What a grid symbol stands for: a type, and its orientation when the symbol alone says which
    (None when several orientations share the symbol: a `T=SE` line below the grid says)."""

    type: ComponentType
    orientation: int | None


class ComponentSet:
    """An ordered catalogue of component types with lookups by name, hit symbol and grid symbol."""

    def __init__(self, types: Sequence[ComponentType]) -> None:
        self.types: tuple[ComponentType, ...] = tuple(types)
        self._by_name = {t.name: t for t in self.types}
        self._by_hit = {t.hit: t for t in self.types}
        self._by_grid: dict[str, GridSymbol] = {}
        for t in self.types:
            for index, orientation in enumerate(t.orientations):
                shared = t.needs_orientation_line and [o.grid for o in t.orientations].count(orientation.grid) > 1
                self._by_grid[orientation.grid] = GridSymbol(t, None if shared else index)
        self._check_unique()

    def _check_unique(self) -> None:
        if len(self._by_name) != len(self.types):
            raise RulesError("two component types share a name")
        if len(self._by_hit) != len(self.types):
            raise RulesError("two component types share a hit symbol")
        owners: dict[str, str] = {}
        for t in self.types:
            for orientation in t.orientations:
                if owners.setdefault(orientation.grid, t.name) != t.name:
                    raise RulesError(f"grid symbol {orientation.grid!r} is used by {owners[orientation.grid]} "
                                     f"and {t.name}")

    def __iter__(self) -> Iterator[ComponentType]:
        return iter(self.types)

    def __len__(self) -> int:
        return len(self.types)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def get(self, name: str) -> ComponentType:
        """The type called `name` (RulesError naming the known ones if absent)."""
        try:
            return self._by_name[name]
        except KeyError:
            raise RulesError(f"unknown component type {name!r} (known: {', '.join(self.names)})") from None

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.types)

    def by_hit(self, symbol: str) -> ComponentType | None:
        return self._by_hit.get(symbol)

    def by_grid(self, symbol: str) -> GridSymbol | None:
        return self._by_grid.get(symbol)

    def subset(self, names: Sequence[str]) -> ComponentSet:
        """The types named, in catalogue order (RulesError on an unknown or repeated name)."""
        wanted = list(names)
        for name in wanted:
            self.get(name)
        if len(set(wanted)) != len(wanted):
            raise RulesError("a component type is named twice")
        return ComponentSet([t for t in self.types if t.name in wanted])

    def beginner(self) -> ComponentSet:
        """The beginner set ("prime partite")."""
        return ComponentSet([t for t in self.types if t.beginner])


def component_type_from_data(data: Mapping[str, Any]) -> ComponentType:
    """Build one ComponentType from the plain data content/laser.py produces."""
    orientations = []
    for item in data["orientations"]:
        actions = item["actions"]
        north, east, south, west = (decode_action(actions[d]) for d in DIRECTIONS)
        orientations.append(Orientation(item.get("name"), item["grid"], (north, east, south, west)))
    return ComponentType(data["name"], data.get("rulebook_name", data["name"]), data["hit"],
                         tuple(orientations), bool(data.get("beginner", False)))


def component_set_from_data(items: Sequence[Mapping[str, Any]]) -> ComponentSet:
    """Build the catalogue from a list of plain type records (see card_data/laser/components.yaml)."""
    return ComponentSet([component_type_from_data(item) for item in items])


@dataclass(frozen=True)
class Board:
    """A W x H board and its 2W + 2H cannons, numbered clockwise from the top-left corner."""

    width: int = STANDARD_SIZE[0]
    height: int = STANDARD_SIZE[1]

    def __post_init__(self) -> None:
        check_size(self.width, self.height)

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def cannons(self) -> int:
        return 2 * (self.width + self.height)

    @property
    def named(self) -> str:
        """'an 8x7 board', 'a 9x9 board': the size with its English article, for messages."""
        spoken_vowel = str(self.width).startswith("8") or self.width in (11, 18)
        return f"{'an' if spoken_vowel else 'a'} {self.width}x{self.height} board"

    def index(self, column: int, row: int) -> Cell:
        """Flat index of cell (column, row), both 1-based."""
        return (row - 1) * self.width + (column - 1)

    def cell(self, index: Cell) -> Coords:
        """(column, row), 1-based, of a flat index."""
        return index % self.width + 1, index // self.width + 1

    def entry(self, cannon: Cannon) -> tuple[Cell, Direction]:
        """(first cell index, direction of travel) of the beam fired by `cannon`."""
        w, h = self.width, self.height
        if not 1 <= cannon <= self.cannons:
            raise RulesError(f"no cannon {cannon} on {self.named} (cannons 1..{self.cannons})")
        if cannon <= w:
            return self.index(cannon, 1), SOUTH
        if cannon <= w + h:
            return self.index(w, cannon - w), WEST
        if cannon <= 2 * w + h:
            return self.index(w + 1 - (cannon - w - h), h), NORTH
        return self.index(1, h + 1 - (cannon - 2 * w - h)), EAST

    def exit_cannon(self, column: int, row: int, direction: Direction) -> Cannon:
        """The cannon that receives a beam leaving cell (column, row) travelling `direction`."""
        w, h = self.width, self.height
        if direction == NORTH:
            return column
        if direction == EAST:
            return w + row
        if direction == SOUTH:
            return w + h + (w + 1 - column)
        return 2 * w + h + (h + 1 - row)


def check_size(width: int, height: int) -> None:
    """Refuse boards outside 1..MAX_SIDE on either side (the stated limit)."""
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise RulesError(f"board {width}x{height} is outside the supported sizes "
                         f"(1 to {MAX_SIDE} columns and rows)")


@dataclass(frozen=True, order=True)
class Placement:
    """One component on the board: type name, cell (column, row) and orientation name (or None)."""

    type: str
    cell: Coords
    orientation: str | None = None


@dataclass(frozen=True)
class Layout:
    """A board with each component of the set in play placed once, in distinct cells."""

    board: Board
    placements: tuple[Placement, ...]
    catalog: ComponentSet = field(compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.placements, key=lambda p: self.catalog.names.index(p.type)))
        object.__setattr__(self, "placements", ordered)
        self._validate()

    def _validate(self) -> None:
        seen_types: set[str] = set()
        seen_cells: set[Coords] = set()
        for p in self.placements:
            ctype = self.catalog.get(p.type)
            ctype.orientation_index(p.orientation)
            if p.type in seen_types:
                raise RulesError(f"two {p.type} components: a layout holds one of each type")
            if p.cell in seen_cells:
                raise RulesError(f"two components in cell {p.cell}")
            column, row = p.cell
            if not (1 <= column <= self.board.width and 1 <= row <= self.board.height):
                raise RulesError(f"cell {p.cell} is off the {self.board.width}x{self.board.height} board")
            seen_types.add(p.type)
            seen_cells.add(p.cell)

    @cached_property
    def in_play(self) -> ComponentSet:
        """The set in play: the types this layout contains, in catalogue order."""
        return self.catalog.subset([p.type for p in self.placements])

    def placement(self, type_name: str) -> Placement | None:
        for p in self.placements:
            if p.type == type_name:
                return p
        return None


ABSORBED = 0       # outcome of an absorbed beam
TRAPPED = -1       # outcome of a beam that never leaves (the layout is unplayable)


@dataclass(frozen=True)
class Shot:
    """One shot's result: the cannon, the hit symbols in order, the receiving cannon or ABSORBED/TRAPPED."""

    cannon: Cannon
    hits: tuple[str, ...]
    outcome: Outcome

    @property
    def absorbed(self) -> bool:
        return self.outcome == ABSORBED

    @property
    def trapped(self) -> bool:
        return self.outcome == TRAPPED


@dataclass(frozen=True)
class Observation:
    """The results of some or all shots on one board, in the order they were written or fired."""

    board: Board
    shots: tuple[Shot, ...]

    def shot(self, cannon: Cannon) -> Shot | None:
        for s in self.shots:
            if s.cannon == cannon:
                return s
        return None

    @property
    def complete(self) -> bool:
        return {s.cannon for s in self.shots} == set(range(1, self.board.cannons + 1))
