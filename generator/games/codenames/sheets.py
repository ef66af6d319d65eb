"""Codenames printables: key cards (grid, lights, mark, code) and word cards, drawn and imposed.

A key card is square (default 70 mm). Each role has a sign: red agent a disc, blue agent a hollow
diamond, bystander a bar, assassin a cross (the cover cards' symbols). On a key card every cell is
the same fine grey hatch, and the sign is that hatch turned a quarter: the same ink, as much of it,
in every cell, so that held to a lamp the cells let the same light through (docs/kit.md, "Hiding on
paper"), while in reflected light the sign reads by the turn of its lines, in greyscale too; a faint
tint of the role's colour under the hatch is a hint. Lights on all four sides, the same hatch in the
starting team's tint, show its sign three times. A dark corner triangle marks the top-left; the key
code is in the bottom-right corner. The back is a black and white camouflage, its own for each card.
Word cards (60 x 40 mm) print the word upright and, smaller, upside down for the far side.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator import paths
from generator.core.colours import tint
from generator.core.errors import DataError
from generator.core.rng import make_rng
from generator.games.codenames import GAME
from generator.games.codenames.rules import keys as cn
from generator.scene.camouflage import Weights, camouflage
from generator.scene.model import Circle, Group, Hatch, Item, Line, Polygon, Rect, Stroke, Text, apply, rotate

if TYPE_CHECKING:   # pragma: no cover
    from generator.scene.imposition import Card, SheetSpec
    from generator.scene.model import Page

KEY_CARD_SIZE = 70.0                 # mm, square
WORD_CARD_SIZE = (60.0, 40.0)        # mm, landscape
DESIGN = 70.0                        # the key card is designed at 70 mm and scaled

SYMBOL_WHITE = "#ffffff"
SYMBOL_GREY = "#6b6b6b"
TEAM_COLORS = {cn.RED: "#b2182b", cn.BLUE: "#4a90d9"}
ROLE_FILLS = {cn.RED: TEAM_COLORS[cn.RED], cn.BLUE: TEAM_COLORS[cn.BLUE],
              cn.BYSTANDER: "#efe6cf", cn.ASSASSIN: "#1c1c1c"}     # the cover cards' full colours
# A key card draws every role in the same neutral ink and the same amount of it (docs/codenames.md, "The
# key cards"): a cell is a fine hatch, half ink, and the role's sign is the same hatch turned a quarter,
# so that held to a lamp every cell lets the same light through at every scale above the hatch's own
# (a blur of half a millimetre evens it out), while in reflected light the sign reads by the turn of
# its lines. The role's colour is a faint tint under the hatch: a hint, weaker than the back's pattern.
KEY_INK = "#6a6a6a"          # the hatch: a mid grey, the same for every role and both teams
HATCH_STEP = 0.7             # mm from line to line (fixed in mm, whatever the card's size: a property of light)
HATCH_ANGLE = 45.0           # the ground's lines; a sign's lines are turned a quarter from them
HATCH_PEN = Stroke(KEY_INK, HATCH_STEP / 2)
# The colour hint: a tenth of each role's colour (the covers' red, blue and sand, the assassin's near
# black). Measured (tests/test_transmitted_light.py): tints of equal luminance differ more in some
# channel and hide less; stronger tints stand out at 1.5 mm.
KEY_TINT = 0.1
KEY_TEAM_COLORS = {team: tint(colour, KEY_TINT) for team, colour in TEAM_COLORS.items()}
KEY_FILLS = {**KEY_TEAM_COLORS, cn.BYSTANDER: tint("#c8b27a", KEY_TINT), cn.ASSASSIN: tint("#1c1c1c", KEY_TINT)}
# The back, black and white (patches in the roles' hues hid the faint tints less well, measured), spends
# its ink on the large scale more than the Codex cover.
BACK_WEIGHTS = Weights(large=6.0, medium=4.5, small=2.2, fleck=0.45, glyph_fonts=("mono", "sans"), line=0.08, step=1.4)
ROLE_INKS = {cn.RED: SYMBOL_WHITE, cn.BLUE: SYMBOL_WHITE, cn.BYSTANDER: SYMBOL_GREY, cn.ASSASSIN: SYMBOL_WHITE}
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
    """A bar of the hatch in the team's tint, with the team's sign three times (no letter: a letter
    would be ink that differs between the teams)."""
    w, h, y = 28 * s, 5 * s, 2 * s
    x = (size - w) / 2
    bar = Rect(x, y, w, h, fill=KEY_TEAM_COLORS[team], stroke=None, radius=h / 2)
    items: list[Item] = [bar, _hatch(bar, x + w / 2, y + h / 2, HATCH_ANGLE, w / 2 + 0.1 * h)]
    for cx in (x + 5 * s, x + w / 2, x + w - 5 * s):
        items += _sign(team, cx, y + h / 2, 1.15 * h, x + w / 2, y + h / 2)
    return items


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
            items += key_cell_items(role, x, y, w)
    return items


def light_boxes(size: float = KEY_CARD_SIZE) -> list[tuple[float, float, float, float]]:
    """(x, y, w, h) in card mm of the four light bars: top, right, bottom, left."""
    s = size / DESIGN
    long, short, edge = 28 * s, 5 * s, 2 * s
    start = (size - long) / 2
    return [(start, edge, long, short), (size - edge - short, start, short, long),
            (start, size - edge - short, long, short), (edge, start, short, long)]


def key_cell_items(role: str, x: float, y: float, w: float) -> list[Item]:
    """One cell of a key card: the hatch over the role's faint tint, and the role's sign in the same
    hatch turned a quarter (the same ink, and as much of it, in every cell)."""
    cx, cy = x + w / 2, y + w / 2
    box = Rect(x, y, w, w, fill=KEY_FILLS[role], stroke=None)
    return [box, _hatch(box, cx, cy, HATCH_ANGLE, w * 0.72), *_sign(role, cx, cy, w, cx, cy),
            Rect(x, y, w, w, fill=None, stroke=CELL_EDGE)]


def _hatch(area: Rect, hx: float, hy: float, angle: float, reach: float) -> Hatch:
    """The area filled with lines of the key ink HATCH_STEP apart and half as wide (half the area inked),
    turned `angle` degrees, one line through (hx, hy) and one every step from it (so that two hatches
    through the same point meet in step), running `reach` mm from the area's centre (the reach the cards
    were drawn with before the Hatch primitive: their pixels, which tests/test_transmitted_light.py judges
    at 0.2 mm a pixel, stay as they were)."""
    return Hatch(area.x, area.y, area.w, area.h, radius=area.radius, ax=hx, ay=hy, angle=angle, step=HATCH_STEP,
                 stroke=HATCH_PEN, reach=reach)


def _sign(role: str, cx: float, cy: float, w: float, hx: float, hy: float) -> list[Item]:
    """A role's sign centred on (cx, cy) in a `w` mm box: each of its shapes a clip (turned) filled
    with the role's tint and the hatch through (hx, hy) turned a quarter from the ground's, or (a hole)
    the ground's own hatch again."""
    out: list[Item] = []
    for shape, turn, hole in _SIGN_SHAPES[role](cx, cy, w):
        angle = HATCH_ANGLE - turn + (0.0 if hole else 90.0)
        fill = Rect(shape.x, shape.y, shape.w, shape.h, fill=KEY_FILLS[role], stroke=None)
        lx, ly = apply(rotate(-turn, cx, cy), hx, hy)           # (hx, hy) in the shape's own turned frame
        out.append(Group((fill, _hatch(shape, lx, ly, angle, w * 0.6)), transform=rotate(turn, cx, cy), clip=shape))
    return out


Shape = tuple[Rect, float, bool]


def _square(cx: float, cy: float, side: float, radius: float = 0.0) -> Rect:
    return Rect(round(cx - side / 2, 3), round(cy - side / 2, 3), round(side, 3), round(side, 3), radius=round(radius, 3))


def _sign_disc(cx: float, cy: float, w: float) -> list[Shape]:
    return [(_square(cx, cy, 0.66 * w, 0.33 * w), 0.0, False)]


def _sign_diamond(cx: float, cy: float, w: float) -> list[Shape]:
    return [(_square(cx, cy, 0.58 * w), 45.0, False), (_square(cx, cy, 0.26 * w), 45.0, True)]


def _sign_bar(cx: float, cy: float, w: float) -> list[Shape]:
    return [(Rect(round(cx - 0.38 * w, 3), round(cy - 0.14 * w, 3), round(0.76 * w, 3), round(0.28 * w, 3)), 0.0, False)]


def _sign_cross(cx: float, cy: float, w: float) -> list[Shape]:
    arm = Rect(round(cx - 0.42 * w, 3), round(cy - 0.13 * w, 3), round(0.84 * w, 3), round(0.26 * w, 3))
    return [(arm, 45.0, False), (arm, -45.0, False)]


_SIGN_SHAPES = {cn.RED: _sign_disc, cn.BLUE: _sign_diamond, cn.BYSTANDER: _sign_bar, cn.ASSASSIN: _sign_cross}


def cell_items(role: str, x: float, y: float, w: float, fills: dict[str, str] = ROLE_FILLS,
               inks: dict[str, str] = ROLE_INKS) -> list[Item]:
    """One square cell of a cover card: the role's full colour and its symbol in white or grey."""
    return [Rect(x, y, w, w, fill=fills[role], stroke=CELL_EDGE), *_ROLE_SYMBOLS[role](x, y, w, inks[role])]


def _disc(x: float, y: float, w: float, ink: str) -> list[Item]:
    return [Circle(x + w / 2, y + w / 2, 0.2 * w, fill=ink, stroke=None)]


def _diamond(x: float, y: float, w: float, ink: str) -> list[Item]:
    return [_diamond_at(x + w / 2, y + w / 2, 0.3 * w, 0.08 * w, ink)]


def _diamond_at(cx: float, cy: float, r: float, pen: float, ink: str = SYMBOL_WHITE) -> Item:
    """A hollow diamond (an outline): the blue team's sign, unlike red's solid disc."""
    return Polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=None,
                   stroke=Stroke(ink, pen))


def _bar(x: float, y: float, w: float, ink: str) -> list[Item]:
    return [Rect(x + 0.25 * w, y + 0.45 * w, 0.5 * w, 0.1 * w, fill=ink, stroke=None)]


def _cross(x: float, y: float, w: float, ink: str) -> list[Item]:
    pen = Stroke(ink, 0.1 * w)
    a, b = 0.3 * w, 0.7 * w
    return [Line(x + a, y + a, x + b, y + b, stroke=pen), Line(x + b, y + a, x + a, y + b, stroke=pen)]


_ROLE_SYMBOLS = {cn.RED: _disc, cn.BLUE: _diamond, cn.BYSTANDER: _bar, cn.ASSASSIN: _cross}


def _code_text(code: str, size: float, s: float) -> Item:
    return Text(49 * s, 63 * s, 19 * s, 5 * s, code, font="mono-bold", size=6.5 * s, color=INK,
                align="right", valign="middle", wrap=False, min_size=3.5)


def key_cards(keys: Sequence[cn.Key], size: float = KEY_CARD_SIZE, backs: bool = True,
              mask_seed: int | None = None) -> list[Card]:
    """Imposition cards for keys, labelled with their codes, each backed by a camouflage (or none):
    with `mask_seed` (the sheet's secret code) every card its own, drawn from it (nobody can subtract
    it); without, one public pattern for all (a reprinted key: docs/kit.md says it is weaker)."""
    from generator.scene.imposition import Card

    def back(i: int, key: cn.Key) -> list[Item] | None:
        if not backs:
            return None
        stream = ("mask", key.grid, str(i)) if mask_seed is not None else ("mask",)
        return key_back_items(make_rng(mask_seed or 0, "codenames", *stream), size)

    return [Card(key_card_items(k, size), back(i, k), f"key {k.grid} {k.code}") for i, k in enumerate(keys)]


def key_back_items(rng: random.Random, size: float = KEY_CARD_SIZE) -> list[Item]:
    """The back of a key card: a black and white camouflage over the whole card (scene/camouflage.py),
    stronger held to a lamp than what differs between two keys (the faint tints, the hatch's seams, the
    code); it says nothing. Its glyphs are shared outlines (a PDF writes each once, as a form)."""
    return camouflage(rng, 0.0, 0.0, size, size, weights=BACK_WEIGHTS, shared_glyphs=True)


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
