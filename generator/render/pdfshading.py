"""PDF shadings for SVG art's gradients beyond reportlab's: a focal circle, reflect and repeat, stop opacity.

reportlab's canvas draws a radial gradient from its centre only and pads both ends; these build
the shading dictionaries themselves (reportlab's PDF objects, so the file is written as before):

- a radial gradient is a Type 3 shading between two circles, Coords [fx fy fr cx cy r] (the focal
  circle and the outer one, generator.scene.gradients.focus);
- reflect and repeat: PDF has no such spread, so the shading spans the part of the gradient the
  shape covers (generator.scene.gradients.span: t from t0 to t1, the circles or points at t0 and
  t1 its Coords, /Domain [t0 t1]) and its function is a Type 3 stitching function of the stops'
  function once per whole step of t, forward (/Encode [0 1]) or, reflected, every other one
  backward ([1 0]); at most MAX_SPREAD_CYCLES copies (SVG art beyond that was refused when read);
- stop opacity is a soft mask: the same shading in grey (each stop's opacity its grey level)
  painted in a form marked a DeviceGray transparency group, named as the /SMask (/S /Luminosity)
  of an ExtGState set before the colour shading is painted.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from generator.scene.gradients import MAX_SPREAD_CYCLES, invert, radial_terms, span
from generator.scene.model import Gradient, apply

Box = tuple[float, float, float, float]


def shading(gradient: Gradient, bounds: Box, space: str, values: Sequence[Sequence[float]]) -> Any:
    """The shading of the gradient over `bounds` (the painted item's box, in its coordinates), its
    stops' colours `values` in the colour space `space` (DeviceRGB, DeviceGray)."""
    from reportlab.pdfbase.pdfdoc import PDFArrayCompact, PDFAxialShading, PDFRadialShading
    from reportlab.pdfgen.canvas import _buildColorFunction

    positions = [min(max(offset, 0.0), 1.0) for offset, _ in gradient.stops]
    colours = [list(v) for v in values]
    if len(colours) == 1:
        colours, positions = colours * 2, [0.0, 1.0]
    function = _buildColorFunction(colours, positions)
    t0, t1 = _window(gradient, bounds)
    if gradient.spread != "pad":
        function = _spread(function, gradient.spread, math.floor(t0), max(math.ceil(t1), math.floor(t0) + 1))
    extra = {"Extend": "[true true]", "Domain": PDFArrayCompact((t0, t1))}
    if gradient.kind == "radial":
        fx, fy, fr, dx, dy, dr = radial_terms(gradient)
        return PDFRadialShading(fx + t0 * dx, fy + t0 * dy, max(fr + t0 * dr, 0.0),
                                fx + t1 * dx, fy + t1 * dy, fr + t1 * dr, Function=function, ColorSpace=space,
                                **extra)
    dx, dy = gradient.x2 - gradient.x1, gradient.y2 - gradient.y1
    return PDFAxialShading(gradient.x1 + t0 * dx, gradient.y1 + t0 * dy, gradient.x1 + t1 * dx,
                           gradient.y1 + t1 * dy, Function=function, ColorSpace=space, **extra)


def _window(gradient: Gradient, bounds: Box) -> tuple[float, float]:
    """The t the shading runs over: 0 to 1 padded (a radial gradient's focal circle to its outer one),
    else the span over the shape, at most MAX_SPREAD_CYCLES steps of t."""
    if gradient.spread == "pad":
        return 0.0, 1.0
    t0, t1 = span(gradient, bounds)
    if not (math.isfinite(t0) and math.isfinite(t1)):
        t0, t1 = 0.0, 1.0
    t1 = min(max(t1, t0 + 1e-6), math.floor(t0) + MAX_SPREAD_CYCLES)
    return round(t0, 6), round(t1, 6)


def _spread(function: Any, spread: str, first: int, last: int) -> Any:
    """The stops' function once per step of t from `first` to `last`, every other copy backward when
    reflected (the copy for t in [k, k + 1] runs backward when k is odd)."""
    from reportlab.pdfbase.pdfdoc import PDFArrayCompact, PDFStitchingFunction

    steps = range(first, last)
    encode: list[float] = []
    for k in steps:
        encode += [1.0, 0.0] if spread == "reflect" and k % 2 else [0.0, 1.0]
    return PDFStitchingFunction([function] * len(steps), [float(k) for k in steps[1:]], encode,
                                Domain=PDFArrayCompact((float(first), float(last))))


def soft_mask(document: Any, gradient: Gradient, bounds: Box) -> Any:
    """An ExtGState's /SMask dictionary making the gradient's stop opacities the alpha of what is
    painted after it is set (in the gradient's own coordinates: set it after its transform)."""
    from reportlab.pdfbase.pdfdoc import PDFArrayCompact, PDFDictionary, PDFName, PDFStream

    grey = shading(gradient, bounds, "DeviceGray", [(alpha,) for alpha in gradient.alphas])
    inverse = invert(gradient.transform)
    left, top, right, bottom = bounds
    corners = [apply(inverse, x, y) for x in (left, right) for y in (top, bottom)]
    pad = 1.0 + 0.01 * max(abs(v) for corner in corners for v in corner)
    box = (min(u for u, _ in corners) - pad, min(v for _, v in corners) - pad,
           max(u for u, _ in corners) + pad, max(v for _, v in corners) + pad)
    form = PDFStream(PDFDictionary({
        "Type": PDFName("XObject"), "Subtype": PDFName("Form"),
        "BBox": PDFArrayCompact([round(v, 4) for v in box]),
        "Group": PDFDictionary({"Type": PDFName("Group"), "S": PDFName("Transparency"),
                                "CS": PDFName("DeviceGray")}),
        "Resources": PDFDictionary({"Shading": PDFDictionary({"Sh0": document.Reference(grey)})}),
    }), b"/Sh0 sh")
    form.__Comment__ = "soft mask of a gradient's stop opacity"
    return PDFDictionary({"Type": PDFName("Mask"), "S": PDFName("Luminosity"), "G": document.Reference(form)})
