"""The game sheet read back from the PDF: cannon numbers where the numbering puts them, paper, sizes, pages."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.games.laser.rules.model import Board
from generator.games.laser.sheets.draw import RING
from generator.games.laser.sheets.plan import plan_sheet
from generator.scene.text import text_width

CANNON_SIZE = 7.5       # pt: the cannon numbers (bold)
PAPERS = {"a4": (841.89, 595.28), "letter": (792.0, 612.0)}


def spec_side(k: int, w: int, h: int) -> tuple[str, int]:
    """Where cannon k stands, straight from laser-rules.md: (side, column or row)."""
    if k <= w:
        return "top", k
    if k <= w + h:
        return "right", k - w
    if k <= 2 * w + h:
        return "bottom", w + 1 - (k - w - h)
    return "left", h + 1 - (k - 2 * w - h)


def cannons_by_board(kit, pdf, plan) -> list[dict[int, tuple[float, float]]]:
    """{cannon: (x centre, baseline y) mm} for the left and right boards (bold numbers, CANNON_SIZE pt)."""
    boards: list[dict[int, tuple[float, float]]] = [{}, {}]
    for word in kit.words(pdf):
        if word.bold and word.size == CANNON_SIZE and word.text.isdigit():
            side = 0 if word.x < plan.right.x - RING else 1
            assert int(word.text) not in boards[side], f"cannon {word.text} twice on one board"
            boards[side][int(word.text)] = (word.x + text_width(word.text, "sans-bold", CANNON_SIZE) / 2, word.y)
    return boards


def check_positions(found: dict[int, tuple[float, float]], frame, w: int, h: int) -> None:
    """Every cannon beside its own column or row, outside the board on the side the numbering says."""
    cell = frame.cell
    assert sorted(found) == list(range(1, 2 * w + 2 * h + 1))
    for k, (x, y) in found.items():
        side, index = spec_side(k, w, h)
        if side in ("top", "bottom"):
            left = frame.x + (index - 1) * cell
            assert left < x < left + cell, (k, side, index)
            assert (y < frame.y) if side == "top" else (y > frame.y + h * cell), (k, side)
        else:
            top = frame.y + (index - 1) * cell
            assert top < y < top + cell, (k, side, index)
            assert (x > frame.x + w * cell) if side == "right" else (x < frame.x), (k, side)


def check_clockwise(found: dict[int, tuple[float, float]], w: int, h: int) -> None:
    """Relations alone: top row left to right, right column downwards, bottom right to left, left upwards;
    top cannon c and bottom cannon 2W+H+1-c share a column, right W+r and left 2W+2H+1-r share a row."""
    xs = [found[k][0] for k in range(1, w + 1)]
    assert xs == sorted(xs) and len({round(found[k][1], 2) for k in range(1, w + 1)}) == 1
    ys = [found[k][1] for k in range(w + 1, w + h + 1)]
    assert ys == sorted(ys)
    bottom = [found[k][0] for k in range(w + h + 1, 2 * w + h + 1)]
    assert bottom == sorted(bottom, reverse=True)
    left = [found[k][1] for k in range(2 * w + h + 1, 2 * w + 2 * h + 1)]
    assert left == sorted(left, reverse=True)
    for c in range(1, w + 1):
        assert found[c][0] == pytest.approx(found[2 * w + h + 1 - c][0], abs=0.01)
    for r in range(1, h + 1):
        assert found[w + r][1] == pytest.approx(found[2 * w + 2 * h + 1 - r][1], abs=0.01)


@pytest.mark.parametrize("paper,size", [("a4", "8x7"), ("letter", "8x7"), ("a4", "10x10"), ("letter", "5x9")])
def test_cannon_numbers_around_both_boards(kit, tmp_path, paper: str, size: str) -> None:
    out = tmp_path / "sheet.pdf"
    assert kit.run(["sheet", "--paper", paper, "--size", size, "-o", out, "-q"]) == 0
    w, h = (int(v) for v in size.split("x"))
    plan = plan_sheet(Board(w, h), paper, 5)
    assert plan.cell >= 8.0
    boards = cannons_by_board(kit, out, plan)
    for found, frame in zip(boards, (plan.left, plan.right), strict=False):
        assert len(found) == 2 * w + 2 * h
        check_positions(found, frame, w, h)
        check_clockwise(found, w, h)
        # the four named in the issue
        assert found[1][1] < frame.y and frame.x < found[1][0] < frame.x + frame.cell
        assert found[w + 1][0] > frame.x + frame.width and frame.y < found[w + 1][1] < frame.y + frame.cell
        assert found[2 * w + h][1] > frame.y + frame.height and found[2 * w + h][0] < frame.x + frame.cell
        assert found[2 * w + 2 * h][0] < frame.x and frame.y < found[2 * w + 2 * h][1] < frame.y + frame.cell


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_is_landscape_paper(kit, tmp_path, paper: str) -> None:
    out = tmp_path / "sheet.pdf"
    assert kit.run(["sheet", "--paper", paper, "--players", "3", "-o", out, "-q"]) == 0
    reader = PdfReader(str(out))
    assert len(reader.pages) == 3
    for page in reader.pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (width, height) == pytest.approx(PAPERS[paper], abs=0.05)
        assert width > height


def test_ten_by_ten_has_forty_cannons_a_board(kit, tmp_path) -> None:
    out = tmp_path / "big.pdf"
    assert kit.run(["sheet", "--size", "10x10", "-o", out, "-q"]) == 0
    plan = plan_sheet(Board(10, 10), "a4", 5)
    left, right = cannons_by_board(kit, out, plan)
    assert sorted(left) == sorted(right) == list(range(1, 41))
    # the shot log has a row for each of the 40 cannons
    log_numbers = [w.text for w in kit.words(out) if w.bold and w.size == 8.5 and w.text.isdigit()]
    assert sorted(map(int, log_numbers)) == list(range(1, 41))


@pytest.mark.parametrize("size", ["14x10", "20x4", "9x16"])
def test_a_board_that_cannot_fit_says_so(kit, tmp_path, capsys, size: str) -> None:
    out = tmp_path / "no.pdf"
    assert kit.run(["sheet", "--size", size, "-o", out]) == 2
    err = capsys.readouterr().err
    assert "does not fit" in err and "8 mm" in err and err.count("\n") == 1
    assert not out.exists()


def test_shot_log_is_the_rulebook_three_columns(kit, tmp_path) -> None:
    out = tmp_path / "sheet.pdf"
    assert kit.run(["sheet", "-o", out, "-q"]) == 0
    rows = {int(w.text): w for w in kit.words(out) if w.bold and w.size == 8.5 and w.text.isdigit()}
    assert sorted(rows) == list(range(1, 31))
    columns = [sorted({round(rows[k].x) for k in range(a, a + 10)}) for a in (1, 11, 21)]
    assert all(len(c) <= 2 for c in columns)             # right-aligned: 1-digit and 2-digit starts
    assert rows[1].x < rows[11].x < rows[21].x
    for a in (1, 11, 21):
        ys = [rows[k].y for k in range(a, a + 10)]
        assert ys == sorted(ys)                            # downwards within a column
        assert rows[a].y == pytest.approx(rows[1].y, abs=0.01)   # every column starts on the same row


def test_same_options_same_bytes(kit, tmp_path) -> None:
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert kit.run(["sheet", "--players", "2", "-o", a, "-q"]) == 0
    assert kit.run(["sheet", "--players", "2", "-o", b, "-q"]) == 0
    assert a.read_bytes() == b.read_bytes()


def test_refuses_to_overwrite_without_force(kit, tmp_path, capsys) -> None:
    out = tmp_path / "sheet.pdf"
    out.write_bytes(b"keep")
    assert kit.run(["sheet", "-o", out]) == 2
    assert out.read_bytes() == b"keep"
    assert kit.run(["sheet", "-o", out, "--force", "-q"]) == 0
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("fmt,magic", [("png", b"\x89PNG"), ("svg", b"<?xml")])
def test_png_and_svg_one_file_per_page(kit, tmp_path, fmt: str, magic: bytes) -> None:
    out = tmp_path / f"sheet.{fmt}"
    assert kit.run(["sheet", "--players", "2", "--format", fmt, "-o", out, "-q"]) == 0
    files = sorted(tmp_path.glob(f"sheet-*.{fmt}"))
    assert [f.name for f in files] == [f"sheet-001.{fmt}", f"sheet-002.{fmt}"]
    assert all(f.read_bytes().startswith(magic) for f in files)
