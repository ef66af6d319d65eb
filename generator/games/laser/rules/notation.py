"""Text forms of laser layouts and observations: parse_x / format_x, round-tripping exactly."""

from __future__ import annotations

import re
from collections.abc import Iterator

from generator.core.errors import ParseError
from generator.games.laser.rules.model import (
    ABSORBED,
    MAX_SIDE,
    TRAPPED,
    Board,
    ComponentSet,
    ComponentType,
    Layout,
    Observation,
    Placement,
    Shot,
)

EMPTY_CELL = "."
_TOKEN = re.compile(r"\S+")


def _lines(text: str, file: str | None) -> Iterator[tuple[int, str]]:
    """(line number, line) for each meaningful line: BOM, CR, blank and '# ' comment lines dropped."""
    if "\x00" in text:
        raise ParseError("this is a binary file, not a text layout or observation", file=file)
    if text.startswith("\ufeff"):
        text = text[1:]
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line.strip() or line.startswith("# "):
            continue
        yield number, line.rstrip(" \t")


def _symbols_hint(catalog: ComponentSet) -> str:
    grid = [EMPTY_CELL] + [o.grid for t in catalog for o in t.orientations]
    return " ".join(dict.fromkeys(grid))


_Line = tuple[int, str]                                        # (line number, text)
_Cell = tuple[ComponentType, tuple[int, int], int | None, int, int]


def _read_grid(text: str, catalog: ComponentSet, file: str | None) -> tuple[list[_Line], list[_Line]]:
    """Split the meaningful lines into grid rows and orientation lines, checking shape as it goes."""
    rows: list[tuple[int, str]] = []
    settings: list[tuple[int, str]] = []
    for number, line in _lines(text, file):
        if "=" in line:
            settings.append((number, line))
            continue
        if settings:
            raise ParseError("grid rows must come before the orientation lines", file=file, line=number, column=1)
        if len(line) > MAX_SIDE:
            raise ParseError(f"row of {len(line)} cells: boards have at most {MAX_SIDE} columns",
                             file=file, line=number, column=MAX_SIDE + 1)
        if rows and len(line) != len(rows[0][1]):
            raise ParseError(f"ragged row: {len(line)} cells, the first row has {len(rows[0][1])}",
                             file=file, line=number, column=min(len(line), len(rows[0][1])) + 1)
        rows.append((number, line))
        if len(rows) > MAX_SIDE:
            raise ParseError(f"more than {MAX_SIDE} rows: boards have at most {MAX_SIDE} rows",
                             file=file, line=number, column=1)
    if not rows:
        raise ParseError("no grid rows: the layout is empty", file=file)
    return rows, settings


def _grid_placements(rows: list[_Line], catalog: ComponentSet, file: str | None) -> list[_Cell]:
    """(type, (column, row), orientation index or None, line, column) for every non-empty cell."""
    found: dict[str, tuple[int, int]] = {}
    cells: list[_Cell] = []
    for row_number, (line_number, line) in enumerate(rows, start=1):
        for column, symbol in enumerate(line, start=1):
            if symbol == EMPTY_CELL:
                continue
            entry = catalog.by_grid(symbol)
            if entry is None:
                raise ParseError(f"unknown symbol {symbol!r} (known: {_symbols_hint(catalog)})",
                                 file=file, line=line_number, column=column)
            ctype, orientation = entry
            if ctype.name in found:
                first = found[ctype.name]
                raise ParseError(f"a second {ctype.name}: a layout holds one of each type "
                                 f"(the first is at line {first[0]}, column {first[1]})",
                                 file=file, line=line_number, column=column)
            found[ctype.name] = (line_number, column)
            cells.append((ctype, (column, row_number), orientation, line_number, column))
    return cells


def _read_settings(settings: list[_Line], catalog: ComponentSet, file: str | None) -> dict[str, tuple[str, int]]:
    """{grid symbol: (orientation name, line)} from lines like `T=SE`."""
    chosen: dict[str, tuple[str, int]] = {}
    for number, line in settings:
        symbol, _, value = line.partition("=")
        entry = catalog.by_grid(symbol)
        if entry is None or entry.orientation is not None:
            raise ParseError(f"{symbol!r} takes no orientation line", file=file, line=number, column=1)
        if symbol in chosen:
            raise ParseError(f"second orientation line for {symbol} (first at line {chosen[symbol][1]})",
                             file=file, line=number, column=1)
        names = [o.name for o in entry.type.orientations if o.grid == symbol]
        if value not in names:
            raise ParseError(f"unknown orientation {value!r} for {entry.type.name} (use one of "
                             f"{', '.join(str(n) for n in names)})", file=file, line=number,
                             column=len(symbol) + 2)
        chosen[symbol] = (value, number)
    return chosen


def parse_layout(text: str, catalog: ComponentSet, file: str | None = None) -> Layout:
    """Read a layout (grid rows, then `T=SE` lines); ParseError with line and column on bad input."""
    rows, settings = _read_grid(text, catalog, file)
    cells = _grid_placements(rows, catalog, file)
    chosen = _read_settings(settings, catalog, file)
    placements = []
    for ctype, cell, orientation, line, column in cells:
        name: str | None
        symbol = rows[cell[1] - 1][1][cell[0] - 1]
        if orientation is None:
            if symbol not in chosen:
                names = [f"{symbol}={o.name}" for o in ctype.orientations]
                raise ParseError(f"the {ctype.name} needs its orientation: add a line "
                                 f"{' or '.join(names)} below the grid", file=file, line=line, column=column)
            name = chosen.pop(symbol)[0]
        else:
            name = ctype.orientations[orientation].name
        placements.append(Placement(ctype.name, cell, name))
    for symbol, (_, line) in chosen.items():
        raise ParseError(f"orientation given for {symbol}, which is not on the grid", file=file, line=line, column=1)
    if not placements:
        raise ParseError("the layout has no components", file=file)
    board = Board(len(rows[0][1]), len(rows))
    return Layout(board, tuple(placements), catalog)


def format_layout(layout: Layout) -> str:
    """The text form of a layout: one line per row, then one `T=SE` line per type that needs it."""
    board = layout.board
    grid = [[EMPTY_CELL] * board.width for _ in range(board.height)]
    settings = []
    for p in layout.placements:
        ctype = layout.catalog.get(p.type)
        orientation = ctype.orientations[ctype.orientation_index(p.orientation)]
        grid[p.cell[1] - 1][p.cell[0] - 1] = orientation.grid
        entry = layout.catalog.by_grid(orientation.grid)
        assert entry is not None, "the symbol comes from the catalogue itself"
        if entry.orientation is None:
            settings.append(f"{orientation.grid}={orientation.name}")
    return "\n".join(["".join(row) for row in grid] + settings) + "\n"


def _parse_shot(number: int, line: str, catalog: ComponentSet, board: Board, file: str | None) -> Shot:
    tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
    cannon = _cannon_number(tokens[0], board, number, file)
    rest = tokens[1:]
    outcome = ABSORBED
    if rest and rest[-1][0].isdigit():
        outcome = _cannon_number(rest[-1], board, number, file)
        rest = rest[:-1]
    elif not rest:
        raise ParseError(f"cannon {cannon} has no result: write the receiving cannon, or the hits "
                         "ending in an absorber", file=file, line=number, column=len(line) + 1)
    hits = []
    for symbol, column in rest:
        if catalog.by_hit(symbol) is None:
            known = " ".join(t.hit for t in catalog)
            raise ParseError(f"unknown hit symbol {symbol!r} (known: {known})", file=file, line=number, column=column)
        hits.append(symbol)
    return Shot(cannon, tuple(hits), outcome)


def _cannon_number(token: tuple[str, int], board: Board, line: int, file: str | None) -> int:
    text, column = token
    if not text.isdigit() or not text.isascii() or len(text) > 6:
        raise ParseError(f"expected a cannon number, found {text!r}", file=file, line=line, column=column)
    value = int(text)
    if not 1 <= value <= board.cannons:
        raise ParseError(f"no cannon {value} on {board.named} (1..{board.cannons})",
                         file=file, line=line, column=column)
    return value


def parse_observation(text: str, catalog: ComponentSet, board: Board | None = None,
                      file: str | None = None) -> Observation:
    """Read an observation (one line per shot: cannon, hit symbols, receiving cannon or nothing)."""
    board = board or Board()
    shots: list[Shot] = []
    seen: dict[int, int] = {}
    for number, line in _lines(text, file):
        shot = _parse_shot(number, line, catalog, board, file)
        if shot.cannon in seen:
            raise ParseError(f"cannon {shot.cannon} appears twice (first at line {seen[shot.cannon]})",
                             file=file, line=number, column=1)
        if len(shots) >= board.cannons:
            raise ParseError("more shots than cannons", file=file, line=number, column=1)
        seen[shot.cannon] = number
        shots.append(shot)
    if not shots:
        raise ParseError("no shots: the observation is empty", file=file)
    return Observation(board, tuple(shots))


def format_shot(shot: Shot) -> str:
    """One observation line, e.g. `26 T \\ 28`, `8 O`; a trapped beam becomes a comment line."""
    if shot.outcome == TRAPPED:
        return f"# {shot.cannon} trapped: the beam never leaves the board"
    parts = [str(shot.cannon), *shot.hits]
    if shot.outcome != ABSORBED:
        parts.append(str(shot.outcome))
    return " ".join(parts)


def format_observation(observation: Observation) -> str:
    """The text form of an observation, one line per shot in its order."""
    return "\n".join(format_shot(s) for s in observation.shots) + "\n"
