"""Text measurement and layout: wrap, shrink-to-fit and align a Text box into TextLines (the one source of widths).

Widths are HarfBuzz's shaped advances (generator/scene/fonts.py: kerning, ligatures, marks and
contextual forms, an element's features and language). A box is laid out at its size, then in
0.5 pt steps down to min_size (when shrink is on) until every line fits its width and the block
fits its height. Lines break at the opportunities of Unicode's line breaking (UAX #14, the part
cards need): after spaces and zero-width spaces, between Chinese, Japanese and Korean characters
but never before closing punctuation (。、」) ...) nor after opening punctuation, and at soft
hyphens (U+00AD, drawn as a hyphen when a line breaks there). A word wider than the whole line is
hyphenated (after its own hyphens, then by the text's `lang` with pyphen's dictionaries) rather
than shrinking the text; at the last size a word still too long is broken between characters;
text that still does not fit raises LayoutError. A right-to-left paragraph (its first strong
character Arabic, Hebrew...) is aligned to its start: `left` means its right edge. The block
spans the font's ascent above the first baseline and its descent below the last, so nothing is
drawn outside the box.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.core.units import MM_PER_PT
from generator.scene.fonts import (
    SOFT_HYPHEN,
    FontMetrics,
    font_metrics,
    glyph_outline,
    paragraph_rtl,
    shape_line,
    shaped_width,
)
from generator.scene.model import PathCommand, Text, TextLine

SHRINK_STEP = 0.5      # points
_EPS = 1e-6            # mm of slack in fit tests, against float noise
ALIGNS = {"left": 0.0, "center": 0.5, "right": 1.0}
VALIGNS = {"top": 0.0, "middle": 0.5, "bottom": 1.0}
HYPHEN = "-"
HYPHENS = "-\u2010"     # a word breaks after its own hyphens (when it is wider than the line)
MIN_HYPHEN_PART = 2     # letters kept on either side of a dictionary hyphen
NEAR_LIMIT = 0.02       # a line this close to the width is shaped whole (kerning across its pieces)

Measure = Callable[[str], float]


def text_width(s: str, font: str, size_pt: float, features: tuple[str, ...] = (), lang: str = "") -> float:
    """Width of s in mm at size_pt (HarfBuzz's shaped advances)."""
    return shaped_width(font, s, features, lang) * size_pt / 1000.0 * MM_PER_PT


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


def fits_box(box: Text, text: str) -> bool:
    """Whether `text` fits the box (its size, font and shrinking) instead of its own text."""
    from dataclasses import replace

    try:
        layout_text(replace(box, text=text))
    except LayoutError:
        return False
    return True


@lru_cache(maxsize=2048)
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
    """Sizes to try, largest first (shrink_sizes), or only the size when the box does not shrink."""
    if not box.shrink:
        return (float(box.size),)
    return shrink_sizes(float(box.size), float(box.min_size))


@lru_cache(maxsize=1024)
def shrink_sizes(start: float, min_size: float) -> tuple[float, ...]:
    """The one shrink rule, for plain and rich text alike: the sizes to try, largest first: the size,
    then the multiples of SHRINK_STEP below it, ending at min_size (9.3 pt down to 5: 9.3, 9, 8.5 ... 5.5,
    5). Cached per (size, min_size): boxes share a few styles."""
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


def _measure(box: Text) -> Measure:
    """The shaped width (1/1000 em) of a piece of this box's text."""
    font, features, lang = box.font, box.features, box.lang
    return lambda s: shaped_width(font, s, features, lang)


SetLine = tuple[str, float, bool | None]    # a line's text, its width (1/1000 em), its paragraph's direction


def _fit(box: Text, fm: FontMetrics, size: float, break_words: bool) -> list[SetLine] | None:
    """Lines (text, width in 1/1000 em, the paragraph's base direction: paragraph_rtl) at this size, or
    None when they do not fit the box."""
    unit = size / 1000.0 * MM_PER_PT          # mm per 1/1000 em
    limit = box.w / unit + _EPS
    measure = _measure(box)
    lines: list[SetLine] = []
    max_lines = _max_lines(box, fm, size)
    for para in _paragraphs(box.text):
        rtl = paragraph_rtl(para, box.direction)
        if box.wrap:
            lines.extend((text, width, rtl) for text, width in wrap_paragraph(para, measure, limit, break_words,
                                                                              box.lang))
        else:
            text = para.replace(SOFT_HYPHEN, "")
            lines.append((text, measure(text), rtl))
        if len(lines) > max_lines:
            return None
    if any(width > limit for _, width, _ in lines):
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


# --- line breaking (UAX #14, the part cards need) ------------------------------------------------

_CJK = re.compile("[\u2e80-\u2fff\u3001-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3400-\u4dbf"
                  "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")
# no line starts with these (closing punctuation CL/CP, EX, IS, NS and small kana CJ, strict)
NO_START = frozenset("、。，．,.:;?!)]}」』）】〕〉》〗〙〛］｝〟’”・：；？！‼⁇⁈⁉ー〜～゛゜ゝゞヽヾ々〻"
                     "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ％%‰℃°")
# no line ends with these (opening punctuation OP)
NO_END = frozenset("([{「『（【〔〈《〖〘〚［｛〝‘“￥＄$£")
_BREAK_SPACES = " \u3000"
ZWSP = "\u200b"


def segments(para: str) -> list[tuple[str, str]]:
    """A paragraph cut at its break opportunities: (piece, glue) pairs, glue being the spaces that
    follow the piece (one plain space for a run of them, '' where no space separates the pieces:
    between CJK characters, after a zero-width space). Only U+0020 and U+3000 break among the spaces:
    a no-break space (French "Pourquoi\u00a0?") keeps its words together."""
    if not _CJK.search(para) and ZWSP not in para:
        return [(w, " ") for w in para.split(" ") if w]    # the common case: words between plain spaces
    out: list[tuple[str, str]] = []
    piece = ""
    i, n = 0, len(para)
    korean = _korean_letters(para)
    while i < n:
        ch = para[i]
        if ch in _BREAK_SPACES or ch == ZWSP:
            j = i
            while j < n and (para[j] in _BREAK_SPACES or para[j] == ZWSP):
                j += 1
            glue = "" if all(c == ZWSP for c in para[i:j]) else (" " if "\u3000" not in para[i:j] else "\u3000")
            if piece:
                out.append((piece, glue))
            elif out:
                out[-1] = (out[-1][0], out[-1][1] or glue)
            piece, i = "", j
            continue
        piece += ch
        nxt = para[i + 1] if i + 1 < n else ""
        if nxt and i not in korean and _cjk_break(ch, nxt):
            out.append((piece, ""))
            piece = ""
        i += 1
    if piece:
        out.append((piece, " "))
    return out


_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\ua960-\ua97f\uac00-\ud7ff]")


def _korean_letters(para: str) -> set[int]:
    """The indexes inside the words (between spaces) that hold Hangul: a Korean word is set whole,
    its Hanja too (漢字와 keeps together), as CSS's keep-all sets it."""
    out: set[int] = set()
    if _HANGUL.search(para):
        for word in re.finditer(f"[^{_BREAK_SPACES}{ZWSP}]+", para):
            if _HANGUL.search(word.group()):
                out.update(range(word.start(), word.end() - 1))
    return out


def _cjk_break(before: str, after: str) -> bool:
    """Whether a line may break between two characters, one of them CJK (no space between). Korean
    is not asked: its callers keep a word holding Hangul whole (_korean_letters, keep-all), and a
    Korean word too long for the line is cut as any word is."""
    if not (_CJK.match(before) or _CJK.match(after)):
        return False
    if after in NO_START or before in NO_END:
        return False
    if unicodedata.category(after)[0] == "M" or after in "\u200d\ufe0e\ufe0f":
        return False
    return not (before.isascii() and after.isascii())


def wrap_paragraph(para: str, measure: Measure, limit: float, break_words: bool,
                   lang: str = "") -> list[tuple[str, float]]:
    """Greedy wrap of one paragraph at its break opportunities (see segments): lines (text, width in
    1/1000 em) no wider than limit where that can be done. A piece with soft hyphens breaks at one
    when the line has room for its head; a piece wider than the whole line is hyphenated (its own
    hyphens, then the `lang` dictionary); with break_words, what is still too long is broken between
    characters."""
    lines: list[tuple[str, float]] = []
    line = ""
    glue = ""
    used = 0.0              # the line's width so far (its pieces' and glues' widths added up)
    pieces = segments(para)
    k = 0
    while k < len(pieces):
        piece, after = pieces[k]
        joined = line + glue + piece if line else piece
        width = (used + measure(glue) if line else 0.0) + measure(piece.replace(SOFT_HYPHEN, ""))
        if width > limit * (1 - NEAR_LIMIT):       # near the edge: the joined line shaped as a whole
            width = measure(joined.replace(SOFT_HYPHEN, ""))
        if width <= limit or (not line and not _splittable(piece, measure, limit, lang, break_words)):
            line, glue, used = joined, after, width
            k += 1
            continue
        room_head = _split(piece, measure, limit, lang, line + glue if line else "", break_words)
        if room_head is not None:
            head, tail = room_head
            lines.append(_finish(line + glue + head if line else head, measure))
            pieces[k] = (tail, after)
            line, glue, used = "", "", 0.0
            continue
        if line:
            lines.append(_finish(line, measure))
            line, glue, used = "", "", 0.0
            continue
        line, glue, used = joined, after, width     # a piece no split can fit: it stands alone (and overflows)
        k += 1
    if line or not lines:
        lines.append(_finish(line, measure))
    return lines


def _finish(text: str, measure: Measure) -> tuple[str, float]:
    """A line as set: soft hyphens gone, trailing spaces dropped; its shaped width."""
    text = text.replace(SOFT_HYPHEN, "").rstrip(" \u3000")
    return text, measure(text)


def _splittable(piece: str, measure: Measure, limit: float, lang: str, break_words: bool) -> bool:
    return SOFT_HYPHEN in piece or measure(piece.replace(SOFT_HYPHEN, "")) > limit


def _split(piece: str, measure: Measure, limit: float, lang: str, prefix: str,
           break_words: bool) -> tuple[str, str] | None:
    """The longest head of piece (with a hyphen drawn where the break needs one) that fits after
    `prefix` on the line, and the rest; None when no break point gives a head that fits."""
    plain = piece.replace(SOFT_HYPHEN, "")
    whole_too_wide = measure(plain) > limit

    def fits(at: int, hyphen: bool) -> bool:
        return measure((prefix + piece[:at] + (HYPHEN if hyphen else "")).replace(SOFT_HYPHEN, "")) <= limit

    found = best_break(piece, lang, whole_too_wide, fits)
    if found is not None:
        at, hyphen = found
        return piece[:at] + (HYPHEN if hyphen else ""), piece[at:].lstrip(SOFT_HYPHEN)
    if whole_too_wide and break_words and not prefix:
        return _chars_that_fit(piece, measure, limit)
    return None


def best_break(piece: str, lang: str, whole_too_wide: bool,
               fits: Callable[[int, bool], bool]) -> tuple[int, bool] | None:
    """Where a word breaks at the end of a line (plain and rich text alike): the last break point
    (index, draw a hyphen) whose head `fits` the line. Soft hyphens always; when the word is wider
    than the whole line also its own hyphens and the `lang` dictionary's points (pyphen)."""
    points = _break_points(piece, lang if whole_too_wide else "", whole_too_wide)
    for at, hyphen in sorted(points, reverse=True):
        if fits(at, hyphen):
            return at, hyphen
    return None


def _break_points(piece: str, lang: str, own_hyphens: bool) -> list[tuple[int, bool]]:
    """(index, draw a hyphen) where a piece may break: after a soft hyphen (drawn), between CJK
    characters and after a zero-width space (not drawn), after its own hyphens (not drawn again), and
    at the dictionary's hyphenation points for lang (drawn)."""
    points = [(i + 1, True) for i, ch in enumerate(piece) if ch == SOFT_HYPHEN and 0 < i < len(piece) - 1]
    points += [(at, False) for at in glueless_breaks(piece)]
    if not own_hyphens:
        return points
    points += [(i + 1, False) for i, ch in enumerate(piece) if ch in HYPHENS and 0 < i < len(piece) - 1]
    dictionary = _hyphenator(lang)
    if dictionary is not None and SOFT_HYPHEN not in piece:
        for start, word in _letter_runs(piece):
            if len(word) >= 2 * MIN_HYPHEN_PART:
                points += [(start + p, True) for p in dictionary.positions(word)
                           if MIN_HYPHEN_PART <= p <= len(word) - MIN_HYPHEN_PART]
    return points


def glueless_breaks(piece: str) -> list[int]:
    """Where a line may break inside a piece with no space there (segments' cuts): between Chinese
    and Japanese characters, after a zero-width space. A plain text's pieces come cut there already;
    a rich text's word (its styles and icons between spaces) does not. A word holding Hangul is
    Korean, set whole (keep-all): its Hanja too (漢字와 keeps together)."""
    if not _CJK.search(piece) and ZWSP not in piece:
        return []
    korean = _korean_letters(piece)
    return [i + 1 for i in range(len(piece) - 1)
            if piece[i] == ZWSP or (i not in korean and _cjk_break(piece[i], piece[i + 1]))]


def _letter_runs(piece: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group()) for m in re.finditer(r"[^\W\d_]+", piece)]


@lru_cache(maxsize=64)
def _hyphenator(lang: str) -> Any:
    """pyphen's dictionary for a language tag (it, de-CH, pt_BR...), or None (no tag, or none known)."""
    if not lang:
        return None
    import pyphen

    tag = lang.replace("-", "_")
    for candidate in (tag, tag.split("_")[0]):
        if candidate in pyphen.LANGUAGES:
            return pyphen.Pyphen(lang=candidate)
    return None


def _chars_that_fit(piece: str, measure: Measure, limit: float) -> tuple[str, str] | None:
    """The longest head of piece (whole grapheme clusters, at least one) no wider than limit."""
    cuts = [i for i in range(1, len(piece)) if unicodedata.category(piece[i])[0] != "M"
            and piece[i] not in "\u200d\ufe0e\ufe0f"]
    best = cuts[0] if cuts else None
    for at in cuts:
        if measure(piece[:at].replace(SOFT_HYPHEN, "")) <= limit:
            best = at
        else:
            break
    return (piece[:best], piece[best:]) if best is not None else None


def _place(box: Text, fm: FontMetrics, size: float, lines: list[SetLine]) -> tuple[TextLine, ...]:
    """Position lines in the box by align/valign (a right-to-left paragraph's left is its right
    edge, its start); baselines from the font's ascent. Each line keeps its paragraph's direction (a
    wrapped line of a Hebrew paragraph that starts with a Latin word is still right to left)."""
    unit = size / 1000.0 * MM_PER_PT
    height = block_height(box.font, size, len(lines), box.line_height)
    top = box.y + (box.h - height) * VALIGNS[box.valign]
    baseline = top + fm.ascent * unit
    pitch = line_pitch(size, box.line_height)
    share = ALIGNS[box.align]
    placed = []
    for i, (text, width, rtl) in enumerate(lines):
        if text:
            x = box.x + (box.w - width * unit) * along_line(share, bool(rtl))
            placed.append(TextLine(x, baseline + i * pitch, text, font=box.font, size=size, color=box.color,
                                   features=box.features, lang=box.lang, rtl=rtl))
    return tuple(placed)


def along_line(share: float, rtl: bool) -> float:
    """Where a line sits in its box's spare width (0 left ... 1 right) for an align share: a
    right-to-left paragraph's `left` is its start, the right edge (and `right` the left edge)."""
    return 1.0 - share if share != 0.5 and rtl else share


# --- the glyphs of a line, as every backend draws them -------------------------------------------

PlacedGlyph = tuple[str, int, float, float, str]   # face, glyph id, origin x and baseline y (mm), its characters


@lru_cache(maxsize=4096)
def placed_glyphs(line: TextLine) -> tuple[PlacedGlyph, ...]:
    """Each glyph of a laid-out line with its origin in mm (HarfBuzz's advances and offsets from the
    line's start), and the characters it stands for when it is the only glyph of exactly one
    character ('' otherwise): backends that draw a character's own glyph the quick way can."""
    unit = line.size / 1000.0 * MM_PER_PT
    out: list[PlacedGlyph] = []
    pen = 0.0
    for run in shape_line(line.font, line.text, line.features, line.lang, line.rtl):
        counts: dict[int, int] = {}
        for glyph in run.glyphs:
            counts[glyph[4]] = counts.get(glyph[4], 0) + 1
        starts = sorted(counts)
        ends = dict(zip(starts, [*starts[1:], len(run.text)], strict=True))
        for gid, advance, dx, dy, cluster in run.glyphs:
            chars = run.text[cluster:ends[cluster]] if counts[cluster] == 1 else ""
            out.append((run.font, gid, line.x + (pen + dx) * unit, line.y - dy * unit,
                        chars if len(chars) == 1 and not dx and not dy else ""))
            pen += advance
    return tuple(out)


def glyph_commands(face: str, gid: int, x: float, y: float, size_pt: float) -> tuple[PathCommand, ...]:
    """A glyph's outline as path commands in mm, its origin at (x, baseline y), y down."""
    unit = size_pt / 1000.0 * MM_PER_PT
    return tuple([(op, *[v for px, py in points for v in (x + px * unit, y - py * unit)])
                  for op, points in _outline_points(face, gid)])


def glyph_bounds(face: str, gid: int, x: float, y: float, size_pt: float) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in mm of the points of glyph_commands(face, gid, x, y, size_pt) (its
    control points included): the same numbers as their min and max, from the outline's own."""
    unit = size_pt / 1000.0 * MM_PER_PT
    left, bottom, right, top = _outline_box(face, gid)
    return x + left * unit, y - top * unit, x + right * unit, y - bottom * unit


@lru_cache(maxsize=8192)
def _outline_points(face: str, gid: int) -> tuple[tuple[str, tuple[tuple[float, float], ...]], ...]:
    """glyph_outline as (operator, its points as float pairs) per command."""
    return tuple((str(command[0]), tuple(zip(map(float, command[1::2]), map(float, command[2::2]), strict=True)))
                 for command in glyph_outline(face, gid))


@lru_cache(maxsize=8192)
def _outline_box(face: str, gid: int) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of a glyph outline's points, 1/1000 em, y up ((0, 0, 0, 0) for none)."""
    points = [point for _, pairs in _outline_points(face, gid) for point in pairs]
    if not points:
        return 0.0, 0.0, 0.0, 0.0
    xs, ys = [px for px, _ in points], [py for _, py in points]
    return min(xs), min(ys), max(xs), max(ys)
