"""`pnpgen dungeon` end to end: the deck PDF read back, validate, campaigns and chapters, the kit part."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator import paths
from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.dungeon.content import load_deck, load_labels
from generator.games.dungeon.rules.deck import COUNTS

DECK = load_deck()
LABELS = load_labels()
PT = 72 / 25.4
AID_PAGES = 2          # the whole deck's PDF opens with the player aid (one sheet, two sides)
CARD_W = 63.5 * PT


def run(*args: str) -> int:
    return run_cli(cli, list(args))


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("deck") / "dungeon.pdf"
    assert run("dungeon", "cards", "-o", str(path), "-q") == 0
    return path


def _runs(page) -> list[tuple[str, float, float, float]]:
    """(text, card origin x pt, card origin y pt, font size) of every text run on a page."""
    out = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            out.append((text.strip(), round(cm[4], 1), round(cm[5], 1), size))

    page.extract_text(visitor_text=visit)
    return out


def test_the_deck_pdf_has_82_cards_with_the_right_counts_per_kind(deck_pdf):
    reader = PdfReader(deck_pdf)
    assert len(reader.pages) == AID_PAGES + 20           # the aid, then 10 sheets of 9 poker cards, each with its backs
    assert "CODEX · Aide de jeu" in reader.pages[0].extract_text()
    kinds = {label: kind for kind, label in LABELS["fr"]["kinds"].items()}
    backs = Counter()
    for page in reader.pages[AID_PAGES + 1::2]:
        backs.update(kinds[text] for text, _, _, size in _runs(page) if size == 12.0 and text in kinds)
    assert dict(backs) == COUNTS and sum(backs.values()) == 82


def test_every_card_name_extracts_with_its_accents(deck_pdf):
    text = " ".join(" ".join(page.split()) for page in page_texts(deck_pdf)[AID_PAGES::2])
    for card in DECK.cards:
        assert card.name("fr") in text, card.name("fr")
    assert "Néoténique" in text and "Égouts" in text and "Rêveur" in text


def _placed_runs(pdf: Path, number: int) -> list[tuple[str, float, float, float]]:
    """(text, x pt, baseline y pt from the top, size) of every line of text on a page, as MuPDF
    places it: repeated card faces are PDF forms, drawn wherever each is placed."""
    import subprocess
    import xml.etree.ElementTree as ET

    xml = subprocess.run(["mutool", "draw", "-q", "-F", "stext", "-o", "-", str(pdf), str(number)],
                         capture_output=True, check=True, timeout=120).stdout
    out = []
    for line in ET.fromstring(xml).iter("line"):
        for font in line.iter("font"):
            chars = list(font.iter("char"))
            if chars:
                text = "".join(c.get("c", "") for c in chars).strip()
                out.append((text, float(chars[0].get("x")), float(chars[0].get("y")),
                            round(float(font.get("size")), 1)))
    return out


@pytest.mark.needs("mutool")
def test_each_back_is_behind_its_front_for_a_long_edge_flip(deck_pdf):
    reader = PdfReader(deck_pdf)
    kinds = set(LABELS["fr"]["kinds"].values())
    checked = 0
    first = reader.pages[AID_PAGES]                     # the first sheet of fronts
    width = float(first.mediabox.width)
    left = float(first.trimbox.left)
    top = float(first.mediabox.top) - float(first.trimbox.top)

    def slot(x: float, y: float, mirrored: bool) -> tuple[int, int]:
        x = width - x if mirrored else x               # a long-edge flip mirrors left and right
        return int((x - left) // CARD_W), int((y - top) // (88.9 * PT))

    for sheet in range((len(reader.pages) - AID_PAGES) // 2):
        number = AID_PAGES + 2 * sheet + 1              # mutool counts pages from 1
        front = {slot(x, y, False): t for t, x, y, size in _placed_runs(deck_pdf, number)
                 if size == 6.5 and t in kinds}
        back = {slot(x, y, True): t for t, x, y, size in _placed_runs(deck_pdf, number + 1)
                if size == 12.0 and t in kinds}
        assert front == back and front
        checked += len(front)
    assert checked == 82


def test_english_creatures_only(tmp_path):
    out = tmp_path / "creatures.pdf"
    assert run("dungeon", "cards", "--lang", "en", "--kind", "creature", "-o", str(out), "-q") == 0
    reader = PdfReader(out)
    text = " ".join(reader.pages[0].extract_text().split() + reader.pages[2].extract_text().split())
    assert len(reader.pages) == 4
    for card in DECK.of_kind("creature"):
        assert card.name("en") in text
    assert "Default" in text and "Défaut" not in text


def test_same_input_same_bytes(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert run("dungeon", "cards", "--kind", "boss", "--kind", "secret", "-o", str(a), "-q") == 0
    assert run("dungeon", "cards", "--kind", "boss", "--kind", "secret", "-o", str(b), "-q") == 0
    assert a.read_bytes() == b.read_bytes()


def test_png_per_card_face(tmp_path):
    assert run("dungeon", "cards", "--kind", "boss", "--format", "png", "--dpi", "40", "-o", str(tmp_path), "-q") == 0
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [
        "dungeon-boss-fr-001.png", "dungeon-boss-fr-002.png", "dungeon-boss-fr-back.png"]   # one back file per distinct back


def test_tts_writes_one_set_per_kind(tmp_path):
    assert run("dungeon", "cards", "--kind", "boss", "--kind", "ration", "--format", "tts", "--dpi", "40",
               "-o", str(tmp_path / "dungeon.png"), "-q") == 0
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [
        "dungeon-boss-tts-1.png", "dungeon-boss-tts-back.png", "dungeon-ration-tts-1.png", "dungeon-ration-tts-back.png"]


def test_validate_ok(capsys):
    assert run("dungeon", "validate") == 0
    out = capsys.readouterr().out
    assert "creature    12  ok" in out and "total       82" in out and "CODEX data: ok" in out


@pytest.fixture()
def data_copy(tmp_path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(paths.card_data("dungeon"), folder)
    return folder


def test_validate_catches_a_missing_reference(data_copy, capsys):
    bosses = data_copy / "bosses.yaml"
    bosses.write_text(bosses.read_text(encoding="utf-8").replace("secret: 8", "secret: 10"), encoding="utf-8")
    chars = data_copy / "characters.yaml"
    chars.write_text(chars.read_text(encoding="utf-8").replace("start: fronde-plume", "start: fronde"),
                     encoding="utf-8")
    assert run("dungeon", "validate", "--data", str(data_copy)) == 2
    err = capsys.readouterr().err
    assert f"{bosses}:" in err and "peintre: secret 10: no Secret card has that number" in err
    assert "reveur: start 'fronde': no Objet card has that id" in err
    assert "no card reads Secret 8" in err and "3 problem(s)" in err
    assert run("dungeon", "cards", "--data", str(data_copy), "-o", str(data_copy / "x.pdf")) == 2
    assert not (data_copy / "x.pdf").exists()


def test_validate_catches_a_wrong_count(data_copy, capsys):
    specials = data_copy / "specials.yaml"
    specials.write_text(specials.read_text(encoding="utf-8").replace("qty: 4", "qty: 3"), encoding="utf-8")
    assert run("dungeon", "validate", "--data", str(data_copy)) == 2
    captured = capsys.readouterr()
    assert "special      6  expected 7" in captured.out
    assert "special: 6 cards of kind special, the rulebook has 7" in captured.err


def _chapter(campaign: Path, *extra: str) -> dict:
    assert run("dungeon", "chapter", str(campaign), "--format", "none", "-q", *extra) == 0
    return json.loads(campaign.read_text(encoding="utf-8"))


def test_a_campaign_over_two_chapters(tmp_path):
    campaign = tmp_path / "campaign.json"
    assert run("dungeon", "new", "--players", "4", "--seed", "12", "-o", str(campaign), "-q") == 0
    data = json.loads(campaign.read_text(encoding="utf-8"))
    assert data["version"] == 1 and len(data["characters"]) == 4
    assert all(len(c["rations"]) == 2 for c in data["characters"])
    first = _chapter(campaign)["chapters"][0]
    assert first["zones"][-1] == "fin-chapitre" and len(first["creatures"]) == 4
    second = _chapter(campaign)["chapters"][1]
    assert second["zones"][-1] == "fin-chapitre-boss" and second["boss"]
    assert not set(first["creatures"]) & set(second["creatures"])
    assert _chapter(campaign)["finished"] is True


def test_solo_plays_two_characters_with_two_zones(tmp_path, capsys):
    campaign = tmp_path / "solo.json"
    assert run("dungeon", "new", "--players", "1", "--characters", "Obstiné,reveur", "--seed", "3",
               "-o", str(campaign), "-q") == 0
    assert run("dungeon", "chapter", str(campaign), "--format", "none") == 0
    out = capsys.readouterr().out
    assert "Solo" in out
    data = json.loads(campaign.read_text(encoding="utf-8"))
    assert [c["id"] for c in data["characters"]] == ["obstine", "reveur"]
    assert len(data["chapters"][0]["creatures"]) == 2 and all(len(c["rations"]) == 4 for c in data["characters"])


def test_same_seed_same_campaign_and_sheet(tmp_path):
    files = []
    for name in ("a", "b"):
        campaign = tmp_path / name / "campaign.json"
        assert run("dungeon", "new", "--players", "2", "--seed", "99", "-o", str(campaign), "-q") == 0
        sheet = tmp_path / name / "sheet.pdf"
        assert run("dungeon", "chapter", str(campaign), "-o", str(sheet), "-q") == 0
        files.append((campaign.read_bytes(), sheet.read_bytes()))
    assert files[0] == files[1]
    text = PdfReader(tmp_path / "a" / "sheet.pdf").pages[0].extract_text()
    assert "Acte 1, Chapitre 1" in text and "Début du Chapitre" in text


def test_a_corrupted_campaign_is_an_error_and_is_left_alone(tmp_path, capsys):
    campaign = tmp_path / "c.json"
    assert run("dungeon", "new", "--players", "2", "--seed", "5", "-o", str(campaign), "-q") == 0
    data = json.loads(campaign.read_text(encoding="utf-8"))
    data["piles"]["creatures"].append(data["piles"]["creatures"][0])
    campaign.write_text(json.dumps(data), encoding="utf-8")
    before = campaign.read_bytes()
    assert run("dungeon", "chapter", str(campaign), "--format", "none") == 2
    err = capsys.readouterr().err
    assert f"{campaign}: piles.creatures:" in err and "appears 2 times" in err
    assert campaign.read_bytes() == before
    campaign.write_text("{broken", encoding="utf-8")
    assert run("dungeon", "chapter", str(campaign), "--format", "none") == 2
    assert f"{campaign}:1:2: not valid JSON" in capsys.readouterr().err


def test_an_existing_sheet_is_refused_before_the_campaign_changes(tmp_path, capsys):
    campaign, sheet = tmp_path / "c.json", tmp_path / "sheet.pdf"
    assert run("dungeon", "new", "--players", "3", "--seed", "8", "-o", str(campaign), "-q") == 0
    sheet.write_bytes(b"mine")
    before = campaign.read_bytes()
    assert run("dungeon", "chapter", str(campaign), "-o", str(sheet)) == 2
    assert campaign.read_bytes() == before and sheet.read_bytes() == b"mine"
    assert run("dungeon", "new", "--players", "3", "--seed", "8", "-o", str(campaign)) == 2


def test_keep_and_left_at_the_chapter_end(tmp_path, capsys):
    campaign = tmp_path / "c.json"
    assert run("dungeon", "new", "--players", "2", "--characters", "obstine,curieux", "--seed", "4",
               "-o", str(campaign), "-q") == 0
    assert run("dungeon", "chapter", str(campaign), "--keep", "obstine=grappin") == 2
    assert "--keep and --left describe the end of a chapter" in capsys.readouterr().err
    _chapter(campaign)
    data = _chapter(campaign, "--keep", "Curious=Grappin", "--left", "Mousquet du Vétéran")
    assert data["characters"][1]["objects"] == ["couteau-huitres", "grappin"]
    assert data["characters"][0]["objects"] == [] and data["piles"]["objects"][-1] == "mousquet-veteran"
    assert run("dungeon", "chapter", str(campaign), "--keep", "nobody=grappin") == 2
    assert "'nobody' is not a character of this campaign" in capsys.readouterr().err


def test_kit_part(tmp_path):
    from generator.core.codes import format_seed, is_code_value
    from generator.core.rng import derive_key
    from generator.games.dungeon.cli import kit_part

    made = kit_part(tmp_path, 42, "letter", False)
    names = sorted(str(p.relative_to(tmp_path / "dungeon")) for p, _ in made)
    assert names == ["dungeon-box-fr.pdf", "dungeon-cards-fr.pdf", "dungeon-chapter-1.pdf", "dungeon-rules-fr.pdf",
                     "host/dungeon-campaign.json"]          # the piles' order: the host's; the deck's box
    reader = PdfReader(tmp_path / "dungeon" / "dungeon-cards-fr.pdf")
    box = reader.pages[0].mediabox                        # letter (landscape for 3 mm marks)
    assert sorted((round(float(box.width), 1), round(float(box.height), 1))) == [612.0, 792.0]
    campaign = json.loads((tmp_path / "dungeon" / "host" / "dungeon-campaign.json").read_text(encoding="utf-8"))
    code = derive_key(42, "dungeon-campaign")      # a secret code: 74 random bits
    assert campaign["seed"] == code and is_code_value(code) and campaign["in_play"] is True
    sheet = PdfReader(tmp_path / "dungeon" / "dungeon-chapter-1.pdf").pages[0].extract_text()
    assert str(code) not in sheet and format_seed(code) not in sheet                    # no seed on the table
    assert "host/dungeon-campaign.json" in sheet                                             # a file name


def test_the_deck_pdf_asks_for_the_long_edge_flip_and_declares_pdf_1_7(deck_pdf):
    """Its pages are fronts and backs: the print dialog is offered the flip they were laid out for,
    and the header declares PDF 1.7, the version of the /Duplex key."""
    reader = PdfReader(deck_pdf)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"
    assert deck_pdf.read_bytes().startswith(b"%PDF-1.7\n")


def test_no_duplex_preference_without_duplex(tmp_path):
    path = tmp_path / "single.pdf"
    assert run("dungeon", "cards", "--duplex", "none", "-o", str(path), "-q") == 0
    assert "/Duplex" not in PdfReader(path).trailer["/Root"]["/ViewerPreferences"]
    assert path.read_bytes().startswith(b"%PDF-1.6\n")     # PrintScaling is a PDF 1.6 key
