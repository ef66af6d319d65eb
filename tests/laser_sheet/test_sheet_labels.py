"""Printed words come from card_data/laser/labels.yaml; the legend follows the component data."""

from __future__ import annotations

import pytest
import yaml
from tests.pdftext import page_texts

from generator import paths
from generator.core.errors import DataError
from generator.games.laser import GAME
from generator.games.laser.content import load_catalog
from generator.games.laser.sheets.draw import behaviour, sample_travels
from generator.games.laser.sheets.labels import _check_table, load_labels

SHEET_KEYS = ("your_circuit", "opponent_circuit", "shot_log", "legend", "slip_cannon", "slip_answer", "log_hits")


def page_text(pdf) -> str:
    return " ".join(page_texts(pdf)[0].split())


def table() -> dict:
    return yaml.safe_load(paths.card_data("laser", "labels.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", GAME.languages)
def test_sheet_words_are_the_tables(kit, tmp_path, lang: str) -> None:
    out = tmp_path / f"{lang}.pdf"
    assert kit.run(["sheet", "--lang", lang, "-o", out, "-q"]) == 0
    text = page_text(out)
    section = table()[lang]
    for key in SHEET_KEYS:
        assert " ".join(section[key].split()) in text, key
    for ctype in load_catalog().beginner():
        assert section["components"][ctype.name]["name"] in text, ctype.name
    for k in (1, 2, 3):
        assert section["slip_title"].format(k=k) in text


def test_switching_language_changes_the_words(kit, tmp_path) -> None:
    it, en = tmp_path / "it.pdf", tmp_path / "en.pdf"
    assert kit.run(["sheet", "-o", it, "-q"]) == 0                 # Italian by default
    assert kit.run(["sheet", "--lang", "en", "-o", en, "-q"]) == 0
    it_text, en_text = page_text(it), page_text(en)
    words = table()
    for key in SHEET_KEYS:
        if words["it"][key] != words["en"][key]:
            assert words["it"][key] in it_text and words["it"][key] not in en_text, key
            assert words["en"][key] in en_text and words["en"][key] not in it_text, key


def test_every_language_has_every_key() -> None:
    data = table()
    first = load_labels(GAME.languages[0])
    for lang in GAME.languages:
        labels = load_labels(lang)
        assert set(labels.texts) == set(first.texts)
        assert set(labels.components) == set(load_catalog().names)
    broken = {**data, "fr": {k: v for k, v in data["fr"].items() if k != "shot_log"}}
    with pytest.raises(DataError, match="not in every language"):
        _check_table(broken, "labels.yaml")


def test_unknown_language_is_refused(kit, tmp_path) -> None:
    assert kit.run(["sheet", "--lang", "de", "-o", tmp_path / "de.pdf"]) == 2
    with pytest.raises(DataError):
        load_labels("de")


def test_legend_follows_the_component_data(kit, tmp_path) -> None:
    out = tmp_path / "expert.pdf"
    components = kit.data / "expert-components.yaml"
    assert kit.run(["sheet", "--component-file", components, "--components", "all", "--lang", "en",
                    "-o", out, "-q"]) == 0
    text = page_text(out)
    assert "Muro di prova" in text                                # a type the table does not know: its data name
    assert "Absorber" in text and "Reflector" in text
    assert "Jump" not in text and "Triangle" not in text            # not in this set


def test_beam_diagrams_show_each_distinct_effect() -> None:
    expected = {"absorber": {"stop"}, "reflector": {"reverse"}, "jump": {"jump"}, "diagonal": {"turn"},
                "triangle": {"turn", "reverse"}}
    for ctype in load_catalog():
        travels = sample_travels(ctype)
        kinds = [behaviour(ctype.orientations[0].actions[t], t) for t in travels]
        assert len(kinds) == len(set(kinds))
        assert set(kinds) == expected[ctype.name]
