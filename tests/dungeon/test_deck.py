"""The CODEX card data: counts per kind, the rulebook's facts kept, translations, and validation."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.dungeon import GAME
from generator.games.dungeon.content import load_deck
from generator.games.dungeon.rules.deck import COUNTS, DECK_SIZE, KINDS, count_kinds, expand, parse_keywords
from generator.games.dungeon.rules.validate import parse_range, parse_refs, validate_deck
from generator.games.dungeon.rules.wording import TIMINGS


@pytest.fixture(scope="module")
def deck():
    return load_deck()


def test_the_deck_has_the_rulebook_counts(deck):
    counts = count_kinds(deck.cards)
    assert counts == COUNTS
    assert len(expand(deck.cards)) == DECK_SIZE == 82


def test_the_built_in_data_passes_validation(deck):
    assert [str(p) for p in validate_deck(deck.cards, deck.keywords)] == []


def test_every_card_has_french_and_english_names_and_a_source(deck):
    for card in deck.cards:
        assert card.name("fr") and card.name("en"), card.id
        assert card.source in ("rulebook", "original"), card.id
    assert set(card.kind for card in deck.cards) == set(KINDS)


def test_the_rulebook_facts_are_kept(deck):
    brawler = deck.get("bagarreur-crique")
    assert brawler.name() == "Bagarreur de la Crique" and brawler.source == "rulebook"
    assert (brawler.values["pv"], brawler.values["riposte"]) == (6, 3)
    assert parse_keywords(brawler.values["keywords"]) == [("Charge", 1)]
    assert "deux joueurs" in brawler.text("cond1") and "Début du Chapitre" in brawler.text("effect1")
    assert "3 dégâts" in brawler.text("effect2")
    painter = deck.get("peintre")
    secret = next(s for s in deck.of_kind("secret") if s.values["number"] == painter.values["secret"])
    assert painter.values["secret"] == 8 and secret.values.get("abilities")
    assert "3 Encres" in secret.text("cond1") and "2 dégâts" in secret.text("effect1")
    assert "1 dégât" in secret.text("effect3") and "Encre" in secret.text("effect3")
    assert deck.get("obstine").values["start"] == "mousquet-veteran"
    assert deck.get("obstine").values["colour"] == "red"
    dagger = deck.get("dague-noire")
    assert (dagger.values["precision"], dagger.values["damage"], parse_range(dagger.values["range"])) == (3, 1, (0, 0))
    assert "[" not in dagger.text("effect1") and dagger.text("effect2").startswith("[")
    names = {card.name() for card in deck.cards}
    assert {"Ruelle", "Docks", "Trappeur Alligator", "Esprit Néoténique", "Encre", "Rêveur", "Curieux",
            "Début du Chapitre", "Fin du Chapitre", "Fin du Chapitre de Boss"} <= names


def _problems(deck, card_id, **changes):
    cards = [dataclasses.replace(c, **changes) if c.id == card_id else c for c in deck.cards]
    return [str(p) for p in validate_deck(cards, deck.keywords)]


def _with_values(deck, card_id, **values):
    card = deck.get(card_id)
    return _problems(deck, card_id, values={**card.values, **values})


def test_validation_catches_missing_references(deck):
    assert any("reward 'nowhere'" in p for p in _with_values(deck, "peintre", rewards="nowhere"))
    assert any("no Secret card has that number" in p for p in _with_values(deck, "peintre", secret=12))
    assert any("holds no Boss abilities" in p for p in _with_values(deck, "peintre", secret=1))
    assert any("start 'sabre'" in p for p in _with_values(deck, "obstine", start="sabre"))
    assert any("summons 'kraken'" in p for p in _with_values(deck, "trappeur-alligator", summons="kraken"))
    assert any("reads 42" in p for p in _with_values(deck, "egouts", reads=42))


def test_validation_catches_a_wrong_count(deck):
    cards = [c for c in deck.cards if c.id != "chien-criee"]
    problems = [str(p) for p in validate_deck(cards, deck.keywords)]
    assert "creature: 11 cards of kind creature, the rulebook has 12" in problems
    doubled = [dataclasses.replace(c, qty=5) if c.id == "encre" else c for c in deck.cards]
    assert any("8 cards of kind special" in str(p) for p in validate_deck(doubled, deck.keywords))


def test_validation_catches_unknown_keywords_texts_and_values(deck):
    assert any("unknown keyword 'Vol'" in p for p in _with_values(deck, "reine-rats", keywords="Vol, Tacle"))
    assert any("Charge needs a value" in p for p in _with_values(deck, "chien-criee", keywords="Charge"))
    assert any("Plante needs green values" in p for p in _with_values(deck, "reine-rats", keywords="Plante"))
    assert any("range must be" in p for p in _with_values(deck, "dague-noire", range="3-1"))
    assert any("colour" in p for p in _with_values(deck, "obstine", colour="purple"))
    card = deck.get("ruelle")
    texts = {"fr": card.texts["fr"], "en": {k: v for k, v in card.texts["en"].items() if k != "effect1"}}
    assert any("effect1_en" in p for p in _problems(deck, "ruelle", texts=texts))
    bad = {"fr": {**card.texts["fr"], "effect1": "[Fin <boom> du tour"}, "en": card.texts["en"]}
    found = _problems(deck, "ruelle", texts=bad)
    assert any("unknown icon <boom>" in p for p in found) and any("brackets" in p for p in found)


def test_problems_name_the_file_and_line(deck):
    problems = _with_values(deck, "peintre", rewards="nowhere")
    assert any(p.startswith(f"{deck.get('peintre').file}:{deck.get('peintre').line}: peintre:") for p in problems)


@pytest.mark.parametrize("text,expected", [("0", (0, 0)), ("1-2", (1, 2)), ("1 – 3", (1, 3)),
                                           ("2-1", None), ("x", None), ("", None)])
def test_parse_range(text, expected):
    assert parse_range(text) == expected


# --- wording: timings, keywords, summons (a property of every card of the data) ------------------

def _with_text(deck, card_id, lang, name, text):
    card = deck.get(card_id)
    texts = {**card.texts, lang: {**card.texts[lang], name: text}}
    return _problems(deck, card_id, texts=texts)


def test_every_card_uses_the_rulebooks_phase_names_defined_keywords_and_complete_summons(deck):
    from generator.games.dungeon.rules.wording import keyword_problems, summon_problems, timing_problems

    names = {lang: [k.names[lang] for k in deck.keywords] for lang in GAME.languages}
    summoning = 0
    for card in deck.cards:
        summoned = [deck.get(ref) for ref in parse_refs(card.values.get("summons"))]
        for lang in GAME.languages:
            texts = {k: v for k, v in card.texts[lang].items() if k != "name"}
            for text in texts.values():
                assert timing_problems(text, lang) == [], (card.id, text)
                assert keyword_problems(text, lang, names[lang]) == [], (card.id, text)
            assert summon_problems(texts, lang, [c.name(lang) for c in summoned]) == [], card.id
        summoning += bool(summoned)
    assert summoning == 6        # Trappeur, Esprit, Secrets 4, 5 and 8, Cimetière Marin


def test_every_summoned_special_creature_is_named_by_its_summoner(deck):
    for card in deck.cards:
        for ref in parse_refs(card.values.get("summons")):
            special = deck.get(ref)
            assert special.kind == "special"
            for lang in GAME.languages:
                text = " ".join(card.texts[lang].values())
                assert special.name(lang).rstrip("s") in text, (card.id, lang)


@pytest.mark.parametrize(("card_id", "lang", "name", "text", "expected"), [
    ("lanterne-sourde", "fr", "effect1", "[<pa>] Jusqu’au prochain tour, Riposte 1-.", "timing 'prochain'"),
    ("encre", "en", "effect2", "Resting in my Zone costs 1 more <pa> next turn.", "timing 'next'"),
    ("sabre-abordage", "fr", "effect1", "Tackle ne vous affecte pas.", "keyword 'Tackle' is not defined in fr"),
    ("grappin", "en", "effect1", "Move 2 Zones, ignoring Tacle.", "keyword 'Tacle' is not defined in en"),
    ("esprit-neotenique", "fr", "effect2", "Un Feu Follet apparaît dans ma Zone.", "without saying what happens"),
    ("trappeur-alligator", "en", "effect1", "A trap appears here.", "summons 'Jaw Trap' but no en text names it"),
])
def test_wording_problems_are_caught(deck, card_id, lang, name, text, expected):
    assert any(expected in p for p in _with_text(deck, card_id, lang, name, text))


# Hypothesis: whatever card and whichever of its texts, a timing outside the rulebook's phases is
# refused and one of the rulebook's phases is accepted (the check reads words, not card ids).
_DECK = load_deck()
_TEXTS = [(c.id, lang, name) for c in _DECK.cards for lang in GAME.languages for name in c.texts[lang] if name != "name"]
_BAD = {"fr": ["au prochain tour", "jusqu’au tour suivant", "pendant la phase des Ennemis", "lors du prochain tour"],
        "en": ["next turn", "until the enemy phase", "during the monsters' turn", "on the next round's turn"]}


@settings(max_examples=60, deadline=None)
@given(place=st.sampled_from(_TEXTS), pick=st.integers(min_value=0, max_value=99), before=st.booleans())
def test_any_card_text_with_a_foreign_timing_is_refused(place, pick, before):
    card_id, lang, name = place
    text = _DECK.get(card_id).text(name, lang)
    bad = _BAD[lang][pick % len(_BAD[lang])]
    changed = f"{bad.capitalize()}, {text}" if before else f"{text} ({bad})"
    assert any("timing" in p and card_id in p for p in _with_text(_DECK, card_id, lang, name, changed))


@settings(max_examples=60, deadline=None)
@given(place=st.sampled_from(_TEXTS), pick=st.integers(min_value=0, max_value=99))
def test_any_card_text_with_a_rulebook_phase_is_accepted(place, pick):
    from generator.games.dungeon.rules.wording import timing_problems

    card_id, lang, name = place
    text = _DECK.get(card_id).text(name, lang)
    phrase = TIMINGS[lang][pick % len(TIMINGS[lang])]
    assert timing_problems(f"[{phrase}] {text}", lang) == []
