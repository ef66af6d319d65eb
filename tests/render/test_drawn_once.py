"""Drawn once, placed many times: a Hatch (scene/hatch.py) and a group marked for reuse (Group.reuse: the
camouflage's shared glyphs, as the Codenames key backs draw them). The PDF writes each tile of lines and
each outline once, as a form placed with a Do; the SVG defines it once and uses it; and what they draw
is what the lines and outlines drawn one by one draw (read back: forms counted with pikepdf, pixels
compared after pdftoppm)."""

from __future__ import annotations

import io
import random
import re
import subprocess
from collections import Counter

import numpy as np
import pikepdf
import pytest
from PIL import Image

from generator.games.codenames import sheets as sheet
from generator.games.codenames.rules import keys as cn
from generator.render.pdf import render_pdf
from generator.render.svg import render_svg
from generator.scene.bounds import flatten
from generator.scene.camouflage import Weights, camouflage
from generator.scene.hatch import hatch_group, hatch_tile, tile_lines
from generator.scene.model import Group, Hatch, Item, Page, Stroke, Text


def _pdf_pixels(page: Page, dpi: int) -> np.ndarray:
    """The page drawn by the PDF backend and rasterised by poppler, in grey levels."""
    raster = subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-"], input=render_pdf([page]), capture_output=True,
                            check=True).stdout
    return np.asarray(Image.open(io.BytesIO(raster)).convert("L"), dtype=int)


# --- hatches: a Codenames key card's face ----------------------------------------------------

KEY = "9RPPD-Y73TY"        # a 5x5 key: all four signs, the lights


@pytest.fixture(scope="module")
def key_page() -> Page:
    """A key card's face without its code (no font to embed: the test draws hatches, cheaply)."""
    return Page(70, 70, items=[item for item in sheet.key_card_items(cn.Key.from_code(KEY)) if not isinstance(item, Text)])


def _hatches(items: tuple[Item, ...] | list[Item]) -> list[Hatch]:
    return [item for item, _ in flatten(items) if isinstance(item, Hatch)]


def _lines_drawn(items: tuple[Item, ...] | list[Item]) -> list[Item]:
    """The items with every hatch replaced by its lines drawn one by one (what the key card drew before)."""
    return [hatch_group(item) if isinstance(item, Hatch)
            else Group(tuple(_lines_drawn(item.items)), transform=item.transform, clip=item.clip, opacity=item.opacity)
            if isinstance(item, Group) else item for item in items]


def test_the_pdf_draws_each_tile_once_and_places_it_in_every_hatch(key_page: Page) -> None:
    hatches = _hatches(key_page.items)
    tiles = {(h.stroke, h.step, hatch_tile(h)[0]) for h in hatches}
    assert len(hatches) > 60 and 2 <= len(tiles) <= 10          # 25 cells, their signs, 4 lights and theirs
    with pikepdf.open(io.BytesIO(render_pdf([key_page]))) as pdf:
        page = pdf.pages[0]
        forms = {str(name): obj for name, obj in page.Resources.XObject.items() if obj.Subtype == "/Form"}
        assert len(forms) == len(tiles) and all("pnpgenhatch" in name for name in forms)
        placed = Counter(str(operands[0]) for operands, op in pikepdf.parse_content_stream(page) if str(op) == "Do")
        assert sum(placed.values()) == len(hatches) and set(placed) == set(forms)
        for form in forms.values():     # 2n + 1 lines, each stroked
            ops = [str(op) for _, op in pikepdf.parse_content_stream(form)]
            assert ops.count("S") == ops.count("m") == ops.count("l") and ops.count("m") % 2 == 1 and ops.count("m") > 5
        lines = sum(1 for _, op in pikepdf.parse_content_stream(page) if str(op) == "l")
        assert lines < 200      # the signs' and frames' outlines, no hatch line (thousands before)


@pytest.mark.needs("pdftoppm")
def test_the_forms_draw_what_the_lines_one_by_one_draw(key_page: Page) -> None:
    before = Page(key_page.width, key_page.height, items=_lines_drawn(key_page.items))
    assert not _hatches(before.items)
    a, b = _pdf_pixels(before, 60), _pdf_pixels(key_page, 60)
    difference = np.abs(a - b)
    assert a.shape == b.shape and a.std() > 20                  # a hatched card, not a blank page
    assert (difference > 0).mean() < 0.01 and (difference > 48).mean() < 0.002     # anti-aliasing at most


def test_the_svg_defines_each_tile_once_and_uses_it(key_page: Page) -> None:
    svg = render_svg(key_page).decode()
    hatches = _hatches(key_page.items)
    defined = re.findall(r'<g fill="none" id="(hatch\d+)"', svg)
    used = Counter(re.findall(r'<use [^>]*xlink:href="#(hatch\d+)"', svg))
    assert defined and sorted(used) == sorted(defined) and sum(used.values()) == len(hatches)
    tiles = {(h.stroke, h.step, hatch_tile(h)[0]) for h in hatches}
    assert svg.count("<line") == sum(len(tile_lines(*tile)) for tile in tiles)     # the tiles' lines, once


def test_a_tile_covers_the_hatch_with_the_lines_it_would_draw_one_by_one() -> None:
    """Every line hatch_group draws lies on a line of the placed tile (the same place, no longer)."""
    from generator.scene.model import Line, apply

    pen = Stroke("#6a6a6a", 0.35)
    for hatch in (Hatch(3.0, 4.0, 9.5, 9.5, ax=7.75, ay=8.75, angle=45.0, step=0.7, stroke=pen),
                  Hatch(21, 2, 28, 5, radius=2.5, ax=35, ay=4.5, angle=-45.0, step=0.7, stroke=pen, reach=14.5),
                  Hatch(3.0, 4.0, 9.5, 9.5, ax=7.75, ay=8.75, angle=135.0, step=0.7, stroke=pen, reach=1.0),
                  Hatch(-2.0, 1.0, 3.3, 1.2, ax=40.0, ay=-3.0, angle=30.0, step=0.5, stroke=pen)):
        n, matrix = hatch_tile(hatch)
        placed = [(apply(matrix, line.x1, line.y1), apply(matrix, line.x2, line.y2))
                  for line in tile_lines(hatch.stroke, hatch.step, n)]
        turned = hatch_group(hatch).items[0]
        assert isinstance(turned, Group) and len(turned.items) > 2
        for line in turned.items:
            assert isinstance(line, Line)
            ends = [apply(turned.transform, line.x1, line.y1), apply(turned.transform, line.x2, line.y2)]
            assert any(all(_on_segment(end, a, b) for end in ends) for a, b in placed), (hatch, line)


def _on_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> bool:
    (px, py), (ax, ay), (bx, by) = p, a, b
    cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
    dot = (px - ax) * (bx - ax) + (py - ay) * (by - ay)
    length = (bx - ax) ** 2 + (by - ay) ** 2
    return abs(cross) / length ** 0.5 < 0.002 and -1e-6 <= dot <= length + 1e-6


@pytest.mark.needs("qpdf")
def test_pdfx_places_the_forms_in_cmyk_with_no_transparency(key_page: Page, tmp_path) -> None:
    """PDF/X-1a allows form XObjects: the tiles are forms there too, their pen in CMYK (K), nothing
    transparent, and qpdf finds no error."""
    from generator.publish.formats.pdfx import output_intent
    from generator.render.pdfx import render_pdfx

    page = Page(70, 70, items=key_page.items, trim_box=(0, 0, 70, 70), bleed_box=(0, 0, 70, 70))
    raw = render_pdfx([page], output_intent(), "keys")
    with pikepdf.open(io.BytesIO(raw)) as pdf:
        forms = [obj for obj in pdf.pages[0].Resources.XObject.values() if obj.Subtype == "/Form"]
        assert len(forms) == len({(h.stroke, h.step, hatch_tile(h)[0]) for h in _hatches(key_page.items)})
        for form in forms:
            ops = {str(op) for _, op in pikepdf.parse_content_stream(form)}
            assert "K" in ops and not ops & set("RG rg gs sh".split()) and "/Group" not in form   # no RGB, state, shading
    (tmp_path / "keys.pdf").write_bytes(raw)
    check = subprocess.run(["qpdf", "--check", str(tmp_path / "keys.pdf")], capture_output=True, text=True)
    assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, check.stdout + check.stderr


# --- reuse: the camouflage's shared glyphs -------------------------------------------------

SIZE = 30.0       # mm: a corner of a key card's back is enough (a few dozen glyphs)
WEIGHTS = Weights(large=6.0, medium=4.5, small=2.2, fleck=0.45, glyph_fonts=("mono", "sans"), line=0.08, step=1.4)


def _back(shared: bool) -> Page:
    return Page(SIZE, SIZE, items=camouflage(random.Random(7), 0.0, 0.0, SIZE, SIZE, weights=WEIGHTS, shared_glyphs=shared))


def _reused(items: tuple[Item, ...] | list[Item]) -> list[Group]:
    found: list[Group] = []
    for item in items:
        if isinstance(item, Group):
            found += [item] if item.reuse else _reused(item.items)
    return found


@pytest.fixture(scope="module")
def shared() -> Page:
    return _back(True)


def test_the_pdf_writes_each_outline_once_and_places_it_for_every_glyph(shared: Page) -> None:
    glyphs = _reused(shared.items)
    outlines = {id(group.items) for group in glyphs}
    assert len(glyphs) > 20 and len(outlines) < len(glyphs)          # outlines recur: that is the point
    assert not _reused(_back(False).items)                            # not asked for, not marked
    with pikepdf.open(io.BytesIO(render_pdf([shared]))) as pdf:
        page = pdf.pages[0]
        forms = {str(name) for name, obj in page.Resources.XObject.items() if obj.Subtype == "/Form"}
        placed = Counter(str(operands[0]) for operands, op in pikepdf.parse_content_stream(page) if str(op) == "Do")
        assert len(forms) == len(outlines) and set(placed) == forms and sum(placed.values()) == len(glyphs)


@pytest.mark.needs("pdftoppm")
def test_the_shared_outlines_draw_what_the_outlines_in_mm_draw(shared: Page) -> None:
    a, b = _pdf_pixels(_back(False), 100), _pdf_pixels(shared, 100)
    difference = np.abs(a - b)
    assert a.shape == b.shape and a.std() > 60                    # black and white, not a blank page
    assert (difference > 0).mean() < 0.01 and (difference > 128).mean() < 0.001     # anti-aliased edges at most


def test_the_svg_defines_each_outline_once_and_uses_it(shared: Page) -> None:
    svg = render_svg(shared).decode()
    glyphs = _reused(shared.items)
    defined = re.findall(r'<g id="(reuse\d+)">', svg)
    used = Counter(re.findall(r'<use xlink:href="#(reuse\d+)"', svg))
    assert len(defined) == len({id(group.items) for group in glyphs}) and set(used) == set(defined)
    assert sum(used.values()) == len(glyphs) and svg.count("<path") == len(defined)
