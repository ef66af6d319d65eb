"""Each embedded font subset has its own tag (issue 35: every subset was AAAAAA+; the PDF spec asks a tag per
distinct subset), the same one every run. (Issue 30's glyph-run fonts, render/pdffonts.py, tag each subset
by a hash of its program; this test holds them to it.)"""

from __future__ import annotations

import re

from generator.render.pdf import render_pdf
from generator.scene.model import Page, Text


def _pages() -> list[Page]:
    many = "".join(chr(c) for c in range(0x20, 0x17F) if chr(c).isprintable())   # over 256 glyphs
    page = Page(210, 297)
    for i, font in enumerate(("sans", "sans-bold", "serif", "mono")):
        page.add(Text(10, 10 + 60 * i, 190, 55, f"{font} {many}", font=font, size=6))
    return [page]


def test_every_subset_has_its_own_tag_and_the_same_every_run() -> None:
    pdf = render_pdf(_pages())
    names = set(re.findall(rb"/BaseFont /([A-Z]{6})\+([A-Za-z-]+)", pdf))   # a Type0 font and its CIDFont
    assert len({font for _, font in names}) == 4
    tags = [tag for tag, _ in names]
    assert len(set(tags)) == len(tags) == 4 and b"AAAAAA" not in tags
    assert render_pdf(_pages()) == pdf
