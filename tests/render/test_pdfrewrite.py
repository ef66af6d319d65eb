"""render/pdfrewrite.py writes what qpdf (pikepdf's save) writes, byte for byte, one object at a time; and
the PDF writer does not keep the faces it made forms of (a PDF/X deck's every face is one)."""

from __future__ import annotations

import gc
import io
from typing import BinaryIO

import pikepdf
import pytest

from generator.render.pdfrewrite import Source, write
from generator.scene.model import Group, Image, Page, Rect, Text

from .conftest import ACCENTS, tiny_png


def _qpdf(pdf: BinaryIO, out: BinaryIO, edit=None) -> None:
    """pikepdf's save with the options PDF/X used (the oracle); `edit(doc)` changes the document first."""
    with pikepdf.open(pdf) as doc:
        if edit is not None:
            edit(doc)
        doc.save(out, deterministic_id=True, object_stream_mode=pikepdf.ObjectStreamMode.disable,
                 force_version="1.3", compress_streams=True, fix_metadata_version=False)


def _pdf(objects: list[bytes], trailer: bytes) -> bytes:
    """A PDF file of these objects (numbered from 1) with a classic xref table."""
    out, offsets = bytearray(b"%PDF-1.3\n"), []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n%s\nstartxref\n%d\n%%%%EOF\n" % (trailer, xref)
    return bytes(out)


def test_every_kind_of_value_is_written_as_qpdf_writes_it() -> None:
    content = b"0 0 m 10 10 l S\n"
    flate = __import__("zlib").compress(b"BT /F1 12 Tf (x) Tj ET", 9)
    source = _pdf([
        b"<< /Type /Catalog /Pages 2 0 R /Zed [ -.5 1. +3 -0 0.250 (a \\( b \\) c \\\\ \\101\\12\\015) <00ff41> "
        b"<4142 43> true false null /A#20B /caf\\xe9 [ ] << >> ] /Nothing null /Esc (\\x01x) "
        b"/Latin (caf\xe9 cr\xe8me) /Bin (\xff\xfe\xfd\xfc ab) /Nested (a(b)c) >>",
        b"<< /Type /Pages /Kids [ 3 0 R 6 0 R ] /Count 2 >>",
        b"<< /Type /Page /MediaBox [ 0 0 100 100 ] /Parent 2 0 R /Contents 4 0 R /Resources << >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        b"<< /Title (T\\366t) /Producer (p) /CreationDate (D:20200101000000Z) >>",
        b"<< /Type /Page /MediaBox [ 0 0 100 100 ] /Parent 2 0 R /Contents 7 0 R /Extra [ 4 0 R 8 0 R ]\n"
        b"   /Resources << /ProcSet [ /PDF ] >> >>",
        b"<< /Filter [ /FlateDecode ] /Length %d >>\nstream\n%s\nendstream" % (len(flate), flate),
        b"<< /Filter /FlateDecode /Length %d /DecodeParms << /Predictor 1 >> >>\nstream\n%s\nendstream"
        % (len(flate), flate),
    ], b"<< /Size 9 /Root 1 0 R /Info 5 0 R /ID [<0011aabb><0011aabb>] >>")
    ours, theirs = io.BytesIO(), io.BytesIO()
    write(Source(io.BytesIO(source)), ours, (1, 3))
    _qpdf(io.BytesIO(source), theirs)
    assert ours.getvalue() == theirs.getvalue()


def test_a_page_without_resources_is_refused() -> None:
    """qpdf gives such a page /Resources << >> (pnpgen's pages always have resources): not emulated, refused."""
    source = _pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [ 3 0 R ] /Count 1 >>",
                   b"<< /Type /Page /MediaBox [ 0 0 10 10 ] /Parent 2 0 R >>", b"<< /Producer (p) >>"],
                  b"<< /Size 5 /Root 1 0 R /Info 4 0 R >>")
    with pytest.raises(RuntimeError, match="internal: page object 3"):
        write(Source(io.BytesIO(source)), io.BytesIO(), (1, 3))


def _pdfx_pages() -> list[Page]:
    art = Image(4, 30, 40, 20, tiny_png((20, 120, 200, 255), (16, 8)))
    face = (Rect(0, 0, 63, 88, fill="#fbf6ec", stroke=None), Text(4, 4, 55, 20, ACCENTS, size=9), art)
    pages = []
    for k in range(3):
        page = Page(69, 94, kind="card", trim_box=(3, 3, 63, 88), bleed_box=(0, 0, 69, 94))
        clip = Rect(-3, -3, 69, 94, fill=None, stroke=None)
        own = (*face, Text(4, 60, 55, 10, f"card {k}", size=8))
        page.add(Group(own, clip=clip), Group(own, transform=(-1, 0, 0, 1, 0, 0), clip=clip))  # one form
        pages.append(page)
    return pages


def test_pdfx_keys_write_the_bytes_pikepdf_wrote() -> None:
    """The PDF/X step (the drawn document plus the output intent and Info keys) gives pikepdf's bytes:
    fonts, ToUnicode maps, pictures, forms, and a title in UTF-16 (a NUL in qpdf's /ID seed)."""
    from generator.publish.formats.pdfx import output_intent
    from generator.render.cmyk import CmykConverter
    from generator.render.pdf import write_document
    from generator.render.pdfx import HEADER_VERSION, PDFX_VERSION, CmykBackend, CmykDocument, CmykImages, pdfx_keys

    intent = output_intent()
    converter = CmykConverter(intent.profile)
    drawn = io.BytesIO()
    write_document(iter(_pdfx_pages()), drawn, "Brève ∑ deck", HEADER_VERSION, {},
                   lambda canvas: CmykDocument(canvas, CmykImages(canvas, converter, None), converter=converter),
                   CmykBackend)

    def keys(doc: pikepdf.Pdf) -> None:       # what pdfx_keys did with pikepdf before it streamed
        profile = pikepdf.Stream(doc, intent.profile)
        profile["/N"] = 4
        doc.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(intent.identifier),
            OutputCondition=pikepdf.String(intent.condition), Info=pikepdf.String(intent.condition),
            RegistryName=pikepdf.String(intent.registry), DestOutputProfile=doc.make_indirect(profile))])
        info = doc.docinfo
        info["/GTS_PDFXVersion"] = pikepdf.String(PDFX_VERSION)
        info["/Trapped"] = pikepdf.Name("/False")
        info["/ModDate"] = info.get("/CreationDate", pikepdf.String("D:20000101000000+00'00'"))

    ours, theirs = io.BytesIO(), io.BytesIO()
    drawn.seek(0)
    pdfx_keys(drawn, intent, ours)
    drawn.seek(0)
    _qpdf(drawn, theirs, keys)
    assert ours.getvalue() == theirs.getvalue()
    assert b"/FormXob.pnpgenface1" in ours.getvalue() and b"/Subtype /Image" in ours.getvalue()
    assert b"/Title <feff" in ours.getvalue()                        # UTF-16, written in hex


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
