"""The pages of a print-and-cut deck: cards on a CutSheet with the machine's marks (fronts), backs behind them, footers clear of the marks.

Marks are drawn on the fronts only (the machine reads the side it cuts). A printer profile's scale
draws the whole page, marks and cards alike, 1/scale larger about its centre, so the printed marks
and cards come out at the cut file's true mm; its offset moves the back cards only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.scene.cutmarks import SCANNCUT_BOX, SCANNCUT_X, SILHOUETTE_INSET, scanncut_marks, silhouette_marks
from generator.scene.cutting import CutSheet
from generator.scene.footer import FOOTER_FONT, flip_words, footer_items, footer_text
from generator.scene.imposition import Card, scale_page
from generator.scene.model import Group, Item, Line, Page, Rect, Stroke, Text, translate
from generator.scene.papers import PRINTER_MARGIN


def cut_pages(cards: Sequence[Card], sheet: CutSheet, **options: Any) -> list[Page]:
    """cut_page_stream's pages of a list of cards (all with backs or none), made all at once."""
    return list(cut_page_stream(cards, len(cards), any(card.back is not None for card in cards), sheet, **options))


def cut_page_stream(cards: Iterable[Card], count: int, has_backs: bool, sheet: CutSheet, *,
                     duplex: str | None = None, offset: tuple[float, float] = (0.0, 0.0),
                     scale: tuple[float, float] = (1.0, 1.0), title: str = "", source: str = "",
                     lang: str = "en", footers: bool = True) -> Iterator[Page]:
    """Fronts with marks, each followed by its backs page (duplex and backs); footers unless a
    Cricut image (footers=False). LayoutError if the offset pushes back cards off the printable page.

    Made sheet by sheet as the cards come (each sheet's pages made when its cards are drawn, so they
    may be freed once written): `count` cards, all with backs or none (has_backs)."""
    per = sheet.per_sheet
    two = bool(duplex) and has_backs
    total = -(-count // per) * (2 if two else 1)
    flip = flip_words(lang, duplex if two else None)
    index, chunk, seen = 0, [], 0
    for card in cards:
        chunk.append(card)
        seen += 1
        if len(chunk) == per or seen == count:
            if any(c.back is not None for c in chunk) != has_backs:
                raise RuntimeError("internal: cut_page_stream was told every card has a back, or none")
            number = -(-seen // per)
            pages = [_front(chunk, sheet, number)]
            if two and duplex:
                pages.append(_back(chunk, sheet, number, duplex, offset))
            for page in pages:
                index += 1
                if footers:
                    text = footer_text(title, source, index, total, lang, f"{sheet.footer_words(lang)}, {flip}")
                    page.add(*cut_footer(sheet, text, lang))
                if scale != (1.0, 1.0):
                    scale_page(page, *scale)
                yield page
            chunk = []
    if seen != count or index != total:
        raise RuntimeError(f"internal: cut_page_stream was told {count} cards, got {seen}")


def _front(chunk: list[Card], sheet: CutSheet, number: int) -> Page:
    page = Page(sheet.width, sheet.height, label=f"sheet {number} front", kind="front")
    slots = sheet.slots()[:len(chunk)]
    for card, (x, y) in zip(chunk, slots, strict=True):
        page.add(_placed(card.front, x, y, sheet))
    page.add(*marks(sheet))
    _set_boxes(page, slots, sheet)
    return page


def _back(chunk: list[Card], sheet: CutSheet, number: int, duplex: str, offset: tuple[float, float]) -> Page:
    """Each back behind its front: mirrored across the flip axis (turned 180 degrees when the sheet
    turns about its horizontal centre line, as imposition does), moved by the offset."""
    page = Page(sheet.width, sheet.height, label=f"sheet {number} back", kind="back")
    (cw, ch), (dx, dy) = sheet.spec.card_size, offset
    long_is_vertical = sheet.height >= sheet.width
    mirror_x = (duplex == "long") == long_is_vertical
    slots = []
    for card, (x, y) in zip(chunk, sheet.slots(), strict=False):
        bx = (sheet.width - x - cw if mirror_x else x) + dx
        by = (y if mirror_x else sheet.height - y - ch) + dy
        _check_on_paper(bx, by, sheet, offset)
        slots.append((bx, by))
        if card.back is not None:
            page.add(_placed(card.back, bx, by, sheet, turned=not mirror_x))
    _set_boxes(page, slots, sheet)
    return page


def _check_on_paper(x: float, y: float, sheet: CutSheet, offset: tuple[float, float]) -> None:
    (cw, ch), b, m = sheet.spec.card_size, sheet.spec.bleed, PRINTER_MARGIN
    if x - b < m - 1e-9 or y - b < m - 1e-9 or x + cw + b > sheet.width - m + 1e-9 or y + ch + b > sheet.height - m + 1e-9:
        raise LayoutError(f"--offset {format_number(offset[0])},{format_number(offset[1])} would put back cards "
                          f"within {format_number(m)} mm of the paper edge on this cutter sheet", key="offset")


def _placed(items: Sequence[Item], x: float, y: float, sheet: CutSheet, turned: bool = False) -> Group:
    """A face at (x, y), clipped to its bleed (its cut shape, corners rounded, when there is no bleed)."""
    (w, h), b = sheet.spec.card_size, sheet.spec.bleed
    radius = sheet.spec.corner if b == 0 and sheet.spec.inset == 0 else 0.0
    clip = Rect(-b, -b, w + 2 * b, h + 2 * b, fill=None, stroke=None, radius=radius)
    if turned:
        items = (Group(tuple(items), transform=(-1.0, 0.0, 0.0, -1.0, w, h)),)
    return Group(tuple(items), transform=translate(x, y), clip=clip)


def marks(sheet: CutSheet) -> list[Item]:
    """The machine's registration marks on this sheet (none on a Cricut image: Design Space adds its own)."""
    if sheet.spec.cutter == "silhouette":
        return silhouette_marks(sheet.width, sheet.height, sheet.length)
    if sheet.spec.cutter == "scanncut":
        return scanncut_marks(sheet.width, sheet.height)
    return []


def cut_footer(sheet: CutSheet, text: str, lang: str, font: str = FOOTER_FONT) -> list[Item]:
    """The footer in the bottom margin, beside the marks: from past the bottom-left mark's reach to the
    right margin (Silhouette) or between the two bottom bullseyes' boxes (ScanNCut)."""
    m = PRINTER_MARGIN
    if sheet.spec.cutter == "silhouette":
        left, right = SILHOUETTE_INSET + sheet.length + 6.0, sheet.width - m
    else:
        reach = SCANNCUT_X + SCANNCUT_BOX[0] / 2.0 + 3.0
        left, right = reach, sheet.width - reach
    length = right - left
    return [Group(tuple(footer_items("bottom", length + 2 * m, sheet.height, text, lang, font=font)),
                  transform=translate(left - m, 0.0))]


def _set_boxes(page: Page, slots: list[tuple[float, float]], sheet: CutSheet) -> None:
    (cw, ch), b = sheet.spec.card_size, sheet.spec.bleed
    x0, y0 = min(x for x, _ in slots), min(y for _, y in slots)
    x1, y1 = max(x for x, _ in slots) + cw, max(y for _, y in slots) + ch
    page.trim_box = (x0, y0, x1 - x0, y1 - y0)
    bx0, by0 = max(x0 - b, 0.0), max(y0 - b, 0.0)
    page.bleed_box = (bx0, by0, min(x1 + b, page.width) - bx0, min(y1 + b, page.height) - by0)


TICK = Stroke("#000000", 0.1)
TRIM = Stroke("#d01010", 0.1)


def calibration_card(size: tuple[float, float]) -> Card:
    """A card for testing the cut: a red hairline on the trim and, at the middle of each edge, lines
    every 0.5 mm from 1.5 mm inside to 1 mm outside it; the lines left on the cut card tell how far
    (and which way) the blade ran from the trim."""
    w, h = size
    items: list[Item] = [Rect(0.0, 0.0, w, h, fill=None, stroke=TRIM)]
    steps = [k * 0.5 for k in range(-2, 4)]
    for d in steps:
        long = 6.0 if d == 0 else 3.0
        items += [Line(w / 2 - long / 2, d, w / 2 + long / 2, d, stroke=TICK),                 # top edge
                  Line(w / 2 - long / 2, h - d, w / 2 + long / 2, h - d, stroke=TICK),         # bottom
                  Line(d, h / 2 - long / 2, d, h / 2 + long / 2, stroke=TICK),                 # left
                  Line(w - d, h / 2 - long / 2, w - d, h / 2 + long / 2, stroke=TICK)]         # right
    items.append(Text(4.0, h / 2 - 10.0, w - 8.0, 20.0,
                      "cut test: count the lines left at each edge (0.5 mm apart; the long one is the trim)",
                      size=7.0, align="center", valign="middle"))
    return Card(items, None, "cut test")


__all__ = ["calibration_card", "cut_footer", "cut_page_stream", "cut_pages", "marks"]
