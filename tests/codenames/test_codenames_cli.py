"""`pnpgen codenames` through the CLI: files, JSON, codes, determinism, errors, the kit part."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.codenames.rules import keys as cn

A4 = (595.28, 841.89)


def _run(capsys, *args: str) -> tuple[int, str, str]:
    code = run_cli(cli, list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def _keys_json(capsys, *args: str) -> list[dict]:
    code, out, err = _run(capsys, "codenames", "keys", "--format", "json", *args)
    assert code == 0, err
    return json.loads(out)


@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_json_keys_have_exact_compositions_and_codes(capsys, grid: str) -> None:
    rows, cols = (5, 5) if grid == "5x5" else (4, 5)
    for seed in range(5):
        data = _keys_json(capsys, "--grid", grid, "--count", "20", "--seed", str(seed))
        assert len(data) == 20
        canon = set()
        for item in data:
            assert set(item) >= {"code", "grid", "starting", "cells"}
            assert item["grid"] == grid and item["starting"] in ("red", "blue")
            assert len(item["cells"]) == rows and all(len(r) == cols for r in item["cells"])
            key = cn.key_from_json(item)     # checks composition and that the code matches
            assert key.count(item["starting"]) == key.count(cn.other_team(item["starting"])) + 1
            canon.add(key.canonical())
        assert len(canon) == 20


def test_starting_option_fixes_the_team(capsys) -> None:
    data = _keys_json(capsys, "--count", "30", "--starting", "blue", "--seed", "3")
    assert {item["starting"] for item in data} == {"blue"}


def test_key_code_recreates_the_same_key(capsys) -> None:
    original = _keys_json(capsys, "--grid", "5x4", "--count", "3", "--seed", "9")
    codes = [item["code"] for item in original]
    code, out, err = _run(capsys, "codenames", "key", *[c.lower() for c in codes], "--format", "json")
    assert code == 0, err
    assert json.loads(out) == original


def test_mistyped_code_is_one_line_exit_2_and_writes_nothing(capsys, tmp_path: Path) -> None:
    good = _keys_json(capsys, "--count", "1", "--seed", "1")[0]["code"]
    swapped = good[1] + good[0] + good[2:] if good[0] != good[1] else good[:2] + good[3] + good[2] + good[4:]
    target = tmp_path / "k.pdf"
    for bad in (swapped, good[:-2], good.replace(good[3], "0")):
        code, _out, err = _run(capsys, "codenames", "key", bad, "-o", str(target))
        assert code == 2 and err.startswith("pnpgen: error: code: ") and err.count("\n") == 1, err
        assert "Traceback" not in err
    assert not target.exists()


def test_pdf_sheets_are_a4_hold_the_codes_and_are_byte_identical(capsys, tmp_path: Path) -> None:
    paths = []
    for name in ("a.pdf", "b.pdf"):
        code, _out, err = _run(capsys, "codenames", "keys", "--count", "10", "--seed", "42",
                              "-o", str(tmp_path / name))
        assert code == 0, err
        paths.append(tmp_path / name)
    a, b = (p.read_bytes() for p in paths)
    assert a == b                                   # and another seed deals other keys:
    assert _keys_json(capsys, "--count", "10", "--seed", "43") != _keys_json(capsys, "--count", "10", "--seed", "42")
    reader = PdfReader(paths[0])
    assert len(reader.pages) == 4      # 8 keys of 70 mm per A4 sheet, each sheet followed by its backs
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted(A4), abs=0.1)
    text = "".join(page_texts(paths[0]))
    data = _keys_json(capsys, "--count", "10", "--seed", "42")
    for item in data:
        assert item["code"] in text


def test_without_seed_a_seed_is_printed_and_reproduces(capsys, tmp_path: Path) -> None:
    code, out, err = _run(capsys, "codenames", "keys", "--count", "2", "--format", "json")
    assert code == 0 and "pass --seed" in err
    seed = err.split("seed: ")[1].split()[0]
    assert json.loads(out) == _keys_json(capsys, "--count", "2", "--seed", seed)


def test_existing_file_needs_force(capsys, tmp_path: Path) -> None:
    target = tmp_path / "k.pdf"
    target.write_bytes(b"keep")
    code, _, err = _run(capsys, "codenames", "keys", "--seed", "1", "-o", str(target))
    assert code == 2 and "--force" in err and target.read_bytes() == b"keep"
    code, _, err = _run(capsys, "codenames", "keys", "--seed", "1", "-o", str(target), "--force")
    assert code == 0 and target.read_bytes().startswith(b"%PDF")


def test_png_and_svg_give_one_file_per_card_at_the_card_size(capsys, tmp_path: Path) -> None:
    from PIL import Image

    code, _out, err = _run(capsys, "codenames", "keys", "--count", "2", "--seed", "5", "--format",
                           "png", "--card-size", "60", "-o", str(tmp_path / "k.png"))
    assert code == 0, err
    files = sorted(tmp_path.glob("k-*.png"))
    assert len(files) == 2
    with Image.open(files[0]) as image:
        assert image.size == (709, 709)   # 60 mm at 300 dpi
    code, _out, err = _run(capsys, "codenames", "key", "9RPPD-Y73TY", "--format", "svg",
                          "-o", str(tmp_path / "one.svg"))
    assert code == 0 and b"9RPPD-Y73TY" in (tmp_path / "one-001.svg").read_bytes()


@pytest.mark.parametrize("size", ["30", "70x60", "big"])
def test_bad_card_size_is_a_clear_error(capsys, size: str) -> None:
    code, _, err = _run(capsys, "codenames", "keys", "--seed", "1", "--card-size", size, "--format", "pdf",
                        "-o", "/nonexistent/x.pdf")
    assert code == 2 and "card-size" in err


def test_words_seeded_deal_and_whole_deck(capsys, tmp_path: Path) -> None:
    from generator.games.codenames.sheets import load_words

    code, out, err = _run(capsys, "codenames", "words", "--lang", "it", "--seed", "7", "--format", "json")
    deal = json.loads(out)
    assert code == 0 and len(deal) == len(set(deal)) == 25
    assert set(deal) <= set(load_words("it"))
    code, out, err = _run(capsys, "codenames", "words", "--lang", "it", "--seed", "7",
                          "-o", str(tmp_path / "w.pdf"))
    assert code == 0, err
    text = "".join(page_texts(tmp_path / "w.pdf"))
    for word in deal:
        assert word.upper() in text
    code, out, err = _run(capsys, "codenames", "words", "--lang", "en", "--format", "json")
    assert json.loads(out) == load_words("en")


def test_kit_part_writes_keys_words_pictures_covers_and_rules(tmp_path: Path) -> None:
    from generator.games.codenames.cli import kit_part

    made = kit_part(tmp_path, 42, "letter", False)           # Italian by default: the rulebook's language
    names = sorted(str(p.relative_to(tmp_path / "codenames")) for p, _ in made)
    assert names == ["codenames-rules-it.pdf", "covers-5x4-it.pdf", "covers-5x5-it.pdf", "host/keys-5x4.pdf",
                     "host/keys-5x5.pdf", "pictures-box-it.pdf", "pictures-it.pdf", "words-box-it.pdf",
                     "words-it.pdf"]   # keys: the spymasters'; each deck with its box (docs/box.md)
    for path, description in made:
        reader = PdfReader(path)
        assert description
        if path.name.startswith("keys"):
            assert len(reader.pages) == 2        # one full sheet: 6 keys of 70 mm on Letter, then their backs
            assert "(6," in description
            front, back = page_texts(path)
            codes = re.findall(r"(?<![-0-9A-Z])[0-9A-Z]{5}-[0-9A-Z]{5}(?![-0-9A-Z])", front)
            assert len(codes) == 6 and not re.findall(r"(?<![-0-9A-Z])[0-9A-Z]{5}-[0-9A-Z]{5}(?![-0-9A-Z])", back)
            assert "fronte-retro sul lato lungo" in back   # the flip the footer names exists
        width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
        assert sorted((width, height)) == pytest.approx([612, 792], abs=0.1)  # Letter, either way
    # the same seed's bytes: tests/test_kit.py builds the whole kit twice


def test_key_backs_are_camouflage_each_its_own_with_a_seed() -> None:
    """Held up to a lamp, a key card shows its back through its front: the back is a camouflage over the
    whole card (tests/test_transmitted_light.py judges it), black beside white; with the sheet's seed
    every card has its own (nobody can subtract a known one), without it (a reprinted key) one for all."""
    import io

    from PIL import Image

    from generator.games.codenames import sheets as sheet
    from generator.render import render_png
    from generator.scene.imposition import card_pages

    keys = [cn.Key.from_code("9RPPD-Y73TY"), cn.Key.from_code("XYECD-FFHR9")]
    public = sheet.key_cards(keys)
    assert public[0].back == public[1].back and public[0].back
    own = sheet.key_cards(keys, mask_seed=2**74 + 1)
    assert own[0].back != own[1].back and own[0].back != public[0].back
    assert own[0].back == sheet.key_cards(keys, mask_seed=2**74 + 1)[0].back       # the same seed, the same back
    (page,) = card_pages(own[:1], (70, 70), side="back")
    image = Image.open(io.BytesIO(render_png(page, dpi=50))).convert("L")
    pixels = list(image.tobytes())
    dark = sum(p < 80 for p in pixels) / len(pixels)
    light = sum(p > 175 for p in pixels) / len(pixels)
    assert dark > 0.25 and light > 0.15, (dark, light)                # black beside white, edge to edge
    corners = [image.crop((x, y, x + 12, y + 12)) for x in (0, image.width - 12) for y in (0, image.height - 12)]
    assert all(min(c.tobytes()) < 80 and max(c.tobytes()) > 175 for c in corners)


def test_key_sheets_claim_the_flip_they_have(capsys, tmp_path: Path) -> None:
    """A PDF (or --sheets) of keys has its back sheet and says so; --duplex none has none and says
    "fronts only"; an image per card, for a phone, is the face alone."""
    code, _, err = _run(capsys, "codenames", "keys", "--seed", "5", "--duplex", "none", "--lang", "en",
                        "-o", str(tmp_path / "n.pdf"))
    assert code == 0, err
    (page,) = page_texts(tmp_path / "n.pdf")
    assert "fronts only" in page and "flip" not in page
    code, _, err = _run(capsys, "codenames", "keys", "--seed", "5", "--duplex", "none", "-o", str(tmp_path / "i.pdf"))
    assert code == 0, err                                              # Italian by default, footer and all
    text = page_texts(tmp_path / "i.pdf")[0]
    assert "solo fronti" in text and "codice partita 5" in text and "fronte-retro" not in text and "seed" not in text
    code, _, err = _run(capsys, "codenames", "keys", "--seed", "5", "--format", "png", "--sheets", "--dpi", "40",
                        "-o", str(tmp_path / "s.png"))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.glob("s-*.png")) == ["s-sheet-001.png", "s-sheet-002.png"]
    code, _, err = _run(capsys, "codenames", "key", "9RPPD-Y73TY", "--format", "png", "--dpi", "40",
                        "-o", str(tmp_path / "k.png"))
    assert code == 0, err
    assert [p.name for p in tmp_path.glob("k*.png")] == ["k-001.png"]
