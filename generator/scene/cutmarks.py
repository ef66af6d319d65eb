"""The registration marks a cutting machine reads (Silhouette's square and L marks, ScanNCut's bullseyes) and the zones they keep clear.

Everything is in mm on the page, origin top-left, y down. Sources and the figures that could not be
checked on a machine are in docs/cutting.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.scene.model import Circle, Item, Rect, Stroke

CUTTERS = ("silhouette", "cricut", "scanncut")
MARK_INK = "#000000"

# Silhouette Studio, print and cut, "Type 1" (3 marks): a filled square at the top-left, L marks at the
# top-right and bottom-left. Studio takes the inset to the marks' centre lines, 10 mm at the least.
SILHOUETTE_INSET = 10.0
SILHOUETTE_THICKNESS = 1.0        # Studio allows 0.5 to 1.0 mm
SILHOUETTE_SQUARE = 5.0           # the square's side inside its border of half a thickness
SILHOUETTE_MIN_LENGTH = 5.0       # Studio allows arm lengths of 5 to 20 mm
SILHOUETTE_MAX_LENGTH = 20.0
CLEARANCE = 1.5                   # mm of white paper kept around every mark

# Brother ScanNCut (CanvasWorkspace print-and-cut): four bullseyes, centres 12 mm from the left and
# right edges and 13.98 mm from the top and bottom edges.
SCANNCUT_X = 12.0
SCANNCUT_Y = 13.98
SCANNCUT_BOX = (16.0, 18.0)       # the white box each mark needs (w, h), the bar above the rings


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle (x0, y0)-(x1, y1) in page mm."""

    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two share more than an edge (a micrometre of rounding is no overlap)."""
        e = 1e-6
        return self.x0 < other.x1 - e and other.x0 < self.x1 - e and self.y0 < other.y1 - e and other.y0 < self.y1 - e


def silhouette_marks(width: float, height: float, length: float) -> list[Item]:
    """Studio's three marks on a page of this size: the square (top-left) and the L marks (top-right,
    bottom-left), arms `length` mm from the corner to the tip, SILHOUETTE_THICKNESS thick."""
    i, t = SILHOUETTE_INSET, SILHOUETTE_THICKNESS
    h = t / 2.0
    side = SILHOUETTE_SQUARE + t
    square = Rect(i - h, i - h, side, side, fill=MARK_INK, stroke=None)
    right = width - i
    bottom = height - i
    return [
        square,
        # top-right L: an arm to the left along the top, an arm down along the right edge
        Rect(right - length, i - h, length + h, t, fill=MARK_INK, stroke=None),
        Rect(right - h, i - h, t, length + h, fill=MARK_INK, stroke=None),
        # bottom-left L: an arm up along the left edge, an arm to the right along the bottom
        Rect(i - h, bottom - length, t, length + h, fill=MARK_INK, stroke=None),
        Rect(i - h, bottom - h, length + h, t, fill=MARK_INK, stroke=None),
    ]


def silhouette_keep_out(width: float, height: float, length: float) -> list[Box]:
    """Where no card (bleed included) may be: each mark corner's square of side arm length (or the
    square mark) plus the clearance, measured from the marks' centre lines."""
    i = SILHOUETTE_INSET
    reach = max(length, SILHOUETTE_SQUARE + SILHOUETTE_THICKNESS / 2.0) + CLEARANCE
    arm = length + CLEARANCE
    return [Box(0.0, 0.0, i + reach, i + reach),
            Box(width - i - arm, 0.0, width, i + arm),
            Box(0.0, height - i - arm, i + arm, height)]


def silhouette_bounds(width: float, height: float) -> Box:
    """The rectangle the cards (with their bleed) must stay inside: the one the marks' centre lines span
    (the corners are kept clear by silhouette_keep_out)."""
    i = SILHOUETTE_INSET
    return Box(i, i, width - i, height - i)


def scanncut_centres(width: float, height: float) -> list[tuple[float, float]]:
    """The four bullseye centres, clockwise from the top-left."""
    x, y = SCANNCUT_X, SCANNCUT_Y
    return [(x, y), (width - x, y), (width - x, height - y), (x, height - y)]


def scanncut_marks(width: float, height: float) -> list[Item]:
    """A bullseye at each corner: a centre dot (r 0.99 mm), rings 2-3 mm and 4-5 mm, a 10x1 mm bar above."""
    ring = Stroke(MARK_INK, 1.0)
    items: list[Item] = []
    for cx, cy in scanncut_centres(width, height):
        items += [Circle(cx, cy, 0.99, fill=MARK_INK, stroke=None),
                  Circle(cx, cy, 2.5, fill=None, stroke=ring),
                  Circle(cx, cy, 4.5, fill=None, stroke=ring),
                  Rect(cx - 5.0, cy - 7.0, 10.0, 1.0, fill=MARK_INK, stroke=None)]
    return items


def scanncut_keep_out(width: float, height: float) -> list[Box]:
    """Each mark's white box (16x18 mm, the bar side taller) plus the clearance."""
    w, h = SCANNCUT_BOX
    c = CLEARANCE
    return [Box(cx - w / 2 - c, cy - h / 2 - 1.0 - c, cx + w / 2 + c, cy + h / 2 - 1.0 + c)
            for cx, cy in scanncut_centres(width, height)]
