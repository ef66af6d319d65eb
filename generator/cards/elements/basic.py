"""The built-in element kinds: rect, line, polyline, polygon, circle, star, pips, text, image, pattern.

Coordinates are millimetres from the top-left corner of the card's trim (y down); art meant to
reach the cut extends into the bleed (negative x/y, or past the card's width/height).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from generator.cards.elements import (
    REQUIRED,
    STROKE_KEYS,
    BadValue,
    Element,
    ElementContext,
    Param,
    color,
    element,
    flag,
    font,
    make_stroke,
    num,
    one_of,
    paint,
    points,
    text,
    to_color,
    to_features,
    to_lang,
)
from generator.core.errors import DataError
from generator.core.imagefile import pixel_size, sniff_format
from generator.core.numbers import format_number
from generator.scene.model import (
    Circle,
    Group,
    Image,
    Item,
    Line,
    Point,
    Polygon,
    Polyline,
    Rect,
    Stroke,
    Text,
    compose,
    rotate,
    translate,
)

MAX_PIPS = 60

NO_STROKE = {**STROKE_KEYS, "stroke": color(None, "outline colour (default: none)")}
BOX = {"x": num(None, "left (mm); default: the card's left edge"),
       "y": num(None, "top (mm); default: the card's top edge"),
       "w": num(None, "width (mm); default: the card's width"),
       "h": num(None, "height (mm); default: the card's height"),
       "inset": num(0.0, "with a default box: move each edge in by this many mm "
                         "(negative: out into the bleed)")}


def card_box(el: Element, ctx: ElementContext) -> tuple[float, float, float, float]:
    """x, y, w, h of an element, defaulting to the whole card inset by `inset`."""
    inset = el.get("inset", 0.0)
    x = el["x"] if el.get("x") is not None else inset
    y = el["y"] if el.get("y") is not None else inset
    w = el["w"] if el.get("w") is not None else ctx.card_w - 2 * inset
    h = el["h"] if el.get("h") is not None else ctx.card_h - 2 * inset
    return x, y, w, h


@element("rect", {**BOX, "radius": num(0.0, "corner radius (mm)"), "fill": paint(None), **NO_STROKE})
def rect(el: Element, ctx: ElementContext) -> list[Item]:
    """A rectangle (rounded with radius); without x/y/w/h it covers the card (see inset)."""
    x, y, w, h = card_box(el, ctx)
    return [Rect(x, y, w, h, fill=el["fill"], stroke=make_stroke(el), radius=el["radius"])]


@element("line", {"x1": num(), "y1": num(), "x2": num(), "y2": num(), **STROKE_KEYS})
def line(el: Element, ctx: ElementContext) -> list[Item]:
    """A straight segment."""
    stroke = make_stroke(el)
    return [Line(el["x1"], el["y1"], el["x2"], el["y2"], stroke=stroke)] if stroke else []


@element("polyline", {"points": points("[[x, y], ...] in mm"), **STROKE_KEYS})
def polyline(el: Element, ctx: ElementContext) -> list[Item]:
    """An open path through points."""
    return [Polyline(el["points"], closed=False, fill=None, stroke=make_stroke(el))]


@element("polygon", {"points": points("[[x, y], ...] in mm"), "fill": paint(None), **NO_STROKE})
def polygon(el: Element, ctx: ElementContext) -> list[Item]:
    """A closed shape through points (icons: triangles, shields, arrows...)."""
    return [Polygon(el["points"], fill=el["fill"], stroke=make_stroke(el))]


@element("circle", {"cx": num(), "cy": num(), "r": num(), "fill": paint(None), **NO_STROKE})
def circle(el: Element, ctx: ElementContext) -> list[Item]:
    """A circle by centre and radius."""
    return [Circle(el["cx"], el["cy"], el["r"], fill=el["fill"], stroke=make_stroke(el))]


def star_points(cx: float, cy: float, r: float, tips: int, inner: float, angle: float) -> list[Point]:
    """Vertices of a star (inner < 1) or a regular polygon (inner == 1 gives 2*tips sides)."""
    out = []
    for i in range(2 * tips):
        radius = r if i % 2 == 0 else r * inner
        a = math.radians(angle - 90 + i * 180 / tips)
        out.append((round(cx + radius * math.cos(a), 4), round(cy + radius * math.sin(a), 4)))
    return out


STAR_KEYS = {"points": num(5, "number of tips (3..24)"),
             "inner": num(0.5, "inner radius as a fraction of r (1: a regular polygon)"),
             "angle": num(0, "rotation in degrees, clockwise")}


@element("star", {"cx": num(), "cy": num(), "r": num(), **STAR_KEYS, "fill": paint(None), **NO_STROKE})
def star(el: Element, ctx: ElementContext) -> list[Item]:
    """A star (or, with inner: 1, a regular polygon) centred at cx, cy."""
    tips = _tips(el, ctx)
    pts = star_points(el["cx"], el["cy"], el["r"], tips, el["inner"], el["angle"])
    return [Polygon(pts, fill=el["fill"], stroke=make_stroke(el))]


def _tips(el: Element, ctx: ElementContext) -> int:
    tips = int(el["points"])
    if not 3 <= tips <= 24 or tips != el["points"]:
        raise ctx.template_error(f"points must be a whole number from 3 to 24, not {el['points']}", "points")
    return tips


@element("pips", {"count": num(doc="how many (a field such as \"{cost}\")"), "x": num(), "y": num(),
                  "dx": num(0.0, "step to the next pip (mm)"), "dy": num(0.0, "step down (mm)"),
                  "r": num(1.5, "radius (mm)"),
                  "shape": one_of(("circle", "diamond", "square", "star"), "circle"),
                  "fill": paint("#000000"), **NO_STROKE})
def pips(el: Element, ctx: ElementContext) -> list[Item]:
    """A row (or column) of `count` small shapes: costs, strength, lives."""
    count = el["count"]
    if count != int(count) or not 0 <= count <= MAX_PIPS:
        raise ctx.data_error(f"{ctx.where}: count must be a whole number from 0 to {MAX_PIPS}, "
                             f"not {format_number(count)}", key="count")
    stroke = make_stroke(el)
    return [_pip(el, el["x"] + i * el["dx"], el["y"] + i * el["dy"], stroke) for i in range(int(count))]


def _pip(el: Element, cx: float, cy: float, stroke: Stroke | None) -> Item:
    r, fill = el["r"], el["fill"]
    if el["shape"] == "circle":
        return Circle(cx, cy, r, fill=fill, stroke=stroke)
    if el["shape"] == "square":
        return Rect(cx - r, cy - r, 2 * r, 2 * r, fill=fill, stroke=stroke)
    if el["shape"] == "diamond":
        return Polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, stroke=stroke)
    return Polygon(star_points(cx, cy, r, 5, 0.45, 0), fill=fill, stroke=stroke)


TEXT_KEYS = {
    "x": num(), "y": num(), "w": num(), "h": num(),
    "text": text(doc="the text; {field}s are replaced"),
    "font": font("sans"), "size": num(10.0, "size in points"),
    "color": paint("#000000", "text colour: a colour, or a gradient across the box (as a fill's)"),
    "align": one_of(("left", "center", "right"), "left"),
    "valign": one_of(("top", "middle", "bottom"), "top"),
    "wrap": flag(True, "break lines to the box width"),
    "shrink": flag(True, "reduce the size (down to min_size) until the text fits"),
    "min_size": num(5.0, "smallest size when shrinking (pt)"),
    "line_height": num(1.2, "baseline spacing as a multiple of the size"),
    "rotate": one_of(("0", "90", "180", "270"), "0"),
    "features": Param(to_features, (), "OpenType features, e.g. [smcp, onum] (-liga turns ligatures off)"),
    "lang": Param(to_lang, "", "the text's language (it, de, ja, ar...): shaping and hyphenation"),
    "direction": one_of(("auto", "ltr", "rtl"), "auto"),
}


@element("text", TEXT_KEYS)
def text_box(el: Element, ctx: ElementContext) -> list[Item]:
    """A text box: wrapped, shrunk to fit, aligned; never drawn outside its box; may be rotated."""
    x, y, w, h, turn = el["x"], el["y"], el["w"], el["h"], int(el["rotate"])
    local_w, local_h = (h, w) if turn in (90, 270) else (w, h)
    if _has_icons(el["text"], ctx):
        local = _text_with_icons(el, ctx, local_w, local_h)
        if turn == 0:
            return [Group(tuple(local), transform=translate(x, y))]
        shift = {90: (x + w, y), 180: (x + w, y + h), 270: (x, y + h)}[turn]
        return [Group(tuple(local), transform=compose(translate(*shift), rotate(turn)))]
    box = Text(0.0, 0.0, local_w, local_h, el["text"], font=el["font"], size=el["size"], color=el["color"],
               align=el["align"], valign=el["valign"], wrap=el["wrap"], shrink=el["shrink"],
               min_size=min(el["min_size"], el["size"]), line_height=el["line_height"],
               features=el["features"], lang=el["lang"], direction=el["direction"])
    if turn == 0:
        return [replace(box, x=x, y=y, w=w, h=h)]
    shift = {90: (x + w, y), 180: (x + w, y + h), 270: (x, y + h)}[turn]
    return [Group((box,), transform=compose(translate(*shift), rotate(turn)))]


def _has_icons(value: str, ctx: ElementContext) -> bool:
    """Whether a plain text names an icon of the template's set (`<crown>`)."""
    return bool(len(ctx.icons)) and any(name in ctx.icons for name in _ICON_TAG.findall(value))


def _text_with_icons(el: Element, ctx: ElementContext, w: float, h: float) -> list[Item]:
    """A plain text holding icons, set by the rich text engine (only `<icon>` is markup) at 0, 0."""
    from generator.cards.richtext import RichStyle, layout_rich
    from generator.core.errors import LayoutError

    size = el["size"]
    if not isinstance(el["color"], str):
        raise ctx.template_error("a gradient colour is for text without inline icons (give this text a colour, "
                                 "or set the icons apart)", "color")
    style = RichStyle(font=el["font"], bold=el["font"], size=size,
                      min_size=min(el["min_size"], size) if el["shrink"] else size, color=el["color"],
                      line_height=el["line_height"], align=el["align"], valign=el["valign"], icons=ctx.icons,
                      plain=True, features=el["features"], lang=el["lang"], direction=el["direction"])
    try:
        return layout_rich(el["text"], 0.0, 0.0, w, h, style)
    except LayoutError as err:
        raise ctx.data_error(f"{ctx.where}: {err.message}") from None


_ICON_TAG = re.compile(r"<([a-z][a-z0-9_]*)>")


def to_recolour(value: object) -> str | None:
    """A recolouring key: keep (the SVG's own colour), none, or a colour."""
    from generator.scene.svgart import KEEP

    if isinstance(value, str) and value.strip().lower() == KEEP:
        return KEEP
    return to_color(value)


SVG_KEYS = {
    "fill": Param(to_recolour, "keep", "SVG art: colour for every filled shape (e.g. \"{colour}\"), none, "
                                       "or keep (the SVG's own)"),
    "stroke": Param(to_recolour, "keep", "SVG art: colour for every outline, none, or keep"),
    "background": one_of(("keep", "none"), "keep", "SVG art: none drops a full-size background square "
                                                    "(game-icons' black M0 0h512v512H0z)"),
}


@element("image", {"x": num(), "y": num(), "w": num(), "h": num(),
                   "src": text(doc="PNG, JPEG or SVG file, relative to the data file (or the template)"),
                   "fit": one_of(("stretch", "contain", "cover"), "contain"),
                   "flip": one_of(("none", "h", "v", "both"), "none",
                                  "mirror the picture in its box: h (left-right), v (top-bottom), both"),
                   **SVG_KEYS})
def image(el: Element, ctx: ElementContext) -> list[Item]:
    """A picture in a box: contain (whole picture, centred), cover (fills, cropped) or stretch.

    SVG art is drawn as vector paths (recoloured with fill/stroke, background: none)."""
    if not el["src"].strip():
        return []
    path = ctx.find_file(el["src"])
    x, y, w, h = el["x"], el["y"], el["w"], el["h"]
    if is_svg(path):
        art = svg_items(path, (x, y, w, h), el["fit"], el["fill"], el["stroke"], el["background"] == "keep")
        return _flipped(art, el["flip"], x, y, w, h)
    data = (ctx.image_loader or read_picture)(path)
    if el["fit"] == "stretch":
        return _flipped([Image(x, y, w, h, data)], el["flip"], x, y, w, h)
    iw, ih = picture_size(data, path)
    k = (min if el["fit"] == "contain" else max)(w / iw, h / ih)
    pic = Image(x + (w - iw * k) / 2, y + (h - ih * k) / 2, iw * k, ih * k, data)
    if el["fit"] == "contain":
        return _flipped([pic], el["flip"], x, y, w, h)
    return _flipped([Group((pic,), clip=Rect(x, y, w, h, fill=None, stroke=None))], el["flip"], x, y, w, h)


def _flipped(items: list[Item], flip: str, x: float, y: float, w: float, h: float) -> list[Item]:
    """Items mirrored about the centre of their box (flip: none, h, v, both)."""
    if flip == "none":
        return items
    sx, sy = (-1.0 if flip in ("h", "both") else 1.0), (-1.0 if flip in ("v", "both") else 1.0)
    cx, cy = x + w / 2, y + h / 2
    return [Group(tuple(items), transform=(sx, 0.0, 0.0, sy, cx - sx * cx, cy - sy * cy))]


def is_svg(path: Path) -> bool:
    """An SVG file, by its name (.svg)."""
    return Path(path).suffix.lower() == ".svg"


def svg_items(path: Path, box: tuple[float, float, float, float], fit: str, fill: str | None,
              stroke: str | None, background: bool) -> list[Item]:
    """SVG art from a file as scene Paths in the box (svgelements is loaded only when art is used)."""
    from generator.scene.svgart import art_items, load_svg

    return art_items(load_svg(path), *box, fit=fit, fill=fill, stroke=stroke, background=background)


@lru_cache(maxsize=64)
def read_picture(path: Path) -> bytes:
    """The bytes of a PNG or JPEG file, as they are (other formats need a converter: `pnpgen cards`
    passes one); too big a file, a broken one or a decompression bomb is an error naming it."""
    from generator.cards.imagecheck import check_image, read_image_bytes

    data = read_image_bytes(path)
    if sniff_format(data) not in ("png", "jpeg"):
        raise DataError("not a PNG or JPEG file (convert it, or use pnpgen cards which converts "
                        "other formats)", file=path)
    check_image(data, path)
    return data


def picture_size(data: bytes, path: Path | None = None) -> tuple[int, int]:
    """Width and height in pixels of PNG or JPEG bytes (read from the header, nothing decoded)."""
    size = pixel_size(data)
    if size is None or 0 in size:
        if path is not None:
            raise DataError("not a readable PNG or JPEG file", file=path)
        raise BadValue("image data is not PNG or JPEG")
    return size


PATTERN_KEYS = {**BOX, "style": one_of(("stripes", "dots", "grid", "diamonds", "chevrons"), "stripes"),
                "spacing": num(4.0, "distance between motifs (mm)"), "color": color("#000000"),
                "width": num(0.4, "line width or dot radius (mm)"),
                "fill": color(None, "background colour under the pattern")}


@element("pattern", PATTERN_KEYS)
def pattern(el: Element, ctx: ElementContext) -> list[Item]:
    """A repeating motif clipped to a box (default: the card and its bleed): card backs, textures."""
    x, y, w, h = _pattern_box(el, ctx)
    if el["spacing"] <= 0:
        raise ctx.template_error("spacing must be more than 0", "spacing")
    return [_pattern_group(el["style"], x, y, w, h, el["spacing"], el["width"], el["color"], el["fill"])]


@lru_cache(maxsize=256)
def _pattern_group(style: str, x: float, y: float, w: float, h: float, spacing: float, width: float,
                   color: str, fill: str | None) -> Group:
    """One pattern's group, shared by every card that draws the same pattern at the same place
    (items are immutable; a large deck would otherwise hold a copy of each motif per card)."""
    el: Element = {"spacing": spacing, "width": width, "color": color}
    items: list[Item] = [Rect(x, y, w, h, fill=fill, stroke=None)] if fill else []
    items += _MOTIFS[style](x, y, w, h, el)
    return Group(tuple(items), clip=Rect(x, y, w, h, fill=None, stroke=None))


def _pattern_box(el: Element, ctx: ElementContext) -> tuple[float, float, float, float]:
    if el.get("x") is None and el.get("w") is None and el.get("inset", 0.0) == 0.0:
        b = ctx.bleed
        return -b, -b, ctx.card_w + 2 * b, ctx.card_h + 2 * b
    return card_box(el, ctx)


def _stroke(el: Element) -> Stroke:
    return Stroke(el["color"], el["width"])


def _steps(start: float, length: float, spacing: float) -> list[float]:
    n = math.ceil(length / spacing) + 1
    return [round(start + i * spacing, 4) for i in range(n)]


def _stripes(x: float, y: float, w: float, h: float, el: Element, slope: float = 1.0) -> list[Line]:
    s = el["spacing"]
    return [Line(x0, y, x0 + slope * h, y + h, stroke=_stroke(el)) for x0 in _steps(x - h, w + h, s)]


def _diamonds(x: float, y: float, w: float, h: float, el: Element) -> list[Line]:
    back = [Line(x0 + h, y, x0, y + h, stroke=_stroke(el)) for x0 in _steps(x - h, w + h, el["spacing"])]
    return _stripes(x, y, w, h, el) + back


def _grid(x: float, y: float, w: float, h: float, el: Element) -> list[Line]:
    s, st = el["spacing"], _stroke(el)
    return ([Line(x0, y, x0, y + h, stroke=st) for x0 in _steps(x, w, s)]
            + [Line(x, y0, x + w, y0, stroke=st) for y0 in _steps(y, h, s)])


def _dots(x: float, y: float, w: float, h: float, el: Element) -> list[Circle]:
    s = el["spacing"]
    out: list[Circle] = []
    for row, cy in enumerate(_steps(y, h, s)):
        offset = s / 2 if row % 2 else 0.0
        out += [Circle(cx + offset, cy, el["width"], fill=el["color"], stroke=None) for cx in _steps(x - s, w + s, s)]
    return out


def _chevrons(x: float, y: float, w: float, h: float, el: Element) -> list[Polyline]:
    s, st = el["spacing"], _stroke(el)
    out = []
    for y0 in _steps(y - s, h + s, s):
        pts = tuple((x0, y0 + (s / 2 if i % 2 else 0.0)) for i, x0 in enumerate(_steps(x - s, w + 2 * s, s)))
        out.append(Polyline(pts, closed=False, fill=None, stroke=st))
    return out


_MOTIFS: dict[str, Callable[[float, float, float, float, Element], Sequence[Item]]] = {
    "stripes": _stripes, "diamonds": _diamonds, "grid": _grid, "dots": _dots, "chevrons": _chevrons}

__all__ = ["REQUIRED", "Param", "card_box", "picture_size", "read_picture", "star_points"]
