"""PDF backend (reportlab): one vector document, font subsets embedded, byte-identical for the same pages.

Gradient fills are axial and radial shadings clipped to their shape (SVG art's focal circles, reflect,
repeat and stop opacity: pdfshading.py); a transparent group is a form XObject marked a transparency
group, painted under /ca and /CA (it fades as one).

Each page's content stream starts with one matrix that maps the model's mm (origin top-left,
y down) onto PDF points (y up); text lines undo the flip in their text matrix so glyphs stand
upright, and are written as shaped glyph runs (pdffonts.py). TrimBox/BleedBox come from the page;
PrintScaling None asks viewers not to scale.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import chain
from operator import itemgetter
from typing import IO, TYPE_CHECKING

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.core.units import PT_PER_MM
from generator.render import pdfstream
from generator.render.base import MOTIF_MIN as MOTIF_MIN  # re-exported: tests and callers name it here
from generator.render.base import Backend, Hashed, fingerprint, is_motif, rgb_float, validate_pages, walk
from generator.render.images import DEFAULT_MAX_PPI
from generator.render.pdfimages import PdfImages
from generator.scene.fonts import parsed_font, shape_line
from generator.scene.hatch import hatch_tile, tile_lines
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
    Page,
    Paint,
    Path,
    PathCommand,
    Polyline,
    Rect,
    Stroke,
    TextLine,
    compose,
)
from generator.scene.pathgeom import cubic_commands

if TYPE_CHECKING:   # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

    from generator.render.pdffonts import GlyphFont

FaceIds = tuple[int, ...]                          # the ids of a card face's item objects
PlacedForms = dict[int, tuple[str, tuple[Item, ...]]]   # id of an emptied group: (form name, its items)

K = PT_PER_MM
_NO_STATE = object()


@dataclass(eq=False)
class PdfDocument:
    """One PDF being written: reportlab's canvas, and what pnpgen keeps for the whole document beside
    it (here, typed, rather than as attributes set on reportlab's Canvas, where mypy cannot see them)."""

    canvas: Canvas
    images: PdfImages                               # the picture XObjects, registered on first use
    # a text line's operators per (font, size, text, features, lang): a face's text recurs on other cards
    text_runs: dict[tuple[str, float, str, tuple[str, ...], str, bool | None], str] = field(default_factory=dict)
    glyph_fonts: dict[str, GlyphFont] = field(default_factory=dict)     # each face's Type 0 font (pdffonts.py)
    motifs: dict[tuple[Item, ...], str] = field(default_factory=dict)    # each distinct motif's form name
    motif_ids: dict[int, tuple[tuple[Item, ...], str]] = field(default_factory=dict)   # the same, by identity
    groups: dict[tuple[Item, ...], str] = field(default_factory=dict)    # each transparent group's form name
    group_ids: dict[int, tuple[tuple[Item, ...], str]] = field(default_factory=dict)   # the same, by identity
    soft_masks: dict[tuple[Gradient, tuple[float, float, float, float]], tuple[str, object]] = field(
        default_factory=dict)    # each gradient's stop opacity: its ExtGState name and /SMask (pdfshading.py)
    hatches: dict[tuple[Stroke, float, int], str] = field(default_factory=dict)   # each hatch tile's form name


@cache
def pdf_font(name: str) -> str:
    """Register a registry font with reportlab once; returns its reportlab name."""
    from reportlab.pdfbase import pdfmetrics

    font = parsed_font(name)         # the parse the metrics were read from (LayoutError for an unknown name)
    pdfmetrics.registerFont(font)
    ps_name: str = font.fontName
    return ps_name


@lru_cache(maxsize=8192)
def _fp(value: float) -> str:
    """A number as reportlab's fp_str writes it in text operators (memoised: lines repeat their places)."""
    from reportlab.lib.rl_accel import fp_str

    text: str = fp_str(value)
    return text


DUPLEX_PREFERENCE = {"long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge"}
# The PDF version each viewer-preference key needs (PDF 1.7 reference, table 150): the header
# declares the highest one the file uses, reportlab's default 1.3 being the floor.
KEY_VERSION = {"PrintScaling": (1, 6), "Duplex": (1, 7)}


def render_pdf(pages: list[Page], title: str = "", duplex: str | None = None,
               forms: bool = True, max_ppi: float | None = DEFAULT_MAX_PPI) -> bytes:
    """All pages as one PDF document (bytes); pictures above max_ppi at their placed size are
    resampled to it (0 or None: keep originals). `duplex` (long/short) sets the Duplex viewer
    preference, so the print dialog offers the flip the backs were laid out for. A card face
    drawn more than once is written once, as a form XObject (forms=False: drawn every time).
    The header declares the version its keys need: 1.6 (PrintScaling), 1.7 with Duplex."""
    buf = io.BytesIO()
    write_pdf(validate_pages(pages), buf, title, duplex, forms, max_ppi)
    return buf.getvalue()


def write_pdf(pages: Iterable[Page], handle: IO[bytes], title: str = "", duplex: str | None = None,
              forms: bool = True, max_ppi: float | None = DEFAULT_MAX_PPI) -> int:
    """render_pdf written to a handle as the pages come (an iterator may draw them as it goes): each
    page's drawing, once on the canvas, is spooled to a temporary file, so memory holds a batch of
    pages (FIRST_BATCH, then PAGE_BATCH) and what pages share. The same pages give the same bytes.
    Returns the page count."""
    prefs = {"PrintScaling": "None"}
    if duplex in DUPLEX_PREFERENCE:
        prefs["Duplex"] = DUPLEX_PREFERENCE[duplex]
    version = max(KEY_VERSION[key] for key in prefs)
    return write_document(pages, handle, title, version, prefs, lambda canvas: PdfDocument(canvas, PdfImages(canvas, max_ppi)),
                          PdfBackend, forms)


def write_document(pages: Iterable[Page], handle: IO[bytes], title: str, version: tuple[int, int],
                   prefs: dict[str, str], document: Callable[[Canvas], PdfDocument], backend: type[PdfBackend],
                   forms: bool = True, content_id: bool = False) -> int:
    """The pages drawn with `backend` on the document made for a new canvas and written to the handle
    as they come (write_pdf's way: a batch of pages in memory at a time, the rest spooled). With
    `content_id` the trailer's /ID is the MD5 of the bytes before it (else reportlab's, from the Info
    strings). Returns the page count."""
    batches = page_batches(pages)
    first = next(batches, [])
    canvas = new_canvas(io.BytesIO(), first, title, version)
    for key, value in prefs.items():
        canvas.setViewerPreference(key, value)
    spool = pdfstream.start(canvas)
    try:
        count = draw_batches(document(canvas), chain([first], batches), forms, backend)
        pdfstream.save(canvas, handle, content_id)
    finally:
        spool.close()               # (a page that cannot be drawn leaves no temporary file open)
    return count


FIRST_BATCH = 32    # pages drawn together first: faces repeated within a batch become forms (a kit's PDFs are one batch)
PAGE_BATCH = 8      # pages drawn together after it: a card's text is still in the shaping caches when its page is drawn


def page_batches(pages: Iterable[Page], first: int = FIRST_BATCH, size: int = PAGE_BATCH) -> Iterator[list[Page]]:
    """The pages in a list of `first`, then lists of `size`, each page's size checked (LayoutError) as it comes."""
    batch: list[Page] = []
    for page in pages:
        batch += validate_pages([page])
        if len(batch) == first:
            yield batch
            batch, first = [], size
    if batch:
        yield batch


def new_canvas(buf: io.BytesIO, pages: list[Page], title: str, version: tuple[int, int]) -> Canvas:
    """A reportlab canvas for these pages (validated; LayoutError when there are none): deterministic,
    the document information filled in, the header declaring `version`."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0            # binary streams: ASCII85 only made files 25% larger and slower

    if not pages:
        raise LayoutError("no pages to put in the PDF", key="pages")
    canvas = Canvas(buf, pagesize=_size_pt(pages[0]), invariant=1,
                    initialFontName=pdf_font("sans"), pdfVersion=version)
    canvas.setTitle(title)
    canvas.setCreator("pnpgen")
    canvas.setAuthor("pnpgen")
    canvas.setSubject(title)
    canvas.setProducer("pnpgen (reportlab)")
    return canvas


def draw_batches(doc: PdfDocument, batches: Iterable[list[Page]], forms: bool, backend: type[PdfBackend]) -> int:
    """Draw batch after batch of pages (repeated card faces as forms when `forms`: a face seen in an
    earlier batch is placed by its form's name, found by value); a batch's pages may be freed once
    drawn. Returns the page count."""
    known = KnownFaces()                 # faces already forms, by value
    count = 0
    for pages in batches:
        faces = _repeated_faces(pages, known) if forms else {}
        for page in pages:
            _render_page(doc, page, faces, backend)
        count += len(pages)
        _forget_batch(doc)
    return count


def _forget_batch(doc: PdfDocument) -> None:
    """Drop what the document kept of a batch's objects by identity (their ids may be reused once they
    are freed) and the text runs of its cards (a deck's text is mostly its own)."""
    doc.motif_ids.clear()
    if len(doc.text_runs) > TEXT_RUNS_KEPT:
        doc.text_runs.clear()


TEXT_RUNS_KEPT = 2_048     # text lines' operators kept across batches (a footer, a back's words)


FORM_BOX = (-500.0, -500.0, 1000.0, 1000.0)     # a form's bounding box in its own mm: never clips


def _faces(pages: list[Page]) -> Iterator[tuple[FaceIds, tuple[Item, ...]]]:
    """(ids of a face's items, the items) of every clipped top-level group: one per card placed."""
    for page in pages:
        for item in page.items:
            if isinstance(item, Group) and item.clip is not None and item.items:
                yield tuple(map(id, item.items)), item.items


class KnownFaces:
    """The card faces already written as forms, found by value in later batches: each kept as its hash
    and a fingerprint of its value (base.fingerprint), not its items, so a deck whose every face is a
    form (PDF/X places each face with its mirrored copies) does not keep every card's drawing."""

    def __init__(self) -> None:
        self.by_hash: dict[int, list[tuple[bytes, str]]] = {}
        self.count = 0

    def get(self, face: Hashed) -> str | None:
        """The form name of a face equal to `face`, or None."""
        entries = self.by_hash.get(face.hash)
        if entries:
            key = fingerprint(face.value)
            for known, name in entries:
                if known == key:
                    return name
        return None

    def add(self, face: Hashed) -> str:
        """A new form name for `face` (pnpgenfaceN, N counting the forms)."""
        self.count += 1
        name = f"pnpgenface{self.count}"
        self.by_hash.setdefault(face.hash, []).append((fingerprint(face.value), name))
        return name


def _repeated_faces(pages: list[Page], known: KnownFaces | None = None) -> dict[FaceIds, str]:
    """{ids of a face's items: form name} for every card face drawn more than once in the
    pages, or equal to a face of `known` (the forms of earlier batches; the new ones are added to
    it): each is written once as a form XObject and placed with one Do. Copies of a card share their
    item objects, so most faces are matched by identity; equal faces built apart are matched by value
    (hashed once per distinct set of objects)."""
    known = KnownFaces() if known is None else known
    id_counts: dict[FaceIds, int] = {}
    first: dict[FaceIds, tuple[Item, ...]] = {}
    for ids, items in _faces(pages):
        if ids not in id_counts:
            first[ids] = items
        id_counts[ids] = id_counts.get(ids, 0) + 1
    by_value: dict[Hashed, list[FaceIds]] = {}
    for ids, items in first.items():     # hashing items is deep: once per distinct set of objects
        by_value.setdefault(Hashed(items), []).append(ids)
    names: dict[FaceIds, str] = {}
    for face, group in by_value.items():
        name = known.get(face)
        if name is None and sum(id_counts[ids] for ids in group) > 1:
            name = known.add(face)
        if name is not None:
            names.update(dict.fromkeys(group, name))
    return names


def _size_pt(page: Page) -> tuple[float, float]:
    return (round(page.width * K, 2), round(page.height * K, 2))


def _box_pt(page: Page, box: tuple[float, float, float, float] | None) -> list[float] | None:
    """(x, y, w, h) mm, y down → [x1, y1, x2, y2] points, y up."""
    if box is None:
        return None
    x, y, w, h = box
    height = page.height
    return [round(v, 3) for v in (x * K, (height - y - h) * K, (x + w) * K, (height - y) * K)]


def _render_page(doc: PdfDocument, page: Page, forms: dict[FaceIds, str] | None = None,
                 backend: type[PdfBackend] | None = None) -> None:
    canvas = doc.canvas
    canvas.setPageSize(_size_pt(page))
    canvas.setTrimBox(_box_pt(page, page.trim_box))
    canvas.setBleedBox(_box_pt(page, page.bleed_box))
    canvas.transform(K, 0, 0, -K, 0, _size_pt(page)[1])
    items, placed = _with_forms(page.items, forms or {})
    walk(items, (backend or PdfBackend)(doc, placed))
    pdfstream.show_page(canvas)


def _with_forms(items: Sequence[Item], forms: dict[FaceIds, str]) -> tuple[Sequence[Item], PlacedForms]:
    """The page's items with each repeated face emptied (its drawing goes into a form), and
    {id of the emptied group: (form name, the face's items)}."""
    if not forms:
        return items, {}
    out: list[Item] = []
    placed: PlacedForms = {}
    for item in items:
        name = (forms.get(tuple(map(id, item.items)))
                if isinstance(item, Group) and item.clip is not None else None)
        if name is None or not isinstance(item, Group):     # (a name is only found for a Group)
            out.append(item)
            continue
        shell = Group((), transform=item.transform, clip=item.clip)
        placed[id(shell)] = (name, item.items)
        out.append(shell)
    return out, placed


KAPPA = 0.5522847498   # Bezier handle length for a quarter circle, per unit radius


def _f(value: float) -> str:
    """A PDF number: up to 3 decimals (a micrometre in mm user space), no trailing zeros; the text
    of format_number(value, 3), inlined (millions of calls on a large deck)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


_PATH_OPS = {"M": "m", "L": "l", "C": "c", "Z": "h"}


def _numbers(template: str, values: Sequence[float]) -> str:
    """template % values, each number written "%.3f " in the template (and no other digit or "-" in
    it): the text _f gives each, made by C-level passes instead of a Python call per number. Every
    number then ends ".ddd ": ".000" goes first (marked, so that the integer part it leaves is not
    taken for trailing zeros), then "00 " of ".d00 ", then "0 " of ".dd0 "; the one number that can
    start "-0 " is -0 itself, which _f writes 0."""
    return ((template % tuple(values)).replace(".000 ", "\0 ").replace("00 ", " ").replace("0 ", " ")
            .replace("\0", "").replace("-0 ", "0 "))


@lru_cache(maxsize=256)
def _polyline_template(points: int, closed: bool) -> str:
    """A polyline's points as a _numbers template: moved to the first, lines to the others, closed or not."""
    return "%.3f %.3f m " + "%.3f %.3f l " * (points - 1) + ("h " if closed else "")


@cache
def _command_template(op: str, length: int) -> str:
    """A path command's operands (length - 1 of them) and operator as a _numbers template ("%.3f %.3f m ")."""
    return "%.3f " * (length - 1) + _PATH_OPS[op] + " "


_OP = itemgetter(0)
_VALUES = itemgetter(slice(1, None))


@lru_cache(maxsize=1024)
def _color_op(color: str, op: str) -> str:
    return "{} {} {} {}".format(*(_f(round(v, 4)) for v in rgb_float(color)), op)


@lru_cache(maxsize=4096)
def _round_rect_path(x: float, y: float, w: float, h: float, r: float) -> str:
    r = min(r, w / 2, h / 2)
    k = r * (1 - KAPPA)
    f = _f
    x2, y2 = x + w, y + h
    return " ".join([
        f"{f(x + r)} {f(y)} m {f(x2 - r)} {f(y)} l",
        f"{f(x2 - k)} {f(y)} {f(x2)} {f(y + k)} {f(x2)} {f(y + r)} c {f(x2)} {f(y2 - r)} l",
        f"{f(x2)} {f(y2 - k)} {f(x2 - k)} {f(y2)} {f(x2 - r)} {f(y2)} c {f(x + r)} {f(y2)} l",
        f"{f(x + k)} {f(y2)} {f(x)} {f(y2 - k)} {f(x)} {f(y2 - r)} c {f(x)} {f(y + r)} l",
        f"{f(x)} {f(y + k)} {f(x + k)} {f(y)} {f(x + r)} {f(y)} c h",
    ])


def _rect_path(x: float, y: float, w: float, h: float, r: float) -> str:
    if r > 0:
        return _round_rect_path(x, y, w, h, r)
    return _numbers("%.3f %.3f %.3f %.3f ", (x, y, w, h)) + "re"


@lru_cache(maxsize=8192)      # a deck repeats its shapes at the same places (pattern dots, pips)
def _circle_path(cx: float, cy: float, r: float) -> str:
    k, f = r * KAPPA, _f
    return " ".join([
        f"{f(cx + r)} {f(cy)} m",
        f"{f(cx + r)} {f(cy + k)} {f(cx + k)} {f(cy + r)} {f(cx)} {f(cy + r)} c",
        f"{f(cx - k)} {f(cy + r)} {f(cx - r)} {f(cy + k)} {f(cx - r)} {f(cy)} c",
        f"{f(cx - r)} {f(cy - k)} {f(cx - k)} {f(cy - r)} {f(cx)} {f(cy - r)} c",
        f"{f(cx + k)} {f(cy - r)} {f(cx + r)} {f(cy - k)} {f(cx + r)} {f(cy)} c h",
    ])


_PAINT_OPS = {(0, 1): "f", (1, 0): "S", (1, 1): "B"}


class PdfBackend(Backend):
    """Writes PDF operators for primitives on a reportlab canvas whose user space is mm, y down.

    Paths, colours and line styles are written directly (reportlab's pure-Python number
    formatting was most of the time); text and images go through reportlab, which subsets and
    embeds fonts and images.
    """

    def __init__(self, doc: PdfDocument, placed: PlacedForms | None = None, patterns: bool = True) -> None:
        self.doc = doc
        self.c = canvas = doc.canvas
        self.patterns = patterns             # repeated motifs as forms (not inside a form being defined)
        self.whole: Group | None = None      # the group begin_group drew whole (as a form)
        self.emit = canvas.addLiteral
        self.state: list[object] = [_NO_STATE, _NO_STATE, _NO_STATE, _NO_STATE]   # fill, stroke, width, dash
        self.saved: list[list[object]] = []
        self.placed = placed or {}           # emptied groups whose face is a form (see _with_forms)
        self.matrices = [IDENTITY]     # group transforms, for the placed size of pictures
        self.faded: list[bool] = []    # per open group: whether it set an opacity (reportlab's state saved)

    # -- paint state ------------------------------------------------------------------------
    def colour(self, color: str, op: str) -> str:
        """The operator setting `color` for fills (op rg) or strokes (RG); a subclass may convert it."""
        return _color_op(color, op)

    def gradient_colours(self, gradient: Gradient) -> list[object]:
        """The gradient's stop colours as reportlab colours (a subclass may convert them)."""
        from reportlab.lib.colors import Color

        return [Color(*rgb_float(colour)) for _, colour in gradient.stops]

    def _shade(self, clip: str, gradient: Gradient, bounds: tuple[float, float, float, float]) -> None:
        """Paint the gradient inside a clip (the operators that set it: a path and W n, or text in
        render mode 7; `bounds` around it): clip, then the shading."""
        self.emit(f"q {clip}")
        if gradient.transform != IDENTITY:
            self.emit(" ".join(_f_matrix(gradient.transform)) + " cm")
        if not gradient.plain:       # SVG art's focal circle, spread or stop opacity (pdfshading.py)
            self._shade_svg(gradient, bounds)
            self.emit("Q")
            return
        colours = self.gradient_colours(gradient)
        positions = [min(max(offset, 0.0), 1.0) for offset, _ in gradient.stops]
        if len(colours) == 1:
            colours, positions = colours * 2, [0.0, 1.0]
        if gradient.kind == "radial":
            self.c.radialGradient(gradient.x1, gradient.y1, max(gradient.r, 1e-6), colours, positions)
        else:
            self.c.linearGradient(gradient.x1, gradient.y1, gradient.x2, gradient.y2, colours, positions)
        self.emit("Q")

    def _shade_svg(self, gradient: Gradient, bounds: tuple[float, float, float, float]) -> None:
        """A gradient reportlab's canvas cannot draw: its own shading, under a soft mask of its stop
        opacities when it has them (pdfshading.py), in the gradient's coordinates."""
        from reportlab.pdfgen.canvas import _normalizeColors

        from generator.render.pdfshading import shading, soft_mask

        if gradient.alphas:
            key = (gradient, bounds)
            known = self.doc.soft_masks.get(key)
            if known is None:
                known = self.doc.soft_masks[key] = (f"pnpgenSMask{len(self.doc.soft_masks) + 1}",
                                                    soft_mask(self.c._doc, gradient, bounds))
            name, mask = known
            self.c._extgstate._c[("SMask", mask)] = name     # (reportlab lists it in the resources)
            self.emit(f"/{name} gs")
        space, colours = _normalizeColors(self.gradient_colours(gradient))
        self.c.shade(shading(gradient, bounds, space, colours))

    def _filled(self, item: Rect | Polyline | Path | Circle, outline: str, evenodd: bool = False) -> None:
        """Paint an item's outline: a gradient fill shaded in it, then the stroke; else in one operator."""
        from generator.scene.bounds import shape_box

        fill, stroke = item.fill, item.stroke
        if isinstance(fill, Gradient):
            self._shade(f"{outline} W{'*' if evenodd else ''} n", fill, shape_box(item) or (0.0, 0.0, 0.0, 0.0))
            fill = None
        op = self._paint(fill, stroke)
        if op:
            self.emit(f"{outline} {op}{'*' if evenodd and fill is not None else ''}")

    def _paint(self, fill: str | None, stroke: Stroke | None) -> str | None:
        """Set colours and line style; the painting operator (f, S, B), or None for no paint."""
        state = self.state
        ops: list[str] = []
        if fill is not None and state[0] != fill:
            ops.append(self.colour(fill, "rg"))
            state[0] = fill
        if stroke is not None:
            if state[1] != stroke.color:
                ops.append(self.colour(stroke.color, "RG"))
                state[1] = stroke.color
            if state[2] != stroke.width:
                ops.append(f"{_f(stroke.width)} w")
                state[2] = stroke.width
            if state[3] != stroke.dash:
                ops.append("[{}] 0 d".format(" ".join(_f(d) for d in stroke.dash or ())))
                state[3] = stroke.dash
        if ops:
            self.emit(" ".join(ops))
        return _PAINT_OPS.get((stroke is not None, fill is not None))

    # -- primitives -------------------------------------------------------------------------
    def rect(self, item: Rect) -> None:
        if isinstance(item.fill, Gradient):
            self._filled(item, _rect_path(item.x, item.y, item.w, item.h, item.radius))
            return
        op = self._paint(item.fill, item.stroke)
        if op:
            self.emit(f"{_rect_path(item.x, item.y, item.w, item.h, item.radius)} {op}")

    def line(self, item: Line) -> None:
        if item.stroke is not None:
            self._paint(None, item.stroke)
            self.emit(_numbers("%.3f %.3f m %.3f %.3f l ", (item.x1, item.y1, item.x2, item.y2)) + "S")

    def polyline(self, item: Polyline) -> None:
        if isinstance(item.fill, Gradient) and item.closed and item.points:
            template = "%.3f %.3f m " + "%.3f %.3f l " * (len(item.points) - 1) + "h"
            self._filled(item, _numbers(template, [v for x, y in item.points for v in (x, y)]))
            return
        op = self._paint(item.fill if item.closed and not isinstance(item.fill, Gradient) else None, item.stroke)
        if not op or not item.points:
            return
        self.emit(_numbers(_polyline_template(len(item.points), item.closed), tuple(chain.from_iterable(item.points))) + op)

    def path(self, item: Path) -> None:
        gradient = item.fill if isinstance(item.fill, Gradient) else None
        op = "f" if gradient is not None else self._paint(_colour(item.fill), item.stroke)
        if not op:
            return
        commands: Sequence[PathCommand] = item.commands
        ops = list(map(_OP, commands))
        if "Q" in ops:                      # quadratic curves raised to cubics (PDF has none)
            commands = cubic_commands(item.commands)
            ops = list(map(_OP, commands))
        template = "".join(map(_command_template, ops, map(len, commands)))
        values = list(map(float, chain.from_iterable(map(_VALUES, commands))))
        if gradient is not None:
            self._filled(item, _numbers(template, values).rstrip(), item.fill_rule == "evenodd")
            return
        if item.fill_rule == "evenodd" and item.fill is not None:
            op += "*"
        self.emit(_numbers(template, values) + op)

    def circle(self, item: Circle) -> None:
        if isinstance(item.fill, Gradient):
            self._filled(item, _circle_path(item.cx, item.cy, item.r))
            return
        op = self._paint(item.fill, item.stroke)
        if op:
            self.emit(f"{_circle_path(item.cx, item.cy, item.r)} {op}")

    def text_line(self, item: TextLine) -> None:
        """The line's shaped glyph runs (generator.scene.fonts.shape_line) as one text object: each
        face a Type 0 font of the document (pdffonts.py), glyphs placed at HarfBuzz's positions. A
        line's operators are kept per document (a face's text recurs on other cards). A gradient
        colour: the glyphs are the clip (render mode 7) the gradient is painted in."""
        if not isinstance(item.color, Gradient):
            self._paint(item.color, None)
        canvas = self.c
        runs = self.doc.text_runs
        key = (item.font, item.size, item.text, item.features, item.lang, item.rtl)
        ops = runs.get(key)
        if ops is None:
            from generator.render.pdffonts import show_runs

            shaped = shape_line(item.font, item.text, item.features, item.lang, item.rtl)
            ops = runs[key] = show_runs(canvas, self.doc.glyph_fonts, shaped, item.size, _fp)
        placed = f"{_fp(1 / K)} 0 0 {_fp(-1 / K)} {_fp(item.x)} {_fp(item.y)} Tm {ops} ET"
        if isinstance(item.color, Gradient):
            from generator.scene.bounds import line_box

            self._shade(f"BT 7 Tr {placed}", item.color, line_box(item))
            return
        canvas._code.append(f"BT {placed}")

    def image(self, item: Image) -> None:
        a, b, c, d = self.matrices[-1][:4]
        placed = (item.w * math.hypot(a, b), item.h * math.hypot(c, d))
        self.doc.images.draw(item, placed, self.emit)

    def hatch(self, item: Hatch) -> None:
        """The hatch's lines as one form per document for each pen, step and reach (scene/hatch.py's
        tile), placed in the rectangle it is cut at: a clip, a matrix and a Do."""
        n, matrix = hatch_tile(item)
        key = (item.stroke, item.step, n)
        name = self.doc.hatches.get(key)
        if name is None:
            name = self.doc.hatches[key] = f"pnpgenhatch{len(self.doc.hatches) + 1}"
        self.emit(f"q {_rect_path(item.x, item.y, item.w, item.h, item.radius)} W n {' '.join(_f_matrix(matrix))} cm")
        self._place_form(name, tile_lines(*key))
        self.emit("Q")

    def begin_group(self, item: Group) -> None:
        self.faded.append(item.opacity < 1)
        if item.opacity < 1:     # reportlab's state saved too: it keeps the transparency (ExtGState) set
            self.c.saveState()
            self.opacity(max(item.opacity, 0.0))
        else:
            self.emit("q")      # what canvas.saveState writes; its copy of reportlab's own state is not needed
        self.saved.append(list(self.state))
        self.matrices.append(compose(self.matrices[-1], item.transform))
        if item.transform != IDENTITY:
            self.emit(" ".join(_f_matrix(item.transform)) + " cm")
        if item.clip is not None:
            clip = item.clip
            self.emit(f"{_rect_path(clip.x, clip.y, clip.w, clip.h, clip.radius)} W n")
        form = self.placed.get(id(item))
        if form is not None:
            self._place_form(*form)
        elif item.opacity < 1:          # faded as one: a transparency group
            self._place_form(group_form(self.doc, item.items), item.items, group=True)
            self.whole = item
        elif self.patterns and (item.reuse or is_motif(item)):
            self._place_form(motif_form(self.doc, item.items), item.items)
            self.whole = item

    def group_items(self, item: Group) -> Sequence[Item]:
        if self.whole is item:
            self.whole = None
            return ()
        return item.items

    def _place_form(self, name: str, items: tuple[Item, ...], group: bool = False) -> None:
        """Define the form on first use (its own content stream, its own paint state), then Do;
        `group`: a transparency group (the opacity set around the Do fades it as one)."""
        if not self.c.hasForm(name):
            self.c.beginForm(name, *FORM_BOX)
            inner = type(self)(self.doc, patterns=False)
            if group:
                inner.matrices = [self.matrices[-1]]      # its pictures keep their placed size
            walk(items, inner)
            extra = _form_resources(self.c)
            if group:
                extra["Contents"] = _group_stream(self.c)
            self.c.endForm(**extra)
            doc, internal = self.c._doc, self.c._doc.getXObjectName(name)
            form = doc.idToObject[internal]
            spooled = pdfstream.keep(self.c, form)          # a finished form waits in the spool, not in memory
            if spooled is not form:
                spooled.__InternalName__ = internal
                doc.idToObject[internal] = spooled
        self.c.doForm(name)

    def opacity(self, value: float) -> None:
        """Make what the group draws `value` opaque (/ca and /CA on the transparency group it is drawn
        as), times any opacity of the groups around it."""
        alpha = value * self.c._extgstate.getValue("ca")
        self.c.setFillAlpha(alpha)
        self.c.setStrokeAlpha(alpha)

    def end_group(self, item: Group) -> None:
        if self.faded.pop():
            self.c.restoreState()
        else:
            self.emit("Q")      # (paint state is this backend's, restored below; nothing here uses reportlab's)
        self.state = self.saved.pop()
        self.matrices.pop()


def group_form(doc: PdfDocument, items: tuple[Item, ...]) -> str:
    """The form name of a transparent group's items, one per distinct set (copies of a card share it)."""
    return _named_form(doc, items, "group")


def _group_stream(canvas: Canvas) -> object:
    """The content stream of the form being defined, marked a transparency group (/Group /S
    /Transparency): reportlab's forms have no such key, so endForm is given the stream itself."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream, pdfdocEnc

    class GroupStream(PDFStream):  # type: ignore[misc]
        def format(self, document: object) -> bytes:
            self.dictionary["Group"] = PDFDictionary({"Type": PDFName("Group"), "S": PDFName("Transparency")})
            formatted: bytes = super().format(document)
            return formatted

    stream = GroupStream()
    stream.content = pdfdocEnc("\n".join([canvas._preamble, *canvas._code]))
    stream.__Comment__ = "xobject form stream (transparency group)"
    return stream


def _colour(fill: Paint | None) -> str | None:
    return fill if isinstance(fill, str) else None


def _form_resources(canvas: Canvas) -> dict[str, object]:
    """endForm's extra attributes: the resources of a form that paints gradients or sets an opacity
    (reportlab gives a form fonts, pictures and forms only); none for any other form."""
    state = canvas._extgstate.getState()
    if not canvas._shadingUsed and state is None:
        return {}
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if canvas._formsinuse:
        resources.XObject = canvas._doc.xobjDict(canvas._formsinuse)
    if state is not None:
        resources.ExtGState = state
    resources.setShading(canvas._shadingUsed)
    resources.setColorSpace(canvas._colorsUsed)
    return {"Resources": resources}


def motif_form(doc: PdfDocument, items: tuple[Item, ...]) -> str:
    """The form name of these motif items, one per distinct set (equal sets share it)."""
    return _named_form(doc, items, "motif")


def _named_form(doc: PdfDocument, items: tuple[Item, ...], kind: str) -> str:
    """pnpgen<kind>N: the name of the form of these items, N counting the distinct sets of that kind."""
    by_id: dict[int, tuple[tuple[Item, ...], str]] = doc.motif_ids if kind == "motif" else doc.group_ids
    known = by_id.get(id(items))          # cards share one pattern's items: found without hashing
    if known is not None and known[0] is items:
        return known[1]
    names: dict[tuple[Item, ...], str] = doc.motifs if kind == "motif" else doc.groups
    name = names.get(items)
    if name is None:
        name = names[items] = f"pnpgen{kind}{len(names) + 1}"
    by_id[id(items)] = (items, name)
    return name


def _f_matrix(m: Matrix) -> list[str]:
    """Matrix entries: the rotation/scale part with 6 decimals, the offsets like other numbers."""
    a, b, c, d, e, f = m
    return [*_f_linear(a, b, c, d), _f(e), _f(f)]


@lru_cache(maxsize=1024)     # a page's groups turn and scale by a few matrices (quarter turns, a card's scale)
def _f_linear(a: float, b: float, c: float, d: float) -> tuple[str, ...]:
    return tuple(format_number(value, 6) for value in (a, b, c, d))
