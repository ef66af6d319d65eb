"""`laser check --pdf/--png`: the verdict drawn, problem cells marked, trapped path; and the kit part."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.core.codes import format_seed
from generator.core.errors import OutputExistsError
from generator.core.rng import derive_key, derive_seed
from generator.games.laser.cli.sheet import laser_kit_part
from generator.games.laser.content import load_catalog
from generator.games.laser.rules.check import check
from generator.games.laser.rules.notation import parse_layout
from generator.games.laser.sheets.check_picture import PALETTE, check_picture_pages
from generator.games.laser.sheets.labels import load_labels
from generator.render import render_png

EN = load_labels("en")


def text_of(pdf) -> str:
    return " ".join(page_texts(pdf)[0].split())


def report_of(kit, name: str):
    return check(parse_layout((kit.data / name).read_text(encoding="utf-8"), load_catalog()))


def test_unfair_layout_picture(kit, tmp_path) -> None:
    pdf, png = tmp_path / "c.pdf", tmp_path / "c.png"
    assert kit.run(["check", kit.data / "unfair.txt", "--pdf", pdf, "--png", png]) == 1   # not fair: exit 1
    report = report_of(kit, "unfair.txt")
    assert not report.fair
    text = text_of(pdf)
    assert EN.fill("check_unfair", k=report.indistinguishable, n=30) in text
    bad = [c for c in report.components if not c.locatable]
    assert bad and text.count(EN["check_not_locatable"]) == len(bad)
    assert text.count(EN["check_locatable"] + ";") == len(report.components) - len(bad)
    with Image.open(png) as image:
        assert image.size[0] > image.size[1]


def test_unfair_picture_marks_the_other_cells(kit) -> None:
    """Pixels: each alternative cell of the unlocatable component is tinted; a cell no alternative uses is white."""
    report = report_of(kit, "unfair.txt")
    page = check_picture_pages(report)[0]
    dpi = 50
    image = Image.open(io.BytesIO(render_png(page, dpi=dpi))).convert("RGB")
    frame = _frame_of(page, report)
    bad = next(c for c in report.components if not c.locatable)
    others = {cell for cell, _ in bad.alternatives if cell != bad.placement.cell}
    assert others
    occupied = {c.placement.cell for c in report.components}
    board = report.layout.board
    for column in range(1, board.width + 1):
        for row in range(1, board.height + 1):
            x = frame.x + (column - 0.85) * frame.cell        # near the cell's corner, away from symbols
            y = frame.y + (row - 0.85) * frame.cell
            pixel = image.getpixel((round(x / 25.4 * dpi), round(y / 25.4 * dpi)))
            if (column, row) in others:
                assert pixel != (255, 255, 255), (column, row)
            elif (column, row) not in occupied:
                assert pixel == (255, 255, 255), (column, row)


def _frame_of(page, report):
    """The board frame the check page used (the grid's outer rectangle is its only 0.55 mm stroke)."""
    from generator.games.laser.sheets.draw import BORDER_STROKE, BoardFrame
    from generator.scene.model import Rect

    rect = next(i for i in page.items if isinstance(i, Rect) and i.stroke == BORDER_STROKE)
    return BoardFrame(report.layout.board, rect.x, rect.y, rect.w / report.layout.board.width)


def test_unplayable_layout_picture_names_the_cannon_and_draws_the_path(kit, tmp_path) -> None:
    pdf = tmp_path / "trap.pdf"
    assert kit.run(["check", kit.data / "unplayable.txt", "--pdf", pdf]) == 1
    report = report_of(kit, "unplayable.txt")
    text = text_of(pdf)
    assert EN.fill("check_unplayable", k=report.trapped_cannon) in text
    assert EN["check_trapped_path"] in text
    page = check_picture_pages(report)[0]
    from generator.games.laser.sheets.draw import BEAM
    from generator.scene.model import Line

    beam = [i for i in page.items if isinstance(i, Line) and i.stroke.color == BEAM]
    assert len(beam) >= 6                          # in, jump, and the loop between triangle and reflector


def test_fair_layout_marks_nothing(kit, example_layout, tmp_path) -> None:
    pdf = tmp_path / "fair.pdf"
    assert kit.run(["check", example_layout, "--pdf", pdf]) == 0
    assert EN.fill("check_fair", n=30) in text_of(pdf)
    page = check_picture_pages(check(parse_layout(kit.example_layout_text(), load_catalog())))[0]
    from generator.scene.model import Rect

    assert not [i for i in page.items if isinstance(i, Rect) and i.stroke and i.stroke.color in PALETTE]


def test_picture_files_are_refused_before_checking(kit, tmp_path, capsys) -> None:
    pdf = tmp_path / "old.pdf"
    pdf.write_bytes(b"old")
    assert kit.run(["check", kit.data / "unfair.txt", "--pdf", pdf]) == 2
    assert pdf.read_bytes() == b"old"
    assert kit.run(["check", kit.data / "unfair.txt", "--pdf", pdf, "--force"]) == 1
    assert pdf.read_bytes().startswith(b"%PDF")


def test_kit_part_writes_sheets_and_a_fair_layout_with_its_key(tmp_path) -> None:
    made = laser_kit_part(tmp_path / "kit", 7, "letter", False)
    assert len(made) == 5 and all(path.exists() and description for path, description in made)
    sheets, rules, layout_file, host, book = (path for path, _ in made)
    layout_code, book_code = derive_key(7, "laser-layout"), derive_seed(7, "laser-puzzles")   # never the kit seed
    assert book.name == f"laser-puzzles-seed{book_code}.pdf" and len(PdfReader(str(book)).pages) == 1 + 12 + 1 + 12
    assert [p.relative_to(tmp_path / "kit").as_posix() for p in (layout_file, host)] == [
        "laser/host/laser-layout.txt", "laser/host/laser-host.pdf"]         # no code in a file name
    assert [p.name for p in (sheets, rules)] == ["laser-sheets-it.pdf", "laser-rules-it.pdf"]
    assert len(PdfReader(str(sheets)).pages) == 6                    # one per player for six players
    assert "6" in made[0][1] and "one per player" in made[0][1]
    assert "Come si gioca" in page_texts(sheets)[5]
    assert "Circuiti laser · regole" in page_texts(rules)[0]
    layout = parse_layout(layout_file.read_text(encoding="utf-8"), load_catalog())
    assert check(layout).fair
    assert f"--seed {format_seed(layout_code)}" in layout_file.read_text(encoding="utf-8")
    assert all(format_seed(layout_code) in text for text in page_texts(host)[:2])
    host_reader = PdfReader(str(host))
    assert len(host_reader.pages) == 3                               # designer's sheet, key, rules
    assert float(host_reader.pages[0].mediabox.width) == pytest.approx(792.0, abs=0.05)
    again = laser_kit_part(tmp_path / "again", 7, "letter", False)
    assert [p.read_bytes() for p, _ in made] == [p.read_bytes() for p, _ in again]
    with pytest.raises(OutputExistsError):
        laser_kit_part(tmp_path / "kit", 7, "letter", False)
    french = laser_kit_part(tmp_path / "fr", 7, "a4", False, "fr")
    assert [p.name for p, _ in french][:2] == ["laser-sheets-fr.pdf", "laser-rules-fr.pdf"]
    assert "Comment jouer" in page_texts(french[0][0])[0]
