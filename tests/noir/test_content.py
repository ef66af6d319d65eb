"""Noir content: the 25 suspects are distinct at a glance, texts exist in both languages, bad data is refused."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.games.noir import GAME
from generator.games.noir import content as content
from generator.games.noir.sheets import CARD_COUNT, build_deck, prepare_deck, reference_records, suspect_records

PORTRAIT = ("hat", "hair", "face", "neck")


@pytest.fixture(scope="module")
def suspects():
    return content.load_suspects()


def test_twenty_five_suspects_numbered_one_to_twenty_five(suspects) -> None:
    assert [int(r.fields["number"]) for r in suspects] == list(range(1, 26))


def test_names_start_with_25_different_letters(suspects) -> None:
    # the inspector scans the grid for a name: no two names share a first letter (accents ignored)
    firsts = [_base(r.fields["name"][0]) for r in suspects]
    assert len(set(firsts)) == 25


def test_names_vary_in_length_and_carry_accents(suspects) -> None:
    names = [r.fields["name"] for r in suspects]
    assert len({len(n) for n in names}) >= 5
    assert all(unicodedata.is_normalized("NFC", n) for n in names)
    assert sum(any(ord(ch) > 127 for ch in n) for n in names) >= 8


def test_every_portrait_is_a_different_combination_and_backdrop(suspects) -> None:
    combos = {tuple(r.fields[k] for k in PORTRAIT) for r in suspects}
    assert len(combos) == 25
    assert len({r.fields["backdrop"] for r in suspects}) == 25


def test_drawn_portraits_differ_between_every_two_suspects() -> None:
    deck = build_deck("pt")
    assert (len(deck.suspects), len(deck.reference), len(deck.evidence)) == (25, 2, 25)
    assert len(deck.cards) == CARD_COUNT
    design = prepare_deck("pt")           # what the print job is planned from, before drawing
    assert design.groups == {"suspects": 25, "reference": 2, "evidence": 25} and design.count == CARD_COUNT
    assert (design.card_size, design.bleed) == (deck.card_size, deck.bleed)
    fronts = [tuple(card.front) for card in deck.suspects]
    assert len(set(fronts)) == 25
    assert all(card.back is not None and tuple(card.back) != tuple(card.front) for card in deck.suspects)


def test_labels_have_the_same_keys_in_both_languages() -> None:
    pt, en = content.load_labels("pt"), content.load_labels("en")
    assert set(pt) == set(en) and pt["dead_m"] == "MORTO" and en["dead_m"] == "DEAD"
    with pytest.raises(DataError):
        content.load_labels("fr")


def test_localised_records_carry_trait_and_agreeing_dead_label() -> None:
    people = {r.fields["name"]: r.fields for r in suspect_records("pt")}
    assert people["Benedita"]["dead"] == "MORTA" and people["Álvaro"]["dead"] == "MORTO"
    assert people["Álvaro"]["trait"] == "alfaiate"
    assert {r.fields["name"]: r.fields for r in suspect_records("en")}["Álvaro"]["trait"] == "tailor"


@pytest.mark.parametrize("lang", GAME.languages)
def test_reference_cards_fill_in_the_kill_limit(lang: str) -> None:
    cards = reference_records(lang, kill_limit=12)
    assert [r.fields["role"] for r in cards] == ["killer", "inspector"]
    for record in cards:
        text = " ".join(str(v) for v in record.fields.values())
        assert "{kill_limit}" not in text
        assert "12" in record.fields["rule_end"]
        for key in ("title", "first", "a1", "a2", "a3", "rule_adjacent", "rule_undo", "rule_standard"):
            assert record.fields[key].strip()


def _base(ch: str) -> str:
    return unicodedata.normalize("NFD", ch)[0].upper()


# --- bad data ----------------------------------------------------------------------------------

def _write(tmp_path: Path, suspects, mutate) -> Path:
    import yaml

    rows = [dict(r.fields) for r in suspects]
    mutate(rows)
    path = tmp_path / "suspects.yaml"
    path.write_text(yaml.safe_dump({"cards": rows}, allow_unicode=True), encoding="utf-8")
    return path


def test_duplicate_number_is_refused_with_its_line(tmp_path, suspects) -> None:
    path = _write(tmp_path, suspects, lambda rows: rows[3].update(number=1))
    with pytest.raises(DataError) as err:
        content.load_suspects(path)
    assert err.value.key == "number" and err.value.line is not None and str(path) in str(err.value)


def test_missing_field_and_wrong_count_are_refused(tmp_path, suspects) -> None:
    with pytest.raises(DataError) as err:
        content.load_suspects(_write(tmp_path, suspects, lambda rows: rows[0].pop("trait_en")))
    assert err.value.key == "trait_en"
    with pytest.raises(DataError, match="25 suspects"):
        content.load_suspects(_write(tmp_path, suspects, lambda rows: rows.pop()))


def test_bad_portrait_value_names_the_data_line(tmp_path, suspects) -> None:
    path = _write(tmp_path, suspects, lambda rows: rows[4].update(hat="sombrero"))
    with pytest.raises(DataError) as err:
        build_deck("pt", suspects=path)
    assert "sombrero" in str(err.value) and err.value.line is not None
