"""Recording backend: one stable text line per primitive (after text layout), for golden tests of products.

Numbers are rounded to 0.01 mm (text sizes to 0.01 pt); groups open with their matrix and clip
and close with `end`, indented by depth, so a diff points at the shape that moved.
"""

from __future__ import annotations

from generator.core.numbers import format_number
from generator.render.base import Backend, num, validate_pages, walk
from generator.scene.gradients import focus
from generator.scene.model import (
    IDENTITY,
    Circle,
    Gradient,
    Group,
    Hatch,
    Image,
    Line,
    Page,
    Paint,
    Path,
    Polyline,
    Rect,
    Stroke,
    TextLine,
)


def render_recording(pages: list[Page]) -> str:
    """The pages as a drawing log: a `page` line, then one line per primitive."""
    pages = validate_pages(pages)
    out: list[str] = []
    for number, page in enumerate(pages, 1):
        out.append(_page_line(number, page))
        walk(page.items, RecordingBackend(out))
    return "\n".join(out) + "\n"


def _n(value: float) -> str:
    return format_number(value, 2)


def _nums(*values: float) -> str:
    return ",".join(_n(v) for v in values)


def _stroke(stroke: Stroke | None) -> str:
    if stroke is None:
        return "stroke=none"
    dash = f" dash={_nums(*stroke.dash)}" if stroke.dash else ""
    return f"stroke={stroke.color}/{_n(stroke.width)}{dash}"


def _fill(fill: Paint | None) -> str:
    if isinstance(fill, Gradient):
        stops = ",".join(f"{_n(offset)}:{colour}" for offset, colour in fill.stops)
        where = _nums(fill.x1, fill.y1, fill.r) if fill.kind == "radial" else _nums(fill.x1, fill.y1, fill.x2, fill.y2)
        matrix = "" if fill.transform == IDENTITY else " matrix=" + ",".join(num(v) for v in fill.transform)
        extra = ""
        if fill.fx is not None or fill.fy is not None or fill.fr:
            extra += f" focus={_nums(*focus(fill))}"
        if fill.spread != "pad":
            extra += f" spread={fill.spread}"
        if fill.alphas:
            extra += f" alphas={_nums(*fill.alphas)}"
        return f"fill={fill.kind}({stops} at {where}{matrix}{extra})"
    return f"fill={fill or 'none'}"


def _page_line(number: int, page: Page) -> str:
    parts = [f"page {number} {_nums(page.width, page.height)} kind={page.kind} label={page.label!r}"]
    if page.trim_box:
        parts.append(f"trim={_nums(*page.trim_box)}")
    if page.bleed_box:
        parts.append(f"bleed={_nums(*page.bleed_box)}")
    return " ".join(parts)


class RecordingBackend(Backend):
    """Appends one line per primitive to a list."""

    def __init__(self, out: list[str]) -> None:
        self.out = out
        self.depth = 1

    def _emit(self, text: str) -> None:
        self.out.append("  " * self.depth + text)

    def rect(self, item: Rect) -> None:
        radius = f" r={_n(item.radius)}" if item.radius else ""
        self._emit(f"rect {_nums(item.x, item.y, item.w, item.h)}{radius} "
                   f"{_fill(item.fill)} {_stroke(item.stroke)}")

    def line(self, item: Line) -> None:
        self._emit(f"line {_nums(item.x1, item.y1, item.x2, item.y2)} {_stroke(item.stroke)}")

    def polyline(self, item: Polyline) -> None:
        kind = "polygon" if item.closed else "polyline"
        points = " ".join(_nums(x, y) for x, y in item.points)
        self._emit(f"{kind} {points} {_fill(item.fill if item.closed else None)} {_stroke(item.stroke)}")

    def path(self, item: Path) -> None:
        commands = " ".join(str(c[0]) + (" " + _nums(*(float(v) for v in c[1:])) if len(c) > 1 else "")
                            for c in item.commands)
        rule = " rule=evenodd" if item.fill_rule == "evenodd" else ""
        self._emit(f"path {commands} {_fill(item.fill)}{rule} {_stroke(item.stroke)}")

    def circle(self, item: Circle) -> None:
        self._emit(f"circle {_nums(item.cx, item.cy, item.r)} {_fill(item.fill)} {_stroke(item.stroke)}")

    def text_line(self, item: TextLine) -> None:
        self._emit(f"text {_nums(item.x, item.y)} {item.font} {_n(item.size)}pt {_fill(item.color)[5:]} "
                   f"{item.text!r}")

    def image(self, item: Image) -> None:
        import hashlib

        digest = hashlib.sha256(item.data).hexdigest()[:12]
        self._emit(f"image {_nums(item.x, item.y, item.w, item.h)} sha256={digest} bytes={len(item.data)}")

    def hatch(self, item: Hatch) -> None:
        radius = f" r={_n(item.radius)}" if item.radius else ""
        self._emit(f"hatch {_nums(item.x, item.y, item.w, item.h)}{radius} through={_nums(item.ax, item.ay)} "
                   f"angle={num(item.angle)} step={_n(item.step)} reach={_n(item.reach)} {_stroke(item.stroke)}")

    def begin_group(self, item: Group) -> None:
        parts = ["group"]
        if item.transform != IDENTITY:
            a, b, c, d, e, f = item.transform
            parts.append(f"matrix={','.join(num(v) for v in (a, b, c, d))},{_nums(e, f)}")
        if item.clip is not None:
            clip = item.clip
            radius = f" r={_n(clip.radius)}" if clip.radius else ""
            parts.append(f"clip={_nums(clip.x, clip.y, clip.w, clip.h)}{radius}")
        if item.opacity < 1:
            parts.append(f"opacity={_n(item.opacity)}")
        self._emit(" ".join(parts))
        self.depth += 1

    def end_group(self, item: Group) -> None:
        self.depth -= 1
        self._emit("end")
