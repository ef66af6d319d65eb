"""The CODEX player aid: one sheet, two sides (card_data/dungeon/aid.yaml), set in two columns.

Sections flow down the columns of their page (a heading stays with its first paragraph); rich
text (icons inline, [conditions] bold) comes from the card engine. The whole sheet shares one
text size: the largest, from BODY_SIZE down to MIN_SIZE, at which every page fits. The icon
legend draws each icon beside its text; the keyword section is built from keywords.yaml, so the
reminders printed here are the ones the data defines.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.cards.icons import draw_icon
from generator.cards.iconset import shape_set
from generator.cards.richtext import RichStyle, layout_rich, rich_height
from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.games.dungeon import GAME
from generator.games.dungeon.rules.deck import Keyword
from generator.scene.model import Item, Line, Page, Rect, Stroke, Text

BODY_SIZE = 10.0       # pt, the size tried first
MIN_SIZE = 6.5         # pt, the smallest the sheet may use
STEP = 0.25
COLUMNS = 2
GUTTER = 6.0           # mm between columns
INK = "#222222"
ACCENT = "#6e2f1c"     # the Créature colour of the cards
ITEM_GAP = 0.9         # mm between paragraphs of a section
SECTION_GAP = 3.2      # mm before a heading
ICON_COLUMN = 7.0      # mm kept left of a legend line for its icon
ICONS = shape_set()    # the six drawn icons the aid's texts name (<pa>, <pv>...), as the CODEX templates declare them


@dataclass(frozen=True)
class AidPiece:
    """One unbreakable piece of an aid column (a heading or a paragraph): its height and a function drawing it
    at (x, y, w)."""

    height: float
    draw: Callable[[float, float, float], list[Item]]      # (x, y, width) -> the block's items
    keep_with_next: bool = False
    section_height: float = 0.0    # on a heading: the whole section's height (kept in one column if it can)


def keyword_lines(keywords: list[Keyword], lang: str) -> list[str]:
    """'<b>Charge X</b> : reminder' for every keyword of the annex, in a language."""
    colon = "\u202f:" if lang == "fr" else ":"
    return [f"<b>{k.names[lang]}{' X' if k.takes_value else ''}</b>{colon} {k.reminders[lang]}" for k in keywords]


def _style(size: float) -> RichStyle:
    return RichStyle(size=size, min_size=size, color=INK, line_height=1.18, icons=ICONS)


def _heading_block(text: str, size: float, w: float) -> AidPiece:
    style = RichStyle(font="serif-bold", bold="serif-bold", size=size + 2.5, min_size=size + 2.5, color=ACCENT,
                      icons=ICONS)
    h = (rich_height(text, w, style) or 0.0) + 1.4

    def draw(x: float, y: float, width: float) -> list[Item]:
        return [*layout_rich(text, x, y, width, h, style),
                Line(x, y + h - 0.5, x + width, y + h - 0.5, stroke=Stroke(ACCENT, 0.35))]
    return AidPiece(h + 0.8, draw, keep_with_next=True)


def _text_block(text: str, size: float, w: float, indent: float = 0.0, icon: str = "") -> AidPiece:
    style = _style(size)
    h = rich_height(text, w - indent, style)
    if h is None:
        raise LayoutError(f"a word of {text[:30]!r} is wider than the aid's column", key="aid")
    icon_h = size * 0.3528 * 1.25

    def draw(x: float, y: float, width: float) -> list[Item]:
        items: list[Item] = list(layout_rich(text, x + indent, y, width - indent, h + 0.01, style))
        if icon:
            items.append(draw_icon(icon, x + 0.6, y + icon_h, icon_h, ACCENT))
        return items
    return AidPiece(h + ITEM_GAP, draw)


def section_blocks(section: dict[str, Any], keywords: list[Keyword], lang: str, size: float, w: float,
                   keywords_heading: str) -> list[AidPiece]:
    """A section as blocks: its heading, then its paragraphs, legend lines or keyword lines."""
    if section.get("keywords"):
        heading, texts = keywords_heading, keyword_lines(keywords, lang)
        return _whole([_heading_block(heading, size, w), *(_text_block(t, size, w) for t in texts)])
    blocks = [_heading_block(str(section["heading"]), size, w)]
    for entry in section.get("icons") or []:
        blocks.append(_text_block(str(entry["text"]), size, w, ICON_COLUMN, str(entry.get("icon") or "")))
    blocks += [_text_block(str(t), size, w) for t in section.get("items") or []]
    return _whole(blocks)


def _whole(blocks: list[AidPiece]) -> list[AidPiece]:
    """The heading block told how tall its whole section is."""
    return [AidPiece(blocks[0].height, blocks[0].draw, True, sum(b.height for b in blocks)), *blocks[1:]]


def _flow(blocks: list[AidPiece], columns: list[tuple[float, float, float, float]]) -> list[Item] | None:
    """Place the blocks down the columns; None when they do not all fit."""
    items: list[Item] = []
    col, y = 0, columns[0][1]
    for i, block in enumerate(blocks):
        need = block.height + (blocks[i + 1].height if block.keep_with_next and i + 1 < len(blocks) else 0.0)
        if block.keep_with_next and y > columns[col][1]:
            y += SECTION_GAP
        x, top, w, bottom = columns[col]
        if block.section_height <= bottom - top and y + block.section_height > bottom + 1e-6:
            need = block.section_height     # the section fits a column: do not split it
        if y + need > bottom + 1e-6:
            col += 1
            if col >= len(columns):
                return None
            x, top, w, bottom = columns[col]
            y = top
        items += block.draw(x, y, w)
        y += block.height
    return items


def _header(page: Page, words: dict[str, Any], box: tuple[float, float, float, float], first: bool) -> float:
    """Title (and on the first side the subtitle); returns the height used."""
    x, y, w, _ = box
    page.add(Rect(x, y, w, 10, fill=ACCENT, stroke=None, radius=1.5),
             Text(x + 3, y, w - 6, 10, str(words["title"]), font="serif-bold", size=15, color="#ffffff", align="left", valign="middle",
                  wrap=False))
    if not first:
        return 13.0
    page.add(Text(x, y + 11, w, 6, str(words["subtitle"]), font="sans-italic", size=8.5, color=INK, align="left", valign="middle",
                  wrap=True, shrink=True, min_size=6))
    return 19.0


def aid_pages(aid: dict[str, dict[str, Any]], keywords: list[Keyword], lang: str = GAME.default_language, paper: str = "a4") -> list[Page]:
    """The aid's two sides (pages), with footers in the aid's language; LayoutError if it cannot fit."""
    from generator.scene.imposition import add_footers, content_box, sheet_pages

    words = aid[lang]
    sides = words["pages"]
    pages = sheet_pages(len(sides), paper)
    box = content_box(paper)
    tops = [box[1] + _header(page, words, box, number == 0) for number, page in enumerate(pages)]
    size = BODY_SIZE
    while size >= MIN_SIZE - 1e-9:     # one size for both sides: the largest at which each fits
        placed = [_set_side(sections, keywords, lang, words, (box[0], top, box[2], box[1] + box[3] - top), size)
                  for sections, top in zip(sides, tops, strict=True)]
        if all(p is not None for p in placed):
            for page, items in zip(pages, placed, strict=True):
                page.add(*(items or []))
            return add_footers(pages, title=str(words["title"]), source="", lang=lang)
        size = round(size - STEP, 4)
    raise LayoutError(f"the {lang} player aid does not fit its pages even at {format_number(MIN_SIZE)} pt", key="aid")


def _set_side(sections: list[dict[str, Any]], keywords: list[Keyword], lang: str, words: dict[str, Any],
              box: tuple[float, float, float, float], size: float) -> list[Item] | None:
    x, y, w, h = box
    col_w = (w - GUTTER * (COLUMNS - 1)) / COLUMNS
    columns = [(x + i * (col_w + GUTTER), y, col_w, y + h) for i in range(COLUMNS)]
    blocks = [b for s in sections for b in section_blocks(s, keywords, lang, size, col_w,
                                                          str(words["keywords_heading"]))]
    return _flow(blocks, columns)


def aid_pages_for(lang: str, paper: str, data_dir: Path | None = None) -> list[Page]:
    """The player aid's pages in a language, from a data folder (None: the built-in card_data/dungeon; the
    deck's keywords give the keyword legend): the game's rules sheet, and the first pages of its deck PDF."""
    from generator.games.dungeon.content import checked_deck, load_aid

    return aid_pages(load_aid(data_dir), checked_deck(data_dir).keywords, lang, paper)


def aid_title(lang: str, data_dir: Path | None = None) -> str:
    """The player aid's title in a language (aid.yaml's title): its document's title."""
    from generator.games.dungeon.content import load_aid

    return str(load_aid(data_dir)[lang]["title"])


def aid_text(aid: dict[str, dict[str, Any]], keywords: list[Keyword], lang: str = GAME.default_language) -> list[str]:
    """The aid as plain lines (headings and paragraphs, markup kept): what the sheet says, for tests."""
    words, lines = aid[lang], [str(aid[lang]["title"])]
    for side in words["pages"]:
        for section in side:
            if section.get("keywords"):
                lines += [str(words["keywords_heading"]), *keyword_lines(keywords, lang)]
                continue
            lines.append(str(section["heading"]))
            lines += [str(e["text"]) for e in section.get("icons") or []]
            lines += [str(t) for t in section.get("items") or []]
    return lines


__all__ = ["aid_pages", "aid_pages_for", "aid_text", "aid_title", "keyword_lines"]
