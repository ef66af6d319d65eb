"""layout_text: wrapping, shrink-to-fit, alignment, baselines, broken long words, and LayoutError."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import LayoutError
from generator.core.units import MM_PER_PT
from generator.scene.fonts import font_metrics
from generator.scene.model import Text
from generator.scene.text import layout_text, text_width

WORDS = "la volpe rapida salta sopra il cane pigro à côté de la forêt ação coração".split()


def _extent(line):
    """(left, right, top, bottom) in mm of a laid-out line."""
    fm = font_metrics(line.font)
    unit = line.size / 1000 * MM_PER_PT
    return (line.x, line.x + text_width(line.text, line.font, line.size),
            line.y - fm.ascent * unit, line.y + fm.descent * unit)


def _inside(box: Text, lines) -> bool:
    eps = 1e-6
    for line in lines:
        left, right, top, bottom = _extent(line)
        if left < box.x - eps or right > box.x + box.w + eps:
            return False
        if top < box.y - eps or bottom > box.y + box.h + eps:
            return False
    return True


def test_wraps_at_spaces_and_keeps_every_word() -> None:
    text = " ".join(WORDS)
    box = Text(0, 0, 40, 100, text, size=10, shrink=False)
    lines = layout_text(box)
    assert len(lines) > 2
    assert " ".join(ln.text for ln in lines).split() == WORDS
    assert _inside(box, lines)
    # greedy: the next line's first word would not have fitted on the line before
    for a, b in itertools.pairwise(lines):
        first = b.text.split()[0]
        assert text_width(a.text + " " + first, "sans", 10) > 40


def test_explicit_newlines_start_new_lines() -> None:
    lines = layout_text(Text(0, 0, 100, 50, "uno\ndue tre\n\nquattro", size=10))
    assert [ln.text for ln in lines] == ["uno", "due tre", "quattro"]
    pitch = 10 * 1.2 * MM_PER_PT
    assert lines[1].y - lines[0].y == pytest.approx(pitch)
    assert lines[2].y - lines[1].y == pytest.approx(2 * pitch)   # the empty line keeps its place


def test_shrinks_to_the_largest_size_that_fits() -> None:
    text = " ".join(WORDS * 3)
    box = Text(0, 0, 50, 20, text, size=14, min_size=4)
    lines = layout_text(box)
    size = lines[0].size
    assert 4 <= size < 14
    assert all(ln.size == size for ln in lines)
    assert _inside(box, lines)
    with pytest.raises(LayoutError):   # half a point larger does not fit
        layout_text(Text(0, 0, 50, 20, text, size=size + 0.5, shrink=False))


def test_no_shrink_raises_instead_of_overflowing() -> None:
    with pytest.raises(LayoutError):
        layout_text(Text(0, 0, 20, 5, "parecchie parole che non ci stanno", size=12, shrink=False))


def test_error_names_the_text_and_the_box() -> None:
    text = "Questo testo è decisamente troppo lungo per una scatola così piccola " * 3
    with pytest.raises(LayoutError) as err:
        layout_text(Text(0, 0, 12.5, 4, text, size=10, min_size=6))
    message = str(err.value)
    assert repr(text[:30]) in message
    assert "12.5 x 4 mm" in message
    assert "6 pt" in message


def test_long_word_is_broken_at_min_size() -> None:
    word = "Supercalifragilistichespiralidoso"
    box = Text(0, 0, 20, 30, word, size=10, min_size=8)
    lines = layout_text(box)
    assert len(lines) > 1
    assert "".join(ln.text for ln in lines) == word
    assert all(ln.size == 8 for ln in lines)
    assert _inside(box, lines)


def test_long_word_is_not_broken_while_shrinking_can_fit_it() -> None:
    word = "Precipitevolissimevolmente"
    width = text_width(word, "sans", 9)
    lines = layout_text(Text(0, 0, width + 0.01, 30, word, size=12, min_size=6))
    assert [ln.text for ln in lines] == [word]
    assert lines[0].size == 9


@pytest.mark.parametrize("align, share", [("left", 0.0), ("center", 0.5), ("right", 1.0)])
def test_horizontal_alignment(align: str, share: float) -> None:
    box = Text(10, 20, 80, 30, "corto", size=10, align=align)
    (line,) = layout_text(box)
    width = text_width("corto", "sans", 10)
    assert line.x == pytest.approx(10 + (80 - width) * share)


@pytest.mark.parametrize("valign", ["top", "middle", "bottom"])
def test_vertical_alignment_and_baseline(valign: str) -> None:
    box = Text(10, 20, 80, 30, "uno\ndue", size=10, valign=valign)
    first, second = layout_text(box)
    fm = font_metrics("sans")
    unit = 10 / 1000 * MM_PER_PT
    block = (fm.ascent + fm.descent) * unit + 10 * 1.2 * MM_PER_PT
    top = {"top": 20, "middle": 20 + (30 - block) / 2, "bottom": 50 - block}[valign]
    assert first.y == pytest.approx(top + fm.ascent * unit)
    assert second.y + fm.descent * unit == pytest.approx(top + block)


def test_baseline_leaves_room_for_accented_capitals() -> None:
    (line,) = layout_text(Text(0, 0, 100, 20, "ÀÉÇ", size=20))
    fm = font_metrics("sans")
    assert fm.ascent > 900   # hhea ascent covers the accent on a capital (typo ascent does not)
    assert line.y == pytest.approx(fm.ascent * 20 / 1000 * MM_PER_PT)


def test_no_wrap_keeps_lines_whole_and_shrinks_them() -> None:
    lines = layout_text(Text(0, 0, 30, 20, "una riga sola un po' lunga", size=12, wrap=False, min_size=4))
    assert [ln.text for ln in lines] == ["una riga sola un po' lunga"]
    assert text_width(lines[0].text, "sans", lines[0].size) <= 30


def test_empty_text_gives_no_lines() -> None:
    assert layout_text(Text(0, 0, 10, 10, "   ")) == []


@pytest.mark.parametrize("field, value", [("align", "justify"), ("valign", "centre"), ("font", "comic"),
                                          ("line_height", 0.0), ("size", -3.0)])
def test_bad_settings_are_layout_errors(field: str, value: str) -> None:
    box = Text(0, 0, 50, 20, "ciao", **{field: value})
    with pytest.raises(LayoutError):
        layout_text(box)


@settings(max_examples=150, deadline=None)
@given(words=st.lists(st.sampled_from([*WORDS, "x", "ÀÉÇœ", "Precipitevolissimevolmente"]),
                      min_size=1, max_size=40),
       w=st.floats(5, 120), h=st.floats(3, 80), size=st.floats(6, 30),
       align=st.sampled_from(["left", "center", "right"]),
       valign=st.sampled_from(["top", "middle", "bottom"]),
       font=st.sampled_from(["sans", "serif-bold", "condensed", "mono"]))
def test_layout_stays_in_its_box_or_raises(words, w, h, size, align, valign, font) -> None:
    box = Text(3, 7, w, h, " ".join(words), font=font, size=size, min_size=5,
               align=align, valign=valign)
    try:
        lines = layout_text(box)
    except LayoutError as err:
        assert "does not fit" in str(err)
        return
    assert _inside(box, lines)
    assert "".join(ln.text for ln in lines).replace(" ", "") == "".join(words)
    assert len({ln.size for ln in lines}) == 1 and 5 <= lines[0].size <= size


def test_no_break_space_keeps_words_together() -> None:
    text = "Où est-il\u00a0? Je ne sais pas\u202f! Vraiment pas."
    lines = layout_text(Text(0, 0, 22, 60, text, size=10, shrink=False))
    assert len(lines) > 2
    for line in lines:
        assert not line.text.startswith(("?", "!"))
    assert any("il\u00a0?" in line.text for line in lines)


def test_decomposed_accents_are_composed() -> None:
    (line,) = layout_text(Text(0, 0, 50, 10, "cafe\u0301 a\u0300", size=10))
    assert line.text == "café à"
