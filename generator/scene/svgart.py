"""SVG art (icons such as game-icons.net's) read into scene Paths: parsed by svgelements, placed in a box, recoloured.

An SVG file becomes `SvgArt`: its viewport size and one `ArtShape` per painted shape, in the
SVG's own units with every transform applied and arcs turned into cubic curves. `art_items`
places it in a box in mm (contain, cover or stretch) as scene Paths, optionally overriding the
fill and stroke colours and dropping a full-size background square (game-icons SVGs start
with a black `M0 0h512v512H0z`). A fill that is a `linearGradient` or `radialGradient` becomes a
scene Gradient, drawn by every backend as a browser draws it: its stops with their stop-opacity (times an rgba() stop colour's alpha),
units, gradientTransform and the shape's transform, a radial gradient's focal point and focal
radius (fx, fy, fr; a focus beyond the circle is moved just inside it, as SVG 1.1 and librsvg do)
and spreadMethod pad, reflect or repeat (see generator.scene.gradients). A gradient of more than
MAX_GRADIENT_STOPS stops, or one whose reflect or repeat would draw more than MAX_SPREAD_CYCLES
copies of its stops across its shape, is refused naming the limit; a gradient of no length (x1, y1
= x2, y2, or r = 0) paints its last stop's colour, as SVG says. A shape's opacity (with its
fill-opacity, or stroke-opacity when it has no fill) becomes a transparent group. Transparency in
PDF/X output (stop-opacity, opacity) is flattened into pixels (generator/render/pdfx.py).
Backends draw the Paths as vectors (PDF, SVG) or rasterise them (PNG). An SVG that refers to
anything outside itself (external files, images, scripts, event handlers, style imports) is
refused before it is parsed: reading art never touches the network or another file.
"""

from __future__ import annotations

import io
import itertools
import operator
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path as FilePath
from typing import Any

from generator.core.errors import DataError
from generator.scene.gradients import MAX_GRADIENT_STOPS, MAX_SPREAD_CYCLES, cycles
from generator.scene.model import (
    IDENTITY,
    SPREADS,
    Gradient,
    Group,
    Item,
    Matrix,
    Paint,
    Path,
    PathCommand,
    Rect,
    Stroke,
    compose,
)

KEEP = "keep"          # art_items: leave the SVG's own colour
FITS = ("contain", "cover", "stretch")
MAX_BYTES = 5_000_000
MAX_SHAPES = 10_000          # painted shapes a file expands to, <use> copies counted
MAX_SEGMENTS = 100_000       # path segments (points) it expands to
MAX_TAGS = 100_000           # '<' in the file: elements opened and closed, counted before parsing
MAX_DEPTH = 200              # elements within elements, a <use> and what it copies counted
_NOT_DRAWN = {"defs", "symbol", "clippath", "mask", "pattern", "marker", "lineargradient", "radialgradient"}
_SHAPE_TAGS = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")

_REFUSED_TAGS = {"script": "a script", "image": "an embedded or linked image", "feimage": "a linked image",
                 "foreignobject": "foreign (HTML) content", "iframe": "an iframe", "audio": "audio",
                 "video": "video", "text": "text (convert text to paths in your editor)",
                 "textpath": "text (convert text to paths in your editor)"}
_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)


@dataclass(frozen=True)
class ArtShape:
    """One painted shape in SVG units: commands (M, L, Q, C, Z), colours ("#rrggbb" or None)."""

    commands: tuple[PathCommand, ...]
    fill: Paint | None
    stroke: str | None
    stroke_width: float
    fill_rule: str = "nonzero"
    opacity: float = 1.0

    @property
    def plain(self) -> bool:
        """A flat colour, opaque: what the art cache keeps."""
        return not isinstance(self.fill, Gradient) and self.opacity >= 1


@dataclass(frozen=True)
class SvgArt:
    """An SVG picture: its viewport (width, height in SVG units) and shapes in drawing order."""

    width: float
    height: float
    shapes: tuple[ArtShape, ...]
    name: str = ""

    def is_background(self, shape: ArtShape) -> bool:
        """A filled rectangle covering the whole viewport (game-icons' black square)."""
        if shape.fill is None or any(c[0] not in ("M", "L", "Z") for c in shape.commands):
            return False
        points = {(round(float(c[1]), 3), round(float(c[2]), 3)) for c in shape.commands if c[0] != "Z"}
        corners = {(0.0, 0.0), (round(self.width, 3), 0.0), (0.0, round(self.height, 3)),
                   (round(self.width, 3), round(self.height, 3))}
        return points == corners


def load_svg(path: FilePath | str) -> SvgArt:
    """An SVG file as SvgArt (cached per file and modification time); DataError naming the file."""
    path = FilePath(path)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as err:
        raise DataError(f"cannot read SVG: {err.strerror}", file=path) from None
    return _load_cached(str(path), stamp)


@lru_cache(maxsize=512)
def _load_cached(path: str, stamp: int) -> SvgArt:
    from generator.core.files import read_bounded
    from generator.core.limits import MAX_IMAGE_BYTES

    data = read_bounded(path, MAX_IMAGE_BYTES, "SVG file", DataError)
    from generator.scene import artcache  # parsed once per machine (see artcache)

    kept = artcache.load(data)
    if kept is not None:
        width, height, shapes = kept
        return SvgArt(width, height, tuple(ArtShape(*shape) for shape in shapes), path)
    art = parse_svg(data, path)
    if all(shape.plain for shape in art.shapes):     # (gradients and opacity are parsed again each run)
        artcache.store(data, (art.width, art.height, tuple((s.commands, s.fill if isinstance(s.fill, str) else None,
                                                             s.stroke, s.stroke_width, s.fill_rule)
                                                            for s in art.shapes)))
    return art


def parse_svg(data: bytes, name: str = "SVG") -> SvgArt:
    """SVG bytes as SvgArt; DataError (file = name) if malformed, empty or referring outside itself."""
    if len(data) > MAX_BYTES:
        raise DataError(f"SVG art is {len(data):,} bytes, more than {MAX_BYTES:,}", file=name)
    root = _check_self_contained(data, name)
    import svgelements as se

    try:
        svg = se.SVG.parse(io.BytesIO(data), reify=True)
        elements = [el for el in svg.elements() if isinstance(el, se.Shape)]
        gradients = _gradients(root, name) if any(_ref(el) for el in elements) else {}
        placed: list[Any] = []
        if gradients:     # each shape's transform, unapplied: a gradient's geometry needs it
            placed = [el for el in se.SVG.parse(io.BytesIO(data), reify=False).elements() if isinstance(el, se.Shape)]
            if len(placed) != len(elements):
                placed = []
        shapes = tuple(shape for i, el in enumerate(elements)
                       for shape in [_shape(se, el, gradients, placed[i] if placed else None)] if shape is not None)
        width, height = float(svg.width), float(svg.height)
    except (ValueError, TypeError, AttributeError, IndexError, KeyError, ZeroDivisionError) as err:
        raise DataError(f"SVG art cannot be read: {err}", file=name) from None
    if not (width > 0 and height > 0):
        raise DataError("SVG art has no size (give it a viewBox or width and height)", file=name)
    if not shapes:
        raise DataError("SVG art draws nothing (no painted shapes)", file=name)
    for shape in shapes:
        _check_spread(shape, name)
    return SvgArt(width, height, shapes, str(name))


def _check_spread(shape: ArtShape, name: str) -> None:
    """Refuse a reflected or repeated gradient that shows more than MAX_SPREAD_CYCLES copies of its
    stops across its shape (each copy is drawn: a PDF function, a ramp of pixels)."""
    fill = shape.fill
    if not isinstance(fill, Gradient) or fill.spread == "pad":
        return
    xs = [float(v) for c in shape.commands for v in c[1::2]]
    ys = [float(v) for c in shape.commands for v in c[2::2]]
    count = cycles(fill, (min(xs), min(ys), max(xs), max(ys)))
    if count > MAX_SPREAD_CYCLES:
        raise DataError(f"SVG art's {fill.spread}ed gradient repeats its stops {count:,} times across a shape, "
                        f"more than the limit of {MAX_SPREAD_CYCLES:,} (make the gradient longer)", file=name)


def _check_self_contained(data: bytes, name: str) -> Any:
    """Refuse malformed XML, entities and anything that would load or run something else; the XML tree."""
    import xml.etree.ElementTree as ET

    tags = data.count(b"<")
    if tags > MAX_TAGS:
        raise DataError(f"SVG art has {tags:,} tags, more than the limit of {MAX_TAGS:,} (simplify it in your "
                        "editor)", file=name)
    head = data[:4096].lower()
    if b"<!entity" in data.lower() or (b"<!doctype" in head and b"system" in head):
        raise DataError("SVG art declares entities or an external DTD; refused", file=name)
    try:
        root = ET.fromstring(data)
    except ET.ParseError as err:
        raise DataError(f"SVG art is not well-formed XML ({err})", file=name) from None
    if _local(root.tag) != "svg":
        raise DataError(f"not an SVG file (its root element is <{_local(root.tag)}>)", file=name)
    for element in root.iter():
        tag = _local(element.tag)
        if tag in _REFUSED_TAGS:
            raise DataError(f"SVG art contains {_REFUSED_TAGS[tag]} (<{tag}>); refused", file=name)
        if tag == "style" and _outside_reference(element.text or "", style=True):
            raise DataError("SVG art's <style> refers to another file; refused", file=name)
        for key, value in element.attrib.items():
            _check_attribute(_local(key), value, tag, name)
    _check_expansion(root, name)
    return root


def _check_expansion(root: Any, name: str) -> None:
    """Count the shapes and path segments the file expands to (every <use> copy included), before
    svgelements draws any: refuse a fan of <use> references, a path of too many points, too many
    shapes, or a reference cycle."""
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    cost: dict[int, tuple[int, int]] = {}
    busy: set[int] = set()

    def weigh(element: Any, depth: int = 0) -> tuple[int, int]:
        key = id(element)
        if key in cost:
            return cost[key]
        if key in busy:
            raise DataError("SVG art's <use> references form a cycle; refused", file=name)
        if depth > MAX_DEPTH:
            raise DataError(f"SVG art is nested deeper than {MAX_DEPTH} levels (<use> references counted); "
                            "refused", file=name)
        busy.add(key)
        tag = _local(element.tag)
        shapes, segments = (1, _segments(element, tag)) if tag in _SHAPE_TAGS else (0, 0)
        if tag == "use":
            target = by_id.get(_href(element).lstrip("#"))
            if target is not None:
                shapes, segments = weigh(target, depth + 1)
        drawn = tag not in _NOT_DRAWN       # <defs>, <symbol>...: their sum is drawn only where a <use> copies it
        for child in element:
            more = weigh(child, depth + 1)
            if _local(child.tag) in _NOT_DRAWN:      # drawn only where a <use> copies it: counted there
                continue
            shapes, segments = shapes + more[0], segments + more[1]
            if drawn:
                _over(shapes, segments, name)
        if drawn:
            _over(shapes, segments, name)
        busy.discard(key)
        cost[key] = (shapes, segments)
        return shapes, segments

    weigh(root)


def _over(shapes: int, segments: int, name: str) -> None:
    if shapes > MAX_SHAPES or segments > MAX_SEGMENTS:
        raise DataError(f"SVG art expands to more than {MAX_SHAPES:,} shapes or {MAX_SEGMENTS:,} path points, "
                        "<use> copies counted (the limits; simplify it in your editor)", file=name)


def _href(element: Any) -> str:
    return str(next((v for k, v in element.attrib.items() if _local(k) == "href"), ""))


def _segments(element: Any, tag: str) -> int:
    """About how many points a shape draws: its numbers by pairs (a path, a polyline), else a few."""
    if tag == "path":
        return _count_numbers(str(element.get("d", ""))) // 2 + 1
    if tag in ("polyline", "polygon"):
        return _count_numbers(str(element.get("points", ""))) // 2 + 1
    return 5


def _count_numbers(text: str) -> int:
    """The numbers in a path's text, counted up to just past what the limit allows."""
    return sum(1 for _ in itertools.islice(_NUMBER.finditer(text.encode()), 2 * MAX_SEGMENTS + 2))


def _check_attribute(key: str, value: str, tag: str, name: str) -> None:
    if key.lower().startswith("on"):
        raise DataError(f"SVG art has a script handler ({key} on <{tag}>); refused", file=name)
    if key == "href" and not value.strip().startswith("#"):
        raise DataError(f"SVG art links to {value.strip()!r} (<{tag}> href); only references inside "
                        "the file are allowed", file=name)
    if _outside_reference(value):
        raise DataError(f"SVG art refers to another file ({key} on <{tag}>); refused", file=name)


def _outside_reference(text: str, style: bool = False) -> bool:
    if style and "@import" in text.lower():
        return True
    return any(not target.startswith("#") for target in _URL.findall(text))


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _color(se: Any, value: Any) -> str | None:
    if value is None or not isinstance(value, se.Color) or value.value is None:
        return None if value is None or getattr(value, "value", None) is None else "#000000"
    if value.alpha == 0:
        return None
    return f"#{value.red:02x}{value.green:02x}{value.blue:02x}"


def _shape(se: Any, element: Any, gradients: dict[str, _GradientDef] | None = None,
           unplaced: Any = None) -> ArtShape | None:
    fill: Paint | None = _color(se, element.fill)
    ref = _ref(element)
    alpha = 1.0
    if ref:
        found = (gradients or {}).get(ref)
        fill = _gradient(se, found, unplaced) if found is not None and found.stops else None
        if isinstance(fill, Gradient) and _no_length(fill):      # SVG: the last stop's colour
            alpha = fill.alphas[-1] if fill.alphas else 1.0
            fill = fill.stops[-1][1] if alpha > 0 else None
    stroke = _color(se, element.stroke)
    if fill is None and stroke is None:
        return None
    path = se.Path(element)
    path.approximate_arcs_with_cubics()
    commands = _commands(se, path)
    if not commands:
        return None
    rule = str(element.values.get("fill-rule", "nonzero")).strip().lower()
    width = float(getattr(element, "implicit_stroke_width", None) or element.stroke_width or 1.0)
    return ArtShape(tuple(commands), fill, stroke, width, "evenodd" if rule == "evenodd" else "nonzero",
                    round(_opacity(element, fill is not None) * alpha, 4))


def _alpha(value: Any) -> float:
    try:
        number = float(str(value).strip().rstrip("%")) / (100 if str(value).strip().endswith("%") else 1)
    except ValueError:
        return 1.0
    return min(max(number, 0.0), 1.0) if number == number else 1.0


def _opacity(element: Any, filled: bool) -> float:
    """The shape's opacity times its fill's (or, unfilled, its stroke's) opacity."""
    paint = element.fill if filled else element.stroke
    alpha = paint.opacity if getattr(paint, "value", None) is not None else 1.0
    if filled and _ref(element):
        alpha = _alpha(element.values.get("fill-opacity", 1))
    return round(_alpha(element.values.get("opacity", 1)) * alpha, 4)


def _ref(element: Any) -> str:
    """The id a url(#id) fill refers to ('' for a colour)."""
    found = _URL.match(str(element.values.get("fill", "")).strip())
    return found.group(1).lstrip("#") if found else ""


@dataclass(frozen=True)
class _GradientDef:
    kind: str
    attrs: dict[str, str]
    stops: tuple[tuple[float, str], ...]
    alphas: tuple[float, ...] = ()       # each stop's stop-opacity; empty when all are opaque


def _gradients(root: Any, name: str = "SVG") -> dict[str, _GradientDef]:
    """Every linearGradient and radialGradient of the file by id, href'd attributes and stops
    inherited; DataError if one has more than MAX_GRADIENT_STOPS stops."""
    raw = {el.get("id"): el for el in root.iter() if _local(el.tag) in ("lineargradient", "radialgradient")
           and el.get("id")}
    out: dict[str, _GradientDef] = {}
    for ident, el in raw.items():
        attrs: dict[str, str] = {}
        stops: tuple[tuple[float, str], ...] = ()
        alphas: tuple[float, ...] = ()
        chain, seen = el, set()
        while chain is not None and id(chain) not in seen:          # nearest first
            seen.add(id(chain))
            for key, value in chain.attrib.items():
                attrs.setdefault(_local(key), value)
            if not stops:
                stops, alphas = _stops(chain, name)
            chain = raw.get(_href(chain).lstrip("#"))
        out[ident] = _GradientDef("radial" if _local(el.tag) == "radialgradient" else "linear", attrs, stops,
                                  alphas)
    return out


def _stops(element: Any, name: str) -> tuple[tuple[tuple[float, str], ...], tuple[float, ...]]:
    """The gradient element's own stops (offset, "#rrggbb") and their opacities (empty: all opaque)."""
    from generator.core.colours import parse_colour

    found = [stop for stop in element if _local(stop.tag) == "stop"]
    if len(found) > MAX_GRADIENT_STOPS:
        raise DataError(f"SVG art has a gradient of {len(found):,} stops, more than the limit of "
                        f"{MAX_GRADIENT_STOPS:,} (simplify it in your editor)", file=name)
    stops: list[tuple[float, str]] = []
    alphas: list[float] = []
    for stop in found:
        style = dict(part.split(":", 1) for part in str(stop.get("style", "")).split(";") if ":" in part)
        style = {k.strip().lower(): v.strip() for k, v in style.items()}
        colour = style.get("stop-color", stop.get("stop-color", "#000000")).strip()
        # the colour, and its own alpha (rgba(), hsla(), #rrggbbaa, transparent) that multiplies stop-opacity
        hexed, own = (parse_colour(colour), 1.0) if _OPAQUE_HEX.fullmatch(colour) else _css_colour(colour)
        offset = _alpha(stop.get("offset", "0"))
        stops.append((max(offset, stops[-1][0]) if stops else offset, hexed))
        alphas.append(round(_alpha(style.get("stop-opacity", stop.get("stop-opacity", "1"))) * own, 4))
    return tuple(stops), (tuple(alphas) if any(a < 1 for a in alphas) else ())


_OPAQUE_HEX = re.compile(r"#[0-9a-fA-F]{6}|#[0-9a-fA-F]{3}")


def _css_colour(text: str) -> tuple[str, float]:
    """A CSS colour svgelements understands (rgb(), rgba(), hsla(), names, #rrggbbaa) as #rrggbb and its
    own alpha, 0 to 1 (`transparent`: 0); opaque black when it cannot read it."""
    import svgelements as se

    try:
        colour = se.Color(text)
    except (ValueError, TypeError):
        return "#000000", 1.0
    if colour.value is None:
        return "#000000", 1.0
    return f"#{colour.red:02x}{colour.green:02x}{colour.blue:02x}", float(colour.alpha) / 255.0


def _length(value: str | None, default: float, size: float = 1.0) -> float:
    """An SVG length or fraction: "50%" is half of `size` (1 for a bounding-box gradient)."""
    if value is None:
        return default
    text = value.strip()
    try:
        return float(text[:-1]) / 100 * size if text.endswith("%") else float(text)
    except ValueError:
        return default


def _gradient(se: Any, found: _GradientDef, unplaced: Any) -> Gradient:
    """A gradient in the art's coordinates: its own geometry, mapped by its units' box, the shape's
    transform and its gradientTransform."""
    attrs = found.attrs
    box_units = attrs.get("gradientunits", "objectBoundingBox") != "userSpaceOnUse"
    ctm: Matrix = IDENTITY
    if unplaced is not None:
        t = unplaced.transform
        ctm = (float(t.a), float(t.b), float(t.c), float(t.d), float(t.e), float(t.f))
    if box_units and unplaced is not None:
        x0, y0, x1, y1 = (float(v) for v in unplaced.bbox(transformed=False) or (0, 0, 1, 1))
        ctm = compose(ctm, (max(x1 - x0, 1e-9), 0.0, 0.0, max(y1 - y0, 1e-9), x0, y0))
    if "gradienttransform" in attrs:
        m = se.Matrix(attrs["gradienttransform"])
        ctm = compose(ctm, (float(m.a), float(m.b), float(m.c), float(m.d), float(m.e), float(m.f)))
    spread = attrs.get("spreadmethod", "pad").strip().lower()
    spread = spread if spread in SPREADS else "pad"
    if found.kind == "radial":
        cx, cy = _length(attrs.get("cx"), 0.5), _length(attrs.get("cy"), 0.5)
        fx, fy = _length(attrs.get("fx"), cx), _length(attrs.get("fy"), cy)
        focal = (fx, fy) != (cx, cy)
        return Gradient("radial", found.stops, cx, cy, r=_length(attrs.get("r"), 0.5), transform=ctm,
                        fx=fx if focal else None, fy=fy if focal else None, fr=max(_length(attrs.get("fr"), 0.0), 0.0),
                        spread=spread, alphas=found.alphas)
    return Gradient("linear", found.stops, _length(attrs.get("x1"), 0.0), _length(attrs.get("y1"), 0.0),
                    _length(attrs.get("x2"), 1.0), _length(attrs.get("y2"), 0.0), transform=ctm, spread=spread,
                    alphas=found.alphas)


def _no_length(gradient: Gradient) -> bool:
    """A linear gradient from a point to itself, or a radial one of no radius."""
    if gradient.kind == "radial":
        return gradient.r <= 0
    return gradient.x1 == gradient.x2 and gradient.y1 == gradient.y2


def _commands(se: Any, path: Any) -> list[PathCommand]:
    out: list[PathCommand] = []
    for seg in path:
        if isinstance(seg, se.Move):
            out.append(("M", seg.end.x, seg.end.y))
        elif isinstance(seg, se.Close):
            out.append(("Z",))
        elif isinstance(seg, se.Line):
            out.append(("L", seg.end.x, seg.end.y))
        elif isinstance(seg, se.QuadraticBezier):
            out.append(("Q", seg.control.x, seg.control.y, seg.end.x, seg.end.y))
        elif isinstance(seg, se.CubicBezier):
            out.append(("C", seg.control1.x, seg.control1.y, seg.control2.x, seg.control2.y,
                        seg.end.x, seg.end.y))
    if out and out[0][0] != "M":
        out.insert(0, ("M", path.first_point.x, path.first_point.y))
    return [tuple(float(v) if i else v for i, v in enumerate(c)) for c in out]


# --- placing ---------------------------------------------------------------------------------

def art_items(art: SvgArt, x: float, y: float, w: float, h: float, *, fit: str = "contain",
              fill: str | None = KEEP, stroke: str | None = KEEP, background: bool = True) -> list[Item]:
    """The art as Paths in the box x, y, w, h (mm): contain (whole, centred), cover (fills, clipped)
    or stretch. fill/stroke: a colour that replaces every painted fill/stroke, None to paint none,
    KEEP for the SVG's own; background=False drops a full-size background rectangle."""
    kx, ky = w / art.width, h / art.height
    if fit != "stretch":
        kx = ky = (min if fit == "contain" else max)(kx, ky)
    ox, oy = x + (w - art.width * kx) / 2, y + (h - art.height * ky) / 2
    pen = (kx * ky) ** 0.5
    items: list[Item] = []
    for shape in art.shapes:
        if not background and art.is_background(shape):
            continue
        paint = shape.fill if fill == KEEP or shape.fill is None else fill
        line = shape.stroke if stroke == KEEP or shape.stroke is None else stroke
        if paint is None and line is None:
            continue
        if isinstance(paint, Gradient):
            paint = replace(paint, transform=compose((kx, 0.0, 0.0, ky, ox, oy), paint.transform))
        commands = _placed_all(shape.commands, kx, ky, ox, oy)
        path = Path(commands, fill=paint, stroke=Stroke(line, round(shape.stroke_width * pen, 4)) if line else None,
                    fill_rule=shape.fill_rule)
        items.append(path if shape.opacity >= 1 else Group((path,), opacity=shape.opacity))
    if fit == "cover":
        return [Group(tuple(items), clip=Rect(x, y, w, h, fill=None, stroke=None))]
    return items


_EVEN_ARITY = frozenset({1, 3, 5, 7})     # lengths of Z, M/L, Q, C: an op and pairs of numbers


def _placed_all(commands: tuple[PathCommand, ...], kx: float, ky: float, ox: float, oy: float
                ) -> tuple[PathCommand, ...]:
    """Every command _placed: when each holds (x, y) pairs, their numbers alternate x, y through the
    whole path, so all are scaled, moved and rounded by C-level maps (the same operations in the same
    order as _placed), then cut back into commands."""
    if not _EVEN_ARITY.issuperset(map(len, commands)):
        return tuple(_placed(c, kx, ky, ox, oy) for c in commands)
    flat = list(map(float, itertools.chain.from_iterable(map(_VALUES, commands))))
    placed: list[float] = flat[:]
    placed[0::2] = map(round, map(operator.add, map(operator.mul, flat[0::2], itertools.repeat(kx)),
                                  itertools.repeat(ox)), itertools.repeat(4))
    placed[1::2] = map(round, map(operator.add, map(operator.mul, flat[1::2], itertools.repeat(ky)),
                                  itertools.repeat(oy)), itertools.repeat(4))
    out: list[PathCommand] = []
    start = 0
    for command in commands:
        end = start + len(command) - 1
        out.append((command[0], *placed[start:end]))
        start = end
    return tuple(out)


_VALUES = operator.itemgetter(slice(1, None))


def _placed(command: PathCommand, kx: float, ky: float, ox: float, oy: float) -> PathCommand:
    """The command with its points scaled and moved into the box, rounded to 0.1 micrometre."""
    if len(command) == 7:            # C, and M or L below: the common cases, written out
        op, x1, y1, x2, y2, x, y = command
        return (op, round(float(x1) * kx + ox, 4), round(float(y1) * ky + oy, 4),
                round(float(x2) * kx + ox, 4), round(float(y2) * ky + oy, 4),
                round(float(x) * kx + ox, 4), round(float(y) * ky + oy, 4))
    if len(command) == 3:
        op, x, y = command
        return (op, round(float(x) * kx + ox, 4), round(float(y) * ky + oy, 4))
    values = command[1:]
    placed = [round(float(v) * (kx if i % 2 == 0 else ky) + (ox if i % 2 == 0 else oy), 4)
              for i, v in enumerate(values)]
    return (command[0], *placed)
