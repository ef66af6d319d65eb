"""A template's own icons (`icons:`): files relative to the template, inherited through `extends`, drawn in
richtext, statblock, abilities and plain text; unknown names and bad entries are one-line errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards.build import build_cards
from generator.cards.iconset import IconSet, shape_set
from generator.cards.records import load_records
from generator.cards.richtext import RichStyle, layout_rich, parse_rich
from generator.cards.templates import load_template
from generator.core.errors import DataError, LayoutError, TemplateError
from generator.scene.model import Group, Image, TextLine
from generator.scene.model import Path as ScenePath

CROWN = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10">'
         '<path d="M0 10 L2 0 L10 6 L18 0 L20 10 Z" fill="#123456"/></svg>')
TWO_TONE = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#000"/>'
            '<circle cx="5" cy="5" r="4" fill="#aa0000"/><circle cx="5" cy="5" r="2" fill="#00aa00"/></svg>')


def _png(path: Path, w: int = 30, h: int = 10) -> None:
    from PIL import Image as PILImage

    PILImage.new("RGB", (w, h), (0, 0, 255)).save(path)


def _flat(items):
    for item in items:
        if isinstance(item, Group):
            yield from _flat(item.items)
        else:
            yield item


@pytest.fixture
def kit(tmp_path: Path):
    """A designer's folder: art/ with icons, a base template declaring them, data."""
    art = tmp_path / "art"
    art.mkdir()
    (art / "crown.svg").write_text(CROWN, "utf-8")
    (art / "coin.svg").write_text(TWO_TONE, "utf-8")
    _png(art / "gem.png")
    return tmp_path


def _build(folder: Path, template: str, data: str = "- {name: A, text: 'Gain 2 <crown>', cost: 3}\n"):
    (folder / "t.yaml").write_text(template, "utf-8")
    (folder / "d.yaml").write_text(data, "utf-8")
    return build_cards(load_records(folder / "d.yaml"), load_template(folder / "t.yaml"))


BASE = """\
card: poker
icons:
  crown: {src: art/crown.svg, fill: text}
  coin: art/coin.svg
  gem: art/gem.png
front:
"""


def test_richtext_draws_a_declared_svg_icon_in_the_text_colour(kit: Path) -> None:
    (card,) = _build(kit, BASE + "  - {kind: richtext, x: 5, y: 5, w: 50, h: 20, text: '{text}', color: '#7a1f1f'}\n")
    paths = [i for i in _flat(card.front) if isinstance(i, ScenePath)]
    assert paths and {p.fill for p in paths} == {"#7a1f1f"}          # fill: text
    line = next(i for i in _flat(card.front) if isinstance(i, TextLine))
    ys = [float(c[2]) for p in paths for c in p.commands if c[0] != "Z"]
    assert abs(max(ys) - line.y) < 1e-3                                # on the baseline
    xs = [float(c[1]) for p in paths for c in p.commands if c[0] != "Z"]
    assert abs((max(xs) - min(xs)) - 2 * (max(ys) - min(ys))) < 1e-3   # the 20 x 10 viewBox's shape


def test_svg_keeps_its_colours_by_default_and_drops_a_background_square(kit: Path) -> None:
    (card,) = _build(kit, BASE + "  - {kind: richtext, x: 5, y: 5, w: 50, h: 20, text: 'a <coin> b'}\n")
    fills = [i.fill for i in _flat(card.front) if isinstance(i, ScenePath)]
    assert fills == ["#aa0000", "#00aa00"]


def test_png_icons_and_plain_text_statblock_abilities(kit: Path) -> None:
    (card,) = _build(kit, BASE + """\
  - {kind: text, x: 5, y: 5, w: 50, h: 8, text: "[{name}] <gem> <crown>", size: 9}
  - {kind: statblock, x: 5, y: 20, w: 50, h: 10, stats: [{icon: gem, text: "{cost}"}, {icon: crown, text: "x"}]}
  - {kind: abilities, x: 5, y: 35, w: 50, h: 30, columns: [{cond: "<crown>", effect: "Gain <gem>"}]}
""")
    items = list(_flat(card.front))
    assert sum(isinstance(i, Image) for i in items) == 3                # gem in text, stat and effect
    texts = [i.text for i in items if isinstance(i, TextLine)]
    assert "[A]" in texts                                               # plain text: brackets stay text
    assert not any("<" in t for t in texts)


def test_plain_text_without_icons_is_unchanged(kit: Path) -> None:
    (card,) = _build(kit, BASE + "  - {kind: text, x: 5, y: 5, w: 50, h: 8, text: 'a <b> and <nothing>'}\n")
    (box,) = [i for i in card.front if hasattr(i, "wrap")]
    assert box.text == "a <b> and <nothing>"


def test_icons_are_inherited_and_relative_to_the_template_that_declares_them(kit: Path) -> None:
    (kit / "base").mkdir()
    (kit / "base" / "art").mkdir()
    (kit / "base" / "art" / "crown.svg").write_text(CROWN.replace("#123456", "#010203"), "utf-8")
    (kit / "base" / "base.yaml").write_text("card: poker\nicons: {crown: art/crown.svg, coin: art/crown.svg}\n"
                                            "front:\n  - {kind: rect, x: 0, y: 0, w: 1, h: 1}\n", "utf-8")
    (card,) = _build(kit, "extends: base/base.yaml\nicons: {coin: art/coin.svg}\nfront:\n"
                          "  - {kind: richtext, x: 5, y: 5, w: 50, h: 20, text: '<crown> <coin>'}\n")
    fills = [i.fill for i in _flat(card.front) if isinstance(i, ScenePath)]
    assert fills == ["#010203", "#aa0000", "#00aa00"]      # crown from base/art, coin overridden by the child
    template = load_template(kit / "t.yaml")
    assert (kit / "base" / "art" / "crown.svg") in template.files and (kit / "art" / "coin.svg") in template.files


def test_unknown_icon_names_the_card_and_the_element(kit: Path) -> None:
    with pytest.raises(DataError) as info:
        _build(kit, BASE + "  - {id: rules, kind: richtext, x: 5, y: 5, w: 50, h: 20, text: '{text}'}\n",
               "- {name: A, text: fine}\n- {name: B, text: 'Gain <crwn>'}\n")
    assert info.value.line == 2 and "front element 'rules'" in str(info.value)
    assert "unknown icon <crwn>" in str(info.value) and "crown, coin, gem" in str(info.value)


def test_check_and_the_preview_name_an_unknown_icon(kit: Path, pnpgen) -> None:
    from generator.preview.deck import LiveDeck

    (kit / "t.yaml").write_text(BASE + "  - {id: rules, kind: statblock, x: 5, y: 5, w: 50, h: 9, "
                                       "stats: [{icon: '{icon}', text: '1'}]}\n", "utf-8")
    (kit / "d.yaml").write_text("- {name: Ann, icon: gem}\n- {name: Bob, icon: crwn}\n", "utf-8")
    code, _out, err = pnpgen("cards", kit / "d.yaml", kit / "t.yaml", "--check")
    assert code == 2 and "d.yaml:2" in err and "front element 'rules'" in err and "'crwn'" in err
    deck = LiveDeck(kit / "d.yaml", kit / "t.yaml")
    deck.refresh()
    assert deck.cards[0].error is None and deck.cards[0].key
    assert deck.cards[1].label == "Bob" and "front element 'rules'" in deck.cards[1].error
    assert "unknown icon 'crwn'" in deck.cards[1].error


@pytest.mark.parametrize(("entry", "message"), [
    ("{crown: art/none.svg}", "icon file 'none.svg' not found"),
    ("{crown: art/gem.txt}", "an icon is an SVG, PNG or JPEG file"),
    ("{Crown: art/crown.svg}", "lower-case letters"),
    ("{g: art/crown.svg}", "not b or g"),
    ("{crown: {src: art/crown.svg, shape: pa}}", "a file (crown: art/crown.svg)"),
    ("{crown: {shape: star}}", "unknown shape 'star'"),
    ("{crown: {src: art/crown.svg, fill: mauvish}}", "fill and stroke are keep, text"),
    ("{crown: ../outside.svg}", "outside the template's folder"),
    ("[crown]", "must map icon names to files"),
])
def test_bad_icon_entries_are_template_errors(kit: Path, entry: str, message: str) -> None:
    (kit.parent / "outside.svg").write_text(CROWN, "utf-8")
    (kit / "art" / "gem.txt").write_text("a gem", "utf-8")
    (kit / "t.yaml").write_text(f"card: poker\nicons: {entry}\nfront:\n  - {{kind: rect, x: 0, y: 0, w: 1, h: 1}}\n")
    (kit / "d.yaml").write_text("- {name: A}\n", "utf-8")
    with pytest.raises(TemplateError) as info:
        build_cards(load_records(kit / "d.yaml"), load_template(kit / "t.yaml"))
    assert message in str(info.value) and "t.yaml" in str(info.value)


def test_the_codex_icons_are_the_dungeon_templates_own() -> None:
    from generator import paths

    template = load_template(paths.templates_dir() / "dungeon" / "creature.yaml")
    assert list(template.icons) == ["pa", "engage", "pv", "melee", "ranged", "passive"]
    example = load_template(paths.templates_dir() / "cards" / "example.yaml")
    assert example.icons == {}
    with pytest.raises(LayoutError, match="unknown icon <pa>"):
        parse_rich("Gain <pa>")


WORDS = st.sampled_from(["Gain", "2", "<a>", "<bb>", "[cond]", "<g>3</g>", "x<a>y", "<a><bb>"])


@settings(max_examples=60, deadline=None)
@given(words=st.lists(WORDS, min_size=1, max_size=25), width=st.floats(15, 60),
       align=st.sampled_from(["left", "center", "right"]), size=st.floats(5, 14))
def test_any_icon_set_text_stays_in_its_box_with_icons_on_baselines(words, width, align, size) -> None:
    icons = shape_set(["pa", "pv"])
    renamed = IconSet([icons.get("pa").__class__(n, icons.get(s).ratio, shape=s) for n, s in (("a", "pa"), ("bb", "pv"))])
    text = " ".join(words)
    items = layout_rich(text, 0.0, 0.0, width, 200.0, RichStyle(size=round(size, 1), min_size=3, align=align,
                                                                icons=renamed))
    baselines = {round(i.y, 3) for i in items if isinstance(i, TextLine)}
    groups = [i for i in items if isinstance(i, Group)]
    assert len(groups) == sum(len(re.findall(r"<(?:a|bb)>", w)) for w in words)
    from generator.cards.icons import lowest

    for group in groups:
        xs = [p[0] for it in group.items for p in getattr(it, "points", [])]
        assert all(-1e-3 <= x <= width + 1e-3 for x in xs)
        if baselines:
            bottom = lowest(group.items)
            (used,) = {i.size for i in items if isinstance(i, TextLine)}
            k = (bottom - min(baselines)) / (used * 1.2 * 25.4 / 72)
            assert abs(k - round(k)) < 1e-2
