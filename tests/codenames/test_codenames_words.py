"""The word lists: big enough, single words, no duplicates, no word built from another, no plural-only
nouns, few loanwords in Italian; a seeded deal of 25 for a table."""

from __future__ import annotations

import unicodedata

import pytest

from generator.core.rng import make_rng
from generator.games.codenames import GAME
from generator.games.codenames import sheets as sheet
from generator.games.codenames.rules import keys as cn

LANGS = GAME.languages


@pytest.mark.parametrize("lang", LANGS)
def test_word_list_is_big_clean_and_unique(lang: str) -> None:
    words = sheet.load_words(lang)
    assert len(words) >= 400
    assert len(set(words)) == len(words)
    assert len({w.casefold() for w in words}) == len(words)
    for word in words:
        assert word == word.strip() and word
        assert not any(ch.isspace() or ch in "_'’" for ch in word), word
        assert not word.startswith("-") and not word.endswith("-") and "--" not in word, word
        assert all(unicodedata.category(ch).startswith("L") for ch in word.replace("-", "")), word
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


# --- no word built from another ------------------------------------------------------------------

def stem(word: str) -> str:
    """The word without a final vowel (Italian endings: ombrell-o, lampad-a), when that leaves 4+ letters."""
    word = word.casefold()
    return word[:-1] if len(word) > 4 and word[-1] in "aeiou" else word


def look_alike_pairs(words: list[str]) -> set[tuple[str, str]]:
    """Pairs (a, b) where b starts with a's stem (4+ letters) or with all of a (3 letters): the shape of
    a derived or compound word (snow/snowman, ghiaccio/ghiacciaio, lampada/lampadina)."""
    folded = sorted({w.casefold() for w in words})
    found = set()
    for a in folded:
        s = stem(a)
        for b in folded:
            if b != a and len(s) >= 3 and b.startswith(s if len(s) >= 4 else a) and len(b) >= len(a) - 1:
                found.add((a, b))
    return found


# Words that only share their first letters: unrelated in meaning for a player (checked one by one).
UNRELATED = {
    "en": {("arm", "armor"), ("arm", "army"), ("bat", "battery"), ("bear", "beard"), ("bow", "bowl"),
           ("bus", "bush"), ("cap", "captain"), ("car", "card"), ("car", "carpet"), ("car", "carrot"),
           ("crow", "crown"), ("pan", "panda"), ("pear", "pearl"), ("pen", "pencil"), ("pen", "penguin"),
           ("plane", "planet"), ("pot", "potato"), ("rock", "rocket"), ("sand", "sandwich"), ("ski", "skirt"),
           ("wall", "wallet"), ("wind", "window")},
    "it": {("albero", "albergo"), ("aquila", "aquilone"), ("ascia", "asciugamano"), ("biglia", "biglietto"),
           ("campo", "campana"), ("colla", "collana"), ("colla", "collina"), ("gamba", "gambero"),
           ("letto", "lettera"), ("luce", "lucertola"), ("oro", "orologio"), ("pala", "palazzo"),
           ("penna", "pennello"), ("polpo", "polpetta"), ("porta", "portico"), ("porta", "porto"),
           ("porto", "porta"), ("porto", "portico"), ("radio", "radice"), ("sci", "sciarpa"),
           ("sci", "scimmia"), ("sci", "scintilla"), ("sci", "scivolo"), ("spia", "spiaggia"),
           ("zucca", "zucchero")},
}


def test_the_pair_finder_finds_the_known_derived_pairs() -> None:
    found = look_alike_pairs(["ombrello", "ombrellone", "lampada", "lampadina", "ghiaccio", "ghiacciaio",
                              "snow", "snowman", "wind", "windmill", "cat", "dog"])
    assert {("ombrello", "ombrellone"), ("lampada", "lampadina"), ("ghiaccio", "ghiacciaio"),
            ("snow", "snowman"), ("wind", "windmill")} <= found
    assert not any("cat" in pair or "dog" in pair for pair in found)


@pytest.mark.parametrize("lang", LANGS)
def test_no_word_is_built_from_another(lang: str) -> None:
    pairs = look_alike_pairs(sheet.load_words(lang))
    assert pairs - UNRELATED[lang] == set(), "a word built from another (or add it to UNRELATED, if not)"
    assert UNRELATED[lang] <= pairs, "stale UNRELATED entries: the list no longer has them"


PLURAL_ONLY = {"en": {"scissors", "stairs", "trousers", "pants", "jeans", "glasses", "binoculars", "pliers",
                      "shorts", "clothes", "headphones"},
               "it": {"forbici", "soldi", "spaghetti", "occhiali", "pantaloni", "manette", "nozze", "mutande",
                      "pinze", "stoviglie"}}
IT_LOANWORDS = {"computer", "garage", "laser", "picnic", "popcorn", "puzzle", "robot", "taxi", "yogurt",
                "jeans", "hamburger", "sandwich", "toast", "mouse", "tablet", "hotel", "sport", "film"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_plural_only_nouns(lang: str) -> None:
    assert not PLURAL_ONLY[lang] & set(sheet.load_words(lang))


def test_italian_has_few_loanwords_and_words_with_two_meanings() -> None:
    words = set(sheet.load_words("it"))
    assert not IT_LOANWORDS & words
    ending_in_consonant = sorted(w for w in words if w[-1] not in "aeiouàèéìòù")
    assert len(ending_in_consonant) <= 4, ending_in_consonant   # loanwords: autobus, cactus, camion, mais
    assert {"riso", "calcio", "rete", "lingua", "mora", "tasso", "lama", "pesca", "pianta", "gomma"} <= words


def test_english_has_words_with_two_meanings_and_yo_yo() -> None:
    words = set(sheet.load_words("en"))
    assert {"bark", "bat", "crane", "date", "fan", "mole", "pitch", "pupil", "seal", "spring", "yo-yo"} <= words
    assert "yo-yo" in sheet.load_words("it")


def test_a_hyphen_inside_a_word_is_read_but_not_at_its_ends(tmp_path) -> None:
    from generator.core.errors import DataError

    path = tmp_path / "words.txt"
    path.write_text("yo-yo\n", encoding="utf-8")
    assert sheet.read_word_file(path) == ["yo-yo"]
    path.write_text("apple\n-yo\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        sheet.read_word_file(path)
    assert err.value.line == 2


# --- near-duplicates (issue 21): yoyo/yo-yo, pane/panino, aereo/aeroporto, plurals ---------------

def test_a_word_repeated_with_a_hyphen_is_a_duplicate(tmp_path) -> None:
    from generator.core.errors import DataError

    path = tmp_path / "words.txt"
    path.write_text("yo-yo\napple\nYoyo\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        sheet.read_word_file(path)
    assert err.value.line == 3 and "Yoyo" in str(err.value) and "line 1" in str(err.value)


SUFFIXES = {"en": ("let", "ling", "y", "s", "es"),
            "it": ("ino", "ina", "etto", "etta", "ello", "ella", "one", "otto", "accio")}


def derived_pairs(words: list[str], lang: str) -> set[tuple[str, str]]:
    """Pairs (a, b) where b is a's stem (final vowels off, 3+ letters) plus a diminutive/augmentative
    ending (pane/panino) or plus another word of the list, with or without a linking vowel
    (aereo/aeroporto, snow/snowman)."""
    folded = sorted({w.casefold().replace("-", "") for w in words})
    known = {w for w in folded if len(w) >= 3}
    found = set()
    for a in folded:
        s = a.rstrip("aeiou")
        if len(s) < 3:
            continue
        for b in folded:
            rest = b[len(s):] if b != a and b.startswith(s) else None
            if rest is not None and (rest in SUFFIXES[lang] or rest in known
                                     or (rest[:1] in set("aeiou") and rest[1:] in known)):
                found.add((a, b))
    return found


DERIVED_LOOKING = {"en": {("arm", "army")},
                   "it": {("aquila", "aquilone"), ("colla", "collina"), ("mela", "melone"),
                          ("penna", "pennello"), ("polpo", "polpetta")}}


def test_the_derived_pair_finder_finds_the_issue_pairs() -> None:
    found = derived_pairs(["pane", "panino", "aereo", "aeroporto", "porto", "yo-yo", "yoyo", "snow", "snowman",
                           "man", "cat", "dog"], "it")
    assert {("pane", "panino"), ("aereo", "aeroporto"), ("snow", "snowman")} <= found
    assert not any("cat" in pair or "dog" in pair or "porto" in pair for pair in found)


@pytest.mark.parametrize("lang", LANGS)
def test_no_diminutive_or_compound_of_another_word(lang: str) -> None:
    pairs = derived_pairs(sheet.load_words(lang), lang)
    assert pairs - DERIVED_LOOKING[lang] == set(), "a word derived from another (or list it, if unrelated)"
    assert DERIVED_LOOKING[lang] <= pairs, "stale DERIVED_LOOKING entries"


IT_INVARIABLE_IN_I = {"cavatappi", "oasi", "sci"}    # singular nouns that end in -i


def test_italian_has_no_plural_nouns() -> None:
    words = set(sheet.load_words("it"))
    assert {w for w in words if w.endswith("i")} == IT_INVARIABLE_IN_I
    assert not {"capelli", "cereali", "panino", "aeroporto"} & words
    assert "yoyo" not in sheet.load_words("en") and "yo-yo" in sheet.load_words("en")
