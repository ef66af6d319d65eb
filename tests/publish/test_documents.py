"""A game's own document in each format, decided by the publishing layer: a PDF holds the whole product, svg/png a
file a page, json the data (stdout without -o), none nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.core.errors import OutputExistsError
from generator.publish.documents import Document, wants_target, write_document, writes_data
from generator.scene.model import Page, Text


class Data:
    def __init__(self) -> None:
        self.text = ""

    def data(self, text: str) -> None:
        self.text += text

    def warn(self, message: str) -> None: ...
    def note(self, message: str) -> None: ...
    def progress(self, items, label):   # type: ignore[no-untyped-def]
        raise AssertionError("no progress for a document")


def _document(asked: list[bool]) -> Document:
    def pages(whole: bool) -> list[Page]:
        asked.append(whole)
        sheets = [Page(100, 100), Page(100, 100)] + ([Page(100, 100)] if whole else [])   # the rules with the whole
        for n, page in enumerate(sheets):
            page.add(Text(x=10, y=10, w=80, h=10, text=f"page {n + 1}", font="sans", size=10))
        return sheets

    return Document("Doc", pages, data=lambda: {"n": 2}, dpi=30)


def test_each_format_gets_what_it_holds(tmp_path: Path) -> None:
    asked: list[bool] = []
    [pdf] = write_document(_document(asked), "pdf", tmp_path / "d.pdf", False)
    assert len(PdfReader(pdf).pages) == 3 and asked == [True]
    svgs = write_document(_document(asked), "svg", tmp_path / "d.svg", False)
    assert [p.name for p in svgs] == ["d-001.svg", "d-002.svg"] and asked == [True, False]
    [data] = write_document(_document(asked), "json", tmp_path / "d.json", False)
    assert json.loads(data.read_text(encoding="utf-8")) == {"n": 2}
    out = Data()
    assert write_document(_document(asked), "json", None, False, out) == [] and json.loads(out.text) == {"n": 2}
    assert write_document(_document(asked), "none", None, False) == [] and asked == [True, False]
    with pytest.raises(OutputExistsError):
        write_document(_document(asked), "json", data, False)
    assert (writes_data("json"), wants_target("json"), wants_target("none"), wants_target("png")) == (True, False, False, True)
