"""Sheet footers speak the product's language (page n/N, the printing advice, the scale label)."""

from __future__ import annotations

import pytest

from generator.scene.footer import FOOTER_WORDS, add_footers
from generator.scene.imposition import sheet_pages
from generator.scene.model import Group, Text


def _texts(items) -> list[str]:
    found: list[str] = []
    for item in items:
        if isinstance(item, Group):
            found += _texts(item.items)
        elif isinstance(item, Text):
            found.append(item.text)
    return found


@pytest.mark.parametrize("lang, page_word, scale", [("it", "pagina 1/2", "scala 50 mm:"),
                                                     ("pt", "página 1/2", "escala 50 mm:"),
                                                     ("fr", "page 1/2", "échelle 50 mm :"),
                                                     ("en", "page 1/2", "50 mm scale:")])
def test_footer_words_follow_the_language(lang, page_word, scale) -> None:
    pages = add_footers(sheet_pages(2, "a4", False), title="T", source="seed 1", lang=lang)
    texts = _texts(pages[0].items)
    assert any(page_word in t and FOOTER_WORDS[lang][1] in t for t in texts), texts
    assert scale in texts


def test_unknown_language_falls_back_to_english() -> None:
    pages = add_footers(sheet_pages(1, "a4", False), title="T", source="", lang="xx")
    assert "50 mm scale:" in _texts(pages[0].items)


def test_a_very_long_source_is_shortened_never_an_error() -> None:
    from generator.render import render_recording

    source = "/a/deep/install/" + "site-packages/" * 20 + "cards.yaml"
    pages = add_footers(sheet_pages(1, "letter", False), title="A long title " * 5, source=source)
    log = render_recording(pages)                  # lays the text out: raises if it cannot fit
    assert "page 1/1" in log and "cards.yaml" in log and "…" in log
