"""Issue 22: every paper (A4, Letter, A3, A5, Legal, Tabloid, any WxH mm) prints the card sheets and the
calibration page at its own size, with marks and a footer that keeps page n/N and "print at 100%"."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.scene.papers import PAPERS, paper_size

PT = 72 / 25.4
PAPER_NAMES = [*PAPERS, "200x280"]


def _page_mm(pdf: Path, index: int = 0) -> tuple[float, float]:
    box = PdfReader(pdf).pages[index].mediabox
    return (round(float(box.width) / PT, 1), round(float(box.height) / PT, 1))


def _same_paper(got: tuple[float, float], paper: str) -> bool:
    w, h = paper_size(paper)
    return sorted(got) == [round(w, 1), round(h, 1)]


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_card_sheets_on_every_paper(paper, tmp_path, pnpgen) -> None:
    out = tmp_path / "deck.pdf"
    code, _, err = pnpgen("cards", "example", "example", "--paper", paper.upper(), "-o", out, "-q")
    assert code == 0, err
    reader = PdfReader(out)
    assert len(reader.pages) >= 2
    for index in range(len(reader.pages)):
        assert _same_paper(_page_mm(out, index), paper)
    text = page_texts(out)[0]
    assert f"1/{len(reader.pages)}" in text and "print at 100%" in text and "50 mm" in text


@pytest.mark.parametrize("paper", PAPER_NAMES)
def test_calibration_page_on_every_paper(paper, tmp_path, pnpgen) -> None:
    out = tmp_path / "cal.pdf"
    code, _, err = pnpgen("calibrate", "--paper", paper, "-o", out)
    assert code == 0, err
    assert _same_paper(_page_mm(out), paper)
    assert "print at 100%" in PdfReader(out).pages[0].extract_text()


def test_a_bigger_paper_holds_more_cards(tmp_path, pnpgen) -> None:
    pages = {}
    for paper in ("a5", "a4", "a3"):
        out = tmp_path / f"{paper}.pdf"
        assert pnpgen("cards", "example", "example", "--paper", paper, "-o", out, "-q")[0] == 0
        pages[paper] = len(PdfReader(out).pages)
    assert pages["a5"] > pages["a4"] > pages["a3"]


@pytest.mark.parametrize("bad", ["b4", "20x30", "x"])
def test_a_wrong_paper_is_one_line(bad, pnpgen) -> None:
    code, _, err = pnpgen("cards", "example", "example", "--paper", bad)
    assert code == 2
    assert "--paper" in err and "Traceback" not in err


def test_narrow_footer_keeps_page_and_advice() -> None:
    from generator.scene.footer import fit_footer, footer_text
    from generator.scene.text import text_width

    text = footer_text("A very long deck title: 18 cards", "card_data/example/cards.yaml + templates/x.yaml",
                       1, 10, layout="long-edge flip, portrait")
    short = fit_footer(text, 59.0)
    assert "page 1/10" in short and "print at 100%" in short
    assert text_width(short, "sans", 5.0) <= 59.0
