"""The font registry and text_width: the shipped DejaVu files, widths that agree with Pillow's own
HarfBuzz layout (raqm: kerning, ligatures)."""

from __future__ import annotations

import pytest

from generator.core.errors import LayoutError
from generator.core.units import MM_PER_INCH
from generator.scene.fonts import FONTS, font_metrics, font_path
from generator.scene.text import text_width

CONTRACT_NAMES = ["sans", "sans-bold", "sans-italic", "condensed", "condensed-bold", "serif",
                  "serif-bold", "mono", "mono-bold"]
SAMPLES = ["àèéìòùçãõâêôœ", "ÀÉÇ Ação coração", "Là-bas, l'œuvre était déjà là",
           "Perché così? Però sì."]


def test_registry_names_match_the_contract_and_files_exist() -> None:
    assert sorted(FONTS) == sorted(CONTRACT_NAMES)
    for name in FONTS:
        path = font_path(name)
        assert path.is_file() and path.suffix == ".ttf"
    assert (font_path("sans").parent / "LICENSE-DejaVu.txt").is_file()


@pytest.mark.parametrize("name", CONTRACT_NAMES)
def test_fonts_cover_italian_french_portuguese(name: str) -> None:
    fm = font_metrics(name)
    missing = [ch for ch in "àèéìòùçãõâêôœÀÉÇÈÌÒÙÃÕÂÊÔŒ«»’" if not fm.has_glyph(ch)]
    assert missing == []


@pytest.mark.parametrize("name", ["sans", "serif-bold", "condensed", "mono", "sans-italic"])
@pytest.mark.parametrize("text", SAMPLES)
def test_text_width_matches_pillow_raqm_layout(name: str, text: str) -> None:
    from PIL import ImageFont, features

    if not features.check("raqm"):
        pytest.skip("Pillow built without raqm (its HarfBuzz layout)")
    size_pt = 72.0    # 1 pt = 1 px at 72 dpi; large so Pillow's whole-pixel advances matter little
    px = 400.0        # render at 400 px/em: 1 px = 72/400 pt
    font = ImageFont.truetype(str(font_path(name)), px, layout_engine=ImageFont.Layout.RAQM)
    pillow_mm = font.getlength(text) / px * size_pt / 72 * MM_PER_INCH
    ours = text_width(text, name, size_pt)
    # Pillow rounds each advance to a whole pixel (<= 0.5 px per glyph)
    assert ours == pytest.approx(pillow_mm, rel=0.01)
    assert abs(ours - pillow_mm) <= len(text) * 0.5 / px * MM_PER_INCH + 0.05


def test_text_width_is_kerned_and_scales_with_size() -> None:
    apart = text_width("A", "sans", 10) + text_width("V", "sans", 10)
    assert text_width("AV", "sans", 10) < apart - 0.1     # DejaVu Sans kerns A-V by ~0.26 mm at 10 pt
    assert text_width("Ação", "sans", 20) == pytest.approx(2 * text_width("Ação", "sans", 10))


def test_unknown_font_is_a_layout_error() -> None:
    with pytest.raises(LayoutError) as err:
        text_width("x", "helvetica", 10)
    assert "helvetica" in str(err.value) and "sans" in str(err.value)
