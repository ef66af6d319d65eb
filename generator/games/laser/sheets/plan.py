"""Where everything goes on a laser game sheet: cell size, the two boards, legend, shot log and slips (mm)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.games.laser.rules.model import Board
from generator.games.laser.sheets.draw import RING, BoardFrame
from generator.scene.imposition import content_box
from generator.scene.papers import describe_paper

TITLE_H = 10.0         # title band
LABEL_H = 7.0          # board name and hint above each board
BLOCK_MIN_W = 64.0     # a small board is centred in a block this wide, so its name and hint fit
GAP = 5.0
PANEL_W = 70.0         # legend beside the boards
SLIPS_W = 70.0         # secret-question slips beside the shot log
CELL_MIN = 8.0         # a pencil fits
CELL_MAX = 12.0
ROW_MIN = 5.5          # shot-log row heights
ROW_MAX = 8.0
LOG_HEAD = 10.0        # the log's title and column headings
LOG_GAP = 3.0
LOG_COL_MIN = 44.0
LOG_COLUMNS = 3        # as the rulebook's example (30 rows in three columns)
LEGEND_HEAD = 7.0
LEGEND_ROW_MIN = 12.0
SLIPS_MIN_H = 66.0
RULES_W = 64.0         # the "how to play" box between the shot log and the slips, when the log leaves room


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class SheetPlan:
    """The solved geometry of one game sheet."""

    board: Board
    cell: float
    title: Box
    left: BoardFrame
    right: BoardFrame
    left_label: Box
    right_label: Box
    legend: Box
    log: Box
    log_columns: int
    log_rows: int
    slips: Box
    rules: Box | None = None

    @property
    def row_height(self) -> float:
        return min(ROW_MAX, (self.log.h - LOG_HEAD) / self.log_rows)


def plan_sheet(board: Board, paper: str, types: int) -> SheetPlan:
    """The layout of a sheet for this board, or LayoutError when cells would be under CELL_MIN. The rules
    box gets a column beside the shot log when that costs the boards nothing; otherwise the sheet has none."""
    with_rules = _solve(board, paper, types, RULES_W + GAP)
    without = _solve(board, paper, types, 0.0)
    if with_rules[0] >= max(without[0] - 1e-9, CELL_MIN):
        return _place(board, *with_rules, content_box(paper, landscape=True), types, RULES_W + GAP)
    cell = without[0]
    if cell < CELL_MIN:
        raise LayoutError(f"{board.named} does not fit on {describe_paper(paper, True)} "
                          f"with cells of at least {format_number(CELL_MIN)} mm "
                          f"(they would be {math.floor(max(cell, 0) * 10) / 10:.1f} mm): "
                          "choose a smaller --size", key="--size")
    return _place(board, *without, content_box(paper, landscape=True), types, 0.0)


def _solve(board: Board, paper: str, types: int, rules_room: float) -> tuple[float, int, int]:
    """(cell, log columns, log rows) giving the largest cells when `rules_room` mm go to the rules box."""
    _, _, w, h = content_box(paper, landscape=True)
    log_w = w - SLIPS_W - GAP - rules_room
    max_cols = max(LOG_COLUMNS, int((log_w + LOG_GAP) // (LOG_COL_MIN + LOG_GAP)))
    legend_h = LEGEND_HEAD + types * LEGEND_ROW_MIN
    best: tuple[float, int, int] | None = None
    for cols in range(LOG_COLUMNS, max_cols + 1):
        rows = math.ceil(board.cannons / cols)
        band = max(LOG_HEAD + rows * ROW_MIN, SLIPS_MIN_H)
        cell = min(CELL_MAX, (w - PANEL_W - 2 * GAP - 4 * RING) / (2 * board.width),
                   (h - TITLE_H - GAP - band - LABEL_H - 2 * RING) / board.height)
        if h - TITLE_H - GAP - band < legend_h:
            cell = -1.0
        if best is None or cell > best[0] + 1e-9:
            best = (cell, cols, rows)
    assert best is not None      # max_cols >= LOG_COLUMNS: the loop ran
    return best


def _place(board: Board, cell: float, cols: int, rows: int, area: tuple[float, float, float, float], types: int,
           rules_room: float) -> SheetPlan:
    x, y, w, h = area
    legend_h = LEGEND_HEAD + types * LEGEND_ROW_MIN
    block_w = max(board.width * cell + 2 * RING, BLOCK_MIN_W)
    inset = (block_w - board.width * cell) / 2
    top = y + TITLE_H
    top_h = max(LABEL_H + board.height * cell + 2 * RING, legend_h)
    frames = []
    labels = []
    for i in range(2):
        bx = x + i * (block_w + GAP)
        labels.append(Box(bx, top, block_w, LABEL_H))
        frames.append(BoardFrame(board, bx + inset, top + LABEL_H + RING, cell))
    band_y = top + top_h + GAP
    band_h = y + h - band_y
    log_w = w - SLIPS_W - GAP - rules_room
    rules = Box(x + log_w + GAP, band_y, RULES_W, band_h) if rules_room else None
    return SheetPlan(board, cell, Box(x, y, w, TITLE_H), frames[0], frames[1], labels[0], labels[1],
                     Box(x + w - PANEL_W, top, PANEL_W, top_h), Box(x, band_y, log_w, band_h),
                     cols, rows, Box(x + w - SLIPS_W, band_y, SLIPS_W, band_h), rules)


def log_cells(plan: SheetPlan) -> list[tuple[int, float, float, float]]:
    """(cannon, x, y, column width) of every shot-log row: column by column, as the rulebook lists them."""
    col_w = (plan.log.w - (plan.log_columns - 1) * LOG_GAP) / plan.log_columns
    top = plan.log.y + LOG_HEAD
    out = []
    for cannon in range(1, plan.board.cannons + 1):
        col, row = divmod(cannon - 1, plan.log_rows)
        out.append((cannon, plan.log.x + col * (col_w + LOG_GAP), top + row * plan.row_height, col_w))
    return out
