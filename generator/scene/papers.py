"""Paper and card sizes by name, and the printer's unprintable margin, in millimetres."""

from __future__ import annotations

import re
from collections.abc import Iterable

from generator.core.errors import LayoutError
from generator.core.numbers import format_number

PRINTER_MARGIN = 5.0          # mm kept free at every paper edge: no mark or footer closer than this
FOOTER_HEIGHT = 5.0           # mm: the footer strip (one text line and the 50 mm scale bar)
FOOTER_GAP = 1.0              # mm between the footer strip and anything else
SCALE_BAR_LENGTH = 50.0       # mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

# Typical safe margins inside the trim (mm): keep text and key art inside trim minus this.
SAFE_MARGIN = 3.0

_WXH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")


def paper_size(name: str, landscape: bool = False) -> tuple[float, float]:
    """(width, height) in mm of a named paper, portrait unless landscape."""
    key = str(name).strip().lower()
    if key not in PAPERS:
        raise LayoutError(f"unknown paper {name!r}; known papers: {', '.join(sorted(PAPERS))}",
                          key="paper")
    w, h = PAPERS[key]
    return (h, w) if landscape else (w, h)


def parse_card_size(value: str | tuple[float, float] | list[float]) -> tuple[float, float]:
    """A card size name (poker, bridge, mini, tarot, square) or 'WxH' in mm -> (w, h) in mm."""
    if isinstance(value, (tuple, list)):
        return _checked(value, str(value))
    text = str(value).strip()
    if text.lower() in CARD_SIZES:
        return CARD_SIZES[text.lower()]
    match = _WXH.match(text)
    if match:
        return _checked((float(match.group(1)), float(match.group(2))), text)
    known = ", ".join(f"{n} ({format_number(w)}x{format_number(h)})" for n, (w, h) in CARD_SIZES.items())
    raise LayoutError(f"unknown card size {text!r}; known sizes: {known}, or WxH in mm such as 70x70",
                      key="card")


def _checked(size: Iterable[str | float], text: str) -> tuple[float, float]:
    try:
        w, h = (float(v) for v in size)
    except (TypeError, ValueError):
        raise LayoutError(f"card size {text!r} is not two numbers (WxH in mm)", key="card") from None
    if not (w > 0 and h > 0):
        raise LayoutError(f"card size {text!r} must be positive", key="card")
    return (w, h)


def describe_paper(name: str, landscape: bool) -> str:
    """'A4 portrait (210x297 mm)': for messages and footers."""
    w, h = paper_size(name, landscape)
    label = "A4" if name.lower() == "a4" else "US Letter" if name.lower() == "letter" else name
    return f"{label} {'landscape' if landscape else 'portrait'} ({format_number(w)}x{format_number(h)} mm)"
