"""A one-page rules sheet: a title, a subtitle and sections of bullet points flowed into two columns.

Every game's rules aid (`pnpgen GAME rules`) is drawn by `rules_sheet_page` from its words (read by the
game's content module from card_data/<game>/rules.yaml): the text size is the largest from BODY_MAX down
to BODY_MIN that puts everything on one page; a text that does not fit even then is a LayoutError, never
a second page nor clipped words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.core.units import MM_PER_PT
from generator.scene.footer import add_footers, content_box_for
from generator.scene.model import Item, Line, Page, Rect, Stroke, Text
from generator.scene.papers import paper_size
from generator.scene.text import block_height, layout_text

INK, GREY = "#111111", "#555555"
BODY_MAX, BODY_MIN, STEP = 12.0, 6.5, 0.25     # pt
COLUMN_GAP = 7.0                               # mm
BULLET_W = 3.2                                 # mm of hanging indent for the bullet
HEAD_ROOM = 19.0                               # mm for the title and subtitle


@dataclass(frozen=True)
class RulesSection:
    """One section of a rules sheet: a heading and its points, in print order."""

    heading: str
    points: tuple[str, ...]


def rules_sheet_page(title: str, subtitle: str, sections: Sequence[RulesSection], *, paper: str = "a4",
                     lang: str = "en", footer_title: str = "", source: str = "") -> Page:
    """The rules sheet as one portrait page with its footer (title, source, page 1/1 in `lang`)."""
    width, height = paper_size(paper)
    x, y, w, h = content_box_for(width, height)
    page = Page(width, height, label="rules sheet", kind="sheet")
    page.add(Text(x, y, w, 9.0, title, font="sans-bold", size=17, color=INK, valign="middle", wrap=False, min_size=10),
             Text(x, y + 9.5, w, 6.5, subtitle, font="sans-italic", size=8.5, color=GREY, valign="top", min_size=6),
             Line(x, y + HEAD_ROOM - 2.0, x + w, y + HEAD_ROOM - 2.0, stroke=Stroke(INK, 0.4)))
    page.add(*_columns(sections, x, y + HEAD_ROOM, w, h - HEAD_ROOM))
    return add_footers([page], title=footer_title or title, source=source, lang=lang)[0]


def _columns(sections: Sequence[RulesSection], x: float, y: float, w: float, h: float) -> list[Item]:
    """The sections in two columns at the largest size that fits."""
    col_w = (w - COLUMN_GAP) / 2
    size = BODY_MAX
    while size >= BODY_MIN:
        placed = _flow(sections, col_w, h, size)
        if placed is not None:
            return [item for column, blocks in enumerate(placed)
                    for item in _draw(blocks, x + column * (col_w + COLUMN_GAP), y, col_w, size)]
        size -= STEP
    raise LayoutError(f"the rules do not fit one page even at {format_number(BODY_MIN)} pt: shorten them")


# One heading or point of the rules sheet: (kind: "head" | "point", text, height in mm including the space after).
RulesEntry = tuple[str, str, float]


def _flow(sections: Sequence[RulesSection], col_w: float, h: float, size: float) -> list[list[RulesEntry]] | None:
    """Sections split into two columns (a section moves whole to the second column unless it is taller
    than a column); None when they do not fit."""
    columns: list[list[RulesEntry]] = [[], []]
    column, used = 0, 0.0
    for section in sections:
        blocks = _blocks(section, col_w, size)
        need = sum(b[2] for b in blocks)
        if used + need > h and used > 0 and need <= h and column == 0:
            column, used = 1, 0.0
        for block in blocks:
            if used + block[2] > h:
                if column == 1:
                    return None
                column, used = 1, 0.0
            columns[column].append(block)
            used += block[2]
    return columns


def _blocks(section: RulesSection, col_w: float, size: float) -> list[RulesEntry]:
    """(kind, text, height incl. the space after) of a section's heading and points."""
    gap = size * 0.35 * MM_PER_PT
    blocks = [("head", section.heading, _height(section.heading, col_w, size + 1, "sans-bold") + gap)]
    blocks += [("point", p, _height(p, col_w - BULLET_W, size, "sans") + gap) for p in section.points]
    blocks[-1] = (blocks[-1][0], blocks[-1][1], blocks[-1][2] + size * 0.6 * MM_PER_PT)
    return blocks


def _height(text: str, w: float, size: float, font: str) -> float:
    probe = Text(0, 0, w, 1000.0, text, font=font, size=size, shrink=False)
    return block_height(font, size, len(layout_text(probe)), probe.line_height) + 0.05


def _draw(blocks: list[RulesEntry], x: float, y: float, w: float, size: float) -> list[Item]:
    items: list[Item] = []
    for kind, text, height in blocks:
        if kind == "head":
            items += [Rect(x, y + 0.2, 1.2, height - 1.2, fill=INK, stroke=None),
                      Text(x + 2.2, y, w - 2.2, height, text, font="sans-bold", size=size + 1, color=INK, shrink=False)]
        else:
            items += [Text(x, y, BULLET_W, height, "•", font="sans", size=size, color=GREY, shrink=False, wrap=False),
                      Text(x + BULLET_W, y, w - BULLET_W, height, text, font="sans", size=size, color=INK, shrink=False)]
        y += height
    return items


__all__ = ["RulesSection", "rules_sheet_page"]
