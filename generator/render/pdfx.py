"""PDF/X-1a:2003 backend: the PDF backend's drawing in capped CMYK, transparency flattened, the PDF/X keys in its catalog and Info.

Transparency is flattened: a picture with an alpha channel is composited over what was drawn
under it, and a half-transparent group (an element's `opacity:`) becomes a picture of its box as it
looks over what lies under it (rendered at PATCH_DPI; text under it or in it is then part of that
picture: `pnpgen cards --check` says where). A gradient becomes a picture clipped to its shape (its edges stay
vectors), converted and capped pixel by pixel like the flattened groups, so the two agree.

What makes the file PDF/X-1a:2003 (ISO 15930-4; sources in docs/pod.md):
- DeviceCMYK only: every vector colour is converted with the profile (k/K operators), every picture
  decoded, flattened onto white, converted and stored losslessly (Flate, so the measured ink is the
  printed ink), never /SMask, /Group or soft transparency;
- the fonts are embedded subsets (pdffonts.py: Type 0 fonts; TrueType outlines as FontFile2, a
  template's CFF (OTF) font as a bare CID-keyed CFF, FontFile3 /CIDFontType0C, both PDF 1.3);
- every page has a TrimBox and a BleedBox (the caller's pages carry them);
- the Catalog's /OutputIntents holds one /GTS_PDFX intent naming the condition and embedding the
  profile; the Info dictionary has /GTS_PDFXVersion (PDF/X-1a:2003), /Trapped /False, a title and
  dates; the trailer an /ID (the MD5 of the bytes before it); no viewer preferences (PDF 1.6/1.7 keys), no object streams (PDF 1.5),
  header %PDF-1.3 (nothing of PDF 1.4 is used; the 2003 level allows 1.3 or 1.4).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import IO, TYPE_CHECKING, Any

from generator.core.errors import LayoutError
from generator.core.units import MM_PER_INCH
from generator.render.base import rgb
from generator.render.cmyk import INK_LIMIT, CmykConverter
from generator.render.images import DEFAULT_MAX_PPI, open_image, resampled, to_8bit
from generator.render.pdf import PdfBackend, PdfDocument, PlacedForms, _f_matrix, write_document
from generator.render.pdfimages import PdfImages, Stream, _flate_entries, _png_rows
from generator.scene.model import (
    IDENTITY,
    Circle,
    Gradient,
    Group,
    Hatch,
    Image,
    Item,
    Line,
    Matrix,
    Path,
    Polyline,
    Rect,
    TextLine,
    compose,
    translate,
)

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage
    from reportlab.pdfgen.canvas import Canvas

    from generator.scene.model import Page

PDFX_VERSION = "PDF/X-1a:2003"
PATCH_DPI = 300         # resolution of a flattened transparent group
HEADER_VERSION = (1, 3)


@dataclass(frozen=True)
class OutputIntent:
    """The printing condition the file is made for: its ICC output profile and how it is named."""

    profile: bytes              # a CMYK output ('prtr') ICC profile, embedded as DestOutputProfile
    identifier: str             # OutputConditionIdentifier, a name in the ICC registry, e.g. "CGATS TR 003"
    condition: str              # a readable description (OutputCondition and Info)
    registry: str = "http://www.color.org"


def render_pdfx(pages: list[Page], intent: OutputIntent, title: str, ink_limit: float = INK_LIMIT,
                max_ppi: float | None = DEFAULT_MAX_PPI) -> bytes:
    """The pages as one PDF/X-1a:2003 document (bytes), every colour CMYK with at most `ink_limit` %
    of total ink. Pages must carry a trim_box (and should carry a bleed_box)."""
    buf = io.BytesIO()
    write_pdfx(pages, buf, intent, title, ink_limit, max_ppi)
    return buf.getvalue()


def write_pdfx(pages: Iterable[Page], handle: IO[bytes], intent: OutputIntent, title: str,
               ink_limit: float = INK_LIMIT, max_ppi: float | None = DEFAULT_MAX_PPI) -> int:
    """render_pdfx written to a handle as the pages come (an iterator may draw them as it goes), as
    write_pdf writes (a batch of pages in memory, the rest spooled), the PDF/X keys written with the
    catalog and the Info dictionary. Returns the page count."""
    if not title.strip():
        raise LayoutError("PDF/X needs a document title", key="title")
    converter = CmykConverter(intent.profile, ink_limit)

    def trimmed() -> Iterator[Page]:
        for number, page in enumerate(pages, start=1):
            if page.trim_box is None:
                raise LayoutError(f"PDF/X pages need a trim box (page {number} has none)", key="pages")
            yield page

    def document(canvas: Canvas) -> CmykDocument:
        pdfx_keys(canvas, intent)
        return CmykDocument(canvas, CmykImages(canvas, converter, max_ppi), converter=converter)

    return write_document(trimmed(), handle, title, HEADER_VERSION, {}, document, CmykBackend, content_id=True)


def pdfx_keys(canvas: Canvas, intent: OutputIntent) -> None:
    """The PDF/X identification given to the canvas's document before it is drawn, written by reportlab
    with the rest: the catalog's /OutputIntents (one /GTS_PDFX intent, the profile embedded, deflated),
    and the Info dictionary's PDF/X keys (_pdfx_info). No viewer preferences are set; the header
    (HEADER_VERSION) and the /ID (content_id) are write_document's."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFString, PDFZCompress

    doc = canvas._doc
    profile = PDFStream(PDFDictionary({"N": 4}), intent.profile, filters=[PDFZCompress])
    catalog = doc.Catalog
    catalog.OutputIntents = PDFArray([PDFDictionary({
        "Type": PDFName("OutputIntent"), "S": PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": PDFString(intent.identifier), "OutputCondition": PDFString(intent.condition),
        "Info": PDFString(intent.condition), "RegistryName": PDFString(intent.registry),
        "DestOutputProfile": doc.Reference(profile)})])
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]    # reportlab's catalog keys, and this
    info = _pdfx_info()()
    info.__dict__.update(doc.info.__dict__)                              # the title, author... set so far
    doc.info = info


@lru_cache(maxsize=1)
def _pdfx_info() -> type:
    """reportlab's Info dictionary as PDF/X wants it (made once; reportlab is imported late): its keys,
    /Trapped /False, /ModDate = /CreationDate and /GTS_PDFXVersion."""
    from reportlab.pdfbase.pdfdoc import PDFDate, PDFDictionary, PDFInfo, PDFName, PDFString

    class PdfxInfo(PDFInfo):  # type: ignore[misc]   # reportlab has no types
        def format(self, document: Any) -> bytes:
            date = PDFDate(ts=document._timeStamp, dateFormatter=self._dateFormatter)
            data: bytes = PDFDictionary({
                "Title": PDFString(self.title), "Author": PDFString(self.author), "Subject": PDFString(self.subject),
                "Keywords": PDFString(self.keywords), "Creator": PDFString(self.creator),
                "Producer": PDFString(self.producer), "CreationDate": date, "ModDate": date,
                "Trapped": PDFName("False"), "GTS_PDFXVersion": PDFString(PDFX_VERSION)}).format(document)
            return data

    return PdfxInfo


@dataclass(eq=False)
class CmykDocument(PdfDocument):
    """A PDF/X document: its pictures CMYK too, and the conversion every colour goes through."""

    images: CmykImages
    converter: CmykConverter = field(kw_only=True)


class CmykBackend(PdfBackend):
    """The PDF backend with every colour converted to capped CMYK (fills k, strokes K). It remembers
    what it has drawn (with its transform), so a picture with transparency is flattened onto what
    lies under it, not onto white."""

    def __init__(self, doc: CmykDocument, placed: PlacedForms | None = None, patterns: bool = False) -> None:
        super().__init__(doc, placed, patterns=False)   # motifs drawn in place: flattening sees them
        self.converter = doc.converter
        self.max_ppi = doc.images.max_ppi
        self.drawn: list[tuple[Matrix, Item]] = []

    def colour(self, color: str, op: str) -> str:
        values = self.converter.colour(rgb(color))
        return "{} {} {} {} {}".format(*(_unit(v) for v in values), "k" if op == "rg" else "K")

    def _shade(self, clip: str, gradient: Gradient, bounds: tuple[float, float, float, float]) -> None:
        """A gradient as a picture inside the clip: its colours converted pixel by pixel, as a flattened
        transparent group's are (a CMYK shading between converted stops would differ)."""
        from generator.render.png import encode_png, gradient_image
        from generator.scene.model import Image as ImageItem

        x0, y0, x1, y1 = bounds
        a, b, c, d = self.matrices[-1][:4]
        k = PATCH_DPI / MM_PER_INCH * max(math.hypot(a, b), math.hypot(c, d), 1e-9)
        size = (max(1, math.ceil((x1 - x0) * k)), max(1, math.ceil((y1 - y0) * k)))
        picture = gradient_image(gradient, (k, 0.0, 0.0, k, -x0 * k, -y0 * k), size)
        if picture.mode == "RGBA":      # stop opacity: over what lies beneath, as a transparent group is
            under = backdrop(self.drawn[:-1], self.matrices[-1], (x0, y0, size[0] / k, size[1] / k), size)
            under.paste(picture.convert("RGB"), mask=picture.getchannel("A"))
            picture = under
        self.emit(f"q {clip}")
        PdfBackend.image(self, ImageItem(x0, y0, size[0] / k, size[1] / k, encode_png(picture, PATCH_DPI),
                                         format="png"))
        self.emit("Q")

    def opacity(self, value: float) -> None:
        raise RuntimeError("internal: PDF/X has no transparency (the group is flattened)")

    def begin_group(self, item: Group) -> None:
        if item.opacity >= 1:
            super().begin_group(item)
            return
        super().begin_group(Group(item.items, transform=item.transform, clip=item.clip))
        self.flatten_group(item)

    def group_items(self, item: Group) -> Sequence[Item]:
        return () if item.opacity < 1 else super().group_items(item)

    def flatten_group(self, item: Group) -> None:
        """A transparent group drawn as a picture of its box: it over what was drawn beneath it."""
        from generator.render.png import encode_png, render_image
        from generator.scene.bounds import items_box, transform_box
        from generator.scene.model import Image as ImageItem
        from generator.scene.model import Page

        matrix = self.matrices[-1]          # the group's own transform is applied already
        inner = items_box(item.items, paths=True)
        if inner is None:
            return
        pad = 0.5                           # mm around it: strokes and anti-aliased edges
        x0, y0, x1, y1 = transform_box((inner[0] - pad, inner[1] - pad, inner[2] + pad, inner[3] + pad), matrix)
        to_box = translate(-x0, -y0)
        page = Page(x1 - x0, y1 - y0).add(*(Group((prim,), transform=compose(to_box, m)) for m, prim in self.drawn))
        page.add(Group(item.items, transform=compose(to_box, matrix), opacity=item.opacity))
        picture = render_image(page, PATCH_DPI)
        patch = ImageItem(x0, y0, x1 - x0, y1 - y0, encode_png(picture, PATCH_DPI), format="png")
        self.emit("q " + " ".join(_f_matrix(inverse(matrix))) + " cm")
        self.matrices.append(IDENTITY)
        PdfBackend.image(self, patch)
        self.matrices.pop()
        self.emit("Q")
        self.drawn.append((IDENTITY, patch))

    def _record(self, item: Item) -> None:
        self.drawn.append((self.matrices[-1], item))

    def rect(self, item: Rect) -> None:
        self._record(item)
        super().rect(item)

    def line(self, item: Line) -> None:
        self._record(item)
        super().line(item)

    def polyline(self, item: Polyline) -> None:
        self._record(item)
        super().polyline(item)

    def path(self, item: Path) -> None:
        self._record(item)
        super().path(item)

    def circle(self, item: Circle) -> None:
        self._record(item)
        super().circle(item)

    def hatch(self, item: Hatch) -> None:
        self._record(item)
        super().hatch(item)

    def text_line(self, item: TextLine) -> None:
        self._record(item)
        super().text_line(item)

    def image(self, item: Image) -> None:
        self._record(item)
        if has_alpha(item):
            item = flattened(item, self.matrices[-1], self.drawn[:-1], self.max_ppi)
        super().image(item)


def has_alpha(item: Image) -> bool:
    """Whether the picture has transparency (an alpha channel or a transparent palette entry)."""
    return _alpha_of(item.digest, item.data)


@lru_cache(maxsize=256)
def _alpha_of(digest: str, data: bytes) -> bool:
    image = open_image(data)
    return image.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in image.info


def flattened(item: Image, matrix: Matrix, beneath: list[tuple[Matrix, Item]], max_ppi: float | None) -> Image:
    """The picture composited over a rendering of what was drawn beneath it (at the picture's own
    pixels, or fewer when it is far above max_ppi at its placed size), as an opaque PNG in its box."""
    from PIL import Image as PILImage

    from generator.render.images import capped_size, decoded
    from generator.render.png import encode_png
    from generator.scene.model import Image as ImageItem

    picture = decoded(item)
    a, b, c, d = matrix[:4]
    placed = (item.w * math.hypot(a, b), item.h * math.hypot(c, d))
    size = capped_size(picture.size, placed, max_ppi or 0) or picture.size
    if size != picture.size:
        picture = picture.resize(size, PILImage.Resampling.LANCZOS)
    under = backdrop(beneath, matrix, (item.x, item.y, item.w, item.h), size)
    under.paste(picture, mask=picture.getchannel("A"))
    return ImageItem(item.x, item.y, item.w, item.h, encode_png(under, 72), format="png")


def backdrop(beneath: list[tuple[Matrix, Item]], matrix: Matrix, box: tuple[float, float, float, float],
             size: tuple[int, int]) -> PILImage.Image:
    """What was drawn beneath (each with its matrix), rendered in the box x, y, w, h of the
    coordinates `matrix` places on the page, at `size` pixels."""
    from PIL import Image as PILImage

    from generator.render.png import render_image
    from generator.scene.model import Group, Page

    x, y, w, h = box
    to_box = compose(translate(-x, -y), inverse(matrix))
    page = Page(w, h).add(*(Group((prim,), transform=compose(to_box, m)) for m, prim in beneath))
    return render_image(page, size[0] / (w / MM_PER_INCH)).resize(size, PILImage.Resampling.BICUBIC)


def inverse(m: Matrix) -> Matrix:
    """The inverse of an affine matrix (a b c d e f), as PDF writes them."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if abs(det) < 1e-12:
        raise LayoutError("a picture is drawn with a flat transform", key="image")
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def _unit(value: int) -> str:
    """An 8-bit ink value as a PDF number 0..1 with 4 decimals, rounded down (never more ink)."""
    from generator.core.numbers import format_number

    return format_number(int(value * 10000 // 255) / 10000, 4)


class CmykImages(PdfImages):
    """Pictures as opaque, ink-capped DeviceCMYK images (Flate with PNG predictors, 4 colours)."""

    def __init__(self, canvas: Canvas, converter: CmykConverter, max_ppi: float | None) -> None:
        super().__init__(canvas, max_ppi)
        self.converter = converter

    def stream(self, item: Image, target: tuple[int, int] | None) -> Stream:
        source = resampled(item.data, target)[0] if target else to_8bit(open_image(item.data))
        return cmyk_stream(self.converter.image(source))


def cmyk_stream(image: PILImage.Image) -> Stream:
    """A CMYK image as an XObject: its bytes deflated with PNG row filters (Predictor 15, 4 colours);
    PNG's RGBA rows carry the four 8-bit channels unchanged."""
    from PIL import Image as PILImage

    if image.mode != "CMYK":
        raise RuntimeError("internal: a PDF/X picture must be CMYK")
    rows = _png_rows(PILImage.frombytes("RGBA", image.size, image.tobytes()))
    width, height = image.size
    return Stream(_flate_entries(width, height, "/DeviceCMYK", 8, 4), rows)


__all__ = ["HEADER_VERSION", "PDFX_VERSION", "CmykBackend", "OutputIntent", "render_pdfx", "write_pdfx"]
