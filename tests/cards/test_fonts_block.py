"""A template's own fonts (`fonts:`, issue 30): files beside the template (TTF, CFF OTF, a face of a
collection), installed families, stacks, inherited through `extends`; bad fonts are one line naming
the template's line and key, exit 2, nothing written; --check names characters no font has."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent.parent
JP_FONT = TESTS / "fonts" / "NotoSansJP-subset.otf"

DATA = """\
cards:
  - {name: "Ufficio", text: "office AVATAR", jp: "吾輩は猫である。名前はまだ無い。", ar: "مرحبا بالعالم"}
"""


def _template(folder: Path, fonts: str, extra: str = "") -> Path:
    (folder / "fonts").mkdir(exist_ok=True)
    shutil.copy(JP_FONT, folder / "fonts" / "Brand.otf")
    path = folder / "t.yaml"
    path.write_text("card: poker\n" + fonts + """
front:
  - {kind: text, x: 5, y: 5, w: 50, h: 8, text: "{name}", font: title, size: 12}
  - {kind: text, x: 5, y: 15, w: 50, h: 20, text: "{jp}", font: text, size: 10, lang: ja}
  - {kind: text, x: 5, y: 40, w: 50, h: 10, text: "{ar}", font: text, size: 10}
  - {kind: text, x: 5, y: 55, w: 50, h: 10, text: "{text}", font: sans, size: 10, features: [smcp]}
""" + extra, encoding="utf-8")
    (folder / "cards.yaml").write_text(DATA, encoding="utf-8")
    return path


FONTS = """fonts:
  body: fonts/Brand.otf
  title: {file: fonts/Brand.otf}
  ar: {family: "Noto Sans Arabic"}
  text: [body, ar, sans]
"""


@pytest.mark.needs("pdffonts", "pdftotext", "fc-match")
def test_a_template_draws_with_its_own_fonts(tmp_path: Path, pnpgen, system_font) -> None:
    system_font("Noto Sans Arabic")
    template = _template(tmp_path, FONTS)
    out = tmp_path / "deck.pdf"
    code, _out, err = pnpgen("cards", tmp_path / "cards.yaml", template, "-o", out, "-q")
    assert code == 0, err
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
    assert "NotoSansCJKjp-Regular" in fonts and "NotoSansArabic-Regular" in fonts
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert "吾輩は猫" in text and "Ufficio" in text and "مرحبا" in text.replace("\u202b", "")


@pytest.mark.needs("fc-match")
def test_fonts_are_inherited_through_extends(tmp_path: Path, pnpgen, system_font) -> None:
    system_font("Noto Sans Arabic")
    _template(tmp_path, FONTS)
    child = tmp_path / "child" / "c.yaml"
    child.parent.mkdir()
    child.write_text("extends: ../t.yaml\nfonts:\n  title: sans-bold\n", encoding="utf-8")
    from generator.cards.templates import load_template

    merged = load_template(child)
    assert merged.fonts["title"] == "sans-bold" and merged.fonts["body"].startswith("Brand-")
    code, _out, err = pnpgen("cards", tmp_path / "cards.yaml", child, "-o", tmp_path / "c.pdf", "-q")
    assert code == 0, err


@pytest.mark.needs("fc-match")
def test_a_face_of_a_collection_by_index(system_font) -> None:
    from generator.scene.fonts import add_font, font_spec

    ttc = system_font("Noto Sans CJK JP")
    assert ttc.suffix == ".ttc"
    face = add_font(ttc, 1)
    assert font_spec(face).index == 1 and font_spec(face).family != font_spec(add_font(ttc, 0)).family


@pytest.mark.parametrize(("fonts", "line", "words"), [
    ("fonts:\n  body: fonts/Missing.otf\n  title: sans\n  text: sans\n", 3, "not found"),
    ("fonts:\n  title: sans\n  text: sans\n  body: {file: fonts/Brand.otf, index: 3}\n", 5, "single font"),
    ("fonts:\n  title: sans\n  text: sans\n  body: fonts/notafont.ttf\n", 5, "not a font file"),
    ("fonts:\n  title: sans\n  text: sans\n  body: fonts/Locked.otf\n", 5, "forbid embedding"),
    ("fonts:\n  title: sans\n  text: [sans, {family: \"No Such Family 123\"}]\n", 4, "no installed font family"),
    ("fonts:\n  title: sans\n  text: [sans, nowhere]\n", 4, "is not a font file"),
])
def test_a_bad_font_is_one_line_exit_2_nothing_written(tmp_path: Path, pnpgen, fonts: str, line: int,
                                                       words: str) -> None:
    template = _template(tmp_path, fonts)
    (tmp_path / "fonts" / "notafont.ttf").write_text("hello", encoding="utf-8")
    from fontfiles import with_fs_type

    (tmp_path / "fonts" / "Locked.otf").write_bytes(with_fs_type(JP_FONT.read_bytes(), 0x0002))
    out = tmp_path / "o.pdf"
    code, _out, err = pnpgen("cards", tmp_path / "cards.yaml", template, "-o", out, "-q")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert f"t.yaml:{line}: fonts." in err and words in err, err
    assert not out.exists()


def test_check_names_characters_no_font_has(tmp_path: Path, pnpgen) -> None:
    """With `fallback: none` the template's fonts alone draw the cards (no installed face stands in):
    --check names each character they lack, as it prints (an empty box)."""
    template = _template(tmp_path, "fonts:\n  title: sans\n  text: sans\n  fallback: none\n")
    _code, out, err = pnpgen("cards", tmp_path / "cards.yaml", template, "--check")
    report = out + err
    assert "'吾'" in report and "no font of 'sans':" in report and "installed font" not in report


def test_pdfx_embeds_a_name_keyed_cff_font_as_bare_cff(tmp_path: Path, pnpgen) -> None:
    """PDF/X-1a (PDF 1.3) takes CFF as FontFile3 /CIDFontType0C, not an OpenType file: a name-keyed OTF
    is embedded CID-keyed (Adobe-Identity-0), the glyphs drawn and no others, each glyph's CID its glyph
    id in the font, its outlines unchanged."""
    import io

    import pikepdf
    from fontfiles import name_keyed_otf
    from fontTools.cffLib import CFFFontSet
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    from generator.scene.fonts import font_path

    otf = name_keyed_otf(str(font_path("sans")), "Hello PDF/X AVATAR")
    template = _template(tmp_path, "fonts:\n  title: fonts/Latin.otf\n  text: sans\n  fallback: none\n")
    (tmp_path / "fonts" / "Latin.otf").write_bytes(otf)
    (tmp_path / "cards.yaml").write_text(DATA.replace("Ufficio", "Hello AVATAR"), encoding="utf-8")
    out = tmp_path / "x.pdf"
    code, _out, err = pnpgen("cards", tmp_path / "cards.yaml", template, "--format", "pdfx", "-o", out, "-q")
    assert code == 0, err
    with pikepdf.open(out) as pdf:
        (cid_font,) = [obj for obj in pdf.objects if isinstance(obj, pikepdf.Dictionary)
                       and obj.get("/Subtype") == "/CIDFontType0"]
        program = cid_font.FontDescriptor.FontFile3
        assert program.Subtype == "/CIDFontType0C"
        cff = CFFFontSet()
        cff.decompile(io.BytesIO(program.read_bytes()), None)
    top = cff.topDictIndex[0]
    assert top.ROS == ("Adobe", "Identity", 0)
    cids = [int(name[3:]) for name in top.charset[1:]]     # each kept glyph named by its id in the font
    assert top.charset[0] == ".notdef" and cids == sorted(set(cids)) and top.CIDCount == cids[-1] + 1
    with TTFont(io.BytesIO(otf)) as source:
        order, cmap, glyphs = source.getGlyphOrder(), source.getBestCmap(), source.getGlyphSet()
        assert len(top.charset) < len(order)                  # only the glyphs drawn, no empty slots
        for ch in "HAV":
            gid = order.index(cmap[ord(ch)])
            theirs, ours = BoundsPen(glyphs), BoundsPen(None)
            glyphs[cmap[ord(ch)]].draw(theirs)
            top.CharStrings[f"cid{gid:05d}"].draw(ours)
            assert ours.bounds == theirs.bounds, ch


def _woff2(source: Path, text: str) -> bytes:
    """A WOFF2 (brotli-compressed, glyf transformed) of a subset of a font, made by fontTools."""
    import io

    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = ["*"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    out = io.BytesIO()
    with TTFont(str(source), lazy=True) as font:
        subsetter.subset(font)
        font.flavor = "woff2"
        font.save(out)
    return out.getvalue()


def test_a_woff2_font_draws_like_the_font_it_was_made_from(tmp_path: Path, pnpgen) -> None:
    """WOFF2 needs brotli (a dependency since issue 30's leftovers): a WOFF2 of DejaVu Serif draws the
    same glyphs at the same places as the shipped TTF, and the PDF embeds it as TrueType."""
    from generator.scene.fonts import add_font, font_path, shape_line

    text = "office AVATAR Wörld"
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Body.woff2").write_bytes(_woff2(font_path("serif"), text))
    assert (tmp_path / "fonts" / "Body.woff2").read_bytes()[:4] == b"wOF2"
    template = tmp_path / "t.yaml"
    template.write_text("card: poker\nfonts:\n  body: fonts/Body.woff2\nfront:\n"
                        "  - {kind: text, x: 5, y: 5, w: 50, h: 8, text: \"{text}\", font: body, size: 12}\n",
                        encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(DATA, encoding="utf-8")
    out = tmp_path / "o.pdf"
    code, _out, err = pnpgen("cards", tmp_path / "cards.yaml", template, "-o", out, "-q")
    assert code == 0, err
    face = add_font(tmp_path / "fonts" / "Body.woff2")
    ours = [(g[1], g[4]) for run in shape_line(face, text) for g in run.glyphs]     # advance, cluster
    theirs = [(g[1], g[4]) for run in shape_line("serif", text) for g in run.glyphs]
    assert ours == theirs and len(ours) < len(text)          # kerned and ligated as the TTF is
    pdf = out.read_bytes()
    assert b"/FontFile2" in pdf and b"+DejaVuSerif" in pdf
