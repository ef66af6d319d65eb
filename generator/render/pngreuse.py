"""The PNG backend's memory of page openings: the canvas after the items cards of a kind start with, to start later pages from.

Cards of a deck open alike: the bleed colour, the rounded panel, the title bar, and then what is
the card's own (its title). Drawing those shared items costs several passes over the
supersampled canvas; a copy of the canvas after them costs one. The leading items of each page's
first group are compared with those of recent pages: the longest run they share with one of them
is drawn once and its canvas kept, and a page that opens with a kept run starts from a copy of it.
The canvas drawn from white by the same items at the same matrix and size has the same pixels,
so pages are the same with or without the memory (and whatever --jobs).
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage

    from generator.scene.model import Item, Matrix

OPENINGS_BYTES = 96_000_000   # canvases kept (4 bytes a pixel), the least recently used dropped first
RECENT_PAGES = 16             # earlier pages' openings a page is compared with
MIN_ITEMS = 2                 # shared runs shorter than this are not worth a canvas copy

Where = tuple[tuple[int, int], "Matrix", int]      # canvas size, the group's matrix, the supersampling


@dataclass(frozen=True)
class Opening:
    """How a page's leading group starts: from a kept canvas after `start` items (or from white
    when start is 0), keeping the canvas again after `keep` items when keep > start."""

    start: int
    keep: int
    canvas: PILImage.Image | None


_KEPT: OrderedDict[tuple[Where, tuple[Item, ...]], PILImage.Image] = OrderedDict()
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
    start, canvas = 0, None
    for (place, run), image in _KEPT.items():
        if place == where and len(run) > start and _shared(run, items) == len(run):
            start, canvas = len(run), image
    recent = _RECENT.setdefault(where, deque(maxlen=RECENT_PAGES))
    agree = max((_shared(other, items) for other in recent), default=0)
    recent.append(items)
    if canvas is not None:
        _KEPT.move_to_end((where, tuple(items[:start])))
    return Opening(start, agree if agree > start and agree >= MIN_ITEMS else start, canvas)


def keep(where: Where, items: Sequence[Item], canvas: PILImage.Image) -> None:
    """Keep a copy of the canvas as drawn by these leading items."""
    copy = canvas.copy()
    with _LOCK:
        _KEPT[(where, tuple(items))] = copy
        while sum(4 * image.width * image.height for image in _KEPT.values()) > OPENINGS_BYTES:
            _KEPT.popitem(last=False)


def forget() -> None:
    """Drop every kept canvas and recent page (tests)."""
    with _LOCK:
        _KEPT.clear()
        _RECENT.clear()


def _shared(a: Sequence[Item], b: Sequence[Item]) -> int:
    """How many leading items two sequences have in common."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x is not y and x != y:
            break
        n += 1
    return n
