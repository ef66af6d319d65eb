"""The word lists: big enough, single words, no duplicates; a seeded deal of 25 for a table."""

from __future__ import annotations

import unicodedata

import pytest

from generator.core.rng import make_rng
from generator.games.codenames import sheets as sheet
from generator.games.codenames.rules import keys as cn

LANGS = ["en", "it"]


@pytest.mark.parametrize("lang", LANGS)
def test_word_list_is_big_clean_and_unique(lang: str) -> None:
    words = sheet.load_words(lang)
    assert len(words) >= 400
    assert len(set(words)) == len(words)
    assert len({w.casefold() for w in words}) == len(words)
    for word in words:
        assert word == word.strip() and word
        assert not any(ch.isspace() or ch in "-_'’" for ch in word), word
        assert all(unicodedata.category(ch).startswith("L") for ch in word), word
        assert 2 <= len(word) <= 13, word  # fits the card at a readable size


def test_lists_are_different_languages() -> None:
    en, it = set(sheet.load_words("en")), set(sheet.load_words("it"))
    assert len(en & it) < 40  # a few loanwords (pizza, robot) are shared, not the lists


def test_unknown_language_is_a_clear_error() -> None:
    from generator.core.errors import DataError

    with pytest.raises(DataError) as err:
        sheet.load_words("xx")
    assert "en" in str(err.value) and "it" in str(err.value)


def test_bad_word_file_names_file_and_line(tmp_path) -> None:
    from generator.core.errors import DataError

    path = tmp_path / "words.txt"
    path.write_text("# comment\napple\nice cream\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        sheet.read_word_file(path)
    assert err.value.line == 3 and str(path) in str(err.value)
    path.write_text("apple\npear\napple\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        sheet.read_word_file(path)
    assert err.value.line == 3 and "duplicate" in str(err.value)


@pytest.mark.parametrize("lang", LANGS)
def test_a_seeded_deal_is_25_different_words_from_the_list(lang: str) -> None:
    words = sheet.load_words(lang)
    deals = []
    for seed in range(30):
        deal = cn.deal_words(words, make_rng(seed, "codenames", "words"))
        assert len(deal) == len(set(deal)) == 25 and set(deal) <= set(words)
        deals.append(deal)
    assert deals[0] == cn.deal_words(words, make_rng(0, "codenames", "words"))
    assert len({tuple(d) for d in deals}) == 30
