"""Decks written as they are drawn (issue 37): impose_stream makes impose's pages sheet by sheet, write_pdf
takes pages as they come (a repeated face is one form across its batches), and a file is written whole."""

from __future__ import annotations

import io

import pikepdf
import pytest

from generator.core.files import open_atomic
from generator.render.pdf import FIRST_BATCH, PAGE_BATCH, render_pdf, write_pdf
from generator.scene.imposition import Card, SheetSpec, impose, impose_stream
from generator.scene.model import Rect


def _shape(page):
    return (page.width, page.height, page.label, page.kind, page.trim_box, page.bleed_box, tuple(page.items))


@pytest.mark.parametrize("spec", [
    SheetSpec(paper="a4", duplex="long"),
    SheetSpec(paper="letter", landscape=True, duplex="short", offset=(0.5, -0.3), crop_marks=True),
    SheetSpec(paper="a4", gutter_fold=True),
    SheetSpec(paper="a4", duplex="long", scale=(0.99, 1.01)),
    SheetSpec(paper="a4"),
])
def test_the_stream_makes_the_pages_impose_makes(cards, spec) -> None:
    deck = cards(20)
    whole = impose(deck, spec, title="t", source="s", lang="fr")
    streamed = list(impose_stream(iter(deck), len(deck), True, spec, title="t", source="s", lang="fr"))
    assert [_shape(p) for p in streamed] == [_shape(p) for p in whole]


def test_the_stream_refuses_a_count_it_was_not_given(cards) -> None:
    with pytest.raises(RuntimeError):
        list(impose_stream(iter(cards(5)), 9, True, SheetSpec(paper="a4", duplex="long")))


def test_a_back_shared_by_every_card_is_one_form_across_batches(cards) -> None:
    back = [Rect(-3, -3, 69.5, 94.9, fill="#553322", stroke=None), Rect(10, 10, 20, 20, fill="#ffffff", stroke=None)]
    deck = [Card(card.front, list(back), card.label) for card in cards(9 * 40)]   # 80 pages: several batches
    pages = impose(deck, SheetSpec(paper="a4", duplex="long"), title="t", source="")
    assert len(pages) > FIRST_BATCH + 2 * PAGE_BATCH
    out = io.BytesIO()
    assert write_pdf(iter(pages), out, title="t", duplex="long") == len(pages)
    pdf = pikepdf.open(io.BytesIO(out.getvalue()))
    assert len(pdf.pages) == len(pages)
    forms = set()
    for page in pdf.pages[1::2]:                  # the back pages
        names = {str(k) for k, v in page.Resources.get("/XObject", {}).items() if v.get("/Subtype") == "/Form"}
        assert len(names) == 1 and b"Do" in page.Contents.read_bytes()
        forms |= {page.Resources.XObject[n].objgen for n in names}
    assert len(forms) == 1                        # the same object on every back page


def test_pages_given_at_once_or_as_they_come_make_the_same_bytes(cards) -> None:
    pages = impose(cards(30), SheetSpec(paper="a4", duplex="long"), title="t", source="")
    out = io.BytesIO()
    write_pdf(iter(pages), out, title="t", duplex="long")
    assert out.getvalue() == render_pdf(pages, title="t", duplex="long")


def test_a_stopped_write_leaves_the_old_file(tmp_path) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"old")
    with pytest.raises(KeyboardInterrupt), open_atomic(target, force=True) as handle:
        handle.write(b"half a new")
        raise KeyboardInterrupt
    assert target.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]
    with open_atomic(target, force=True) as handle:
        handle.write(b"new")
    assert target.read_bytes() == b"new"
