"""Rich text in every script (issue 30's leftovers): right-to-left lines ordered by the bidi algorithm
across bold/green runs and icons, and words hyphenated by `lang` like plain text's."""

from __future__ import annotations

import pytest

from generator.cards.elements import get_kind
from generator.cards.iconset import shape_set
from generator.cards.richtext import RichStyle, layout_rich
from generator.core.errors import LayoutError
from generator.scene.fonts import nominal_glyph
from generator.scene.model import Group, TextLine
from generator.scene.text import placed_glyphs, text_width

HEBREW = "שלום [עולם] (abc) <g>טוב</g> <pa> סוף"
ICONS = shape_set(["pa"])


def _right(line: TextLine) -> float:
    return line.x + text_width(line.text, line.font, line.size)


def test_a_right_to_left_line_runs_from_the_right_across_its_styles_and_icons() -> None:
    items = layout_rich(HEBREW, 5.0, 5.0, 80.0, 20.0, RichStyle(size=10, icons=ICONS))
    lines = [i for i in items if isinstance(i, TextLine)]
    (icon,) = [i for i in items if isinstance(i, Group)]
    assert len({round(line.y, 3) for line in lines}) == 1          # one line
    by_text = {line.text: line for line in lines}
    first, bold, last = by_text["שלום"], by_text["[עולם]"], by_text["סוף"]
    # aligned to its start (align left = the right edge); logical order read right to left
    assert _right(first) == pytest.approx(85.0, abs=0.01)
    xs = [first.x, bold.x, by_text["abc"].x, by_text["טוב"].x, _icon_x(icon), last.x]
    assert xs == sorted(xs, reverse=True)
    assert bold.font == "sans-bold" and bold.rtl is True and first.rtl is True
    assert by_text["abc"].rtl is False and by_text["טוב"].color == RichStyle().green
    # the left-to-right word sits between its brackets, each mirrored as right-to-left text draws it
    opening = [line for line in lines if line.text.startswith(")")]   # ")" + the space before טוב...
    closing = [line for line in lines if line.text.endswith("(")]
    assert opening and closing
    assert closing[0].x > by_text["abc"].x > opening[0].x
    mirrored = placed_glyphs(closing[0])[-1]                  # "(" drawn last (at the left end of its run)
    assert mirrored[1] == nominal_glyph("sans", ")")


def _icon_x(group: Group) -> float:
    from generator.scene.bounds import items_box

    box = items_box([group])
    assert box is not None
    return box[0]


def test_a_hebrew_word_inside_left_to_right_rich_text_keeps_its_place() -> None:
    items = layout_rich("Win <g>שלום עולם</g> now", 0.0, 0.0, 80.0, 10.0, RichStyle(size=10))
    lines = [i for i in items if isinstance(i, TextLine)]
    assert [line.text for line in lines] == ["Win", "שלום עולם", "now"]
    assert [line.rtl for line in lines] == [False, True, False]
    assert lines[0].x == 0.0 and lines[0].x < lines[1].x < lines[2].x      # left aligned, logical order


def test_left_to_right_rich_text_is_set_as_before() -> None:
    """No right-to-left character: no bidi pass, one run per style, no direction given."""
    items = layout_rich("Gain [2 or]  <g>more</g> coins", 0.0, 0.0, 80.0, 10.0, RichStyle(size=10))
    assert [(i.text, i.rtl) for i in items if isinstance(i, TextLine)] == [
        ("Gain", None), ("[2 or]", None), ("more", None), ("coins", None)]


def test_a_long_word_hyphenates_by_lang_inside_a_green_run() -> None:
    text = "Una <g>precipitevolissimevolmente</g> bella"
    style = RichStyle(size=12, min_size=6, lang="it")
    lines = [i for i in layout_rich(text, 0.0, 0.0, 22.0, 40.0, style) if isinstance(i, TextLine)]
    assert {line.size for line in lines} == {12}                   # hyphenated, not shrunk
    green = [line.text for line in lines if line.color == style.green]
    assert len(green) >= 3 and all(t.endswith("-") for t in green[:-1])
    assert "".join(t.rstrip("-") for t in green) == "precipitevolissimevolmente"
    assert all(_right(line) <= 22.0 + 1e-6 for line in lines)
    # without a language the word has no break point: it shrinks as before, and here cannot fit at all
    with pytest.raises(LayoutError, match="does not fit"):
        layout_rich(text, 0.0, 0.0, 22.0, 40.0, RichStyle(size=12, min_size=6))


def test_soft_hyphens_break_rich_text_where_the_line_ends() -> None:
    text = "aaa Donau\u00addampf\u00adschiff"
    lines = [i for i in layout_rich(text, 0.0, 0.0, text_width("aaa Donaudampf-", "sans", 10) + 0.1, 20.0,
                                    RichStyle(size=10)) if isinstance(i, TextLine)]
    assert [line.text for line in lines] == ["aaa Donaudampf-", "schiff"]     # soft hyphens set, not drawn
    # across a style change (the hyphen in the style of the soft hyphen's text), and a pair of soft
    # hyphens with nothing after them (no break there)
    bold = [i for i in layout_rich("<b>Donau\u00addampf</b>\u00adschiff\u00adfahrt xx aaaa\u00ad\u00ad", 0.0, 0.0,
                                   text_width("Donaudampfschiff-", "sans", 10) + 0.1, 20.0, RichStyle(size=10))
            if isinstance(i, TextLine)]
    assert [(line.text, line.font) for line in bold] == [("Donaudampf", "sans-bold"), ("-", "sans"),
                                                         ("schifffahrt xx aaaa", "sans")]
    assert bold[1].x == pytest.approx(text_width("Donaudampf", "sans-bold", 10), abs=1e-3)


def test_the_richtext_element_takes_lang_and_features() -> None:
    keys = get_kind("richtext").keys
    assert keys["lang"].default == "" and keys["features"].default == ()


def test_direction_sets_a_paragraphs_base_direction_in_text_and_richtext() -> None:
    """A Hebrew sentence that opens with a Latin word is left to right by its first strong letter (rule
    P2); `direction: rtl` makes it right to left (P3), set from the right edge; `ltr` the other way."""
    from generator.scene.model import Text
    from generator.scene.text import layout_text

    sentence = "DNA הוא מולקולה"
    assert get_kind("text").keys["direction"].default == get_kind("richtext").keys["direction"].default == "auto"
    auto, rtl = (layout_text(Text(0, 0, 60, 10, sentence, size=10, direction=d))[0] for d in ("auto", "rtl"))
    assert auto.rtl is False and auto.x == pytest.approx(0.0)
    assert rtl.rtl is True and rtl.x + text_width(sentence, "sans", 10) == pytest.approx(60.0, abs=1e-3)
    lines = [i for i in layout_rich(sentence, 0.0, 0.0, 60.0, 10.0, RichStyle(size=10, direction="rtl"))
             if isinstance(i, TextLine)]
    assert max(_right(line) for line in lines) == pytest.approx(60.0, abs=1e-3)
    assert all(line.rtl for line in lines if "DNA" not in line.text)
    assert max(lines, key=lambda line: line.x).text == "DNA"            # the paragraph's first word, at its start
    ltr = layout_text(Text(0, 0, 60, 10, "עולם hello", size=10, direction="ltr"))[0]
    assert ltr.rtl is False and ltr.x == pytest.approx(0.0)
