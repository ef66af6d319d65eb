"""`pnpgen kit`: every printable, an index that lists them, same seed same bytes, no silent overwrite."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.cli.common import run_cli
from generator.cli.kit import LANGUAGE_NAMES


@pytest.fixture
def kit(kit_seed1) -> Path:
    """`pnpgen kit --seed 1`, built once for the session (tests/conftest.py); read it, never change it."""
    return kit_seed1


def _listed(folder: Path) -> list[str]:
    """The files the kit's two indexes list: index.md the players', host/README.md the host's."""
    index = "".join((folder / name).read_text(encoding="utf-8") for name in ("index.md", "host/README.md"))
    return re.findall(r"^- (\S+)  \[", index, flags=re.M)


def test_index_lists_every_file_written(kit) -> None:
    folder = kit
    listed = _listed(folder)
    on_disk = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()
                     and p.name not in ("index.md", ".kit-files", "README.md"))     # the indexes and the manifest
    assert sorted(listed) == on_disk
    # every product of pnpgen is in the kit
    for part in ("calibration", "example-deck", "codenames/", "codex/", "noir/", "dungeon/", "laser/"):
        assert any(part in name for name in listed), part


def test_every_pdf_in_the_kit_opens_with_pages(kit) -> None:
    for name in _listed(kit):
        if name.endswith(".pdf"):
            assert len(PdfReader(str(kit / name)).pages) >= 1, name


def test_same_seed_gives_byte_identical_kit(kit, tmp_path) -> None:
    first, second = kit, tmp_path / "again"
    assert run_cli(cli, ["kit", "--seed", "1", "-o", str(second), "--quiet"]) == 0
    assert _listed(second) == _listed(first)
    for name in _listed(first):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_kit_refuses_to_overwrite_without_force(kit, capsys) -> None:
    folder = kit
    before = {name: (folder / name).read_bytes() for name in _listed(folder)}
    assert run_cli(cli, ["kit", "--seed", "12", "-o", str(folder), "--quiet"]) == 2
    assert "--force" in capsys.readouterr().err
    assert {name: (folder / name).read_bytes() for name in _listed(folder)} == before


# --- languages ----------------------------------------------------------------------------------

from generator import games  # noqa: E402
from generator.cli.kit import KIT_LANGUAGES  # noqa: E402
from generator.scene.footer import FOOTER_WORDS, SHORT_ADVICE  # noqa: E402

GAME_FOLDERS = {"codenames": "codenames", "codex": "codex", "dungeon": "dungeon", "laser": "laser", "noir": "noir"}
# English words that were once printed inside Italian, Portuguese and French products (issue 15), and
# more of the same kind: none may be in a footer of those products, nor anywhere on their pages.
LEFTOVERS = ("seed", "kit seed", "whole", "list", "lang pt", "lang it", "lang fr", "killer wins", "dead",
             "print at", "actual size", "scale:", "Codenames word cards", "key cards", "character,",
             "Serves", "Shows", "designer's", "game sheets", "Solo per gli occhi", "stampa contro stampa")
FOOTER_LEFTOVERS = (*LEFTOVERS, "English", "cards", "layout", "setup", "deck", "rules")


def _has_word(words: str, text: str) -> bool:
    """`words` in `text` as whole words, any case."""
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text, flags=re.IGNORECASE) is not None


def _footer_lines(page_text: str, lang: str) -> list[str]:
    # the advice's short form (a footer short of room prints only that; the long form starts with it);
    # U+202F (French) counts as a space here
    advice = " ".join(SHORT_ADVICE[FOOTER_WORDS[lang][1]].split())
    return [line for line in page_text.splitlines() if advice in " ".join(line.split())]


def _pdfs_of(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.pdf") if p.parent != folder)   # game folders only


@pytest.fixture(scope="module")
def english_kit(kit_seed1_en) -> Path:
    return kit_seed1_en                   # `kit --seed 1 --lang en`, built once per session (tests/conftest.py)


def test_kit_lang_en_has_every_game_in_english(english_kit, page_texts) -> None:
    index = (english_kit / "index.md").read_text(encoding="utf-8")
    for game in games.all_games():
        assert f"- {game.name}: English" in index, game.name
        pdfs = sorted((english_kit / GAME_FOLDERS[game.name]).rglob("*.pdf"))   # host/ files too
        assert pdfs, game.name
        for pdf in pdfs:
            for number, text in enumerate(page_texts(pdf), start=1):
                assert _footer_lines(text, "en"), (pdf.name, number)        # the English footer
                for other in (lang for lang in KIT_LANGUAGES if lang != "en"):
                    assert " ".join(SHORT_ADVICE[FOOTER_WORDS[other][1]].split()) not in " ".join(text.split()), (pdf.name, other)
    for name in ("noir/noir-cards-en.pdf", "noir/noir-rules-en.pdf", "codex/codex-rules-en.pdf",
                 "laser/laser-sheets-en.pdf", "laser/laser-rules-en.pdf", "codenames/words-en.pdf"):
        assert (english_kit / name).is_file(), name
    assert not list(english_kit.rglob("*-it.pdf")) and not list(english_kit.rglob("*-pt.pdf"))


def test_kit_without_lang_keeps_each_rulebook_language_and_says_so(kit) -> None:
    index = (kit / "index.md").read_text(encoding="utf-8")
    expected = {"codenames": "Italian", "codex": "Italian", "dungeon": "French", "laser": "Italian",
                "noir": "Portuguese"}
    for name, language in expected.items():
        assert f"- {name}: {language}" in index
    assert "each game in its rulebook's language" in index


@pytest.mark.parametrize("lang", [None, "pt", "fr"])    # --lang it changes no game: Codenames, Codex and laser are Italian already
def test_no_english_in_footers_and_labels_of_italian_portuguese_french_products(tmp_path, kit_seed1, monkeypatch,
                                                                               lang, page_texts) -> None:
    # `kit --seed 1`, the kit test_kit_language.py reads too (its pages are read once for both)
    if lang is None:
        folder = kit_seed1
    else:
        # The kit with --lang L, of the games it prints in another language than their rulebook's; the
        # others get their rulebook's language, and print what the kit without --lang printed (checked
        # in the None case), so they are left out of this kit.
        changed = tuple(game for game in games.all_games() if game.kit_language(lang) != game.default_language)
        assert changed, lang
        monkeypatch.setattr(games, "GAME_PACKAGES", tuple(game.name for game in changed))
        folder = tmp_path / "kit"
        assert run_cli(cli, ["kit", "--seed", "1", "--lang", lang, "-o", str(folder), "--quiet"]) == 0
        index = (folder / "index.md").read_text(encoding="utf-8")
        for game in changed:
            assert f"- {game.name}: {LANGUAGE_NAMES[lang]}" in index, game.name
    checked = 0
    for pdf in _pdfs_of(folder):
        game = games.game_named(pdf.relative_to(folder).parts[0])        # host/ files belong to their game
        product_lang = game.kit_language(lang)
        if product_lang == "en" or pdf.name.startswith("keys-") or pdf.name.endswith("-en.pdf"):
            continue
        for number, text in enumerate(page_texts(pdf), start=1):
            footers = _footer_lines(text, product_lang)
            assert footers, (pdf.name, number, product_lang)
            for line in footers:
                for word in FOOTER_LEFTOVERS:
                    assert not _has_word(word, line), (pdf.name, number, word, line)
            for word in LEFTOVERS:
                assert not _has_word(word, text), (pdf.name, number, word)
            checked += 1
    assert checked >= 10
