"""PNG backend (Pillow): one page as an RGB raster on white, default 300 dpi, shapes anti-aliased by supersampling.

Shapes become pixel-space polygons and centred strokes (dashes cut along the path), so any
group transform works. Text is placed glyph by glyph where HarfBuzz's shaping puts it (the glyph
runs the PDF and SVG draw), so lines break and end where the PDF's do; text under a rotation or
flip is drawn on a layer and turned onto the page. A clipped group draws on a copy of its area, pasted back through
a mask of the clip shape.
"""

from __future__ import annotations

import io
import math
import struct
import zlib
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, Protocol

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.core.units import MM_PER_INCH, MM_PER_PT
from generator.render import pngreuse
from generator.render.base import Backend, alpha_ramp, gradient_ramp, is_motif, rgb, validate_pages, walk
from generator.render.raster import (
    _invert,
    affine_paste,
    dash_runs,
    is_upright,
    matrix_scale,
    rect_outline,
    stroke_outline,
)
from generator.scene.fonts import font_data, font_metrics, nominal_glyph, shaped_width
from generator.scene.gradients import MAX_SPREAD_CYCLES, radial_terms
from generator.scene.model import (
    IDENTITY,
    Circle,
    Gradient,
    Group,
    Image,
    Line,
    Matrix,
    Page,
    Paint,
    Path,
    Polyline,
    Rect,
    Stroke,
    TextLine,
    apply,
    compose,
    translate,
)
from generator.scene.model import Path as ScenePath
from generator.scene.pathgeom import Subpath, flatten
from generator.scene.text import glyph_commands, placed_glyphs

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage
    from PIL import ImageFont

    from generator.scene.model import Item, Point

Ink = tuple[int, int, int] | int      # an RGB colour, or a level on an 'L' mask


class _Deflate(Protocol):
    """A deflate stream (zlib's or ISA-L's compressobj)."""

    def compress(self, data: bytes | memoryview, /) -> bytes: ...

    def flush(self, mode: int = ..., /) -> bytes: ...


SUPERSAMPLE_MAX_PIXELS = 40_000_000   # supersampled canvas budget (pixels) before falling back to 1x
MAX_PIXELS = 150_000_000               # a page larger than this at its dpi is refused


def pixel_size(page: Page, dpi: float) -> tuple[int, int]:
    """Output size in pixels: round(mm / 25.4 * dpi) each way."""
    return (max(1, round(page.width / MM_PER_INCH * dpi)), max(1, round(page.height / MM_PER_INCH * dpi)))


def render_png(page: Page, dpi: float = 300, supersample: int | None = None) -> bytes:
    """One page as PNG bytes (RGB, white background)."""
    return encode_png(render_image(page, dpi, supersample), dpi)


def render_image(page: Page, dpi: float = 300, supersample: int | None = None) -> PILImage.Image:
    """One page as a Pillow RGB image of pixel_size(page, dpi)."""
    from PIL import Image as PILImage

    validate_pages([page])
    width, height = pixel_size(page, dpi)
    if width * height > MAX_PIXELS:
        raise LayoutError(f"{format_number(page.width)} x {format_number(page.height)} mm at "
                          f"{format_number(dpi)} dpi is {width} x {height} px, too large; lower the dpi", key="dpi")
    if supersample is None:
        supersample = 1 if pictures_only(page.items) else 2
    factor = supersample if width * height * supersample ** 2 <= SUPERSAMPLE_MAX_PIXELS else 1
    size = (width * factor, height * factor)
    px_per_mm = dpi / MM_PER_INCH * factor
    base: Matrix = (px_per_mm, 0.0, 0.0, px_per_mm, 0.0, 0.0)
    lead = _lead_group(page.items, base, size)
    start = pngreuse.opening((size, lead[1], factor), lead[0].items) if lead else None
    if start is not None and start.canvas is not None:
        canvas = start.canvas.copy()
    else:
        canvas = PILImage.new("RGB", size, "white")
    backend = PngBackend(canvas, base, factor)
    if lead and start:
        backend.lead = (lead[0], lead[1], start)
    walk(page.items, backend)
    if factor == 1:
        return canvas
    return backend.touched.reduce(canvas) if backend.touched else canvas.reduce(factor)


def _lead_group(items: Sequence[Item], matrix: Matrix, size: tuple[int, int]) -> tuple[Group, Matrix] | None:
    """The innermost group of the page's chain of first items whose clip (if any) is the whole
    canvas, with its matrix: its items are drawn straight on the canvas, before anything else."""
    lead = None
    while items and isinstance(items[0], Group):
        group = items[0]
        matrix = compose(matrix, group.transform) if group.transform != IDENTITY else matrix
        if group.opacity < 1 or (group.clip is not None and not _whole(_clip_geometry(group.clip, matrix, size), size)):
            break
        lead, items = (group, matrix), group.items
    return lead


def pictures_only(items: Iterable[Item]) -> bool:
    """True when the items draw nothing but pictures (in groups clipped to plain rectangles): no
    edge there needs anti-aliasing, so the page is drawn at its output size directly."""
    for item in items:
        if isinstance(item, Group):
            if (item.clip is not None and item.clip.radius > 0) or not pictures_only(item.items):
                return False
        elif not isinstance(item, Image):
            return False
    return True


def _axis_aligned(m: Matrix) -> bool:
    """A scale along the axes (either sign: flips allowed) plus a translation."""
    return abs(m[1]) < 1e-9 and abs(m[2]) < 1e-9 and m[0] != 0 and m[3] != 0


def paste_fitted(target: PILImage.Image, item: Image, m: Matrix, pixels: tuple[int, int], supersample: int) -> None:
    """An axis-aligned picture (flips included) resized once at output resolution (1/supersample of
    the canvas), scaled up by whole pixels to the canvas, and pasted through its alpha."""
    xs = sorted((m[4], m[4] + pixels[0] * m[0]))
    ys = sorted((m[5], m[5] + pixels[1] * m[3]))
    left, top, right, bottom = round(xs[0]), round(ys[0]), round(xs[1]), round(ys[1])
    if right <= left or bottom <= top:
        return
    picture, opaque = pngreuse.placed(item, (right - left, bottom - top), supersample, m[0] < 0, m[3] < 0)
    # an RGBA picture on the RGB canvas: its colours copied (or blended by its alpha), as converted to RGB
    target.paste(picture, (left, top), None if opaque else picture)


PNG_COMPRESS_LEVEL = 1      # deflate level: ISA-L's level 1 when installed (~6x faster than zlib's), else zlib's
_PNG_COLOUR_TYPES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}   # mode -> PNG colour type, bytes a pixel


def _compressor() -> _Deflate:
    """A deflate stream in zlib format: ISA-L's (isal) when it is installed, else the standard zlib's."""
    try:
        from isal import isal_zlib
    except ImportError:     # pragma: no cover - isal is a dependency; a platform without its wheel falls back
        return zlib.compressobj(PNG_COMPRESS_LEVEL)
    return isal_zlib.compressobj(PNG_COMPRESS_LEVEL)


def encode_png(image: PILImage.Image, dpi: float) -> bytes:
    """PNG bytes of a Pillow image, with its resolution recorded: L, RGB and RGBA written here, rows
    unfiltered (Pillow's adaptive filter costs twice the deflate pass and, on flat card art, gives larger
    files), one IDAT; other modes through Pillow."""
    if image.mode not in _PNG_COLOUR_TYPES:
        buf = io.BytesIO()
        image.save(buf, "PNG", dpi=(dpi, dpi), compress_level=PNG_COMPRESS_LEVEL)
        return buf.getvalue()
    colour, depth = _PNG_COLOUR_TYPES[image.mode]
    width, height = image.size
    # each row followed by one zero byte (the raw encoder pads a row to the stride given): after a
    # leading zero and without the last byte, that is every row behind its filter byte 0
    padded = image.tobytes("raw", (image.mode, width * depth + 1))
    stream = _compressor()
    idat = stream.compress(b"\0") + stream.compress(memoryview(padded)[:-1]) + stream.flush()
    ppm = int(dpi / 0.0254 + 0.5)     # pixels per metre, rounded as Pillow does
    return b"".join((b"\x89PNG\r\n\x1a\n",
                     _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)),
                     _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)),
                     _chunk(b"IDAT", idat),
                     _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@lru_cache(maxsize=256)
def _pil_font(face: str, size_px: float) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    data, index = font_data(face)
    return ImageFont.truetype(io.BytesIO(data), size_px, index=index, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=16384)
def _glyph(font: ImageFont.FreeTypeFont, ch: str, mode: str, ink: int, fx: float,
           fy: float) -> tuple[object, int, int, int, int]:
    """One glyph's coverage mask at a sub-pixel start, and its offset (Pillow's getmask2, as
    ImageDraw.text calls it): a face's text recurs at the same places on other cards."""
    mask, (dx, dy) = font.getmask2(ch, mode, None, None, None, 0, "ls", ink, (fx, fy), stroke_filled=True)
    return mask, dx, dy, *mask.size


PlacedMasks = tuple[tuple[tuple[int, int], object], ...]
Outlines = tuple[list[Subpath], ...]


@lru_cache(maxsize=4096)
def _placed_glyphs(m: Matrix, item: TextLine, mode: str,
                   ink: int) -> tuple[PlacedMasks, Outlines, tuple[int, int, int, int] | None]:
    """A line's shaped glyphs (generator.scene.text.placed_glyphs) as pixels: a character's own
    glyph as FreeType's mask where draw.text(xy, ch, anchor="ls") would put it; every other glyph
    (ligatures, contextual forms, marks moved by the font) as its outline's polygons, filled by the
    caller. And the box they cover: a deck's lines recur on its cards."""
    placed: list[tuple[tuple[int, int], object]] = []
    outlines: list[list[Subpath]] = []
    left = top = 1 << 30
    right = bottom = -(1 << 30)
    size_px = round(item.size * MM_PER_PT * m[0], 2)
    for face, gid, x, y, chars in placed_glyphs(item):
        if chars.isspace():
            continue
        if chars and nominal_glyph(face, chars) == gid:
            gx, gy = apply(m, x, y)
            mask, dx, dy, w, h = _glyph(_pil_font(face, size_px), chars, mode, ink,
                                        math.modf(gx)[0], math.modf(gy)[0])
            px, py = int(gx) + dx, int(gy) + dy
            placed.append(((px, py), mask))
            left, top, right, bottom = min(left, px), min(top, py), max(right, px + w), max(bottom, py + h)
            continue
        subpaths = flatten(ScenePath(glyph_commands(face, gid, x, y, item.size), fill="#000000", stroke=None), m, 0.2)
        points = [p for ring, _ in subpaths for p in ring]
        if points:
            outlines.append(subpaths)
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            left, top = min(left, math.floor(min(xs))), min(top, math.floor(min(ys)))
            right, bottom = max(right, math.ceil(max(xs))), max(bottom, math.ceil(max(ys)))
    return tuple(placed), tuple(outlines), ((left, top, right, bottom) if right > left else None)


class _Frame:
    """Where drawing goes: a target image, its draw handle and the mm → pixel matrix."""

    def __init__(self, target: PILImage.Image, matrix: Matrix, origin: tuple[int, int] = (0, 0),
                 mask: PILImage.Image | Literal[True] | None = None) -> None:
        from PIL import ImageDraw

        self.target = target
        self.draw = ImageDraw.Draw(target)
        self.matrix = matrix
        self.origin = origin
        self.mask = mask
        self.motif: tuple[_MotifKey, tuple[Item, ...], bytes] | None = None   # a motif to keep once drawn
        self.reused = False      # a motif's pixels from an earlier page: its items are not drawn
        # an opacity group: the pixel box it may draw in, those pixels before it, its opacity
        self.fade: tuple[tuple[int, int, int, int], PILImage.Image, float] | None = None


class PngBackend(Backend):
    """Draws primitives with Pillow onto an RGB canvas."""

    def __init__(self, canvas: PILImage.Image, matrix: Matrix, supersample: int = 1) -> None:
        self.frames = [_Frame(canvas, matrix)]
        self.supersample = supersample     # pictures are resampled at 1/supersample of the canvas
        self.lead: tuple[Group, Matrix, pngreuse.Opening] | None = None   # the page's opening (render_image)
        self.canvas = canvas
        self.touched: pngreuse.Touched | None = None      # what was drawn on the canvas after its opening

    def _touch(self, left: float, top: float, right: float, bottom: float) -> None:
        """Pixels of the current target in this box were drawn on."""
        if self.touched is not None and self.frame.target is self.canvas:
            self.touched.add(left, top, right, bottom)

    @property
    def frame(self) -> _Frame:
        return self.frames[-1]

    # -- paint ------------------------------------------------------------------------------
    def _fill(self, points: list[Point], color: Paint | None) -> None:
        if color is None or len(points) < 3:
            return
        if isinstance(color, Gradient):
            _fill_gradient(self.frame.target, [points], "nonzero", color, self.frame.matrix)
            self._touch(*_bounds(points))
            return
        box = rect_pixels(points, self.frame.target.size) if len(points) == 4 else None
        if box is None:
            self.frame.draw.polygon(points, fill=rgb(color))
        elif box[2] > box[0] and box[3] > box[1]:
            self.frame.target.paste(rgb(color), box)
        if self.touched is not None:
            self._touch(*_bounds(points))

    def _paint(self, outlines: Sequence[Sequence[Point]], stroke: Stroke | None) -> None:
        """A stroke's outline polygons filled in its colour."""
        if stroke is not None and outlines:
            color = rgb(stroke.color)
            polygon = self.frame.draw.polygon
            for outline in outlines:
                polygon(outline, fill=color)
                if self.touched is not None:
                    self._touch(*_bounds(outline))

    # -- primitives -------------------------------------------------------------------------
    def rect(self, item: Rect) -> None:
        points, outlines = _shape(item, self.frame.matrix)
        self._fill(points, item.fill)
        self._paint(outlines, item.stroke)

    def line(self, item: Line) -> None:
        self._paint(_shape(item, self.frame.matrix)[1], item.stroke)

    def polyline(self, item: Polyline) -> None:
        points, outlines = _shape(item, self.frame.matrix)
        if item.closed:
            self._fill(points, item.fill)
        self._paint(outlines, item.stroke)

    def path(self, item: Path) -> None:
        subpaths = flatten(item, self.frame.matrix, tolerance=0.2)
        if isinstance(item.fill, Gradient):
            _fill_gradient(self.frame.target, [points for points, _ in subpaths], item.fill_rule, item.fill,
                           self.frame.matrix)
        elif item.fill is not None:
            _fill_subpaths(self.frame.target, subpaths, item.fill_rule, rgb(item.fill))
        if item.fill is not None:
            if self.touched is not None and any(points for points, _ in subpaths):
                self._touch(*_bounds([p for points, _ in subpaths for p in points]))
        if item.stroke is not None:
            scale = matrix_scale(self.frame.matrix)    # the points are pixels already
            for points, closed in subpaths:
                self._paint(stroke_outlines(points, item.stroke, closed, scale), item.stroke)

    def circle(self, item: Circle) -> None:
        points, outlines = _shape(item, self.frame.matrix)
        self._fill(points, item.fill)
        self._paint(outlines, item.stroke)

    def text_line(self, item: TextLine) -> None:
        m = self.frame.matrix
        if not is_upright(m):
            self._text_layer(item, m)
        elif isinstance(item.color, Gradient):
            self._gradient_text(item, m, item.color)
        else:
            box = self._glyphs(self.frame.target, m, item, rgb(item.color))
            if box is not None:
                self._touch(*box)

    def _gradient_text(self, item: TextLine, m: Matrix, gradient: Gradient) -> None:
        """Upright text in a gradient: its glyphs drawn as a mask where they go, the gradient pasted through it."""
        from PIL import Image as PILImage

        box = _placed_glyphs(m, item, self.frame.draw.fontmode, 255)[2]
        if box is None:
            return
        left, top, right, bottom = box
        shifted = compose(translate(-left, -top), m)
        mask = PILImage.new("L", (right - left, bottom - top), 0)
        self._glyphs(mask, shifted, item, 255)
        _paste_gradient(self.frame.target, gradient_image(gradient, shifted, mask.size), (left, top), mask)
        self._touch(left, top, right, bottom)

    def _glyphs(self, target: PILImage.Image, m: Matrix, item: TextLine,
                fill: Ink) -> tuple[int, int, int, int] | None:
        """Each shaped glyph at HarfBuzz's place (x, y mm → pixels by m); the box the glyphs cover
        (None when no glyph was drawn)."""
        from PIL import ImageDraw

        draw = self.frame.draw if target is self.frame.target else ImageDraw.Draw(target)
        ink = draw.draw.draw_ink(fill)
        placed, outlines, box = _placed_glyphs(m, item, draw.fontmode, ink)
        bitmap = draw.draw.draw_bitmap
        for xy, mask in placed:
            bitmap(xy, mask, ink)
        for subpaths in outlines:
            _fill_subpaths(target, subpaths, "nonzero", fill)
        return box

    def _text_layer(self, item: TextLine, m: Matrix) -> None:
        """Text under rotation/flip/shear: draw upright on a mask layer, then map it onto the page."""
        from PIL import Image as PILImage

        fm = font_metrics(item.font)
        scale = matrix_scale(m)
        unit = item.size / 1000.0 * MM_PER_PT
        pad = item.size * MM_PER_PT * 0.2
        x0, y0 = item.x - pad, item.y - fm.ascent * unit - pad
        w_mm = shaped_width(item.font, item.text, item.features, item.lang) * unit + 2 * pad
        h_mm = (fm.ascent + fm.descent) * unit + 2 * pad
        layer = PILImage.new("L", (max(1, math.ceil(w_mm * scale)), max(1, math.ceil(h_mm * scale))), 0)
        local = (scale, 0.0, 0.0, scale, -x0 * scale, -y0 * scale)
        self._glyphs(layer, local, item, 255)
        to_page = compose(m, compose(translate(x0, y0), (1 / scale, 0.0, 0.0, 1 / scale, 0.0, 0.0)))
        if isinstance(item.color, Gradient):      # the gradient in the layer's pixels, the glyphs its alpha
            painted = gradient_image(item.color, local, layer.size)
            painted.putalpha(_times(layer, painted) if painted.mode == "RGBA" else layer)
            affine_paste(self.frame.target, painted, to_page, None)
        else:
            affine_paste(self.frame.target, layer, to_page, rgb(item.color))
        self._touch(*_bounds([apply(to_page, u, v) for u in (0, layer.width) for v in (0, layer.height)]))

    def image(self, item: Image) -> None:
        from generator.render.images import decoded, pixels_of

        width, height = pixels_of(item)
        to_page = compose(self.frame.matrix, (item.w / width, 0.0, 0.0, item.h / height, item.x, item.y))
        if _axis_aligned(to_page):
            paste_fitted(self.frame.target, item, to_page, (width, height), self.supersample)
        else:
            affine_paste(self.frame.target, decoded(item), to_page, None)
        self._touch(*_bounds([apply(to_page, u, v) for u in (0, width) for v in (0, height)]))

    def begin_group(self, item: Group) -> None:
        parent = self.frame
        self._begin_group(item)
        if item.opacity < 1:     # drawn as it is, then blended with the pixels it was drawn over
            box = _fade_box(item, parent.matrix, parent.target.size)
            self.frame.fade = (box, parent.target.crop(box), max(item.opacity, 0.0))

    def _begin_group(self, item: Group) -> None:
        frame = self.frame
        matrix = compose(frame.matrix, item.transform) if item.transform != IDENTITY else frame.matrix
        if item.clip is None:
            self.frames.append(_Frame(frame.target, matrix, frame.origin))
            return
        geometry = _clip_geometry(item.clip, matrix, frame.target.size)
        if _whole(geometry, frame.target.size):   # the clip is the whole target: no copy
            self.frames.append(_Frame(frame.target, matrix, frame.origin))
            return
        outline, plain, box = geometry
        sub = frame.target.crop(box)
        shifted = compose(translate(-box[0], -box[1]), matrix)
        mask: PILImage.Image | Literal[True] = True if plain else _clip_mask(outline, box)
        self.frames.append(_Frame(sub, shifted, (box[0], box[1]), mask))
        if is_motif(item):
            self._motif_begin(item, shifted)

    def _motif_begin(self, item: Group, shifted: Matrix) -> None:
        """A pattern's dots over the same pixels, at the same place, drawn before (on an earlier
        card): its finished pixels are reused and its items skipped; else they are kept when drawn."""
        frame = self.frame
        before = frame.target.tobytes()
        key = (id(item.items), shifted, frame.target.size, frame.mask is True)
        hit = _MOTIF_CACHE.get(key)
        if hit is not None and hit[0] is item.items and hit[1] == before:
            _MOTIF_CACHE.move_to_end(key)
            frame.target, frame.reused = hit[2], True
        else:
            frame.motif = (key, item.items, before)

    def group_items(self, item: Group) -> Sequence[Item]:
        if self.frame.reused:
            return ()
        if self.lead is not None and self.lead[0] is item:
            _, matrix, start = self.lead
            self.lead = None
            return self._lead_items(item, matrix, start)
        return item.items

    def _lead_items(self, item: Group, matrix: Matrix, start: pngreuse.Opening) -> Sequence[Item]:
        """The page's leading group (render_image started the canvas from a kept opening when it
        had one): the items shared with a recent page drawn and the canvas kept; the rest to walk."""
        frame = self.frame
        if frame.target is not self.frames[0].target or frame.matrix != matrix:
            raise RuntimeError("internal: the page's leading group is not drawn on the canvas")
        reduced = start.reduced
        if start.keep > start.start:
            walk(item.items[start.start:start.keep], self)
            reduced = pngreuse.keep((frame.target.size, matrix, self.supersample), item.items[:start.keep], frame.target)
        if reduced is not None and self.supersample > 1:
            self.touched = pngreuse.Touched(frame.target.size, self.supersample, reduced)
        return item.items[start.keep:]

    def end_group(self, item: Group) -> None:
        done = self.frames.pop()
        if done.motif is not None:
            _keep_motif(*done.motif, done.target)
        if done.mask is True:          # an axis-aligned rectangle: the box is the clip
            self.frame.target.paste(done.target, done.origin)
        elif done.mask is not None and done.mask.getbbox():
            self.frame.target.paste(done.target, done.origin, done.mask)
        elif done.fade is None:
            return
        if done.fade is not None:
            _fade(self.frame.target, *done.fade)
        if done.mask is not None:
            self._touch(*done.origin, done.origin[0] + done.target.width, done.origin[1] + done.target.height)


_MotifKey = tuple[int, Matrix, tuple[int, int], bool]
_MOTIF_CACHE: OrderedDict[_MotifKey, tuple[tuple[Item, ...], bytes, PILImage.Image]] = OrderedDict()
MOTIF_CACHE_BYTES = 64_000_000    # pixels kept (before and after drawing) across pages, oldest dropped first


def _keep_motif(key: _MotifKey, items: tuple[Item, ...], before: bytes, after: PILImage.Image) -> None:
    """Keep a drawn motif's pixels (with the pixels it was drawn over) for later pages."""
    _MOTIF_CACHE[key] = (items, before, after)
    while sum(2 * len(entry[1]) for entry in _MOTIF_CACHE.values()) > MOTIF_CACHE_BYTES:
        _MOTIF_CACHE.popitem(last=False)


SHAPES_KEPT = 1024     # items whose pixel outlines are kept (a card's frames and rings recur on every card)


@lru_cache(maxsize=SHAPES_KEPT)
def _shape(item: Rect | Line | Polyline | Circle, m: Matrix) -> tuple[list[Point], list[list[Point]]]:
    """An item's outline in pixels (what its fill covers) and its stroke's outline polygons."""
    scale = matrix_scale(m)
    closed = True
    local: Sequence[Point]
    if isinstance(item, Rect):
        local = rect_outline(item.x, item.y, item.w, item.h, item.radius, scale)
    elif isinstance(item, Line):
        local, closed = ((item.x1, item.y1), (item.x2, item.y2)), False
    elif isinstance(item, Polyline):
        local, closed = item.points, item.closed
    else:
        steps = max(24, min(720, int(2 * math.pi * item.r * scale / 3)))
        local = [(item.cx + item.r * math.cos(2 * math.pi * i / steps),
                  item.cy + item.r * math.sin(2 * math.pi * i / steps)) for i in range(steps)]
    points = [apply(m, x, y) for x, y in local]
    return points, stroke_outlines(points, item.stroke, closed, scale)


def stroke_outlines(points: list[Point], stroke: Stroke | None, closed: bool, scale: float) -> list[list[Point]]:
    """The polygons that cover a stroke along pixel points (one a dash); scale: pixels per mm
    (for the width and the dashes)."""
    if stroke is None or len(points) < 2:
        return []
    width = max(1.0, stroke.width * scale)
    if stroke.dash:
        runs = dash_runs(points + points[:1] if closed else points, [d * scale for d in stroke.dash])
        outlines = [stroke_outline(run, width, False) for run in runs]
    else:
        outlines = [stroke_outline(points, width, closed)]
    return [outline for outline in outlines if len(outline) >= 3]


def rect_pixels(points: Sequence[Point], size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """The pixel box Pillow's polygon fill covers for an axis-aligned rectangle (its four corners
    in turn), cut to the image: columns int(left)..int(right) and rows int(top)..int(bottom), both
    ends included (coordinates truncated toward zero); None for any other polygon. Filling this
    box is the same pixels, without the scanline pass over the whole card."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = points
    if not ((x0 == x1 and y1 == y2 and x2 == x3 and y3 == y0) or (y0 == y1 and x1 == x2 and y2 == y3 and x3 == x0)):
        return None
    left, right = sorted((x0, x2))
    top, bottom = sorted((y0, y2))
    return (max(0, int(left)), max(0, int(top)), min(size[0], int(right) + 1), min(size[1], int(bottom) + 1))


def _bounds(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """The box around points."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _clip_geometry(clip: Rect, matrix: Matrix, size: tuple[int, int]) -> tuple[list[Point], bool, tuple[int, int, int, int]]:
    """A clip rectangle on a target: its pixel outline, whether it is an axis-aligned rectangle
    with square corners (then its box, snapped to whole pixels, is the clip), and its pixel box."""
    outline = [apply(matrix, x, y) for x, y in
               rect_outline(clip.x, clip.y, clip.w, clip.h, clip.radius, matrix_scale(matrix))]
    plain = clip.radius <= 0 and abs(matrix[1]) < 1e-9 and abs(matrix[2]) < 1e-9
    return outline, plain, _clip_box(outline, size, snap=plain)


def _whole(geometry: tuple[list[Point], bool, tuple[int, int, int, int]], size: tuple[int, int]) -> bool:
    """A clip that keeps the whole target."""
    return geometry[1] and geometry[2] == (0, 0, *size)


def _clip_box(outline: Sequence[Point], size: tuple[int, int], snap: bool = False) -> tuple[int, int, int, int]:
    """Pixel box around the clip outline, inside the target (at least 1x1); snap rounds to the
    nearest pixel edge (an axis-aligned rectangle clip is then exactly the box)."""
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    low, high = (round, round) if snap else (math.floor, math.ceil)
    left = min(max(0, low(min(xs))), size[0] - 1)
    top = min(max(0, low(min(ys))), size[1] - 1)
    right = max(left + 1, min(size[0], high(max(xs))))
    bottom = max(top + 1, min(size[1], high(max(ys))))
    return (left, top, right, bottom)


def decode_image(data: bytes) -> PILImage.Image:
    """An Image item's bytes as an RGBA Pillow image; LayoutError if they are not an image."""
    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    try:
        image = PILImage.open(io.BytesIO(data))
        image.load()
    except (UnidentifiedImageError, OSError, ValueError) as err:
        raise LayoutError(f"image data is not a readable PNG/JPEG ({err})", key="image") from None
    return image.convert("RGBA")


def _fill_subpaths(target: PILImage.Image, subpaths: list[Subpath], rule: str, color: Ink) -> None:
    """Fill polygons by a fill rule: one polygon directly; several through a coverage mask, where
    each simple subpath counts +1 or -1 by its winding (nonzero) or flips coverage (evenodd)."""
    from PIL import Image as PILImage
    from PIL import ImageChops, ImageDraw

    rings = [points for points, _ in subpaths if len(points) >= 3]
    if not rings:
        return
    if len(rings) == 1:
        ImageDraw.Draw(target).polygon(rings[0], fill=color)
        return
    box = _clip_box([p for ring in rings for p in ring], target.size)
    size = (box[2] - box[0], box[3] - box[1])
    counts = {1: PILImage.new("L", size, 0), -1: PILImage.new("L", size, 0)}
    layer = PILImage.new("L", size, 0)
    draw = ImageDraw.Draw(layer)
    for ring in rings:
        sign = 1 if rule == "evenodd" or _signed_area(ring) >= 0 else -1
        draw.rectangle((0, 0, size[0], size[1]), fill=0)
        draw.polygon([(x - box[0], y - box[1]) for x, y in ring], fill=1)
        counts[sign] = ImageChops.add(counts[sign], layer)
    if rule == "evenodd":
        mask = counts[1].point(lambda v: 255 if v % 2 else 0)
    else:
        mask = ImageChops.difference(counts[1], counts[-1]).point(lambda v: 255 if v else 0)
    target.paste(color, box, mask)


def _fade(target: PILImage.Image, box: tuple[int, int, int, int], before: PILImage.Image, opacity: float) -> None:
    """The target's pixels in box, as drawn since `before` (that box's pixels then), made `opacity`
    opaque over them (a group's opacity)."""
    from PIL import Image as PILImage
    from PIL import ImageChops

    after = target.crop(box)
    changed = ImageChops.difference(before, after).getbbox()
    if changed is None:
        return
    left, top = box[0] + changed[0], box[1] + changed[1]
    target.paste(PILImage.blend(before.crop(changed), after.crop(changed), opacity), (left, top))


FADE_PAD_MM = 2.0      # around a transparent group's items: strokes, anti-aliased edges, glyph overhangs


def _fade_box(item: Group, matrix: Matrix, size: tuple[int, int]) -> tuple[int, int, int, int]:
    """The pixel box a transparent group can draw in (its items' box, padded), on a target of size."""
    from generator.scene.bounds import items_box, transform_box

    inner = items_box(item.items, paths=True)
    if inner is None:
        return (0, 0, *size)
    pad = FADE_PAD_MM
    x0, y0, x1, y1 = transform_box((inner[0] - pad, inner[1] - pad, inner[2] + pad, inner[3] + pad),
                                   compose(matrix, item.transform))
    left, top = min(max(0, math.floor(x0)), size[0]), min(max(0, math.floor(y0)), size[1])
    return (left, top, max(left, min(size[0], math.ceil(x1))), max(top, min(size[1], math.ceil(y1))))


RAMP_SPAN = 40      # a linear gradient's ramp image reaches this many lengths either side (padded colours)


def _fill_gradient(target: PILImage.Image, rings: Sequence[Sequence[Point]], rule: str, gradient: Gradient,
                   matrix: Matrix) -> None:
    """Pixel rings (a polygon, or a path's subpaths by the fill rule) painted with a gradient given
    in the coordinates `matrix` maps to pixels."""
    from PIL import Image as PILImage
    from PIL import ImageDraw

    rings = [ring for ring in rings if len(ring) >= 3]
    if not rings:
        return
    box = _clip_box([p for ring in rings for p in ring], target.size)
    size = (box[2] - box[0], box[3] - box[1])
    mask = PILImage.new("L", size, 0)
    if len(rings) == 1:
        ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in rings[0]], fill=255)
    else:
        _fill_subpaths(mask, [([(x - box[0], y - box[1]) for x, y in ring], True) for ring in rings], rule, 255)
    _paste_gradient(target, gradient_image(gradient, compose(translate(-box[0], -box[1]), matrix), size), box[:2],
                    mask)


def _paste_gradient(target: PILImage.Image, picture: PILImage.Image, at: tuple[int, int],
                    mask: PILImage.Image) -> None:
    """A gradient's picture pasted through a shape's mask (times its stop opacity when it has one)."""
    if picture.mode == "RGBA":
        mask = _times(mask, picture)
        picture = picture.convert("RGB")
    target.paste(picture, at, mask)


def _times(mask: PILImage.Image, picture: PILImage.Image) -> PILImage.Image:
    """The mask times the picture's alpha (both 0..255)."""
    from PIL import ImageChops

    return ImageChops.multiply(mask, picture.getchannel("A"))


def gradient_image(gradient: Gradient, matrix: Matrix, size: tuple[int, int]) -> PILImage.Image:
    """An image of `size` pixels of the gradient, its coordinates mapped to the pixels by `matrix`:
    RGB, or RGBA when its stops have opacity."""
    from PIL import Image as PILImage

    to_gradient = _invert(compose(matrix, gradient.transform))
    if not gradient.plain:
        levels = _levels(gradient, to_gradient, size)
        ramp = gradient_ramp(gradient.stops)
        bands = [levels.point([colour[i] for colour in ramp]) for i in range(3)]
        if gradient.alphas:
            bands.append(levels.point(alpha_ramp([o for o, _ in gradient.stops], gradient.alphas)))
        return PILImage.merge("RGBA" if gradient.alphas else "RGB", bands)
    a, b, c, d, e, f = to_gradient        # pixel (x, y) -> gradient space (a x + c y + e, b x + d y + f)
    if gradient.kind == "radial":
        r = max(gradient.r, 1e-9)
        k = 128 / r                        # _disc: 255 at 128 px from (128, 128)
        data = (a * k, c * k, (e - gradient.x1) * k + 128, b * k, d * k, (f - gradient.y1) * k + 128)
        levels = _disc().transform(size, PILImage.Transform.AFFINE, data,
                                                         PILImage.Resampling.BILINEAR, fillcolor=255)
    else:
        dx, dy = gradient.x2 - gradient.x1, gradient.y2 - gradient.y1
        length2 = max(dx * dx + dy * dy, 1e-18)
        # t = ((u - x1) dx + (v - y1) dy) / |d|^2, mapped onto a ramp 256 px a length, padded either side
        k = 256 / length2
        data = ((a * dx + b * dy) * k, (c * dx + d * dy) * k,
                ((e - gradient.x1) * dx + (f - gradient.y1) * dy) * k + 256 * RAMP_SPAN, 0.0, 0.0, 1.0)
        levels = _ramp().transform(size, PILImage.Transform.AFFINE, data, PILImage.Resampling.BILINEAR)
    ramp = gradient_ramp(gradient.stops)
    bands = [levels.point([colour[i] for colour in ramp]) for i in range(3)]
    return PILImage.merge("RGB", bands)


def _levels(gradient: Gradient, to_gradient: Matrix, size: tuple[int, int]) -> PILImage.Image:
    """The gradient's t at each pixel (its centre mapped into gradient space by to_gradient), spread
    (pad, reflect, repeat) and scaled to levels 0..255 of gradient_ramp: computed per pixel in 32-bit
    floats by Pillow's ImageMath (a gradient with a focal point, or spread beyond its ends, has no
    fixed picture to map as the plain ones do)."""
    import array

    from PIL import Image as PILImage
    from PIL import ImageMath

    w, h = size
    xs = PILImage.frombytes("F", (w, 1), array.array("f", [x + 0.5 for x in range(w)]).tobytes())
    ys = PILImage.frombytes("F", (1, h), array.array("f", [y + 0.5 for y in range(h)]).tobytes())
    xs, ys = xs.resize(size, PILImage.Resampling.NEAREST), ys.resize(size, PILImage.Resampling.NEAREST)
    a, b, c, d, e, f = to_gradient
    if gradient.kind == "radial":
        fx, fy, fr, dx, dy, dr = radial_terms(gradient)
        qa = dx * dx + dy * dy - dr * dr               # < 0: the circles nest (see generator.scene.gradients)
        bx, by, b0 = a * dx + b * dy, c * dx + d * dy, (e - fx) * dx + (f - fy) * dy + fr * dr
        t = ImageMath.lambda_eval(
            lambda m: _radial_t(m["x"] * a + m["y"] * c + (e - fx), m["x"] * b + m["y"] * d + (f - fy),
                                m["x"] * bx + m["y"] * by + b0, qa, fr, m["max"]), x=xs, y=ys)
    else:
        dx, dy = gradient.x2 - gradient.x1, gradient.y2 - gradient.y1
        k = 1 / max(dx * dx + dy * dy, 1e-18)
        t = ImageMath.lambda_eval(
            lambda m: m["x"] * ((a * dx + b * dy) * k) + m["y"] * ((c * dx + d * dy) * k)
            + ((e - gradient.x1) * dx + (f - gradient.y1) * dy) * k, x=xs, y=ys)
    bound = 2.0 * (MAX_SPREAD_CYCLES + 2)      # an even count of lengths: far beyond any shape's span
    spread = gradient.spread
    levels: PILImage.Image = ImageMath.lambda_eval(lambda m: _spread(m["t"], spread, bound, m), t=t)
    return levels.convert("L")


def _radial_t(qx: Any, qy: Any, bb: Any, qa: float, fr: float, largest: Any) -> Any:
    """t of a two-circle radial gradient from ImageMath operands: the larger root of
    qa t^2 - 2 bb t + (q.q - fr^2) = 0."""
    return (bb - largest(bb * bb - (qx * qx + qy * qy - fr * fr) * qa, 0.0) ** 0.5) / qa


def _spread(t: Any, spread: str, bound: float, m: dict[str, Any]) -> Any:
    """ImageMath: t spread into 0..1 and scaled to levels 0..255 (plus a half, as F to L truncates)."""
    if spread == "pad":
        return m["min"](m["max"](t, 0.0), 1.0) * 255 + 0.5
    t = m["min"](m["max"](t, -bound), bound) + bound          # >= 0: int() truncates to its floor
    if spread == "repeat":
        return (t - m["float"](m["int"](t))) * 255 + 0.5
    turn = t - m["float"](m["int"](t * 0.5)) * 2                # 0..2: up the stops, then back down
    return (1 - abs(turn - 1)) * 255 + 0.5


@lru_cache(maxsize=1)
def _disc() -> PILImage.Image:
    """256 x 256 levels of the distance from (128, 128): 255 at 128 px and beyond."""
    from PIL import Image as PILImage

    row = range(256)
    data = bytes(min(255, round(math.hypot(x + 0.5 - 128, y + 0.5 - 128) * 255 / 128)) for y in row for x in row)
    return PILImage.frombytes("L", (256, 256), data)


@lru_cache(maxsize=1)
def _ramp() -> PILImage.Image:
    """0 for RAMP_SPAN lengths, a ramp 0..255 over one length of 256 px, then 255 (two rows alike)."""
    from PIL import Image as PILImage

    row = bytes([0]) * (256 * RAMP_SPAN) + bytes(range(256)) + bytes([255]) * (256 * RAMP_SPAN)
    return PILImage.frombytes("L", (len(row), 2), row * 2)


def _signed_area(ring: list[Point]) -> float:
    """Twice the signed area of a polygon (its sign is its winding direction)."""
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True))


def _clip_mask(outline: Sequence[Point], box: tuple[int, int, int, int]) -> PILImage.Image:
    from PIL import Image as PILImage
    from PIL import ImageDraw

    mask = PILImage.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    ImageDraw.Draw(mask).polygon([(x - box[0], y - box[1]) for x, y in outline], fill=255)
    return mask
