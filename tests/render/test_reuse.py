"""A group marked for reuse (scene/model.py's Group.reuse): the camouflage's shared glyphs, as the
Codenames key backs draw them. The PDF writes each outline once, as a form placed with a Do wherever a
glyph goes; the SVG defines it once and uses it; and the pixels are those of every glyph drawn in mm."""

from __future__ import annotations

import io
import random
import re
import shutil
import subprocess
from collections import Counter

import numpy as np
import pikepdf
import pytest
from PIL import Image

from generator.render.pdf import render_pdf
from generator.render.svg import render_svg
from generator.scene.camouflage import Weights, camouflage
from generator.scene.model import Group, Item, Page

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


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs pdftoppm (poppler)")
def test_the_shared_outlines_draw_what_the_outlines_in_mm_draw(shared: Page) -> None:
    def pixels(page: Page) -> np.ndarray:
        raster = subprocess.run(["pdftoppm", "-png", "-r", "100", "-"], input=render_pdf([page]), capture_output=True,
                                check=True).stdout
        return np.asarray(Image.open(io.BytesIO(raster)).convert("L"), dtype=int)

    a, b = pixels(_back(False)), pixels(shared)
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
