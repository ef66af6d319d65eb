"""Every game's rules aid: `pnpgen GAME rules --lang L` prints one page in each of the game's languages,
its texts have the same sections in every language, French texts use French typography and Portuguese
texts one variety (Brazilian, as the Noir rulebook)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator import games, paths
from generator.cards.rules_text import load_rules_text, rules_languages
from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import DataError

MM = 72 / 25.4


def _games_with_rules() -> list[games.Game]:
    """Every registered game: each declares its rules sheet (the shared command line makes its `rules`)."""
    out = list(games.all_games())
    assert all(g.rules is not None for g in out) and {"noir", "codex", "laser", "codenames", "dungeon"} <= {g.name for g in out}
    return out


@pytest.mark.parametrize("game", _games_with_rules(), ids=lambda g: g.name)
def test_every_rules_aid_exists_in_every_language_of_its_game(tmp_path, game) -> None:
    for lang in game.languages:
        out = tmp_path / f"{game.name}-{lang}.pdf"
        assert run_cli(cli, [game.name, "rules", "--lang", lang, "-o", str(out), "-q"]) == 0, lang
        reader = PdfReader(str(out))
        assert 1 <= len(reader.pages) <= 2, lang            # one page, or one sheet's two sides (CODEX)
        assert round(float(reader.pages[0].mediabox.width) / MM) == 210       # A4 portrait
        text = " ".join(page_texts(out)[0].split())
        if (paths.card_data(game.name, "rules.yaml")).is_file():
            title, _, sections = load_rules_text(game.name, lang)
            assert title in text, lang
            for section in sections:
                assert " ".join(section.heading.split()) in text, (lang, section.heading)


def _games_with_rules_texts() -> list[games.Game]:
    """Every game whose rules aid is written in card_data/<game>/rules.yaml (the dungeon's is its aid.yaml)."""
    out = [g for g in games.all_games() if paths.card_data(g.name, "rules.yaml").is_file()]
    assert {"codenames", "noir", "codex", "laser"} <= {g.name for g in out}
    return out


@pytest.mark.parametrize("game", _games_with_rules_texts(), ids=lambda g: g.name)
def test_rules_texts_are_written_in_the_games_languages(game: games.Game) -> None:
    """A rules aid is written in exactly the languages its game's package declares, in that order."""
    assert rules_languages(game.name) == game.languages


def test_a_translation_that_drops_a_rule_is_refused(tmp_path) -> None:
    data = yaml.safe_load(paths.card_data("noir", "rules.yaml").read_text(encoding="utf-8"))
    data["en"]["sections"][1]["points"].pop()
    bad = tmp_path / "rules.yaml"
    bad.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match="not the same sections"):
        load_rules_text("noir", "pt", path=bad)


def test_a_rules_sheet_that_cannot_fit_one_page_is_an_error(tmp_path) -> None:
    from generator.core.errors import LayoutError
    from generator.scene.rulesheet import RulesSection, rules_sheet_page

    sections = [RulesSection(f"Part {i}", tuple("a rule " * 60 for _ in range(6))) for i in range(8)]
    with pytest.raises(LayoutError, match="do not fit one page"):
        rules_sheet_page("Title", "", sections)


def test_rules_command_refuses_an_existing_file(tmp_path, capsys) -> None:
    out = tmp_path / "r.pdf"
    out.write_bytes(b"mine")
    assert run_cli(cli, ["laser", "rules", "-o", str(out)]) == 2
    assert out.read_bytes() == b"mine" and "Traceback" not in capsys.readouterr().err


def test_no_game_module_defines_a_rules_command() -> None:
    """`rules` is built by generator/cli/gamecli.py from each game's declaration; no game writes its own."""
    import ast

    for path in sorted((Path(games.__file__).parent).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and any(isinstance(a, ast.Constant) and a.value == "rules" for a in node.args):
                name = ast.unparse(node.func)
                assert not name.endswith("command"), f"{path.name}:{node.lineno} defines a rules command ({name})"


def test_the_shared_rules_command_takes_the_sheets_own_options(tmp_path) -> None:
    assert run_cli(cli, ["noir", "rules", "--lang", "en", "--kill-limit", "12", "-o", str(tmp_path / "n.pdf"), "-q"]) == 0
    assert "12" in " ".join(page_texts(tmp_path / "n.pdf")[0].split())
    assert run_cli(cli, ["codex", "rules", "--kill-limit", "12", "-o", str(tmp_path / "c.pdf")]) == 2


# --- French typography and one Portuguese ---------------------------------------------------------

NNBSP = "\u202f"


def _strings(node) -> list[str]:
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return [node] if isinstance(node, str) else []


def _texts(relative: str, lang: str) -> list[str]:
    data = yaml.safe_load(paths.card_data(*relative.split("/")).read_text(encoding="utf-8"))
    return _strings(data[lang])


FRENCH = [("laser/labels.yaml", "fr"), ("laser/rules.yaml", "fr")]


def french_typography_faults(text: str) -> list[str]:
    """What a French text gets wrong: a plain or missing space before : ; ! ? or inside « », a straight
    apostrophe."""
    faults = [m.group(0) for m in re.finditer(r"(?:[^\u202f](?=[:;!?»]))|(?:«(?!\u202f))", text)
              if not re.match(r"\d", m.group(0))]
    faults += [m.group(0) for m in re.finditer(r"\w'\w", text)]
    return faults


def test_the_typography_check_finds_each_fault() -> None:
    assert french_typography_faults("Fin : oui ; « non » l'autre !") != []
    good = f"Fin{NNBSP}: oui{NNBSP}; «{NNBSP}non{NNBSP}» l’autre{NNBSP}!"
    assert french_typography_faults(good) == []


@pytest.mark.parametrize(("file", "lang"), FRENCH)
def test_french_texts_use_french_typography(file: str, lang: str) -> None:
    for text in _texts(file, lang):
        assert french_typography_faults(text) == [], text


def test_french_footer_words_use_french_typography() -> None:
    from generator.scene.footer import FOOTER_WORDS

    for text in FOOTER_WORDS["fr"]:
        assert french_typography_faults(text.replace("%", f"{NNBSP}%")) == [], text
        assert " %" not in text and " :" not in text


# European Portuguese forms that must not sit beside the rulebook's Brazilian ones.
EUROPEAN = ("Registo", "O seu", "A sua", "à volta", "pela ordem", "n.º", "N.º", "Inspector", "ecrã", "equipa",
            "facto", "contacto", "podia estar")
PORTUGUESE = [("noir/labels.yaml", "pt"), ("noir/rules.yaml", "pt"), ("laser/labels.yaml", "pt"),
              ("laser/rules.yaml", "pt")]


@pytest.mark.parametrize(("file", "lang"), PORTUGUESE)
def test_portuguese_texts_are_brazilian(file: str, lang: str) -> None:
    for text in _texts(file, lang):
        for form in EUROPEAN:
            assert form not in text, (form, text)


def test_noir_reference_cards_say_inspetor_and_rolar() -> None:
    text = Path(paths.card_data("noir", "reference.yaml")).read_text(encoding="utf-8")
    pt = [line for line in text.splitlines() if "_pt:" in line]
    assert pt and not any(form in line for line in pt for form in EUROPEAN)
    assert any("ROLAR" in line for line in pt) and any("INSPETOR" in line for line in pt)
    assert any("suspeito correspondente" in line for line in pt)
    assert not any("o seu suspeito" in line for line in pt)
