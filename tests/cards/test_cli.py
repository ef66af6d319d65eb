"""`pnpgen cards` through the CLI: bad input (one line, exit 2, nothing written) and real output read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator import paths
from generator.cards import load_records, load_template
from generator.cards.build import build_cards
from generator.cards.cli import kit_part

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
GOOD_DATA = "- {name: Crème, cost: 2}\n- {name: Pão, cost: 1, qty: 2}\n"
GOOD_TEMPLATE = """
    card: poker
    front:
      - {id: title, kind: text, x: 5, y: 5, w: 50, h: 10, text: "{name}"}
      - {id: cost, kind: pips, x: 8, y: 30, dx: 4, count: "{cost}"}
    """


def files_under(folder: Path) -> list[Path]:
    """The files written (not the folder's hidden lock file of a staged set)."""
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith(".")) \
        if folder.exists() else []


def assert_one_line_error(code: int, err: str, *fragments: str) -> None:
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pnpgen: error: "), err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])


def test_data_file_missing_a_field(pnpgen, write, out_dir):
    data = write("d.yaml", "- {name: A, cost: 1}\n\n- {name: B}\n")
    tmpl = write("t.yaml", GOOD_TEMPLATE)
    code, _, err = pnpgen("cards", data, tmpl)
    assert_one_line_error(code, err, f"{data}:3:", "'cost'", "front element 'cost'")
    assert files_under(out_dir) == []


def test_template_naming_an_unknown_field(pnpgen, write, out_dir):
    data = write("d.yaml", GOOD_DATA)
    tmpl = write("t.yaml", GOOD_TEMPLATE.replace("{name}", "{nme}"))
    code, _, err = pnpgen("cards", data, tmpl)
    assert_one_line_error(code, err, str(tmpl), "element 'title'", "'nme'", f"not in data file {data}",
                          "fields: name, cost")
    assert files_under(out_dir) == []


def test_unknown_card_size(pnpgen, write, out_dir):
    data = write("d.yaml", GOOD_DATA)
    tmpl = write("t.yaml", GOOD_TEMPLATE.replace("card: poker", "card: jumbo"))
    code, _, err = pnpgen("cards", data, tmpl)
    assert_one_line_error(code, err, str(tmpl), "card: ", "jumbo")
    assert files_under(out_dir) == []


@pytest.mark.parametrize("fmt", ["pdf", "svg"])
def test_card_larger_than_the_paper(pnpgen, write, out_dir, fmt):
    data = write("d.yaml", GOOD_DATA)
    tmpl = write("t.yaml", GOOD_TEMPLATE.replace("card: poker", "card: 250x320"))
    code, _, err = pnpgen("cards", data, tmpl, "--format", fmt, *(["--sheets"] if fmt == "svg" else []))
    assert_one_line_error(code, err, str(tmpl), "card: ")
    assert files_under(out_dir) == []


def test_unreadable_yaml_data(pnpgen, write, out_dir):
    data = write("d.yaml", "- name: A\n- name: [B\n")
    code, _, err = pnpgen("cards", data, "example")
    assert_one_line_error(code, err, f"{data}:", "YAML")
    assert files_under(out_dir) == []


def test_unreadable_yaml_template(pnpgen, write, out_dir):
    tmpl = write("t.yaml", "card: poker\nfront: [\n  {kind: rect\n")
    code, _, err = pnpgen("cards", "example", tmpl)
    assert_one_line_error(code, err, f"{tmpl}:", "YAML")
    assert files_under(out_dir) == []


def test_bad_value_from_a_field_names_the_data_line(pnpgen, write, out_dir):
    data = write("d.yaml", "- {name: A, cost: 1}\n- {name: B, cost: lots}\n")
    code, _, err = pnpgen("cards", data, write("t.yaml", GOOD_TEMPLATE))
    assert_one_line_error(code, err, f"{data}:2:", "cost")
    assert files_under(out_dir) == []


def test_existing_output_is_refused_without_force(pnpgen, write, out_dir):
    data, tmpl = write("d.yaml", GOOD_DATA), write("t.yaml", GOOD_TEMPLATE)
    target = out_dir / "d.pdf"
    target.parent.mkdir(parents=True)
    target.write_bytes(b"mine")
    code, _, err = pnpgen("cards", data, tmpl)
    assert_one_line_error(code, err, str(target), "--force")
    assert target.read_bytes() == b"mine"
    code, out, _ = pnpgen("cards", data, tmpl, "--force")
    assert code == 0 and f"wrote {target}" in out and target.read_bytes().startswith(b"%PDF")


def test_missing_arguments_is_a_usage_error(pnpgen):
    code, _, err = pnpgen("cards", "example")
    assert code == 2 and "TEMPLATE" in err


def test_help_has_an_example_and_kinds_lists_the_registry(pnpgen):
    code, out, _ = pnpgen("cards", "--help")
    assert code == 0 and "pnpgen cards example example" in out
    code, out, _ = pnpgen("cards", "--kinds")
    assert code == 0
    for kind in ("rect", "line", "polyline", "polygon", "circle", "text", "image", "pattern"):
        assert f"### {kind}\n" in out


# --- the example deck -----------------------------------------------------------------------------

def test_example_deck_has_18_cards_from_12_records():
    records = load_records("example")
    assert len(records) == 18 and len(load_records("example", expand=False)) == 12
    cards = build_cards(records, load_template("example"))
    assert len(cards) == 18 and all(card.back is not None for card in cards)
    assert cards[0].label == "Tomate coração-de-boi"


@pytest.fixture(scope="module")
def example_pdf(tmp_path_factory) -> Path:
    from generator.cli import cli
    from generator.cli.common import run_cli

    path = tmp_path_factory.mktemp("pdf") / "example.pdf"
    assert run_cli(cli, ["cards", "example", "example", "-o", str(path), "-q"]) == 0
    return path


def test_example_pdf_pages_sizes_and_accents(example_pdf):
    reader = PdfReader(example_pdf)
    assert len(reader.pages) == 4          # 18 cards, 9 a sheet, each sheet followed by its backs
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(A4, abs=0.01)
    texts = page_texts(example_pdf)
    fronts = texts[0] + texts[2]
    for name in ("Tomate coração-de-boi", "Crème fraîche", "Cèpes séchés", "Bœuf bourguignon",
                 "Caldeirada à portuguesa", "Utensílio"):
        assert name in fronts
    assert "Marché des Saveurs" in texts[1]
    assert "Tomate" not in texts[1]


def test_example_pdf_is_reproducible(example_pdf, tmp_path, pnpgen):
    again = tmp_path / "again.pdf"
    assert pnpgen("cards", "example", "example", "-o", again)[0] == 0
    assert again.read_bytes() == example_pdf.read_bytes()


def test_letter_without_backs(pnpgen, tmp_path):
    path = tmp_path / "l.pdf"
    assert pnpgen("cards", "example", "example", "--paper", "letter", "--duplex", "none", "-o", path)[0] == 0
    reader = PdfReader(path)
    # 18 cards: letter turns landscape (4 x 2) to keep room for 3 mm crop marks
    assert len(reader.pages) == 3
    assert (float(reader.pages[0].mediabox.height), float(reader.pages[0].mediabox.width)) == \
        pytest.approx(LETTER, abs=0.01)


def test_png_per_card_faces_and_sizes(pnpgen, out_dir):
    code, out, _ = pnpgen("cards", "example", "example", "--format", "png", "--dpi", "40")
    assert code == 0
    written = files_under(out_dir / "example")
    assert len(written) == 19 and len(out.splitlines()) == 19     # 18 faces and the one back they share
    assert [p.name for p in written if "-back" in p.name] == ["example-back.png"]
    with PILImage.open(written[0]) as im:      # (63.5 + 2*3) x (88.9 + 2*3) mm at 40 dpi
        assert im.size == (round(69.5 / 25.4 * 40), round(94.9 / 25.4 * 40))


def test_svg_sheets(pnpgen, tmp_path):
    code, _out, _ = pnpgen("cards", "example", "example", "--format", "svg", "--sheets", "-o", tmp_path / "s.svg")
    assert code == 0
    written = sorted(tmp_path.glob("s-sheet-*.svg"))
    assert len(written) == 4
    assert 'width="210mm"' in written[0].read_text(encoding="utf-8").replace("210.0mm", "210mm")


def test_tts_sheet_and_back(pnpgen, tmp_path):
    code, _, _ = pnpgen("cards", "example", "example", "--format", "tts", "--dpi", "50", "-o", tmp_path)
    assert code == 0
    sheet, back = tmp_path / "example-tts-1.png", tmp_path / "example-tts-back.png"
    with PILImage.open(sheet) as im, PILImage.open(back) as bk:
        card_w, card_h = round(63.5 / 25.4 * 50), round(88.9 / 25.4 * 50)
        # 12 distinct cards: every grid reaches 50 dpi, so the fullest, then the widest: 6 x 2
        assert im.mode == "RGB" and im.size == (6 * card_w, 2 * card_h)
        assert bk.size == (card_w, card_h)


def test_json_dumps_the_records(pnpgen):
    code, out, _ = pnpgen("cards", "example", "example", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert len(data) == 12 and sum(r["fields"].get("qty", 1) for r in data) == 18
    assert data[0]["line"] == 6 and data[0]["file"].endswith("cards.yaml")


def test_kit_part_writes_the_duplex_example(tmp_path):
    made = kit_part(tmp_path, 1, "letter", False)
    assert [p.name for p, _ in made] == ["example-deck.pdf", "example-deck-box.pdf"]   # the deck, and its box
    assert "box" in made[1][1] and len(PdfReader(made[1][0]).pages) == 1
    reader = PdfReader(made[0][0])
    assert len(reader.pages) == 6                    # 18 cards, 8 a landscape letter sheet
    assert float(reader.pages[0].mediabox.height) == pytest.approx(612.0, abs=0.01)


def test_builtin_example_files_ship_in_the_data_folders():
    assert paths.card_data("example", "cards.yaml").is_file()
    assert paths.template("cards", "example.yaml").is_file()
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths.card_data("example", "pictures").glob("*"))


def test_bleed_option_overrides_the_template(pnpgen, tmp_path):
    code, _, _ = pnpgen("cards", "example", "example", "--format", "png", "--dpi", "30", "--bleed", "0",
                        "--duplex", "none", "-o", tmp_path)
    assert code == 0
    written = sorted(tmp_path.glob("example-*.png"))
    assert len(written) == 18
    with PILImage.open(written[0]) as im:
        assert im.size == (round(63.5 / 25.4 * 30), round(88.9 / 25.4 * 30))


@pytest.mark.parametrize("args", [["--offset", "1,2,3"], ["--offset", "a,b"], ["--format", "gif"], ["--bleed", "-1"]])
def test_bad_options_exit_2(pnpgen, out_dir, args):
    code, _, err = pnpgen("cards", "example", "example", *args)
    assert code == 2 and "Traceback" not in err
    assert not out_dir.exists()
