"""A reportlab document written as it is drawn: each page's content stream and each picture are
formatted as soon as they are complete and kept in a temporary spool file (not in memory), and the
document is written object by object to a file handle at the end (reportlab would build it whole
in memory). What pages share (fonts, forms, the pictures' names) stays in the document, once.

The bytes are reportlab's own: a spooled object is formatted by reportlab's code when it is spooled,
and `save` is reportlab's PDFDocument.format writing each object as it goes, so a document is
byte-identical however it was written."""

from __future__ import annotations

import tempfile
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:   # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas


class Spool:
    """The temporary file holding a document's formatted streams until the document is written."""

    def __init__(self) -> None:
        self.file: IO[bytes] = tempfile.TemporaryFile(prefix="pnpgen-pdf-")
        self.size = 0

    def keep(self, document: Any, obj: Any) -> Any:
        """The object formatted now (reportlab's formatting) and written to the spool; what stands for
        it in the document (formatted again, it reads the same bytes back)."""
        from reportlab.pdfbase import pdfdoc

        data: bytes = pdfdoc.format(obj, document, toplevel=1)
        self.file.seek(self.size)
        self.file.write(data)
        spooled = _spooled()(self, self.size, len(data))
        self.size += len(data)
        return spooled

    def keep_page(self, page: Any, contents: Any) -> Any:
        """A shown page's dictionary (reportlab's PDFPage, its content stream spooled) pickled to the spool;
        what stands for it in the document (unpickled and formatted by reportlab when the document is
        written: the same bytes, with a few hundred bytes a page in memory instead of its objects)."""
        import pickle

        data = pickle.dumps(page, pickle.HIGHEST_PROTOCOL)
        self.file.seek(self.size)
        self.file.write(data)
        kept = _kept_page()(self, self.size, len(data), contents, page.__InternalName__)
        self.size += len(data)
        return kept

    def read(self, offset: int, length: int) -> bytes:
        self.file.seek(offset)
        return self.file.read(length)

    def close(self) -> None:
        self.file.close()


_SPOOLED: type | None = None


def _spooled() -> type:
    """The PDFObject class standing for a spooled object (made once; reportlab is imported late)."""
    global _SPOOLED
    if _SPOOLED is None:
        from reportlab.pdfbase.pdfdoc import PDFObject

        class Spooled(PDFObject):  # type: ignore[misc]   # reportlab has no types
            """A formatted object in the spool: its bytes are read back when the document is written."""

            __RefOnly__ = 1

            def __init__(self, spool: Spool, offset: int, length: int) -> None:
                self.spool, self.offset, self.length = spool, offset, length

            def format(self, document: Any) -> bytes:
                return self.spool.read(self.offset, self.length)

        _SPOOLED = Spooled
    return _SPOOLED


_KEPT_PAGE: type | None = None


def _kept_page() -> type:
    """The PDFObject class standing for a page pickled in the spool (made once; reportlab is imported late)."""
    global _KEPT_PAGE
    if _KEPT_PAGE is None:
        from reportlab.pdfbase.pdfdoc import PDFObject

        class KeptPage(PDFObject):  # type: ignore[misc]   # reportlab has no types
            """A shown page in the spool: unpickled when the document is written, its content stream
            the spooled one, formatted as the page itself would be."""

            __RefOnly__ = 1

            def __init__(self, spool: Spool, offset: int, length: int, contents: Any, name: str) -> None:
                self.spool, self.offset, self.length, self.contents = spool, offset, length, contents
                self.__InternalName__ = name

            def format(self, document: Any) -> bytes:
                import pickle

                page = pickle.loads(self.spool.read(self.offset, self.length))  # (our own spool file)
                page.Contents = self.contents
                data: bytes = page.format(document)
                return data

        _KEPT_PAGE = KeptPage
    return _KEPT_PAGE


def start(canvas: Canvas) -> Spool:
    """Give the canvas a spool (pictures and finished pages go there)."""
    spool = Spool()
    canvas._pnpgen_spool = spool
    return spool


def keep(canvas: Canvas, obj: Any) -> Any:
    """The object spooled when the canvas has a spool, else itself."""
    spool: Spool | None = getattr(canvas, "_pnpgen_spool", None)
    return obj if spool is None else spool.keep(canvas._doc, obj)


def show_page(canvas: Canvas) -> None:
    """canvas.showPage(), then the page's content stream formatted as reportlab would at the end and
    spooled: the page keeps only its dictionary in memory."""
    canvas.showPage()
    spool: Spool | None = getattr(canvas, "_pnpgen_spool", None)
    if spool is None:
        return
    from reportlab.pdfbase.pdfdoc import PDFBase85Encode, PDFStream, PDFZCompress
    from reportlab.rl_config import useA85

    page = canvas._doc.Pages.pages[-1]
    stream = PDFStream()                 # what PDFPage.check_format makes of page.stream
    if page.compression:
        stream.filters = [PDFBase85Encode, PDFZCompress] if useA85 else [PDFZCompress]
    stream.content = page.stream
    stream.__Comment__ = "page stream"
    contents = spool.keep(canvas._doc, stream)
    page.stream = None
    lean = spool.keep_page(page, contents)
    canvas._doc.Pages.pages[-1] = canvas._doc.idToObject[lean.__InternalName__] = lean


def save(canvas: Canvas, handle: IO[bytes], content_id: bool = False) -> None:
    """Write the canvas's document to the handle object by object (reportlab's Canvas.save and
    PDFDocument.format, the bytes going out as each object is formatted); the caller closes the spool.
    With `content_id` the trailer's /ID is the MD5 of every byte before it (a document's own, where
    reportlab's invariant /ID is the same for every document with the same title)."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    if len(canvas._code):
        show_page(canvas)
    doc = canvas._doc
    for font in doc.delayedFonts:            # PDFDocument.GetPDFData's preparations
        font.addObjects(doc)
    doc.info.invariant = doc.invariant
    doc.info.digest(doc.signature)
    doc.Reference(doc.Catalog)
    doc.Reference(doc.info)
    doc.Outlines.prepare(doc, canvas)
    if doc.Outlines.ready < 0:
        doc.Catalog.Outlines = None
    _format(doc, handle, pdfdoc, rl_config, content_id)


def _format(doc: Any, handle: IO[bytes], pdfdoc: Any, rl_config: Any, content_id: bool) -> None:
    """PDFDocument.format with an output that writes instead of collecting (same objects, same order)."""
    doc.encrypt.prepare(doc)
    cat, info = doc.Catalog, doc.info
    doc.Reference(cat)
    doc.Reference(info)
    encryptinfo = doc.encrypt.info()
    encryptref = doc.Reference(encryptinfo) if encryptinfo else None
    out = _Output(handle, doc._pdfVersion, pdfdoc, content_id)
    doc.__accum__ = out
    counter, ids = 0, []
    while True:
        counter += 1
        if counter not in doc.numberToId:
            break
        oid = doc.numberToId[counter]
        obj = doc.idToObject[oid]
        formatted = pdfdoc.PDFIndirectObject(oid, obj).format(doc)
        if not rl_config.invariant and rl_config.pdfComments:
            out.add(f"% {oid!a}: class {type(obj).__name__[:50]} \n")
        doc.idToOffset[oid] = out.add(formatted)
        ids.append(oid)
    del doc.__accum__
    total = len(doc.numberToId)
    if counter - 1 != total:
        raise ValueError(f"counter {counter} doesn't match number to id dictionary {total}")
    xref = pdfdoc.PDFCrossReferenceTable()
    xref.addsection(0, ids)
    start = out.add(xref.format(doc))
    if out.digest is not None:
        doc.signature, doc._ID = out.digest, None        # what reportlab's doc.ID() formats
    trailer = pdfdoc.PDFTrailer(startxref=start, Size=total + 1, Root=doc.Reference(cat),
                                Info=doc.Reference(info), Encrypt=encryptref, ID=doc.ID())
    out.add(trailer.format(doc))


class _Output:
    """reportlab's PDFFile (the header, offsets) writing to a handle."""

    def __init__(self, handle: IO[bytes], version: tuple[int, int], pdfdoc: Any, digest: bool = False) -> None:
        import hashlib

        self.handle, self.offset, self.encode = handle, 0, pdfdoc.pdfdocEnc
        self.digest = hashlib.md5(usedforsecurity=False) if digest else None
        self.add(self.encode("%PDF-{}.{}".format(*version))
                 + b"\n%\223\214\213\236 ReportLab Generated PDF document (opensource)\n")

    def add(self, text: str | bytes) -> int:
        data = self.encode(text)
        offset = self.offset
        self.offset += len(data)
        self.handle.write(data)
        if self.digest is not None:
            self.digest.update(data)
        return offset
