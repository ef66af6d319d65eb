"""What the puzzle book's pages share: BookPuzzle, the level dots, and the faint cell coordinates on a board."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.games.laser.rules.words import column_name
from generator.games.laser.sheets.draw import BoardFrame
from generator.scene.model import Circle, Item, Stroke, Text

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.puzzle import Puzzle

ACCENT = "#c8102e"


@dataclass(frozen=True)
class BookPuzzle:
    """What the book prints of one puzzle (a rules.puzzle.Puzzle plus its code)."""

    number: int
    puzzle: Puzzle
    code: str


def level_dots(x: float, cy: float, level: int, radius: float = 1.4) -> list[Item]:
    """Five dots, `level` of them filled."""
    return [Circle(x + radius + k * radius * 2.6, cy, radius, fill=ACCENT if k < level else None,
                   stroke=Stroke(ACCENT, 0.3)) for k in range(5)]


def coordinates(frame: BoardFrame) -> list[Item]:
    """Faint column letters in the top-left corner of each top cell and row numbers in the
    bottom-left corner of each left cell (row 1 too: A1 holds both), for naming cells."""
    items: list[Item] = []
    size = max(4.0, frame.cell * 0.22)
    for c in range(1, frame.board.width + 1):
        cx, _ = frame.centre(c, 1)
        items.append(Text(cx - frame.cell / 2 + 0.6, frame.y + 0.4, size * 1.4, size, column_name(c), font="sans",
                          size=size * 1.5, color="#9a9a9a", valign="top", wrap=False, min_size=3))
    for r in range(1, frame.board.height + 1):
        _, cy = frame.centre(1, r)
        items.append(Text(frame.x + 0.6, cy + frame.cell / 2 - 0.4 - size, size * 1.4, size, str(r), font="sans",
                          size=size * 1.5, color="#9a9a9a", valign="bottom", wrap=False, min_size=3))
    return items
