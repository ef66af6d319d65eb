"""Issue 21: every product in its game's language, and the rules fixes printed where players read them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.pdftext import page_texts

from generator.games.codenames import GAME as CODENAMES
from generator.games.laser import GAME as LASER


def _text(path: Path) -> str:
    return "\n".join(page_texts(path))


def _yaml(*parts: str) -> str:
    from generator import paths

    return paths.card_data(*parts).read_text(encoding="utf-8")


def test_codenames_rulebook_language_is_italian() -> None:
    assert CODENAMES.default_language == "it"
    assert set(CODENAMES.languages) == {"it", "en"}


def test_codenames_italian_rules_use_the_rulebook_terms(tmp_path: Path) -> None:
    from generator.cli.gamecli import write_rules

    [pdf] = write_rules(CODENAMES, tmp_path / "r.pdf", "it", "a4", False)
    text = " ".join(_text(pdf).split())
    for term in ("ignaro passante", "capo dell'agenzia", "Letteralmente incredibile", "Sempre meglio che perdere",
                 "Lavorate per i servizi segreti?"):
        assert term in text.replace("’", "'"), term
    assert "copertura" not in text
    assert "coprilo" not in text            # one form of address: voi


def test_laser_book_in_each_language(tmp_path: Path) -> None:
    from generator.games.laser.cli.puzzles import book_pages, make_puzzles
    from generator.games.laser.content import load_catalog
    from generator.games.laser.rules.model import Board
    from generator.render import render_pdf

    catalog = load_catalog()
    made = make_puzzles(Board(), catalog.beginner(), catalog, 3, 2, (1,), False)
    markers = {"it": ("Rompicapo 1", "Assorbito", "Respinto", "Salto"), "en": ("Puzzle 1", "Absorber"),
               "fr": ("Énigme 1", "Absorbeur"), "pt": ("Desafio 1", "Absorvedor")}
    for lang in LASER.languages:
        pages = book_pages(made, catalog.beginner(), Board(), "a4", None, "x", lang)
        # cover, 2 puzzles, one blank page, then one solution per page
        assert [p.label for p in pages] == ["cover", "puzzle 1", "puzzle 2", "blank", "solution 1", "solution 2"]
        path = tmp_path / f"{lang}.pdf"
        path.write_bytes(render_pdf(pages))
        text = _text(path)
        for word in markers[lang]:
            assert word in text, (lang, word)
        others = [w for other, words in markers.items() if other != lang for w in words[:1]]
        assert not any(w in text for w in others), lang


def test_solutions_never_back_a_puzzle() -> None:
    """Printed duplex, page 2k+1's back is page 2k+2: no sheet has a puzzle on one side and a solution on the other."""
    from generator.games.laser.cli.puzzles import book_pages, make_puzzles
    from generator.games.laser.content import load_catalog
    from generator.games.laser.rules.model import Board

    catalog = load_catalog()
    for count in (1, 2, 3):
        made = make_puzzles(Board(), catalog.beginner(), catalog, 5, count, (1,), False)
        labels = [p.label for p in book_pages(made, catalog.beginner(), Board(), "a4", None, "", "en")]
        for front, back in zip(labels[0::2], labels[1::2], strict=False):
            assert not ({front.split()[0], back.split()[0]} >= {"puzzle", "solution"}), labels


@given(st.text(alphabet="abcdefghij klmnop/", min_size=0, max_size=200),
       st.text(alphabet="abcdefghij klmnop", min_size=1, max_size=120))
def test_footer_never_prints_a_bare_ellipsis(source: str, title: str) -> None:
    from generator.scene.footer import SEPARATOR, fit_footer, footer_text

    fitted = fit_footer(footer_text(title, source, 1, 9, "en"), 120.0)
    assert all(part.strip() not in ("…", "") for part in fitted.split(SEPARATOR))
    assert "page 1/9" in fitted


@pytest.mark.parametrize(("parts", "needle"), [
    (("codex", "rules.yaml"), "ancora pari, chi ha ricevuto per primo il voto decisivo.\""),
    (("codex", "rules.yaml"), "l'Inquisitore usa qui il suo potere"),
    (("codex", "rules.yaml"), "sceglie il Profiler quale"),
    (("codex", "rules.yaml"), "Foglietti di carta e una matita"),
    (("dungeon", "rations.yaml"), "[2 <pa>, se reposer]"),
    (("dungeon", "aid.yaml"), "une Zone voisine"),
    (("dungeon", "aid.yaml"), "jamais l’aptitude d’un Personnage"),
    (("dungeon", "aid.yaml"), "8 dés à six faces, dont 4 de couleur (rouge, jaune, vert, bleu)"),
    (("dungeon", "labels.yaml"), "8 six-sided dice, 4 of them coloured (red, yellow, green, blue)"),
    (("dungeon", "secrets.yaml"), "sur la Place du Lavoir"),
    (("noir", "reference.yaml"), "guarde 1 viva em segredo"),
    (("noir", "suspects.yaml"), "Noêmia"),
    (("laser", "rules.yaml"), "accendendo i puntatori"),
    (("laser", "rules.yaml"), "se così esce dallo schema, arriva al puntatore di quel bordo"),
])
def test_rules_fix_is_in_the_data(parts: tuple[str, str], needle: str) -> None:
    assert needle in _yaml(*parts)


def test_english_dungeon_aid_says_hp() -> None:
    import re

    text = _yaml("dungeon", "aid.yaml")
    english = text[text.index("\nen:"):]
    assert not re.search(r"\bPV\b", english)


def test_laser_text_form_has_no_english_compass_on_italian_page() -> None:
    from generator.games.laser.sheets.game_sheet import _setting_line
    from generator.games.laser.sheets.labels import load_labels

    assert _setting_line("T=NW", load_labels("it")) == "T: angolo retto in alto a sinistra"
    assert _setting_line("T=NW", load_labels("en")) == "T=NW"
    assert _setting_line("..O.", load_labels("it")) == "..O."


def test_assistant_picture_in_each_language(tmp_path: Path) -> None:
    """`laser assist --picture --lang`: the panel, key, title and footer in the page's language only."""
    from generator.core.rng import make_rng
    from generator.games.laser.content import in_play, load_catalog
    from generator.games.laser.rules.assist import advise
    from generator.games.laser.rules.engine import engine_for
    from generator.games.laser.rules.model import Board
    from generator.games.laser.rules.notation import parse_observation
    from generator.games.laser.sheets.assist_picture import assist_page
    from generator.render import render_pdf

    chosen = in_play(load_catalog(), "beginner")
    board = Board()
    obs = parse_observation("5 # 5\n16 O\n19 X 5\n", chosen, board, file="shots.txt")
    engine = engine_for(board, chosen)
    advice = advise(engine, obs, make_rng(1, "laser", "assist"))
    markers = {"it": ("Circuiti laser: che cosa dimostrano", "caselle sicuramente vuote", "puntatore"),
               "en": ("Laser circuits: what the shots", "cells certainly empty", "cannon"),
               "fr": ("Circuits laser : ce que prouvent", "cases sûrement vides", "canon"),
               "pt": ("Circuitos laser: o que os disparos", "casas certamente vazias", "canhão")}
    for lang in LASER.languages:
        path = tmp_path / f"{lang}.pdf"
        path.write_bytes(render_pdf([assist_page(engine, obs, advice, lang=lang)]))
        text = " ".join(_text(path).split())
        for word in markers[lang]:
            assert word in text, (lang, word)
        for other, words in markers.items():
            if other != lang:
                assert words[0] not in text and words[1] not in text, (lang, other)
        assert "certain:" not in text or lang == "en"
