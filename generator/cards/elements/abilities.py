"""The `abilities` element kind: a table of condition/effect columns, checked left to right (creatures, bosses).

`columns` is a list of {cond, effect}; a column whose cond and effect are both empty is left out,
so one template serves two-column creatures and three-column boss cards. Conditions sit in a
tinted header row, effects below, columns split by rules; every cell is rich text (icons inline,
green values); the effects share one size and the conditions another (no larger), the largest
at which every cell fits.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.cards.elements import (
    STROKE_KEYS,
    BadValue,
    Element,
    ElementContext,
    Param,
    color,
    element,
    font,
    make_stroke,
    num,
    to_num,
    to_text,
)
from generator.cards.elements.richtext import rich_style, set_rich, with_icons
from generator.cards.richtext import fit_size
from generator.core.errors import LayoutError
from generator.scene.model import Item, Line, Rect


def to_columns(value: Any) -> tuple[tuple[str, str], ...]:
    """[{cond, effect}, ...] -> ((cond, effect), ...)."""
    if not isinstance(value, (list, tuple)) or not value:
        raise BadValue("expected a list of {cond, effect} columns")
    out = []
    for entry in value:
        if not isinstance(entry, dict) or set(entry) - {"cond", "effect"}:
            raise BadValue(f"each column is {{cond: text, effect: text}}, not {entry!r}")
        out.append((to_text(entry.get("cond", "")), to_text(entry.get("effect", ""))))
    return tuple(out)


@element("abilities", {
    "x": num(), "y": num(),
    "w": Param(to_num, doc="width (mm)", example=50), "h": Param(to_num, doc="height (mm)", example=30),
    "columns": Param(to_columns, doc="list of {cond, effect}, left to right",
                     example=[{"cond": "A", "effect": "1"}, {"cond": "B", "effect": "2"}]),
    "header": num(0.3, "height of the condition row, as a fraction of h"),
    "pad": num(1.0, "inner margin of each cell (mm)"),
    "font": font("sans"), "bold": font("sans-bold"), "cond_font": font("sans-italic"),
    "size": num(7.0), "min_size": num(4.5), "color": color("#000000"), "green": color("#2e7d32"),
    "header_fill": color("#e8e0d0"), "fill": color(None), "radius": num(1.0),
    "line_height": num(1.15), "icon_scale": num(0.85),
    **STROKE_KEYS,
})
def abilities(el: Element, ctx: ElementContext) -> list[Item]:
    """Condition/effect columns in a framed table; one size for the effects, one for the conditions."""
    x, y, w, h = el["x"], el["y"], el["w"], el["h"]
    columns = [c for c in el["columns"] if c[0].strip() or c[1].strip()]
    stroke = make_stroke(el)
    items: list[Item] = [Rect(x, y, w, h, fill=el["fill"], stroke=None, radius=el["radius"])]
    if not columns:
        return items
    head_h, pad = h * el["header"], el["pad"]
    col_w = w / len(columns)
    items.append(Rect(x, y, w, head_h, fill=el["header_fill"], stroke=None))
    cells = _cells(columns, x, y, col_w, head_h, h, pad)
    effect_size, cond_size = _shared_sizes(cells, el, ctx)
    for (body, box, is_cond) in cells:
        size = cond_size if is_cond else effect_size
        style = rich_style(el, size=size, min_size=size, font=el["cond_font"] if is_cond else el["font"],
                           valign="middle" if is_cond else "top", align="center" if is_cond else "left")
        items += set_rich(body, box, style, ctx)
    items += [Line(x + i * col_w, y, x + i * col_w, y + h, stroke=stroke) for i in range(1, len(columns)) if stroke]
    if stroke:
        items += [Line(x, y + head_h, x + w, y + head_h, stroke=stroke), Rect(x, y, w, h, fill=None, stroke=stroke, radius=el["radius"])]
    return items


_Cell = tuple[str, tuple[float, float, float, float], bool]   # (text, box, is a condition)


def _cells(columns: list[tuple[str, str]], x: float, y: float, col_w: float, head_h: float, h: float,
           pad: float) -> list[_Cell]:
    cells: list[_Cell] = []
    for i, (cond, effect) in enumerate(columns):
        cx = x + i * col_w
        cells.append((cond, (cx + pad, y + pad * 0.5, col_w - 2 * pad, head_h - pad), True))
        cells.append((effect, (cx + pad, y + head_h + pad, col_w - 2 * pad, h - head_h - 2 * pad), False))
    return cells


def _shared_sizes(cells: list[_Cell], el: Element, ctx: ElementContext) -> tuple[float, float]:
    """One size for every effect, one (no larger) for every condition: the largest that fit."""
    base = with_icons(rich_style(el), ctx)
    effects = [(body, w, h) for body, (_, _, w, h), is_cond in cells if not is_cond]
    conds = [(body, w, h) for body, (_, _, w, h), is_cond in cells if is_cond]
    try:
        size = fit_size(effects, base)
        return size, fit_size(conds, replace(base, size=size, font=el["cond_font"]))
    except LayoutError as err:
        raise ctx.data_error(f"{ctx.where}: {err.message}") from None
