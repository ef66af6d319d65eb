"""Preflight: what will print badly although nothing is wrong enough to stop (`pnpgen cards --check`, the preview).

Each check reads a card as the engine drew it (its trace of elements, see build.py `Drawn`) and
never changes the drawing: text set outside the safe area or into the bleed, text shrunk by more
than 30% to fit, a picture under 200 ppi at its placed size or with an alpha channel over nothing
(the paper shows through), characters that no shipped font has, an empty `src`, and for PDF/X
text that the flattening of a transparent element turns into pixels; and for the whole deck, a
last sheet mostly empty and a Tabletop Simulator sheet over 69 cards.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.cards.inspect import Box, flatten, item_box, items_box, line_box, text_lines, transform_box, union
from generator.core.numbers import format_number
from generator.scene.fonts import font_label, missing_chars
from generator.scene.model import IDENTITY, Gradient, Group, Image, Item, Matrix, Rect, Text, TextLine, compose

MIN_PPI = 200
MAX_SHRINK = 0.30
TTS_MAX_PER_SHEET = 69       # Tabletop Simulator's custom deck: 10 x 7 with the last slot kept for the hidden card
_EPS = 0.01                  # mm


@dataclass(frozen=True)
class Finding:
    """One preflight warning: where (file, line, card number and name, element) and what."""

    message: str
    file: Path | str | None = None
    line: int | None = None
    card: int | None = None
    label: str = ""
    where: str = ""

    def __str__(self) -> str:
        place = ":".join(str(p) for p in (self.file, self.line) if p is not None)
        card = f"card {self.card}" + (f" {self.label!r}" if self.label else "") if self.card else ""
        parts = [p for p in (place, card, self.where) if p]
        return ": ".join([*parts, self.message])

    def to_json(self) -> dict[str, Any]:
        return {"message": self.message, "card": self.card, "element": self.where, "text": str(self)}


@dataclass
class _Card:
    design: Any
    record: Any
    number: int
    label: str

    def finding(self, message: str, where: str = "") -> Finding:
        return Finding(message, self.record.file, self.record.line, self.number, self.label, where)


def check_card(design: Any, record: Any, number: int, label: str, trace: Sequence[Any],
               pdfx: bool = False) -> list[Finding]:
    """The warnings for one drawn card (trace: the Drawn elements of both faces, in drawing order);
    `pdfx`: also where PDF/X's flattening of transparency turns text into pixels."""
    card = _Card(design, record, number, label)
    found = _check_trace(card, design, trace)
    return found + _flattened_text(card, trace) if pdfx else found


def _check_trace(card: _Card, design: Any, trace: Sequence[Any]) -> list[Finding]:
    found: list[Finding] = []
    covered: dict[str, list[Box]] = {"front": _background_box(design, "background"),
                                     "back": _background_box(design, "back_background")}
    for drawn in trace:
        where = drawn.prep.where
        if drawn.prep.kind.name == "image" and not str(drawn.values.get("src") or "").strip():
            found.append(card.finding("empty `src`: no picture is drawn", where))
        for item, matrix in flatten(drawn.items):
            found += _check_item(card, item, matrix, where, covered[drawn.prep.face])
            if isinstance(item, Rect) and item.fill:
                covered[drawn.prep.face].append(transform_box(item_box(item) or (0, 0, 0, 0), matrix))
    return found


def _flattened_text(card: _Card, trace: Sequence[Any]) -> list[Finding]:
    """Text that PDF/X will print as pixels: under a transparent element (drawn before it, where it
    overlaps) or in it; PDF/X has no transparency, so the element and what lies under it become one
    picture (generator/render/pdfx.py)."""
    found: list[Finding] = []
    texts: dict[str, list[tuple[str, Box]]] = {"front": [], "back": []}
    for drawn in trace:
        face = texts.setdefault(drawn.prep.face, [])
        for group, matrix in _transparent(drawn.items, IDENTITY):
            box = items_box(group.items, paths=True)
            if box is None:
                continue
            box = transform_box(box, compose(matrix, group.transform))
            for where in dict.fromkeys(w for w, text in face if _overlap(text, box)):
                found.append(card.finding(f"transparent (opacity) over the text of {where}: --format pdfx "
                                          "flattens them into one picture, so that text prints as pixels there "
                                          "(draw the text after it, or make it opaque)", drawn.prep.where))
            if any(_text_boxes(group.items, IDENTITY)):
                found.append(card.finding("transparent text: --format pdfx flattens it into a picture, so it "
                                          "prints as pixels (make it opaque for sharp type)", drawn.prep.where))
        face.extend((drawn.prep.where, box) for box in _text_boxes(drawn.items, IDENTITY))
    return found


def _transparent(items: Sequence[Item], matrix: Matrix) -> list[tuple[Group, Matrix]]:
    """The outermost groups with an opacity under 1, and shapes filled with a gradient whose stops
    have opacity (SVG art's: PDF/X flattens them the same way), with the transform that places them."""
    out: list[tuple[Group, Matrix]] = []
    for item in items:
        if isinstance(item, Group):
            if item.opacity < 1:
                out.append((item, matrix))
            else:
                out += _transparent(item.items, compose(matrix, item.transform))
        elif isinstance(fill := getattr(item, "fill", None), Gradient) and fill.alphas:
            out.append((Group((item,)), matrix))
    return out


def _text_boxes(items: Sequence[Item], matrix: Matrix) -> list[Box]:
    boxes = []
    for item, placed in flatten(items, matrix):
        lines = text_lines(item) if isinstance(item, Text) else [item] if isinstance(item, TextLine) else []
        boxes += [transform_box(line_box(line), placed) for line in lines]
    return boxes


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - _EPS and b[0] < a[2] - _EPS and a[1] < b[3] - _EPS and b[1] < a[3] - _EPS


def xml_findings(records: Sequence[Any]) -> list[Finding]:
    """One warning per card whose fields hold characters XML cannot hold (control characters, U+FFFE,
    U+FFFF), naming the card's line and the field: SVG files and the preview leave them out."""
    from generator.core.xmltext import illegal_chars

    found: list[Finding] = []
    seen: set[tuple[str, int | None]] = set()
    for number, record in enumerate(records, start=1):
        if (str(record.file), record.line) in seen:
            continue                        # a copy (qty) of a card already named
        for key, value in record.fields.items():
            chars = illegal_chars(value) if isinstance(value, str) else []
            if chars:
                seen.add((str(record.file), record.line))
                found.append(Finding(f"field {key!r} holds {', '.join(chars[:5])}, which XML cannot hold: "
                                     "SVG files and the preview leave them out", record.file,
                                     record.line_of(key), number))
                break
    return found


def _background_box(design: Any, key: str) -> list[Box]:
    value = getattr(design.template, key)
    if key == "back_background" and value is None:
        value = design.template.background
    if value is None or str(value).strip().lower() in ("", "none", "transparent"):
        return []
    b = design.bleed
    return [(-b, -b, design.card_w + b, design.card_h + b)]


def _check_item(card: _Card, item: Item, matrix: Matrix, where: str, covered: list[Box]) -> list[Finding]:
    if isinstance(item, Text):
        lines = text_lines(item)
        found = _check_shrink(card, item, lines, where)
        return found + _check_lines(card, lines, matrix, where)
    if isinstance(item, TextLine):
        return _check_lines(card, [item], matrix, where)
    if isinstance(item, Image):
        return _check_image(card, item, matrix, where, covered)
    return []


def _check_shrink(card: _Card, box: Text, lines: list[TextLine], where: str) -> list[Finding]:
    if not lines or lines[0].size >= box.size * (1 - MAX_SHRINK) - 1e-9:
        return []
    cut = round(100 * (1 - lines[0].size / box.size))
    return [card.finding(f"text shrunk by {cut}% to fit (from {format_number(box.size)} to {format_number(lines[0].size)} pt)", where)]


def _check_lines(card: _Card, lines: list[TextLine], matrix: Matrix, where: str) -> list[Finding]:
    found = []
    ink = union([transform_box(line_box(line), matrix) for line in lines])
    if ink is not None:
        found += _check_area(card, ink, where)
    for line in lines:
        for ch in missing_chars(line.font, line.text):
            found.append(card.finding(f"character {ch!r} (U+{ord(ch):04X}) is in no font of {font_label(line.font)}"
                                      f"{' nor in any installed font' if card.design.template.font_fallback else ''}: "
                                      "it would print as an empty box (add a font that has it to a `fonts:` stack)",
                                      where))
    return _unique(found)


def _check_area(card: _Card, ink: Box, where: str) -> list[Finding]:
    w, h, safe = card.design.card_w, card.design.card_h, card.design.template.safe
    if ink[0] < -_EPS or ink[1] < -_EPS or ink[2] > w + _EPS or ink[3] > h + _EPS:
        return [card.finding("text runs into the bleed (past the cut line)", where)]
    if ink[0] < safe - _EPS or ink[1] < safe - _EPS or ink[2] > w - safe + _EPS or ink[3] > h - safe + _EPS:
        return [card.finding(f"text is outside the safe area ({format_number(safe)} mm inside the cut)", where)]
    return []


def _check_image(card: _Card, item: Image, matrix: Matrix, where: str, covered: list[Box]) -> list[Finding]:
    from generator.cards.elements.basic import picture_size

    found = []
    px_w, px_h = picture_size(item.data)
    scale = math.hypot(matrix[0], matrix[1]) or 1.0
    w_mm, h_mm = item.w * scale, item.h * scale
    ppi = min(px_w / (w_mm / 25.4), px_h / (h_mm / 25.4)) if w_mm > 0 and h_mm > 0 else MIN_PPI
    if ppi < MIN_PPI - 0.5:
        found.append(card.finding(f"picture is {ppi:.0f} ppi at its placed size {w_mm:.1f} x {h_mm:.1f} mm "
                                  f"({px_w} x {px_h} px; {MIN_PPI} ppi wanted)", where))
    box = transform_box(item_box(item) or (0, 0, 0, 0), matrix)
    if has_alpha(item.data) and not any(_inside(box, under) for under in covered):
        found.append(card.finding("picture has an alpha channel over nothing: the paper shows through "
                                  f"({card.design.template.alpha_hint})", where))
    return found


def has_alpha(data: bytes) -> bool:
    """Whether PNG data carries transparency (an alpha channel, or a tRNS chunk); a JPEG never does."""
    from generator.core.imagefile import png_header

    header = png_header(data)
    return header is not None and (header[3] in (4, 6) or b"tRNS" in data[:data.find(b"IDAT")])


def _inside(box: Box, outer: Box) -> bool:
    return (box[0] >= outer[0] - _EPS and box[1] >= outer[1] - _EPS
            and box[2] <= outer[2] + _EPS and box[3] <= outer[3] + _EPS)


def _unique(found: list[Finding]) -> list[Finding]:
    return list(dict.fromkeys(found))


def check_deck(count: int, file: Path | str | None, *, per_sheet: int | None = None,
               tts_per_sheet: int | None = None) -> list[Finding]:
    """Deck-wide warnings: the last sheet mostly empty (per_sheet: cards on a printed sheet), a
    Tabletop Simulator sheet over 69 cards (tts_per_sheet: cards the TTS writer puts on one)."""
    found = []
    if per_sheet and count % per_sheet and count % per_sheet < per_sheet / 2:
        last = count % per_sheet
        found.append(Finding(f"the last sheet holds {last} of {per_sheet} cards: {per_sheet - last} "
                             f"more would fill it", file))
    if tts_per_sheet and min(count, tts_per_sheet) > TTS_MAX_PER_SHEET:
        found.append(Finding(f"a Tabletop Simulator sheet would hold {min(count, tts_per_sheet)} cards; "
                             f"TTS takes at most {TTS_MAX_PER_SHEET} per sheet", file))
    return found


STAND_IN_SHOWN = 12      # characters a stand-in's note shows (then how many more)


def stand_ins(design: Any) -> list[str]:
    """One line per installed face that drew characters the template's fonts lack (design.stand_ins, filled
    as the cards are drawn): which face, for which characters; the output then depends on the machine's
    fonts. `--check` gives them as warnings, a run that prints as notes, the preview beside the deck."""
    return stand_in_lines(design.stand_ins)


def stand_in_lines(tally: Mapping[str, Iterable[str]]) -> list[str]:
    """stand_ins' lines for a tally {installed face: the characters it drew}."""
    from generator.scene.fonts import BUILT_IN, font_spec

    out = []
    for face, found in tally.items():
        chars = "".join(found)
        more = f" and {len(chars) - STAND_IN_SHOWN} more" if len(chars) > STAND_IN_SHOWN else ""
        spec = font_spec(face)
        style = " ".join(word for word in (spec.weight, spec.style) if word != "normal").title()
        which = (f"the installed font {font_label(face)}{' ' + style if style else ''}" if face not in BUILT_IN
                 else f"the installed font {spec.family!r}{' ' + style if style else ''} (pnpgen's own {face!r})")
        out.append(f"{which} draws "
                   f"{chars[:STAND_IN_SHOWN]!r}{more}, which the template's fonts lack: the cards depend on this "
                   "machine's fonts (`fonts: {fallback: none}` keeps to the template's)")
    return out


def low_resolution(cards: Iterable[Any]) -> tuple[int, float, str]:
    """Every run's resolution check (not only --check): (how many cards have a picture under MIN_PPI,
    the lowest ppi, the first such card's label); the same picture data is measured once."""
    tally = ResolutionTally()
    for card in cards:
        tally.add(card)
    return tally.count, tally.lowest, tally.first


class ResolutionTally:
    """low_resolution counted card by card (a deck drawn as it is written: each card seen once, then freed)."""

    def __init__(self) -> None:
        self.sizes: dict[str, tuple[int, int]] = {}     # by the picture's digest (ids of freed data recur)
        self.count, self.lowest, self.first = 0, math.inf, ""

    def add(self, card: Any) -> None:
        from generator.cards.elements.basic import picture_size

        worst = math.inf
        for face in (card.front, card.back or ()):
            for item, matrix in flatten(face):
                if not isinstance(item, Image):
                    continue
                px = self.sizes.get(item.digest) or self.sizes.setdefault(item.digest, picture_size(item.data))
                scale = math.hypot(matrix[0], matrix[1]) or 1.0
                w_mm, h_mm = item.w * scale, item.h * scale
                if w_mm > 0 and h_mm > 0:
                    worst = min(worst, px[0] / (w_mm / 25.4), px[1] / (h_mm / 25.4))
        if worst < MIN_PPI - 0.5:
            self.count += 1
            self.first = self.first or card.label
            self.lowest = min(self.lowest, worst)

    def warning(self) -> str | None:
        """The one-line warning for the cards added (None when all are fine)."""
        if not self.count:
            return None
        return (f"{self.count} card{'s print' if self.count > 1 else ' prints'} a picture under {MIN_PPI} ppi "
                f"(lowest {self.lowest:.0f} ppi{f', first: {self.first}' if self.first else ''}); it will look "
                f"blurry or blocky (--check lists each one)")


def low_resolution_warning(cards: Iterable[Any]) -> str | None:
    """The one-line warning for a run whose pictures print under MIN_PPI (None when all are fine)."""
    tally = ResolutionTally()
    for card in cards:
        tally.add(card)
    return tally.warning()
