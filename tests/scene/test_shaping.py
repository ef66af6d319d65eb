"""Shaped text (issue 30): glyph runs equal to HarfBuzz's own hb-shape, bidi order, line breaking
(UAX #14 with Japanese kinsoku), hyphenation, and a template's own fonts in the registry."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from generator.core.errors import LayoutError
from generator.scene.fonts import (
    FontFileError,
    add_font,
    add_stack,
    font_path,
    missing_chars,
    shape_line,
    shaped_width,
)
from generator.scene.model import Text
from generator.scene.text import NO_START, layout_text, segments, text_width

TESTS = Path(__file__).resolve().parent.parent
JP_FONT = TESTS / "fonts" / "NotoSansJP-subset.otf"
JAPANESE = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"
LATIN = "office Taverne AVATAR WAVE"
ARABIC = "مرحبا بالعالم"
DEVANAGARI = "नमस्ते दुनिया क्षत्रिय"


def _hb_shape(path: Path, text: str, features: str = "", direction: str = "") -> list[dict[str, int]]:
    argv = ["hb-shape", "--output-format=json", "--no-glyph-names", str(path), text]
    if features:
        argv.insert(1, f"--features={features}")
    if direction:
        argv.insert(1, f"--direction={direction}")
    out: list[dict[str, int]] = json.loads(subprocess.run(argv, capture_output=True, text=True, check=True).stdout)
    return out


def _scripts(system_font) -> list[tuple[str, Path, str]]:
    return [("latin", font_path("sans"), LATIN),
            ("arabic", system_font("Noto Sans Arabic"), ARABIC),
            ("devanagari", system_font("Noto Sans Devanagari"), DEVANAGARI),
            ("japanese", JP_FONT, JAPANESE)]


@pytest.mark.needs("hb-shape", "fc-match")
def test_glyph_runs_are_hb_shapes_own(system_font) -> None:
    """Glyph ids, advances and offsets equal hb-shape's for the same font and text, in every script;
    the width (HarfBuzz units -> 1/1000 em) is the same to the float."""
    for script, path, text in _scripts(system_font):
        face = "sans" if script == "latin" else add_font(path)
        runs = shape_line(face, text)
        assert len(runs) == 1, script
        ours = [(g[0], round(g[1] * _upem(face) / 1000), g[4]) for g in runs[0].glyphs]
        theirs = [(g["g"], g["ax"], g["cl"]) for g in _hb_shape(path, text)]
        assert ours == theirs, script
        width = sum(g["ax"] for g in _hb_shape(path, text)) * 1000 / _upem(face)
        assert shaped_width(face, text) == pytest.approx(width, rel=1e-9), script


def _upem(face: str) -> int:
    from generator.scene.fonts import units_per_em

    return units_per_em(face)


def test_latin_is_kerned_and_ligated() -> None:
    """DejaVu Sans: "ffi" and "fi" are one glyph each, AV/WA/Ta pull together: the line is ~4 %
    narrower than its advances side by side (what every width was before shaping)."""
    from generator.scene.fonts import font_metrics

    runs = shape_line("sans", "office fit")
    assert len(runs[0].glyphs) == len("office fit") - 3        # ffi and fi ligatures
    apart = font_metrics("sans").width(LATIN)
    assert shaped_width("sans", LATIN) < apart * 0.97
    assert shape_line("sans", "office", ("-liga",))[0].glyphs.__len__() == 6    # features per element


@pytest.mark.needs("fc-match")
def test_arabic_is_one_right_to_left_run_between_latin_runs(system_font) -> None:
    arabic = add_font(system_font("Noto Sans Arabic"))
    stack = add_stack([add_font(system_font("Noto Sans")), arabic])
    runs = shape_line(stack, f"abc {ARABIC} def")
    (rtl,) = [r for r in runs if r.rtl]
    assert rtl.font == arabic and rtl.text == ARABIC    # the space between its words stays in the run
    assert runs[0].text == "abc " and runs[-1].text.strip() == "def" and runs[-1].font != arabic
    # an Arabic paragraph: its first run is the rightmost (bidi reordering of the runs)
    runs = shape_line(stack, f"{ARABIC} 2026")
    assert runs[-1].rtl and ARABIC.split()[0] in runs[-1].text


@pytest.mark.needs("fc-match")
def test_right_to_left_paragraph_aligned_to_its_start(system_font) -> None:
    arabic = add_font(system_font("Noto Sans Arabic"))
    (line,) = layout_text(Text(10, 10, 80, 20, ARABIC, font=arabic, size=12))
    assert line.x + text_width(ARABIC, arabic, 12) == pytest.approx(90)      # left means its start: right
    (line,) = layout_text(Text(10, 10, 80, 20, ARABIC, font=arabic, size=12, align="right"))
    assert line.x == pytest.approx(10)


# Paired brackets (rule N0 of UAX #9) and mirroring: (text, base direction, the visual order as the
# algorithm and fribidi give it, mirrored brackets drawn as their mirror's character). The last is
# UAX #9's own N0 example (AB(CD[&ef]!)gh with Hebrew for the capitals).
BRACKETS = [("א(b)c", True, "c(b)א"),
            ("(abc) שלום [x]", None, "(abc) םולש [x]"),
            ("שלום (abc) עולם [x]", None, "[x] םלוע (abc) םולש"),
            ("אב(גד[&ef]!)gh", True, "gh(![ef&]דג)בא")]


@pytest.mark.needs("hb-shape")
def test_paired_brackets_take_their_context_and_are_mirrored() -> None:
    """Our runs in visual order are hb-shape's glyphs of the expected visual string set left to right
    (DejaVu Sans: Hebrew has no contextual forms, so glyph for glyph)."""
    for text, rtl, visual in BRACKETS:
        ours = [g[0] for run in shape_line("sans", text, rtl=rtl) for g in run.glyphs]
        theirs = [g["g"] for g in _hb_shape(font_path("sans"), visual, direction="ltr")]
        assert ours == theirs, text


def test_brackets_follow_the_unicode_core_not_the_older_algorithm(monkeypatch) -> None:
    """python-bidi's Rust core resolves N0 (its levels read from get_display(debug=True)); the older
    pure-Python algorithm, used only when that answer cannot be read, turns the closing bracket."""
    import bidi

    from generator.scene import fonts

    assert fonts._bidi_levels("א(b)c", True)[1] == [1, 1, 2, 1, 2]
    assert fonts._legacy_bidi_levels("א(b)c", True)[1] == [1, 1, 2, 2, 2]
    assert fonts._bidi_levels("a\u202bבג\u202cd", None) == ("aבגd", [0, 1, 1, 0])   # embeddings dropped
    monkeypatch.setattr(bidi, "get_display", lambda *a, **k: "no levels here")
    assert fonts._bidi_levels("א(b)c", True)[1] == [1, 1, 2, 2, 2]


def test_a_wrapped_line_keeps_its_paragraphs_direction() -> None:
    """The base direction is the paragraph's (rule P2), not each line's: a Hebrew paragraph's line
    that starts with Latin words is still right to left, aligned to the right."""
    text = "שלום עולם abc def"
    lines = layout_text(Text(0, 0, text_width("שלום עולם", "sans", 10) + 0.5, 20, text, size=10, shrink=False))
    assert [line.text for line in lines] == ["שלום עולם", "abc def"]
    assert [line.rtl for line in lines] == [True, True]
    second = lines[1]
    assert second.x + text_width(second.text, "sans", 10) == pytest.approx(lines[0].x + text_width(
        lines[0].text, "sans", 10))
    (latin,) = layout_text(Text(0, 0, 80, 20, "abc def", size=10))
    assert latin.rtl is None                        # no right-to-left text: no bidi pass, as before


def test_japanese_wraps_without_a_line_starting_with_closing_punctuation() -> None:
    jp = add_font(JP_FONT)
    for width in (22, 25, 31, 40):
        lines = layout_text(Text(0, 0, width, 60, JAPANESE, font=jp, size=10, shrink=False))
        assert len(lines) >= 3 and "".join(line.text for line in lines) == JAPANESE
        assert all(line.text[0] not in NO_START for line in lines)
        assert all(text_width(line.text, jp, 10) <= width + 1e-6 for line in lines)
    # 25 mm holds 7 characters of 10 pt: "る" would fit on the first line, but then "。" would start
    # the second, so "る。" go down together
    lines = layout_text(Text(0, 0, 25, 60, JAPANESE, font=jp, size=10, shrink=False))
    assert lines[0].text == "吾輩は猫であ" and lines[1].text.startswith("る。")


def test_break_opportunities() -> None:
    assert segments("a b\u00a0c") == [("a", " "), ("b\u00a0c", " ")]          # no break at a no-break space
    assert [p for p, _ in segments("見当がつかぬ。")] == ["見", "当", "が", "つ", "か", "ぬ。"]
    assert [p for p, _ in segments("「どこ」で")] == ["「ど", "こ」", "で"]         # none after 「, none before 」
    assert segments("long\u200bword") == [("long", ""), ("word", " ")]
    # Korean is set word by word (keep-all): breaks at its spaces, a Hanja word keeps its particle
    assert segments("카드를 두 장 뽑는다.") == [("카드를", " "), ("두", " "), ("장", " "), ("뽑는다.", " ")]
    assert [p for p, _ in segments("漢字와 한글")] == ["漢字와", "한글"]   # the whole word, Hanja too


def test_a_korean_word_too_long_for_its_line_is_still_cut() -> None:
    word = "가나다라마바사아자차카타파하"
    lines = layout_text(Text(0, 0, 12, 40, word, size=10, shrink=False))
    assert len(lines) > 1 and "".join(line.text for line in lines) == word
    two = layout_text(Text(0, 0, 30, 40, "카드를 두 장 뽑는다 그리고 버린다", size=10, shrink=False))
    assert [line.text for line in two] == ["카드를 두 장 뽑는다 그리고", "버린다"]


def test_a_long_italian_word_hyphenates_instead_of_shrinking() -> None:
    text = "Le carte precipitevolissimevolmente cadute"
    plain = layout_text(Text(0, 0, 30, 30, text, size=10, min_size=5))
    assert plain[0].size < 10                                  # no language: the word shrinks the text
    lines = layout_text(Text(0, 0, 30, 30, text, size=10, min_size=5, lang="it"))
    assert lines[0].size == 10
    assert any(line.text.endswith("-") for line in lines)
    assert "".join(line.text.removesuffix("-") for line in lines).replace(" ", "") == text.replace(" ", "")
    assert all(text_width(line.text, "sans", 10) <= 30 + 1e-6 for line in lines)


def test_soft_hyphens_break_and_vanish() -> None:
    text = "Super\u00adcali\u00adfragi\u00adlistic word"
    lines = layout_text(Text(0, 0, 25, 30, text, size=10, shrink=False))
    assert all("\u00ad" not in line.text for line in lines)
    assert lines[0].text.endswith("-") and len(lines) >= 2
    (one,) = layout_text(Text(0, 0, 200, 30, text, size=10, shrink=False))
    assert one.text == "Supercalifragilistic word"


def test_missing_characters_are_those_of_no_font_in_the_stack() -> None:
    jp = add_font(JP_FONT)
    assert missing_chars("sans", "猫a") == ["猫"]
    assert missing_chars(add_stack(["sans", jp]), "猫a") == []


def test_bad_font_files(tmp_path: Path) -> None:
    fake = tmp_path / "fake.ttf"
    fake.write_bytes(b"not a font at all")
    with pytest.raises(FontFileError, match="not a font"):
        add_font(fake)
    with pytest.raises(FontFileError, match="not found"):
        add_font(tmp_path / "missing.otf")
    with pytest.raises(FontFileError, match="single font"):
        add_font(JP_FONT, 2)
    with pytest.raises(LayoutError):
        shaped_width("no-such-font", "x")



def test_spaces_and_punctuation_before_the_fonts_own_text_go_back_to_its_own_face() -> None:
    """After a stand-in face's run, " · " before the font's own words is drawn by the own face (the
    footer's dot, not a CJK face's full-width one); punctuation the own face lacks, or before more of the
    stand-in's text, stays in the stand-in's run."""
    from generator.scene.fonts import font_runs

    jp = add_font(JP_FONT)
    stack = add_stack(["sans", jp])
    assert font_runs(stack, "猫 · box") == [(jp, "猫"), ("sans", " · box")]
    assert font_runs(stack, "猫。box") == [(jp, "猫。"), ("sans", "box")]
    assert font_runs(stack, "猫 である") == [(jp, "猫 である")]
