"""`--format tts`: the saved object TTS needs (checked against a schema), each DeckID's cell holding
its card (pixel for pixel against the single-card PNG), backs, the 4096 px cap, JPEG, web URLs."""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image as PILImage

from generator.publish import DeckOptions, plan_job
from generator.scene.imposition import Card
from generator.scene.model import Rect

# The structure TTS reads from a saved object (types; lists of one shape; required keys).
CUSTOM_DECK = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int,
               "BackIsHidden": bool, "UniqueBack": bool}
CARD = {"Name": str, "Nickname": str, "CardID": int, "CustomDeck": dict, "Transform": dict}
DECK = {"Name": str, "Nickname": str, "DeckIDs": list, "CustomDeck": dict,
        "ContainedObjects": list, "Transform": dict}
TRANSFORM = {k: float for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ",
                                "scaleX", "scaleY", "scaleZ")}


def _check(obj: dict, schema: dict, where: str) -> None:
    for key, kind in schema.items():
        assert key in obj, f"{where}: {key} missing"
        assert isinstance(obj[key], kind), f"{where}.{key}: {type(obj[key]).__name__}"


def validate_saved_object(doc: dict) -> dict:
    """Assert the TTS structure; returns the one DeckCustom."""
    assert isinstance(doc.get("ObjectStates"), list) and len(doc["ObjectStates"]) == 1
    deck = doc["ObjectStates"][0]
    _check(deck, DECK, "deck")
    assert deck["Name"] == "DeckCustom"
    _check(deck["Transform"], TRANSFORM, "deck.Transform")
    for number, entry in deck["CustomDeck"].items():
        assert number.isdigit() and int(number) >= 1
        _check(entry, CUSTOM_DECK, f"CustomDeck.{number}")
        assert entry["BackIsHidden"] is True
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"])
    for card_id, card in zip(deck["DeckIDs"], deck["ContainedObjects"], strict=True):
        _check(card, CARD, "card")
        assert card["Name"] == "Card" and card["CardID"] == card_id
        number, cell = divmod(card_id, 100)
        entry = deck["CustomDeck"][str(number)]
        assert card["CustomDeck"] == {str(number): entry}
        assert cell < entry["NumWidth"] * entry["NumHeight"]
    return deck


def _image(url: str) -> PILImage.Image:
    path = Path(unquote(urlparse(url).path))
    with PILImage.open(path) as im:
        im.load()
        return im.copy()


def _cell(sheet: PILImage.Image, entry: dict, cell: int) -> PILImage.Image:
    w, h = sheet.size[0] // entry["NumWidth"], sheet.size[1] // entry["NumHeight"]
    col, row = cell % entry["NumWidth"], cell // entry["NumWidth"]
    return sheet.crop((col * w, row * h, col * w + w, row * h + h))


def test_the_example_deck_spawns_whole_with_each_card_in_its_cell(pnpgen, tmp_path) -> None:
    tts, png = tmp_path / "tts", tmp_path / "png"
    assert pnpgen("cards", "example", "example", "--format", "tts", "--dpi", "60", "-o", tts)[0] == 0
    assert pnpgen("cards", "example", "example", "--format", "png", "--dpi", "60", "--bleed", "0",
                  "--duplex", "none", "-o", png)[0] == 0
    doc = json.loads((tts / "example.json").read_text(encoding="utf-8"))
    deck = validate_saved_object(doc)
    singles = sorted(png.glob("example-*.png"))
    assert len(deck["DeckIDs"]) == len(singles) == 18
    entry = deck["CustomDeck"]["1"]
    assert entry["UniqueBack"] is False and entry["FaceURL"].startswith("file:///")
    sheet = _image(entry["FaceURL"])
    assert sheet.mode == "RGB" and max(sheet.size) <= 4096
    distinct = {card_id for card_id in deck["DeckIDs"]}
    assert entry["NumWidth"] * (entry["NumHeight"] - 1) < len(distinct) <= entry["NumWidth"] * entry["NumHeight"]
    for card_id, card, single in zip(deck["DeckIDs"], deck["ContainedObjects"], singles, strict=True):
        with PILImage.open(single) as expected:
            got = _cell(sheet, entry, card_id % 100)
            assert got.size == expected.size
            assert got.tobytes() == expected.convert("RGB").tobytes(), (card["Nickname"], single.name)
    names = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert names[0] == "Tomate coração-de-boi" and len(set(names)) == len(distinct)
    back = _image(entry["BackURL"])
    assert back.size == (sheet.size[0] // entry["NumWidth"], sheet.size[1] // entry["NumHeight"])


def write_tts(cards: list[Card], *, card_size: tuple[float, float], title: str, output: Path, stem: str,
              dpi: float, quiet: bool = False) -> list[Path]:
    """The deck through the publishing layer's one shape: plan the job, then write the cards."""
    opts = DeckOptions(format="tts", output=output, dpi=dpi, quiet=quiet)
    return plan_job(opts, count=len(cards), card_size=card_size, bleed=0.0, stem=stem, title=title).write(cards)


def _colour_card(i: int, back: str | None) -> Card:
    front = [Rect(0, 0, 44, 63, fill=f"#{i:02x}8040", stroke=None)]
    return Card(front, None if back is None else [Rect(0, 0, 44, 63, fill=back, stroke=None)],
                f"card {i}")


def test_different_backs_go_on_back_sheets_in_the_same_cells(tmp_path) -> None:
    cards = [_colour_card(i, f"#10{i:02x}20") for i in range(75)]
    written = write_tts(cards, card_size=(44.0, 63.0), title="Backs", output=tmp_path / "b.json",
                        stem="b", dpi=40, quiet=True)
    assert sorted(p.name for p in written) == sorted(
        ["b-tts-1.png", "b-tts-back-1.png", "b-tts-2.png", "b-tts-back-2.png", "b.json"])
    deck = validate_saved_object(json.loads((tmp_path / "b.json").read_text(encoding="utf-8")))
    assert [e["NumWidth"] * e["NumHeight"] for e in deck["CustomDeck"].values()] == [70, 5]
    assert deck["DeckIDs"][:2] == [100, 101] and deck["DeckIDs"][70] == 200
    for position in (0, 69, 70, 74):
        card_id = deck["DeckIDs"][position]
        entry = deck["CustomDeck"][str(card_id // 100)]
        assert entry["UniqueBack"] is True
        face = _cell(_image(entry["FaceURL"]), entry, card_id % 100)
        back = _cell(_image(entry["BackURL"]), entry, card_id % 100)
        cx, cy = face.size[0] // 2, face.size[1] // 2
        assert face.getpixel((cx, cy)) == (position, 0x80, 0x40)
        assert back.getpixel((cx, cy)) == (0x10, position, 0x20)


def test_large_cards_lower_the_dpi_to_fit_4096_px_and_say_so_in_one_line(tmp_path, capsys) -> None:
    cards = [_colour_card(i, "#000000") for i in range(70)]
    write_tts(cards, card_size=(70.0, 120.0), title="Tarot", output=tmp_path, stem="t", dpi=300)
    err = capsys.readouterr().err.strip().splitlines()
    # the highest whole dpi at which 10 columns and 7 rows fit: the height decides here
    best = max(d for d in range(1, 301) if 10 * round(70 / 25.4 * d) <= 4096
               and 7 * round(120 / 25.4 * d) <= 4096)
    assert err == [f"Tabletop Simulator: 300 dpi lowered to {best} dpi so 10 x 7 cards of 70 x 120 mm "
                   "fit 4096 px"]
    with PILImage.open(tmp_path / "t-tts-1.png") as im:
        assert im.size == (10 * round(70 / 25.4 * best), 7 * round(120 / 25.4 * best))
        assert im.size[0] <= 4096 and im.size[1] <= 4096


def test_jpeg_images_and_web_urls(pnpgen, tmp_path) -> None:
    code, _, _ = pnpgen("cards", "example", "example", "--format", "tts", "--dpi", "40",
                        "--tts-image", "jpg", "--tts-url", "https://example.org/decks/", "-o",
                        tmp_path / "deck.json")
    assert code == 0
    doc = json.loads((tmp_path / "deck.json").read_text(encoding="utf-8"))
    entry = validate_saved_object(doc)["CustomDeck"]["1"]
    assert entry["FaceURL"] == "https://example.org/decks/deck-tts-1.jpg"
    assert entry["BackURL"] == "https://example.org/decks/deck-tts-back.jpg"
    data = (tmp_path / "deck-tts-1.jpg").read_bytes()
    assert data[:3] == b"\xff\xd8\xff"
    with PILImage.open(io.BytesIO(data)) as im:
        assert im.mode == "RGB"


def test_same_seed_same_bytes_and_no_overwrite_without_force(pnpgen, tmp_path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        assert pnpgen("cards", "example", "example", "--format", "tts", "--dpi", "30", "-o", out)[0] == 0
    for name in ("example-tts-1.png", "example-tts-back.png"):
        assert (a / name).read_bytes() == (b / name).read_bytes()
    before = (a / "example.json").read_bytes()
    code, _, err = pnpgen("cards", "example", "example", "--format", "tts", "--dpi", "30", "-o", a)
    assert code == 2 and "exists" in err
    assert (a / "example.json").read_bytes() == before


@pytest.mark.parametrize("count", [1, 70, 71])
def test_sheet_counts_at_the_seams(tmp_path, count) -> None:
    cards = [_colour_card(i, None) for i in range(count)]
    write_tts(cards, card_size=(44.0, 63.0), title="n", output=tmp_path, stem="n", dpi=20, quiet=True)
    deck = validate_saved_object(json.loads((tmp_path / "n.json").read_text(encoding="utf-8")))
    assert len(deck["CustomDeck"]) == (1 if count <= 70 else 2)
    assert len(deck["DeckIDs"]) == count


def test_noir_writes_one_deck_per_group_with_the_dead_sides_as_unique_backs(pnpgen, tmp_path) -> None:
    assert pnpgen("noir", "cards", "--format", "tts", "--dpi", "30", "-q", "-o", tmp_path)[0] == 0
    decks = {}
    for group in ("suspects", "reference", "evidence"):
        doc = json.loads((tmp_path / f"noir-cards-pt-{group}.json").read_text(encoding="utf-8"))
        decks[group] = validate_saved_object(doc)
    assert [len(decks[g]["DeckIDs"]) for g in ("suspects", "reference", "evidence")] == [25, 2, 25]
    suspects = decks["suspects"]["CustomDeck"]["1"]
    assert suspects["UniqueBack"] is True and suspects["BackURL"].endswith("suspects-tts-back-1.png")
    assert decks["evidence"]["CustomDeck"]["1"]["UniqueBack"] is False
    assert decks["suspects"]["ContainedObjects"][0]["Nickname"] == "Álvaro"
    faces, backs = _image(suspects["FaceURL"]), _image(suspects["BackURL"])
    assert faces.size == backs.size
    assert _cell(faces, suspects, 0).tobytes() != _cell(backs, suspects, 0).tobytes()
