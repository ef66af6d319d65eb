"""Card text falls back to installed faces as a browser does: what a template's fonts lack is drawn by the
installed face that has it (found by the characters, and for Han characters by the text's language), named
once per face by a run's note and by --check; `fonts: {fallback: none}` keeps to the template's fonts.

The faces "installed" here are the small Noto Sans JP subset in a folder searched as the system's (the
search without fontconfig): a real CJK collection is 20 MB and its PDF subset costs a second or more.
fontconfig's choice of Han forms is asserted by the face it returns, without loading it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

TESTS = Path(__file__).resolve().parent.parent
JP_FONT = TESTS / "fonts" / "NotoSansJP-subset.otf"      # a subset of Noto Sans JP (regular), OFL

TEMPLATE = """\
card: poker
fonts:
  title: serif
{setting}
front:
  - {{kind: text, x: 5, y: 5, w: 53, h: 10, text: "{{name}}", font: title, size: 12}}
  - {{kind: richtext, x: 5, y: 20, w: 53, h: 20, text: "{{text}}", size: 9}}
"""
DATA = """\
cards:
  - {name: "吾輩は猫", text: "Un <b>gatto</b> senza nome"}
  - {name: "猫", text: "名前はまだ無い。"}
  - {name: "Latin only", text: "nothing to stand in for"}
"""


@pytest.fixture(scope="module")
def jp_folder(tmp_path_factory) -> Path:
    """A folder holding the Japanese subset (one for the module: the font registry keeps a face's first path)."""
    folder = tmp_path_factory.mktemp("installed")
    shutil.copy(JP_FONT, folder / "InstalledJP.otf")
    return folder


@pytest.fixture
def fresh_search():
    """The font search's memos emptied before and after (the machine's fonts change in these tests)."""
    from generator.scene import fonts

    fonts.covering_faces.cache_clear()
    fonts.installed_fallback.cache_clear()
    yield
    fonts.covering_faces.cache_clear()
    fonts.installed_fallback.cache_clear()


@pytest.fixture
def installed_jp(fresh_search, jp_folder: Path, monkeypatch) -> Path:
    """The machine's fonts are one folder holding the Japanese subset (no fontconfig: the folder search)."""
    from generator.scene import fonts

    folder = jp_folder
    monkeypatch.setattr(fonts, "_font_folders", lambda: [str(folder)])
    monkeypatch.setattr(fonts, "shutil", SimpleNamespace(which=lambda name: None))
    return folder


def _deck(folder: Path, setting: str = "") -> tuple[Path, Path]:
    (folder / "t.yaml").write_text(TEMPLATE.format(setting=setting), encoding="utf-8")
    (folder / "cards.yaml").write_text(DATA, encoding="utf-8")
    return folder / "cards.yaml", folder / "t.yaml"


@pytest.mark.needs("pdffonts", "pdftotext")
def test_a_latin_template_draws_japanese_in_the_installed_face(tmp_path: Path, pnpgen, installed_jp) -> None:
    data, template = _deck(tmp_path)
    out = tmp_path / "deck.pdf"
    code, _stdout, err = pnpgen("cards", data, template, "-o", out)
    assert code == 0, err
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert "NotoSansCJKjp-Regular" in fonts and "DejaVuSerif" in fonts
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "吾輩は猫" in text and "名前はまだ無い。" in text and "gatto" in text
    notes = [line for line in err.splitlines() if "installed font" in line]
    assert len(notes) == 1, err                # one face, named once for the deck (not per card or element)
    assert notes[0].startswith("pnpgen: note: the installed font 'Noto Sans CJK JP' draws '吾輩は猫名前まだ無")
    assert "fallback: none" in notes[0]
    assert "empty box" not in err


def test_check_names_the_installed_face_once_and_drawing_is_the_same_each_time(tmp_path: Path, pnpgen,
                                                                                installed_jp) -> None:
    from generator.cards import load_records, load_template
    from generator.cards.build import build_cards, check_template
    from generator.scene.fonts import font_runs, font_spec

    data, template = _deck(tmp_path)
    code, out, _err = pnpgen("cards", data, template, "--check")
    assert code == 0
    warned = [line for line in out.splitlines() if "installed font" in line]
    assert len(warned) == 1 and "t.yaml: the installed font 'Noto Sans CJK JP' draws" in warned[0], out
    records = load_records(data)
    design = check_template(load_template(template), records)
    first, again = (build_cards(records, design) for _ in range(2))
    title = first[0].front[1]
    ((face, chunk),) = font_runs(title.font, title.text)
    assert chunk == "吾輩は猫" and Path(font_spec(face).file).parent == installed_jp.resolve()
    assert first[0].front == again[0].front
    latin = first[2].front[1]
    assert latin.font == design.template.fonts["title"]        # a Latin card keeps the template's font itself


def test_fallback_none_keeps_to_the_templates_fonts(tmp_path: Path, pnpgen, installed_jp) -> None:
    data, template = _deck(tmp_path, "  fallback: none")
    code, out, err = pnpgen("cards", data, template, "--check")
    assert code == 0
    assert "installed font" not in out + err
    assert "character '吾' (U+543E) is in no font of 'serif':" in out


@pytest.mark.parametrize("value", ["maybe", "[none]"])
def test_a_bad_fallback_setting_is_one_line_naming_it(tmp_path: Path, pnpgen, value: str) -> None:
    data, template = _deck(tmp_path, f"  fallback: {value}")
    code, _out, err = pnpgen("cards", data, template, "--check")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "t.yaml:4: fonts.fallback: is installed" in err and "or none" in err, err


def test_the_setting_is_inherited_and_a_child_may_turn_it_back_on(tmp_path: Path) -> None:
    from generator.cards import load_template

    _deck(tmp_path, "  fallback: none")
    (tmp_path / "child.yaml").write_text("extends: t.yaml\nfonts: {fallback: installed}\n", encoding="utf-8")
    (tmp_path / "plain.yaml").write_text("extends: t.yaml\n", encoding="utf-8")
    assert load_template(tmp_path / "t.yaml").font_fallback is False
    assert load_template(tmp_path / "plain.yaml").font_fallback is False
    child = load_template(tmp_path / "child.yaml")
    assert child.font_fallback is True and set(child.fonts) == {"title"}


def test_a_language_tag_names_the_han_forms() -> None:
    from generator.scene.fonts import han_lang

    assert [han_lang(tag) for tag in ("zh", "zh-Hans", "zh-CN", "zh_SG", "cmn-Hans")] == ["zh-cn"] * 5
    assert [han_lang(tag) for tag in ("zh-Hant", "zh-TW", "zh-Hant-TW")] == ["zh-tw"] * 3
    assert [han_lang(tag) for tag in ("zh-HK", "zh-Hant-HK", "zh-MO", "yue")] == ["zh-hk"] * 4
    assert [han_lang(tag) for tag in ("ja", "ja-JP", "ko", "ko-KR")] == ["ja", "ja", "ko", "ko"]
    assert [han_lang(tag) for tag in ("", "it", "ar", "yue-Hans")] == ["", "", "", "zh-cn"]


@pytest.mark.needs("fc-match")
def test_fontconfig_gives_han_text_the_face_of_its_language(system_font) -> None:
    """No lang: fontconfig's own choice (Noto Sans CJK JP); zh-Hans SC, zh-Hant TC, zh-HK HK, ko KR."""
    from fontTools.ttLib import TTFont

    from generator.scene.fonts import _best_cover, han_lang

    system_font("Noto Sans CJK JP")
    chosen = {}
    for tag in ("", "ja", "zh-Hans", "zh-Hant", "zh-HK", "ko"):
        found = _best_cover(set("山田"), False, set(), han_lang(tag))
        assert found is not None
        with TTFont(found[0], fontNumber=found[1], lazy=True) as face:
            chosen[tag] = str(face["name"].getBestFamilyName())
    assert chosen == {"": "Noto Sans CJK JP", "ja": "Noto Sans CJK JP", "zh-Hans": "Noto Sans CJK SC",
                      "zh-Hant": "Noto Sans CJK TC", "zh-HK": "Noto Sans CJK HK", "ko": "Noto Sans CJK KR"}
    system_font("Noto Serif CJK JP")
    found = _best_cover(set("山田"), False, set(), "zh-cn", "serif")      # a serif template's Han: serif forms
    assert found is not None
    with TTFont(found[0], fontNumber=found[1], lazy=True) as face:
        assert str(face["name"].getBestFamilyName()) == "Noto Serif CJK SC"


def test_a_stand_in_is_asked_for_in_the_fonts_own_kind() -> None:
    """generic_family reads the face (fixed pitch, PANOSE serif style, OS/2 class): the shipped faces."""
    from generator.scene.fonts import generic_family

    assert [generic_family(n) for n in ("sans", "sans-bold", "serif", "serif-bold", "mono", "mono-bold")] == [
        "sans-serif", "sans-serif", "serif", "serif", "monospace", "monospace"]


def test_without_fontconfig_the_folder_search_prefers_the_languages_family(tmp_path: Path, monkeypatch) -> None:
    """Two faces drawing the same characters: the one whose name says the language's forms (SC for zh-Hans),
    else the first."""
    from generator.scene import fonts

    for name in ("A-JP.otf", "B-SC.otf"):
        shutil.copy(JP_FONT, tmp_path / name)
    families = {"A-JP.otf": "Noto Sans JP", "B-SC.otf": "Noto Sans SC"}
    installed = fonts._installed_faces

    def faces():
        for path, index, face in installed():
            face["name"].getBestFamilyName = lambda p=path: families[p.name]
            yield path, index, face

    monkeypatch.setattr(fonts, "_font_folders", lambda: [str(tmp_path)])
    monkeypatch.setattr(fonts, "_installed_faces", faces)
    assert fonts._scan_cover(frozenset("猫"), False, frozenset(), "zh-cn") == (tmp_path / "B-SC.otf", 0)
    assert fonts._scan_cover(frozenset("猫"), False, frozenset(), "ja") == (tmp_path / "A-JP.otf", 0)
    assert fonts._scan_cover(frozenset("猫"), False, frozenset(), "") == (tmp_path / "A-JP.otf", 0)


def test_the_box_title_asks_for_its_languages_forms(fresh_search, tmp_path: Path, pnpgen, monkeypatch) -> None:
    """`pnpgen box --title-lang` (default --lang) and a template's `box: {title_lang:}` reach the search for
    the title's installed faces (recorded here in place of the search: the CJK faces are slow to embed)."""
    from generator.cards import load_template
    from generator.cards.build import CardDesign
    from generator.publish.carddeck import template_box
    from generator.publish.options import BoxOrder
    from generator.scene import fonts

    asked: list[tuple[str, bool, str]] = []
    monkeypatch.setattr(fonts, "covering_faces", lambda chars, bold=False, lang="", generic="sans-serif":
                        asked.append((chars, bold, lang)) or ())
    out = tmp_path / "box.pdf"
    code, _out, err = pnpgen("box", "--card", "poker", "--count", "10", "--title", "三国", "--title-lang", "zh-Hant",
                             "-o", out, "-q")
    assert code == 0, err
    assert set(asked) == {("三国", True, "zh-tw"), ("三国", False, "zh-tw")}      # the title's, the footer's
    asked.clear()
    assert pnpgen("box", "--card", "poker", "--count", "10", "--title", "三国", "-o", out, "--force", "-q")[0] == 0
    assert {lang for _, _, lang in asked} == {""}                                  # --lang en: no hint
    (tmp_path / "t.yaml").write_text("front: [{kind: rect, x: 0, y: 0, w: 1, h: 1}]\nbox: {title_lang: ko}\n",
                                     encoding="utf-8")
    template = load_template(tmp_path / "t.yaml")
    order = template_box(CardDesign(template, 63.5, 88.9, 3.0, [], None), BoxOrder(), "deck")
    assert order.title_lang == "ko"


def test_the_preview_names_the_installed_face_beside_the_deck(tmp_path: Path, installed_jp) -> None:
    """The live preview says what a run's note says, once for the deck; a card redrawn from the cache keeps
    its stand-ins, and a deck edited to need none says nothing."""
    from generator.cards.cli.preview import fresh_image_loader
    from generator.preview.deck import LiveDeck

    data, template = _deck(tmp_path)
    deck = LiveDeck(data, template, image_loader=fresh_image_loader())
    deck.refresh()
    lines = [w for w in deck.snapshot()["warnings"] if "installed font" in w]
    assert len(lines) == 1 and "'Noto Sans CJK JP' draws '吾輩は猫名前まだ無" in lines[0], deck.warnings
    data.write_text(DATA.replace("nothing to stand in", "still nothing"), encoding="utf-8")    # one card redrawn
    deck.refresh()
    assert [w for w in deck.snapshot()["warnings"] if "installed font" in w] == lines          # the others cached
    data.write_text('cards:\n  - {name: "Latin", text: "only"}\n', encoding="utf-8")
    deck.refresh()
    assert not [w for w in deck.snapshot()["warnings"] if "installed font" in w]


def test_an_installed_copy_of_a_shipped_face_is_the_built_in_face(fresh_search, tmp_path: Path, monkeypatch) -> None:
    """The system's DejaVu Sans (the same bytes as pnpgen's own) stands in as the built-in 'sans': one face,
    one subset in a PDF, named so in the note; a file of the same name but other bytes is its own face."""
    from generator.cards.preflight import stand_in_lines
    from generator.paths import fonts_dir
    from generator.scene import fonts

    copy = tmp_path / "DejaVuSans.ttf"
    copy.write_bytes((fonts_dir() / "DejaVuSans.ttf").read_bytes())
    offered = [(copy, 0)]
    monkeypatch.setattr(fonts, "_best_cover", lambda wanted, bold, tried, lang="", generic="sans-serif":
                        next((found for found in offered if found not in tried), None))
    assert fonts.covering_faces("ش") == ("sans",)
    assert stand_in_lines({"sans": "ش"})[0].startswith("the installed font 'DejaVu Sans' (pnpgen's own 'sans') draws")
    other = tmp_path / "other" / "DejaVuSans.ttf"
    other.parent.mkdir()
    other.write_bytes((fonts_dir() / "DejaVuSans-Bold.ttf").read_bytes())
    fonts.covering_faces.cache_clear()
    offered[:] = [(other, 0)]
    assert fonts.covering_faces("ش") not in {("sans",), ()}
