"""Rich card text: [conditions] in bold, <g>green values</g>, and icons inline on the baseline.

Markup: `<name>` draws the icon of that name from the style's icon set (a template's `icons:`,
see iconset.py) as a word part, its bottom on the line's baseline; `[...]` is set in the bold font
(brackets kept, as the rulebooks print conditions); `<g>...</g>` is set in the green colour (the
alternative values of a Plante); `<b>...</b>` is bold without brackets. A newline starts a paragraph; paragraphs may be separated by a
gap and a horizontal rule. With `plain`, only icons are markup (brackets and <b>/<g> are text).
Widths come from generator.scene.text.text_width (the one source of widths: HarfBuzz's shaped
advances, each atom shaped on its own); the block shrinks by the plain text's rule (scene.text.shrink_sizes:
0.5 pt steps to min_size), and text that
cannot fit even then raises LayoutError, like a plain Text box. A line with right-to-left text is
ordered by the Unicode Bidirectional Algorithm across its styles and icons (scene.fonts.bidi_levels,
visual_order), and a paragraph starting right to left is aligned to its start; words break at the
end of a line as plain text's do (scene.text.best_break: soft hyphens, between Chinese and Japanese
characters, and by `lang` a word wider than the line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from generator.cards.iconset import EMPTY, IconSet
from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.core.units import MM_PER_PT
from generator.scene.fonts import SOFT_HYPHEN, bidi_levels, font_metrics, paragraph_rtl, visual_order
from generator.scene.model import Item, Line, Stroke, TextLine
from generator.scene.text import HYPHEN, along_line, best_break, glueless_breaks, line_pitch, shrink_sizes, text_width

# No-break spaces (U+00A0, and U+202F before French : ; ! ?) are part of a word: lines never break there.
_TOKEN = re.compile(r"<(/?)([a-z][a-z0-9_]*)>|(\[)|(\])|([^\S\u00a0\u202f])|((?:[^<\[\]\s]|[\u00a0\u202f])+|<)")


@dataclass(frozen=True)
class RichStyle:
    """How rich text is set: fonts, sizes (pt), colours, alignment, icon height (em), paragraphs."""

    font: str = "sans"
    bold: str = "sans-bold"
    size: float = 8.0
    min_size: float = 5.0
    color: str = "#000000"
    green: str = "#2e7d32"
    line_height: float = 1.2
    align: str = "left"
    valign: str = "top"
    icon_scale: float = 0.85
    para_gap: float = 0.0          # extra mm between paragraphs (half above, half below a rule)
    rule: Stroke | None = None     # a horizontal line between paragraphs
    icons: IconSet = EMPTY         # the icons `<name>` may draw
    plain: bool = False            # only icons are markup (plain `text` with icons in it)
    features: tuple[str, ...] = ()   # OpenType features for HarfBuzz
    lang: str = ""                 # the text's language (shaping)
    direction: str = "auto"        # each paragraph's base direction: auto (rule P2), ltr or rtl (P3)


@dataclass(frozen=True)
class Atom:
    """A piece of a word: text in a style (bold, green) or an icon."""

    text: str = ""
    icon: str | None = None
    bold: bool = False
    green: bool = False


Word = tuple[Atom, ...]


def parse_rich(text: str, icons: IconSet = EMPTY, plain: bool = False) -> list[list[Word]]:
    """Paragraphs of words of atoms; LayoutError for an unknown icon."""
    paragraphs: list[list[Word]] = [[]]
    word: list[Atom] = []
    bold = green = False

    def end_word() -> None:
        if word:
            paragraphs[-1].append(tuple(word))
            word.clear()

    for closing, tag, opening, close_br, space, chunk in _TOKEN.findall(text):
        if plain and (opening or close_br or (tag and (closing or tag not in icons))):
            word.append(Atom(f"<{closing}{tag}>" if tag else opening or close_br))
        elif tag == "g":
            green = not closing
        elif tag == "b":
            bold = not closing
        elif tag:
            if closing or tag not in icons:
                raise LayoutError(f"unknown icon <{closing}{tag}> in {text[:30]!r} (this template's icons: "
                                  f"{icons.known()}; and <b>, <g> markup)", key="text")
            word.append(Atom(icon=tag, bold=bold, green=green))
        elif opening or close_br:
            bold = bool(opening)
            word.append(Atom("[" if opening else "]", bold=True, green=green))
        elif space:
            end_word()
            if space == "\n":
                paragraphs.append([])
        else:
            word.append(Atom(chunk, bold=bold, green=green))
    end_word()
    return [p for p in paragraphs if p] or []


def _font(atom: Atom, style: RichStyle) -> str:
    return style.bold if atom.bold else style.font


def _icon_h(size: float, style: RichStyle) -> float:
    return size * MM_PER_PT * style.icon_scale


def _icon_pad(size: float) -> float:
    return size * MM_PER_PT * 0.06


def atom_width(atom: Atom, size: float, style: RichStyle) -> float:
    """Width in mm of one atom at a size."""
    if atom.icon:
        return style.icons.width(atom.icon, _icon_h(size, style)) + 2 * _icon_pad(size)
    return text_width(atom.text, _font(atom, style), size, style.features, style.lang)


def word_width(word: Word, size: float, style: RichStyle) -> float:
    """Width in mm of a word (its atoms side by side)."""
    return sum(atom_width(a, size, style) for a in word)


def space_after(word: Word, size: float, style: RichStyle) -> float:
    """Width of the space after a word: set in the font of the word's last piece (a bold run
    continues through the space into the next bold word)."""
    last = word[-1]
    return text_width(" ", style.font if last.icon else _font(last, style), size, style.features, style.lang)


def line_width(words: list[Word], size: float, style: RichStyle) -> float:
    """Width in mm of words set on one line."""
    return (sum(word_width(w, size, style) for w in words)
            + sum(space_after(w, size, style) for w in words[:-1]))


def _wrap(words: list[Word], width: float, size: float, style: RichStyle) -> list[list[Word]] | None:
    """Words greedily set in lines width mm wide, or None when a word fits no line. A word breaks at
    the end of a line by the plain text's rule (scene.text.best_break): at a soft hyphen, and when
    it is wider than the whole line at its own hyphens and its `lang` dictionary's points."""
    lines: list[list[Word]] = []
    current: list[Word] = []
    used = 0.0
    todo = list(reversed(words))
    while todo:
        word = todo.pop()
        w = word_width(word, size, style)
        space = space_after(current[-1], size, style) if current else 0.0
        if used + space + w <= width + 1e-6:
            used += space + w
            current.append(word)
            continue
        split = _split_word(word, w > width + 1e-6, width - used - space, size, style)
        if split is not None:
            current.append(split[0])
            todo.append(split[1])
        elif w > width + 1e-6 and not current:
            return None
        else:
            todo.append(word)
        lines.append(current)
        current, used = [], 0.0
    if current:
        lines.append(current)
    return lines


def _split_word(word: Word, too_wide: bool, room: float, size: float,
                style: RichStyle) -> tuple[Word, Word] | None:
    """The word cut where its head (a hyphen drawn where the break needs one) fits `room` mm, and its
    tail; None when no break point gives such a head."""
    text = "".join(a.text if not a.icon else OBJECT for a in word)
    if SOFT_HYPHEN not in text and not too_wide and not glueless_breaks(text):
        return None
    found = best_break(text, style.lang, too_wide,
                       lambda at, hyphen: word_width(_head(word, at, hyphen), size, style) <= room + 1e-6)
    if found is None:
        return None
    at, hyphen = found
    tail = _tail(word, at)
    return (_head(word, at, hyphen), tail) if tail else None


def _head(word: Word, at: int, hyphen: bool) -> Word:
    """The atoms of a word's first `at` characters (an icon counts one), a hyphen after them."""
    out: list[Atom] = []
    for atom in word:
        n = 1 if atom.icon else len(atom.text)
        if at <= 0:
            break
        out.append(atom if n <= at else replace(atom, text=atom.text[:at]))
        at -= n
    if hyphen:
        last = out[-1]
        out[-1:] = [replace(last, text=last.text + HYPHEN)] if not last.icon else [last, Atom(HYPHEN, bold=last.bold,
                                                                                               green=last.green)]
    return tuple(out)


def _tail(word: Word, at: int) -> Word:
    """The atoms of a word after its first `at` characters (the soft hyphen broken at left out)."""
    out: list[Atom] = []
    for atom in word:
        n = 1 if atom.icon else len(atom.text)
        if at >= n:
            at -= n
            continue
        rest = atom if at <= 0 or atom.icon else replace(atom, text=atom.text[at:])
        if not out and not rest.icon:
            rest = replace(rest, text=rest.text.lstrip(SOFT_HYPHEN))
        if rest.icon or rest.text:
            out.append(rest)
        at = 0
    return tuple(out)


def _extent(size: float, style: RichStyle) -> tuple[float, float]:
    """Ascent and descent in mm (the larger of the regular and bold faces)."""
    ascent = max(font_metrics(f).ascent for f in (style.font, style.bold)) / 1000 * size * MM_PER_PT
    descent = max(font_metrics(f).descent for f in (style.font, style.bold)) / 1000 * size * MM_PER_PT
    return ascent, descent


def _height(paras: list[list[list[Word]]], size: float, style: RichStyle) -> float:
    ascent, descent = _extent(size, style)
    lines = sum(len(p) for p in paras)
    gaps = len(paras) - 1
    return ascent + descent + (lines - 1) * line_pitch(size, style.line_height) + gaps * style.para_gap


def fit(text: str, w: float, h: float, style: RichStyle) -> tuple[float, list[list[list[Word]]]] | None:
    """The largest size (and its lines) at which the text fits w x h mm, or None."""
    paragraphs = parse_rich(text, style.icons, style.plain)
    for size in shrink_sizes(float(style.size), float(style.min_size)):
        wrapped = [_wrap(p, w, size, style) for p in paragraphs]
        paras = [p for p in wrapped if p is not None]   # a paragraph that cannot wrap is None
        if len(paras) == len(wrapped) and _height(paras, size, style) <= h + 1e-6:
            return size, paras
    return None


def rich_height(text: str, w: float, style: RichStyle) -> float | None:
    """The height in mm of the text set w mm wide at style.size (no shrinking); None if a word is too wide."""
    paras: list[list[list[Word]]] = []
    for paragraph in parse_rich(text, style.icons, style.plain):
        lines = _wrap(paragraph, w, style.size, style)
        if lines is None:
            return None
        paras.append(lines)
    return _height(paras, style.size, style) if paras else 0.0


def fit_size(texts: list[tuple[str, float, float]], style: RichStyle) -> float:
    """The largest size at which every (text, w, h) fits: one size for a table of cells."""
    size = style.size
    for text, w, h in texts:
        if not text.strip():
            continue
        found = fit(text, w, h, RichStyle(**{**style.__dict__, "size": size}))
        if found is None:
            raise LayoutError(f"text {text[:30]!r} does not fit its {format_number(w)} x {format_number(h)} mm box "
                              f"even at {format_number(style.min_size)} pt", key="text")
        size = found[0]
    return size


def layout_rich(text: str, x: float, y: float, w: float, h: float, style: RichStyle) -> list[Item]:
    """The text set in the box (x, y, w, h): TextLines, icon Groups and rules; LayoutError if it cannot fit."""
    return list(_layout_cached(text, x, y, w, h, style))


@lru_cache(maxsize=4096)
def _layout_cached(text: str, x: float, y: float, w: float, h: float, style: RichStyle) -> tuple[Item, ...]:
    if not text.strip():
        return ()
    found = fit(text, w, h, style)
    if found is None:
        raise LayoutError(f"text {text[:30]!r} does not fit its {format_number(w)} x {format_number(h)} mm box "
                          f"even at {format_number(style.min_size)} pt", key="text")
    size, paras = found
    ascent, _ = _extent(size, style)
    spare = h - _height(paras, size, style)
    top = y + {"top": 0.0, "middle": spare / 2, "bottom": spare}.get(style.valign, 0.0)
    baseline, pitch = top + ascent, line_pitch(size, style.line_height)
    descent = _extent(size, style)[1]
    items: list[Item] = []
    for i, para in enumerate(paras):
        if i and style.rule is not None:
            # midway between the last line's descent and this line's ascent
            ry = round((baseline - pitch - style.para_gap + descent + baseline - ascent) / 2, 4)
            items.append(Line(x, ry, x + w, ry, stroke=style.rule))
        rtl = _base_rtl([word for line in para for word in line], style.direction)
        for line in para:
            items += _set_line(line, x, baseline, w, size, style, rtl)
            baseline += pitch
        baseline += style.para_gap
    return tuple(items)


def _set_line(words: list[Word], x: float, baseline: float, w: float, size: float, style: RichStyle,
              rtl: bool | None = None) -> list[Item]:
    """One line: runs of same-style text merged into TextLines, icons as Groups on the baseline. A
    line with right-to-left text is ordered by the Unicode Bidirectional Algorithm (scene.fonts:
    the levels of the line's characters, an icon counting as U+FFFC, then rule L2 over its pieces);
    `rtl` is the paragraph's base direction (scene.fonts.paragraph_rtl: None when it has no
    right-to-left text), whose start `left` means."""
    width = line_width(words, size, style)
    share = {"left": 0.0, "center": 0.5, "right": 1.0}.get(style.align, 0.0)
    pieces = _pieces(words, size, style, rtl)
    bidi = any(p.level for p in pieces)
    cx = x + (w - width) * (along_line(share, bool(rtl)) if rtl is not None else share)
    items: list[Item] = []
    for piece in visual_order(pieces, [p.level for p in pieces]):
        if piece.icon is not None:
            ih, pad = _icon_h(size, style), _icon_pad(size)
            items.append(style.icons.draw(piece.icon, round(cx + pad, 4), round(baseline, 4), ih, piece.colour))
        elif piece.font and (text := _drawn(piece)):
            items.append(TextLine(round(cx, 4), round(baseline, 4), text, font=piece.font, size=size,
                                  color=piece.colour, features=style.features, lang=style.lang,
                                  rtl=bool(piece.level % 2) if bidi else None))
        for part in piece.widths:
            cx += part
    return items


def _drawn(piece: _Piece) -> str:
    """A run's text as drawn: soft hyphens left out, and the blanks at its end (no-break spaces: those
    that split into runs are apart already) when it runs left to right, so its glyphs start at its x;
    '' for a run of blanks."""
    text = "".join(piece.texts).replace(SOFT_HYPHEN, "")
    return "" if not text.strip() else text if piece.level % 2 else text.rstrip()


OBJECT = "\ufffc"      # an icon in the text the bidi algorithm reads (an object: a neutral)


@dataclass
class _Piece:
    """What a line is set from, in logical order: words of one font, colour and bidi level gathered
    into one TextLine (font set), an icon, or the spaces between them (neither); the widths in mm of
    its parts, added up left to right as they are placed."""

    level: int
    font: str = ""
    colour: str = ""
    texts: list[str] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    icon: str | None = None


def _base_rtl(words: list[Word], direction: str = "auto") -> bool | None:
    """The base direction of the paragraph these words make (scene.fonts.paragraph_rtl)."""
    return paragraph_rtl(" ".join("".join(a.text for a in word) for word in words), direction)


def _pieces(words: list[Word], size: float, style: RichStyle, rtl: bool | None) -> list[_Piece]:
    """The line's pieces in logical order: each atom's text cut where its bidi level changes, runs
    of one font, colour and level merged, the spaces after a run split off as a piece of their own."""
    chars = " ".join("".join(OBJECT if a.icon else a.text for a in word) for word in words)
    levels = bidi_levels(chars, rtl)
    out: list[_Piece] = []
    run: _Piece | None = None       # the text being gathered
    at = 0

    def close() -> None:
        if run is not None:
            out.append(run)
            spaces = [i for i, t in enumerate(run.texts) if t.strip()][-1] + 1
            if spaces < len(run.texts):     # its trailing spaces: a piece of their own, at their level
                out.append(_Piece(run.level, widths=run.widths[spaces:]))
                del run.texts[spaces:], run.widths[spaces:]

    for n, word in enumerate(words):
        if n:
            space = space_after(words[n - 1], size, style)
            if run is not None and run.level == levels[at]:
                run.texts.append(" ")
                run.widths.append(space)
            else:
                close()
                run = None
                out.append(_Piece(levels[at], widths=[space]))
            at += 1
        for atom in word:
            colour = style.green if atom.green else style.color
            if atom.icon:
                close()
                run = None
                out.append(_Piece(levels[at], colour=colour, widths=[atom_width(atom, size, style)], icon=atom.icon))
                at += 1
                continue
            font = _font(atom, style)
            for part, level in _level_parts(atom.text, levels[at:at + len(atom.text)]):
                if run is None or (run.font, run.colour, run.level) != (font, colour, level):
                    close()
                    run = _Piece(level, font, colour)
                run.texts.append(part)
                run.widths.append(atom_width(atom, size, style) if part == atom.text
                                  else text_width(part, font, size, style.features, style.lang))
            at += len(atom.text)
    close()
    return out


def _level_parts(text: str, levels: list[int]) -> list[tuple[str, int]]:
    """A text cut where its characters' bidi level changes: (part, level)."""
    out: list[tuple[str, int]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or levels[i] != levels[start]:
            out.append((text[start:i], levels[start]))
            start = i
    return out
