"""Cut files: one closed path per card, in mm, in the sheet's own coordinates (SVG for every cutter, DXF for Studio Basic).

SVG: width/height in mm with a matching viewBox (1 user unit = 1 mm), origin top-left, y down, one
closed <path> per card (corners as arcs). DXF (R2010, $INSUNITS 4 = mm): one closed LWPOLYLINE per
card, corners as bulges, y up from the sheet's bottom edge, so the drawing is the sheet upright.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from typing import Any

from generator.core.numbers import format_number
from generator.scene.cutting import Outline

CUT_COLOUR = "#ff0000"
BULGE = math.tan(math.pi / 8.0)        # a quarter circle: tan(90 degrees / 4)


def _n(value: float) -> str:
    return format_number(round(value, 4))


def svg_path(o: Outline) -> str:
    """The SVG path data of one outline: clockwise on the page from the top edge, arcs at the corners."""
    x0, y0, x1, y1, r = o.x, o.y, o.x + o.w, o.y + o.h, o.r
    if r <= 0:
        return f"M{_n(x0)} {_n(y0)}H{_n(x1)}V{_n(y1)}H{_n(x0)}Z"
    arc = f"A{_n(r)} {_n(r)} 0 0 1 "
    return (f"M{_n(x0 + r)} {_n(y0)}H{_n(x1 - r)}{arc}{_n(x1)} {_n(y0 + r)}V{_n(y1 - r)}"
            f"{arc}{_n(x1 - r)} {_n(y1)}H{_n(x0 + r)}{arc}{_n(x0)} {_n(y1 - r)}V{_n(y0 + r)}"
            f"{arc}{_n(x0 + r)} {_n(y0)}Z")


def cut_svg(outlines: Sequence[Outline], width: float, height: float, title: str = "") -> bytes:
    """The SVG cut file of a sheet width x height mm."""
    paths = [(f"card-{i}", svg_path(o)) for i, o in enumerate(outlines, start=1)]
    return _svg_file(width, height, title, [("cut", CUT_COLOUR, "", paths)])


def _svg_file(width: float, height: float, title: str,
              groups: Sequence[tuple[str, str, str, Sequence[tuple[str, str]]]]) -> bytes:
    """An SVG in mm (1 user unit = 1 mm) of groups (id, stroke colour, extra attributes, [(path id, path data)])."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(width)}mm" '
             f'height="{_n(height)}mm" viewBox="0 0 {_n(width)} {_n(height)}">']
    if title:
        lines.append(f"<title>{_escape(title)}</title>")
    for group, colour, extra, paths in groups:
        lines.append(f'<g id="{group}" fill="none" stroke="{colour}" stroke-width="0.1"{extra}>')
        lines += [f'<path id="{name}" d="{data}"/>' for name, data in paths]
        lines.append("</g>")
    lines += ["</svg>", ""]
    return "\n".join(lines).encode("utf-8")


def _escape(text: str) -> str:
    from generator.core.xmltext import xml_clean

    return xml_clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _fix_class_order(doc: Any) -> None:
    """Register the DXF classes in a fixed order before writing: ezdxf adds the classes of the entity types
    in use from a set, whose order changes with PYTHONHASHSEED (and so did the file's bytes)."""
    from ezdxf.sections.classes import REQ_R2004, REQUIRED_CLASSES

    for name in REQUIRED_CLASSES.get(doc.dxfversion, REQ_R2004):
        doc.classes.add_class(name)
    for name in sorted(doc.entitydb.dxf_types_in_use()):
        doc.classes.add_class(name)


def dxf_points(o: Outline, height: float) -> list[tuple[float, float, float]]:
    """(x, y, bulge) of one outline in DXF coordinates (y up from the sheet's bottom edge),
    counter-clockwise; the bulge belongs to the segment leaving the vertex."""
    x0, x1 = o.x, o.x + o.w
    y0, y1 = height - (o.y + o.h), height - o.y
    r = o.r
    if r <= 0:
        return [(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
    return [(x0 + r, y0, 0.0), (x1 - r, y0, BULGE), (x1, y0 + r, 0.0), (x1, y1 - r, BULGE),
            (x1 - r, y1, 0.0), (x0 + r, y1, BULGE), (x0, y1 - r, 0.0), (x0, y0 + r, BULGE)]


def cut_dxf(outlines: Sequence[Outline], width: float, height: float) -> bytes:
    """The DXF cut file of a sheet width x height mm (the same bytes every run: ezdxf's fixed
    metadata, so no clock time or random GUID is written)."""
    def draw(msp: Any) -> None:
        for outline in outlines:
            msp.add_lwpolyline(dxf_points(outline, height), format="xyb", close=True,
                               dxfattribs={"layer": "CUT", "color": 1})
    return _dxf(width, height, draw)


def _dxf(width: float, height: float, draw: Callable[[Any], None], layers: Sequence[tuple[str, int]] = ()) -> bytes:
    """A DXF document (R2010, mm) of a sheet width x height mm, its entities added by `draw(modelspace)`;
    the same bytes every run (ezdxf's fixed metadata: no clock time or random GUID)."""
    from ezdxf import units
    from ezdxf._options import options
    from ezdxf.filemanagement import new

    saved = options.write_fixed_meta_data_for_testing
    options.write_fixed_meta_data_for_testing = True
    try:
        doc = new("R2010", setup=False)
        doc.units = units.MM
        doc.header["$MEASUREMENT"] = 1
        doc.header["$EXTMIN"] = (0.0, 0.0, 0.0)
        doc.header["$EXTMAX"] = (width, height, 0.0)
        for name, colour in layers:
            doc.layers.add(name, color=colour)
        draw(doc.modelspace())
        _fix_class_order(doc)
        stream = io.StringIO()
        doc.write(stream)
    finally:
        options.write_fixed_meta_data_for_testing = saved
    return stream.getvalue().encode("utf-8")


FOLD_COLOUR = "#0000ff"


def _poly(points: Sequence[tuple[float, float]], closed: bool) -> str:
    head, *rest = points
    return f"M{_n(head[0])} {_n(head[1])}" + "".join(f"L{_n(x)} {_n(y)}" for x, y in rest) + ("Z" if closed else "")


def dieline_svg(cuts: Sequence[Sequence[tuple[float, float]]], folds: Sequence[tuple[tuple[float, float], tuple[float, float]]],
                width: float, height: float, title: str = "") -> bytes:
    """The SVG cut file of a box's die on a sheet width x height mm: the closed cut outlines (red) in layer
    "cut", the fold lines (blue, dashed) in a layer of their own, "fold", for the machine to score or
    perforate (Design Space: Score; Studio: a line colour set to another action)."""
    return _svg_file(width, height, title, [
        ("cut", CUT_COLOUR, "", [(f"cut-{i}", _poly(c, True)) for i, c in enumerate(cuts, start=1)]),
        ("fold", FOLD_COLOUR, ' stroke-dasharray="2 1"', [(f"fold-{i}", _poly(f, False)) for i, f in enumerate(folds, start=1)]),
    ])


def dieline_dxf(cuts: Sequence[Sequence[tuple[float, float]]], folds: Sequence[tuple[tuple[float, float], tuple[float, float]]],
                width: float, height: float) -> bytes:
    """The DXF cut file of a box's die: closed LWPOLYLINEs on layer CUT (red), fold LINEs on layer FOLD
    (blue), y up from the sheet's bottom edge; the same bytes every run."""
    def draw(msp: Any) -> None:
        for cut in cuts:
            msp.add_lwpolyline([(x, height - y) for x, y in cut], format="xy", close=True,
                               dxfattribs={"layer": "CUT", "color": 1})
        for (x1, y1), (x2, y2) in folds:
            msp.add_line((x1, height - y1), (x2, height - y2), dxfattribs={"layer": "FOLD", "color": 5})
    return _dxf(width, height, draw, (("CUT", 1), ("FOLD", 5)))
