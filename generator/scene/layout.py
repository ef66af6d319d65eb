"""The sheet plan: paper orientation, footer side and card grid chosen for a SheetSpec (no drawing)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.scene.grid import MARK_GAP, Axis, solve_axis
from generator.scene.papers import (
    FOOTER_GAP,
    FOOTER_HEIGHT,
    PAPERS,
    PRINTER_MARGIN,
    describe_paper,
    paper_name,
    paper_size,
    parse_card_size,
)

OFFSET_MAX = 20.0       # mm either way: the most --offset (and a printer profile) moves the backs
FOLD_GAP = 1.0          # mm between the fold line and any mark (the bleed stays this far off too)
DUPLEX_MODES = ("long", "short", None)


@dataclass(frozen=True)
class SheetSpec:
    """How cards are printed: paper, orientation (None: whichever fits more), card size, bleed,
    crop marks, cut lines, duplex backs (long/short edge flip, None: fronts only), back offset in
    mm (added to every back page, to correct a printer), gutter fold (fronts and backs on one page),
    printer scale (a printer that prints 1 mm as 0.995 mm gets pages drawn 1/0.995 larger)."""

    paper: str = "a4"
    landscape: bool | None = False
    card_size: tuple[float, float] = (63.5, 88.9)
    bleed: float = 3.0
    crop_marks: bool = True
    cut_lines: bool = False
    duplex: str | None = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    gutter_fold: bool = False
    scale: tuple[float, float] = (1.0, 1.0)   # what the printer prints 1 mm as (x, y)

    def __post_init__(self) -> None:
        paper = paper_name(self.paper)
        object.__setattr__(self, "paper", paper)
        object.__setattr__(self, "card_size", parse_card_size(self.card_size))
        duplex = None if self.duplex in (None, "none", "") else self.duplex
        if duplex not in DUPLEX_MODES:
            raise LayoutError(f"duplex must be long, short or none, not {self.duplex!r}", key="duplex")
        object.__setattr__(self, "duplex", duplex)
        if not 0.0 <= float(self.bleed) <= 20.0:
            raise LayoutError(f"bleed must be between 0 and 20 mm, not {self.bleed}", key="bleed")
        ox, oy = (float(v) for v in self.offset)
        if max(abs(ox), abs(oy)) > OFFSET_MAX:
            raise LayoutError(f"offset {format_number(ox)},{format_number(oy)} mm is too large (at most "
                              f"{format_number(OFFSET_MAX)} mm)", key="offset")
        object.__setattr__(self, "offset", (ox, oy))
        if (ox, oy) != (0.0, 0.0) and (self.gutter_fold or duplex is None):
            why = ("a gutter fold prints fronts and backs on the same side, so no back page is "
                   "shifted" if self.gutter_fold else "without backs (--duplex none) there is no "
                   "back page to shift")
            raise LayoutError(f"--offset {format_number(ox)},{format_number(oy)} does nothing here: {why}", key="offset")
        sx, sy = (float(v) for v in self.scale)
        if not (0.9 <= sx <= 1.1 and 0.9 <= sy <= 1.1):
            raise LayoutError(f"scale {format_number(sx)},{format_number(sy)} is outside 0.9..1.1", key="scale")
        object.__setattr__(self, "scale", (sx, sy))


@dataclass(frozen=True)
class Plan:
    """A solved sheet: paper size, the card grid (fronts), footer side and fold line (if any)."""

    width: float
    height: float
    landscape: bool
    xs: Axis
    ys: Axis
    footer: str
    fold: float | None = None

    @property
    def per_sheet(self) -> int:
        """Cards (or front/back pairs, for a gutter fold) on one sheet."""
        return self.xs.count * self.ys.count

    def flip_axis(self, duplex: str | None) -> str:
        """'x' if backs mirror columns, 'y' if rows: turning over a sheet about its long edge
        mirrors across that edge (vertical on portrait paper, horizontal on landscape)."""
        long_is_vertical = self.height >= self.width
        return "x" if (duplex == "long") == long_is_vertical else "y"

    def backs(self, duplex: str | None) -> Plan:
        """The plan of the back page: the grid and footer mirrored about the paper's centre line."""
        if self.flip_axis(duplex) == "x":
            side = {"left": "right", "right": "left"}.get(self.footer, self.footer)
            return replace(self, xs=self.xs.mirrored(self.width), footer=side)
        side = {"top": "bottom", "bottom": "top"}.get(self.footer, self.footer)
        return replace(self, ys=self.ys.mirrored(self.height), footer=side)


def check_offset(plan: Plan, spec: SheetSpec) -> None:
    """LayoutError (naming the range this layout allows) if the back offset would push a back
    card into the printer margin or over the footer; the footer itself is never shifted."""
    if not spec.duplex or spec.offset == (0.0, 0.0):
        return
    backs = plan.backs(spec.duplex)
    ranges = [_range(backs.xs, spec.bleed), _range(backs.ys, spec.bleed)]
    for value, (low, high), name in zip(spec.offset, ranges, "XY", strict=True):
        if not low - 1e-9 <= value <= high + 1e-9:
            (xl, xh), (yl, yh) = (shown_range(*r) for r in ranges)
            raise LayoutError(
                f"--offset {format_number(spec.offset[0])},{format_number(spec.offset[1])}: {name} {format_number(value)} mm would put the "
                f"back cards within {format_number(PRINTER_MARGIN)} mm of the paper edge or over the footer; this "
                f"layout allows X from {xl} to {xh} and Y from {yl} to {yh} mm (a smaller --bleed or the other "
                f"--orientation may leave more room)", key="offset")


def shown_range(low: float, high: float) -> tuple[str, str]:
    """An offset range as a message shows it: within what --offset takes (OFFSET_MAX either way), to
    0.01 mm, its ends rounded toward each other, so every number shown is one the layout accepts."""
    low, high = max(low, -OFFSET_MAX), min(high, OFFSET_MAX)
    return (format_number(math.ceil(round(low * 100, 6)) / 100, 2),
            format_number(math.floor(round(high * 100, 6)) / 100, 2))


def _range(axis: Axis, bleed: float) -> tuple[float, float]:
    """offset_range, with hard ends (footer, fold) kept clear of the bleed too."""
    lo = axis.lo + (bleed if axis.hard_lo else MARK_GAP)
    hi = axis.hi - (bleed if axis.hard_hi else MARK_GAP)
    return (lo - axis.start, hi - axis.end)


_Region = tuple[float, float, bool, bool]


def _regions(w: float, h: float, footer: str, fold: bool) -> tuple[_Region, _Region]:
    """((x lo, hi, hard lo, hard hi), (y ...)) of the card region for a footer side."""
    m, band = PRINTER_MARGIN, FOOTER_HEIGHT + FOOTER_GAP
    x_hi = w / 2.0 - FOLD_GAP if fold else w - m
    if footer == "bottom":
        return (m, x_hi, False, fold), (m, h - m - band, False, True)
    return (m, x_hi - band, False, True), (m, h - m, False, False)


def _solve(spec: SheetSpec, landscape: bool, footer: str) -> Plan:
    w, h = paper_size(spec.paper, landscape)
    cw, ch = spec.card_size
    (xl, xh, xhl, xhh), (yl, yh, yhl, yhh) = _regions(w, h, footer, spec.gutter_fold)
    xs = solve_axis(cw, spec.bleed, xl, xh, xhl, xhh)
    ys = solve_axis(ch, spec.bleed, yl, yh, yhl, yhh)
    return Plan(w, h, landscape, xs, ys, footer, w / 2.0 if spec.gutter_fold else None)


def plan_sheet(spec: SheetSpec) -> Plan:
    """The plan fitting the most cards (ties: portrait, then footer at the bottom); LayoutError if none."""
    orientations = [False, True] if spec.landscape is None else [bool(spec.landscape)]
    footers = ["bottom"] if spec.gutter_fold else ["bottom", "right"]
    best: Plan | None = None
    for landscape in orientations:
        for footer in footers:
            plan = _solve(spec, landscape, footer)
            if best is None or plan.per_sheet > best.per_sheet:
                best = plan
    assert best is not None
    if best.per_sheet == 0:
        raise _no_fit(spec, orientations)
    return best


def _fits_other_way(spec: SheetSpec) -> bool:
    """Whether the card would fit with the other paper orientation (for a helpful message)."""
    if spec.landscape is None:
        return False
    other = replace(spec, landscape=not spec.landscape)
    footers = ["bottom"] if spec.gutter_fold else ["bottom", "right"]
    return any(_solve(other, bool(other.landscape), f).per_sheet > 0 for f in footers)


def _no_fit(spec: SheetSpec, orientations: list[bool]) -> LayoutError:
    cw, ch = spec.card_size
    landscape = orientations[0]
    w, h = paper_size(spec.paper, landscape)
    (xl, xh, *_), (yl, yh, *_) = _regions(w, h, "bottom", spec.gutter_fold)
    what = "a front/back pair" if spec.gutter_fold else "one card"
    hint = (f"it fits on {'portrait' if landscape else 'landscape'} paper" if _fits_other_way(spec)
            else "choose a larger paper or a smaller card")
    return LayoutError(
        f"a {format_number(cw)}x{format_number(ch)} mm card with {format_number(spec.bleed)} mm bleed does not fit on "
        f"{describe_paper(spec.paper, landscape)}: not even {what} fits; the room for cards is "
        f"{xh - xl:.1f}x{yh - yl:.1f} mm inside the {format_number(PRINTER_MARGIN)} mm printer margins and above "
        f"the footer (pages are never scaled; {hint})", key="card")


def parse_offset(text: str | tuple[float, float] | None) -> tuple[float, float]:
    """--offset "X,Y" in mm (as read on the calibration sheet) -> (x, y); LayoutError if malformed."""
    if text is None or text == "":
        return (0.0, 0.0)
    parts: list[str] | list[float]
    if isinstance(text, (tuple, list)):
        parts = list(text)
    else:
        parts = str(text).replace(";", ",").split(",")
    try:
        x, y = (float(str(v).strip().replace("\u2212", "-")) for v in parts)
    except ValueError:
        raise LayoutError(f"offset {text!r} is not X,Y in mm (for example 1.5,-0.5)",
                          key="offset") from None
    return (x, y)


def cards_per_sheet(spec: SheetSpec) -> int:
    """How many cards (or gutter-fold pairs) one sheet holds for this spec."""
    return plan_sheet(spec).per_sheet


__all__ = ["PAPERS", "Plan", "SheetSpec", "cards_per_sheet", "check_offset", "parse_offset", "plan_sheet"]
