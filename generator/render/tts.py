"""Tabletop Simulator deck sheets: card faces in a grid of at most 10 x 7 per PNG, at most 4096 px wide, plus the back image."""

from __future__ import annotations

import math

from generator.core.errors import LayoutError
from generator.core.units import MM_PER_INCH
from generator.scene.model import Page

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_WIDTH_PX = 4096
DEFAULT_DPI = 300


def tts_dpi(card_width_mm: float, dpi: float | None = None) -> float:
    """The requested dpi (default 300), lowered to a whole dpi at which 10 cards fit 4096 px."""
    wanted = float(dpi or DEFAULT_DPI)
    limit = math.floor(MAX_WIDTH_PX / MAX_COLUMNS / (card_width_mm / MM_PER_INCH))
    while limit > 1 and MAX_COLUMNS * round(card_width_mm / MM_PER_INCH * limit) > MAX_WIDTH_PX:
        limit -= 1
    return min(wanted, float(limit))


def tts_grid(count: int) -> tuple[int, int]:
    """Columns and rows of a sheet holding `count` cards (count <= 70)."""
    columns = min(MAX_COLUMNS, count)
    return columns, math.ceil(count / columns)


def render_tts(card_pages: list[Page], back_page: Page, dpi: float | None = None) -> tuple[list[bytes], bytes]:
    """(deck sheets as PNG bytes, back image as PNG bytes); every card face must be the same size."""
    from PIL import Image as PILImage

    from generator.render.png import encode_png, pixel_size, render_image

    pages = list(card_pages)
    if not pages:
        raise LayoutError("no cards to put on a Tabletop Simulator sheet", key="cards")
    size = (pages[0].width, pages[0].height)
    for page in pages:
        if (page.width, page.height) != size:
            raise LayoutError(f"card {page.label or '?'} is {page.width} x {page.height} mm, "
                              f"not {size[0]} x {size[1]} like the first", key="cards")
    dpi = tts_dpi(size[0], dpi)
    cell = pixel_size(pages[0], dpi)
    per_sheet = MAX_COLUMNS * MAX_ROWS
    sheets = []
    for start in range(0, len(pages), per_sheet):
        chunk = pages[start:start + per_sheet]
        columns, rows = tts_grid(len(chunk))
        sheet = PILImage.new("RGB", (columns * cell[0], rows * cell[1]), "white")
        for i, page in enumerate(chunk):
            face = render_image(page, dpi)
            sheet.paste(face, ((i % columns) * cell[0], (i // columns) * cell[1]))
        sheets.append(encode_png(sheet, dpi))
    return sheets, encode_png(render_image(back_page, dpi), dpi)
