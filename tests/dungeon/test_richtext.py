"""Inline-icon rich text and the element kinds built on it (richtext, icon, statblock, abilities)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards.elements import ElementContext, get_kind
from generator.cards.icons import ICONS, draw_icon, lowest
from generator.cards.iconset import shape_set
from generator.cards.richtext import RichStyle, layout_rich, parse_rich
from generator.core.errors import DataError, LayoutError
from generator.games.dungeon import GAME
from generator.games.dungeon.content import load_deck, load_labels
from generator.games.dungeon.sheets import build_deck
from generator.scene.model import Group, Line, TextLine
from generator.scene.text import text_width

CODEX = shape_set()     # the six icons the CODEX templates declare


def _icons_and_lines(items):
    icons = [i for i in items if isinstance(i, Group)]
    lines = [i for i in items if isinstance(i, TextLine)]
    return icons, lines


@pytest.mark.parametrize("name", sorted(ICONS))
def test_an_icon_stands_on_its_bottom_edge(name):
    group = draw_icon(name, 10.0, 20.0, 3.0)
    assert abs(lowest(group.items) - 20.0) < 1e-6


def test_inline_icons_sit_on_the_baseline_of_their_line():
    text = "[<pa>, <engage>] Un joueur récupère 2 <pv>.\nPuis <melee> ou <ranged> : <passive> fin."
    items = layout_rich(text, 5.0, 5.0, 30.0, 30.0, RichStyle(size=8, icons=CODEX))
    icons, lines = _icons_and_lines(items)
    assert len(icons) == 6
    baselines = sorted({line.y for line in lines})
    for icon in icons:
        bottom = lowest(icon.items)
        assert any(abs(bottom - b) < 1e-3 for b in baselines), (bottom, baselines)
        top = min(min(p[1] for p in i.points) if hasattr(i, "points") else i.cy - i.r for i in icon.items)
        assert bottom - top < 8 * 0.3528            # no taller than the text size


@settings(max_examples=40, deadline=None)
@given(words=st.lists(st.sampled_from(["Zone", "<pa>", "dégâts", "[Condition]", "<g>3</g>", "<pv>.",
                                       "Créature", "[<engage>]"]), min_size=1, max_size=30),
       width=st.floats(20, 60))
def test_rich_text_stays_in_its_box_and_icons_on_baselines(words, width):
    text = " ".join(words)
    items = layout_rich(text, 0.0, 0.0, width, 80.0, RichStyle(size=8, min_size=4, icons=CODEX))
    icons, lines = _icons_and_lines(items)
    for line in lines:
        assert line.x >= -1e-6 and line.x + text_width(line.text, line.font, line.size) <= width + 1e-3
    if not lines:
        return
    # every text line and icon sits on a baseline first + k * pitch (a line may hold icons only)
    baselines = [line.y for line in lines] + [lowest(icon.items) for icon in icons]
    first, pitch = min(baselines), lines[0].size * 1.2 * 25.4 / 72
    assert first > 0
    for baseline in baselines:
        k = (baseline - first) / pitch
        assert abs(k - round(k)) < 1e-3


def test_conditions_are_bold_and_green_values_green():
    items = layout_rich("[Si blessé] J'inflige 2 <g>3</g> dégâts.", 0, 0, 80, 10, RichStyle(green="#00aa00"))
    _, lines = _icons_and_lines(items)
    assert lines[0].text == "[Si blessé]" and lines[0].font == "sans-bold"
    assert any(line.text == "3" and line.color == "#00aa00" for line in lines)
    assert any(line.text.startswith("J'inflige 2") and line.font == "sans" for line in lines)


def test_rules_between_paragraphs_and_shrinking():
    style = RichStyle(size=10, min_size=5, para_gap=3.0, rule=__import__("generator.scene.model",
                                                                          fromlist=["Stroke"]).Stroke())
    items = layout_rich("Premier effet.\nSecond effet, plus long que le premier.", 0, 0, 25, 20, style)
    rules = [i for i in items if isinstance(i, Line)]
    _, lines = _icons_and_lines(items)
    assert len(rules) == 1 and min(ln.y for ln in lines) < rules[0].y1 < max(ln.y for ln in lines)
    small = layout_rich("un texte " * 20, 0, 0, 25, 12, RichStyle(size=10, min_size=4))
    assert max(line.size for line in small if isinstance(line, TextLine)) < 10


def test_text_that_cannot_fit_and_unknown_icons_are_errors():
    with pytest.raises(LayoutError, match="does not fit"):
        layout_rich("mot " * 200, 0, 0, 20, 5, RichStyle(size=8, min_size=6))
    with pytest.raises(LayoutError, match="unknown icon <boom>"):
        parse_rich("un <boom> ici", CODEX)
    with pytest.raises(LayoutError, match=r"unknown icon <pa>.*declares no `icons:`"):
        parse_rich("the CODEX icons are not every template's: <pa>")


def _ctx():
    return ElementContext(fields={}, card_w=63.5, card_h=88.9, data_file="cards.yaml", line=7, where="front element 'x'",
                          icons=CODEX)


def test_element_kinds_are_registered_and_report_the_data_line():
    for name in ("richtext", "icon", "statblock", "abilities"):
        assert get_kind(name) is not None
    kind = get_kind("richtext")
    values = {k: p.default for k, p in kind.keys.items()}
    values.update(x=0, y=0, w=10, h=3, text="beaucoup trop de mots " * 30, size=8, min_size=6)
    with pytest.raises(DataError) as info:
        kind.draw(values, _ctx())
    assert info.value.line == 7 and "does not fit" in info.value.message


def test_abilities_share_sizes_and_drop_empty_columns():
    kind = get_kind("abilities")
    values = {k: p.default for k, p in kind.keys.items()}
    values.update(x=0, y=0, w=54, h=40, columns=(("Un joueur est là.", "J'inflige 2 <pv>."), ("", ""),
                                               ("Défaut", "Je me déplace.")))
    items = kind.draw(values, _ctx())
    lines = [i for i in items if isinstance(i, TextLine)]
    effects = {line.size for line in lines if line.font == "sans"}
    conds = {line.size for line in lines if line.font == "sans-italic"}
    assert len(effects) == 1 and len(conds) == 1 and max(conds) <= max(effects)
    verticals = [i for i in items if isinstance(i, Line) and i.x1 == i.x2]
    assert len(verticals) == 1 and abs(verticals[0].x1 - 27) < 1e-6


def test_every_card_text_stays_inside_the_card_panel_in_both_languages():
    deck, labels = load_deck(), load_labels()

    def walk(items):
        for item in items:
            if isinstance(item, Group):
                yield from walk(item.items)
            else:
                yield item

    for lang in GAME.languages:
        for card in build_deck(deck, labels, lang):
            for line in (i for i in walk(card.front) if isinstance(i, TextLine)):
                right = line.x + text_width(line.text, line.font, line.size)
                assert 2.5 <= line.x and right <= 61.0 and 2.5 < line.y < 86.4, (card.label, line.text)
