"""Print-and-cut sheets: the card grid a cutting machine cuts (clear of its marks), the marks, the cut outlines and the pages.

A CutSheet is solved once from a CutSpec (cutter, paper, card size, bleed, corner radius, cut inset).
Cards never abut: each keeps its own bleed and the gap between two cards is 2 x bleed, never less
than MIN_GAP, so the blade never cuts along a neighbour. Silhouette and ScanNCut sheets are whole
pages with the machine's marks; a Cricut sheet is an image no larger than Design Space prints (it
adds its own marks around it). The cut outlines are in the same mm as the marks (page origin top-left).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.scene.cutmarks import (
    CLEARANCE,
    CUTTERS,
    SILHOUETTE_INSET,
    SILHOUETTE_MAX_LENGTH,
    SILHOUETTE_MIN_LENGTH,
    SILHOUETTE_SQUARE,
    SILHOUETTE_THICKNESS,
    Box,
    scanncut_keep_out,
    silhouette_bounds,
    silhouette_keep_out,
)
from generator.scene.footer import CUT_WORDS
from generator.scene.papers import FOOTER_GAP, FOOTER_HEIGHT, PRINTER_MARGIN, describe_paper, paper_size

MIN_GAP = 1.25                      # mm between two cards' cut lines at the least (silhouette-card-maker's gap)
CRICUT_AREA = (171.45, 234.95)      # Design Space's largest Print Then Cut image: 6.75 x 9.25 in
CRICUT_DPI = 300.0
CUT_BLEED = 0.625                   # the bleed a cutter sheet prints unless --bleed says otherwise (half MIN_GAP)

MACHINE_NAMES = {"silhouette": "Silhouette", "cricut": "Cricut", "scanncut": "ScanNCut"}


@dataclass(frozen=True)
class CutSpec:
    """What to cut: the machine, paper and orientation (None: whichever holds more), card size,
    printed bleed, corner radius and cut inset of the cut path (mm)."""

    cutter: str
    paper: str = "a4"
    landscape: bool | None = None
    card_size: tuple[float, float] = (63.5, 88.9)
    bleed: float = CUT_BLEED
    radius: float | None = None
    inset: float = 0.0

    def __post_init__(self) -> None:
        if self.cutter not in CUTTERS:
            raise LayoutError(f"unknown cutter {self.cutter!r} (known: {', '.join(CUTTERS)})", key="--cutter")
        w, h = self.card_size
        if not 0.0 <= self.inset <= min(w, h) / 4.0:
            raise LayoutError(f"cut inset {format_number(self.inset)} mm must be between 0 and a quarter "
                              f"of the card's short side", key="--cut-inset")
        radius = default_radius(self.card_size) if self.radius is None else float(self.radius)
        if not 0.0 <= radius <= (min(w, h) - 2 * self.inset) / 2.0:
            raise LayoutError(f"corner radius {format_number(radius)} mm must be between 0 and half the "
                              f"cut card's short side", key="--corner-radius")
        object.__setattr__(self, "radius", radius)

    @property
    def corner(self) -> float:
        """The corner radius (resolved)."""
        return float(self.radius or 0.0)


def default_radius(card_size: tuple[float, float]) -> float:
    """3 mm for poker-sized cards and larger; a twentieth of the short side (in half mm) below that."""
    short = min(card_size)
    return min(3.0, math.floor(short / 20.0 * 2.0) / 2.0)


@dataclass(frozen=True)
class Outline:
    """A closed cut path: a rectangle with rounded corners, in page mm."""

    x: float
    y: float
    w: float
    h: float
    r: float


@dataclass(frozen=True)
class CutSheet:
    """A solved cutter sheet: its size, the card grid (trim top-left corners), the Silhouette arm length."""

    spec: CutSpec
    width: float
    height: float
    landscape: bool
    cols: int
    rows: int
    x0: float
    y0: float
    gap: float
    length: float = 0.0

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def slots(self) -> list[tuple[float, float]]:
        """The trim top-left of each card, row by row from the top-left."""
        w, h = self.spec.card_size
        return [(self.x0 + c * (w + self.gap), self.y0 + r * (h + self.gap))
                for r in range(self.rows) for c in range(self.cols)]

    def outline(self, x: float, y: float) -> Outline:
        """The cut path of the card whose trim starts at (x, y)."""
        w, h = self.spec.card_size
        i = self.spec.inset
        return Outline(x + i, y + i, w - 2 * i, h - 2 * i, self.spec.corner)

    def outlines(self, count: int | None = None) -> list[Outline]:
        """The cut paths of the first `count` slots (all by default)."""
        return [self.outline(x, y) for x, y in self.slots()[:count]]

    def block(self) -> Box:
        """The grid with its outer bleed."""
        w, h = self.spec.card_size
        b = self.spec.bleed
        return Box(self.x0 - b, self.y0 - b, self.x0 + self.cols * w + (self.cols - 1) * self.gap + b,
                   self.y0 + self.rows * h + (self.rows - 1) * self.gap + b)

    def keep_out(self) -> list[Box]:
        """The zones of this sheet's marks where nothing may be printed."""
        if self.spec.cutter == "silhouette":
            return silhouette_keep_out(self.width, self.height, self.length)
        if self.spec.cutter == "scanncut":
            return scanncut_keep_out(self.width, self.height)
        return []

    def footer_words(self, lang: str = "en") -> str:
        """The machine settings in a footer's few words, in the footer's language."""
        studio, other = CUT_WORDS.get(lang, CUT_WORDS["en"])
        if self.spec.cutter == "silhouette":
            return studio.format(length=format_number(self.length), thickness=format_number(SILHOUETTE_THICKNESS),
                                 inset=format_number(SILHOUETTE_INSET))
        return other.format(machine=MACHINE_NAMES.get(self.spec.cutter, self.spec.cutter))

    def describe(self) -> str:
        """The settings a user types into the machine's software, for messages."""
        if self.spec.cutter == "silhouette":
            return (f"Silhouette Studio registration: Type 1, length {format_number(self.length)} mm, "
                    f"thickness {format_number(SILHOUETTE_THICKNESS)} mm, inset {format_number(SILHOUETTE_INSET)} mm")
        if self.spec.cutter == "scanncut":
            return "ScanNCut: 4 registration marks, 12 mm and 13.98 mm from the edges"
        w_in, h_in = self.width / 25.4, self.height / 25.4
        return f"Cricut Print Then Cut image: {w_in:.3f} x {h_in:.3f} in"


def _count(card: float, gap: float, room: float) -> int:
    return 0 if room + 1e-9 < card else int((room - card + 1e-9) // (card + gap)) + 1


def _span(count: int, card: float, gap: float) -> float:
    return count * card + (count - 1) * gap


def gap_for(bleed: float) -> float:
    """Two cards' own bleeds side by side, never less than MIN_GAP."""
    return max(2.0 * bleed, MIN_GAP)


def _region(spec: CutSpec, width: float, height: float) -> Box:
    """Where the cards with their bleed may go on a page of this size."""
    if spec.cutter == "silhouette":
        return silhouette_bounds(width, height)
    m = PRINTER_MARGIN
    return Box(m, m, width - m, height - m - FOOTER_HEIGHT - FOOTER_GAP)


def _arm_length(spec: CutSpec, width: float, height: float, block: Box) -> float | None:
    """The longest Silhouette arm (5-20 mm, in tenths) whose keep-out zones the block stays clear of;
    None if even the shortest does not fit."""
    i = SILHOUETTE_INSET
    room = [max(block.x0 - i, block.y0 - i), max(width - i - block.x1, block.y0 - i),
            max(block.x0 - i, height - i - block.y1)]
    square = SILHOUETTE_SQUARE + SILHOUETTE_THICKNESS / 2.0 + CLEARANCE
    if room[0] + 1e-9 < square:
        return None
    length = math.floor((min(room) - CLEARANCE) * 10.0 + 1e-6) / 10.0
    length = min(length, SILHOUETTE_MAX_LENGTH)
    return length if length >= SILHOUETTE_MIN_LENGTH - 1e-9 else None


def _solve_page(spec: CutSpec, landscape: bool) -> CutSheet | None:
    """The best grid on the paper this way round (most cards, then the longest marks)."""
    width, height = paper_size(spec.paper, landscape)
    region = _region(spec, width, height)
    (cw, ch), b = spec.card_size, spec.bleed
    gap = gap_for(b)
    best: CutSheet | None = None
    for cols in range(_count(cw, gap, region.x1 - region.x0 - 2 * b), 0, -1):
        for rows in range(_count(ch, gap, region.y1 - region.y0 - 2 * b), 0, -1):
            x0 = (region.x0 + region.x1) / 2.0 - _span(cols, cw, gap) / 2.0
            y0 = (region.y0 + region.y1) / 2.0 - _span(rows, ch, gap) / 2.0
            sheet = CutSheet(spec, width, height, landscape, cols, rows, x0, y0, gap)
            if spec.cutter == "silhouette":
                length = _arm_length(spec, width, height, sheet.block())
                if length is None:
                    continue
                sheet = replace(sheet, length=length)
            if any(sheet.block().overlaps(zone) for zone in sheet.keep_out()):
                continue
            if best is None or (sheet.per_sheet, sheet.length) > (best.per_sheet, best.length):
                best = sheet
    return best


def _solve_cricut(spec: CutSpec, landscape: bool) -> CutSheet | None:
    """The largest grid inside Design Space's image limit, 6.75 in wide and 9.25 in tall (Print Then Cut
    takes no wider image, whatever the paper's orientation); the image is the grid and its bleed,
    rounded up to whole pixels at CRICUT_DPI (the grid centred in it)."""
    area_w, area_h = CRICUT_AREA
    (cw, ch), b = spec.card_size, spec.bleed
    gap = gap_for(b)
    cols, rows = _count(cw, gap, area_w - 2 * b), _count(ch, gap, area_h - 2 * b)
    if cols * rows == 0:
        return None
    px = 25.4 / CRICUT_DPI
    width = min(math.ceil((_span(cols, cw, gap) + 2 * b) / px - 1e-6) * px, area_w)
    height = min(math.ceil((_span(rows, ch, gap) + 2 * b) / px - 1e-6) * px, area_h)
    return CutSheet(spec, width, height, landscape, cols, rows, (width - _span(cols, cw, gap)) / 2.0,
                    (height - _span(rows, ch, gap)) / 2.0, gap)


def plan_cut_sheet(spec: CutSpec) -> CutSheet:
    """The sheet holding the most cards (ties: longer Silhouette marks, then portrait); LayoutError if none."""
    ways = [False, True] if spec.landscape is None else [bool(spec.landscape)]
    if spec.cutter == "cricut":
        ways = [False]          # one area, 6.75 in wide: the image's orientation is not the paper's
    solve = _solve_cricut if spec.cutter == "cricut" else _solve_page
    best: CutSheet | None = None
    for landscape in ways:
        sheet = solve(spec, landscape)
        if sheet is not None and (best is None or (sheet.per_sheet, sheet.length) > (best.per_sheet, best.length)):
            best = sheet
    if best is None:
        cw, ch = spec.card_size
        where = ("Design Space's 6.75 x 9.25 in Print Then Cut image" if spec.cutter == "cricut"
                 else " or ".join(describe_paper(spec.paper, w) for w in ways))
        raise LayoutError(f"a {format_number(cw)}x{format_number(ch)} mm card with {format_number(spec.bleed)} mm "
                          f"bleed does not fit on {where} clear of the {spec.cutter} marks", key="card")
    return best
