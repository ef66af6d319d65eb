"""The assistant's picture: the board with what is certain (components drawn, empty cells shaded),
what each other cell may still hold, the cannons fired, and the best next cannons highlighted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.laser.rules.words import certain, possible
from generator.games.laser.sheets.assist_words import advice_lines
from generator.games.laser.sheets.book_marks import coordinates
from generator.games.laser.sheets.draw import INK, RING, SOFT_INK, BoardFrame, board_items, symbol_items
from generator.games.laser.sheets.labels import load_labels
from generator.scene.footer import add_footers
from generator.scene.imposition import content_box, paper_size
from generator.scene.model import Item, Page, Rect, Stroke, Text

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.assist import Advice
    from generator.games.laser.rules.engine import Engine
    from generator.games.laser.rules.model import Observation

FIRED = "#1a1a1a"
BEST = ("#c8102e", "#e0606f", "#f0a0aa")
EMPTY_FILL = "#e6e6e6"
CELL_MAX = 17.0
PANEL_W = 105.0


def assist_page(engine: Engine, observation: Observation, advice: Advice, paper: str = "a4",
                lang: str = "en") -> Page:
    """One landscape page picturing an Advice (generator.games.laser.rules.assist), its words in `lang`."""
    labels = load_labels(lang)
    board = engine.board
    page = Page(*paper_size(paper, landscape=True), label="assistant", kind="sheet")
    x, y, w, h = content_box(paper, landscape=True)
    fired = len(observation.shots)
    page.add(Text(x, y, w, 8, labels["assist_title"], font="sans-bold", size=14, color=INK, valign="middle",
                  wrap=False, min_size=8))
    top = y + 12
    cell = min(CELL_MAX, (w - PANEL_W - 8 - 2 * RING) / board.width, (h - 12 - 2 * RING) / board.height)
    frame = BoardFrame(board, x + RING, top + RING, cell)
    cells = possible(engine, advice) if advice.layouts else [[] for _ in range(board.cells)]
    sure = {(item["column"], item["row"]): item for item in certain(engine, advice)}
    items: list[Item] = []
    for index, names in enumerate(cells):
        column, row = board.cell(index)
        cx, cy = frame.centre(column, row)
        left, top_y = cx - cell / 2, cy - cell / 2
        if advice.layouts and not names:
            items.append(Rect(left, top_y, cell, cell, fill=EMPTY_FILL, stroke=None))
        elif (column, row) in sure:
            item = sure[(column, row)]
            ctype = engine.in_play.get(item["type"])
            orientation = item["orientation"] if item["orientation_known"] else ctype.orientations[0].name
            items += symbol_items(ctype, orientation, cx, cy, cell, Stroke(INK, 0.7))
            if not item["orientation_known"]:
                items.append(Text(left, cy + cell * 0.2, cell, cell * 0.3, "?", font="sans-bold", size=cell * 0.9, color="#c8102e",
                                  align="center", valign="middle", wrap=False, min_size=3))
        elif names:
            hits = " ".join(engine.in_play.get(n).hit for n in names)
            items.append(Text(left + 1, top_y + cell * 0.35, cell - 2, cell * 0.6, hits, font="sans", size=cell * 0.9,
                              color="#7a7a7a", align="center", valign="middle", min_size=3, line_height=1.0))
    fills = {s.cannon: FIRED for s in observation.shots}
    for rank, shot in enumerate(advice.next_shots[:3]):
        fills[shot.cannon] = BEST[rank]
    page.add(*items, *board_items(frame, fills), *coordinates(frame))
    panel_x = x + frame.width + 2 * RING + 8
    lines = advice_lines(engine, advice, fired, labels)
    key = labels["assist_key"]
    page.add(Text(panel_x, top, x + w - panel_x, 14, key, font="sans-italic", size=8, color=SOFT_INK, min_size=5),
             Text(panel_x, top + 16, x + w - panel_x, h - 28, "\n".join(lines), font="sans", size=8.5, color=INK, min_size=4,
                  line_height=1.25))
    return add_footers([page], title=labels["assist_footer"], source=labels.fill("assist_fired", n=fired),
                       lang=lang)[0]
