"""Where things land on a card: the box of each element (the geometry is generator/scene/bounds.py).

The preview's overlays (hover an element: its id, kind and box in mm) and the preflight checks read
the card engine's trace (generator/cards/build.py `Drawn`) through these functions; nothing here
draws or changes a drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.scene.bounds import (
    Box,
    flatten,
    item_box,
    items_box,
    line_box,
    text_lines,
    transform_box,
    union,
)

__all__ = ["Box", "element_boxes", "flatten", "item_box", "items_box", "line_box", "text_lines", "transform_box",
           "union"]


def element_boxes(trace: Sequence[Any]) -> list[dict[str, Any]]:
    """For each drawn element: face, id, kind and its box (x, y, w, h in mm from the trim's corner)."""
    out = []
    for drawn in trace:
        box = items_box(drawn.items)
        if box is None:
            continue
        out.append({"face": drawn.prep.face, "id": drawn.prep.id, "kind": drawn.prep.kind.name,
                    "x": round(box[0], 2), "y": round(box[1], 2),
                    "w": round(box[2] - box[0], 2), "h": round(box[3] - box[1], 2)})
    return out
