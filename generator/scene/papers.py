"""Paper and card sizes by name, and the printer's unprintable margin, in millimetres."""

from __future__ import annotations

import re
from collections.abc import Iterable

from generator.core.errors import LayoutError
from generator.core.limits import check_card_size
from generator.core.numbers import format_number

PRINTER_MARGIN = 5.0          # mm kept free at every paper edge: no mark or footer closer than this
FOOTER_HEIGHT = 5.0           # mm: the footer strip (one text line and the 50 mm scale bar)
FOOTER_GAP = 1.0              # mm between the footer strip and anything else
SCALE_BAR_LENGTH = 50.0       # mm

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "a5": (148.0, 210.0),
    "legal": (215.9, 355.6),          # 8.5 x 14 in
    "tabloid": (279.4, 431.8),        # 11 x 17 in
}
PAPER_LABELS = {"a4": "A4", "a3": "A3", "a5": "A5", "letter": "US Letter", "legal": "US Legal",
                "tabloid": "Tabloid"}
MIN_PAPER_MM = 50.0       # a custom WxH paper: each side from this...
MAX_PAPER_MM = 1500.0     # ...to this (a plotter roll's width)

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.2, 88.9),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
    "standard": (63.0, 88.0),       # the usual print-and-play card (MTG, Pokemon, Lorcana); silhouette-card-maker's "standard"
    "japanese": (59.0, 86.0),       # Yu-Gi-Oh!, small sleeves
    "euro": (59.0, 92.0),           # European board-game cards
    "mini-euro": (44.0, 68.0),      # mini European
}

# Typical safe margins inside the trim (mm): keep text and key art inside trim minus this.
SAFE_MARGIN = 3.0

_WXH = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$")


def paper_size(name: str, landscape: bool = False) -> tuple[float, float]:
    """(width, height) in mm of a named paper or a 'WxH' (mm) one, portrait (short side across) unless landscape."""
    key = str(name).strip().lower()
    if key in PAPERS:
        w, h = PAPERS[key]
    else:
        match = _WXH.match(key)
        if not match:
            raise LayoutError(f"unknown paper {name!r}; known papers: {', '.join(PAPERS)}, or WxH in mm "
                              "such as 200x280", key="paper")
        a, b = float(match.group(1)), float(match.group(2))
        if not all(MIN_PAPER_MM <= side <= MAX_PAPER_MM for side in (a, b)):
            raise LayoutError(f"paper {name!r}: each side must be from {format_number(MIN_PAPER_MM)} to "
                              f"{format_number(MAX_PAPER_MM)} mm", key="paper")
        w, h = min(a, b), max(a, b)
    return (h, w) if landscape else (w, h)


def paper_name(name: str) -> str:
    """The canonical spelling of a paper: a name in lower case, or 'WxH' in mm (LayoutError if neither)."""
    key = str(name).strip().lower()
    if key in PAPERS:
        return key
    w, h = paper_size(key)
    return f"{format_number(w)}x{format_number(h)}"


def parse_card_size(value: str | tuple[float, float] | list[float]) -> tuple[float, float]:
    """A card size name (CARD_SIZES: poker, standard, bridge, ...) or 'WxH' in mm -> (w, h) in mm."""
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
    check_card_size(w, h)
    return (w, h)


def describe_paper(name: str, landscape: bool) -> str:
    """'A4 portrait (210x297 mm)': for messages and footers."""
    w, h = paper_size(name, landscape)
    key = str(name).strip().lower()
    label = PAPER_LABELS.get(key, "paper")
    return f"{label} {'landscape' if landscape else 'portrait'} ({format_number(w)}x{format_number(h)} mm)"


def describe_card_sizes() -> str:
    """'poker 63.5x88.9, bridge 57.2x88.9, ...': the named card sizes, for --help and messages."""
    return ", ".join(f"{n} {format_number(w)}x{format_number(h)}" for n, (w, h) in CARD_SIZES.items())
