"""SVG backend: parses, sized in mm with a mm viewBox, explicit deterministic ids, clip paths, registry fonts."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from generator.render import render_svg
from generator.scene.model import Group, Page, Rect, Text

NS = "{http://www.w3.org/2000/svg}"


def _root(data: bytes) -> ET.Element:
    return ET.fromstring(data)


def test_parses_with_size_and_viewbox_in_mm(page) -> None:
    root = _root(render_svg(page))
    assert root.tag == f"{NS}svg"
    assert root.get("width") == "160mm" and root.get("height") == "240mm"
    assert root.get("viewBox") == "0 0 160 240"
    a4 = _root(render_svg(Page(210, 297)))
    assert (a4.get("width"), a4.get("height"), a4.get("viewBox")) == ("210mm", "297mm", "0 0 210 297")


def test_byte_identical_and_independent_of_earlier_renders(page, make_page) -> None:
    first = render_svg(page)
    for _ in range(3):   # anything drawn in between must not shift ids
        render_svg(Page(50, 50, items=[Group((Rect(0, 0, 5, 5),), clip=Rect(0, 0, 2, 2))]))
    assert render_svg(make_page("sample")) == first


def test_ids_are_explicit_unique_and_referenced(page) -> None:
    data = render_svg(page)
    root = _root(data)
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert ids and len(ids) == len(set(ids))
    assert all(re.fullmatch(r"clip\d+", i) for i in ids)
    refs = re.findall(rb'clip-path="url\(#([^)]+)\)"', data)
    assert refs and {r.decode() for r in refs} <= set(ids)
    clip = root.find(f".//{NS}clipPath")
    rect = clip.find(f"{NS}rect")
    assert (rect.get("x"), rect.get("y"), rect.get("width"), rect.get("height"), rect.get("rx")) == \
        ("20", "150", "40", "30", "4")


def test_text_uses_registry_family_and_keeps_accents(page, accents) -> None:
    root = _root(render_svg(page))
    texts = list(root.iter(f"{NS}text"))
    assert any(accents in (t.text or "") for t in texts)
    families = {(t.get("font-family"), t.get("font-weight")) for t in texts}
    assert ("'pnpgen-serif-bold', 'DejaVu Serif', serif", "bold") in families
    assert ("'pnpgen-sans', 'DejaVu Sans', sans-serif", None) in families
    for t in texts:
        assert float(t.get("textLength")) > 0 and "white-space:pre" in t.get("style")


def test_transform_is_written_as_matrix(page) -> None:
    data = render_svg(page)
    assert b'transform="matrix(0 1 -1 0 140 15)"' in data


def test_italic_font_is_oblique() -> None:
    root = _root(render_svg(Page(50, 20, items=[Text(0, 0, 50, 20, "corsivo", font="sans-italic")])))
    (text,) = root.iter(f"{NS}text")
    assert text.get("font-style") == "oblique"
    assert text.get("font-family") == "'pnpgen-sans-italic', 'DejaVu Sans', sans-serif"


def test_byte_identical_across_processes(tmp_path, page) -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).parent
    script = ("import runpy, sys\n"
              "page = runpy.run_path(sys.argv[2] + '/conftest.py')['sample_page']()\n"
              "from generator.render import render_svg\n"
              "open(sys.argv[1], 'wb').write(render_svg(page))\n")
    outputs = []
    for i in range(2):
        env = dict(os.environ, PYTHONHASHSEED=str(i + 1),
                   PYTHONPATH=str(here.parent.parent) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        target = tmp_path / f"{i}.svg"
        subprocess.run([sys.executable, "-c", script, str(target), str(here)], check=True, env=env)
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1] == render_svg(page)
