"""`pnpgen cards` for the designer's loop: --only (the old --card N gets a hint), one back file per distinct back, --check, --watch."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader
from tests.children import Child

CARD = """
card: 60x80
bleed: 2
safe: 3
background: "#ffffff"
front:
  - {id: title, kind: text, x: 5, y: 5, w: 50, h: 10, text: "{name}", size: 10, min_size: 4}
  - {id: body, kind: text, x: 5, y: 20, w: 50, h: 20, text: "{body}", size: 10, min_size: 4}
back:
  - {id: mark, kind: text, x: 5, y: 30, w: 50, h: 10, text: "{side}", size: 10, align: center}
"""


def deck(write, rows: list[dict]) -> tuple[Path, Path]:
    lines = ["cards:"]
    for row in rows:
        lines.append("  - {" + ", ".join(f"{k}: {v!r}" for k, v in row.items()).replace("'", '"') + "}")
    return write("d/cards.yaml", "\n".join(lines) + "\n"), write("t.yaml", CARD)


def rows(n: int, **extra) -> list[dict]:
    return [{"name": f"Card {i}", "body": "Short.", "side": "A" if i % 2 else "B", **extra} for i in range(1, n + 1)]


def test_only_numbers_and_ranges_pick_cards_for_pdf(pnpgen, write, tmp_path):
    data, tmpl = deck(write, rows(12))
    out = tmp_path / "o.pdf"
    assert pnpgen("cards", data, tmpl, "--only", "3,7-9", "-o", out)[0] == 0
    text = PdfReader(out).pages[0].extract_text()
    assert [f"Card {i}" in text for i in (3, 7, 8, 9, 1, 10)] == [True] * 4 + [False] * 2


def test_a_one_file_format_given_a_folder_writes_inside_it(pnpgen, write, tmp_path):
    """-o out/ (the shell hands 'out/'; a Path keeps 'out') or an existing folder: the PDF or JSON goes in
    it under the deck's name, never a file named 'out', never over the folder."""
    data, tmpl = deck(write, rows(2))
    assert pnpgen("cards", data, tmpl, "-o", f"{tmp_path / 'new'}/")[0] == 0
    assert (tmp_path / "new").is_dir() and [p.name for p in (tmp_path / "new").iterdir()] == ["d.pdf"]
    assert PdfReader(tmp_path / "new" / "d.pdf").pages[0].extract_text().count("Card") == 2
    (tmp_path / "there").mkdir()
    assert pnpgen("cards", data, tmpl, "--format", "json", "-o", tmp_path / "there")[0] == 0
    assert '"Card 2"' in (tmp_path / "there" / "d.json").read_text("utf-8")
    assert pnpgen("cards", data, tmpl, "-o", tmp_path / "named.pdf")[0] == 0 and (tmp_path / "named.pdf").is_file()


def test_only_field_test_and_card_name_files_by_deck_number(pnpgen, write, tmp_path):
    data, tmpl = deck(write, rows(12))
    code, _out, _ = pnpgen("cards", data, tmpl, "--only", "name~card 1", "--format", "svg", "-o", tmp_path / "s")
    assert code == 0
    names = sorted(p.name for p in (tmp_path / "s").iterdir() if not p.name.startswith("."))
    # Card 1, 10, 11, 12; backs A (first used by card 1) and B (first used by card 10)
    assert names == ["d-001.svg", "d-010.svg", "d-011.svg", "d-012.svg",
                     "d-back-001.svg", "d-back-010.svg"]
    assert ">A<" in (tmp_path / "s" / "d-back-001.svg").read_text("utf-8")
    code, _, _ = pnpgen("cards", data, tmpl, "--format", "png", "--only", "12", "--dpi", "30", "-o", tmp_path / "p")
    assert code == 0
    assert sorted(p.name for p in (tmp_path / "p").iterdir() if not p.name.startswith(".")) == ["d-012.png", "d-back.png"]
    with PILImage.open(tmp_path / "p" / "d-012.png") as im:
        assert im.size == (round(64 / 25.4 * 30), round(84 / 25.4 * 30))


def test_only_that_picks_nothing_is_one_line_error(pnpgen, write):
    data, tmpl = deck(write, rows(3))
    code, _, err = pnpgen("cards", data, tmpl, "--only", "name~dragon")
    assert code == 2 and err.count("\n") == 1 and "picks no card (the deck has 3)" in err
    code, _, err = pnpgen("cards", data, tmpl, "--only", "2-x")
    assert code == 2 and "not '2-x'" in err


def test_png_backs_one_file_per_distinct_back(pnpgen, write, tmp_path):
    data, tmpl = deck(write, rows(5))
    assert pnpgen("cards", data, tmpl, "--format", "png", "--dpi", "30", "-o", tmp_path / "p")[0] == 0
    backs = sorted(p.name for p in (tmp_path / "p").iterdir() if "back" in p.name)
    assert backs == ["d-back-001.png", "d-back-002.png"]


def test_check_lists_warnings_and_strict_exits_1(pnpgen, write, tmp_path, out_dir):
    data, tmpl = deck(write, [{"name": "Fine", "body": "Short.", "side": "A"},
                              {"name": "Long", "body": "word " * 60, "side": "A"},
                              {"name": "Smile \U0001F600 \ue000", "body": "Short.", "side": "A"}])
    code, out, err = pnpgen("cards", data, tmpl, "--check")
    lines = out.splitlines()
    assert code == 0 and err == "" and lines.pop() == f"{len(lines)} warnings"     # all on stdout
    assert all(line.startswith("pnpgen: warning: ") for line in lines)
    shrunk = [line for line in lines if "shrunk" in line]
    assert len(shrunk) == 1 and "card 2 'Long'" in shrunk[0] and "front element 'body'" in shrunk[0]
    assert any("card 3" in line and "U+E000" in line and "front element 'title'" in line for line in lines)
    assert any("last sheet holds 3 of" in line for line in lines)
    assert not out_dir.exists()                     # --check writes nothing
    assert pnpgen("cards", data, tmpl, "--check", "--strict")[0] == 1
    assert pnpgen("cards", data, tmpl, "--check", "--strict", "--only", "1", "--format", "svg")[0] == 0


def test_check_safe_area_bleed_empty_src_and_tts(pnpgen, write, tmp_path):
    data = write("d/cards.yaml", "cards:\n  - {name: A, qty: 70}\n")
    tmpl = write("t.yaml", """
        card: 60x80
        safe: 4
        front:
          - {id: low, kind: text, x: 5, y: 74, w: 50, h: 5.5, text: "{name}", size: 8}
          - {id: edge, kind: text, x: -1, y: 20, w: 30, h: 6, text: "{name}", size: 8}
          - {id: pic, kind: image, x: 5, y: 30, w: 20, h: 20, src: ""}
        """)
    code, out, _ = pnpgen("cards", data, tmpl, "--check", "--format", "tts")
    assert code == 0
    assert "front element 'low': text is outside the safe area (4 mm inside the cut)" in out
    assert "front element 'edge': text runs into the bleed" in out
    assert "front element 'pic': empty `src`" in out
    assert "Tabletop Simulator sheet would hold 70 cards" in out


def test_check_low_resolution_picture(pnpgen, write, tmp_path):
    write("d/x.txt", "")
    PILImage.new("RGBA", (40, 40), (200, 0, 0, 0)).save(tmp_path / "d" / "pic.png")
    data = write("d/cards.yaml", "cards:\n  - {name: A}\n")
    tmpl = write("t.yaml", """
        card: 60x80
        background: none
        front:
          - {id: pic, kind: image, x: 10, y: 10, w: 40, h: 40, src: pic.png}
        """)
    code, out, _ = pnpgen("cards", data, tmpl, "--check")
    assert code == 0
    assert "picture is 25 ppi at its placed size 40.0 x 40.0 mm (40 x 40 px; 200 ppi wanted)" in out
    assert "alpha channel over nothing" in out


def watch(args: list[str], cwd: Path) -> Child:
    return Child(["cards", *args, "--watch"], cwd)


def later_save(path: Path, text: str) -> Callable[[], None]:
    """Write path now, and return a function that writes it again with a later time stamp."""
    def save() -> None:
        path.write_text(text, "utf-8")
        os.utime(path, ns=(time.time_ns(),) * 2)

    save()
    return save


def test_watch_rewrites_its_own_file_and_reports_errors(write, tmp_path):
    data, tmpl = deck(write, rows(2))
    out = tmp_path / "w.pdf"
    child = watch([str(data), str(tmpl), "-o", str(out)], tmp_path)
    try:
        assert "start: 1 file written" in child.wait_line("written")
        first = out.read_bytes()
        time.sleep(0.3)
        again = later_save(data, data.read_text("utf-8").replace("Card 2", "Card Two"))
        assert "cards.yaml: 1 file written" in child.wait_line("written", nudge=again)
        assert out.read_bytes() != first and "Card Two" in PdfReader(out).pages[0].extract_text()
        time.sleep(0.3)
        again = later_save(tmpl, CARD.replace("front:", "front: ["))
        line = child.wait_line("error", stream="err", nudge=again)
        assert "t.yaml: pnpgen: error: " in line and "YAML" in line
    finally:
        code = child.stop()
    assert code == 0 and "Traceback" not in child.stderr


def test_watch_refuses_a_file_it_did_not_write(pnpgen, write, tmp_path):
    data, tmpl = deck(write, rows(2))
    (tmp_path / "mine.pdf").write_bytes(b"keep")
    code, _, err = pnpgen("cards", data, tmpl, "-o", tmp_path / "mine.pdf", "--watch")
    assert code == 2 and "exists" in err and (tmp_path / "mine.pdf").read_bytes() == b"keep"


@pytest.mark.parametrize("args", [["--strict"], ["--card", "2"]])
def test_option_mistakes_are_usage_errors(pnpgen, write, args):
    data, tmpl = deck(write, rows(2))
    assert pnpgen("cards", data, tmpl, *args)[0] == 2


@pytest.mark.parametrize("args", [["--card", "2"], ["--card=2"], ["--format", "png", "--card", "2", "--dpi", "30"]])
def test_old_card_number_option_is_a_usage_error_pointing_to_only(pnpgen, write, tmp_path, args):
    """`--card N` no longer picks a card (it is a card size elsewhere): exit 2, a hint to use --only N, no file."""
    data, tmpl = deck(write, rows(2))
    code, _, err = pnpgen("cards", data, tmpl, *args, "-o", tmp_path / "o")
    assert code == 2 and "Traceback" not in err
    assert err.splitlines() == [
        "pnpgen: error: --card 2 is now --only 2 (--card is a card size, in pnpgen images and calibrate); "
        "see 'pnpgen cards --help'"]
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("extra", [{"format": "tts", "dpi": 30}, {"format": "pod", "pod": "custom:63.5x88.9@40+3"}])
def test_a_watch_rewrites_tts_and_pod_on_every_save(tmp_path, capsys, extra):
    """The watch's second run (a save) replaces the files its first wrote, in the formats of many files too."""
    from generator.cards.cli.watch import WatchState
    from generator.publish import DeckOptions

    state = WatchState("example", "example", DeckOptions(output=tmp_path, quiet=True, **extra), "1-2")
    state.run(set(), first=True)
    state.run({tmp_path / "cards.yaml"})
    out, err = capsys.readouterr()
    assert out.count("written in") == 2 and "error" not in err, (out, err)
