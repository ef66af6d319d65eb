"""`pnpgen noir setup`: JSON that is a deal of the 25, a setup sheet naming them, same seed same bytes; the kit part."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.noir import cli as cmd
from generator.games.noir.content import load_suspects
from generator.games.noir.rules import parse_setup

SUSPECTS = {int(r.fields["number"]): str(r.fields["name"]) for r in load_suspects()}


def _json(capsys, *args: str) -> dict:
    assert run_cli(cli, ["noir", "setup", "--format", "json", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("seed", [1, 42, 2**31 - 2])
def test_json_grid_and_deck_are_each_a_permutation_of_the_25(capsys, seed: int) -> None:
    data = _json(capsys, "--seed", str(seed))
    assert data["seed"] == seed
    assert len(data["grid"]) == 5 and all(len(row) == 5 for row in data["grid"])
    assert sorted(n for row in data["grid"] for n in row) == sorted(SUSPECTS.values())
    assert sorted(data["deck"]) == sorted(SUSPECTS.values()) and len(data["deck"]) == 25
    numbers = [n for row in data["grid_numbers"] for n in row]
    assert [SUSPECTS[n] for n in numbers] == [n for row in data["grid"] for n in row]
    assert [SUSPECTS[n] for n in data["deck_numbers"]] == data["deck"]
    assert str(parse_setup(data["code"])) == data["code"]


def test_same_seed_same_setup_other_seed_other_setup(capsys) -> None:
    a, b, c = _json(capsys, "--seed", "7"), _json(capsys, "--seed", "7"), _json(capsys, "--seed", "8")
    assert a == b and a["grid"] != c["grid"]


def test_without_a_seed_one_is_chosen_and_kept_in_the_json(capsys) -> None:
    data = _json(capsys)
    again = _json(capsys, "--seed", str(data["seed"]))
    assert again["grid"] == data["grid"] and again["deck"] == data["deck"]


def test_setup_sheet_names_every_suspect_and_repeats_byte_for_byte(tmp_path) -> None:
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for out in (first, second):
        assert run_cli(cli, ["noir", "setup", "--seed", "5", "-o", str(out), "-q"]) == 0
    assert first.read_bytes() == second.read_bytes()
    pdf = PdfReader(str(first))
    assert len(pdf.pages) == 2                        # the setup sheet, then the rules sheet
    assert "Noir: Assassino vs Inspetor · regras" in pdf.pages[1].extract_text()
    text = pdf.pages[0].extract_text()
    for name in SUSPECTS.values():
        assert text.count(name) == 1, name            # in the grid only: no pile list
    assert "Embaralhe" in text and "código da partida 5" in text and "seed" not in text


def _pile_leaks(text: str, setup) -> list[str]:
    """Ways the page gives the pile away: the top card listed, the deck's half of the code, 5 names in pile order."""
    top = SUSPECTS[setup.deck[0]]
    leaks = [f"1. {top}"] if f"1. {top}" in text else []
    deck_code = ",".join(str(n) for n in setup.deck)
    flat = "".join(text.split())
    leaks += ["deck code"] if deck_code[:20] in flat else []
    first_five = [SUSPECTS[n] for n in setup.deck[:5]]
    positions = [flat.find(name) for name in first_five]
    leaks += ["pile order"] if positions == sorted(positions) and -1 not in positions and "(#" in text else []
    return leaks


@pytest.mark.parametrize(("seed", "lang"), [(5, "pt"), (6, "en"), (31, "pt")])
def test_setup_page_does_not_hold_the_pile_order(tmp_path, seed: int, lang: str) -> None:
    out = tmp_path / "s.pdf"
    assert run_cli(cli, ["noir", "setup", "--seed", str(seed), "--lang", lang, "-o", str(out), "-q"]) == 0
    setup = cmd.deal(seed)
    assert _pile_leaks(PdfReader(str(out)).pages[0].extract_text(), setup) == []


def test_deck_order_goes_on_a_second_page_for_a_neutral_dealer(tmp_path) -> None:
    out = tmp_path / "s.pdf"
    assert run_cli(cli, ["noir", "setup", "--seed", "5", "--deck-order", "-o", str(out), "-q"]) == 0
    pages = PdfReader(str(out)).pages
    assert len(pages) == 3                            # setup sheet, rules sheet, dealer's page last
    setup = cmd.deal(5)
    assert all(_pile_leaks(page.extract_text(), setup) == [] for page in pages[:2])
    dealer = pages[2].extract_text()
    assert "NÃO joga" in dealer
    for i, number in enumerate(setup.deck, start=1):
        assert f"{i}. {SUSPECTS[number]} (#{number})" in dealer
    # the JSON still carries the deck
    data = cmd.setup_json(setup, 5)
    assert data["deck_numbers"] == list(setup.deck)


def test_grid_names_are_drawn_in_grid_order(tmp_path) -> None:
    out = tmp_path / "s.pdf"
    assert run_cli(cli, ["noir", "setup", "--seed", "9", "-o", str(out), "-q", "--lang", "en"]) == 0
    spots = {}

    def visit(text, cm, tm, font, size):
        if text.strip() in SUSPECTS.values() and size == 13:
            spots[text.strip()] = (cm[4] + cm[0] * tm[4], cm[5] + cm[3] * tm[5])

    PdfReader(str(out)).pages[0].extract_text(visitor_text=visit)
    grid = cmd.deal(9).grid
    for r, row in enumerate(grid):
        ys = {round(spots[SUSPECTS[n]][1]) for n in row}
        assert len(ys) == 1, r                        # one row of the diagram
        assert len({round(spots[SUSPECTS[n]][0]) for n in row}) == 5
    row_y = [spots[SUSPECTS[row[0]]][1] for row in grid]
    assert row_y == sorted(row_y, reverse=True)       # row 1 at the top of the page


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_png_and_svg_sheets(tmp_path, fmt: str) -> None:
    out = tmp_path / f"s.{fmt}"
    assert run_cli(cli, ["noir", "setup", "--seed", "3", "--format", fmt, "-o", str(out), "-q"]) == 0
    data = out.read_bytes()
    assert data.startswith(b"\x89PNG") if fmt == "png" else b"<svg" in data[:400]


def test_bad_kill_limit_and_existing_output_are_exit_2(tmp_path, capsys) -> None:
    assert run_cli(cli, ["noir", "setup", "--seed", "1", "--kill-limit", "30"]) == 2
    out = tmp_path / "s.pdf"
    out.write_bytes(b"mine")
    assert run_cli(cli, ["noir", "setup", "--seed", "1", "-o", str(out)]) == 2
    assert out.read_bytes() == b"mine"
    assert "Traceback" not in capsys.readouterr().err


def test_kit_part_writes_the_deck_rules_and_a_setup_from_the_kit_seed(tmp_path) -> None:
    from generator.core.rng import derive_seed

    made = cmd.kit_part(tmp_path, 77, "letter", False)
    files = [Path(p) for p, _ in made]
    code = derive_seed(77, "noir-table")          # the table's public code, never the kit seed
    assert [f.name for f in files] == ["noir-cards-pt.pdf", "noir-rules-pt.pdf", f"noir-setup-seed{code}.pdf",
                                       "noir-box-pt.pdf"]
    assert all(f.is_file() and description for f, (_, description) in zip(files, made, strict=False))
    deck = PdfReader(str(files[0]))
    box = deck.pages[0].mediabox
    assert sorted((round(float(box.width)), round(float(box.height)))) == [612, 792]   # letter
    setup_pages = PdfReader(str(files[2])).pages
    assert len(setup_pages) == 2
    assert all(_pile_leaks(page.extract_text(), cmd.deal(code)) == [] for page in setup_pages)
    english = cmd.kit_part(tmp_path / "en", 77, "a4", False, "en")
    assert [Path(p).name for p, _ in english] == ["noir-cards-en.pdf", "noir-rules-en.pdf", f"noir-setup-seed{code}.pdf",
                                                  "noir-box-en.pdf"]
    assert "Shuffle" in PdfReader(str(english[2][0])).pages[0].extract_text()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_setup_sheet_stays_inside_the_content_box_above_the_footer(paper: str) -> None:
    from generator.games.noir.sheets import setup_pages
    from generator.scene.imposition import content_box
    from generator.scene.model import Text

    x, y, w, h = content_box(paper)
    page = setup_pages(cmd.deal(4), 4, "en", paper)[0]
    boxes = [item for item in page.items if isinstance(item, Text) and item.y < y + h]
    assert len(boxes) > 50
    for box in boxes:
        assert box.x >= x - 0.01 and box.x + box.w <= x + w + 0.01, box.text
        assert box.y >= y - 0.01 and box.y + box.h <= y + h + 0.01, box.text
