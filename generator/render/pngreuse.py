"""What the PNG backend keeps from page to page: page openings (the canvas after the items cards of a kind start with) and placed pictures.

Cards of a deck open alike: the bleed colour, the rounded panel, the title bar, and then what is
the card's own (its title). Drawing those shared items costs several passes over the
supersampled canvas; a copy of the canvas after them costs one. The leading items of each page's
first group are compared with those of recent pages: the longest run they share with one of them
is drawn once and its canvas kept, and a page that opens with a kept run starts from a copy of it.
The canvas drawn from white by the same items at the same matrix and size has the same pixels,
so pages are the same with or without the memory (and whatever --jobs).

A picture placed at the same size is scaled to the canvas and checked for transparency once.
"""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage

    from generator.scene.model import Image, Item, Matrix

OPENINGS_BYTES = 96_000_000   # canvases kept (4 bytes a pixel, and their reduction), least recently used dropped first
RECENT_PAGES = 16             # earlier pages' openings a page is compared with
MIN_ITEMS = 2                 # shared runs shorter than this are not worth a canvas copy
TILE = 16                     # output pixels a side of the tiles a page's drawing is tracked in
TOUCH_MARGIN = 3              # canvas pixels added around what an item is known to cover
_MARKED = re.compile(b"\x01+")

Where = tuple[tuple[int, int], "Matrix", int]      # canvas size, the group's matrix, the supersampling


@dataclass(frozen=True)
class Opening:
    """How a page's leading group starts: from a kept canvas after `start` items (or from white
    when start is 0), keeping the canvas again after `keep` items when keep > start."""

    start: int
    keep: int
    canvas: PILImage.Image | None
    reduced: PILImage.Image | None = None    # the kept canvas reduced by the supersampling


# kept openings by a serial number (keys hashed by their items hashed every item deeply on every page):
# (where, the run of items, the canvas, it reduced)
_KEPT: OrderedDict[int, tuple[Where, tuple[Item, ...], PILImage.Image, PILImage.Image]] = OrderedDict()
_SERIAL = [0]
_RECENT: dict[Where, deque[Sequence[Item]]] = {}
_LOCK = threading.Lock()      # pages drawn in threads share the memory


def opening(where: Where, items: Sequence[Item]) -> Opening:
    """The kept canvas with the longest run of these items, and how far they agree with a recent page."""
    if 8 * where[0][0] * where[0][1] > OPENINGS_BYTES:   # a canvas this large is not kept
        return Opening(0, 0, None)
    with _LOCK:
        return _opening(where, items)


def _opening(where: Where, items: Sequence[Item]) -> Opening:
    if len(_RECENT) > 64:
        _RECENT.clear()
    start, canvas, reduced, found = 0, None, None, -1
    for serial, (place, run, image, small) in _KEPT.items():
        if place == where and len(run) > start and _shared(run, items) == len(run):
            start, canvas, reduced, found = len(run), image, small, serial
    recent = _RECENT.setdefault(where, deque(maxlen=RECENT_PAGES))
    agree = max((_shared(other, items) for other in recent), default=0)
    recent.append(items)
    if canvas is not None:
        _KEPT.move_to_end(found)
    return Opening(start, agree if agree > start and agree >= MIN_ITEMS else start, canvas, reduced)


def keep(where: Where, items: Sequence[Item], canvas: PILImage.Image) -> PILImage.Image:
    """Keep a copy of the canvas as drawn by these leading items, and it reduced (returned)."""
    copy, reduced = canvas.copy(), canvas.reduce(where[2]) if where[2] > 1 else canvas.copy()
    run = tuple(items)
    with _LOCK:
        for serial, (place, known, _, _) in list(_KEPT.items()):     # the same run kept again replaces it
            if place == where and len(known) == len(run) and _shared(known, run) == len(run):
                del _KEPT[serial]
        _SERIAL[0] += 1
        _KEPT[_SERIAL[0]] = (where, run, copy, reduced)
        while sum(5 * entry[2].width * entry[2].height for entry in _KEPT.values()) > OPENINGS_BYTES:
            _KEPT.popitem(last=False)
    return reduced


def forget() -> None:
    """Drop every kept canvas, recent page and placed picture (tests)."""
    with _LOCK:
        _KEPT.clear()
        _RECENT.clear()
        _PLACED.clear()


def _shared(a: Sequence[Item], b: Sequence[Item]) -> int:
    """How many leading items two sequences have in common."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x is not y and x != y:
            break
        n += 1
    return n


PLACED_BYTES = 32_000_000      # pictures kept at their canvas size (4 bytes a pixel), least recently used dropped first
_PLACED: OrderedDict[tuple[str, tuple[int, int], int, bool, bool], tuple[PILImage.Image, bool]] = OrderedDict()


def placed(item: Image, size: tuple[int, int], supersample: int, flip_x: bool,
              flip_y: bool) -> tuple[PILImage.Image, bool]:
    """A picture (RGBA) at its size on the canvas, flipped as placed, and whether it is opaque;
    made once per placement and kept (a deck's pictures recur on its cards)."""
    from PIL import Image as PILImage

    from generator.render.images import fitted

    key = (item.digest, size, supersample, flip_x, flip_y)
    hit = _PLACED.get(key)
    if hit is not None:
        _PLACED.move_to_end(key)
        return hit
    if supersample > 1:
        out_size = (max(1, math.ceil(size[0] / supersample)), max(1, math.ceil(size[1] / supersample)))
        picture = fitted(item, out_size).resize(size, PILImage.Resampling.NEAREST)
    else:
        picture = fitted(item, size)
    if flip_x:
        picture = picture.transpose(PILImage.Transpose.FLIP_LEFT_RIGHT)
    if flip_y:
        picture = picture.transpose(PILImage.Transpose.FLIP_TOP_BOTTOM)
    made = (picture, picture.getchannel("A").getextrema() == (255, 255))
    if 8 * size[0] * size[1] <= PLACED_BYTES:
        _PLACED[key] = made
        while sum(4 * image.width * image.height for image, _ in _PLACED.values()) > PLACED_BYTES:
            _PLACED.popitem(last=False)
    return made


class Touched:
    """The tiles of a supersampled canvas drawn on since its opening: the page reduced is the
    opening's reduced image with those tiles reduced again (the other tiles hold the opening's
    pixels, so their reduction is the opening's)."""

    def __init__(self, size: tuple[int, int], factor: int, reduced: PILImage.Image) -> None:
        self.tile = TILE * factor          # whole supersampling blocks
        self.size, self.factor, self.reduced = size, factor, reduced
        self.columns = -(-size[0] // self.tile)
        self.grid = bytearray(self.columns * -(-size[1] // self.tile))

    def add(self, left: float, top: float, right: float, bottom: float) -> None:
        """A box of canvas pixels drawn on (a margin of TOUCH_MARGIN pixels added around it)."""
        t, columns = self.tile, self.columns
        x0 = max(0, math.floor((left - TOUCH_MARGIN) / t))
        x1 = min(columns, math.floor((right + TOUCH_MARGIN) / t) + 1)
        y0 = max(0, math.floor((top - TOUCH_MARGIN) / t))
        y1 = min(len(self.grid) // columns, math.floor((bottom + TOUCH_MARGIN) / t) + 1)
        if x1 > x0:
            run = b"\1" * (x1 - x0)
            for y in range(y0, y1):
                self.grid[y * columns + x0:y * columns + x1] = run

    def boxes(self) -> list[tuple[int, int, int, int]]:
        """The touched tiles as canvas boxes: each run of tile rows marked alike, one box a run of tiles."""
        t, columns = self.tile, self.columns
        runs: list[tuple[int, int, tuple[tuple[int, int], ...]]] = []
        for y in range(len(self.grid) // columns):
            spans = tuple((m.start() - y * columns, m.end() - y * columns)
                          for m in _MARKED.finditer(self.grid, y * columns, (y + 1) * columns))
            if runs and runs[-1][2] == spans and runs[-1][1] == y:
                runs[-1] = (runs[-1][0], y + 1, spans)
            elif spans:
                runs.append((y, y + 1, spans))
        width, height = self.size
        return [(a * t, y0 * t, min(b * t, width), min(y1 * t, height)) for y0, y1, spans in runs for a, b in spans]

    def reduce(self, canvas: PILImage.Image) -> PILImage.Image:
        """The canvas reduced by the supersampling."""
        out = self.reduced.copy()
        f = self.factor
        for box in self.boxes():
            out.paste(canvas.reduce(f, box), (box[0] // f, box[1] // f))
        return out
