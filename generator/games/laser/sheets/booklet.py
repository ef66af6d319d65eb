"""The laser puzzle book, in one of the game's languages: a cover with how to play, one page per puzzle
(the board with the given cannons marked, the given shots in a log, room to draw), a blank page, then
one solution per page, upside down (book_solutions.py). Pages are portrait A4/Letter, or A5 imposed
two per A4 sheet."""

from __future__ import annotations

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.games.laser import GAME
from generator.games.laser.rules.model import ABSORBED, DX, DY, Board, ComponentSet, ComponentType, Observation
from generator.games.laser.sheets.book_marks import BookPuzzle, coordinates, level_dots
from generator.games.laser.sheets.book_solutions import blank_page, solution_page
from generator.games.laser.sheets.draw import (
    INK,
    RING,
    SOFT_INK,
    BoardFrame,
    TextStyle,
    arrow_head,
    beam_diagram,
    board_items,
    sample_travels,
    symbol_items,
)
from generator.games.laser.sheets.labels import Labels, load_labels
from generator.scene.footer import add_footers, content_box_for
from generator.scene.model import Group, Item, Line, Page, Rect, Stroke, Text, translate
from generator.scene.papers import paper_size

BOLD = "sans-bold"
HINT = "#555555"
GIVEN_FILL = "#1a1a1a"
ACCENT = "#c8102e"
LOG_LINE = Stroke("#8a8a8a", 0.2)
A5 = (148.0, 210.0)


def page_size(paper: str, booklet: str | None) -> tuple[float, float]:
    """The book's page: A5 in a booklet, else the paper; LayoutError naming --paper for a paper smaller
    than A5 (a puzzle's board, its log and its words need that much)."""
    if booklet:
        return A5
    w, h = paper_size(paper)
    if min(w, h) < A5[0] - 0.5 or max(w, h) < A5[1] - 0.5:
        raise LayoutError(f"{paper}: a puzzle page needs at least A5 ({format_number(A5[0])} x "
                          f"{format_number(A5[1])} mm); choose a larger paper", key="--paper")
    return (w, h)


def booklet_pages(puzzles: list[BookPuzzle], in_play: ComponentSet, board: Board, paper: str = "a4",
                  booklet: str | None = None, source: str = "", lang: str = GAME.default_language) -> list[Page]:
    """Every page of the book in `lang`, footers included: the cover, the puzzles, a blank page (so no puzzle
    is ever backed by a solution), one solution per page upside down; A5 pages imposed
    two per A4 sheet with `booklet`."""
    labels = load_labels(lang)
    size = page_size(paper, booklet)
    pages = [cover_page(puzzles, in_play, board, size, labels)]
    pages += [puzzle_page(item, in_play, size, labels) for item in puzzles]
    pages.append(blank_page(labels, size))
    pages += [solution_page(item, labels, size) for item in puzzles]
    pages = add_footers(pages, title=labels["book_title"], source=source, lang=lang)
    return impose_booklet(pages) if booklet else pages


# -- the cover ---------------------------------------------------------------------------------
def cover_page(puzzles: list[BookPuzzle], in_play: ComponentSet, board: Board, size: tuple[float, float],
               labels: Labels) -> Page:
    page = Page(*size, label="cover", kind="sheet")
    x, y, w, h = content_box_for(*size)
    small = w < 150
    page.add(Rect(x, y, w, 24 if not small else 20, fill="#1a1a1a", stroke=None, radius=2),
             Text(x + 5, y + 2, w - 10, 12, labels["book_cover_title"], font=BOLD, size=24 if not small else 18, color="#ffffff",
                  valign="middle", wrap=False, min_size=10),
             Text(x + 5, y + 13, w - 10, 8, _subtitle(labels, len(puzzles)),
                  font="sans-italic", size=10 if not small else 8, color="#ffffff", valign="middle", wrap=False, min_size=5))
    top = y + (30 if not small else 25)
    boards = sorted({(p.puzzle.layout.board.width, p.puzzle.layout.board.height) for p in puzzles}
                    or {(board.width, board.height)},
                    reverse=True)    # level 5 is made on a smaller board by default: name each size
    text = labels.fill("book_intro", k=len(in_play), w=boards[0][0], h=" / ".join(
        [str(boards[0][1])] + [f"{bw}×{bh}" for bw, bh in boards[1:]]))
    page.add(Text(x, top, w, 30, text, font="sans", size=9.5 if not small else 8, color=INK, min_size=5, line_height=1.25))
    top += 32 if not small else 36
    page.add(Text(x, top, w, 6, labels["book_components"], font=BOLD, size=11, color=INK, valign="middle", wrap=False, min_size=6))
    top += 7
    row_h = 15.0 if not small else 13.0
    for i, ctype in enumerate(in_play):
        page.add(*_legend_row(ctype, labels, x, top + i * row_h, w, row_h))
    top += len(in_play) * row_h + 4
    page.add(Text(x, top, w, 6, labels["book_levels"], font=BOLD, size=11, color=INK, valign="middle", wrap=False, min_size=6))
    top += 7
    level_text = "  ".join(labels.fill("book_level_line", k=k, name=labels[f"level_{k}"], text=labels[f"level_text_{k}"])
                           for k in range(1, 6))
    level_text += " " + labels["book_solutions_note"]
    page.add(Text(x, top, w, 18, level_text, font="sans", size=8.5 if not small else 7, color=SOFT_INK, min_size=5))
    top += 22
    page.add(*_contents(puzzles, labels, x, top, w, y + h - top))
    return page


def _legend_row(ctype: ComponentType, labels: Labels, x: float, y: float, w: float, h: float) -> list[Item]:
    sym = min(10.0, h - 3)
    cy = y + h / 2
    items: list[Item] = [Line(x, y, x + w, y, stroke=Stroke("#b0b0b0", 0.15)),
                         Rect(x + 0.5, cy - sym / 2, sym, sym, fill=None, stroke=Stroke(SOFT_INK, 0.25))]
    items += symbol_items(ctype, ctype.orientations[0].name, x + 0.5 + sym / 2, cy, sym, Stroke(INK, 0.5))
    items.append(Text(x + sym + 3, y + 1, 28, h - 2, f"{labels.component(ctype)[0]}  ({ctype.hit})", font=BOLD, size=9, color=INK,
                      valign="middle", wrap=False, min_size=5))
    travels = sample_travels(ctype)
    dx = x + sym + 33
    dw = min(32.0, (x + w - dx) / max(len(travels), 1))
    for k, travel in enumerate(travels):
        items += beam_diagram(ctype, travel, dx + k * dw + 0.8, y + 1.0, dw - 1.6, h - 2.0)
    return items


def _contents(puzzles: list[BookPuzzle], labels: Labels, x: float, y: float, w: float, h: float) -> list[Item]:
    items: list[Item] = [Text(x, y, w, 6, labels["book_contents"], font=BOLD, size=11, color=INK, valign="middle", wrap=False, min_size=6)]
    columns = 2 if len(puzzles) > 8 else 1
    per = -(-len(puzzles) // columns)
    mixed = len({_size(item) for item in puzzles}) > 1     # levels 4-5 on other boards: say which is which
    row_h = min(5.0, (h - 8) / max(per, 1))
    col_w = w / columns
    for i, item in enumerate(puzzles):
        col, row = divmod(i, per)
        cx, cy = x + col * col_w, y + 8 + row * row_h
        level = item.puzzle.level
        items.append(Text(cx, cy, 22, row_h, labels.fill("book_puzzle", k=item.number), font=BOLD, size=8, color=INK, valign="middle",
                          wrap=False, min_size=4))
        items += level_dots(cx + 23, cy + row_h / 2, level, 1.1)
        words = [labels[f"level_{level}"]] + ([_size(item)] if mixed else []) + [labels.fill("book_page", k=item.number + 1)]
        items.append(Text(cx + 40, cy, col_w - 42, row_h, " · ".join(words),
                          font="sans", size=7.5, color=HINT, valign="middle", wrap=False, min_size=4))
    return items


def _size(item: BookPuzzle) -> str:
    board = item.puzzle.layout.board
    return f"{board.width}×{board.height}"


# -- a puzzle page -----------------------------------------------------------------------------
def puzzle_page(item: BookPuzzle, in_play: ComponentSet, size: tuple[float, float], labels: Labels) -> Page:
    puzzle = item.puzzle
    board = puzzle.layout.board
    page = Page(*size, label=f"puzzle {item.number}", kind="sheet")
    x, y, w, h = content_box_for(*size)
    small = w < 150
    page.add(Text(x, y, w * 0.6, 10, labels.fill("book_puzzle", k=item.number), font=BOLD, size=20 if not small else 15, color=INK,
                  valign="middle", wrap=False, min_size=8),
             Text(x + w * 0.45, y, w * 0.55, 5, labels.fill("book_level", k=puzzle.level, name=labels[f"level_{puzzle.level}"]),
                  font=BOLD, size=9,
                  color=ACCENT, align="right", valign="middle", wrap=False, min_size=5),
             Text(x + w * 0.45, y + 5.5, w * 0.55, 4.5, labels.fill("book_code", code=item.code), font="mono", size=7.5, color=HINT,
                  align="right", valign="middle",
                  wrap=False, min_size=4))
    page.add(*level_dots(x + w - 5 * 1.4 * 2.6 - 0.5, y + 12.5, puzzle.level))
    observation = puzzle.observation
    log_rows = -(-len(observation.shots) // 2)
    log_h = 12 + log_rows * 7.5
    top = y + 17
    room = h - 17 - log_h - 6
    cell = min(18.0, (w - 2 * RING) / board.width, (room - 2 * RING) / board.height)
    frame = BoardFrame(board, x + (w - board.width * cell) / 2, top + RING, cell)
    given = {s.cannon: GIVEN_FILL for s in observation.shots}
    page.add(*board_items(frame, given), *coordinates(frame))
    page.add(*_entry_marks(frame, observation))
    log_y = frame.y + frame.height + RING + 5
    page.add(*shot_log(observation, in_play, labels, x, log_y, w, log_h))
    notes_y = log_y + log_h + 4
    if y + h - notes_y > 20:
        page.add(Rect(x, notes_y, w, y + h - notes_y, fill=None, stroke=Stroke("#b0b0b0", 0.25), radius=1.5),
                 Text(x + 2, notes_y + 1, 30, 4, labels["book_notes"], font="sans-italic", size=7, color=HINT, valign="middle", wrap=False,
                      min_size=4))
    return page


def _entry_marks(frame: BoardFrame, observation: Observation) -> list[Item]:
    """A small arrow into the board in front of each given cannon: the beam enters there."""
    items: list[Item] = []
    for shot in observation.shots:
        cx, cy, d = frame.cannon_spot(shot.cannon)
        tip = (cx + DX[d] * (RING - 1.0), cy + DY[d] * (RING - 1.0))
        items += arrow_head(tip, d, 2.2, ACCENT)
    return items


def shot_log(observation: Observation, in_play: ComponentSet, labels: Labels, x: float, y: float, w: float, h: float) -> list[Item]:
    """The given shots, two columns: cannon, the hits drawn as symbols, receiving cannon (or absorbed)."""
    items: list[Item] = [Text(x, y, w, 5, labels["book_shots"], font=BOLD, size=10, color=INK, valign="middle", wrap=False, min_size=6)]
    shots = list(observation.shots)
    rows = -(-len(shots) // 2)
    row_h = min(7.5, (h - 12) / max(rows, 1))
    col_w = (w - 6) / 2
    for col in range(2):
        cx = x + col * (col_w + 6)
        small = TextStyle(font="sans", size=6.5, color=HINT, valign="bottom", wrap=False, min_size=4)
        items += [Text(cx, y + 6, 14, 4, labels["book_cannon"], align="center", **small),
                  Text(cx + 16, y + 6, col_w - 40, 4, labels["book_hits"], align="left", **small),
                  Text(cx + col_w - 22, y + 6, 22, 4, labels["book_received"], align="center", **small)]
    for i, shot in enumerate(shots):
        col, row = divmod(i, rows)
        cx, cy = x + col * (col_w + 6), y + 11 + row * row_h
        items += [Line(cx, cy + row_h, cx + col_w, cy + row_h, stroke=LOG_LINE),
                  Rect(cx, cy + 0.6, 14, row_h - 1.2, fill="#1a1a1a", stroke=None, radius=0.8),
                  Text(cx, cy, 14, row_h, str(shot.cannon), font=BOLD, size=10, color="#ffffff", align="center", valign="middle",
                       wrap=False,
                       min_size=5)]
        sym = min(row_h - 1.6, 6.0)
        for k, hit in enumerate(shot.hits):
            ctype = in_play.by_hit(hit)
            assert ctype is not None, hit      # the shots were fired with these types: each hit is one
            hx = cx + 17 + k * (sym + 1.5)
            items += symbol_items(ctype, _neutral(ctype), hx + sym / 2, cy + row_h / 2, sym, Stroke(INK, 0.45))
        if not shot.hits:
            items.append(Text(cx + 16, cy, col_w - 40, row_h, labels["book_nothing"], font="sans-italic", size=8, color=HINT,
                              valign="middle",
                              wrap=False, min_size=4))
        result = labels["book_absorbed"] if shot.outcome == ABSORBED else str(shot.outcome)
        items.append(Text(cx + col_w - 22, cy, 22, row_h, result, font=BOLD if shot.outcome != ABSORBED else "sans-italic",
                          size=10 if shot.outcome != ABSORBED else 8, color=INK, align="center", valign="middle", wrap=False, min_size=4))
    return items


def _neutral(ctype: ComponentType) -> str | None:
    """How a hit is drawn in the log: the type's first orientation (a hit never tells the orientation)."""
    return ctype.orientations[0].name


# -- A5 booklet imposition ------------------------------------------------------------------------
def impose_booklet(pages: list[Page]) -> list[Page]:
    """A5 pages two per A4 landscape side, in saddle-stitch order (print both sides, flip on the short
    edge, fold the stack in half): blank pages pad the count to a multiple of four."""
    pad = (-len(pages)) % 4
    pages = list(pages) + [Page(*A5, label="blank", kind="sheet") for _ in range(pad)]
    n = len(pages)
    sheets: list[Page] = []
    for i in range(n // 4):
        for left, right in ((n - 1 - 2 * i, 2 * i), (2 * i + 1, n - 2 - 2 * i)):
            sheet = Page(2 * A5[0] + 1.0, A5[1], label=f"sheet {i + 1}", kind="sheet")
            sheet.add(Group(tuple(pages[left].items), transform=translate(0.0, 0.0)),
                      Group(tuple(pages[right].items), transform=translate(A5[0] + 1.0, 0.0)),
                      Line(A5[0] + 0.5, 1.0, A5[0] + 0.5, 4.0, stroke=Stroke("#888888", 0.2)),
                      Line(A5[0] + 0.5, A5[1] - 4.0, A5[0] + 0.5, A5[1] - 1.0, stroke=Stroke("#888888", 0.2)))
            sheets.append(sheet)
    return sheets


def _subtitle(labels: Labels, count: int) -> str:
    """The cover's subtitle: "12 puzzles ...", or the singular for one."""
    return labels["book_subtitle_one"] if count == 1 else labels.fill("book_subtitle", n=count)
