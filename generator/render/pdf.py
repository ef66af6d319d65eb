"""PDF backend (reportlab): one vector document, TrueType subsets embedded, byte-identical for the same pages.

Each page's content stream starts with one matrix that maps the model's mm (origin top-left,
y down) onto PDF points (y up); text lines undo the flip in their text matrix so glyphs stand
upright. TrimBox/BleedBox come from the page; PrintScaling None asks viewers not to scale.
"""

from __future__ import annotations

import io
from functools import lru_cache

from generator.core.units import PT_PER_MM
from generator.render.base import Backend, check_pages, rgb_float, walk
from generator.scene.fonts import font_path, font_spec
from generator.scene.model import Circle, Group, IDENTITY, Image, Line, Page, Polyline, Rect, TextLine

K = PT_PER_MM
_NO_STATE = object()


@lru_cache(maxsize=None)
def pdf_font(name: str) -> str:
    """Register a registry font with reportlab once; returns its reportlab name."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font_spec(name)
    ps_name = f"pnpgen-{name}"
    pdfmetrics.registerFont(TTFont(ps_name, str(font_path(name))))
    return ps_name


def render_pdf(pages: list[Page], title: str = "") -> bytes:
    """All pages as one PDF document (bytes)."""
    from reportlab.pdfgen.canvas import Canvas

    pages = check_pages(pages)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=_size_pt(pages[0]) if pages else (595.28, 841.89), invariant=1,
                    initialFontName=pdf_font("sans"))
    canvas.setTitle(title)
    canvas.setCreator("pnpgen")
    canvas.setProducer("pnpgen (reportlab)")
    canvas.setViewerPreference("PrintScaling", "None")
    for page in pages:
        _render_page(canvas, page)
    canvas.save()
    return buf.getvalue()


def _size_pt(page: Page) -> tuple[float, float]:
    return (round(page.width * K, 2), round(page.height * K, 2))


def _box_pt(page: Page, box: tuple[float, float, float, float] | None):
    """(x, y, w, h) mm, y down → [x1, y1, x2, y2] points, y up."""
    if box is None:
        return None
    x, y, w, h = box
    height = page.height
    return [round(v, 3) for v in (x * K, (height - y - h) * K, (x + w) * K, (height - y) * K)]


def _render_page(canvas, page: Page) -> None:
    canvas.setPageSize(_size_pt(page))
    canvas.setTrimBox(_box_pt(page, page.trim_box))
    canvas.setBleedBox(_box_pt(page, page.bleed_box))
    canvas.transform(K, 0, 0, -K, 0, _size_pt(page)[1])
    walk(page.items, PdfBackend(canvas))
    canvas.showPage()


class PdfBackend(Backend):
    """Draws primitives on a reportlab canvas whose user space is mm, y down."""

    def __init__(self, canvas) -> None:
        self.c = canvas
        self.state = [_NO_STATE, _NO_STATE, _NO_STATE, _NO_STATE]   # fill, stroke, width, dash
        self.saved: list[list] = []

    # -- paint state ------------------------------------------------------------------------
    def _paint(self, fill: str | None, stroke) -> tuple[int, int]:
        state = self.state
        if fill is not None and state[0] != fill:
            self.c.setFillColorRGB(*rgb_float(fill))
            state[0] = fill
        if stroke is None:
            return (0, 1 if fill is not None else 0)
        if state[1] != stroke.color:
            self.c.setStrokeColorRGB(*rgb_float(stroke.color))
            state[1] = stroke.color
        if state[2] != stroke.width:
            self.c.setLineWidth(stroke.width)
            state[2] = stroke.width
        if state[3] != stroke.dash:
            self.c.setDash(list(stroke.dash) if stroke.dash else [])
            state[3] = stroke.dash
        return (1, 1 if fill is not None else 0)

    # -- primitives -------------------------------------------------------------------------
    def rect(self, item: Rect) -> None:
        stroke, fill = self._paint(item.fill, item.stroke)
        if not (stroke or fill):
            return
        if item.radius > 0:
            radius = min(item.radius, item.w / 2, item.h / 2)
            self.c.roundRect(item.x, item.y, item.w, item.h, radius, stroke=stroke, fill=fill)
        else:
            self.c.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)

    def line(self, item: Line) -> None:
        if item.stroke is None:
            return
        self._paint(None, item.stroke)
        self.c.line(item.x1, item.y1, item.x2, item.y2)

    def polyline(self, item: Polyline) -> None:
        stroke, fill = self._paint(item.fill if item.closed else None, item.stroke)
        if not (stroke or fill) or not item.points:
            return
        path = self.c.beginPath()
        (x0, y0), rest = item.points[0], item.points[1:]
        path.moveTo(x0, y0)
        for x, y in rest:
            path.lineTo(x, y)
        if item.closed:
            path.close()
        self.c.drawPath(path, stroke=stroke, fill=fill)

    def circle(self, item: Circle) -> None:
        stroke, fill = self._paint(item.fill, item.stroke)
        if stroke or fill:
            self.c.circle(item.cx, item.cy, item.r, stroke=stroke, fill=fill)

    def text_line(self, item: TextLine) -> None:
        self._paint(item.color, None)
        text = self.c.beginText()
        text.setFont(pdf_font(item.font), item.size)
        text.setTextTransform(1 / K, 0, 0, -1 / K, item.x, item.y)
        text.textOut(item.text)
        self.c.drawText(text)

    def image(self, item: Image) -> None:
        from reportlab.lib.utils import ImageReader

        reader = ImageReader(io.BytesIO(item.data))
        self.c.drawImage(reader, item.x, item.y + item.h, item.w, -item.h, mask="auto")

    def begin_group(self, item: Group) -> None:
        self.c.saveState()
        self.saved.append(list(self.state))
        if item.transform != IDENTITY:
            self.c.transform(*item.transform)
        if item.clip is not None:
            clip = item.clip
            path = self.c.beginPath()
            if clip.radius > 0:
                path.roundRect(clip.x, clip.y, clip.w, clip.h, min(clip.radius, clip.w / 2, clip.h / 2))
            else:
                path.rect(clip.x, clip.y, clip.w, clip.h)
            self.c.clipPath(path, stroke=0, fill=0)

    def end_group(self, item: Group) -> None:
        self.c.restoreState()
        self.state = self.saved.pop()
