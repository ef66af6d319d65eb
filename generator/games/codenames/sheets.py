"""Codenames printables: key cards (grid, lights, mark, code) and word cards, drawn and imposed.

A key card is square (default 70 mm). Each role has a colour AND a white or grey symbol, and the
colours are far apart in lightness, so the roles read in greyscale and for colour-blind players:
red agent (dark red, white disc), blue agent (mid blue, hollow white diamond), bystander (pale sand, grey
bar), assassin (near black, white cross). Lights in the starting team's colour sit on all four
sides, each with the team letter (R or B, the same in English and Italian) between two of the
team's symbols. A dark corner triangle marks the top-left; the key code is in the bottom-right
corner. Word cards (60 x 40 mm) print the word upright and, smaller, upside down for the far side.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator import paths
from generator.core.errors import DataError
from generator.games.codenames import GAME
from generator.games.codenames.rules import keys as cn
from generator.scene.model import Circle, Group, Item, Line, Polygon, Rect, Stroke, Text, rotate

if TYPE_CHECKING:   # pragma: no cover
    from generator.scene.imposition import Card, SheetSpec
    from generator.scene.model import Page

KEY_CARD_SIZE = 70.0                 # mm, square
WORD_CARD_SIZE = (60.0, 40.0)        # mm, landscape
DESIGN = 70.0                        # the key card is designed at 70 mm and scaled

TEAM_COLORS = {cn.RED: "#b2182b", cn.BLUE: "#4a90d9"}
TEAM_LETTERS = {cn.RED: "R", cn.BLUE: "B"}
ROLE_FILLS = {cn.RED: TEAM_COLORS[cn.RED], cn.BLUE: TEAM_COLORS[cn.BLUE],
              cn.BYSTANDER: "#efe6cf", cn.ASSASSIN: "#1c1c1c"}
SYMBOL_WHITE = "#ffffff"
SYMBOL_GREY = "#6b6b6b"
INK = "#333333"
CELL_EDGE = Stroke("#8c8c8c", 0.2)
FRAME_FILL = "#d9d9d9"


# --- word lists ----------------------------------------------------------------------------

def word_file(lang: str) -> Path:
    """The built-in word list of a language; DataError for an unknown language."""
    if lang not in GAME.languages:
        raise DataError(f"no word list for {lang!r}; languages: {', '.join(GAME.languages)}", key="lang")
    return paths.card_data("codenames", f"words-{lang}.txt")


def read_word_file(path: Path) -> list[str]:
    """Words from a list file (one per line, # comments); DataError naming file and line."""
    words: list[str] = []
    first_line: dict[str, int] = {}
    from generator.cards.datafile import read_text

    lines = read_text(path).splitlines()
    for number, raw in enumerate(lines, start=1):
        word = raw.strip()
        if not word or word.startswith("#"):
            continue
        _check_word(word, path, number, first_line)
        first_line[_fold(word)] = number
        words.append(word)
    return words


def _check_word(word: str, path: Path, number: int, first_line: dict[str, int]) -> None:
    if not all(part.isalpha() for part in word.split("-")):
        raise DataError(f"{word!r} is not a single word (letters only, a hyphen only inside it as in "
                        "yo-yo: no spaces, digits)", file=path, line=number)
    if _fold(word) in first_line:
        raise DataError(f"duplicate word {word!r} (first on line {first_line[_fold(word)]}; case and "
                        "hyphens aside, as yoyo/yo-yo)", file=path, line=number)


def _fold(word: str) -> str:
    """The form two words are compared in: case and hyphens aside (yoyo = Yo-yo)."""
    return word.casefold().replace("-", "")


def load_words(lang: str) -> list[str]:
    """The built-in word list of a language, in file order."""
    return read_word_file(word_file(lang))


# --- key cards -----------------------------------------------------------------------------

def key_card_items(key: cn.Key, size: float = KEY_CARD_SIZE) -> list[Item]:
    """The face of one key card, in card-local mm ((0,0) = top-left of the trim)."""
    s = size / DESIGN
    items: list[Item] = [Rect(0, 0, size, size, fill="#ffffff", stroke=Stroke("#b0b0b0", 0.2),
                              radius=3 * s)]
    items += _lights(key.starting, size, s)
    items.append(_corner_mark(s))
    items += _grid(key, size, s)
    items.append(_code_text(key.code, size, s))
    return items


def _lights(team: str, size: float, s: float) -> list[Item]:
    """The top light bar, and the same turned to the right, bottom and left sides."""
    bar = _light_bar(team, size, s)
    return [Group(tuple(bar), transform=rotate(90 * q, size / 2, size / 2)) for q in range(4)]


def _light_bar(team: str, size: float, s: float) -> list[Item]:
    w, h, y = 28 * s, 5 * s, 2 * s
    x = (size - w) / 2
    symbol_x = (x + 4 * s, x + w - 4 * s)
    items: list[Item] = [Rect(x, y, w, h, fill=TEAM_COLORS[team], stroke=None, radius=h / 2)]
    items += [_team_symbol(team, cx, y + h / 2, 1.5 * s) for cx in symbol_x]
    items.append(Text(x + 8 * s, y, w - 16 * s, h, TEAM_LETTERS[team], font="sans-bold",
                      size=10 * s, color=SYMBOL_WHITE, align="center", valign="middle",
                      min_size=3))
    return items


def _team_symbol(team: str, cx: float, cy: float, r: float) -> Item:
    if team == cn.RED:
        return Circle(cx, cy, r, fill=SYMBOL_WHITE, stroke=None)
    return _diamond_at(cx, cy, r * 1.2, r * 0.35)


def _corner_mark(s: float) -> Item:
    """The orientation mark: a dark triangle in the top-left corner."""
    return Polygon([(2 * s, 2 * s), (10 * s, 2 * s), (2 * s, 10 * s)], fill=INK, stroke=None)


def cell_boxes(grid_name: str, size: float = KEY_CARD_SIZE) -> list[list[tuple[float, float, float]]]:
    """(x, y, side) in card mm of every cell of a grid, rows top to bottom."""
    g = cn.GRIDS[grid_name]
    s = size / DESIGN
    gap, area = 0.8 * s, 51 * s
    cell = (area - (g.columns - 1) * gap) / g.columns
    height = g.rows * cell + (g.rows - 1) * gap
    x0, y0 = (size - area) / 2, (size - height) / 2
    return [[(x0 + c * (cell + gap), y0 + r * (cell + gap), cell) for c in range(g.columns)]
            for r in range(g.rows)]


def _grid(key: cn.Key, size: float, s: float) -> list[Item]:
    boxes = cell_boxes(key.grid, size)
    pad = 1.0 * s
    (x0, y0, cell), (x1, y1, _) = boxes[0][0], boxes[-1][-1]
    items: list[Item] = [Rect(x0 - pad, y0 - pad, x1 + cell - x0 + 2 * pad, y1 + cell - y0 + 2 * pad,
                              fill=FRAME_FILL, stroke=None, radius=pad)]
    for row, box_row in zip(key.cells, boxes, strict=False):
        for role, (x, y, w) in zip(row, box_row, strict=False):
            items += cell_items(role, x, y, w)
    return items


def light_boxes(size: float = KEY_CARD_SIZE) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) in card mm of the four light bars: top, right, bottom, left."""
    s = size / DESIGN
    long, short, edge = 28 * s, 5 * s, 2 * s
    start = (size - long) / 2
    return [(start, edge, long, short), (size - edge - short, start, short, long),
            (start, size - edge - short, long, short), (edge, start, short, long)]


def cell_items(role: str, x: float, y: float, w: float) -> list[Item]:
    """One square cell of a key: the role's fill and its symbol."""
    return [Rect(x, y, w, w, fill=ROLE_FILLS[role], stroke=CELL_EDGE), *_ROLE_SYMBOLS[role](x, y, w)]


def _disc(x: float, y: float, w: float) -> list[Item]:
    return [Circle(x + w / 2, y + w / 2, 0.2 * w, fill=SYMBOL_WHITE, stroke=None)]


def _diamond(x: float, y: float, w: float) -> list[Item]:
    return [_diamond_at(x + w / 2, y + w / 2, 0.3 * w, 0.08 * w)]


def _diamond_at(cx: float, cy: float, r: float, pen: float) -> Item:
    """A hollow diamond (white outline): the blue team's sign, unlike red's solid disc."""
    return Polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=None,
                   stroke=Stroke(SYMBOL_WHITE, pen))


def _bar(x: float, y: float, w: float) -> list[Item]:
    return [Rect(x + 0.25 * w, y + 0.45 * w, 0.5 * w, 0.1 * w, fill=SYMBOL_GREY, stroke=None)]


def _cross(x: float, y: float, w: float) -> list[Item]:
    pen = Stroke(SYMBOL_WHITE, 0.1 * w)
    a, b = 0.3 * w, 0.7 * w
    return [Line(x + a, y + a, x + b, y + b, stroke=pen), Line(x + b, y + a, x + a, y + b, stroke=pen)]


_ROLE_SYMBOLS = {cn.RED: _disc, cn.BLUE: _diamond, cn.BYSTANDER: _bar, cn.ASSASSIN: _cross}


def _code_text(code: str, size: float, s: float) -> Item:
    return Text(49 * s, 63 * s, 19 * s, 5 * s, code, font="mono-bold", size=6.5 * s, color=INK,
                align="right", valign="middle", wrap=False, min_size=3.5)


def key_cards(keys: Sequence[cn.Key], size: float = KEY_CARD_SIZE, backs: bool = True) -> list[Card]:
    """Imposition cards for keys, labelled with their codes; every back the same dense pattern (or none)."""
    from generator.scene.imposition import Card

    back = key_back_items(size) if backs else None
    return [Card(key_card_items(k, size), back, f"key {k.grid} {k.code}") for k in keys]


BACK_FILL = "#262626"                      # near black: a lamp behind the card shows no colour through it
BACK_LINE = Stroke("#4d4d4d", 0.9)         # a lattice of diagonals over it, so it reads as a card back
BACK_STEP = 3.0                            # mm between parallel diagonals (at 70 mm)


def key_back_items(size: float = KEY_CARD_SIZE) -> list[Item]:
    """The back of every key card: the whole card near black, crossed by a dense diagonal lattice
    (the same for every key, so a back tells nothing; printed duplex behind the fronts)."""
    s = size / DESIGN
    items: list[Item] = [Rect(0, 0, size, size, fill=BACK_FILL, stroke=None)]
    step, c = BACK_STEP * s, BACK_STEP * s
    while c < 2 * size:
        items += [_diagonal(c, size, BACK_LINE, rising=True), _diagonal(c, size, BACK_LINE, rising=False)]
        c += step
    return items


def _diagonal(c: float, size: float, stroke: Stroke, rising: bool) -> Item:
    """The part inside the card of the line x + y = c (rising) or x - y = c - size (falling)."""
    x1, x2 = max(0.0, c - size), min(size, c)
    if rising:
        return Line(x1, c - x1, x2, c - x2, stroke=stroke)
    return Line(x1, size - c + x1, x2, size - c + x2, stroke=stroke)


def key_sheet_spec(paper: str, size: float = KEY_CARD_SIZE) -> SheetSpec:
    """The sheet layout of key cards: no bleed (white edges), crop marks, backs for long-edge duplex."""
    from generator.scene.imposition import SheetSpec

    return SheetSpec(paper=paper, card_size=(size, size), bleed=0.0, crop_marks=True, duplex="long")



# --- word cards ----------------------------------------------------------------------------

WORD_FILL = "#efe6cf"
WORD_EDGE = Stroke("#8a7a5a", 0.3)
WORD_INK = "#1f1a12"
WORD_FAR_INK = "#6b5a3a"


def word_card_items(word: str, size: tuple[float, float] = WORD_CARD_SIZE) -> list[Item]:
    """One word card: the word upright in a white band, and smaller upside down above it."""
    w, h = size
    sx, sy = w / WORD_CARD_SIZE[0], h / WORD_CARD_SIZE[1]
    label = word.upper()
    near = Text(6 * sx, 24.5 * sy, w - 12 * sx, 9 * sy, label, font="sans-bold", size=16,
                color=WORD_INK, align="center", valign="middle", wrap=False, min_size=6)
    far = Text(8 * sx, 25.5 * sy, w - 16 * sx, 7 * sy, label, font="sans", size=11,
               color=WORD_FAR_INK, align="center", valign="middle", wrap=False, min_size=5)
    return [
        Rect(2.5 * sx, 2.5 * sy, w - 5 * sx, h - 5 * sy, fill=WORD_FILL, stroke=WORD_EDGE, radius=2),
        Line(6 * sx, h / 2, w - 6 * sx, h / 2, stroke=Stroke("#b8a57e", 0.3, dash=(1.0, 1.0))),
        Rect(5 * sx, 23.5 * sy, w - 10 * sx, 11 * sy, fill="#ffffff", stroke=WORD_EDGE, radius=1.5),
        near,
        Group((far,), transform=rotate(180, w / 2, h / 2)),
    ]


def word_cards(words: Sequence[str], size: tuple[float, float] = WORD_CARD_SIZE) -> list[Card]:
    """Imposition cards (fronts only) for words."""
    from generator.scene.imposition import Card

    return [Card(word_card_items(word, size), None, f"word {word}") for word in words]



# --- the rules aid -------------------------------------------------------------------------

def rules_pages(lang: str, paper: str = "a4") -> list[Page]:
    """The one-page rules summary (classic and Pictures, the variants, the two-player score) in `lang`."""
    from generator.cards.rules_text import load_rules_text
    from generator.games.codenames.content import labels
    from generator.scene.rulesheet import rules_sheet_page

    title, subtitle, sections = load_rules_text("codenames", lang)
    return [rules_sheet_page(title, subtitle, sections, paper=paper, lang=lang,
                             footer_title=labels(lang)["rules_title"])]
