"""The font registry: short names ("sans", "serif-bold", ...) mapped to the shipped DejaVu files, with metrics read once.

Every backend draws with these files and every width comes from `FontMetrics` (no kerning), so
PDF, SVG and PNG break and place lines identically. reportlab's TrueType parser reads the files;
nothing here draws.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import LayoutError
from generator.paths import fonts_dir

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFontFile


@dataclass(frozen=True)
class FontSpec:
    """A registry entry: the file, and how an SVG viewer should name the face."""

    file: str
    family: str
    weight: str = "normal"
    style: str = "normal"


FONTS: dict[str, FontSpec] = {
    "sans": FontSpec("DejaVuSans.ttf", "DejaVu Sans"),
    "sans-bold": FontSpec("DejaVuSans-Bold.ttf", "DejaVu Sans", weight="bold"),
    "sans-italic": FontSpec("DejaVuSans-Oblique.ttf", "DejaVu Sans", style="oblique"),
    "condensed": FontSpec("DejaVuSansCondensed.ttf", "DejaVu Sans Condensed"),
    "condensed-bold": FontSpec("DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed", weight="bold"),
    "serif": FontSpec("DejaVuSerif.ttf", "DejaVu Serif"),
    "serif-bold": FontSpec("DejaVuSerif-Bold.ttf", "DejaVu Serif", weight="bold"),
    "mono": FontSpec("DejaVuSansMono.ttf", "DejaVu Sans Mono"),
    "mono-bold": FontSpec("DejaVuSansMono-Bold.ttf", "DejaVu Sans Mono", weight="bold"),
}


@dataclass(frozen=True)
class FontMetrics:
    """Advance widths (1/1000 em, by code point), and the line extent above/below the baseline."""

    name: str
    widths: dict[int, float]
    default_width: float
    ascent: float    # 1/1000 em above the baseline (hhea ascender: covers accented capitals)
    descent: float   # 1/1000 em below the baseline, positive

    def width(self, text: str) -> float:
        """Sum of advances in 1/1000 em (no kerning)."""
        get, default = self.widths.get, self.default_width
        return sum([get(ord(ch), default) for ch in text])

    def has_glyph(self, ch: str) -> bool:
        """Whether the font maps this character."""
        return ord(ch) in self.widths


def font_names() -> list[str]:
    """The registered font names."""
    return list(FONTS)


def font_spec(name: str) -> FontSpec:
    """The registry entry for a name; LayoutError for an unknown name."""
    try:
        return FONTS[name]
    except KeyError:
        known = ", ".join(FONTS)
        raise LayoutError(f"unknown font {name!r} (known: {known})", key="font") from None


def font_path(name: str) -> Path:
    """The TTF file of a registered font."""
    return fonts_dir() / font_spec(name).file


@cache
def font_metrics(name: str) -> FontMetrics:
    """Metrics of a registered font, parsed once per process."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    parsed = TTFontFile(str(font_path(name)))
    ascent, descent = _hhea_extent(parsed)
    return FontMetrics(name, dict(parsed.charWidths), float(parsed.defaultWidth), ascent, descent)


def _hhea_extent(parsed: TTFontFile) -> tuple[float, float]:
    """hhea ascender and -descender scaled to 1/1000 em."""
    hhea = parsed.get_table("hhea")
    ascender, descender = struct.unpack(">hh", hhea[4:8])
    scale = 1000.0 / parsed.unitsPerEm
    return ascender * scale, -descender * scale
