"""Helpers for the imposition tests: absolute geometry of scene items and a small PDF content reader."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

from generator.core.units import MM_PER_PT
from generator.scene.imposition import Card
from generator.scene.model import IDENTITY, Group, Line, Rect, apply, compose


def leaves(items, matrix=IDENTITY):
    """(item, matrix) for every non-group item, with the matrix of its enclosing groups."""
    for item in items:
        if isinstance(item, Group):
            yield from leaves(item.items, compose(matrix, item.transform))
        else:
            yield item, matrix


def clipped_groups(items, matrix=IDENTITY):
    """(absolute clip box (x, y, w, h), group) for every clipped group: one per placed card face."""
    for item in items:
        if isinstance(item, Group):
            m = compose(matrix, item.transform)
            if item.clip is not None:
                c = item.clip
                x0, y0 = apply(m, c.x, c.y)
                x1, y1 = apply(m, c.x + c.w, c.y + c.h)
                yield (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)), item, m
            else:
                yield from clipped_groups(item.items, m)


def marker_positions(page):
    """{marker colour: absolute (x, y)} of the 1x1 mm marker rect each test card carries."""
    found = {}
    for item, m in leaves(page.items):
        if isinstance(item, Rect) and item.w == 1.0 and item.h == 1.0 and item.fill:
            found[item.fill] = apply(m, item.x, item.y)
    return found


def marker_slots(page, w: float = 63.5, h: float = 88.9):
    """{marker colour: (slot x, slot y, matrix)}: the top-left of the card trim that carries each
    marker on the page (whatever way the face is turned) and the face's full matrix."""
    found = {}
    for item, m in leaves(page.items):
        if isinstance(item, Rect) and item.w == 1.0 and item.h == 1.0 and item.fill:
            (x0, y0), (x1, y1) = apply(m, 0.0, 0.0), apply(m, w, h)
            found[item.fill] = (min(x0, x1), min(y0, y1), m)
    return found


def line_boxes(page):
    """Absolute (x0, y0, x1, y1, stroke) of every Line on the page."""
    out = []
    for item, m in leaves(page.items):
        if isinstance(item, Line):
            ax, ay = apply(m, item.x1, item.y1)
            bx, by = apply(m, item.x2, item.y2)
            out.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by), item.stroke))
    return out


def make_card(i: int, w: float, h: float, bleed: float = 3.0, back: bool = True) -> Card:
    """A card with a full-bleed background and a 1x1 mm marker at (2, 3) whose colour names it
    (fronts #ff.., backs #00..); backs carry the same marker number."""
    code = f"{i:04x}"
    front = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill="#dddddd", stroke=None),
             Rect(2.0, 3.0, 1.0, 1.0, fill=f"#ff{code}", stroke=None)]
    backs = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill="#555555", stroke=None),
             Rect(2.0, 3.0, 1.0, 1.0, fill=f"#00{code}", stroke=None)]
    return Card(front, backs if back else None, f"card {i}")


def make_cards(n: int, w: float = 63.5, h: float = 88.9, bleed: float = 3.0, back: bool = True):
    """n marked test cards."""
    return [make_card(i, w, h, bleed, back) for i in range(n)]


@dataclass
class PdfShapes:
    """What one PDF page draws, in mm from the top-left: stroked segments and filled rects."""

    width_pt: float
    height_pt: float
    segments: list      # (x0, y0, x1, y1, line width mm, stroke rgb)
    rects: list         # (x, y, w, h, fill rgb)
    images: list = field(default_factory=list)   # the PDF matrix (y up, points) at each image drawn


def _mul(m, n):
    """PDF matrix product m x n (apply m, then n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


def read_pdf_shapes(data: bytes) -> list[PdfShapes]:
    """Interpret each page's content stream (q/Q, cm, w, RG/rg, m/l/re, S/f/B, Do) into shapes."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(io.BytesIO(data))
    pages = []
    for page in reader.pages:
        w_pt, h_pt = float(page.mediabox.width), float(page.mediabox.height)
        shapes = PdfShapes(w_pt, h_pt, [], [])
        content = ContentStream(page.get_contents(), reader)
        _interpret(content.operations, shapes)
        pages.append(shapes)
    return pages


def _interpret(operations, shapes: PdfShapes) -> None:
    state = {"ctm": (1, 0, 0, 1, 0, 0), "w": 1.0, "RG": (0, 0, 0), "rg": (0, 0, 0)}
    stack, path, current = [], [], None
    def to_mm(x, y):
        return (x * MM_PER_PT, (shapes.height_pt - y) * MM_PER_PT)

    def dev(x, y):
        a, b, c, d, e, f = state["ctm"]
        return to_mm(a * x + c * y + e, b * x + d * y + f)

    for operands, op in operations:
        op = op.decode() if isinstance(op, bytes) else op
        vals = [float(v) for v in operands] if op in {"cm", "m", "l", "re", "w", "RG", "rg"} else []
        if op == "q":
            stack.append(dict(state))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state["ctm"] = _mul(tuple(vals), state["ctm"])
        elif op == "Do":
            shapes.images.append(state["ctm"])
        elif op == "w":
            state["w"] = vals[0] * abs(state["ctm"][0] or state["ctm"][1]) * MM_PER_PT
        elif op in ("RG", "rg"):
            state[op] = tuple(round(v, 3) for v in vals)
        elif op == "m":
            current = dev(*vals)
        elif op == "l":
            nxt = dev(*vals)
            path.append(("seg", current, nxt))
            current = nxt
        elif op == "re":
            x, y, w, h = vals
            p0, p1 = dev(x, y), dev(x + w, y + h)
            path.append(("rect", p0, p1))
        elif op in ("S", "f", "f*", "B", "B*", "b", "n", "W", "s"):
            if op in ("S", "B", "B*", "s"):
                shapes.segments += [(min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1]),
                                     state["w"], state["RG"]) for kind, p, q in path if kind == "seg"]
            if op in ("f", "f*", "B", "B*", "b"):
                shapes.rects += [(min(p[0], q[0]), min(p[1], q[1]), abs(q[0] - p[0]), abs(q[1] - p[1]),
                                  state["rg"]) for kind, p, q in path if kind == "rect"]
            if op != "W":
                path = []
