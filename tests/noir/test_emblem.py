"""The `emblem` element kind: drawn inside its box, deterministic, distinct per parameters, greys on request."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards.build import build_cards
from generator.cards.elements import ElementContext, get_kind
from generator.cards.elements import emblem as mod
from generator.cards.records import load_records
from generator.cards.templates import load_template
from generator.core.errors import DataError, TemplateError
from generator.scene.model import Circle, Line, Polyline, Rect

BOX = (10.0, 20.0, 40.0, 30.0)


def _draw(**values):
    kind = get_kind("emblem")
    el = {k: p.convert(p.default) if p.default is not None else None
          for k, p in kind.keys.items() if not p.required}
    el.update(x=BOX[0], y=BOX[1], w=BOX[2], h=BOX[3])
    el.update({k: kind.keys[k].convert(v) for k, v in values.items()})
    return kind.draw(el, ElementContext(fields={}, card_w=63.5, card_h=88.9))


def _extent(item):
    if isinstance(item, Rect):
        return [(item.x, item.y), (item.x + item.w, item.y + item.h)]
    if isinstance(item, Circle):
        return [(item.cx - item.r, item.cy - item.r), (item.cx + item.r, item.cy + item.r)]
    if isinstance(item, Line):
        return [(item.x1, item.y1), (item.x2, item.y2)]
    if isinstance(item, Polyline):
        return list(item.points)
    raise AssertionError(f"unexpected item {item!r}")


def _colours(items) -> set[str]:
    found = set()
    for item in items:
        for attr in ("fill", "color"):
            if isinstance(getattr(item, attr, None), str):
                found.add(getattr(item, attr))
        stroke = getattr(item, "stroke", None)
        if stroke is not None:
            found.add(stroke.color)
    return found


parts = st.fixed_dictionaries({
    "hat": st.sampled_from(mod.HATS), "hair": st.sampled_from(mod.HAIRS), "face": st.sampled_from(mod.FACES),
    "neck": st.sampled_from(mod.NECKS), "shape": st.sampled_from(mod.SHAPES),
    "style": st.sampled_from(["portrait", "badge"]), "tone": st.sampled_from(["colour", "grey", "faded"])})


@given(parts)
@settings(max_examples=150, deadline=None)
def test_every_combination_stays_inside_its_square_in_the_box(values) -> None:
    items = _draw(**values)
    assert items
    side = min(BOX[2], BOX[3])
    x0, y0 = BOX[0] + (BOX[2] - side) / 2, BOX[1] + (BOX[3] - side) / 2
    for item in items:
        for x, y in _extent(item):
            assert x0 - 0.01 <= x <= x0 + side + 0.01 and y0 - 0.01 <= y <= y0 + side + 0.01, item


@pytest.mark.parametrize("tone", ["grey", "faded"])
def test_grey_tones_use_only_greys(tone: str) -> None:
    items = _draw(hat="beret", face="pipe", neck="tie", coat="#7b2cbf", backdrop="#caf0f8", tone=tone)
    for colour in _colours(items):
        assert re.fullmatch(r"#([0-9a-f]{2})\1\1", colour), colour
    faded = _colours(_draw(tone="faded", coat="#000000", backdrop="#ffffff", ink="none"))
    assert all(110 <= int(c[1:3], 16) <= 210 for c in faded)


def test_colour_tone_keeps_the_given_colours() -> None:
    assert {"#7b2cbf", "#caf0f8"} <= _colours(_draw(coat="#7b2cbf", backdrop="#caf0f8"))


def test_each_part_changes_the_drawing() -> None:
    base = dict(hat="none", hair="short", face="none", neck="none", shape="circle")
    reference = _draw(**base)
    for key, options in (("hat", mod.HATS), ("hair", mod.HAIRS), ("face", mod.FACES), ("neck", mod.NECKS),
                         ("shape", mod.SHAPES)):
        drawings = {tuple(_draw(**{**base, key: option})) for option in options}
        assert len(drawings) == len(options), key
    assert tuple(_draw(**{**base, "coat": "#123456"})) != tuple(reference)


def test_auto_parts_follow_the_seed() -> None:
    auto = dict(hat="auto", hair="auto", face="auto", neck="auto", shape="auto")
    assert _draw(seed="Ana", **auto) == _draw(seed="Ana", **auto)
    variants = {tuple(_draw(seed=name, **auto)) for name in ("Ana", "Bruno", "Carla", "Duarte", "Eva", "Filipe")}
    assert len(variants) >= 5


def _template(tmp_path: Path, element: str) -> Path:
    path = tmp_path / "t.yaml"
    path.write_text(f"card: poker\nfront:\n  - {element}\n", encoding="utf-8")
    return path


def _data(tmp_path: Path, hat: str) -> Path:
    path = tmp_path / "d.yaml"
    path.write_text(f"- {{name: A, hat: {hat}}}\n- {{name: B, hat: cap}}\n", encoding="utf-8")
    return path


def test_in_a_template_bad_values_are_reported_where_they_come_from(tmp_path) -> None:
    good = "{kind: emblem, x: 5, y: 5, w: 50, h: 50, hat: '{hat}', seed: '{name}'}"
    cards = build_cards(load_records(_data(tmp_path, "fedora")), load_template(_template(tmp_path, good)))
    assert len(cards) == 2 and cards[0].front != cards[1].front
    with pytest.raises(DataError) as err:
        build_cards(load_records(_data(tmp_path, "sombrero")), load_template(_template(tmp_path, good)))
    assert err.value.line == 1
    bad = "{kind: emblem, x: 5, y: 5, w: 50, h: 50, hat: sombrero}"
    with pytest.raises(TemplateError):
        build_cards(load_records(_data(tmp_path, "cap")), load_template(_template(tmp_path, bad)))


def test_badge_sides_are_checked(tmp_path) -> None:
    bad = "{kind: emblem, style: badge, x: 5, y: 5, w: 50, h: 50, sides: 2}"
    with pytest.raises(TemplateError):
        build_cards(load_records(_data(tmp_path, "cap")), load_template(_template(tmp_path, bad)))
    octagon = next(i for i in _draw(style="badge", sides=8) if isinstance(i, Polyline))
    assert len(octagon.points) == 8
