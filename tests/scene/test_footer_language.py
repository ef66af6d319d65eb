"""Sheet footers speak the product's language (page n/N, the printing advice, the scale label)."""

from __future__ import annotations

import pytest

from generator.scene.bounds import flatten
from generator.scene.footer import FOOTER_WORDS, add_footers
from generator.scene.imposition import sheet_pages
from generator.scene.model import Text


def _texts(items) -> list[str]:
    return [item.text for item in _text_items(items)]


def _text_items(items) -> list[Text]:
    return [item for item, _ in flatten(items) if isinstance(item, Text)]


@pytest.mark.parametrize("lang, page_word, scale", [("it", "pagina 1/2", "scala 50 mm:"),
                                                     ("pt", "página 1/2", "escala 50 mm:"),
                                                     ("fr", "page 1/2", "échelle 50 mm\u202f:"),
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


def test_a_long_source_is_cut_before_the_title() -> None:
    """The deck's title says what the sheet is: a long source gives way first (the CODEX deck's title
    was once cut to "C…")."""
    from generator.render import render_recording
    from generator.scene.footer import fit_footer, footer_text

    source = ", ".join(["character", "ration", "object", "secret", "creature", "special", "boss", "zone"] * 3)
    text = fit_footer(footer_text("CODEX (English)", source, 3, 20, "fr"), 150.0)
    assert text.startswith("CODEX (English)  ·  …") and "page 3/20" in text
    render_recording(add_footers(sheet_pages(1, "a4", False), title="CODEX", source=source, lang="fr"))


@pytest.mark.parametrize(("lang", "words"), [("en", "seed 7"), ("it", "codice partita 7"),
                                             ("fr", "code de partie 7"), ("pt", "código da partida 7")])
def test_seed_words_follow_the_language(lang: str, words: str) -> None:
    from generator.scene.footer import seed_words

    assert seed_words(7, lang) == words



@pytest.mark.parametrize("title", ["لعبة الورق", "משחק קלפים"])
def test_a_right_to_left_title_keeps_the_footer_left_to_right(title) -> None:
    """pnpgen's own words read left to right: a footer that starts with an Arabic or Hebrew title is a
    left-to-right paragraph (the title first, at the left, in its own order), not flipped to the right."""
    from generator.scene.fonts import paragraph_rtl
    from generator.scene.text import layout_text

    pages = add_footers(sheet_pages(1, "a4", False), title=title, source="seed 1", lang="en")
    (words,) = [t for t in _text_items(pages[0].items) if title in t.text]
    (line,) = layout_text(words)
    assert line.rtl is False and abs(line.x - words.x) < 1e-6          # set from the left edge
    assert line.text.startswith(title)
    assert paragraph_rtl(words.text) is True                          # what the first strong letter alone said
