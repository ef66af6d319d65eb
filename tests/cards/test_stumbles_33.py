"""Issue 33's stumbles, each fixed: a statblock keeps the cell of a stat with an empty value; a front
background from the card's fields does not colour the backs; the image-folder transparency warning
names --fill-corners; the lookup error ends in words; "1 card" in the footer."""

from __future__ import annotations

import pytest
from PIL import Image as PILImage
from tests.cards.test_icon_sets import _build

from generator.core.errors import DataError
from generator.scene.model import Rect, TextLine

STATS = """\
card: poker
front:
  - {kind: statblock, x: 5, y: 5, w: 60, h: 10, stats: [{text: "{hp}"}, {text: "{armor}"}, {text: "{speed}"}]}
"""


def test_a_stat_with_an_empty_value_keeps_its_cell(tmp_path) -> None:
    full, empty = _build(tmp_path, STATS, "- {hp: 6, armor: 2, speed: 4}\n- {hp: 6, armor: '', speed: 4}\n")

    def placed(card) -> dict[str, float]:
        return {line.text: round(line.x, 3) for line in card.front if isinstance(line, TextLine)}

    assert placed(empty) == {"6": placed(full)["6"], "4": placed(full)["4"]}     # nothing moved over
    assert placed(full)["4"] > 45                                                  # the third of three cells


BACKS = """\
card: poker
background: "{colour}"
front:
  - {kind: text, x: 5, y: 5, w: 50, h: 10, text: "{name}"}
back:
  - {kind: text, x: 5, y: 5, w: 50, h: 10, text: "BACK"}
"""


def test_a_background_from_the_cards_fields_leaves_the_backs_alike(tmp_path) -> None:
    data = "".join(f"- {{name: {n}, colour: '{c}'}}\n" for n, c in (("A", "#aa0000"), ("B", "#00aa00"),
                                                                       ("C", "#0000aa")))
    cards = _build(tmp_path, BACKS, data)
    fronts = {next(i.fill for i in card.front if isinstance(i, Rect)) for card in cards}
    backs = {tuple(card.back) for card in cards}
    assert fronts == {"#aa0000", "#00aa00", "#0000aa"}
    assert len(backs) == 1                                       # the backs cannot tell the cards apart
    (back,) = backs
    assert [i.fill for i in back if isinstance(i, Rect)] == ["#ffffff"]
    fixed = _build(tmp_path, BACKS.replace('"{colour}"', '"#123456"'), data)
    assert {next(i.fill for i in card.back if isinstance(i, Rect)) for card in fixed} == {"#123456"}


def test_the_lookup_error_ends_in_words(tmp_path) -> None:
    template = ("card: poker\nlookups:\n  colour: {from: faction, values: {Fire: '#c0392b'}}\n"
                "front:\n  - {kind: rect, fill: '{colour}'}\n")
    with pytest.raises(DataError) as info:
        _build(tmp_path, template, "- {faction: Air}\n")
    assert str(info.value).endswith("(its values: Fire); add it there, or give the lookup a default")


def test_the_image_folder_transparency_warning_names_fill_corners(tmp_path, pnpgen) -> None:
    folder = tmp_path / "rounded"
    folder.mkdir()
    for i in range(2):
        picture = PILImage.new("RGBA", (750, 1050), (200, 30, 30, 255))
        for x, y in ((0, 0), (749, 0), (0, 1049), (749, 1049)):
            picture.putpixel((x, y), (0, 0, 0, 0))      # transparent corners, as a rounded card scan
        picture.save(folder / f"{i}.png")
    code, out, err = pnpgen("images", folder, "--check")
    assert code == 0, err
    warnings = [line for line in out.splitlines() if "alpha channel" in line]
    assert warnings and all("--fill-corners" in line for line in warnings)


def test_one_card_is_one_card_in_the_footer(tmp_path, pnpgen) -> None:
    from tests.pdftext import page_texts

    (tmp_path / "d.yaml").write_text("- {name: Solo}\n", "utf-8")
    (tmp_path / "t.yaml").write_text("card: poker\nfront:\n  - {kind: text, x: 5, y: 5, w: 50, h: 9, "
                                     "text: '{name}'}\n", "utf-8")
    assert pnpgen("cards", tmp_path / "d.yaml", tmp_path / "t.yaml", "-o", tmp_path / "d.pdf")[0] == 0
    text = page_texts(tmp_path / "d.pdf")[0]
    assert "d: 1 card " in text.replace("\n", " ") and "1 cards" not in text
