"""The `richtext` and `icon` element kinds: card text with [conditions] in bold, green values and inline icons.

richtext sets `text` (or the non-empty `paragraphs`, one per effect, optionally separated by a
rule) with generator/cards/richtext.py: `<name>` is an icon of the template's `icons:` sitting on
the baseline; `[...]` is bold; `<g>...</g>` is green.
icon draws one icon by name (the template's `icons:`, else one of the engine's drawn shapes) in a
box (its bottom on the box's bottom edge).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.cards.elements import (
    BadValue,
    Element,
    ElementContext,
    Param,
    color,
    element,
    flag,
    font,
    num,
    one_of,
    text,
    to_features,
    to_lang,
    to_text,
)
from generator.cards.icons import SHAPES, draw_icon, icon_width
from generator.cards.richtext import RichStyle, layout_rich
from generator.core.errors import LayoutError
from generator.scene.model import Item, Stroke


def to_texts(value: Any) -> tuple[str, ...]:
    """A list of texts (paragraphs); empty ones are kept here and dropped when drawing."""
    if not isinstance(value, (list, tuple)):
        raise BadValue("expected a list of texts, e.g. [\"{effect1}\", \"{effect2}\"]")
    return tuple(to_text(v) for v in value)


STYLE_KEYS = {
    "font": font("sans"), "bold": font("sans-bold", "font of [conditions]"),
    "size": num(8.0, "size in points"), "min_size": num(5.0, "smallest size when shrinking (pt)"),
    "color": color("#000000"), "green": color("#2e7d32", "colour of <g>alternative values</g>"),
    "align": one_of(("left", "center", "right"), "left"),
    "valign": one_of(("top", "middle", "bottom"), "top"),
    "line_height": num(1.2, "baseline spacing as a multiple of the size"),
    "icon_scale": num(0.85, "icon height as a fraction of the text size"),
    "features": Param(to_features, (), "OpenType features, e.g. [smcp, onum] (-liga turns ligatures off)"),
    "lang": Param(to_lang, "", "the text's language (it, de, ar...): shaping and hyphenation"),
    "direction": one_of(("auto", "ltr", "rtl"), "auto"),
}


def rich_style(el: Element, **over: Any) -> RichStyle:
    """The RichStyle of an element's style keys (over: values that win)."""
    keys = ("font", "bold", "size", "min_size", "color", "green", "align", "valign", "line_height", "icon_scale",
            "features", "lang", "direction")
    values = {k: el[k] for k in keys if k in el}
    values["min_size"] = min(values.get("min_size", 5.0), values.get("size", 8.0))
    return RichStyle(**{**values, **over})


def with_icons(style: RichStyle, ctx: ElementContext) -> RichStyle:
    """The style drawing the card's template's icons."""
    return replace(style, icons=ctx.icons)


def set_rich(text_value: str, box: tuple[float, float, float, float], style: RichStyle,
             ctx: ElementContext) -> list[Item]:
    """layout_rich, its LayoutError turned into a DataError at the card's data line."""
    try:
        return layout_rich(text_value, *box, with_icons(style, ctx))
    except LayoutError as err:
        raise ctx.data_error(f"{ctx.where}: {err.message}") from None


@element("richtext", {
    "x": num(), "y": num(), "w": num(), "h": num(),
    "text": text("", "the text; {field}s are replaced; markup as above"),
    "paragraphs": Param(to_texts, (), "texts set one after the other (empty ones skipped)"),
    "gap": num(0.0, "extra space between paragraphs (mm)"),
    "rule": color(None, "colour of a line between paragraphs (none: no line)"),
    "rule_width": num(0.2, "width of that line (mm)"),
    **STYLE_KEYS,
})
def richtext(el: Element, ctx: ElementContext) -> list[Item]:
    """Text with inline icons on the baseline, bold [conditions] and green values; shrinks to fit."""
    parts = [p.replace("\n", " ") for p in el["paragraphs"] if p.strip()]
    body = "\n".join(([el["text"]] if el["text"].strip() else []) + parts)
    rule = Stroke(el["rule"], el["rule_width"]) if el["rule"] else None
    style = rich_style(el, para_gap=el["gap"], rule=rule)
    return set_rich(body, (el["x"], el["y"], el["w"], el["h"]), style, ctx)


@element("icon", {
    "name": text("pa", "which icon: a name of the template's `icons:`, or one of the engine's shapes: "
                     + ", ".join(SHAPES)),
    "src": text("", "an SVG file (e.g. from game-icons.net) drawn instead of a built-in icon; "
                    "its background square is dropped and its shapes take `color`"),
    "x": num(), "y": num(), "h": num(doc="height (mm); the width follows the icon's shape"),
    "color": color("#000000", "colour (the PV heart keeps its red)"),
    "center": flag(False, "x is the icon's centre rather than its left edge"),
})
def icon(el: Element, ctx: ElementContext) -> list[Item]:
    """One icon drawn h mm high, its top at y (its bottom at y + h); a built-in one or SVG art."""
    if el["src"].strip():
        return _svg_icon(el, ctx)
    name = el["name"].strip()
    if name in ctx.icons:
        x = el["x"] - ctx.icons.width(name, el["h"]) / 2 if el["center"] else el["x"]
        return [ctx.icons.draw(name, x, el["y"] + el["h"], el["h"], el["color"])]
    if name not in SHAPES:
        raise ctx.data_error(f"{ctx.where}: unknown icon {name!r} (this template's icons: {ctx.icons.known()}; "
                             f"shapes: {', '.join(SHAPES)})", key="name")
    x = el["x"] - icon_width(name, el["h"]) / 2 if el["center"] else el["x"]
    return [draw_icon(name, x, el["y"] + el["h"], el["h"], el["color"])]


def _svg_icon(el: Element, ctx: ElementContext) -> list[Item]:
    from generator.scene.svgart import art_items, load_svg

    path = ctx.find_file(el["src"])
    if path.suffix.lower() != ".svg":
        raise ctx.data_error(f"{ctx.where}: an icon's src must be an SVG file, not {path.name!r}", key="src")
    art = load_svg(path)
    w = el["h"] * art.width / art.height
    x = el["x"] - w / 2 if el["center"] else el["x"]
    paint = el["color"] or "#000000"
    return art_items(art, x, el["y"], w, el["h"], fill=paint, stroke=paint, background=False)
