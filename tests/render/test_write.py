"""write_pages: one PDF, one SVG/PNG per page (stem-001...), atomic, refusing existing files before writing any."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.core.errors import LayoutError, OutputExistsError
from generator.render import write_pages
from generator.scene.model import Page, Rect


def _pages(n: int) -> list[Page]:
    return [Page(40, 30, items=[Rect(1, 1, 10, 10, fill="#ff0000")], label=f"p{i}") for i in range(n)]


def test_pdf_is_one_file(tmp_path) -> None:
    written = write_pages(_pages(3), "pdf", tmp_path / "deck.pdf", title="t")
    assert written == [tmp_path / "deck.pdf"]
    assert len(PdfReader(written[0]).pages) == 3


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_one_file_per_page_numbered(tmp_path, fmt) -> None:
    written = write_pages(_pages(3), fmt, tmp_path / f"card.{fmt}", dpi=50)
    assert [p.name for p in written] == [f"card-00{i}.{fmt}" for i in (1, 2, 3)]
    assert all(p.stat().st_size > 0 for p in written)
    assert sorted(p.name for p in tmp_path.iterdir()) == [p.name for p in written]  # no temp files


def test_single_page_keeps_the_given_name(tmp_path) -> None:
    assert write_pages(_pages(1), "svg", tmp_path / "one.svg") == [tmp_path / "one.svg"]


def test_refuses_existing_files_before_writing_any(tmp_path) -> None:
    (tmp_path / "card-002.png").write_bytes(b"old")
    with pytest.raises(OutputExistsError) as err:
        write_pages(_pages(3), "png", tmp_path / "card.png", dpi=50)
    assert "card-002.png" in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["card-002.png"]
    assert (tmp_path / "card-002.png").read_bytes() == b"old"
    written = write_pages(_pages(3), "png", tmp_path / "card.png", dpi=50, force=True)
    assert len(written) == 3 and (tmp_path / "card-002.png").read_bytes() != b"old"


def test_unknown_format_and_no_pages_are_errors(tmp_path) -> None:
    with pytest.raises(LayoutError):
        write_pages(_pages(1), "docx", tmp_path / "x.docx")
    with pytest.raises(LayoutError):
        write_pages([], "pdf", tmp_path / "x.pdf")
    assert list(tmp_path.iterdir()) == []
