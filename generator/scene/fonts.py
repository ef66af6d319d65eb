"""The font registry: short names ("sans", "serif-bold", ...) mapped to the shipped DejaVu files, with metrics read once.

Every backend draws with these files and every width comes from `FontMetrics` (no kerning), so
PDF, SVG and PNG break and place lines identically. reportlab's TrueType parser reads the files;
nothing here draws.

Fallback: a character a registry font lacks is drawn with the first FALLBACKS font that has it
(Noto Emoji, monochrome, SIL OFL: emoji and many symbols). `font_runs` cuts a line into runs of
one font each; a text whose characters are all in its own font is one run, drawn as before.
Emoji sequences are drawn character by character (no shaping): a family joined by U+200D shows
its members side by side.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import LayoutError, PnpError
from generator.paths import fonts_dir

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFile


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


IGNORABLE = frozenset({0x200B, 0x200C, 0x200D, 0x2060, 0xFE0E, 0xFE0F, 0xFEFF})   # zero width, no ink

FALLBACKS: dict[str, FontSpec] = {
    "emoji": FontSpec("NotoEmoji-Regular.ttf", "Noto Emoji"),
}


MEASURED_KEPT = 65_536       # texts whose width a font remembers (then it starts afresh)


@dataclass(frozen=True)
class FontMetrics:
    """Advance widths (1/1000 em, by code point), and the line extent above/below the baseline."""

    name: str
    widths: dict[int, float]
    default_width: float
    ascent: float    # 1/1000 em above the baseline (hhea ascender: covers accented capitals)
    descent: float   # 1/1000 em below the baseline, positive
    fallback: dict[int, str] = field(default_factory=dict)   # code point -> fallback font drawing it
    measured: dict[str, float] = field(default_factory=dict, compare=False, repr=False)   # width() memo

    def width(self, text: str) -> float:
        """Sum of advances in 1/1000 em (no kerning); remembered per text (layout measures the same
        words again and again), at most MEASURED_KEPT of them."""
        known = self.measured.get(text)
        if known is None:
            get, default = self.widths.get, self.default_width
            known = sum([get(ord(ch), default) for ch in text])
            if len(self.measured) >= MEASURED_KEPT:
                self.measured.clear()
            self.measured[text] = known
        return known

    def has_glyph(self, ch: str) -> bool:
        """Whether the font maps this character."""
        return ord(ch) in self.widths


def font_names() -> list[str]:
    """The registered font names."""
    return list(FONTS)


def font_spec(name: str) -> FontSpec:
    """The registry entry for a name (or a fallback font's); LayoutError for an unknown name."""
    try:
        return FONTS[name] if name in FONTS else FALLBACKS[name]
    except KeyError:
        known = ", ".join(FONTS)
        raise LayoutError(f"unknown font {name!r} (known: {known})", key="font") from None


def font_path(name: str) -> Path:
    """The TTF file of a registered font; PnpError naming it when it is missing or cut short (a broken install)."""
    path = fonts_dir() / font_spec(name).file
    check_shipped_font(path)
    return path


@cache
def check_shipped_font(path: Path) -> None:
    """A font pnpgen ships, checked once: there, and every table its directory lists inside the file (a
    truncated copy fails here, in one line, not deep in a font parser). PnpError saying to reinstall."""
    def broken(why: str) -> PnpError:
        return PnpError(f"a font pnpgen ships {why}: the installation is broken, reinstall pnpgen "
                        "(pip install --force-reinstall pnpgen)", file=str(path))

    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            head = handle.read(12)
            if len(head) < 12 or head[:4] not in (b"\0\1\0\0", b"true", b"OTTO"):
                raise broken("is not a font file")
            count = struct.unpack(">H", head[4:6])[0]
            directory = handle.read(16 * count)
    except FileNotFoundError:
        raise broken("is missing") from None
    except OSError as err:
        raise broken(f"cannot be read ({err.strerror or err})") from None
    if len(directory) < 16 * count:
        raise broken("is cut short")
    for i in range(count):
        offset, length = struct.unpack(">II", directory[16 * i + 8:16 * i + 16])
        if offset + length > size:
            raise broken("is cut short")


@cache
def font_metrics(name: str) -> FontMetrics:
    """Metrics of a registered font, parsed once per process; the widths of the characters it lacks
    come from the fallback font that draws them."""
    widths, default, ascent, descent = _own_metrics(name)
    if name in FALLBACKS:
        return FontMetrics(name, widths, default, ascent, descent)
    merged, fallback = dict(widths), {}
    for other in FALLBACKS:
        for cp, width in _own_metrics(other)[0].items():
            if cp not in merged:
                merged[cp] = width
                fallback[cp] = other
    for cp in IGNORABLE:
        merged.setdefault(cp, 0.0)
    return FontMetrics(name, merged, default, ascent, descent, fallback)


@cache
def parsed_font(name: str) -> TTFont:
    """reportlab's parse of a registered font, once per process: the metrics here read it, and the
    PDF backend registers this same object (as "pnpgen-NAME") rather than parsing the file again."""
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(f"pnpgen-{name}", str(font_path(name)))


@cache
def _own_metrics(name: str) -> tuple[dict[int, float], float, float, float]:
    parsed = parsed_font(name).face
    ascent, descent = _hhea_extent(parsed)
    return dict(parsed.charWidths), float(parsed.defaultWidth), ascent, descent


def font_runs(name: str, text: str) -> list[tuple[str, str]]:
    """text cut into (font, chunk) runs: the font itself, or the fallback that has the characters;
    zero-width joiners and variation selectors join the run before them (left out if no font has them)."""
    if _drawn_apart(name).isdisjoint(text):
        return [(name, text)]
    fm = font_metrics(name)
    runs: list[tuple[str, str]] = []
    for ch in text:
        cp = ord(ch)
        font = fm.fallback.get(cp, name)
        if cp in IGNORABLE:          # zero width: stays with the character before it (a selector, a joiner)
            if font == name and cp not in _own_metrics(name)[0]:
                continue
            font = runs[-1][0] if runs else font
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + ch)
        else:
            runs.append((font, ch))
    return runs


@cache
def _drawn_apart(name: str) -> frozenset[str]:
    """The characters that split a line of this font into runs: those a fallback font draws, and the
    zero-width ones (none for a font without fallbacks: its text is always one run)."""
    fallback = font_metrics(name).fallback
    return frozenset(map(chr, [*fallback, *IGNORABLE])) if fallback else frozenset()


def _hhea_extent(parsed: TTFontFile) -> tuple[float, float]:
    """hhea ascender and -descender scaled to 1/1000 em."""
    hhea = parsed.get_table("hhea")
    ascender, descender = struct.unpack(">hh", hhea[4:8])
    scale = 1000.0 / parsed.unitsPerEm
    return ascender * scale, -descender * scale


def missing_chars(name: str, text: str) -> list[str]:
    """The distinct characters of text that no shipped font can draw for the font `name`."""
    fm = font_metrics(name)
    out: dict[str, None] = {}
    for ch in text:
        if ch.isspace() or ord(ch) in IGNORABLE or fm.has_glyph(ch):
            continue
        out[ch] = None
    return list(out)
