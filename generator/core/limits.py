"""Limits on work, checked before any drawing: each refusal names the number and what lifts it.

The limits (docs/CONTRACTS.md, "Limits on work"):
- cards per run: MAX_CARDS (10,000), lifted with `--max-cards N`;
- pages per run: MAX_PAGES (5,000 sheets), lifted with `--max-cards` too; per-card files are bounded by
  the card limit (a front and a back file a card at most), so a deck within it is never refused for them;
  (pages follow from cards; the option raises both in proportion);
- pixels per raster image: MAX_PIXELS (100 megapixels), lowered with `--dpi`;
- a card at least MIN_CARD_MM (10 mm) a side, at most MAX_CARD_MM (1000 mm);
- a data file at most MAX_DATA_BYTES (20 MB), an image file at most MAX_IMAGE_BYTES (50 MB);
  split a bigger data file; images bigger than that are shrunk before use;
- integers in JSON at most MAX_INT_DIGITS digits (a seed has at most 19).
"""

from __future__ import annotations

import math
import stat
from pathlib import Path

from generator.core.errors import DataError, LayoutError, PnpError
from generator.core.numbers import format_number as _n

MAX_CARDS = 10_000
CARDS_CEILING = 10_000_000      # the most --max-cards accepts
MAX_PAGES = 5_000
MAX_PIXELS = 100_000_000
MIN_CARD_MM = 10.0
MAX_CARD_MM = 1000.0
MAX_DATA_BYTES = 20 * 1024 * 1024
MAX_IMAGE_BYTES = 50 * 1024 * 1024
MAX_INT_DIGITS = 40


class LimitError(PnpError):
    """A job larger than a limit on work (the message names the number and the option that lifts it)."""


def check_cards(count: int, max_cards: int | None = None, file: str | Path | None = None) -> None:
    """Refuse more than max_cards cards in one run (before any card is made)."""
    limit = MAX_CARDS if max_cards is None else max_cards
    if count > CARDS_CEILING:
        raise LimitError(f"{count:,} cards is more than one run can print (at most "
                         f"{CARDS_CEILING:,}, with --max-cards)", file=file)
    if count > limit:
        raise LimitError(f"{count:,} cards is over the limit of {limit:,} cards a run "
                         f"(--max-cards {count} lifts it)", file=file)


def check_page_count(count: int, max_cards: int | None = None) -> None:
    """Refuse more pages (sheets, or page files) than the limit, raised in proportion by --max-cards."""
    limit = MAX_PAGES if max_cards is None else max(MAX_PAGES, MAX_PAGES * max_cards // MAX_CARDS)
    if count > limit:
        raise LimitError(f"{count:,} pages is over the limit of {limit:,} pages a run "
                         f"(--max-cards raises it in proportion; or print fewer cards)")


def check_pixels(width_mm: float, height_mm: float, dpi: float, what: str = "image") -> None:
    """Refuse a raster image of more than MAX_PIXELS pixels at this resolution."""
    width = math.ceil(width_mm / 25.4 * dpi)
    height = math.ceil(height_mm / 25.4 * dpi)
    if width * height > MAX_PIXELS:
        raise LimitError(f"a {what} of {width:,}x{height:,} pixels at {_n(dpi)} dpi is over the limit of "
                         f"{MAX_PIXELS // 1_000_000} megapixels an image (a lower --dpi lifts it)",
                         key="--dpi")


def check_card_size(width: float, height: float) -> None:
    """A card from MIN_CARD_MM to MAX_CARD_MM a side (LayoutError keyed `card`)."""
    for side in (width, height):
        if not math.isfinite(side) or side < MIN_CARD_MM or side > MAX_CARD_MM:
            raise LayoutError(f"card size {_n(width)}x{_n(height)} mm: each side must be from "
                              f"{_n(MIN_CARD_MM)} to {_n(MAX_CARD_MM)} mm", key="card")


def check_file_size(path: str | Path, limit: int = MAX_DATA_BYTES, what: str = "data file",
                    error: type[PnpError] = DataError) -> None:
    """Refuse a file over `limit` bytes, or one that is not a regular file (a device, a FIFO: reading it
    would never end, or never start), before reading it (a missing file is left to the reader)."""
    try:
        info = Path(path).stat()
    except OSError:
        return
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device, FIFO or socket"
        raise error(f"the {what} is {kind}, not a regular file; pnpgen reads only regular files", file=path)
    size = info.st_size
    if size > limit:
        raise error(f"{what} of {size / 1048576:.1f} MB is over the limit of {limit // 1048576} MB "
                    f"(split it into smaller files)", file=path)

