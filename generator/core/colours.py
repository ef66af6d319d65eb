"""The one colour parser: '#rrggbb' (and '#rgb', a few names) to a canonical '#rrggbb', to (r, g, b) and back."""

from __future__ import annotations

import re

NAMED_COLOURS = {"black": "#000000", "white": "#ffffff", "red": "#c62828", "green": "#2e7d32",
                 "blue": "#1565c0", "yellow": "#f9a825", "grey": "#808080", "gray": "#808080",
                 "orange": "#ef6c00", "purple": "#6a1b9a", "brown": "#6d4c41"}
_HEX6 = re.compile(r"#[0-9a-fA-F]{6}")
_HEX3 = re.compile(r"#[0-9a-fA-F]{3}")


class ColourError(ValueError):
    """A text that is not a colour; callers turn it into their own error type."""


def parse_colour(value: object) -> str:
    """A colour as written by a user ('#C62828', '#c28', 'red') as canonical '#rrggbb' (lower case)."""
    text = str(value).strip().lower()
    text = NAMED_COLOURS.get(text, text)
    if _HEX3.fullmatch(text):
        return "#" + "".join(c * 2 for c in text[1:])
    if not _HEX6.fullmatch(text):
        raise ColourError(f"expected a colour #rrggbb (or a name: {', '.join(NAMED_COLOURS)}), not {value!r}")
    return text


def rgb(colour: str) -> tuple[int, int, int]:
    """'#rrggbb' (either case) as 0-255 ints; ColourError for anything else (no names, no '#rgb')."""
    if not isinstance(colour, str) or not _HEX6.fullmatch(colour):
        raise ColourError(f"colour must be '#rrggbb', not {colour!r}")
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def hex_colour(r: int, g: int, b: int) -> str:
    """0-255 ints as '#rrggbb'."""
    return f"#{r:02x}{g:02x}{b:02x}"


def luminance(colour: str) -> float:
    """Perceived lightness 0-255 of '#rrggbb' (Rec. 601 weights): for greys and dark/light choices."""
    r, g, b = rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def tint(colour: str, share: float) -> str:
    """The colour mixed with white: `share` of the colour (1: itself, 0: white)."""
    return hex_colour(*(round(255 - share * (255 - c)) for c in rgb(colour)))
