"""The `statblock` element kind: a framed row of stats, each an icon and a value (e.g. PV 6, Riposte 3-).

`stats` is a list of {icon, text}: the icon name (of the template's `icons:`, or "" for none)
and the value as rich text, so "6 <g>8</g>" prints the green alternative value beside the normal
one and "<melee>" can be a value too. Cells share the width equally (a stat whose value is empty
keeps its cell, with its icon); text is bold and centred on the cell's middle, the icon before it,
both on one baseline.
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
    to_text,
)
from generator.cards.elements.richtext import rich_style, set_rich, with_icons
from generator.cards.richtext import RichStyle, fit, line_width, parse_rich
from generator.core.numbers import format_number
from generator.core.units import MM_PER_PT
from generator.scene.model import Item, Line, Rect, TextLine


def to_stats(value: Any) -> tuple[tuple[str, str], ...]:
    """[{icon: pv, text: "{pv}"}, ...] -> ((icon, text), ...)."""
    if not isinstance(value, (list, tuple)) or not value:
        raise BadValue("expected a list of {icon, text} entries")
    out = []
    for entry in value:
        if not isinstance(entry, dict) or set(entry) - {"icon", "text"}:
            raise BadValue(f"each stat is {{icon: name, text: value}}, not {entry!r}")
        name = to_text(entry.get("icon", "")).strip()
        out.append((name, to_text(entry.get("text", ""))))
    return tuple(out)


@element("statblock", {
    "x": num(), "y": num(), "w": num(), "h": num(),
    "stats": Param(to_stats, doc="list of {icon, text}",
                   example=[{"icon": "", "text": "6"}]),
    "font": font("sans-bold"), "bold": font("sans-bold"), "size": num(14.0, "value size (pt)"),
    "min_size": num(6.0), "color": color("#000000"), "green": color("#2e7d32"),
    "fill": color(None, "cell background"), "radius": num(1.0), "divider": color(None, "line between cells"),
    "icon_scale": num(0.9, "icon height as a fraction of the value size"),
    **STROKE_KEYS,
})
def statblock(el: Element, ctx: ElementContext) -> list[Item]:
    """A row of icon + value cells in a frame; values may carry <g>green</g> alternatives."""
    x, y, w, h = el["x"], el["y"], el["w"], el["h"]
    stats = list(el["stats"])     # an empty value keeps its cell: the others stay where every card has them
    items: list[Item] = [Rect(x, y, w, h, fill=el["fill"], stroke=make_stroke(el), radius=el["radius"])]
    if not stats:
        return items
    cell = w / len(stats)
    style = with_icons(rich_style(el, align="left", valign="middle"), ctx)
    for name, _ in stats:
        if name and name not in style.icons:
            raise ctx.data_error(f"{ctx.where}: unknown icon {name!r} (this template's icons: {style.icons.known()})",
                                 key="stats")
    for i, (name, value) in enumerate(stats):
        if i and el["divider"]:
            items.append(Line(x + i * cell, y + 0.15 * h, x + i * cell, y + 0.85 * h,
                              stroke=make_stroke({**el, "stroke": el["divider"]})))
        items += _cell(name, value, x + i * cell, y, cell, h, style, el, ctx)
    return items


def _cell(name: str, value: str, x: float, y: float, w: float, h: float, style: RichStyle, el: Element,
          ctx: ElementContext) -> list[Item]:
    """One stat: the icon, then the value, centred together in the cell and on one baseline."""
    pad = 0.06 * w
    ih = min(style.size * MM_PER_PT * el["icon_scale"], 0.8 * h)
    iw = style.icons.width(name, ih) + 0.6 if name else 0.0
    size = style.size
    if value.strip():
        found = fit(value, max(w - 2 * pad - iw, 1.0), h, style)
        if found is None:
            raise ctx.data_error(f"{ctx.where}: value {value!r} does not fit its cell even at {format_number(style.min_size)} pt")
        size = found[0]
    ih = min(size * MM_PER_PT * el["icon_scale"], 0.8 * h)
    iw = style.icons.width(name, ih) + 0.6 if name else 0.0
    text_w = value_width(value, size, style) if value.strip() else 0.0
    left = x + (w - iw - text_w) / 2
    fixed = replace(style, size=size, min_size=size)
    items = set_rich(value, (left + iw, y, text_w + 0.05, h), fixed, ctx) if value.strip() else []
    lines = [i for i in items if isinstance(i, TextLine)]
    baseline = lines[0].y if lines else y + (h + ih) / 2
    if name:
        items.insert(0, style.icons.draw(name, left, baseline, ih, el["color"]))
    return items


def value_width(value: str, size: float, style: RichStyle) -> float:
    """Width in mm of a one-line rich value at a size."""
    return line_width([w for p in parse_rich(value, style.icons) for w in p], size, style)
