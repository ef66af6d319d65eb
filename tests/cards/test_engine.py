"""The card engine: element checks against the registry, fields against the data, drawing per record."""

from __future__ import annotations

import io
import json
import pkgutil

import pytest
from PIL import Image as PILImage

from generator.cards import elements, load_records, load_template
from generator.cards.build import build_cards, check_template
from generator.cards.elements import kinds, to_bool, to_color, to_num, to_points, to_text
from generator.cards.elements.basic import picture_size
from generator.core.errors import DataError, LayoutError, TemplateError
from generator.publish.images import load_image
from generator.scene.model import Circle, Group, Image, Line, Polyline, Rect, Text, TextLine

DATA = """
    - {name: Alpha, cost: 2, colour: "#aa0000", text: "Première carte", rare: true}
    - {name: Beta, cost: 0, colour: "#00aa00", text: "Deuxième", rare: false, qty: 2}
    """


def deck(write, elements_yaml: str, data: str = DATA, extra: str = "", back: str | None = None):
    data_path = write("d.yaml", data)
    text = f"card: poker\nbleed: 3\n{extra}front:\n{elements_yaml}"
    if back is not None:
        text += f"back:\n{back}"
    tmpl_path = write("t.yaml", text)
    return load_records(data_path), load_template(tmpl_path)


def flat(items):
    for item in items:
        if isinstance(item, Group):
            yield from flat(item.items)
        else:
            yield item


def test_unknown_kind_lists_the_known_ones(write):
    records, tmpl = deck(write, "  - {id: t, kind: txt, x: 1}\n")
    with pytest.raises(TemplateError) as info:
        check_template(tmpl, records)
    assert info.value.key == "front element 't'" and "'txt'" in info.value.message
    assert "rect" in info.value.message and "text" in info.value.message


def test_unknown_key_names_the_element_and_key(write):
    records, tmpl = deck(write, "  - {kind: circle, cx: 1, cy: 1, r: 1, colour: red}\n")
    with pytest.raises(TemplateError) as info:
        check_template(tmpl, records)
    assert info.value.key == "front[0]" and "'colour'" in info.value.message
    assert info.value.file == tmpl.file


def test_missing_required_key(write):
    records, tmpl = deck(write, "  - {id: title, kind: text, x: 1, y: 1, w: 10, text: hi}\n")
    with pytest.raises(TemplateError, match="needs the key 'h'"):
        check_template(tmpl, records)


@pytest.mark.parametrize("key, value", [("fill", "blu"), ("fill", "'#12345'"), ("r", "big"),
                                        ("dash", "[0, 1]")])
def test_bad_constant_values(write, key, value):
    element = {"id": "c", "kind": "circle", "cx": "1", "cy": "1", "r": "1", key: value}
    body = ", ".join(f"{k}: {v}" for k, v in element.items())
    records, tmpl = deck(write, f"  - {{{body}}}\n")
    with pytest.raises(TemplateError) as info:
        check_template(tmpl, records)
    assert info.value.key == f"front element 'c' key '{key}'"


def test_bad_background_colour(write):
    records, tmpl = deck(write, "  - {kind: rect}\n", extra="background: nope\n")
    with pytest.raises(TemplateError) as info:
        check_template(tmpl, records)
    assert info.value.key == "background"


@pytest.mark.parametrize("defaults, key", [("{txt: {size: 3}}", "defaults"), ("{text: {sise: 3}}", "defaults.text")])
def test_bad_defaults(write, defaults, key):
    records, tmpl = deck(write, "  - {kind: rect}\n", extra=f"defaults: {defaults}\n")
    with pytest.raises(TemplateError) as info:
        check_template(tmpl, records)
    assert info.value.key == key


def test_defaults_apply_and_elements_override_them(write):
    records, tmpl = deck(write, "  - {kind: text, x: 1, y: 1, w: 40, h: 9, text: a}\n"
                                "  - {kind: text, x: 1, y: 1, w: 40, h: 9, text: b, size: 7}\n",
                         extra="defaults: {text: {font: serif, size: 9}}\n")
    first, second = build_cards(records, tmpl)[0].front[1:]
    assert (first.font, first.size, second.font, second.size) == ("serif", 9, "serif", 7)


def test_field_not_in_data_is_a_template_error(write):
    records, tmpl = deck(write, "  - {id: title, kind: text, x: 1, y: 1, w: 30, h: 8, text: '{nme}'}\n")
    with pytest.raises(TemplateError) as info:
        check_template(tmpl, records)
    message = info.value.message
    assert "template t front element 'title' uses field 'nme' not in data file" in message
    assert "fields: name, cost, colour, text, rare" in message


def test_field_in_when_is_checked_too(write):
    records, tmpl = deck(write, "  - {kind: rect, when: '{rar}'}\n")
    with pytest.raises(TemplateError, match="'rar'"):
        check_template(tmpl, records)


def test_unknown_card_size_names_the_template(write):
    records, tmpl = deck(write, "  - {kind: rect}\n")
    tmpl.card = "huge"
    with pytest.raises(LayoutError) as info:
        check_template(tmpl, records)
    assert info.value.file == tmpl.file and info.value.key == "card"


def test_record_missing_a_field_is_a_data_error_with_its_line(write):
    data = "- {name: A, cost: 1}\n- {name: B}\n"
    records, tmpl = deck(write, "  - {id: cost, kind: pips, x: 5, y: 5, count: '{cost}'}\n", data=data)
    with pytest.raises(DataError) as info:
        build_cards(records, tmpl)
    assert (info.value.file, info.value.line, info.value.key) == (records[0].file, 2, "cost")
    assert "front element 'cost'" in info.value.message


def test_field_value_that_does_not_convert_names_its_line(write):
    data = "- name: A\n  colour: '#ff0000'\n- name: B\n  colour: blu\n"
    records, tmpl = deck(write, "  - {kind: rect, fill: '{colour}'}\n", data=data)
    with pytest.raises(DataError) as info:
        build_cards(records, tmpl)
    assert (info.value.line, info.value.key) == (4, "colour") and "colour" in info.value.message


def test_when_and_field_values_shape_each_card(write):
    records, tmpl = deck(write, """\
  - {id: star, kind: star, when: '{rare}', cx: 10, cy: 10, r: 3, fill: '#ffcc00'}
  - {id: pips, kind: pips, count: '{cost}', x: 5, y: 80, dx: 3, fill: '{colour}'}
  - {id: t, kind: text, x: 5, y: 20, w: 50, h: 10, text: '{name}: {text}', color: '{colour}'}
""", extra="background: '{colour}'\n")
    cards = build_cards(records, tmpl)
    assert len(cards) == 3 and cards[1] is cards[2]
    alpha, beta = cards[0].front, cards[1].front
    assert isinstance(alpha[0], Rect) and alpha[0].fill == "#aa0000" and alpha[0].x == -3
    assert sum(isinstance(i, Polyline) for i in alpha) == 1 and not any(isinstance(i, Polyline) for i in beta)
    assert sum(isinstance(i, Circle) for i in alpha) == 2 and not any(isinstance(i, Circle) for i in beta)
    text = next(i for i in alpha if isinstance(i, Text))
    assert text.text == "Alpha: Première carte" and text.color == "#aa0000"
    assert cards[0].back is None and cards[0].label == "Alpha"


def test_back_design_and_back_background(write):
    records, tmpl = deck(write, "  - {kind: rect}\n", extra="back_background: '#101010'\n",
                         back="  - {kind: pattern, style: grid, spacing: 5}\n")
    card = build_cards(records, tmpl)[0]
    assert card.back[0].fill == "#101010"
    group = card.back[1]
    assert isinstance(group, Group) and group.clip.x == -3 and group.clip.w == 63.5 + 6
    assert all(isinstance(i, Line) for i in group.items)


def test_text_too_long_for_its_box_is_a_data_error(write):
    data = "- {name: " + "mot " * 200 + "}\n"
    records, tmpl = deck(write, "  - {id: t, kind: text, x: 5, y: 5, w: 20, h: 5, text: '{name}', "
                                "min_size: 6}\n", data=data)
    with pytest.raises(DataError) as info:
        build_cards(records, tmpl)
    assert info.value.line == 1 and "front element 't'" in info.value.message


@pytest.mark.parametrize("turn, box", [(90, (45.0, 10.0)), (180, (45.0, 40.0)), (270, (5.0, 40.0))])
def test_rotated_text_stays_in_its_box(write, turn, box):
    from generator.scene.model import apply

    records, tmpl = deck(write, f"  - {{kind: text, x: 5, y: 10, w: 40, h: 30, text: hi, rotate: {turn}}}\n")
    group = build_cards(records, tmpl)[0].front[1]
    inner = group.items[0]
    corners = [apply(group.transform, x, y) for x in (0, inner.w) for y in (0, inner.h)]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((5, 10, 45, 40))
    assert apply(group.transform, 0, 0) == pytest.approx(box)


def _png(path, size, fmt="PNG"):
    PILImage.new("RGB", size, "#336699").save(path, format=fmt)
    return path


def test_image_contain_and_cover(write, tmp_path):
    _png(tmp_path / "wide.png", (200, 100))
    records, tmpl = deck(write, """\
  - {kind: image, x: 0, y: 0, w: 40, h: 40, src: wide.png}
  - {kind: image, x: 0, y: 0, w: 40, h: 40, src: wide.png, fit: cover}
  - {kind: image, x: 0, y: 0, w: 40, h: 40, src: wide.png, fit: stretch}
""")
    front = build_cards(records, tmpl)[0].front
    contain, cover, stretch = front[1], front[2], front[3]
    assert (contain.x, contain.y, contain.w, contain.h) == pytest.approx((0, 10, 40, 20))
    pic = cover.items[0]
    assert (pic.x, pic.w, pic.h) == pytest.approx((-20, 80, 40)) and cover.clip.w == 40
    assert (stretch.w, stretch.h) == (40, 40) and picture_size(stretch.data) == (200, 100)


def test_jpeg_is_kept_as_it_is_and_other_formats_need_the_loader(write, tmp_path):
    _png(tmp_path / "photo.jpg", (30, 60), fmt="JPEG")
    _png(tmp_path / "photo.gif", (30, 60), fmt="GIF")
    records, tmpl = deck(write, "  - {kind: image, x: 0, y: 0, w: 10, h: 20, src: photo.jpg}\n"
                                "  - {kind: image, x: 0, y: 0, w: 10, h: 20, src: photo.gif}\n")
    with pytest.raises(DataError, match="not a PNG or JPEG"):
        build_cards(records, tmpl)
    front = build_cards(records, tmpl, image_loader=load_image)[0].front
    jpeg, gif = front[1], front[2]
    assert isinstance(jpeg, Image) and jpeg.data == (tmp_path / "photo.jpg").read_bytes()
    assert jpeg.format == "jpeg" and picture_size(jpeg.data) == (30, 60)
    assert gif.format == "png" and PILImage.open(io.BytesIO(gif.data)).size == (30, 60)


def test_missing_image_names_the_card(write):
    records, tmpl = deck(write, "  - {kind: image, x: 0, y: 0, w: 10, h: 20, src: '{name}.png'}\n")
    with pytest.raises(DataError) as info:
        build_cards(records, tmpl)
    assert info.value.line == 1 and "Alpha.png" in info.value.message


def test_every_module_in_the_elements_folder_registers_kinds():
    modules = {f"generator.cards.elements.{m.name}" for m in pkgutil.iter_modules(elements.__path__)
               if not m.name.startswith("_")}
    registered = {kind.module for kind in kinds().values()}
    assert modules <= registered
    assert {"rect", "line", "polyline", "polygon", "circle", "text", "image", "pattern", "star",
            "pips"} <= set(kinds())


SAMPLES = {to_num: 8, to_color: "#336699", to_text: "Ação", to_bool: True, to_points: [[1, 1], [9, 9], [1, 9]]}


def _sample(kind: str, key: str, param):
    if param.example is not None:
        return param.example
    if key == "src":
        return "pic.png"
    if param.convert not in SAMPLES:
        pytest.skip(f"kind {kind!r}: required key {key!r} has a custom converter and no Param(example=...)")
    return SAMPLES[param.convert]


@pytest.mark.parametrize("name", sorted(kinds()))
def test_every_kind_draws_scene_items_from_its_required_keys(write, tmp_path, name):
    """Registry conformance: any kind, given only its required keys, returns scene items."""
    _png(tmp_path / "pic.png", (20, 10))
    kind = kinds()[name]
    el = {}
    for key, param in kind.keys.items():
        if param.required:
            el[key] = _sample(name, key, param)
    items_yaml = "  - " + json.dumps({"kind": name, **el}, ensure_ascii=False) + "\n"
    records, tmpl = deck(write, items_yaml)
    front = build_cards(records, tmpl)[0].front
    allowed = (Rect, Line, Polyline, Circle, Text, TextLine, Image)   # rich text lays out its own lines
    assert all(isinstance(item, allowed) for item in flat(front[1:]))
