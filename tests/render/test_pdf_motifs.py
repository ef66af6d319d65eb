"""Pattern dots as PDF forms: one form per distinct motif, placed with Do on every page, drawn like the circles."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from unittest.mock import MagicMock

import pytest
from pypdf import PdfReader

from generator.cards.elements.basic import _pattern_group
from generator.render import render_pdf
from generator.render.pdf import MOTIF_MIN, is_motif
from generator.render.pdfx import CmykBackend
from generator.scene.model import Circle, Group, Page, Rect


def _dots(colour: str, n: int = 24) -> Group:
    circles = tuple(Circle(2 + 3 * (i % 6), 2 + 3 * (i // 6), 0.6, fill=colour, stroke=None) for i in range(n))
    return Group(circles, clip=Rect(1, 1, 18, 12, fill=None, stroke=None))


def _pages(colours: list[str]) -> list[Page]:
    """One distinct card a page (its own band), the dots inside it."""
    cards = [Group((Rect(0, 0, 20, 1 + i, fill="#ffeedd", stroke=None), _dots(c)), clip=Rect(0, 0, 20, 14, fill=None, stroke=None))
             for i, c in enumerate(colours)]
    return [Page(20, 14, items=[card]) for card in cards]


def _xobjects(data: bytes) -> tuple[PdfReader, list[set[str]]]:
    reader = PdfReader(io.BytesIO(data))
    names = [set(page["/Resources"].get("/XObject", {}).keys()) for page in reader.pages]
    return reader, names


def test_one_form_per_distinct_motif() -> None:
    data = render_pdf(_pages(["#ff0000", "#0000ff", "#ff0000", "#ff0000"]))
    reader, names = _xobjects(data)
    assert len(reader.pages) == 4
    assert all(len(page) == 1 and "motif" in next(iter(page)) for page in names)
    streams = [page.get_contents().get_data() for page in reader.pages]
    placed = [[n for n in page if n.encode() + b" Do" in s] for page, s in zip(names, streams, strict=True)]
    assert placed[0] == placed[2] == placed[3] != placed[1]      # equal dots share a form; red and blue differ
    assert all(b" c " not in s for s in streams)                  # no circle drawn in the page itself
    assert data.count(b"/Subtype /Form") == 2


def test_small_or_stroked_groups_are_not_motifs() -> None:
    few = Group(_dots("#000000", MOTIF_MIN - 1).items, clip=Rect(0, 0, 5, 5, fill=None, stroke=None))
    stroked = Group(tuple(Circle(1, 1, 1, fill="#000000") for _ in range(MOTIF_MIN)), clip=Rect(0, 0, 5, 5, fill=None, stroke=None))
    unclipped = Group(_dots("#000000").items)
    assert is_motif(_dots("#000000"))
    assert not any(is_motif(g) for g in (few, stroked, unclipped))


def test_cmyk_backend_draws_motifs_in_place() -> None:
    assert CmykBackend(MagicMock()).patterns is False


def test_cards_share_one_pattern_group() -> None:
    el = {"style": "dots", "spacing": 2.6, "width": 0.3, "color": "#112233", "fill": None}
    args = ("dots", 5.6, 21.6, 52.3, 29.8, el["spacing"], el["width"], el["color"], None)
    first, second = _pattern_group(*args), _pattern_group(*args)
    assert first is second and is_motif(first) and len(first.items) > 100
    assert _pattern_group(*args[:7], "#445566", None) is not first


@pytest.mark.needs("pdftoppm")
def test_motif_forms_draw_the_same_pixels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image, ImageChops

    import generator.render.pdf as pdf

    pages = _pages(["#aa3322", "#2233aa"])
    with_forms = render_pdf(pages)
    monkeypatch.setattr(pdf, "is_motif", lambda group: False)     # motifs off: every circle in the page
    in_place = render_pdf(pages)
    assert with_forms != in_place and b"motif" not in in_place
    shots = []
    for name, data in (("forms", with_forms), ("inplace", in_place)):
        (tmp_path / f"{name}.pdf").write_bytes(data)
        subprocess.run(["pdftoppm", "-r", "150", "-png", str(tmp_path / f"{name}.pdf"), str(tmp_path / name)],
                       check=True)
        shots.append(sorted(tmp_path.glob(f"{name}-*.png")))
    assert len(shots[0]) == len(shots[1]) == 2
    for a, b in zip(*shots, strict=True):
        assert ImageChops.difference(Image.open(a).convert("RGB"), Image.open(b).convert("RGB")).getbbox() is None
