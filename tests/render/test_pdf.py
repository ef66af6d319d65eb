"""PDF backend read back with pypdf: sizes in points, embedded subset fonts, accents, boxes, determinism."""

from __future__ import annotations

import gc
import io
import subprocess
import sys
import textwrap

import pytest
from pypdf import PdfReader

from generator.render import render_pdf
from generator.scene.model import Group, Page, Rect, Text


def _reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def _fonts(reader: PdfReader) -> list:
    fonts = []
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts.append(font)
    return fonts


def test_page_sizes_in_points() -> None:
    pages = [Page(210, 297), Page(215.9, 279.4), Page(63.5, 88.9)]
    reader = _reader(render_pdf(pages))
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    assert sizes[0] == pytest.approx((595.28, 841.89), abs=0.01)
    assert sizes[1] == pytest.approx((612, 792), abs=0.01)
    assert sizes[2] == pytest.approx((180, 252), abs=0.01)


def test_fonts_are_embedded_subsets(page) -> None:
    reader = _reader(render_pdf([page]))
    fonts = _fonts(reader)
    assert len(fonts) >= 2
    for font in fonts:
        assert font["/Subtype"] == "/Type0" and font["/Encoding"] == "/Identity-H"   # glyph ids, shaped
        assert "/ToUnicode" in font
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor, font["/BaseFont"]
        assert font["/BaseFont"][7] == "+"          # a subset tag: ABCDEF+Name
    names = {str(f["/BaseFont"]).split("+")[1] for f in fonts}
    assert {"DejaVuSans", "DejaVuSerif-Bold"} <= names


def test_extracted_text_keeps_accents(page, accents) -> None:
    reader = _reader(render_pdf([page]))
    text = reader.pages[0].extract_text()
    assert accents in text
    assert "œuvre" in text and "Tourné 90°" in text


def test_text_is_upright_and_inside_the_page() -> None:
    box = Text(20, 30, 100, 20, "Ciao", size=20)
    reader = _reader(render_pdf([Page(210, 297, items=[box])]))
    seen = []

    def visitor(text, cm, tm, font, size):
        if text.strip():
            seen.append((text, cm, tm))

    reader.pages[0].extract_text(visitor_text=visitor)
    (_text, cm, tm), = seen
    # the effective y scale (cm x tm) is positive: glyphs stand upright
    assert cm[3] * tm[3] > 0
    # the baseline is near the top of the page (model y down → PDF y up)
    y_pt = cm[3] * tm[5] + cm[5]
    assert 841.89 - 60 * 2.8346 < y_pt < 841.89 - 30 * 2.8346


def test_trim_and_bleed_boxes(page) -> None:
    pdf_page = _reader(render_pdf([page])).pages[0]
    k = 72 / 25.4
    height = 240 * k
    assert [float(v) for v in pdf_page.trimbox] == pytest.approx(
        [10 * k, height - 230 * k, 150 * k, height - 10 * k], abs=0.01)
    assert [float(v) for v in pdf_page.bleedbox] == pytest.approx(
        [5 * k, height - 235 * k, 155 * k, height - 5 * k], abs=0.01)


def test_print_scaling_none_and_title(page) -> None:
    reader = _reader(render_pdf([page], title="Il mio mazzo"))
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert reader.metadata.title == "Il mio mazzo"
    assert reader.metadata["/CreationDate"] == reader.metadata["/ModDate"]
    assert reader.metadata["/CreationDate"].startswith("D:2000")   # invariant, not the clock


def test_byte_identical_in_one_process(make_page) -> None:
    sample_page = make_page
    first = render_pdf([sample_page("a"), sample_page("b")], title="t")
    render_pdf([Page(100, 100, items=[Text(0, 0, 100, 100, "altro ÀÉÇ", font="mono")])])
    second = render_pdf([sample_page("a"), sample_page("b")], title="t")
    assert first == second


def test_byte_identical_across_processes(tmp_path, make_page) -> None:
    sample_page = make_page
    script = textwrap.dedent("""
        import runpy, sys
        sample_page = runpy.run_path(sys.argv[2] + "/conftest.py")["sample_page"]
        from generator.render import render_pdf
        open(sys.argv[1], "wb").write(render_pdf([sample_page()], title="t"))
    """)
    outputs = []
    for i in range(2):
        target = tmp_path / f"{i}.pdf"
        subprocess.run([sys.executable, "-c", script, str(target), str(_here())], check=True,
                       env=_env(i))
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1] == render_pdf([sample_page()], title="t")


def _here():
    from pathlib import Path
    return Path(__file__).parent


def _env(i: int) -> dict:
    import os
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = str(i + 1)      # different hash seeds must not change the bytes
    env["PYTHONPATH"] = str(_here().parent.parent) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_clip_and_transform_reach_the_content_stream(page) -> None:
    content = _reader(render_pdf([page])).pages[0].get_contents().get_data().decode("latin1")
    assert " W n" in content or " W* n" in content        # clip path
    assert "0 1 -1 0 140 15 cm" in content                 # the rotated group's matrix


def test_empty_document_is_still_a_pdf() -> None:
    data = render_pdf([Page(210, 297)])
    assert data.startswith(b"%PDF") and len(_reader(data).pages) == 1


def test_shapes_without_paint_are_skipped() -> None:
    content = _reader(render_pdf([Page(50, 50, items=[Rect(1, 1, 5, 5, fill=None, stroke=None)])]))
    stream = content.pages[0].get_contents().get_data().decode("latin1")
    assert " re " not in stream


MARK = "#123457"


def test_forms_of_earlier_batches_do_not_keep_their_faces() -> None:
    """A face made a form is found again in later batches by value, but its items are not kept: after
    120 pages of distinct faces (each placed twice, so a form), only the pages of the batches at hand
    live (the first batch, kept by write_document, the one drawn last and the one being gathered), not
    the 120 faces the forms were made of."""
    from generator.render.pdf import FIRST_BATCH, PAGE_BATCH, write_pdf

    live: list[int] = []

    def pages():
        for k in range(120):
            page = Page(70, 100)
            face = (Rect(k / 10, 0, 60, 80, fill=MARK, stroke=None),)
            clip = Rect(0, 0, 65, 90, fill=None, stroke=None)
            page.add(Group(face, clip=clip), Group(face, transform=(1, 0, 0, 1, 2, 2), clip=clip))
            yield page
        gc.collect()
        live.append(sum(1 for o in gc.get_objects() if type(o) is Rect and o.fill == MARK))

    out = io.BytesIO()
    write_pdf(pages(), out)
    assert out.getvalue().count(b"/Subtype /Form") == 120            # every face a form, once
    assert live and live[0] <= FIRST_BATCH + 2 * PAGE_BATCH < 120
