"""The drawing vocabulary: a Page holds shapes in millimetres, origin top-left, y pointing down.

Backends (generator/render/) draw exactly these primitives. A `Text` box is laid out once by
generator/scene/text.py into `TextLine`s, so every backend breaks lines identically. Colours are
"#rrggbb" strings (None: no paint); a shape's fill may also be a `Gradient`, and a `Group` may be
drawn half transparent (`opacity`); a `Hatch` fills a rectangle with parallel lines. Sizes of text
are in points; everything else is in mm.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass, field

from generator.core.imagefile import describe

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]   # (a, b, c, d, e, f) as in SVG/PDF
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True, slots=True)
class Stroke:
    """How a line is drawn: colour, width in mm, optional dash pattern in mm."""

    color: str = "#000000"
    width: float = 0.25
    _: KW_ONLY
    dash: tuple[float, ...] | None = None


DEFAULT_STROKE = Stroke()

GRADIENT_KINDS = ("linear", "radial")
SPREADS = ("pad", "reflect", "repeat")     # SVG's spreadMethod: what a gradient does beyond its ends


@dataclass(frozen=True, slots=True)
class Gradient:
    """A fill whose colour changes: linear, from (x1, y1) to (x2, y2), or radial, from the centre
    (x1, y1) out to radius r; `stops` are (offset 0..1, "#rrggbb") in order, and the first and last
    colours carry on beyond the ends (SVG's pad). The geometry is in the painted item's coordinates,
    mapped by `transform` (an elliptic or skewed gradient of SVG art).

    `box=True` makes the geometry follow the painted item's bounding box instead (a template's
    fill): a linear gradient crosses the box at `angle` degrees (0: left to right, 90: top to
    bottom), from corner to corner; a radial one is centred in the box and reaches its longer side's
    half. generator.render.base.placed_gradient turns it into item coordinates.

    SVG art's gradients may also have a focal point (`fx`, `fy`; None: the centre) and a focal
    radius `fr` (a radial gradient runs from the focal circle out to the circle x1, y1, r), a
    `spread` other than pad (reflect, repeat: the stops again beyond the ends), and stop
    opacities (`alphas`, one per stop; empty: all opaque). generator.scene.gradients has their
    geometry."""

    kind: str
    stops: tuple[tuple[float, str], ...]
    x1: float = 0.0
    y1: float = 0.0
    x2: float = 0.0
    y2: float = 0.0
    r: float = 0.0
    transform: Matrix = IDENTITY
    box: bool = False
    angle: float = 90.0
    fx: float | None = None
    fy: float | None = None
    fr: float = 0.0
    spread: str = "pad"
    alphas: tuple[float, ...] = ()

    @property
    def plain(self) -> bool:
        """Opaque, padded and (radial) focused on its centre: what every backend drew before
        focal points, spreads and stop opacity (and still draws the same way)."""
        return (self.spread == "pad" and not self.alphas and self.fr == 0
                and (self.kind != "radial" or (self.fx is None and self.fy is None)))


Paint = str | Gradient


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle, optionally with rounded corners (radius in mm)."""

    x: float
    y: float
    w: float
    h: float
    _: KW_ONLY
    fill: Paint | None = None
    stroke: Stroke | None = DEFAULT_STROKE
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Line:
    """A straight segment (stroke None: not drawn)."""

    x1: float
    y1: float
    x2: float
    y2: float
    _: KW_ONLY
    stroke: Stroke | None = DEFAULT_STROKE


@dataclass(frozen=True, slots=True)
class Polyline:
    """An open polyline, or a polygon when closed (fill applies to closed shapes only)."""

    points: tuple[Point, ...]
    _: KW_ONLY
    closed: bool = False
    fill: Paint | None = None
    stroke: Stroke | None = DEFAULT_STROKE


def Polygon(points: Sequence[Point], *, fill: Paint | None = None,
            stroke: Stroke | None = DEFAULT_STROKE) -> Polyline:
    """A closed polyline."""
    return Polyline(tuple((float(x), float(y)) for x, y in points), closed=True, fill=fill, stroke=stroke)


PathCommand = tuple[str | float, ...]
PATH_ARITY = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}   # numbers each command takes
FILL_RULES = ("nonzero", "evenodd")


@dataclass(frozen=True, slots=True)
class Path:
    """A path of straight and curved segments (SVG art, icons), in mm.

    commands: ("M", x, y) moves to a point and starts a subpath, ("L", x, y) a line,
    ("Q", x1, y1, x, y) a quadratic and ("C", x1, y1, x2, y2, x, y) a cubic Bezier curve,
    ("Z",) closes the subpath. fill paints every subpath (open ones as if closed), by the
    fill rule ("nonzero" or "evenodd"), under the stroke.
    """

    commands: tuple[PathCommand, ...]
    _: KW_ONLY
    fill: Paint | None = None
    stroke: Stroke | None = DEFAULT_STROKE
    fill_rule: str = "nonzero"


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle by centre and radius."""

    cx: float
    cy: float
    r: float
    _: KW_ONLY
    fill: Paint | None = None
    stroke: Stroke | None = DEFAULT_STROKE


@dataclass(frozen=True, slots=True)
class Text:
    """A text box: laid out (wrapped, shrunk to fit) inside x, y, w, h; never drawn outside it.

    font is a name from the font registry (generator/scene/fonts.py: "sans", "sans-bold",
    "sans-italic", "condensed", "condensed-bold", "serif", "serif-bold", "mono", "mono-bold", or a
    template's own font or stack registered there).
    align: left|center|right; valign: top|middle|bottom. With shrink, the size goes down (to
    min_size at the least) until the text fits; text that still does not fit is an error at
    layout time, never silently clipped.
    """

    x: float
    y: float
    w: float
    h: float
    text: str
    _: KW_ONLY
    font: str = "sans"
    size: float = 10.0
    color: Paint = "#000000"
    align: str = "left"
    valign: str = "top"
    wrap: bool = True
    shrink: bool = True
    min_size: float = 5.0
    line_height: float = 1.2
    features: tuple[str, ...] = field(default=(), kw_only=True)   # OpenType features ("smcp", "-liga")
    lang: str = field(default="", kw_only=True)   # the text's language (BCP 47: "it", "ja"): shaping, hyphenation
    # each paragraph's base direction: "auto" its first strong character's (rule P2), or "ltr"/"rtl" (rule
    # P3's higher-level protocol: a footer in pnpgen's own left-to-right words keeps that order around
    # a right-to-left title)
    direction: str = field(default="auto", kw_only=True)


@dataclass(frozen=True, slots=True)
class TextLine:
    """One laid-out line of text: x at its left end, y on its baseline (mm); size in points. Backends
    draw the glyphs generator.scene.fonts.shape_line gives for its font, text, features, lang and rtl
    (the base direction: None reads it from the first strong character; rich text gives each of its
    bidi runs its own, so a bracket alone in a right-to-left run is mirrored)."""

    x: float
    y: float
    text: str
    _: KW_ONLY
    font: str = "sans"
    size: float = 10.0
    color: Paint = "#000000"     # a colour, or a Gradient (the glyphs filled with it)
    features: tuple[str, ...] = field(default=(), kw_only=True)
    lang: str = field(default="", kw_only=True)
    rtl: bool | None = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class Image:
    """A raster picture stretched to the box x, y, w, h: a file's own bytes (PNG, JPEG...), not pixels.

    format ("png", "jpeg"...) and digest (sha256 hex of data) are read from the bytes when not
    given; backends key on the digest to decode and embed each distinct picture once, and choose
    from the format how to embed it (a PDF copies a JPEG as it is).
    """

    x: float
    y: float
    w: float
    h: float
    data: bytes
    _: KW_ONLY
    format: str = ""
    digest: str = ""

    def __post_init__(self) -> None:
        if not self.format or not self.digest:
            fmt, digest = describe(self.data)
            object.__setattr__(self, "format", self.format or fmt)
            object.__setattr__(self, "digest", self.digest or digest)


@dataclass(frozen=True, slots=True)
class Hatch:
    """A rectangle (rounded corners too) filled with parallel lines and cut at its edge: lines drawn with
    `stroke`, `step` mm apart, at `angle` degrees from the x axis (positive is clockwise on the page), one
    of them through (ax, ay), so that hatches through the same point meet in step. The rectangle is only
    where the lines show: it is neither filled nor stroked. `reach` (mm, at least to the rectangle's
    corners) is how far from its centre the lines run before they are cut: on paper it changes nothing,
    but a rasteriser that rounds a line's edges from its ends (the PNG backend) gives pixels that depend
    on it, so a drawing keeps its pixels by keeping its reach. Backends may draw one set of lines per
    document and place it for every hatch (a PDF form, an SVG <use>); generator/scene/hatch.py gives
    the lines."""

    x: float
    y: float
    w: float
    h: float
    _: KW_ONLY
    radius: float = 0.0
    ax: float = 0.0
    ay: float = 0.0
    angle: float = 45.0
    step: float = 1.0
    stroke: Stroke = DEFAULT_STROKE
    reach: float = 0.0


@dataclass(frozen=True, slots=True)
class Group:
    """Items drawn under an affine transform (applied to the items' coordinates), optionally
    clipped to a rectangle given in the group's own coordinates (before the transform), and made
    transparent: `opacity` below 1 lets what lies under the group show through (0: invisible).
    `reuse` says the same items recur under other transforms (a glyph's outline at every size and
    place): a backend may draw them once per document and place them (a PDF form, an SVG <use>)."""

    items: tuple[Item, ...]
    _: KW_ONLY
    transform: Matrix = IDENTITY
    clip: Rect | None = None
    opacity: float = 1.0
    reuse: bool = False


Item = Rect | Line | Polyline | Path | Circle | Text | TextLine | Image | Hatch | Group


@dataclass
class Page:
    """One page (or one card face drawn as its own page): size in mm and the items on it.

    kind: "front", "back", "sheet" (a whole-page product), "card" (a single card face).
    trim_box/bleed_box: (x, y, w, h) in mm on the page, for the PDF TrimBox/BleedBox.
    label: what the page is, for footers, recording logs and tests.
    """

    width: float
    height: float
    _: KW_ONLY
    items: list[Item] = field(default_factory=list)
    label: str = ""
    kind: str = "sheet"
    trim_box: tuple[float, float, float, float] | None = None
    bleed_box: tuple[float, float, float, float] | None = None

    def add(self, *items: Item) -> Page:
        """Append items; returns the page for chaining."""
        self.items.extend(items)
        return self


def compose(m1: Matrix, m2: Matrix) -> Matrix:
    """The transform that applies m2 first, then m1 (m1 x m2)."""
    a1, b1, c1, d1, e1, f1 = m1
    a2, b2, c2, d2, e2, f2 = m2
    return (a1 * a2 + c1 * b2, b1 * a2 + d1 * b2,
            a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
            a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)


def translate(dx: float, dy: float) -> Matrix:
    """A translation by dx, dy mm."""
    return (1.0, 0.0, 0.0, 1.0, float(dx), float(dy))


def scale(sx: float, sy: float | None = None) -> Matrix:
    """A scaling about the origin."""
    return (float(sx), 0.0, 0.0, float(sx if sy is None else sy), 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Matrix:
    """A rotation about (cx, cy); positive is clockwise on the page (y points down).

    Multiples of 90 degrees are exact (no floating-point residue), which keeps output stable.
    """
    quarter: dict[float, tuple[int, int]] = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}
    deg = degrees % 360
    cos, sin = quarter.get(deg) or (math.cos(math.radians(deg)), math.sin(math.radians(deg)))
    about = (float(cos), float(sin), float(-sin), float(cos), 0.0, 0.0)
    return compose(translate(cx, cy), compose(about, translate(-cx, -cy)))


def apply(m: Matrix, x: float, y: float) -> Point:
    """Transform a point."""
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)
