"""The whole kit read back (issue 21): every PDF of `kit --seed 1` is in its game's rulebook language
(Codenames Italian), every PDF of `kit --seed 1 --lang en` in English, page by page."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from generator import games
from generator.scene.footer import FOOTER_WORDS, SHORT_ADVICE, SOURCE_WORDS

RULEBOOK = {"codenames": "it", "codex": "it", "dungeon": "fr", "laser": "it", "noir": "pt"}
# Short words each language writes often and the others never (whole words, any case).
MARKERS = {"it": ("il", "che", "della", "gli", "per", "sono"),
           "en": ("the", "and", "of", "your", "with", "is"),
           "fr": ("les", "des", "et", "vous", "une", "est"),
           "pt": ("os", "não", "uma", "você", "do", "são")}


def _advice(lang: str) -> str:
    """The printing advice's short form (the long form starts with it), spaces normalised."""
    return " ".join(SHORT_ADVICE[FOOTER_WORDS[lang][1]].split())


def _foreign_words(lang: str) -> list[str]:
    """Footer and label words of the other languages: their printing advice and their language name."""
    out = []
    for other in FOOTER_WORDS:
        if other != lang:
            out += [_advice(other), SOURCE_WORDS[other]["lang"]]
    return out


def _pages(path: Path, page_texts: Callable[[Path], tuple[str, ...]]) -> list[str]:
    return [" ".join(text.split()) for text in page_texts(path)]


def _count(words: tuple[str, ...], text: str) -> int:
    found = re.findall(r"\w+", text.casefold())
    return sum(found.count(w) for w in words)


def _check_kit(folder: Path, language_of: dict[str, str], page_texts: Callable[[Path], tuple[str, ...]]) -> int:
    checked = 0
    for pdf in sorted(folder.rglob("*.pdf")):
        if pdf.parent == folder:                       # calibration and the example deck: not a game's
            continue
        game = pdf.relative_to(folder).parts[0]
        lang = language_of[game]
        pages = _pages(pdf, page_texts)
        page_word = re.compile(rf"\b{FOOTER_WORDS[lang][0]} \d+/\d+")
        for number, text in enumerate(pages, start=1):
            where = (pdf.relative_to(folder).as_posix(), number, lang)
            assert _advice(lang) in text, where                       # its own footer on every page
            assert page_word.search(text), where
            for word in _foreign_words(lang):
                assert not re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE), (*where, word)
        whole = " ".join(pages)
        own = _count(MARKERS[lang], whole)
        others = {other: _count(words, whole) for other, words in MARKERS.items() if other != lang}
        assert all(own >= 5 * n for n in others.values()), (pdf.name, lang, own, others)
        if "rules" in pdf.name:                        # a rules sheet is sentences: its own words must show
            assert own >= 20, (pdf.name, lang, own)
        checked += 1
    return checked


def test_the_default_kit_speaks_each_rulebook_language(kit_seed1: Path, page_texts) -> None:
    assert {game.name: game.default_language for game in games.all_games()} == RULEBOOK
    assert _check_kit(kit_seed1, RULEBOOK, page_texts) >= 15
    assert (kit_seed1 / "codenames" / "codenames-rules-it.pdf").is_file()
    assert not list(kit_seed1.rglob("*-en.pdf"))


def test_the_english_kit_is_english_throughout(kit_seed1_en: Path, page_texts) -> None:
    assert _check_kit(kit_seed1_en, dict.fromkeys(RULEBOOK, "en"), page_texts) >= 15
    assert not [p for p in kit_seed1_en.rglob("*.pdf") if re.search(r"-(it|fr|pt)\.pdf$", p.name)]


def test_the_checks_catch_a_product_in_the_wrong_language(kit_seed1: Path, kit_seed1_en: Path, tmp_path: Path,
                                                         page_texts) -> None:
    """The same check fails when an English product sits in the Italian kit's Codenames folder."""
    wrong = tmp_path / "codenames"
    wrong.mkdir()
    (wrong / "codenames-rules-it.pdf").write_bytes((kit_seed1_en / "codenames" / "codenames-rules-en.pdf").read_bytes())
    with pytest.raises(AssertionError):
        _check_kit(tmp_path, RULEBOOK, page_texts)
