"""SVG art in card templates: `image` and `icon` draw .svg files as vector paths, recoloured per card."""

from __future__ import annotations

import io
import shutil

import pytest
from pypdf import PdfReader

from generator import paths
from generator.cards.build import build_cards
from generator.cards.records import load_records
from generator.cards.templates import load_template
from generator.core.errors import DataError
from generator.scene.model import Group, Path

DATA = "- {name: Sun, colour: '#c0392b', art: sun.svg}\n- {name: Owl, colour: '#2a6f97', art: owl.svg}\n"


def _deck(write, tmp_path, elements: str, data: str = DATA):
    for name in ("sun", "owl", "crown"):
        shutil.copy(paths.card_data("codenames", "pictures", f"{name}.svg"), tmp_path / f"{name}.svg")
    data_path = write("d.yaml", data)
    tmpl_path = write("t.yaml", f"card: poker\nbleed: 3\nfront:\n{elements}")
    return build_cards(load_records(data_path), load_template(tmpl_path))


def _paths(items) -> list[Path]:
    out = []
    for item in items:
        out += _paths(item.items) if isinstance(item, Group) else [item] if isinstance(item, Path) else []
    return out


def test_image_draws_svg_recoloured_from_a_field_without_background(write, tmp_path) -> None:
    cards = _deck(write, tmp_path, "  - {kind: image, x: 5, y: 5, w: 40, h: 40, src: '{art}', "
                                   "fill: '{colour}', background: none}\n")
    sun, owl = (_paths(card.front) for card in cards)
    assert {p.fill for p in sun} == {"#c0392b"} and {p.fill for p in owl} == {"#2a6f97"}
    xs = [float(c[1]) for p in sun for c in p.commands if c[0] != "Z"]
    assert 5 <= min(xs) and max(xs) <= 45


def test_image_keeps_the_svg_colours_and_background_by_default(write, tmp_path) -> None:
    (card, _) = _deck(write, tmp_path, "  - {kind: image, x: 0, y: 0, w: 40, h: 40, src: sun.svg}\n")
    fills = [p.fill for p in _paths(card.front)]
    assert fills == ["#000000", "#ffffff"]


def test_icon_element_draws_an_svg_in_its_colour(write, tmp_path) -> None:
    (card, _) = _deck(write, tmp_path, "  - {kind: icon, src: crown.svg, x: 10, y: 10, h: 12, color: '#8e44ad'}\n")
    crown = _paths(card.front)
    assert crown and {p.fill for p in crown} == {"#8e44ad"}
    ys = [float(c[2]) for p in crown for c in p.commands if c[0] != "Z"]
    assert 10 <= min(ys) and max(ys) <= 22


def test_svg_art_is_vector_in_the_deck_pdf(write, tmp_path, pnpgen) -> None:
    for name in ("sun", "owl"):
        shutil.copy(paths.card_data("codenames", "pictures", f"{name}.svg"), tmp_path / f"{name}.svg")
    data = write("d.yaml", DATA)
    write("t.yaml", "card: poker\nfront:\n  - {kind: image, x: 5, y: 5, w: 40, h: 40, src: '{art}', "
                    "fill: '{colour}', background: none}\n")
    out = tmp_path / "deck.pdf"
    code, _, err = pnpgen("cards", data, tmp_path / "t.yaml", "-o", out)
    assert code == 0, err
    page = PdfReader(io.BytesIO(out.read_bytes())).pages[0]
    content = page.get_contents().get_data().decode("latin-1")
    assert "/XObject" not in page["/Resources"]
    assert "0.753 0.224 0.169 rg" in content and " c " in content


def test_a_broken_svg_in_a_deck_is_one_error_naming_it(write, tmp_path, pnpgen) -> None:
    (tmp_path / "bad.svg").write_text("<svg><path d='M0 0'", encoding="utf-8")
    data = write("d.yaml", "- {name: X}\n")
    write("t.yaml", "card: poker\nfront:\n  - {kind: image, x: 5, y: 5, w: 40, h: 40, src: bad.svg}\n")
    code, _, err = pnpgen("cards", data, tmp_path / "t.yaml", "-o", tmp_path / "x.pdf")
    assert code == 2 and "bad.svg" in err and "not well-formed" in err
    assert len(err.strip().splitlines()) == 1


def test_icon_src_must_be_svg(write, tmp_path) -> None:
    (tmp_path / "x.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    with pytest.raises(DataError, match="SVG"):
        _deck(write, tmp_path, "  - {kind: icon, src: x.png, x: 0, y: 0, h: 5}\n")
