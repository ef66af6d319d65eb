"""A box's title in any script: what its font lacks is set in an installed face that has it (the text
layer's stacks), shaped and right to left where it should be; a character no font has is named in one
warning and the box still prints; the side keeps its rule (whole at 6 pt, else before the colon, else
shortened) without cutting a grapheme cluster; `--font` and a template's fonts."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from generator.cli import cli
from generator.cli.common import run_cli

TESTS = Path(__file__).resolve().parent.parent
JP_FONT = TESTS / "fonts" / "NotoSansJP-subset.otf"      # a subset of Noto Sans JP (regular), OFL
SIDE = ((0.0, 0.0), (8.5, 0.0), (8.5, 60.0), (0.0, 60.0))     # a side 8.5 mm deep, 60 mm long


def _side_title(art):
    """The text box a tuck box's side sets `art`'s title in (its panel as SIDE)."""
    from generator.scene.box import Panel
    from generator.scene.boxpages import _spine
    from generator.scene.model import Group, Text
    from generator.scene.text import fits_box

    (group,) = _spine(Panel("side-left", SIDE), art)
    assert isinstance(group, Group)
    (text,) = group.items
    assert isinstance(text, Text) and fits_box(text, text.text)
    return text


@pytest.mark.needs("pdffonts", "pdftotext", "fc-match")
def test_a_thai_title_is_set_in_an_installed_font_that_has_it(tmp_path: Path, system_font) -> None:
    system_font("Noto Sans Thai")
    out = tmp_path / "b.pdf"
    assert run_cli(cli, ["box", "--card", "poker", "--count", "20", "--title", "เกมไพ่", "-o", str(out), "-q"]) == 0
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert "NotoSansThai-Bold" in fonts and "NotoSansThai-Regular" in fonts     # the title's, the footer's
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert text.count("เกมไพ่") == 4           # the front, both sides, the footer


@pytest.mark.needs("fc-match")
def test_japanese_is_looked_up_by_its_characters(system_font) -> None:
    """fontconfig's best face for kana in bold is a CJK one (the face itself is not loaded here: the CJK
    collections are 20 MB and their PDF subsets take a second)."""
    system_font("Noto Sans CJK JP")
    from generator.scene.fonts import _best_cover

    best = _best_cover(set("カードゲーム"), True, set())
    assert best is not None and "NotoSansCJK" in best[0].name and "Bold" in best[0].name


@pytest.mark.needs("fc-match")
def test_a_character_no_font_has_is_named_in_one_warning_and_the_box_prints(tmp_path: Path, capsys) -> None:
    out = tmp_path / "b.pdf"
    title = "Deck \ue000\U000e0fff"         # a private-use character and an unassigned one
    assert run_cli(cli, ["box", "--card", "poker", "--count", "20", "--title", title, "-o", str(out)]) == 0
    assert out.is_file()
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert "U+E000" in warnings[0] and "U+E0FFF" in warnings[0] and "'sans-bold'" in warnings[0]
    assert "installed font" in warnings[0]


def test_a_right_to_left_title_reads_from_the_right() -> None:
    """A Hebrew title (DejaVu has Hebrew): its first letter is drawn right of its last, its first word right of
    its second, on the front and along the sides."""
    from generator.scene.boxpages import BoxArt, lettered
    from generator.scene.text import layout_text, placed_glyphs

    title = "משחק קלפים"
    art = lettered(BoxArt(title))
    (line,) = layout_text(_side_title(art))
    assert line.rtl and line.text == title
    x = {chars: x for _face, _gid, x, _y, chars in placed_glyphs(line) if chars}
    assert x["מ"] > x["ש"] > x["פ"] > x["ם"]        # the first word's first and second letters, the second's


def test_a_title_without_spaces_is_shortened_between_grapheme_clusters() -> None:
    """Japanese in a font of its own (a box's --font): whole at 6 pt or more when it fits; a longer one on the
    same side shortened at a cluster boundary, with "…", never cut inside a cluster."""
    from generator.scene.boxpages import SPINE_MIN, BoxArt
    from generator.scene.fonts import add_font, cluster_starts

    jp = add_font(JP_FONT)
    assert _side_title(BoxArt("吾輩は猫である", font=jp)).min_size >= SPINE_MIN
    title = "吾輩は猫である" * 12
    short = _side_title(BoxArt(title, font=jp))
    assert short.text.endswith("…") and len(short.text) < len(title)
    assert title.startswith(short.text[:-1]) and len(short.text) - 1 in cluster_starts(jp, title)
    # a letter and its marks are one cluster: "é" written as e + combining acute is never cut apart
    assert cluster_starts("sans-bold", "cafe\u0301s") == [1, 2, 3, 5]


def test_font_takes_a_file_a_built_in_name_and_refuses_a_bad_one_in_one_line(tmp_path: Path, capsys) -> None:
    out = tmp_path / "b.svg"
    assert run_cli(cli, ["box", "--card", "poker", "--count", "20", "--title", "吾輩は猫", "--font", str(JP_FONT),
                         "--format", "svg", "-o", str(out), "-q"]) == 0
    svg = out.read_text(encoding="utf-8")      # the SVG embeds the faces it draws with: the footer's title in it too
    assert "'pnpgen-NotoSansJPsubset-" in svg and "NotoSansCJK" not in svg
    assert run_cli(cli, ["box", "--card", "poker", "--count", "20", "--font", "serif-bold", "-o",
                         str(tmp_path / "s.pdf"), "-q"]) == 0
    capsys.readouterr()
    assert run_cli(cli, ["box", "--card", "poker", "--count", "20", "--font", str(tmp_path / "none.ttf"),
                         "-o", str(tmp_path / "n.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert "--font" in err and "not found" in err and "\n" not in err
    assert not (tmp_path / "n.pdf").exists()


def test_a_decks_box_takes_the_templates_fonts(tmp_path: Path) -> None:
    """No `box.font`: the template's fonts, its `title` first, before the box's sans-bold; `box.font` names
    one of them (or a built-in font); an unknown name is the template's error naming box.font."""
    import shutil

    from generator.cards.templates import load_template
    from generator.core.errors import TemplateError
    from generator.publish.carddeck import box_font
    from generator.scene.fonts import _stack_faces, font_spec

    (tmp_path / "fonts").mkdir()
    shutil.copy(JP_FONT, tmp_path / "fonts" / "Brand.otf")
    head = "card: poker\nfonts:\n  body: serif\n  title: fonts/Brand.otf\nfront: [{kind: text, x: 5, y: 5, w: 50, h: 8, text: x}]\n"
    path = tmp_path / "t.yaml"
    path.write_text(head, encoding="utf-8")
    faces = _stack_faces(box_font(load_template(path)))
    assert faces[0].startswith("Brand-") and faces[1:] == ["serif", "sans-bold"]     # title, body, the box's own
    assert font_spec(faces[0]).family == "Noto Sans CJK JP"            # the subset's family name
    path.write_text(head + "box: {font: body}\n", encoding="utf-8")
    assert box_font(load_template(path)) == "serif"
    path.write_text(head + "box: {font: nowhere}\n", encoding="utf-8")
    with pytest.raises(TemplateError) as err:
        box_font(load_template(path))
    assert err.value.key == "box.font" and "nowhere" in str(err.value)
    path.write_text("card: poker\nfront: [{kind: text, x: 5, y: 5, w: 50, h: 8, text: x}]\n", encoding="utf-8")
    assert box_font(load_template(path)) == ""


def test_without_fontconfig_the_system_font_folders_are_searched(tmp_path: Path, monkeypatch) -> None:
    """macOS and Windows have no fc-match: the faces of the system font folders are read, the one drawing
    the most of the characters wanted is taken (and a family is found by its name the same way)."""
    import shutil

    from generator.scene import fonts

    shutil.copy(JP_FONT, tmp_path / "jp.otf")
    (tmp_path / "broken.ttf").write_bytes(b"not a font")        # an unreadable file is passed over
    monkeypatch.setattr(fonts, "_font_folders", lambda: [str(tmp_path)])
    monkeypatch.setattr(fonts.shutil, "which", lambda name: None)
    assert fonts._best_cover(set("吾輩は猫"), True, set()) == (tmp_path / "jp.otf", 0)
    assert fonts._best_cover({"\ue000"}, True, set()) is None
    assert fonts.find_family("Noto Sans CJK JP") == (tmp_path / "jp.otf", 0)
