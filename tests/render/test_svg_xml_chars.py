"""Card text with characters XML cannot hold (C0 controls, U+FFFE, U+FFFF) gives SVG that parses, from
`--format svg` and from the preview, with one warning per card naming its line and field (issue 35)."""

from __future__ import annotations

import shutil
import xml.dom.minidom
from pathlib import Path

import pytest

from generator import paths
from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.xmltext import illegal_chars, xml_clean
from generator.render.svg import render_svg
from generator.scene.model import Page, Text

HOSTILE = "A\x01B\x07C\x1b\ufffe\uffffD\x00E\ud800"


def test_illegal_characters_are_found_and_dropped() -> None:
    assert illegal_chars(HOSTILE) == ["U+0001", "U+0007", "U+001B", "U+FFFE", "U+FFFF", "U+0000", "U+D800"]
    assert xml_clean(HOSTILE) == "ABCDE" and xml_clean("tab\tnew\nline\r") == "tab\tnew\nline\r"


def test_an_svg_page_with_control_characters_parses() -> None:
    page = Page(60, 40, label=f"label {HOSTILE}").add(Text(2, 2, 56, 20, f"text {HOSTILE}", size=8))
    doc = xml.dom.minidom.parseString(render_svg(page))
    assert "ABCDE" in doc.toxml()


@pytest.fixture
def hostile_deck(tmp_path: Path) -> Path:
    shutil.copytree(paths.card_data("example"), tmp_path / "deck")
    data = tmp_path / "deck" / "cards.yaml"
    text = data.read_text(encoding="utf-8")
    text = text.replace("name: Tomate coração-de-boi", 'name: "Tomate\\x01 coração"', 1)
    text = text.replace("text: Quando la giochi, guarda le prime tre carte del mercato e tienine una.",
                        'text: "Quando \\uFFFE la \\uFFFF giochi\\x1b."', 1)
    data.write_text(text, encoding="utf-8")
    return data


def test_format_svg_parses_and_warns_once_per_card_naming_line_and_field(
        hostile_deck: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "svg"
    assert run_cli(cli, ["cards", str(hostile_deck), "example", "--format", "svg", "-o", str(out), "--quiet"]) == 0
    files = sorted(out.glob("*.svg"))
    assert len(files) >= 18
    for file in files:
        xml.dom.minidom.parse(str(file))
    warnings = [line for line in capsys.readouterr().err.splitlines() if "XML cannot hold" in line]
    lines = hostile_deck.read_text(encoding="utf-8").splitlines()
    name_line = next(i for i, line in enumerate(lines, 1) if "Tomate" in line)
    text_line = next(i for i, line in enumerate(lines, 1) if "giochi" in line)
    assert len(warnings) == 2          # the tomato's two copies (qty 2) are one card of the file
    assert f"cards.yaml:{name_line}: card 1: field 'name' holds U+0001" in warnings[0]
    assert f"cards.yaml:{text_line}: " in warnings[1] and "field 'text' holds U+FFFE, U+FFFF, U+001B" in warnings[1]


def test_the_preview_serves_parsing_svg_and_names_the_card(hostile_deck: Path) -> None:
    from generator.cards.cli.preview import fresh_image_loader
    from generator.preview.deck import LiveDeck

    deck = LiveDeck(hostile_deck, paths.template("cards", "example.yaml"), image_loader=fresh_image_loader())
    deck.refresh()
    for number in range(1, len(deck.cards) + 1):
        for side in ("front", "back"):
            body = deck.svg(number, side)
            if body is not None:
                xml.dom.minidom.parseString(body)
    assert sum("XML cannot hold" in w for w in deck.snapshot()["warnings"]) == 2
