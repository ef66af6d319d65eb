"""The sheet footer: what it is, its seed or source, page n/N, "print at 100%", and a 50 mm scale bar."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from generator.core.errors import LayoutError
from generator.core.notes import add_note
from generator.core.numbers import format_number
from generator.core.units import MM_PER_PT
from generator.scene.model import Group, Item, Line, Matrix, Page, Stroke, Text, TextLine
from generator.scene.papers import FOOTER_GAP, FOOTER_HEIGHT, PRINTER_MARGIN, SCALE_BAR_LENGTH

FOOTER_FONT = "sans"
FOOTER_SIZE = 6.5            # pt
FOOTER_MIN_SIZE = 5.0        # pt
FOOTER_COLOR = "#333333"
BAR_STROKE = Stroke("#000000", 0.2)
_LABEL_W = 26.0              # mm of the strip taken by the scale bar's label


def footer_band(side: str, width: float, height: float) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the footer strip on a page of this size, at `side`, inside the margin."""
    m, t = PRINTER_MARGIN, FOOTER_HEIGHT
    return {
        "bottom": (m, height - m - t, width - 2 * m, t),
        "top": (m, m, width - 2 * m, t),
        "left": (m, m, t, height - 2 * m),
        "right": (width - m - t, m, t, height - 2 * m),
    }[side]


SEPARATOR = "  ·  "

# The footer's own words per language (page, the printing advice, the scale bar's label).
FOOTER_WORDS: dict[str, tuple[str, str, str]] = {
    "en": ("page", "print at 100% (actual size), no fit-to-page", "{n} mm scale:"),
    "it": ("pagina", "stampa al 100% (dimensioni reali), senza adattare", "scala {n} mm:"),
    "fr": ("page", "imprimer à 100\u202f% (taille réelle), sans ajuster", "échelle {n} mm\u202f:"),
    "pt": ("página", "imprimir a 100% (tamanho real), sem ajustar", "escala {n} mm:"),
}


# The printing advice's short form, used when a footer's words do not fit its strip.
SHORT_ADVICE: dict[str, str] = {FOOTER_WORDS[lang][1]: short for lang, short in (
    ("en", "print at 100%"), ("it", "stampa al 100%"), ("fr", "imprimer à 100\u202f%"), ("pt", "imprimir a 100%"))}


# How a footer names the seed a random product was made from ("the game's code" outside English), and the
# words a deck's footer uses for its language and the whole of a list; add a language here and in FOOTER_WORDS.
SOURCE_WORDS: dict[str, dict[str, str]] = {
    "en": {"seed": "seed {seed}", "lang": "English", "whole_list": "whole list"},
    "it": {"seed": "codice partita {seed}", "lang": "italiano", "whole_list": "lista completa"},
    "fr": {"seed": "code de partie {seed}", "lang": "français", "whole_list": "liste complète"},
    "pt": {"seed": "código da partida {seed}", "lang": "português", "whole_list": "lista completa"},
}

# A print-and-cut sheet's footer: the settings typed into Silhouette Studio (the words of its
# registration panel), or which machine reads the sheet's marks; numbers in mm.
CUT_WORDS: dict[str, tuple[str, str]] = {
    "en": ("Studio: length {length}, thickness {thickness}, inset {inset} mm", "{machine} print and cut"),
    "it": ("Studio: lunghezza {length}, spessore {thickness}, margine {inset} mm", "{machine}: stampa e taglia"),
    "fr": ("Studio\u202f: longueur {length}, épaisseur {thickness}, marge {inset} mm",
           "{machine}\u202f: imprimer et découper"),
    "pt": ("Studio: comprimento {length}, espessura {thickness}, margem {inset} mm", "{machine}: imprimir e cortar"),
}


def seed_words(seed: int | str, lang: str = "en") -> str:
    """'seed 7' in the footer's language ('codice partita 7', 'code de partie 7', 'código da partida 7')."""
    return SOURCE_WORDS.get(lang, SOURCE_WORDS["en"])["seed"].format(seed=seed)


def source_word(key: str, lang: str = "en") -> str:
    """One of SOURCE_WORDS' other words ("lang": the language's own name, "whole_list") in `lang`."""
    return SOURCE_WORDS.get(lang, SOURCE_WORDS["en"])[key]


# The words saying how a sheet's backs are laid out (orientation and flip), per language.
LAYOUT_WORDS: dict[str, dict[str, str]] = {
    "en": {"long": "long-edge flip", "short": "short-edge flip", "fold": "gutter fold",
           "none": "fronts only", "portrait": "portrait", "landscape": "landscape",
           "offset": "backs moved {x}, {y} mm", "printer": "printer {name}"},
    "it": {"long": "fronte-retro sul lato lungo", "short": "fronte-retro sul lato corto",
           "fold": "piega centrale", "none": "solo fronti", "portrait": "verticale",
           "landscape": "orizzontale", "offset": "retri spostati di {x}; {y} mm",
           "printer": "stampante {name}"},
    "fr": {"long": "recto verso bord long", "short": "recto verso bord court",
           "fold": "pli central", "none": "recto seul", "portrait": "portrait",
           "landscape": "paysage", "offset": "versos décalés de {x}\u202f; {y} mm",
           "printer": "imprimante {name}"},
    "pt": {"long": "frente e verso pela borda longa", "short": "frente e verso pela borda curta",
           "fold": "dobra central", "none": "só frentes", "portrait": "retrato",
           "landscape": "paisagem", "offset": "versos deslocados {x}; {y} mm",
           "printer": "impressora {name}"},
}


def layout_words(lang: str, *, duplex: str | None, landscape: bool, gutter_fold: bool = False,
                offset: tuple[float, float] = (0.0, 0.0), printer: str = "") -> str:
    """"long-edge flip, portrait" in the sheet's language, with the back offset and the printer
    profile when there are any."""
    words = LAYOUT_WORDS.get(lang, LAYOUT_WORDS["en"])
    flip = "fold" if gutter_fold else (duplex or "none")
    parts = [words[flip], words["landscape" if landscape else "portrait"]]
    if offset != (0.0, 0.0):
        signed = [("+" if v > 0 else "") + format_number(v) for v in offset]
        x, y = (v if lang == "en" else v.replace(".", ",") for v in signed)
        parts.append(words["offset"].format(x=x, y=y))
    if printer:
        parts.append(words["printer"].format(name=printer))
    return ", ".join(parts)


def flip_words(lang: str, duplex: str | None) -> str:
    """How the backs are printed, in the sheet's language: "long-edge flip", "short-edge flip", "fronts only"."""
    return LAYOUT_WORDS.get(lang, LAYOUT_WORDS["en"])[duplex or "none"]


def footer_words(lang: str) -> tuple[str, str, str]:
    """The footer's words in a language (English for a language it does not know)."""
    return FOOTER_WORDS.get(lang, FOOTER_WORDS["en"])


def footer_text(title: str, source: str, page: int, pages: int, lang: str = "en",
                layout: str = "") -> str:
    """The footer's words: title · source · page n/N, layout · print at 100% (actual size).

    The layout ("long-edge flip, portrait") rides with page n/N, which is never shortened."""
    page_word, advice, _ = footer_words(lang)
    parts = [p for p in (title.strip(), source.strip()) if p]
    where = f"{page_word} {page}/{pages}" + (f", {layout.strip()}" if layout.strip() else "")
    parts += [where, advice]
    return SEPARATOR.join(parts)


def footer_items(side: str, width: float, height: float, text: str, lang: str = "en", *,
                 font: str = FOOTER_FONT) -> list[Item]:
    """The footer drawn in its strip at `side` (rotated to read bottom-to-top on a side); its words in
    `font` (a box's footer: a stack drawing its title's script too).

    Its words shorten to fit the strip (fit_footer); a strip too short for the 50 mm scale bar and
    some words keeps the words alone; words that cannot fit at all are left out, with a note."""
    x, y, w, h = footer_band(side, width, height)
    length = w if side in ("bottom", "top") else h
    items = _strip(length, text, footer_words(lang)[2], font)
    if side in ("bottom", "top"):
        return [Group(tuple(items), transform=(1.0, 0.0, 0.0, 1.0, x, y))]
    # local u runs up the page from the strip's bottom end, local v across it (glyph tops inward
    # on the right, outward on the left: text always reads bottom-to-top).
    matrix: Matrix = (0.0, -1.0, 1.0, 0.0, x, y + length)
    return [Group(tuple(items), transform=matrix)]


MIN_WORDS_W = 30.0           # mm of words worth keeping beside the scale bar (less: the words alone)


def _strip(length: float, text: str, scale_label: str = "{n} mm scale:", font: str = FOOTER_FONT) -> list[Item]:
    """Footer content in strip coordinates: (0,0) top-left, `length` long, FOOTER_HEIGHT thick: the
    words, the scale bar's label and the 50 mm scale bar; the label, then the bar, step aside on a strip
    too short for them and MIN_WORDS_W of words."""
    t = FOOTER_HEIGHT
    bar_x = length - SCALE_BAR_LENGTH
    with_label = bar_x - _LABEL_W - 3.0 >= MIN_WORDS_W
    with_bar = with_label or bar_x - 3.0 >= MIN_WORDS_W
    text_w = bar_x - _LABEL_W - 3.0 if with_label else bar_x - 3.0 if with_bar else length
    items: list[Item] = []
    words = fit_footer(text, text_w, font)
    if words:
        items.append(_footer_text(0.0, text_w, words, font))
    elif text.strip():
        add_note(f"a footer is left out: its {format_number(length)} mm strip is too short for "
                 f"{text.split(SEPARATOR)[0][:40]!r}")
    if with_bar:
        items += scale_bar(bar_x, t - 0.6, SCALE_BAR_LENGTH)
    if with_label:
        items.append(Text(bar_x - _LABEL_W - 1.0, 0.0, _LABEL_W, t,
                          fit_footer(scale_label.format(n=f"{format_number(SCALE_BAR_LENGTH)}"), _LABEL_W),
                          font=FOOTER_FONT, size=FOOTER_SIZE, color=FOOTER_COLOR, align="right",
                          valign="middle", wrap=False, shrink=True, min_size=FOOTER_MIN_SIZE))
    return items


def scale_bar(x: float, y: float, length: float = SCALE_BAR_LENGTH) -> list[Item]:
    """A ruler `length` mm long on baseline y: ticks every 5 mm, taller every 10, tallest at the ends."""
    items: list[Item] = [Line(x, y, x + length, y, stroke=BAR_STROKE)]
    steps = round(length / 5.0)
    for i in range(steps + 1):
        tick = 3.6 if i in (0, steps) else 2.0 if i % 2 == 0 else 1.0
        items.append(Line(x + i * 5.0, y, x + i * 5.0, y - tick, stroke=BAR_STROKE))
    return items


def _footer_text(x: float, w: float, text: str, font: str = FOOTER_FONT) -> Text:
    return Text(x, 0.0, w, FOOTER_HEIGHT, text, font=font, size=FOOTER_SIZE, color=FOOTER_COLOR,
                valign="middle", wrap=False, shrink=True, min_size=FOOTER_MIN_SIZE,
                direction="ltr")     # pnpgen's words (all its languages left to right) around a user's title


def _fits(text: str, width: float, font: str = FOOTER_FONT) -> bool:
    """Whether the footer's words lay out in a strip `width` mm long (at the minimum size at worst)."""
    from generator.scene.fonts import font_metrics
    from generator.scene.text import layout_text

    if width <= 0:
        return False
    rough = font_metrics(font).width(text) * FOOTER_MIN_SIZE / 1000.0 * MM_PER_PT
    if rough > width * 1.1 + 1.0:      # far too long even unshaped: not worth shaping (each candidate would be)
        return False
    try:
        layout_text(_footer_text(0.0, width, text, font))
    except LayoutError:
        return False
    return True


def fit_footer(text: str, width: float, font: str = FOOTER_FONT) -> str:
    """The footer's words shortened to fit `width` mm ("" when nothing fits): first the printing
    advice to its short form, then the source (from its start, keeping a file name's end; dropped whole
    when too little of it would be left), then the title (whole words from its start, dropped when not
    even one fits), the layout beside page n/N, the advice, and at last page n/N alone; no field is ever
    left as a bare "…"."""
    def fits(candidate: str) -> bool:
        return _fits(candidate, width, font)

    if len(text) > MAX_PART:          # no strip holds this many characters: each part clipped first
        text = SEPARATOR.join(_clip(part, end=index == 1) for index, part in enumerate(text.split(SEPARATOR)))
    if fits(text):
        return text
    parts = text.split(SEPARATOR)
    if len(parts) < 2:
        return shorten_words(text, fits)
    parts[-1] = SHORT_ADVICE.get(parts[-1], parts[-1])
    if len(parts) >= 4 and not fits(SEPARATOR.join(parts)):     # title · source · page · advice
        parts[-3] = _longest_end(parts, len(parts) - 3, fits)
        parts = [p for p in parts if p]
    if len(parts) >= 3 and not fits(SEPARATOR.join(parts)):
        parts[0] = _whole_words(parts, fits)
        parts = [p for p in parts if p]
    if fits(SEPARATOR.join(parts)):
        return SEPARATOR.join(parts)
    # a narrow strip (A5, a small custom paper): page n/N without the layout, then without the advice;
    # the title's first words (taken again from the whole title: it may have been dropped) with them
    where = parts[-2].split(",")[0]
    original = text.split(SEPARATOR)
    title = original[0] if len(original) >= 3 else ""
    for tail in ([where, parts[-1]], [where]):
        candidate = SEPARATOR.join([*parts[:-2], *tail])
        if fits(candidate):
            return candidate
        short = _whole_words([title, *tail], fits) if title else ""
        if short:
            return SEPARATOR.join([short, *tail])
    for last in (where, where.split()[-1]):      # page n/N alone, then n/N alone
        if fits(last):
            return last
    return ""


MAX_PART = 400        # characters of a footer part worth measuring (the longest strip holds fewer at 5 pt)


def _clip(part: str, end: bool) -> str:
    """A footer part of at most MAX_PART characters: its start (a title), or its end (the source), whole words."""
    if len(part) <= MAX_PART:
        return part
    if end:
        tail = part[-MAX_PART:]
        cut = tail.find(" ")
        return "…" + (tail[cut + 1:] if 0 <= cut < MAX_PART // 2 else tail)
    head = part[:MAX_PART]
    cut = head.rfind(" ")
    return (head[:cut] if cut > MAX_PART // 2 else head) + "…"


def shorten_words(text: str, fits: Callable[[str], bool]) -> str:
    """The most whole words of `text` from its start, then "…", that fit; "" when not even one word does."""
    words = text.split()
    for keep in range(len(words) - 1, 0, -1):
        short = " ".join(words[:keep]).rstrip(",:;·-") + "…"
        if fits(short):
            return short
    return ""


def own_text_lines(box: Text) -> list[TextLine]:
    """pnpgen's own words (a cover, a label, a heading) that do not fit their box: the most whole words
    from their start, then "…", that do; none at all, with a note, when not even one word does. A user's
    text never comes here: the card engine lays it out, and refuses it naming the card, when it builds."""
    from generator.scene.text import fits_box, layout_text

    short = shorten_words(" ".join(box.text.split()), lambda candidate: fits_box(box, candidate))
    if short:
        return layout_text(replace(box, text=short))
    add_note(f"the words {box.text[:40]!r} are left out: they do not fit their "
             f"{format_number(box.w)} x {format_number(box.h)} mm box")
    return []


_MIN_KEPT = 8    # characters of a shortened source worth printing; fewer and it is dropped whole


def _longest_end(parts: list[str], index: int, fits: Callable[[str], bool]) -> str:
    """The longest end of parts[index] starting at a word (after a space or a "/"), after "…", with which
    the footer fits; "" (drop it) when no end of at least _MIN_KEPT characters does."""
    word = parts[index]
    starts = [k for k in range(1, len(word)) if word[k - 1] in " /" and word[k] != " "]
    for k in starts:
        end = "…" + word[k:]
        if len(word) - k >= _MIN_KEPT and fits(SEPARATOR.join([*parts[:index], end, *parts[index + 1:]])):
            return end
    return ""


def _whole_words(parts: list[str], fits: Callable[[str], bool]) -> str:
    """The most whole words of the title (parts[0], then "…") with which the footer fits; "" (drop it)
    when not even its first word does."""
    words = parts[0].split()
    for keep in range(len(words) - 1, 0, -1):
        short = " ".join(words[:keep]).rstrip(",:;·-") + "…"
        if fits(SEPARATOR.join([short, *parts[1:]])):
            return short
    return words[0] if words and fits(SEPARATOR.join([words[0], *parts[1:]])) else ""


def add_footers(pages: Sequence[Page], title: str = "", source: str = "",
                side: str = "bottom", lang: str = "en") -> list[Page]:
    """Number whole-page products and add the footer at the bottom of each; returns the pages."""
    total = len(pages)
    for number, page in enumerate(pages, start=1):
        page.add(*footer_items(side, page.width, page.height,
                               footer_text(title, source, number, total, lang), lang))
    return list(pages)


def content_box_for(width: float, height: float) -> tuple[float, float, float, float]:
    """The usable box inside the margins and above the footer strip."""
    m = PRINTER_MARGIN
    return (m, m, width - 2 * m, height - 2 * m - FOOTER_HEIGHT - FOOTER_GAP)


__all__ = [
    "CUT_WORDS",
    "FOOTER_WORDS",
    "LAYOUT_WORDS",
    "SOURCE_WORDS",
    "add_footers",
    "content_box_for",
    "fit_footer",
    "flip_words",
    "footer_band",
    "footer_items",
    "footer_text",
    "footer_words",
    "layout_words",
    "own_text_lines",
    "scale_bar",
    "seed_words",
    "shorten_words",
    "source_word",
]
