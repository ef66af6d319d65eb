"""SVG backend (svgwrite): one page per document, sized in mm with a viewBox in mm, explicit ids, byte-identical output.

Text is drawn, by default, in the page's own fonts: a subset of each face used (its OpenType
layout tables kept) is embedded as an @font-face data URI (generator/render/svgfonts.py) under a
family of its own, then the installed family and a generic one as fallbacks. Each shaped run of a
line (one face, one direction, generator.scene.fonts.shape_line) is a text element at its place,
with the element's features and language, and HarfBuzz's width as textLength so a viewer's
spacing agrees with the PDF's. text="paths" draws the shaped glyphs' outlines instead, for viewers
that ignore @font-face (librsvg).
"""

from __future__ import annotations

import base64
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.core.units import MM_PER_PT
from generator.core.xmltext import xml_clean
from generator.render.base import Backend, num, rgb, validate_pages, walk
from generator.scene.fonts import GlyphRun, font_spec, shape_line
from generator.scene.gradients import focus
from generator.scene.hatch import hatch_clip, hatch_tile, tile_lines
from generator.scene.model import (
    IDENTITY,
    Circle,
    Gradient,
    Group,
    Hatch,
    Image,
    Item,
    Line,
    Page,
    Paint,
    Path,
    Polyline,
    Rect,
    Stroke,
    TextLine,
)

if TYPE_CHECKING:   # pragma: no cover
    from svgwrite import Drawing
    from svgwrite.base import BaseElement

TEXT_MODES = ("fonts", "paths")


def render_svg(page: Page, text: str = "fonts", charset: Mapping[str, str] | None = None) -> bytes:
    """One page as an SVG document (UTF-8 bytes); text "fonts" (embedded subsets) or "paths".

    `charset` ({font: characters}, from `text_chars` over a whole run) makes every page embed the
    run's one subset of each font it uses, made once, instead of a subset of its own."""
    import svgwrite

    if text not in TEXT_MODES:
        raise ValueError(f"text must be one of {TEXT_MODES}, not {text!r}")
    validate_pages([page])
    drawing = svgwrite.Drawing(size=(f"{num(page.width)}mm", f"{num(page.height)}mm"),
                               viewBox=f"0 0 {num(page.width)} {num(page.height)}",
                               profile="full", debug=False)
    if page.label:
        drawing.set_desc(title=xml_clean(page.label))
    backend = SvgBackend(drawing, text)
    walk(page.items, backend)
    if backend.used:
        from generator.render.svgfonts import font_face_css

        drawing.defs.add(drawing.style(font_face_css(backend.used, charset)))
    out = io.StringIO()
    drawing.write(out, pretty=False)
    return out.getvalue().encode("utf-8")


class _TextChars(Backend):
    """A backend that draws nothing and notes the characters each font sets."""

    def __init__(self) -> None:
        self.used: dict[str, set[str]] = {}

    def text_line(self, item: TextLine) -> None:
        for run in shape_line(item.font, item.text, item.features, item.lang, item.rtl):
            self.used.setdefault(run.font, set()).update(run.text)

    def _skip(self, item: object) -> None:
        pass

    rect = line = polyline = path = circle = image = hatch = begin_group = end_group = _skip


def text_chars(pages: Iterable[Page]) -> dict[str, str]:
    """{registry font: every character the pages set in it, sorted}: a run's `charset`."""
    backend = _TextChars()
    for page in pages:
        walk(page.items, backend)
    return {font: "".join(sorted(chars)) for font, chars in sorted(backend.used.items())}


def _css_feature(feature: str) -> str:
    """An OpenType feature as CSS font-feature-settings writes it ("smcp" -> '"smcp" 1')."""
    return f'"{feature.lstrip("+-")}" {0 if feature.startswith("-") else 1}'


def _paint(fill: str | None, stroke: Stroke | None) -> dict[str, str]:
    """The fill and stroke attributes of a colour fill (see SvgBackend._paint for a gradient)."""
    attrs = {"fill": _color(fill) if fill else "none"}
    if stroke is not None:
        attrs["stroke"] = _color(stroke.color)
        attrs["stroke-width"] = num(stroke.width)
        if stroke.dash:
            attrs["stroke-dasharray"] = ",".join(num(d) for d in stroke.dash)
    return attrs


def _png_data(item: Image) -> bytes:
    """PNG bytes for an image item: its own when it is a PNG, else its pixels encoded once."""
    if item.format == "png":
        return item.data
    from generator.render.images import decoded

    buf = io.BytesIO()
    decoded(item).save(buf, "PNG")
    return buf.getvalue()


def _color(color: str) -> str:
    rgb(color)   # validates
    return color.lower()


class SvgBackend(Backend):
    """Appends svgwrite elements to the current container (the drawing or an open group)."""

    def __init__(self, drawing: Drawing, text: str = "fonts") -> None:
        self.d = drawing
        self.stack: list[BaseElement] = [drawing]
        self.clips = 0
        self.text = text
        self.used: dict[str, set[str]] = {}     # registry font -> characters drawn (to embed)
        self.gradients: dict[Gradient, str] = {}  # each distinct gradient defined once, by id
        self.hatches: dict[tuple[Stroke, float, int], str] = {}   # each hatch tile's lines defined once, by id
        self.reused: dict[tuple[Item, ...], str] = {}   # each reused group's items defined once, by id
        self.placed: Group | None = None               # the reused group begin_group placed with a <use>

    def _paint(self, fill: Paint | None, stroke: Stroke | None) -> dict[str, str]:
        """_paint's attributes, a gradient fill referring to its definition."""
        if not isinstance(fill, Gradient):
            return _paint(fill, stroke)
        attrs = _paint(None, stroke)
        attrs["fill"] = self._fill(fill)
        return attrs

    def _fill(self, paint: Paint) -> str:
        """A fill attribute: the colour, or a reference to the gradient's definition."""
        return f"url(#{self._gradient(paint)})" if isinstance(paint, Gradient) else _color(paint)

    def _gradient(self, gradient: Gradient) -> str:
        """The id of the gradient's definition (added to the defs on first use)."""
        ident = self.gradients.get(gradient)
        if ident is not None:
            return ident
        ident = self.gradients[gradient] = f"gradient{len(self.gradients) + 1}"
        attrs = {"id": ident, "gradientUnits": "userSpaceOnUse"}
        if gradient.transform != IDENTITY:
            attrs["gradientTransform"] = "matrix(" + " ".join(num(v, 6) for v in gradient.transform) + ")"
        if gradient.spread != "pad":
            attrs["spreadMethod"] = gradient.spread
        if gradient.kind == "radial":
            element = self.d.radialGradient(center=(num(gradient.x1), num(gradient.y1)), r=num(gradient.r),
                                            **attrs)
            if not gradient.plain:      # the focal circle as the other backends draw it (moved inside)
                fx, fy, fr = focus(gradient)
                element.attribs.update({"fx": num(fx), "fy": num(fy)})
                if fr > 0:
                    element.attribs["fr"] = num(fr)       # SVG 2 (svgwrite's SVG 1.1 checks know no fr)
        else:
            element = self.d.linearGradient(start=(num(gradient.x1), num(gradient.y1)),
                                            end=(num(gradient.x2), num(gradient.y2)), **attrs)
        for i, (offset, colour) in enumerate(gradient.stops):
            alpha = gradient.alphas[i] if gradient.alphas else None
            element.add_stop_color(num(offset), _color(colour), None if alpha is None else num(alpha, 4))
        self.d.defs.add(element)
        return ident

    def _add(self, element: BaseElement) -> None:
        self.stack[-1].add(element)

    def rect(self, item: Rect) -> None:
        attrs = self._paint(item.fill, item.stroke)
        if item.radius > 0:
            radius = num(min(item.radius, item.w / 2, item.h / 2))
            attrs.update(rx=radius, ry=radius)
        self._add(self.d.rect(insert=(num(item.x), num(item.y)), size=(num(item.w), num(item.h)),
                              **attrs))

    def line(self, item: Line) -> None:
        self._add(self.d.line(start=(num(item.x1), num(item.y1)), end=(num(item.x2), num(item.y2)),
                              **_paint(None, item.stroke)))

    def polyline(self, item: Polyline) -> None:
        points = [(num(x), num(y)) for x, y in item.points]
        if item.closed:
            self._add(self.d.polygon(points, **self._paint(item.fill, item.stroke)))
        else:
            self._add(self.d.polyline(points, **_paint(None, item.stroke)))

    def path(self, item: Path) -> None:
        parts = [" ".join([str(command[0]), *(num(float(v)) for v in command[1:])]) for command in item.commands]
        attrs = self._paint(item.fill, item.stroke)
        if item.fill_rule == "evenodd" and item.fill is not None:
            attrs["fill-rule"] = "evenodd"
        self._add(self.d.path(d=" ".join(parts), **attrs))

    def circle(self, item: Circle) -> None:
        self._add(self.d.circle(center=(num(item.cx), num(item.cy)), r=num(item.r),
                                **self._paint(item.fill, item.stroke)))

    def text_line(self, item: TextLine) -> None:
        item = replace(item, text=xml_clean(item.text))      # a control character in a card's text: left out
        if self.text == "paths":
            from generator.render.svgfonts import line_path

            self._add(self.d.path(d=line_path(item), fill=self._fill(item.color)))
            return
        unit = item.size / 1000.0 * MM_PER_PT
        x = item.x
        for run in shape_line(item.font, item.text, item.features, item.lang, item.rtl):   # in visual order
            self._text_run(item, run, x, run.width * unit)
            x += run.width * unit

    def _text_run(self, item: TextLine, run: GlyphRun, x: float, width: float) -> None:
        """One run as a text element in its face's embedded subset: the viewer shapes it again with
        the same font, features and language, and textLength holds it to HarfBuzz's width."""
        from generator.render.svgfonts import font_family

        spec = font_spec(run.font)
        self.used.setdefault(run.font, set()).update(run.text)
        style = "white-space:pre"
        if item.features:
            style += ";font-feature-settings:" + ",".join(_css_feature(f) for f in item.features)
        attrs = {"x": [num(x + width if run.rtl else x)], "y": [num(item.y)], "fill": self._fill(item.color),
                 "font-family": font_family(run.font), "font-size": num(item.size * MM_PER_PT),
                 "textLength": num(width), "lengthAdjust": "spacing", "style": style}
        if run.rtl:
            attrs["direction"] = "rtl"
            attrs["unicode-bidi"] = "embed"
        if item.lang:
            attrs["xml:lang"] = item.lang
        if spec.weight != "normal":
            attrs["font-weight"] = spec.weight
        if spec.style != "normal":
            attrs["font-style"] = spec.style
        self._add(self.d.text(run.text, **attrs))

    def image(self, item: Image) -> None:
        mime, data = ("image/jpeg", item.data) if item.format == "jpeg" else ("image/png", _png_data(item))
        href = f"data:{mime};base64," + base64.b64encode(data).decode("ascii")
        self._add(self.d.image(href, insert=(num(item.x), num(item.y)),
                               size=(num(item.w), num(item.h)), preserveAspectRatio="none"))

    def hatch(self, item: Hatch) -> None:
        """The hatch's lines defined once per page for each pen, step and reach (scene/hatch.py's tile, a
        group of lines), and used in a group clipped to the rectangle."""
        n, matrix = hatch_tile(item)
        key = (item.stroke, item.step, n)
        ident = self.hatches.get(key)
        if ident is None:
            ident = self.hatches[key] = f"hatch{len(self.hatches) + 1}"
            tile = self.d.g(id=ident, **_paint(None, item.stroke))
            for line in tile_lines(*key):
                tile.add(self.d.line(start=(num(line.x1), num(line.y1)), end=(num(line.x2), num(line.y2))))
            self.d.defs.add(tile)
        group = self.d.g(clip_path=f"url(#{self._clip_path(hatch_clip(item))})")
        group.add(self.d.use(f"#{ident}", transform="matrix(" + " ".join(num(v, 6) for v in matrix) + ")"))
        self._add(group)

    def begin_group(self, item: Group) -> None:
        attrs = {}
        if item.transform != IDENTITY:
            attrs["transform"] = "matrix(" + " ".join(num(v, 6) for v in item.transform) + ")"
        if item.clip is not None:
            attrs["clip-path"] = f"url(#{self._clip_path(item.clip)})"
        if item.opacity < 1:
            attrs["opacity"] = num(max(item.opacity, 0.0), 3)
        group = self.d.g(**attrs)
        self._add(group)
        self.stack.append(group)
        if item.reuse:
            group.add(self.d.use(f"#{self._reused(item.items)}"))
            self.placed = item

    def _reused(self, items: tuple[Item, ...]) -> str:
        """The id of a reused group's items, defined once per page (in the defs, on first use)."""
        ident = self.reused.get(items)
        if ident is None:
            ident = self.reused[items] = f"reuse{len(self.reused) + 1}"
            self.stack.append(self.d.g(id=ident))
            walk(items, self)
            self.d.defs.add(self.stack.pop())
        return ident

    def group_items(self, item: Group) -> Sequence[Item]:
        if self.placed is item:
            self.placed = None
            return ()
        return item.items

    def _clip_path(self, clip: Rect) -> str:
        self.clips += 1
        ident = f"clip{self.clips}"
        path = self.d.clipPath(id=ident)
        attrs: dict[str, str] = {}
        if clip.radius > 0:
            radius = num(min(clip.radius, clip.w / 2, clip.h / 2))
            attrs.update(rx=radius, ry=radius)
        path.add(self.d.rect(insert=(num(clip.x), num(clip.y)), size=(num(clip.w), num(clip.h)), **attrs))
        self.d.defs.add(path)
        return ident

    def end_group(self, item: Group) -> None:
        self.stack.pop()
