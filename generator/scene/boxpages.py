"""A deck's box on paper: the dies of generator/scene/box.py placed on a sheet, with their art, cut and
fold lines, glue areas, crop marks and the footer every sheet has.

`plan_box` chooses the dies and each one's orientation, or refuses in one line naming the largest box
of that card that fits the paper; `die_items` draws one die at an origin (the plain sheet and the
print-and-cut sheets share it); `box_pages` makes the plain sheets. The outside is printed: the box's
colour runs BLEED mm past every cut, the glue areas stay unprinted (pale, with the word "glue").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.core.errors import LayoutError
from generator.core.imagefile import pixel_size
from generator.core.numbers import format_number
from generator.scene.box import BoxSpec, Die, Panel, Point, notch_radius, tray_pieces, tuck_die
from generator.scene.footer import FOOTER_FONT, content_box_for, footer_items, footer_text
from generator.scene.grid import MIN_MARK, Axis
from generator.scene.marks import crop_marks
from generator.scene.model import Group, Image, Item, Page, Polygon, Polyline, Rect, Stroke, Text, compose, scale, translate
from generator.scene.papers import PAPER_LABELS, paper_size

BLEED = 1.0                                   # mm the box's colour runs past the cut
MARK_ROOM = BLEED + 1.0 + MIN_MARK            # mm kept around a die for its crop marks
CUT_STROKE = Stroke("#000000", 0.3)           # cut lines: solid
FOLD_STROKE = Stroke("#8c8c8c", 0.25, dash=(2.0, 1.5))   # fold lines: dashed, seen on light and dark colours
GLUE_FILL = "#ececec"
GLUE_INK = "#777777"
COLOUR = "#24344d"
INK = "#ffffff"
FONT = "sans-bold"                            # the title's font unless the box is given one (BoxArt.font)
WORDS_FONT = "sans"                           # the box's own words: the card count, "glue"

# The box's own words per language: the glue areas, the card count, the footer's source, the pieces.
BOX_WORDS: dict[str, dict[str, str]] = {
    "en": {"deck": "Deck", "glue": "glue", "cards": "{n} cards", "tray": "tray", "lid": "lid", "tuck": "tuck box",
           "source": "box for {n} cards of {w} x {h} mm, inside {iw} x {ih} x {id} mm"},
    "it": {"deck": "Mazzo", "glue": "colla", "cards": "{n} carte", "tray": "vassoio", "lid": "coperchio", "tuck": "scatola",
           "source": "scatola per {n} carte da {w} x {h} mm, interno {iw} x {ih} x {id} mm"},
    "fr": {"deck": "Paquet", "glue": "colle", "cards": "{n} cartes", "tray": "fond", "lid": "couvercle", "tuck": "boîte",
           "source": "boîte pour {n} cartes de {w} x {h} mm, intérieur {iw} x {ih} x {id} mm"},
    "pt": {"deck": "Baralho", "glue": "cola", "cards": "{n} cartas", "tray": "fundo", "lid": "tampa", "tuck": "caixa",
           "source": "caixa para {n} cartas de {w} x {h} mm, interior {iw} x {ih} x {id} mm"},
}


def box_words(lang: str) -> dict[str, str]:
    """The box's words in `lang` (English for a language it does not know)."""
    return BOX_WORDS.get(lang, BOX_WORDS["en"])


def _num(value: float, lang: str) -> str:
    text = format_number(value, 1)
    return text if lang == "en" else text.replace(".", ",")


def box_source(spec: BoxSpec, lang: str) -> str:
    """'box for 54 cards of 63.5 x 88.9 mm, inside 64.5 x 89.9 x 17.2 mm', in `lang`."""
    (w, h), (iw, ih, idepth) = spec.card, spec.inside
    return box_words(lang)["source"].format(n=spec.count, w=_num(w, lang), h=_num(h, lang), iw=_num(iw, lang),
                                            ih=_num(ih, lang), id=_num(idepth, lang))


@dataclass(frozen=True)
class BoxArt:
    """What a box shows: its title (front, sides, lid), colours, the deck's back design (items in card
    mm, drawn on the back panel or the tray's floor) and an optional front picture (image bytes); the
    title's font (a registry name: built-in, a template's or `--font`'s) and the footer's (which repeats
    the title). `lettered` gives both the installed faces for the title's other scripts."""

    title: str
    colour: str = COLOUR
    ink: str = INK
    back: tuple[Item, ...] | None = None
    back_size: tuple[float, float] | None = None
    front_image: bytes | None = None
    font: str = FONT
    footer_font: str = FOOTER_FONT
    lang: str = ""          # the title's language (BCP 47): which Han forms its installed faces draw (zh-Hant...)


def lettered(art: BoxArt) -> BoxArt:
    """The art with fonts that draw its title in any script: the title's font followed by the installed
    faces drawing the characters it lacks (generator.scene.fonts.with_installed: a Japanese title in Noto
    Sans CJK, a Devanagari one in Noto Sans Devanagari...); the footer's, when it lacks some, followed by
    the title's own font (a designer's face draws the title there too), then installed faces in its
    weight. The installed faces draw Chinese, Japanese or Korean in the forms of the title's `lang`
    (Noto Sans CJK SC for zh-Hans, TC for zh-Hant, KR for ko; fonts.han_lang). The same fonts when they
    draw it all (a Latin title: the box as before)."""
    from generator.scene.fonts import add_stack, missing_chars, with_installed

    footer = art.footer_font
    if missing_chars(footer, art.title):
        footer = with_installed(add_stack(list(dict.fromkeys([footer, art.font]))), art.title, art.lang)
    return replace(art, font=with_installed(art.font, art.title, art.lang), footer_font=footer)


def title_missing(art: BoxArt) -> list[str]:
    """The characters of the title that neither its font nor any installed face draws (empty boxes)."""
    from generator.scene.fonts import missing_chars

    return missing_chars(art.font, art.title)


@dataclass(frozen=True)
class PlacedDie:
    """A die on its paper: landscape or not, and its top-left corner on the page."""

    die: Die
    landscape: bool
    x: float
    y: float
    width: float
    height: float


def _room(paper: str, landscape: bool) -> tuple[float, float, float, float, float, float]:
    """(x, y, w, h) where a die may go on the paper this way round, and the paper's size."""
    width, height = paper_size(paper, landscape)
    x, y, w, h = content_box_for(width, height)
    return (x + MARK_ROOM, y + MARK_ROOM, w - 2 * MARK_ROOM, h - 2 * MARK_ROOM, width, height)


def place(die: Die, paper: str) -> PlacedDie | None:
    """The die centred on the paper, portrait if it fits so, else landscape; None if neither fits."""
    for landscape in (False, True):
        x, y, w, h, width, height = _room(paper, landscape)
        if die.width <= w + 1e-9 and die.height <= h + 1e-9:
            return PlacedDie(die, landscape, x + (w - die.width) / 2.0, y + (h - die.height) / 2.0, width, height)
    return None


def dies_for(spec: BoxSpec, paper: str) -> list[PlacedDie] | None:
    """The placed dies of the box (tuck: one; tray: tray and lid, lying, else standing), None if they do not fit."""
    if spec.style == "tuck":
        try:
            die = tuck_die(spec)
        except LayoutError:
            return None
        placed = place(die, paper)
        return [placed] if placed else None
    for standing in (False, True):
        pieces = [place(die, paper) for die in tray_pieces(spec, standing)]
        if all(pieces):
            return [p for p in pieces if p is not None]
    return None


def plan_box(spec: BoxSpec, paper: str) -> list[PlacedDie]:
    """The box's dies on the paper; LayoutError (one line) naming the largest box of this card that fits,
    and what to try: a two-piece box, or A3 when the box fits it."""
    placed = dies_for(spec, paper)
    if placed is not None:
        return placed
    label = PAPER_LABELS.get(paper.strip().lower(), paper)
    kind = "tuck box" if spec.style == "tuck" else "two-piece box"
    fewer = _largest(spec, paper)
    w, h = spec.card
    size = f"{format_number(w)}x{format_number(h)} mm"
    largest = (f"the largest {kind} for {size} cards on {label} holds {fewer}" if fewer
               else f"no {kind} for {size} cards fits {label}")
    tries = ["--two-piece"] if spec.style == "tuck" else []
    if paper.strip().lower() != "a3" and dies_for(spec, "a3") is not None:
        tries.append("--paper a3")
    advice = f"; try {' or '.join(tries)}" if tries else "; make the deck smaller or the paper larger"
    if spec.style == "tuck" and tuck_too_thick(spec):
        raise LayoutError(f"{spec.count} cards of {size} are too thick for a tuck box (its tuck flap must be longer "
                          f"than the box is deep, and at most half its height): {largest}{advice}", key="--count")
    raise LayoutError(f"a {kind} for {spec.count} cards of {size} does not fit {label}: {largest}{advice}", key="--count")


def tuck_too_thick(spec: BoxSpec) -> bool:
    """Whether the deck is too thick for a tuck box at all (whatever the paper)."""
    try:
        tuck_die(spec)
    except LayoutError:
        return True
    return False


def _largest(spec: BoxSpec, paper: str) -> int:
    """The most cards of this size a box of this style holds on the paper (0: none): a bisection, as a
    box only grows with the count."""
    lo, hi = 0, spec.count - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if dies_for(replace(spec, count=mid), paper) is not None:
            lo = mid
        else:
            hi = mid - 1
    return lo


# --- drawing ---------------------------------------------------------------------------------

def die_items(die: Die, art: BoxArt, lang: str, x: float, y: float, count: int) -> list[Item]:
    """The die drawn with its top-left at (x, y): the colour with its bleed, the art, the glue areas,
    then the fold lines and the cut outline on top."""
    items: list[Item] = [Polyline(die.cut, closed=True, fill=art.colour, stroke=Stroke(art.colour, 2 * BLEED))]
    by_name = {p.name: p for p in die.panels}
    items += _art(die, by_name, art, lang, count)
    for panel in die.panels:
        if panel.role == "glue":
            items += _glue(panel, lang)
    items += [Polyline((p, q), fill=None, stroke=FOLD_STROKE) for p, q in die.folds]
    items.append(Polyline(die.cut, closed=True, fill=None, stroke=CUT_STROKE))
    return [Group(tuple(items), transform=translate(x, y))]


def _art(die: Die, panels: dict[str, Panel], art: BoxArt, lang: str, count: int) -> list[Item]:
    items: list[Item] = []
    if die.piece == "tuck":
        items += _back_art(panels["back"], art)
        items += _front(panels["front"], art, lang, count, notch_radius(die.inside[0]))
        items += _spine(panels["side-left"], art) + _spine(panels["side-right"], art)
    elif die.piece == "tray":
        items += _back_art(panels["floor"], art)
    else:
        items += _front(panels["floor"], art, lang, count, 0.0)
        x0, y0, x1, y1 = panels["wall-bottom"].bounds
        items += _centred(x0 + 3.0, y0 + 1.0, x1 - x0 - 6.0, y1 - y0 - 2.0, art.title, size=14.0, color=art.ink,
                          min_size=4.0, font=art.font)
    return items


def _back_art(panel: Panel, art: BoxArt) -> list[Item]:
    """The deck's back design covering the panel (scaled to cover, centred, clipped to the panel); on a
    panel of another shape (a long tray's floor) contained in it instead, whole."""
    if not art.back or not art.back_size:
        return []
    x0, y0, x1, y1 = panel.bounds
    w, h = x1 - x0, y1 - y0
    cw, ch = art.back_size
    cover, contain = max(w / cw, h / ch), min(w / cw, h / ch)
    k = cover if cover <= contain * 1.25 else contain
    inner = Group(art.back, transform=compose(translate((w - cw * k) / 2.0, (h - ch * k) / 2.0), scale(k)))
    return [Group((inner,), transform=translate(x0, y0), clip=Rect(0.0, 0.0, w, h, fill=None, stroke=None))]


def _front(panel: Panel, art: BoxArt, lang: str, count: int, notch: float) -> list[Item]:
    """The title under the thumb notch, the front picture below it, the card count at the foot."""
    x0, y0, x1, y1 = panel.bounds
    w, h = x1 - x0, y1 - y0
    pad = max(2.0, min(5.0, w / 12.0))
    top = y0 + notch + pad
    title_h = min(h * 0.28, 30.0)
    items = _centred(x0 + pad, top, w - 2 * pad, title_h, art.title, size=20.0, color=art.ink, min_size=5.0, wrap=True,
                     font=art.font)
    foot_h = min(7.0, h * 0.08)
    items += _centred(x0 + pad, y1 - pad - foot_h, w - 2 * pad, foot_h, box_words(lang)["cards"].format(n=count),
                      font=WORDS_FONT, size=9.0, color=art.ink, min_size=4.0)
    if art.front_image:
        box = (x0 + pad, top + title_h + pad, w - 2 * pad, y1 - pad - foot_h - pad - (top + title_h + pad))
        items += _picture(art.front_image, *box)
    return items


def _picture(data: bytes, x: float, y: float, w: float, h: float) -> list[Item]:
    """An image contained in the box (its aspect kept), centred; nothing in a box with no room."""
    if w <= 1.0 or h <= 1.0:
        return []
    px = pixel_size(data) or (1, 1)
    k = min(w / px[0], h / px[1])
    iw, ih = px[0] * k, px[1] * k
    return [Image(x + (w - iw) / 2.0, y + (h - ih) / 2.0, iw, ih, data)]


SPINE_MIN = 6.0      # pt: the least a side's title is set in whole (smaller reads as a grey line on a shelf)
COLON = re.compile("[:\uff1a]")     # where a title's part before the colon ends (the full-width colon of CJK too)


def _spine(panel: Panel, art: BoxArt) -> list[Item]:
    """The title along a side, reading bottom to top: whole if it fits at SPINE_MIN or more, else its
    part before a colon ("Nome in codice: carte agente, ..." -> "Nome in codice"), else shortened (by
    whole words, else by whole grapheme clusters: a title without spaces, Japanese or Thai, too)."""
    from generator.scene.text import fits_box

    x0, y0, x1, y1 = panel.bounds
    w, h = x1 - x0, y1 - y0
    pad = min(1.5, w / 6.0)
    box = Text(4.0, pad, h - 8.0, w - 2 * pad, art.title, font=art.font, size=12.0, color=art.ink, align="center",
               valign="middle", wrap=False, min_size=SPINE_MIN)
    whole = next((replace(box, text=title) for title in (art.title, COLON.split(art.title, 1)[0].strip())
                  if title and box.w > 0 and box.h > 0 and fits_box(box, title)), None)
    # shortened at SPINE_MIN or more too; smaller only on a side too thin for one cluster at SPINE_MIN
    fitted: list[Item] = [whole] if whole is not None else (_fitted(box) or _fitted(replace(box, min_size=3.0)))
    return [Group(tuple(fitted), transform=(0.0, -1.0, 1.0, 0.0, x0, y1))] if fitted else []


def _glue(panel: Panel, lang: str) -> list[Item]:
    """A glue area: unprinted (pale), its word along its length."""
    x0, y0, x1, y1 = panel.bounds
    items: list[Item] = [Polygon(panel.points, fill=GLUE_FILL, stroke=None)]
    w, h = x1 - x0, y1 - y0
    word = box_words(lang)["glue"]
    if h > w:
        text = _centred(2.0, 0.5, h - 4.0, w - 1.0, word, font=WORDS_FONT, size=7.0, color=GLUE_INK, min_size=3.0)
        items += [Group(tuple(text), transform=(0.0, -1.0, 1.0, 0.0, x0, y1))] if text else []
    else:
        items += _centred(x0 + 2.0, y0 + 0.5, w - 4.0, h - 1.0, word, font=WORDS_FONT, size=7.0, color=GLUE_INK,
                          min_size=3.0)
    return items


def _centred(x: float, y: float, w: float, h: float, text: str, *, size: float, color: str, min_size: float,
             font: str = FONT, wrap: bool = False) -> list[Item]:
    """A text centred in its box (see _fitted: shortened until it fits, or nothing)."""
    return _fitted(Text(x, y, w, h, text, font=font, size=size, color=color, align="center", valign="middle",
                        wrap=wrap, min_size=min_size))


MAX_TITLE = 200      # characters of a title tried at all (a longer one is cut, with "…")


def _fitted(box: Text) -> list[Item]:
    """The text box, its text shortened (whole words, then the first word's whole grapheme clusters, with
    "…") until it fits; nothing when not even one cluster does: the box's own words step aside, they never
    refuse a box. The shortest that fits is found by bisection (a shorter text never fits worse)."""
    from generator.scene.fonts import cluster_starts
    from generator.scene.text import fits_box

    if box.w <= 0 or box.h <= 0 or not box.text.strip():
        return []

    def fits(text: str) -> bool:
        return fits_box(box, text)

    text = " ".join(box.text.split())
    if len(text) > MAX_TITLE:
        text = text[:MAX_TITLE].rstrip() + "…"
    if fits(text):
        return [replace(box, text=text)]
    words = text.split()
    shorter = [" ".join(words[:k]) + "…" for k in range(1, len(words))]
    shorter = [words[0][:k] + "…" for k in cluster_starts(box.font, words[0])] + shorter
    lo, hi = 0, len(shorter)            # shorter[:lo] holds one that fits when lo > 0
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(shorter[mid - 1]):
            lo = mid
        else:
            hi = mid - 1
    return [replace(box, text=shorter[lo - 1])] if lo else []


def die_page(placed: PlacedDie, art: BoxArt, lang: str, count: int, label: str) -> Page:
    """One plain sheet: the die, crop marks at its corners (outside its bleed), the trim and bleed boxes."""
    die = placed.die
    page = Page(placed.width, placed.height, label=label, kind="sheet")
    page.add(*die_items(die, art, lang, placed.x, placed.y, count))
    x, y, w, h = content_box_for(placed.width, placed.height)
    xs = Axis(1, die.width, 0.0, placed.x, x, x + w)
    ys = Axis(1, die.height, 0.0, placed.y, y, y + h, hard_hi=True)
    page.add(*crop_marks(xs, ys, BLEED))
    page.trim_box = (placed.x, placed.y, die.width, die.height)
    page.bleed_box = (placed.x - BLEED, placed.y - BLEED, die.width + 2 * BLEED, die.height + 2 * BLEED)
    return page


def piece_label(die: Die, lang: str) -> str:
    """The piece's name in `lang`: 'tuck box', 'tray', 'lid'."""
    return box_words(lang)[die.piece]


def box_pages(spec: BoxSpec, art: BoxArt, paper: str, lang: str = "en", source: str = "",
              placed: Sequence[PlacedDie] | None = None) -> list[Page]:
    """The box's sheets (one for a tuck box, tray and lid for a two-piece box), each with its footer;
    `placed`: the dies as plan_box placed them, when the caller has them."""
    placed = placed or plan_box(spec, paper)
    pages = [die_page(p, art, lang, spec.count, piece_label(p.die, lang)) for p in placed]
    source = source or box_source(spec, lang)
    for number, page in enumerate(pages, start=1):
        title = f"{art.title} · {page.label}" if len(pages) > 1 else art.title
        page.add(*footer_items("bottom", page.width, page.height,
                               footer_text(title, source, number, len(pages), lang), lang, font=art.footer_font))
    return pages


def cut_paths(die: Die, x: float, y: float) -> tuple[tuple[Point, ...], list[tuple[Point, Point]]]:
    """The die's cut outline and fold segments moved to (x, y): what a cutting machine's file holds."""
    cut = tuple((px + x, py + y) for px, py in die.cut)
    folds = [((p[0] + x, p[1] + y), (q[0] + x, q[1] + y)) for p, q in die.folds]
    return cut, folds


__all__ = ["BLEED", "BOX_WORDS", "BoxArt", "PlacedDie", "box_pages", "box_source", "box_words", "cut_paths",
           "die_items", "die_page", "dies_for", "lettered", "piece_label", "place", "plan_box", "title_missing"]

