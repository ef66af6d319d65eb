"""Text measurement and layout: wrap, shrink-to-fit and align a Text box into TextLines (the one source of widths).

Widths are advance sums from the font files (no kerning). A box is laid out at its size, then in
0.5 pt steps down to min_size (when shrink is on) until every line fits its width and the block
fits its height. At the last size a word longer than the line is broken between characters;
text that still does not fit raises LayoutError. The block spans the font's ascent above the first
baseline and its descent below the last, so nothing is drawn outside the box.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.core.units import MM_PER_PT
from generator.scene.fonts import FontMetrics, font_metrics
from generator.scene.model import Text, TextLine

SHRINK_STEP = 0.5      # points
_EPS = 1e-6            # mm of slack in fit tests, against float noise
ALIGNS = {"left": 0.0, "center": 0.5, "right": 1.0}
VALIGNS = {"top": 0.0, "middle": 0.5, "bottom": 1.0}


def text_width(s: str, font: str, size_pt: float) -> float:
    """Width of s in mm at size_pt (sum of advance widths, no kerning)."""
    return font_metrics(font).width(s) * size_pt / 1000.0 * MM_PER_PT


def line_pitch(size_pt: float, line_height: float) -> float:
    """Baseline-to-baseline distance in mm."""
    return size_pt * line_height * MM_PER_PT


def block_height(font: str, size_pt: float, lines: int, line_height: float) -> float:
    """Height in mm of `lines` lines: ascent of the first to descent of the last."""
    fm = font_metrics(font)
    extent = (fm.ascent + fm.descent) / 1000.0 * size_pt * MM_PER_PT
    return extent + max(lines - 1, 0) * line_pitch(size_pt, line_height)


def layout_text(box: Text) -> list[TextLine]:
    """Lay out a text box into positioned lines; LayoutError if it cannot fit even at min_size."""
    return list(_layout_cached(box))


@lru_cache(maxsize=8192)
def _layout_cached(box: Text) -> tuple[TextLine, ...]:
    _check_box(box)
    if not box.text.strip():
        return ()
    fm = font_metrics(box.font)
    sizes = _sizes(box)
    for i, size in enumerate(sizes):
        lines = _fit(box, fm, size, break_words=(i == len(sizes) - 1))
        if lines is not None:
            return _place(box, fm, size, lines)
    raise _no_fit(box, sizes[-1])


def _check_box(box: Text) -> None:
    if box.align not in ALIGNS:
        raise LayoutError(f"align must be one of {', '.join(ALIGNS)}, not {box.align!r}", key="align")
    if box.valign not in VALIGNS:
        raise LayoutError(f"valign must be one of {', '.join(VALIGNS)}, not {box.valign!r}",
                          key="valign")
    if not box.line_height > 0:
        raise LayoutError(f"line_height must be positive, not {box.line_height}", key="line_height")
    if box.size <= 0 or box.min_size <= 0:
        raise LayoutError(f"text size must be positive (size {box.size}, min_size {box.min_size})",
                          key="size")


def _sizes(box: Text) -> tuple[float, ...]:
    """Sizes to try, largest first: size, then 0.5 pt steps down, ending at min_size."""
    if not box.shrink:
        return (float(box.size),)
    return _size_steps(float(box.size), float(box.min_size))


@lru_cache(maxsize=1024)
def _size_steps(start: float, min_size: float) -> tuple[float, ...]:
    """The sizes of a shrinking box, once per (size, min_size): boxes share a few styles."""
    sizes = [start]
    floor = min(min_size, start)
    size = start
    while size > floor:
        size = max(floor, math.floor(size / SHRINK_STEP - 1e-9) * SHRINK_STEP)
        sizes.append(size)
    return tuple(sizes)


def _no_fit(box: Text, size: float) -> LayoutError:
    head = box.text[:30].replace("\n", " ")
    return LayoutError(f"text {head!r} does not fit its {format_number(box.w)} x {format_number(box.h)} mm box "
                       f"even at {format_number(size)} pt", key="text")


def _fit(box: Text, fm: FontMetrics, size: float, break_words: bool) -> list[tuple[str, float]] | None:
    """Lines (text, width in 1/1000 em) at this size, or None when they do not fit the box."""
    unit = size / 1000.0 * MM_PER_PT          # mm per 1/1000 em
    limit = box.w / unit + _EPS
    paragraphs = _paragraphs(box.text)
    lines: list[tuple[str, float]] = []
    max_lines = _max_lines(box, fm, size)
    for para in paragraphs:
        if box.wrap:
            lines.extend(_wrap(para, fm, limit, break_words))
        else:
            lines.append((para, fm.width(para)))
        if len(lines) > max_lines:
            return None
    if any(width > limit for _, width in lines):
        return None
    return lines


def _paragraphs(text: str) -> list[str]:
    """Lines of the source text: composed accents (NFC), tabs as spaces, any newline style."""
    text = unicodedata.normalize("NFC", text)
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\t", " ").split("\n")


def _max_lines(box: Text, fm: FontMetrics, size: float) -> int:
    """How many lines fit the box height at this size."""
    extent = (fm.ascent + fm.descent) / 1000.0 * size * MM_PER_PT
    if extent > box.h + _EPS:
        return 0
    pitch = line_pitch(size, box.line_height)
    return 1 + int((box.h + _EPS - extent) / pitch) if pitch > 0 else 10**9


def _wrap(para: str, fm: FontMetrics, limit: float, break_words: bool) -> list[tuple[str, float]]:
    """Greedy wrap of one paragraph at spaces; long words broken when break_words is set.

    Only U+0020 breaks a line: a no-break space (French "Pourquoi\u00a0?") keeps its words together.
    """
    space = fm.width(" ")
    lines: list[tuple[str, float]] = []
    words: list[str] = []
    width = 0.0
    for word in [w for w in para.split(" ") if w]:   # only plain spaces break (not U+00A0)
        w = fm.width(word)
        if words and width + space + w <= limit:
            words.append(word)
            width += space + w
            continue
        if words:
            lines.append((" ".join(words), width))
        if break_words and w > limit:
            pieces = _break_word(word, fm, limit)
            lines.extend(pieces[:-1])
            word, w = pieces[-1]
        words, width = [word], w
    lines.append((" ".join(words), width))
    return lines


def _break_word(word: str, fm: FontMetrics, limit: float) -> list[tuple[str, float]]:
    """Split a word into chunks no wider than limit (at least one character each)."""
    pieces: list[tuple[str, float]] = []
    chunk, width = "", 0.0
    for ch in word:
        w = fm.width(ch)
        if chunk and width + w > limit:
            pieces.append((chunk, width))
            chunk, width = "", 0.0
        chunk += ch
        width += w
    pieces.append((chunk, width))
    return pieces


def _place(box: Text, fm: FontMetrics, size: float,
           lines: list[tuple[str, float]]) -> tuple[TextLine, ...]:
    """Position lines in the box by align/valign; baselines from the font's ascent."""
    unit = size / 1000.0 * MM_PER_PT
    height = block_height(box.font, size, len(lines), box.line_height)
    top = box.y + (box.h - height) * VALIGNS[box.valign]
    baseline = top + fm.ascent * unit
    pitch = line_pitch(size, box.line_height)
    share = ALIGNS[box.align]
    placed = []
    for i, (text, width) in enumerate(lines):
        if text:
            x = box.x + (box.w - width * unit) * share
            placed.append(TextLine(x, baseline + i * pitch, text, font=box.font, size=size, color=box.color))
    return tuple(placed)
