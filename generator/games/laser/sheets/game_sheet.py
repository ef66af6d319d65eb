"""Laser-circuit game sheets: two boards with numbered cannons, shot log, legend, secret slips; answer keys."""

from __future__ import annotations

from generator.core.errors import RulesError
from generator.games.laser import GAME
from generator.games.laser.rules.model import Board, ComponentSet, ComponentType, Layout, Observation
from generator.games.laser.sheets.draw import (
    INK,
    RING,
    SOFT_INK,
    BoardFrame,
    TextStyle,
    beam_diagram,
    board_items,
    sample_travels,
    symbol_items,
)
from generator.games.laser.sheets.labels import Labels, load_labels
from generator.games.laser.sheets.plan import LEGEND_HEAD, Box, SheetPlan, log_cells, plan_sheet
from generator.scene.imposition import add_footers, content_box, paper_size, sheet_pages
from generator.scene.model import Item, Line, Page, Rect, Stroke, Text

HINT = "#555555"
LOG_LINE = Stroke("#6a6a6a", 0.2)
LOG_FRAME = Stroke(INK, 0.35)
CUT_STROKE = Stroke("#333333", 0.3, dash=(2.0, 1.2))
BOX_STROKE = Stroke(INK, 0.35)
LAYOUT_STROKE = Stroke(INK, 0.6)
TITLE_FONT = "sans-bold"


def game_sheets(board: Board, in_play: ComponentSet, *, players: int = 1, lang: str = GAME.default_language,
                paper: str = "a4", layout: Layout | None = None, source: str = "") -> list[Page]:
    """`players` sheets (the first with the layout drawn on its left board, if one is given), then with a
    layout its answer key and the one-page rules sheet (portrait); footers on every page."""
    labels = load_labels(lang)
    plan = plan_sheet(board, paper, len(in_play))
    pages = sheet_pages(players, paper, landscape=True)
    for number, page in enumerate(pages):
        drawn = layout if number == 0 else None
        page.add(*sheet_items(plan, in_play, labels, drawn))
        page.label = "designer sheet" if drawn is not None else f"player sheet {number + 1}"
    if layout is not None:
        pages.append(answer_key_page(layout, labels, paper))
    title = labels["designer_title"] if layout is not None else labels["title"]
    pages = add_footers(pages, title=title, source=source or size_text(board, labels), lang=lang)
    if layout is not None:                       # the host's file ends with the rules sheet
        from generator.games.laser.sheets.rules_sheet import rules_pages

        pages += rules_pages(lang, paper)
    return pages


def size_text(board: Board, labels: Labels) -> str:
    return labels.fill("board_size", w=board.width, h=board.height, n=board.cannons)


def sheet_items(plan: SheetPlan, in_play: ComponentSet, labels: Labels, layout: Layout | None = None) -> list[Item]:
    """Everything on one game sheet."""
    items = _title(plan, labels, layout is not None)
    items += _board_label(plan.left_label, labels["your_circuit"], labels["your_circuit_hint"])
    items += _board_label(plan.right_label, labels["opponent_circuit"], labels["opponent_circuit_hint"])
    items += board_items(plan.left) + board_items(plan.right)
    if layout is not None:
        items += layout_items(plan.left, layout)
    items += legend_items(plan, in_play, labels)
    items += shot_log_items(plan, labels)
    items += slip_items(plan, labels)
    items += rules_box_items(plan, labels)
    return items


def rules_box_items(plan: SheetPlan, labels: Labels) -> list[Item]:
    """The short "how to play" box: turns, what to write, declaring the end, the unlocatable rule."""
    box = plan.rules
    if box is None:
        return []
    return [Rect(box.x, box.y, box.w, box.h, fill="#f3f3f3", stroke=None, radius=1.5),
            Text(box.x + 2, box.y + 1, box.w - 4, 5, labels["rules_box_title"], font=TITLE_FONT, size=9, color=INK, valign="middle",
                 wrap=False, min_size=6),
            Text(box.x + 2, box.y + 6.5, box.w - 4, box.h - 8, _bullets(labels["rules_box"]), font="sans", size=8, color=INK,
                 min_size=5, line_height=1.15)]


def _bullets(text: str) -> str:
    """One bullet per line of the box."""
    return "\n".join(f"• {line.strip()}" for line in text.split("\n") if line.strip())


def _title(plan: SheetPlan, labels: Labels, designer: bool) -> list[Item]:
    box = plan.title
    title = labels["designer_title"] if designer else labels["title"]
    name_w = 70.0
    items: list[Item] = [
        Text(box.x, box.y, box.w - name_w - 4, 6.5, title, font=TITLE_FONT, size=14, color=INK, valign="middle", wrap=False,
             min_size=9),
        Text(box.x, box.y + 6.3, box.w - name_w - 4, 3.5, size_text(plan.board, labels), font="sans", size=7.5, color=HINT,
             valign="middle", wrap=False, min_size=5),
        Text(box.x + box.w - name_w, box.y, 20, 7, labels["player"] + ":", font="sans", size=9, color=INK, valign="bottom",
             wrap=False, min_size=5),
        Line(box.x + box.w - name_w + 20.5, box.y + 7, box.x + box.w, box.y + 7, stroke=BOX_STROKE),
    ]
    return items


def _board_label(box: Box, name: str, hint: str) -> list[Item]:
    return [Text(box.x, box.y, box.w, 4.2, name, font=TITLE_FONT, size=10, color=INK, align="center", valign="middle", wrap=False,
                 min_size=6),
            Text(box.x, box.y + 4.1, box.w, 2.8, hint, font="sans-italic", size=6.5, color=HINT, align="center", valign="middle",
                 wrap=False,
                 min_size=4.5)]


def layout_items(frame: BoardFrame, layout: Layout) -> list[Item]:
    """The layout's components drawn in their cells, as a player would draw them."""
    items: list[Item] = []
    for p in layout.placements:
        ctype = layout.catalog.get(p.type)
        items += symbol_items(ctype, p.orientation, *frame.centre(*p.cell), frame.cell, LAYOUT_STROKE)
    return items


# -- legend ---------------------------------------------------------------------------------------
def legend_items(plan: SheetPlan, in_play: ComponentSet, labels: Labels) -> list[Item]:
    """Each component in play: its symbol, name and effect, and small diagrams of a beam meeting it."""
    box = plan.legend
    items: list[Item] = [Text(box.x, box.y, box.w, 5, labels["legend"], font=TITLE_FONT, size=9, color=INK, valign="middle",
                              wrap=False, min_size=6)]
    top = box.y + LEGEND_HEAD
    row_h = min(20.0, (box.h - LEGEND_HEAD) / max(len(in_play), 1))
    for i, ctype in enumerate(in_play):
        items += _legend_row(ctype, labels, box.x, top + i * row_h, box.w, row_h)
    return items


def _legend_row(ctype: ComponentType, labels: Labels, x: float, y: float, w: float, h: float) -> list[Item]:
    name, effect = labels.component(ctype)
    sym = min(10.0, h - 3)
    cy = y + h / 2
    items: list[Item] = [Line(x, y, x + w, y, stroke=Stroke("#9a9a9a", 0.15)),
                         Rect(x + 0.5, cy - sym / 2, sym, sym, fill=None, stroke=Stroke(SOFT_INK, 0.25))]
    items += symbol_items(ctype, ctype.orientations[0].name, x + 0.5 + sym / 2, cy, sym, Stroke(INK, 0.5))
    text_x = x + sym + 2.5
    text_w = 24.0
    items.append(Text(text_x, y + 1.0, text_w, 4, name, font=TITLE_FONT, size=8.5, color=INK, valign="middle", wrap=False,
                      min_size=5))
    if effect:
        items.append(Text(text_x, y + 5.0, text_w, h - 5.5, effect, font="sans", size=6.5, color=SOFT_INK, min_size=4.5,
                          line_height=1.1))
    travels = sample_travels(ctype)
    dx = text_x + text_w + 1.5
    dw = (x + w - dx) / len(travels)
    for k, travel in enumerate(travels):
        items += beam_diagram(ctype, travel, dx + k * dw + 0.8, y + 1.2, dw - 1.6, h - 2.4)
    return items


# -- shot log -------------------------------------------------------------------------------------
NUM_W = 8.0
RECV_W = 12.0


def shot_log_items(plan: SheetPlan, labels: Labels) -> list[Item]:
    """One row per cannon, column by column: its number, room for the hits, room for the receiving cannon."""
    box = plan.log
    items: list[Item] = [Text(box.x, box.y, box.w, 5, labels["shot_log"], font=TITLE_FONT, size=9, color=INK, valign="middle",
                              wrap=False, min_size=6)]
    rh = plan.row_height
    cells = log_cells(plan)
    items += [Rect(x, y, NUM_W, rh, fill="#eeeeee", stroke=None) for _, x, y, _ in cells]
    for cannon, x, y, w in cells:
        if (cannon - 1) % plan.log_rows == 0:
            items += _log_heading(labels, x, y - 4.6, w)
        items += _log_row(cannon, x, y, w, rh)
    for cannon, x, y, w in cells:
        if (cannon - 1) % plan.log_rows == 0:
            last = min(cannon + plan.log_rows - 1, plan.board.cannons)
            height = (last - cannon + 1) * rh
            items += [Rect(x, y, w, height, fill=None, stroke=LOG_FRAME),
                      Line(x + NUM_W, y, x + NUM_W, y + height, stroke=LOG_FRAME),
                      Line(x + w - RECV_W, y, x + w - RECV_W, y + height, stroke=LOG_FRAME)]
    return items


def _log_heading(labels: Labels, x: float, y: float, w: float) -> list[Item]:
    small = TextStyle(font="sans", size=6.5, color=HINT, valign="bottom", wrap=False, min_size=4.5)
    return [Text(x, y, NUM_W, 4.2, labels["log_cannon"], align="center", **small),
            Text(x + NUM_W + 1, y, w - NUM_W - RECV_W - 2, 4.2, labels["log_hits"], align="left", **small),
            Text(x + w - RECV_W, y, RECV_W, 4.2, labels["log_receiver"], align="center", **small)]


def _log_row(cannon: int, x: float, y: float, w: float, h: float) -> list[Item]:
    return [Line(x, y + h, x + w, y + h, stroke=LOG_LINE),
            Text(x, y, NUM_W - 0.8, h, str(cannon), font=TITLE_FONT, size=8.5, color=INK, align="right", valign="middle", wrap=False,
                 min_size=5)]


# -- secret-question slips ------------------------------------------------------------------------
SLIP_COUNT = 3


def slip_items(plan: SheetPlan, labels: Labels) -> list[Item]:
    """Three cut-out slips for the multi-player mode: a cannon box and an answer box each."""
    box = plan.slips
    items: list[Item] = [Text(box.x, box.y, box.w, 5, labels["slips"], font=TITLE_FONT, size=9, color=INK, valign="middle",
                              wrap=False, min_size=5)]
    top = box.y + 6.0
    slip_h = (box.y + box.h - top) / SLIP_COUNT
    for k in range(SLIP_COUNT):
        items += _slip(labels, k + 1, box.x, top + k * slip_h, box.w, slip_h)
    return items


def _slip(labels: Labels, number: int, x: float, y: float, w: float, h: float) -> list[Item]:
    pad = 2.5
    inner_y = y + pad + 4.5
    inner_h = h - 2 * pad - 4.5 - 0.5
    cannon_w = 17.0
    small = TextStyle(font="sans", size=6.5, color=HINT, valign="bottom", wrap=False, min_size=4.5)
    return [
        Rect(x, y + 0.5, w, h - 1.0, fill=None, stroke=CUT_STROKE),
        Text(x + 1.0, y - 1.3, 5, 3.6, "✂", font="sans", size=8, color=INK, align="center", valign="middle", wrap=False, min_size=5),
        Text(x + 6.5, y + 0.8, w - 30, 4, labels.fill("slip_title", k=number), font=TITLE_FONT, size=7.5, color=INK,
             valign="middle", wrap=False, min_size=5),
        Text(x + w - 22, y + 0.8, 20, 4, labels["cut"], font="sans-italic", size=6, color=HINT, align="right", valign="middle", wrap=False,
             min_size=4),
        Text(x + pad, inner_y - 3.6, cannon_w, 3.5, labels["slip_cannon"], **small),
        Rect(x + pad, inner_y, cannon_w, inner_h, fill=None, stroke=BOX_STROKE),
        Text(x + pad + cannon_w + 2, inner_y - 3.6, w - cannon_w - 2 * pad - 2, 3.5, labels["slip_answer"], **small),
        Rect(x + pad + cannon_w + 2, inner_y, w - cannon_w - 2 * pad - 2, inner_h, fill=None, stroke=BOX_STROKE),
    ]


# -- answer key -----------------------------------------------------------------------------------
KEY_CELL_MAX = 13.0


def answer_key_page(layout: Layout, labels: Labels, paper: str = "a4") -> Page:
    """The full observation of a layout (rulebook format, three columns) beside the layout drawn on its board."""
    from generator.games.laser.rules.engine import observe

    observation = observe(layout)
    trapped = [s.cannon for s in observation.shots if s.trapped]
    if trapped:
        raise RulesError(f"unplayable layout: the beam of cannon {trapped[0]} never leaves the board "
                         "(run `pnpgen laser check` on it)")
    page = Page(*paper_size(paper, landscape=True), label="answer key", kind="sheet")
    x, y, w, h = content_box(paper, landscape=True)
    page.add(Text(x, y, w, 7, labels["answer_key"], font=TITLE_FONT, size=14, color=INK, valign="middle", wrap=False, min_size=9),
             Text(x, y + 7.5, w, 8, labels["answer_key_hint"], font="sans", size=8, color=SOFT_INK, min_size=5))
    board = layout.board
    top = y + 18
    cell = min(KEY_CELL_MAX, (w * 0.45 - 2 * RING) / board.width, (h - 18 - 30 - 2 * RING) / board.height)
    frame = BoardFrame(board, x + RING, top + RING, cell)
    page.add(*board_items(frame), *layout_items(frame, layout))
    page.add(*_notation_items(layout, labels, x, frame.y + frame.height + RING + 4, frame.width + 2 * RING))
    table_x = x + frame.width + 2 * RING + 8
    page.add(*observation_table(observation, labels, table_x, top, x + w - table_x, y + h - top))
    return page


def _notation_items(layout: Layout, labels: Labels, x: float, y: float, w: float) -> list[Item]:
    from generator.games.laser.rules.notation import format_layout

    lines = [_setting_line(line, labels) for line in format_layout(layout).rstrip("\n").split("\n")]
    items: list[Item] = [Text(x, y, w, 4, labels["layout_text"], font="sans", size=7, color=HINT, valign="middle", wrap=False,
                              min_size=4.5)]
    for i, line in enumerate(lines):
        items.append(Text(x, y + 4.5 + i * 3.6, w, 3.6, line, font="mono", size=8, color=INK, valign="middle", wrap=False,
                          min_size=4))
    return items


def _setting_line(line: str, labels: Labels) -> str:
    """A grid row as it is; a `T=SE` line (a symbol's orientation, a compass corner) in the page's words."""
    symbol, sep, corner = line.partition("=")
    key = f"corner_{corner.lower()}"
    if not sep or key not in labels.texts:
        return line
    return labels.fill("layout_setting", symbol=symbol, corner=labels[key])


def observation_table(observation: Observation, labels: Labels, x: float, y: float, w: float,
                      h: float, columns: int = 3) -> list[Item]:
    """Every shot in columns of rows (1-10, 11-20, 21-30 on the standard board): number, hits, receiver."""
    shots = list(observation.shots)
    rows = -(-len(shots) // columns)
    row_h = min(7.0, (h - 5) / rows)
    col_w = (w - (columns - 1) * 4) / columns
    items: list[Item] = []
    for i, shot in enumerate(shots):
        col, row = divmod(i, rows)
        cx, cy = x + col * (col_w + 4), y + 5 + row * row_h
        if row == 0:
            items += _log_heading(labels, cx, cy - 4.6, col_w)
        hits = " ".join(labels.glyph(s) for s in shot.hits)
        receiver = "" if shot.absorbed else str(shot.outcome)
        items += [Line(cx, cy + row_h, cx + col_w, cy + row_h, stroke=LOG_LINE),
                  Text(cx, cy, NUM_W - 0.8, row_h, str(shot.cannon), font=TITLE_FONT, size=9, color=INK, align="right", valign="middle",
                       wrap=False, min_size=5),
                  Text(cx + NUM_W + 1, cy, col_w - NUM_W - RECV_W - 2, row_h, hits, font="sans", size=9, color=INK, align="left",
                       valign="middle", wrap=False, min_size=4)]
        if receiver:
            items.append(Text(cx + col_w - RECV_W, cy, RECV_W, row_h, receiver, font="sans", size=9, color=INK, align="center",
                              valign="middle",
                              wrap=False, min_size=5))
    return items
