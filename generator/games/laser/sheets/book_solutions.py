"""The puzzle book's solutions: a blank page, then one solution per page, upside down, in the book's language."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.grade import DEEPEST
from generator.games.laser.rules.words import Eliminated, cell_name, reasoning, shot_hits
from generator.games.laser.sheets.book_marks import BookPuzzle, coordinates, level_dots
from generator.games.laser.sheets.draw import INK, SOFT_INK, BoardFrame
from generator.games.laser.sheets.game_sheet import layout_items
from generator.scene.footer import content_box_for
from generator.scene.model import Group, Item, Line, Page, Rect, Stroke, Text

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.engine import Engine
    from generator.games.laser.rules.grade import Grade, Step
    from generator.games.laser.sheets.labels import Labels

BOLD = "sans-bold"
GRID = Stroke("#8a8a8a", 0.2)
FRAME = Stroke(INK, 0.35)


def blank_page(labels: Labels, size: tuple[float, float]) -> Page:
    """The blank page between the puzzles and the solutions: printed duplex, the last puzzle is then backed
    by it (never by a solution), and the first solution starts on it or on a new sheet."""
    x, y, w, h = content_box_for(*size)
    page = Page(*size, label="blank", kind="sheet")
    page.add(Text(x, y + h - 8, w, 6, labels["book_blank"], font="sans-italic", size=7, color="#9a9a9a", align="center", valign="middle",
                  wrap=False, min_size=4))
    return page


def solution_page(item: BookPuzzle, labels: Labels, size: tuple[float, float]) -> Page:
    """One puzzle's solution alone on its page, drawn upside down (turn the page to read it)."""
    page = Page(*size, label=f"solution {item.number}", kind="sheet")
    x, y, w, h = content_box_for(*size)
    block = _solution_block(item, labels, w, h * 0.5)
    cx, cy = x + w / 2, y + h / 2            # rotate the block 180° about the content box's centre
    page.add(Group(tuple(block), transform=(-1.0, 0.0, 0.0, -1.0, cx + w / 2, cy + h * 0.25)))
    return page


def _solution_block(item: BookPuzzle, labels: Labels, w: float, h: float) -> list[Item]:
    """The block at (0, 0), w x h: title, the layout on a small board, the order of deduction."""
    puzzle = item.puzzle
    board = puzzle.layout.board
    engine = engine_for(board, puzzle.layout.in_play)
    items: list[Item] = [Rect(0, 0, w, h, fill=None, stroke=Stroke("#9a9a9a", 0.3), radius=2),
                         Text(4, 3, w * 0.7, 8, labels.fill("book_solution", k=item.number), font=BOLD, size=13, color=INK,
                              valign="middle", wrap=False, min_size=6)]
    items += level_dots(w - 4 - 5 * 1.3 * 2.6, 7, puzzle.level, 1.3)
    items.append(Text(4, 11, w - 8, 5, labels["book_solution_hint"], font="sans-italic", size=7.5, color=SOFT_INK, valign="middle",
                      wrap=False, min_size=4))
    cell = min(12.0, (w * 0.5) / board.width, (h - 24) / board.height)
    frame = BoardFrame(board, 4, 19, cell)
    items.append(Rect(frame.x, frame.y, frame.width, frame.height, fill=None, stroke=FRAME))
    items += [Line(frame.x + c * cell, frame.y, frame.x + c * cell, frame.y + frame.height, stroke=GRID)
              for c in range(1, board.width)]
    items += [Line(frame.x, frame.y + r * cell, frame.x + frame.width, frame.y + r * cell, stroke=GRID)
              for r in range(1, board.height)]
    items += layout_items(frame, puzzle.layout)
    items += coordinates(frame)
    results = engine.results(engine.cells_of(puzzle.layout))
    lines = deduction_lines(engine, puzzle.grade, labels, shot_hits(results), every=puzzle.level >= 4)
    text_x = frame.x + frame.width + 5
    text = "\n".join(f"{n}. {line}" for n, line in enumerate(lines, start=1))
    items.append(Text(text_x, frame.y, w - text_x - 4, h - frame.y - 3, text or "-", font="sans", size=8, color=SOFT_INK,
                      min_size=4, line_height=1.25))
    return items


# -- the order of deduction, in the book's words -------------------------------------------------
def piece_words(engine: Engine, piece: int, labels: Labels) -> str:
    """A component's printed name, with its orientation when it has several (corner letters in the page's words)."""
    t, o = engine.pieces[piece]
    ctype = engine.in_play.types[t]
    name = labels.component(ctype)[0]
    if len(ctype.orientations) == 1:
        return name
    orientation = str(ctype.orientations[o].name)
    key = f"orient_{orientation.lower()}"
    return f"{name} {labels[key] if key in labels.texts else orientation}"


def step_words(engine: Engine, step: Step, labels: Labels) -> str:
    """One deduction: what it used and what it pinned (or how many places it ruled out)."""
    if step.tier == 3 and step.supposed is not None:
        _, cell, piece = step.supposed
        how = labels.fill("ded_suppose", piece=piece_words(engine, piece, labels), cell=cell_name(engine, cell))
    elif len(step.cannons) > 2:
        how = labels["ded_each_again"]
    else:
        key = "ded_shot" if len(step.cannons) == 1 else "ded_shots"
        how = labels.fill(key, cannons=" + ".join(str(k) for k in step.cannons))
    if step.pinned:
        found = ", ".join(labels.fill("ded_at", piece=piece_words(engine, p, labels), cell=cell_name(engine, c))
                          for _, c, p in step.pinned)
        return labels.fill("ded_found", how=how, found=found)
    cleared = {c for _, c, _ in step.removed}
    key = "ded_rules_out_one" if len(step.removed) == 1 else "ded_rules_out_cell" if len(cleared) == 1 else "ded_rules_out"
    return labels.fill(key, how=how, places=len(step.removed), cells=len(cleared))


def deduction_lines(engine: Engine, verdict: Grade, labels: Labels,
                    hits: Mapping[int, Collection[int]] | None = None, every: bool = False) -> list[str]:
    """The steps that pin components (`every`: all steps), the components found by elimination
    (`hits`: the type ids each cannon's shot hits) and the suppositions refuted (one line per run
    for one type), in order."""
    lines = []
    for item in reasoning(verdict, hits, every):
        if isinstance(item, Eliminated):
            lines.append(labels.fill("ded_only_cell" if item.unseen else "ded_last_cell",
                                     piece=piece_words(engine, item.piece, labels), cell=cell_name(engine, item.cell)))
        elif isinstance(item, list):
            lines.append(labels.fill("ded_suppose_many", piece=piece_words(engine, item[0][2], labels),
                                     cells=", ".join(cell_name(engine, s[1]) for s in item)))
        else:
            lines.append(step_words(engine, item, labels))
    if verdict.tier == DEEPEST:
        lines.append(labels["ded_deeper"])
    return lines
