"""Tabletop Simulator decks: sheets of card faces (at most 10 x 7, at most 4096 px both ways, RGB,
PNG or JPEG, in the grid giving the sharpest cards), the back image or back sheets, and the saved object (JSON) that spawns the deck.

TTS reads a custom deck from a grid image (NumWidth x NumHeight cells, read row by row). With
BackIsHidden true the hidden-card image is the back, so all 70 cells of a 10 x 7 sheet hold cards;
with UniqueBack true BackURL is a second grid whose cell i is the back of face cell i.
Sheets hold each distinct card (front and back) once; copies share its CardID in DeckIDs.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.core.errors import LayoutError
from generator.core.units import MM_PER_INCH
from generator.scene.model import Page

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage

MAX_COLUMNS = 10
MAX_ROWS = 7
PER_SHEET = MAX_COLUMNS * MAX_ROWS      # 70: BackIsHidden frees the last cell
MAX_WIDTH_PX = 4096
MAX_HEIGHT_PX = 4096
DEFAULT_DPI = 300
JPEG_QUALITY = 90
IMAGE_FORMATS = ("png", "jpg")


def tts_dpi(card_width_mm: float, dpi: float | None = None, card_height_mm: float | None = None,
            columns: int = MAX_COLUMNS, rows: int = MAX_ROWS) -> float:
    """The requested dpi (default 300), lowered to a whole dpi at which `columns` cards fit
    4096 px across and (given the height) `rows` cards fit 4096 px down."""
    wanted = float(dpi or DEFAULT_DPI)
    limit = math.floor(wanted)
    while limit > 1 and not _fits(card_width_mm, card_height_mm, limit, columns, rows):
        limit -= 1
    return wanted if _fits(card_width_mm, card_height_mm, wanted, columns, rows) else float(limit)


def _fits(w: float, h: float | None, dpi: float, columns: int, rows: int) -> bool:
    ok = columns * max(1, round(w / MM_PER_INCH * dpi)) <= MAX_WIDTH_PX
    return ok and (h is None or rows * max(1, round(h / MM_PER_INCH * dpi)) <= MAX_HEIGHT_PX)


def tts_grid(count: int, card: tuple[float, float] | None = None, dpi: float | None = None) -> tuple[int, int]:
    """Columns and rows of a sheet holding `count` cards (count <= 70).

    Without a card size (mm): 10 across, as many rows as needed. With one: the grid whose cards
    are sharpest within 4096 px both ways (at most `dpi`, default 300), then the one with the
    fewest empty cells, then the wider (20 poker cards: 5 x 4 at 292 dpi, not 10 x 2 at 163)."""
    if card is None:
        columns = min(MAX_COLUMNS, count)
        return columns, math.ceil(count / columns)
    best: tuple[tuple[float, int, int], tuple[int, int]] | None = None
    for columns in range(1, min(MAX_COLUMNS, max(1, count)) + 1):
        rows = math.ceil(count / columns)
        if rows > MAX_ROWS:
            continue
        key = (tts_dpi(card[0], dpi, card[1], columns, rows), -columns * rows, columns)
        if best is None or key > best[0]:
            best = (key, (columns, rows))
    if best is None:
        raise LayoutError(f"{count} cards do not fit one Tabletop Simulator sheet (at most {PER_SHEET})", key="cards")
    return best[1]


def _same_size(pages: Sequence[Page]) -> tuple[float, float]:
    if not pages:
        raise LayoutError("no cards to put on a Tabletop Simulator sheet", key="cards")
    size = (pages[0].width, pages[0].height)
    for page in pages:
        if (page.width, page.height) != size:
            raise LayoutError(f"card {page.label or '?'} is {page.width} x {page.height} mm, "
                              f"not {size[0]} x {size[1]} like the first", key="cards")
    return size


def encode(image: PILImage.Image, dpi: float, fmt: str = "png") -> bytes:
    """An RGB Pillow image as PNG (fast compression) or JPEG bytes, resolution recorded."""
    from generator.render.png import encode_png

    if fmt == "png":
        return encode_png(image, dpi)
    buf = io.BytesIO()
    image.convert("RGB").save(buf, "JPEG", quality=JPEG_QUALITY, dpi=(round(dpi), round(dpi)),
                              optimize=False, progressive=False, subsampling=0)
    return buf.getvalue()


def render_sheet(faces: Sequence[PILImage.Image], cell: tuple[int, int], fmt: str = "png", dpi: float = DEFAULT_DPI,
                 grid: tuple[int, int] | None = None) -> bytes:
    """One grid image of already rendered card faces (Pillow images of `cell` pixels), `grid`
    columns x rows (default: tts_grid(len(faces)))."""
    from PIL import Image as PILImage

    columns, rows = grid or tts_grid(len(faces))
    sheet = PILImage.new("RGB", (columns * cell[0], rows * cell[1]), "white")
    for i, face in enumerate(faces):
        sheet.paste(face, ((i % columns) * cell[0], (i // columns) * cell[1]))
    return encode(sheet, dpi, fmt)


def render_tts(card_pages: list[Page], back_page: Page, dpi: float | None = None) -> tuple[list[bytes], bytes]:
    """(deck sheets as PNG bytes, back image as PNG bytes); every card face must be the same size."""
    from generator.render.png import pixel_size, render_image

    pages = list(card_pages)
    size = _same_size(pages)
    grid = tts_grid(min(len(pages), PER_SHEET), size, dpi)
    dpi = tts_dpi(size[0], dpi, size[1], *grid)
    cell = pixel_size(pages[0], dpi)
    chunks = [pages[start:start + PER_SHEET] for start in range(0, len(pages), PER_SHEET)]
    sheets = [render_sheet([render_image(p, dpi) for p in chunk], cell, "png", dpi,
                           tts_grid(len(chunk), size, dpi)) for chunk in chunks]
    return sheets, render_sheet([render_image(back_page, dpi)], cell, "png", dpi)


# --- the saved object -----------------------------------------------------------------------------

@dataclass(frozen=True)
class TtsSheet:
    """One CustomDeck entry: the face grid's URL, the back's (one image, or a grid of backs)."""

    face_url: str
    back_url: str
    count: int
    unique_back: bool
    grid: tuple[int, int] | None = None       # columns x rows (default: tts_grid(count))


def _guid(*parts: object) -> str:
    """A stable 6-hex GUID (TTS wants one per object; the same deck gives the same ids)."""
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:6]


def _transform(face_down: bool) -> dict[str, float]:
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _custom_deck(sheet: TtsSheet) -> dict[str, Any]:
    columns, rows = sheet.grid or tts_grid(sheet.count)
    return {"FaceURL": sheet.face_url, "BackURL": sheet.back_url, "NumWidth": columns,
            "NumHeight": rows, "BackIsHidden": True, "UniqueBack": sheet.unique_back, "Type": 0}


def card_id(deck: int, cell: int) -> int:
    """TTS's card id: the CustomDeck number times 100 plus the cell index on its sheet."""
    return deck * 100 + cell


def saved_object(name: str, sheets: Sequence[TtsSheet], cards: Sequence[tuple[int, int, str]]) -> str:
    """The Saved Objects JSON: one DeckCustom holding `cards` in order, each (sheet number from 1,
    cell index on that sheet, nickname)."""
    decks = {str(number): _custom_deck(sheet) for number, sheet in enumerate(sheets, start=1)}
    contained = []
    for position, (deck, cell, nickname) in enumerate(cards):
        contained.append({
            "GUID": _guid(name, position, deck, cell), "Name": "Card", "Transform": _transform(True),
            "Nickname": nickname, "Description": "", "GMNotes": "", "CardID": card_id(deck, cell),
            "CustomDeck": {str(deck): decks[str(deck)]}, "Hands": True, "SidewaysCard": False,
            "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
            "Tooltip": True, "HideWhenFaceDown": True, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": ""})
    deck_object = {
        "GUID": _guid(name, len(cards)), "Name": "DeckCustom", "Transform": _transform(True),
        "Nickname": name, "Description": f"{len(cards)} cards, made by pnpgen", "GMNotes": "",
        "ColorDiffuse": {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259},
        "Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True,
        "Tooltip": True, "GridProjection": False, "HideWhenFaceDown": True, "Hands": False,
        "SidewaysCard": False, "DeckIDs": [card_id(deck, cell) for deck, cell, _ in cards],
        "CustomDeck": decks, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
        "ContainedObjects": contained}
    document = {"SaveName": name, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "",
                "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
                "LuaScriptState": "", "ObjectStates": [deck_object], "TabStates": {},
                "VersionNumber": ""}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


__all__ = ["IMAGE_FORMATS", "PER_SHEET", "TtsSheet", "card_id", "encode", "render_sheet", "render_tts",
           "saved_object", "tts_dpi", "tts_grid"]
