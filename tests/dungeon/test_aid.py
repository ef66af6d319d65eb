"""The CODEX player aid and the kit's French: the aid read back from its PDF in fr and en, every icon a
card uses and every keyword explained on it, Secret numbers on the backs, the chapter sheet's order
and words, and no English left in the French product."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator import paths
from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.dungeon import GAME
from generator.games.dungeon.aid import aid_text, keyword_lines
from generator.games.dungeon.content import load_aid, load_deck, load_labels
from generator.games.dungeon.rules.deck import ICONS

DECK = load_deck()
AID = load_aid()
LABELS = load_labels()
NNBSP = "\u202f"


def run(*args: str) -> int:
    return run_cli(cli, list(args))


def _text(pdf: Path, pages: slice = slice(None)) -> str:
    return " ".join(" ".join(text.split()) for text in page_texts(pdf)[pages])


@pytest.fixture(scope="module")
def aids(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("aid")
    out = {}
    for lang in GAME.languages:
        out[lang] = folder / f"dungeon-rules-{lang}.pdf"
        assert run("dungeon", "rules", "--lang", lang, "-o", str(out[lang]), "-q") == 0
    return out


@pytest.mark.parametrize("lang", GAME.languages)
def test_the_aid_exists_in_each_language_as_one_sheet_of_two_sides(aids, lang):
    reader = PdfReader(aids[lang])
    assert len(reader.pages) == 2
    assert round(float(reader.pages[0].mediabox.width) / 72 * 25.4) == 210       # A4 portrait
    text = _text(aids[lang])
    assert AID[lang]["title"] in text


# What a player needs during play, as the rulebook says it (one fact per phrase, in each language).
NEEDED = {
    "fr": ["3", "Se déplacer", "Attaquer", "Réorganiser ses Objets", "Se reposer", "Précision", "Riposte",
           "5 Objets au plus", "Ration", "Phase des Créatures", "de gauche à droite", "Défaut", "Fin du Chapitre",
           "Règle d’Or", "phase libre", "Mise en place d’un Chapitre", "Récompenses"],
    "en": ["3", "Move", "Attack", "Reorganise your Objects", "Rest", "Accuracy", "Riposte", "5 Objects at most",
           "Ration", "Creature phase", "left to right", "Default", "End of the Chapter", "Golden Rule",
           "Free phase", "Setting up a Chapter", "Rewards"],
}


@pytest.mark.parametrize("lang", GAME.languages)
def test_the_aid_holds_the_rules_of_play(aids, lang):
    text = _text(aids[lang]).lower()
    missing = [phrase for phrase in NEEDED[lang] if phrase.lower() not in text]
    assert missing == []


@pytest.mark.parametrize("lang", GAME.languages)
def test_the_aid_prints_every_keyword_with_the_reminder_of_keywords_yaml(aids, lang):
    text = _text(aids[lang], slice(1, 2))
    for keyword in DECK.keywords:
        reminder = " ".join(re.sub(r"<[^>]+>", " ", keyword.reminders[lang]).split())
        # the reminder's words, in order (icons are drawn, not written)
        words = [w for w in reminder.split() if w.isalpha() and len(w) > 3]
        assert keyword.names[lang] in text
        assert all(w in text for w in words), (keyword.id, [w for w in words if w not in text])
    assert len(keyword_lines(DECK.keywords, lang)) == len(DECK.keywords) == 3


def _icons_on_cards() -> set[str]:
    """Every icon a card face or back shows: markup in texts, icon elements and stat blocks of the templates."""
    used = {m for card in DECK.cards for lang in GAME.languages for text in card.texts.get(lang, {}).values()
            for m in re.findall(r"<([a-z]+)>", text) if m not in ("b", "g")}
    for template in paths.templates_dir().glob("dungeon/*.yaml"):
        data = yaml.safe_load(template.read_text(encoding="utf-8"))
        for element in [*(data.get("front") or []), *(data.get("back") or [])]:
            if element.get("kind", "icon") == "icon" and element.get("name"):
                used.add(element["name"])
            for stat in element.get("stats") or []:
                used.update(["melee", "ranged"] if stat.get("icon") == "{distance}" else
                            [stat["icon"]] if stat.get("icon") else [])
    return used


def test_every_icon_a_card_shows_is_in_the_legend():
    used = _icons_on_cards()
    assert used <= set(ICONS) and {"pa", "engage", "pv", "melee", "ranged", "passive"} <= used
    for lang in GAME.languages:
        legend = {entry.get("icon") for side in AID[lang]["pages"] for section in side
                  for entry in section.get("icons") or []}
        assert used <= legend, used - legend


@pytest.mark.parametrize("lang", GAME.languages)
def test_the_legend_draws_an_icon_beside_each_entry(aids, lang):
    """Each legend icon is drawn (a filled shape) on the second side: the page has more paths than text alone."""
    reader = PdfReader(aids[lang])
    content = reader.pages[1].get_contents().get_data().decode("latin-1")
    assert content.count(" f\n") + content.count(" f*\n") + content.count("\nf\n") >= 6


def test_secret_backs_carry_their_number(tmp_path):
    out = tmp_path / "secrets.pdf"
    assert run("dungeon", "cards", "--kind", "secret", "-o", str(out), "-q") == 0
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    numbers = []

    def visit(text, cm, tm, font, size):
        if text.strip().isdigit() and size >= 40:
            numbers.append(int(text.strip()))

    reader.pages[1].extract_text(visitor_text=visit)
    assert sorted(numbers) == list(range(1, 10))


def _steps(lang: str, boss: bool) -> list[str]:
    from generator.core.rng import make_rng
    from generator.games.dungeon.rules.campaign import deal_chapter, new_campaign
    from generator.games.dungeon.sheets import chapter_steps as steps_of

    campaign = new_campaign(DECK, 2, make_rng(3, "dungeon", "campaign"), 3)
    setup = deal_chapter(campaign, DECK)
    if boss:
        from generator.games.dungeon.rules.campaign import ChapterEnd, end_chapter
        end_chapter(campaign, DECK, ChapterEnd((), ()))
        setup = deal_chapter(campaign, DECK)
    assert bool(setup.boss) == boss
    return steps_of(setup, DECK, LABELS[lang], lang)


@pytest.mark.parametrize("lang", GAME.languages)
def test_the_boss_is_placed_before_the_appearance_effects(lang):
    steps = _steps(lang, boss=True)
    boss = next(i for i, s in enumerate(steps) if "Boss" in s and "Secret" in s)
    effects = steps.index(LABELS[lang]["effects_step"])
    creatures = steps.index(LABELS[lang]["steps"][2])
    assert creatures < boss < effects


@pytest.mark.parametrize("lang", GAME.languages)
@pytest.mark.parametrize("boss", [False, True])
def test_the_chapter_sheet_speaks_to_players_not_to_a_shell(lang, boss):
    for step in _steps(lang, boss):
        assert "pnpgen" not in step and "--" not in step and "FILE" not in step and "FICHIER" not in step


def test_the_chapter_sheet_keeps_the_command_in_small_print(tmp_path):
    campaign, sheet = tmp_path / "c.json", tmp_path / "c.pdf"
    assert run("dungeon", "new", "--players", "2", "--seed", "3", "-o", str(campaign), "-q") == 0
    assert run("dungeon", "chapter", str(campaign), "-o", str(sheet), "-q") == 0
    sizes = {}

    def visit(text, cm, tm, font, size):
        if "pnpgen" in text:
            sizes[text.strip()] = size

    PdfReader(sheet).pages[0].extract_text(visitor_text=visit)
    assert sizes and all(size <= 7 for size in sizes.values())
    assert any("pnpgen dungeon chapter c.json" in text for text in sizes)


# English words that must never be printed in the French product (footers, labels, sheet words).
ENGLISH = ["seed", "lang fr", "Chapter", "Rewards", "Default", "Accuracy", "Damage", "Range", "Object ",
           "Creature", "Tackle", "Plant ", "print at", "scale", "Character", "Setup", "Hold Shield",
           "English", "kit seed", "player aid", "Passive"]


@pytest.fixture(scope="module")
def french_kit(kit_seed1) -> Path:
    """This game's kit_part(folder, 1, "a4", ...) in its rulebook's French: the part `pnpgen kit --seed 1`
    wrote (built once for the session, tests/conftest.py; read only)."""
    return kit_seed1 / "dungeon"


@pytest.mark.parametrize("name", ["dungeon-cards-fr.pdf", "dungeon-rules-fr.pdf", "dungeon-chapter-1.pdf"])
def test_no_english_in_the_french_product(french_kit, name):
    text = _text(french_kit / name)
    text = re.sub(r"pnpgen dungeon chapter \S+", "", text)       # the command hint, a command
    found = [word for word in ENGLISH if word in text]
    assert found == []


def test_the_english_kit_is_english(tmp_path):
    from generator.games.dungeon.cli import kit_part

    made = kit_part(tmp_path, 1, "a4", False, lang="en")
    assert sorted(p.name for p, _ in made) == ["dungeon-box-en.pdf", "dungeon-campaign.json", "dungeon-cards-en.pdf",
                                                "dungeon-chapter-1.pdf", "dungeon-rules-en.pdf"]
    assert [p for p, _ in made if p.parent.name == "host"] == [tmp_path / "dungeon" / "host" / "dungeon-campaign.json"]
    text = _text(tmp_path / "dungeon" / "dungeon-rules-en.pdf") + _text(tmp_path / "dungeon" / "dungeon-chapter-1.pdf")
    box = _text(tmp_path / "dungeon" / "dungeon-box-en.pdf")
    assert "82 cards" in box and "glue" in box and "cartes" not in box and "Créature" not in box
    assert "Player aid" in text and "Chapter" in text
    assert not any(word in text for word in ("Défaut", "Créature", "Récompenses", "tirage", "Aide de jeu"))


def _french_texts() -> list[tuple[str, str]]:
    texts = [(f"{card.id}.{name}", text) for card in DECK.cards for name, text in card.texts["fr"].items()]
    texts += [(f"aid.{i}", line) for i, line in enumerate(aid_text(AID, DECK.keywords, "fr"))]

    def walk(value, key):
        if isinstance(value, str):
            texts.append((key, value))
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{key}.{k}")
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, f"{key}.{i}")
    walk(LABELS["fr"], "labels")
    return texts


def test_french_typography_in_every_french_text():
    bad = []
    for key, text in _french_texts():
        plain = re.sub(r"<[^>]+>", "", text)
        if "'" in plain:
            bad.append((key, "straight apostrophe"))
        if re.search(r"[^\u202f][:;!?](?!\S)", re.sub(r"\{[^}]*\}", "x", plain).replace("pnpgen", "")):
            bad.append((key, "no narrow no-break space before : ; ! ?"))
        if re.search(r"«(?!\u202f)|(?<!\u202f)»", plain):
            bad.append((key, "« » without narrow no-break spaces"))
    assert bad == []


def test_the_typography_check_can_fail():
    assert "'" in "l'Objet" and re.search(r"[^\u202f][:;!?](?!\S)", "Récompenses :")


def test_the_aid_is_byte_identical_run_to_run_and_png_gives_one_file_a_side(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("dungeon", "rules", "-o", str(a), "-q") == 0
    assert run("dungeon", "rules", "-o", str(b), "-q") == 0
    assert a.read_bytes() == b.read_bytes()
    assert run("dungeon", "rules", "--lang", "en", "--format", "png", "-o", str(tmp_path / "aid.png"), "-q") == 0
    assert sorted(p.name for p in tmp_path.glob("aid*.png")) == ["aid-001.png", "aid-002.png"]


def test_an_aid_that_cannot_fit_is_a_one_line_error(tmp_path, capsys):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(paths.card_data("dungeon"), data)
    aid = data / "aid.yaml"
    text = aid.read_text(encoding="utf-8")
    aid.write_text(text.replace('          - "Plusieurs effets en même temps',
                                "\n".join(['          - "' + "Un très long paragraphe. " * 40 + '"'] * 12)
                                + '\n          - "Plusieurs effets en même temps', 1), encoding="utf-8")
    assert run("dungeon", "rules", "--data", str(data), "-o", str(tmp_path / "x.pdf")) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("pnpgen: error:") and "does not fit its pages" in err and "\n" not in err
    assert not (tmp_path / "x.pdf").exists()


def test_an_aid_section_without_text_names_its_place(tmp_path, capsys):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(paths.card_data("dungeon"), data)
    aid = data / "aid.yaml"
    aid.write_text(aid.read_text(encoding="utf-8").replace("  keywords_heading: \"Creature keywords\"",
                                                           "  keywords_heading: \"\"", 1), encoding="utf-8")
    assert run("dungeon", "rules", "--data", str(data), "-o", str(tmp_path / "x.pdf")) == 2
    err = capsys.readouterr().err.strip()
    assert "aid.yaml:" in err and "keywords_heading" in err
