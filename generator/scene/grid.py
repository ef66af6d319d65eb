"""Where cards go on a sheet: per-axis counts, gutters and positions that keep marks and footer printable.

Each axis (x, y) is solved on its own inside a region [lo, hi] of the paper. The ends of a region
are "soft" (the printer margin: a card's outer bleed may run into the unprintable strip, its crop
marks may not) or "hard" (the footer strip or a fold line: not even the bleed may cross it). Cards
get gutters of 2 x bleed (each its own bleed all round) when that fits as many cards as abutting
them; otherwise they abut and share cut lines, with bleed only on the outer edges of the block.
Nothing is ever scaled.
"""

from __future__ import annotations

from dataclasses import dataclass

MARK_GAP = 0.5        # mm: smallest gap between a crop mark and the trim
MIN_MARK = 3.0        # mm: shortest crop mark drawn (the layout keeps room for one at every cut)
_EPS = 1e-9


@dataclass(frozen=True)
class Axis:
    """Cards along one axis: count, card length, gutter between cards and the first trim edge."""

    count: int
    card: float
    gutter: float
    start: float
    lo: float            # the region's ends (marks stay inside them)
    hi: float
    hard_lo: bool = False
    hard_hi: bool = False

    @property
    def end(self) -> float:
        """The last trim edge."""
        return self.start + self.count * self.card + (self.count - 1) * self.gutter

    def positions(self) -> list[float]:
        """The leading trim edge of each card."""
        return [self.start + i * (self.card + self.gutter) for i in range(self.count)]

    def cuts(self) -> list[float]:
        """Every distinct cut line (shared when cards abut)."""
        edges = {round(p, 6) for p in self.positions()}
        edges |= {round(p + self.card, 6) for p in self.positions()}
        return sorted(edges)

    def inner_bleed(self, bleed: float) -> float:
        """The bleed a card keeps on a side facing another card."""
        return min(bleed, self.gutter / 2.0)

    def mirrored(self, length: float) -> Axis:
        """The same cards mirrored about the paper's centre line on this axis."""
        return Axis(self.count, self.card, self.gutter, length - self.end, length - self.hi,
                    length - self.lo, self.hard_hi, self.hard_lo)

    def shifted(self, delta: float) -> Axis:
        """The same cards moved by delta mm."""
        return Axis(self.count, self.card, self.gutter, self.start + delta, self.lo + delta,
                    self.hi + delta, self.hard_lo, self.hard_hi)


def _need(bleed: float, hard: bool) -> float:
    """Room needed between the block's trim edge and a region end."""
    marks = MARK_GAP + MIN_MARK
    return max(marks, bleed) if hard else marks


def _max_count(card: float, gutter: float, room: float) -> int:
    if room + _EPS < card:
        return 0
    return int((room - card + _EPS) // (card + gutter)) + 1


def solve_axis(card: float, bleed: float, lo: float, hi: float,
               hard_lo: bool = False, hard_hi: bool = False) -> Axis:
    """The best placement of cards of length `card` in [lo, hi] (count may be 0)."""
    need_lo, need_hi = _need(bleed, hard_lo), _need(bleed, hard_hi)
    room = hi - lo - need_lo - need_hi
    with_gutters = _max_count(card, 2 * bleed, room)
    abutting = _max_count(card, 0.0, room)
    gutter = 2 * bleed if with_gutters == abutting else 0.0
    count = abutting
    span = count * card + max(count - 1, 0) * gutter
    start = lo + need_lo + max(room - span, 0.0) / 2.0
    return Axis(count, card, gutter, start, lo, hi, hard_lo, hard_hi)


def mark_span(trim: float, bleed: float, limit: float, outward: int,
              length: float = 4.0) -> tuple[float, float] | None:
    """Where a crop mark goes beyond a trim edge, as (near, far) coordinates, or None if no room.

    outward is -1 (towards lower coordinates) or +1. The mark sits outside the bleed when there is
    room for a whole MIN_MARK of it there; otherwise it runs from the printable limit to MARK_GAP
    short of the trim, over the bleed (drawn with a white halo).
    """
    outside_near = trim + outward * (bleed + 1.0)
    if (limit - outside_near) * outward >= MIN_MARK - _EPS:
        near = outside_near
    else:
        near = trim + outward * MARK_GAP
    far = near + outward * length
    if (far - limit) * outward > 0:
        far = limit
    if (far - near) * outward < MIN_MARK - _EPS:
        return None
    return (near, far)
