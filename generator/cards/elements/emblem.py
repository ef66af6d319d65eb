"""The `emblem` element kind: a small drawn portrait (or a geometric badge) built from shapes and colours.

Every part is a template key, usually filled from the record ("{hat}", "{coat}"), so a deck gets a
distinct picture per card with no artwork: backdrop shape and colour, shoulders in a coat colour,
a neck piece, a head with hair, a face accessory and a hat. A part given as "auto" is chosen from
`seed` (e.g. "{name}") by a stable hash, so a deck can also leave the choice to pnpgen.
`tone: grey` draws everything in greys (same picture, no colour); `tone: faded` also washes it
out (a dead or absent character). The picture is laid out on a 100x100 grid fitted (centred,
aspect kept) into the element's box; every coordinate is computed in mm, so strokes stay thin.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import overload

from generator.cards.elements import Element, ElementContext, Param, color, element, num, one_of, text
from generator.core.colours import hex_colour, luminance, rgb
from generator.scene.model import Circle, Item, Line, Polygon, Rect, Stroke

HATS = ("none", "fedora", "bowler", "tophat", "cap", "beret", "cloche", "headscarf", "bun", "flower",
        "wide", "toque")
HAIRS = ("none", "short", "long", "bald", "curly", "bob")
FACES = ("none", "glasses", "monocle", "moustache", "beard", "eyepatch", "pipe", "earrings")
NECKS = ("none", "tie", "bowtie", "pearls", "scarf", "collar")
SHAPES = ("circle", "square", "diamond", "hexagon")
AUTO_PALETTE = ("#e63946", "#f4a261", "#e9c46a", "#2a9d8f", "#457b9d", "#8ecae6", "#b5e48c",
                "#d8c3e6", "#ffcad4", "#9ad1d4", "#f6bd60", "#90be6d")
SKINS = ("#ffdbac", "#f1c27d", "#e0ac69", "#c68642", "#8d5524")
INK = "#1a1a1a"


def _part(options: tuple[str, ...], default: str) -> Param:
    return one_of((*options, "auto"), default, f"one of {', '.join(options)}, or auto")


KEYS = {
    "x": num(doc="left (mm)"), "y": num(doc="top (mm)"),
    "w": num(doc="box width (mm); the picture is square, centred in the box"), "h": num(doc="box height (mm)"),
    "style": one_of(("portrait", "badge"), "portrait", "portrait: a head and shoulders; badge: a polygon medal"),
    "seed": text("", "text that 'auto' parts are chosen from (e.g. \"{name}\")"),
    "hat": _part(HATS, "none"), "hair": _part(HAIRS, "short"), "face": _part(FACES, "none"),
    "neck": _part(NECKS, "none"), "shape": _part(SHAPES, "circle"),
    "hair_color": color("#3b2a1a", "hair, beard, moustache (badge: the centre shape)"),
    "skin": color("#e0ac69", "face, ears and neck"),
    "coat": color("#3d405b", "shoulders (badge: the inner polygon); hats take a darker shade"),
    "backdrop": color("#e9c46a", "the shape behind (badge: the outer polygon); scarves take a darker shade"),
    "ink": color(INK, "outline and eye colour"),
    "outline": num(0.35, "outline width in mm at a 40 mm picture (scales with the box)"),
    "tone": one_of(("colour", "grey", "faded"), "colour"),
    "sides": num(6, "badge: sides of the outer shape (3..12)"),
}


@dataclass(frozen=True)
class Frame:
    """Maps the 100x100 design grid into the element's box (centred, aspect kept)."""

    ox: float
    oy: float
    s: float

    def p(self, x: float, y: float) -> tuple[float, float]:
        return (round(self.ox + x * self.s, 4), round(self.oy + y * self.s, 4))

    def pts(self, points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
        return [self.p(x, y) for x, y in points]

    def d(self, length: float) -> float:
        return round(length * self.s, 4)


@element("emblem", KEYS)
def emblem(el: Element, ctx: ElementContext) -> list[Item]:
    """A drawn portrait (hat, hair, face, neck, coat, backdrop) or a geometric badge, from fields."""
    size = min(el["w"], el["h"])
    frame = Frame(el["x"] + (el["w"] - size) / 2, el["y"] + (el["h"] - size) / 2, size / 100)
    parts = _resolve_auto(el)
    paint = _Paint(el["tone"], el["ink"], el["outline"] * size / 40)
    if el["style"] == "badge":
        return _badge(frame, parts, paint, el, ctx)
    return _portrait(frame, parts, paint)


def _resolve_auto(el: Element) -> Element:
    """The element's values with every 'auto' part chosen from the seed text (stable hash)."""
    out = dict(el)
    choices = {"hat": HATS, "hair": HAIRS, "face": FACES, "neck": NECKS, "shape": SHAPES}
    for key, options in choices.items():
        if out[key] == "auto":
            out[key] = options[_hash(el["seed"], key) % len(options)]
    return out


def _hash(seed: str, part: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}|{part}".encode()).digest()[:4], "big")


class _Paint:
    """Colours after the tone (grey/faded) and the outline stroke."""

    def __init__(self, tone: str, ink: str | None, width: float) -> None:
        self.tone = tone
        self.ink = grey(ink) if ink and tone != "colour" else ink
        self.width = round(width, 4)

    @overload
    def c(self, colour: str) -> str: ...
    @overload
    def c(self, colour: None) -> None: ...
    def c(self, colour: str | None) -> str | None:
        """A colour in this tone: as given, its grey, or its grey washed towards a mid-light grey."""
        if colour is None or self.tone == "colour":
            return colour
        return grey(colour, washed=self.tone == "faded")

    def stroke(self, factor: float = 1.0) -> Stroke | None:
        """The outline (None when ink is none or the width 0)."""
        return Stroke(self.ink, round(self.width * factor, 4)) if self.ink and self.width > 0 else None

    def line(self, factor: float = 1.0) -> Stroke:
        """A feature line (mouth, glasses) drawn even without outlines."""
        return Stroke(self.ink or self.c(INK), round(max(self.width, 0.1) * factor, 4))

    @property
    def dark(self) -> str:
        """The colour of eyes and patches."""
        return self.ink or self.c(INK)


def grey(colour: str, washed: bool = False) -> str:
    """The grey of the same luminance (Rec. 601); washed: squeezed into 110..210 (a faded look)."""
    y = luminance(colour)
    if washed:
        y = 110 + y * 100 / 255
    v = max(0, min(255, round(y)))
    return hex_colour(v, v, v)


def ellipse(cx: float, cy: float, rx: float, ry: float, start: float = 0, end: float = 360,
            steps: int = 28) -> list[tuple[float, float]]:
    """Points on an ellipse (design units), from angle start to end in degrees (0 = right, clockwise)."""
    n = max(2, int(steps * abs(end - start) / 360))
    return [(cx + rx * math.cos(math.radians(start + (end - start) * i / n)),
             cy + ry * math.sin(math.radians(start + (end - start) * i / n))) for i in range(n + 1)]


def _shape(f: Frame, shape: str, fill: str | None, paint: _Paint) -> list[Item]:
    if shape == "circle":
        return [Circle(*f.p(50, 50), f.d(47), fill=paint.c(fill), stroke=paint.stroke())]
    if shape == "square":
        x, y = f.p(5, 5)
        return [Rect(x, y, f.d(90), f.d(90), fill=paint.c(fill), stroke=paint.stroke(), radius=f.d(10))]
    if shape == "diamond":
        return [Polygon(f.pts([(50, 1), (99, 50), (50, 99), (1, 50)]), fill=paint.c(fill), stroke=paint.stroke())]
    hexagon = [(50 + 48 * math.cos(math.radians(30 + 60 * i)), 50 + 48 * math.sin(math.radians(30 + 60 * i)))
               for i in range(6)]
    return [Polygon(f.pts(hexagon), fill=paint.c(fill), stroke=paint.stroke())]


def _portrait(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    items = _shape(f, el["shape"], el["backdrop"], paint)
    items += _HAIR_BACK.get(el["hair"], _nothing)(f, el, paint) if el["hat"] not in _HAT_HIDES_HAIR else []
    items += _body(f, el, paint)
    items += _NECK[el["neck"]](f, el, paint)
    items += _head(f, el, paint)
    if el["hat"] not in _HAT_HIDES_HAIR:
        items += _HAIR_FRONT.get(el["hair"], _nothing)(f, el, paint)
    items += _FACE[el["face"]](f, el, paint)
    items += _HAT[el["hat"]](f, el, paint)
    return items


def _nothing(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    return []


def _body(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    coat = [(12, 100), (16, 82), (24, 75), (40, 70), (60, 70), (76, 75), (84, 82), (88, 100)]
    neck = Rect(*f.p(44, 56), f.d(12), f.d(16), fill=paint.c(el["skin"]), stroke=paint.stroke())
    shirt = Polygon(f.pts([(41, 70), (59, 70), (50, 86)]), fill=paint.c("#f7f7f2"), stroke=paint.stroke())
    return [Polygon(f.pts(coat), fill=paint.c(el["coat"]), stroke=paint.stroke()), neck, shirt]


def _head(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    skin = paint.c(el["skin"])
    head = Polygon(f.pts(ellipse(50, 42, 15, 18)), fill=skin, stroke=paint.stroke())
    ears = [Circle(*f.p(x, 44), f.d(3.2), fill=skin, stroke=paint.stroke()) for x in (35, 65)]
    eyes = [Circle(*f.p(x, 41), f.d(1.7), fill=paint.dark, stroke=None) for x in (44, 56)]
    mouth = Line(*f.p(46, 52), *f.p(54, 52), stroke=paint.line(1.2))
    return [*ears, head, *eyes, mouth]


# --- hair (behind the head, then in front) ------------------------------------------------------

def _hair_long(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    pts = [*ellipse(50, 40, 20, 22, 180, 360), (70, 68), (30, 68)]
    return [Polygon(f.pts(pts), fill=paint.c(el["hair_color"]), stroke=paint.stroke())]


def _hair_bob(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    pts = [*ellipse(50, 40, 19, 20, 180, 360), (69, 55), (31, 55)]
    return [Polygon(f.pts(pts), fill=paint.c(el["hair_color"]), stroke=paint.stroke())]


def _hair_top(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    pts = [*ellipse(50, 40, 16, 17, 185, 355), (63, 33), (50, 30), (37, 33)]
    return [Polygon(f.pts(pts), fill=paint.c(el["hair_color"]), stroke=paint.stroke())]


def _hair_curly(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    centres = [(36, 36), (40, 28), (47, 24), (54, 24), (61, 28), (65, 36)]
    return [Circle(*f.p(x, y), f.d(6), fill=paint.c(el["hair_color"]), stroke=paint.stroke()) for x, y in centres]


def _hair_bald(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    colour = paint.c(el["hair_color"])
    return [Polygon(f.pts([(35.4, 38), (37.6, 35), (37.2, 44), (35.6, 45)]), fill=colour, stroke=None),
            Polygon(f.pts([(64.6, 38), (62.4, 35), (62.8, 44), (64.4, 45)]), fill=colour, stroke=None)]


_Part = Callable[[Frame, Element, _Paint], list[Item]]   # one part of a portrait

_HAIR_BACK: dict[str, _Part] = {"long": _hair_long, "bob": _hair_bob}
_HAIR_FRONT: dict[str, _Part] = {"short": _hair_top, "long": _hair_top, "bob": _hair_top, "curly": _hair_curly,
                                 "bald": _hair_bald}
_HAT_HIDES_HAIR = {"headscarf", "bun", "toque", "cloche"}


# --- face accessories ---------------------------------------------------------------------------

def _glasses(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    st = paint.line(1.6)
    return [Circle(*f.p(44, 41), f.d(4.2), fill=None, stroke=st), Circle(*f.p(56, 41), f.d(4.2), fill=None, stroke=st),
            Line(*f.p(48.2, 41), *f.p(51.8, 41), stroke=st)]


def _monocle(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    st = paint.line(1.6)
    return [Circle(*f.p(56, 41), f.d(4.6), fill=None, stroke=st), Line(*f.p(60, 44), *f.p(63, 62), stroke=paint.line(0.8))]


def _moustache(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    pts = [(50, 48), (57, 47), (61, 50), (56, 50.5), (50, 49.8), (44, 50.5), (39, 50), (43, 47)]
    return [Polygon(f.pts(pts), fill=paint.c(el["hair_color"]), stroke=paint.stroke(0.8))]


def _beard(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    pts = [(65, 44), *ellipse(50, 45, 15, 16, 0, 180), (35, 44), (40, 49), (60, 49)]
    mouth_gap = Polygon(f.pts(ellipse(50, 52, 4, 1.6)), fill=paint.c(el["skin"]), stroke=None)
    return [Polygon(f.pts(pts), fill=paint.c(el["hair_color"]), stroke=paint.stroke()), mouth_gap]


def _eyepatch(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    st = paint.line(1.2)
    return [Line(*f.p(36, 34), *f.p(64, 46), stroke=st),
            Polygon(f.pts(ellipse(44, 41.5, 4.4, 3.6)), fill=paint.dark, stroke=None)]


def _pipe(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    stem = Polygon(f.pts([(53, 51.5), (64, 56), (64, 57.5), (53, 53)]), fill=paint.c("#5b3a1e"), stroke=paint.stroke(0.6))
    bowl = Rect(*f.p(62, 50), f.d(6), f.d(9), fill=paint.c("#7a4a24"), stroke=paint.stroke(), radius=f.d(1.5))
    return [stem, bowl]


def _earrings(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    gold = paint.c("#e2b007")
    return [Circle(*f.p(x, 50), f.d(2.1), fill=gold, stroke=paint.stroke(0.7)) for x in (35, 65)]


_FACE: dict[str, _Part] = {"none": _nothing, "glasses": _glasses, "monocle": _monocle, "moustache": _moustache,
                           "beard": _beard, "eyepatch": _eyepatch, "pipe": _pipe, "earrings": _earrings}


# --- neck pieces --------------------------------------------------------------------------------

def _tie(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    return [Polygon(f.pts([(48, 71), (52, 71), (54, 90), (50, 95), (46, 90)]), fill=paint.c("#a4161a"), stroke=paint.stroke())]


def _bowtie(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    colour = paint.c("#1b1b1b" if el["coat"] != "#1b1b1b" else "#a4161a")
    return [Polygon(f.pts([(50, 73), (41, 68.5), (41, 77.5)]), fill=colour, stroke=paint.stroke()),
            Polygon(f.pts([(50, 73), (59, 68.5), (59, 77.5)]), fill=colour, stroke=paint.stroke())]


def _pearls(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    return [Circle(*f.p(x, y), f.d(1.9), fill=paint.c("#fbf8ef"), stroke=paint.stroke(0.6))
            for x, y in ellipse(50, 66, 10, 9, 20, 160, steps=22)]


def _scarf(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    colour = paint.c(_contrast(el["coat"], el["backdrop"]))
    band = Polygon(f.pts([(38, 64), (62, 64), (63, 72), (37, 72)]), fill=colour, stroke=paint.stroke())
    tail = Polygon(f.pts([(55, 70), (62, 70), (64, 90), (57, 88)]), fill=colour, stroke=paint.stroke())
    return [band, tail]


def _collar(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    white = paint.c("#ffffff")
    return [Polygon(f.pts([(40, 68), (50, 72), (44, 79)]), fill=white, stroke=paint.stroke()),
            Polygon(f.pts([(60, 68), (50, 72), (56, 79)]), fill=white, stroke=paint.stroke())]


def _contrast(coat: str, backdrop: str) -> str:
    """A cloth colour that stands out from the backdrop: the backdrop darkened (or a red)."""
    return _darken(backdrop, 0.62) if backdrop and backdrop != coat else "#c1121f"


_NECK: dict[str, _Part] = {"none": _nothing, "tie": _tie, "bowtie": _bowtie, "pearls": _pearls, "scarf": _scarf,
                           "collar": _collar}


# --- hats ---------------------------------------------------------------------------------------

def _hat_colour(el: Element, paint: _Paint) -> str | None:
    return paint.c(_darken(el["coat"], 0.55))


def _darken(colour: str, k: float) -> str:
    r, g, b = (int(v * k) for v in rgb(colour))
    return hex_colour(r, g, b)


def _fedora(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = _hat_colour(el, paint)
    brim = Polygon(f.pts(ellipse(50, 29, 25, 4.5)), fill=c, stroke=paint.stroke())
    crown = Polygon(f.pts([(36, 29), (38, 15), (46, 12), (50, 15), (54, 12), (62, 15), (64, 29)]), fill=c, stroke=paint.stroke())
    band = Rect(*f.p(36.6, 23), f.d(26.8), f.d(4), fill=paint.c("#111111"), stroke=None)
    return [brim, crown, band]


def _bowler(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = paint.c("#222222")
    dome = Polygon(f.pts(ellipse(50, 29, 15, 15, 180, 360)), fill=c, stroke=paint.stroke())
    brim = Polygon(f.pts(ellipse(50, 29, 20, 3)), fill=c, stroke=paint.stroke())
    return [dome, brim]


def _tophat(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = paint.c("#111111")
    crown = Rect(*f.p(38, 2), f.d(24), f.d(26), fill=c, stroke=paint.stroke())
    band = Rect(*f.p(38, 20), f.d(24), f.d(4), fill=paint.c("#8b0000"), stroke=None)
    brim = Polygon(f.pts(ellipse(50, 28, 21, 3.5)), fill=c, stroke=paint.stroke())
    return [crown, band, brim]


def _cap(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = _hat_colour(el, paint)
    top = Polygon(f.pts(ellipse(50, 32, 17, 12, 180, 360)), fill=c, stroke=paint.stroke())
    visor = Polygon(f.pts([(33, 31), (67, 31), (72, 35), (30, 35)]), fill=paint.c("#111111"), stroke=paint.stroke())
    return [top, visor]


def _beret(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = paint.c("#b3001b")
    return [Polygon(f.pts(ellipse(46, 26, 21, 7)), fill=c, stroke=paint.stroke()),
            Circle(*f.p(48, 18.5), f.d(2), fill=c, stroke=paint.stroke())]


def _cloche(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = _hat_colour(el, paint)
    bell = [*ellipse(50, 36, 18, 18, 180, 360), (69, 44), (31, 44)]
    ribbon = Rect(*f.p(32.5, 33), f.d(35), f.d(4), fill=paint.c("#f2e8cf"), stroke=None)
    return [Polygon(f.pts(bell), fill=c, stroke=paint.stroke()), ribbon]


def _headscarf(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = paint.c(_contrast(el["coat"], el["backdrop"]))
    wrap = ellipse(50, 40, 19, 21, 160, 380)
    knot = Polygon(f.pts([(50, 60), (44, 67), (56, 67)]), fill=c, stroke=paint.stroke())
    face_hole = Polygon(f.pts(ellipse(50, 44, 13, 14)), fill=paint.c(el["skin"]), stroke=None)
    scarf = Polygon(f.pts([*wrap, (62, 58), (50, 61), (38, 58)]), fill=c, stroke=paint.stroke())
    again = _head_features(f, el, paint)
    return [scarf, knot, face_hole, *again]


def _head_features(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    """Eyes and mouth redrawn on top (for hats that wrap the face), then the face accessory."""
    eyes = [Circle(*f.p(x, 41), f.d(1.7), fill=paint.dark, stroke=None) for x in (44, 56)]
    mouth = Line(*f.p(46, 52), *f.p(54, 52), stroke=paint.line(1.2))
    return [*eyes, mouth, *_FACE[el["face"]](f, el, paint)]


def _bun(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = paint.c(el["hair_color"])
    return [Circle(*f.p(50, 19), f.d(7), fill=c, stroke=paint.stroke()), *_hair_top(f, el, paint)]


def _flower(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    petals = [Circle(*f.p(36 + 4 * math.cos(math.radians(a)), 28 + 4 * math.sin(math.radians(a))),
                     f.d(3.2), fill=paint.c("#ff5d8f"), stroke=paint.stroke(0.7)) for a in range(0, 360, 72)]
    return [*petals, Circle(*f.p(36, 28), f.d(2.2), fill=paint.c("#ffd60a"), stroke=paint.stroke(0.7))]


def _wide(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    c = paint.c("#2b2d42")
    brim = Polygon(f.pts(ellipse(50, 28, 32, 6)), fill=c, stroke=paint.stroke())
    crown = Polygon(f.pts(ellipse(50, 27, 14, 11, 180, 360)), fill=c, stroke=paint.stroke())
    ribbon = Rect(*f.p(36.5, 23), f.d(27), f.d(3), fill=paint.c("#9d4edd"), stroke=None)
    return [brim, crown, ribbon]


def _toque(f: Frame, el: Element, paint: _Paint) -> list[Item]:
    white = paint.c("#ffffff")
    puffs = [Circle(*f.p(x, y), f.d(8), fill=white, stroke=paint.stroke()) for x, y in ((40, 14), (50, 10), (60, 14))]
    band = Rect(*f.p(37, 16), f.d(26), f.d(10), fill=white, stroke=paint.stroke())
    return [*puffs, band]


_HAT: dict[str, _Part] = {"none": _nothing, "fedora": _fedora, "bowler": _bowler, "tophat": _tophat, "cap": _cap,
                          "beret": _beret, "cloche": _cloche, "headscarf": _headscarf, "bun": _bun, "flower": _flower,
                          "wide": _wide, "toque": _toque}


# --- badge style --------------------------------------------------------------------------------

def _badge(f: Frame, el: Element, paint: _Paint, el_raw: Element, ctx: ElementContext) -> list[Item]:
    sides = int(el_raw["sides"])
    if not 3 <= sides <= 12 or sides != el_raw["sides"]:
        raise ctx.template_error(f"sides must be a whole number from 3 to 12, not {el_raw['sides']}", "sides")
    outer = [(50 + 48 * math.cos(math.radians(-90 + 360 * i / sides)),
              50 + 48 * math.sin(math.radians(-90 + 360 * i / sides))) for i in range(sides)]
    inner = [(50 + 0.72 * (x - 50), 50 + 0.72 * (y - 50)) for x, y in outer]
    items = [Polygon(f.pts(outer), fill=paint.c(el["backdrop"]), stroke=paint.stroke(1.5)),
             Polygon(f.pts(inner), fill=paint.c(el["coat"]), stroke=paint.stroke())]
    return items + _shape(Frame(*f.p(30, 30), f.s * 0.4), el["shape"], el["hair_color"], paint)
