"""The duplex calibration sheet: a front and a back page whose scales, read against the light,
give the --offset X,Y that puts every back exactly behind its front.

Everything is placed in "physical" front-page coordinates and the back page's items are mapped
through the flip (long or short edge), as impose() does for card backs. The back carries a red
pointer line and a 0.9 mm vernier for each axis; the front carries a millimetre scale labelled
directly with the offset to pass, so no sign has to be worked out by the user.
"""

from __future__ import annotations

from generator.scene.footer import footer_items, footer_text
from generator.scene.layout import SheetSpec
from generator.scene.model import Circle, Item, Line, Page, Stroke, Text
from generator.scene.papers import FOOTER_GAP, FOOTER_HEIGHT, PRINTER_MARGIN, paper_size

SCALE_RANGE = 10            # mm either side of zero
FRONT_STROKE = Stroke("#000000", 0.15)
POINTER_STROKE = Stroke("#d00000", 0.3)
VERNIER_STROKE = Stroke("#d00000", 0.15)
VERNIER_STEP = 0.9          # mm: ten steps span 9 mm, so the aligned tick gives tenths
CROSS_FRONT = Stroke("#000000", 0.2)
CROSS_BACK = Stroke("#d00000", 0.2)
TITLE = "pnpgen duplex calibration"


class _Frame:
    """Paper size, flip and the sign that turns a position on the front into the offset to pass."""

    def __init__(self, spec: SheetSpec) -> None:
        self.duplex = spec.duplex or "long"
        self.w, self.h = paper_size(spec.paper, bool(spec.landscape))
        long_is_vertical = self.h >= self.w
        self.mirror = "x" if (self.duplex == "long") == long_is_vertical else "y"
        # Seen from the front, a back printed dx too far along a mirrored axis appears dx the other
        # way, so the offset to pass (-dx) reads as +position there and -position otherwise.
        self.sign_x = 1 if self.mirror == "x" else -1
        self.sign_y = 1 if self.mirror == "y" else -1

    def to_back(self, x: float, y: float) -> tuple[float, float]:
        """Where on the back page a point behind front point (x, y) is drawn."""
        return (self.w - x, y) if self.mirror == "x" else (x, self.h - y)

    def back_line(self, x1: float, y1: float, x2: float, y2: float, stroke: Stroke) -> Line:
        (a, b), (c, d) = self.to_back(x1, y1), self.to_back(x2, y2)
        return Line(a, b, c, d, stroke=stroke)


def calibration_pages(spec: SheetSpec) -> list[Page]:
    """Front page (scales, instructions) then back page (pointers, verniers), with footers."""
    f = _Frame(spec)
    front = Page(f.w, f.h, label="calibration front", kind="front")
    back = Page(f.w, f.h, label="calibration back", kind="back")
    cx, cy = f.w / 2.0, (100.0 + f.h - 35.0) / 2.0 - 10.0
    xr_y, yr_x = cy + 42.0, cx + 50.0
    front.add(*_instructions(f), *_crosses(f, cx, cy, front_side=True))
    back.add(*_back_words(f), *_crosses(f, cx, cy, front_side=False))
    front.add(*_front_scale(f, "x", cx, xr_y), *_front_scale(f, "y", yr_x, cy))
    back.add(*_back_pointer(f, "x", cx, xr_y), *_back_pointer(f, "y", yr_x, cy))
    back_side = "top" if f.mirror == "y" else "bottom"
    source = f"{spec.paper} {'landscape' if spec.landscape else 'portrait'}, {f.duplex}-edge flip"
    for number, (page, side) in enumerate(((front, "bottom"), (back, back_side)), start=1):
        page.add(*footer_items(side, f.w, f.h, footer_text(TITLE, source, number, 2)))
    return [front, back]


def _crosses(f: _Frame, cx: float, cy: float, front_side: bool) -> list[Item]:
    """A large crosshair at (cx, cy) and small ones near the corners, drawn behind each other."""
    m = PRINTER_MARGIN + 12.0
    top, bottom = 100.0, f.h - 35.0
    spots = [(cx, cy, 12.0), (m, top, 5.0), (f.w - m, top, 5.0), (m, bottom, 5.0), (f.w - m, bottom, 5.0)]
    items: list[Item] = []
    for x, y, r in spots:
        if front_side:
            items += [Line(x - 2 * r, y, x + 2 * r, y, stroke=CROSS_FRONT),
                      Line(x, y - 2 * r, x, y + 2 * r, stroke=CROSS_FRONT), Circle(x, y, r, fill=None, stroke=CROSS_FRONT)]
        else:
            bx, by = f.to_back(x, y)
            items += [Line(bx - 2 * r, by, bx + 2 * r, by, stroke=CROSS_BACK),
                      Line(bx, by - 2 * r, bx, by + 2 * r, stroke=CROSS_BACK), Circle(bx, by, r, fill=None, stroke=CROSS_BACK)]
    return items


def _front_scale(f: _Frame, axis: str, x0: float, y0: float) -> list[Item]:
    """Millimetre ticks either side of zero, labelled with the offset they mean (every 2 mm)."""
    sign = f.sign_x if axis == "x" else f.sign_y
    items: list[Item] = []
    for k in range(-SCALE_RANGE, SCALE_RANGE + 1):
        long = 8.0 if k % 10 == 0 else 6.0 if k % 5 == 0 else 3.5
        if axis == "x":
            items.append(Line(x0 + k, y0 - long, x0 + k, y0, stroke=FRONT_STROKE))
            if k % 5 == 0:
                items.append(Text(x0 + k - 4.0, y0 - 12.0, 8.0, 3.6, _num(sign * k), size=6,
                                  align="center", valign="bottom", wrap=False, shrink=False))
        else:
            items.append(Line(x0 - long, y0 + k, x0, y0 + k, stroke=FRONT_STROKE))
            if k % 5 == 0:
                items.append(Text(x0 - 17.0, y0 + k - 1.8, 8.0, 3.6, _num(sign * k), size=6,
                                  align="right", valign="middle", wrap=False, shrink=False))
    label = "X" if axis == "x" else "Y"
    if axis == "x":
        items.append(Text(x0 - SCALE_RANGE - 24.0, y0 - 6.0, 22.0, 5.0, f"{label} offset (mm)",
                          size=7, font="sans-bold", align="right", valign="middle", wrap=False))
    else:
        items.append(Text(x0 - 22.0, y0 - SCALE_RANGE - 12.0, 26.0, 5.0, f"{label} offset (mm)",
                          size=7, font="sans-bold", align="center", valign="bottom", wrap=False))
    return items


def _back_pointer(f: _Frame, axis: str, x0: float, y0: float) -> list[Item]:
    """The red pointer (behind the front's zero) and ten vernier ticks 0.9 mm apart, running
    towards larger numbers on the front scale."""
    sign = f.sign_x if axis == "x" else f.sign_y
    items: list[Item] = []
    if axis == "x":
        items.append(f.back_line(x0, y0 - 9.0, x0, y0 + 7.0, POINTER_STROKE))
        for i in range(1, 11):
            x = x0 + sign * i * VERNIER_STEP
            items.append(f.back_line(x, y0 - 1.0, x, y0 + (4.5 if i in (5, 10) else 3.5), VERNIER_STROKE))
    else:
        items.append(f.back_line(x0 - 9.0, y0, x0 + 7.0, y0, POINTER_STROKE))
        for i in range(1, 11):
            y = y0 + sign * i * VERNIER_STEP
            items.append(f.back_line(x0 - 1.0, y, x0 + (4.5 if i in (5, 10) else 3.5), y, VERNIER_STROKE))
    return items


def _num(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}".replace("-", "\u2212")


def _instructions(f: _Frame) -> list[Item]:
    """The plain-words explanation at the top of the front page."""
    m = PRINTER_MARGIN + 5.0
    flip = "LONG" if f.duplex == "long" else "SHORT"
    body = (
        f"1. Print this file double-sided at 100% (actual size; turn off \u201cfit to page\u201d), "
        f"flipping on the {flip} edge: the same setting you will use for your cards.\n"
        "2. Hold the printed sheet up to a window or a lamp with THIS side facing you. The red lines "
        "printed on the back show through.\n"
        "3. X: on the horizontal scale, read the number where the back\u2019s long red line (the "
        "pointer) crosses the black scale. Y: do the same on the vertical scale. The numbers are "
        "already the correction, sign included.\n"
        "4. Pass them when you print cards: --offset X,Y (for example --offset 1,-0.5). Both on 0: "
        "your printer is aligned and you need no offset.\n"
        "Finer (optional): beside each pointer, short red lines step 0.9 mm towards the larger "
        "numbers. Take the whole number just below the pointer (the smaller one: \u22123 if it sits "
        "between \u22123 and \u22122), then add 0.1 for each short line counted to the one that lines "
        "up exactly with a black line (the 7th: \u22123 + 0.7 = \u22122.3).\n"
        "The red circles should sit on the black ones everywhere; if the corners disagree, the "
        "printer also skews or scales the back: check that it prints at 100%.")
    return [
        Text(m, m, f.w - 2 * m, 9.0, "Duplex calibration: find your printer\u2019s back-page offset",
             font="sans-bold", size=13, wrap=False),
        Text(m, m + 10.0, f.w - 2 * m, 62.0, body, size=8.5, line_height=1.3),
    ]


def _back_words(f: _Frame) -> list[Item]:
    """A short note on the back (upright on the back page, away from the scales)."""
    m = PRINTER_MARGIN + 5.0
    y = f.h - m - FOOTER_HEIGHT - FOOTER_GAP - 14.0 if f.mirror == "x" else m + FOOTER_HEIGHT + 4.0
    return [Text(m, y, f.w - 2 * m, 12.0,
                 "Back of the calibration sheet. Turn the sheet over and read the scales on the "
                 "front against the light.", size=8, align="center", valign="middle")]
