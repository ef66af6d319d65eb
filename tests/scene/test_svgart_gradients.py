"""SVG art's gradients drawn as the SVG says: a radial gradient's focal point and focal radius (fx, fy,
fr), stop-opacity, and spreadMethod reflect and repeat, in every backend.

One small SVG of four quarters (a focal gradient; a fading one over a red and white backdrop; a
reflected linear one; a repeated radial one with a focal point) is drawn by the PNG backend, by
the SVG backend (then rsvg-convert), the PDF backend (then pdftoppm -r 60) and the PDF/X backend, and
each quarter (3 px in from its edges: shapes' anti-aliased outlines are not what is compared) is
compared with rsvg-convert's rendering of the source SVG at the same 120 px: the mean absolute
difference per channel (0..255) stays below LIMITS. PDF/X prints in capped CMYK, so its reference
is rsvg-convert's rendering put through PDF/X as a picture (the same conversion).

pdftoppm (and mutool) evaluate a shading at a pixel's corner, rsvg-convert and the PNG backend at
its centre: at -r 60 the PDF is half a pixel off in x and y (mean differences up to 9 where the
reflected gradient is steep, 5 across the repeated one's seams). So the PDF is rendered at -r 120 and
the centre sample of each 2 x 2 pixels kept: exactly the 60 dpi pixel centres.
"""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageStat

from generator.core.errors import DataError
from generator.render import render_pdf, render_png, render_svg
from generator.scene.gradients import MAX_GRADIENT_STOPS, MAX_SPREAD_CYCLES
from generator.scene.model import Gradient, Image, Page
from generator.scene.svgart import art_items, parse_svg

ART = b"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <radialGradient id="focal" cx="0.5" cy="0.5" r="0.45" fx="0.35" fy="0.3" fr="0.06">
    <stop offset="0" stop-color="#ffee66"/><stop offset="0.5" stop-color="#dd3322"/>
    <stop offset="1" stop-color="#221166"/>
  </radialGradient>
  <linearGradient id="fade" x1="0" y1="0" x2="1" y2="0.3">
    <stop offset="0" stop-color="#112288"/><stop offset="0.6" style="stop-color:#22aa44;stop-opacity:0.5"/>
    <stop offset="1" stop-color="#ffcc00" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="reflect" x1="0.45" y1="0.4" x2="0.6" y2="0.55" spreadMethod="reflect">
    <stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>
  </linearGradient>
  <radialGradient id="repeat" cx="75" cy="75" r="16" fx="70" fy="72" spreadMethod="repeat"
                  gradientUnits="userSpaceOnUse">
    <stop offset="0" stop-color="#ffff00"/><stop offset="0.5" stop-color="#008800"/>
    <stop offset="1" stop-color="#ffff00"/>
  </radialGradient>
  <rect x="0" y="0" width="100" height="100" fill="#ffffff"/>
  <rect x="0" y="0" width="50" height="50" fill="url(#focal)"/>
  <rect x="50" y="0" width="25" height="50" fill="#cc2222"/>
  <rect x="52" y="2" width="46" height="46" fill="url(#fade)"/>
  <rect x="0" y="50" width="50" height="50" fill="url(#reflect)"/>
  <circle cx="75" cy="75" r="24" fill="url(#repeat)"/>
</svg>"""

SIZE = 50.8                  # mm: 2 inches, 120 px at 60 dpi
PIXELS = 120
QUARTERS = {"focal": (0, 0), "stop-opacity": (60, 0), "reflect": (0, 60), "repeat": (60, 60)}
INSET = 3
LIMITS = {"png": {"focal": 1, "stop-opacity": 2, "reflect": 1, "repeat": 2},
          "svg": {"focal": 1, "stop-opacity": 1, "reflect": 1, "repeat": 1},
          "pdf": {"focal": 1, "stop-opacity": 2, "reflect": 1, "repeat": 3},
          "pdfx": {"focal": 3, "stop-opacity": 4, "reflect": 3, "repeat": 11}}


def _page(items: list) -> Page:
    return Page(SIZE, SIZE, trim_box=(0, 0, SIZE, SIZE), bleed_box=(0, 0, SIZE, SIZE)).add(*items)


def _art_page() -> Page:
    return _page(art_items(parse_svg(ART, "art.svg"), 0, 0, SIZE, SIZE))


def _rgb(data: bytes) -> PILImage.Image:
    return PILImage.open(io.BytesIO(data)).convert("RGB")


def _rsvg(svg: bytes, tmp: Path) -> PILImage.Image:
    (tmp / "in.svg").write_bytes(svg)
    return _rgb(subprocess.run(["rsvg-convert", "-w", str(PIXELS), "-h", str(PIXELS), "-b", "white",
                                str(tmp / "in.svg")], check=True, capture_output=True).stdout)


def _pdftoppm(pdf: bytes, tmp: Path, centres: bool = False) -> PILImage.Image:
    """The PDF at 60 dpi; `centres`: each pixel sampled at its centre (the docstring says why)."""
    (tmp / "in.pdf").write_bytes(pdf)
    image = _rgb(subprocess.run(["pdftoppm", "-png", "-r", "120" if centres else "60", "-singlefile",
                                 str(tmp / "in.pdf")], check=True, capture_output=True).stdout)
    return image.resize((PIXELS, PIXELS), PILImage.Resampling.NEAREST) if centres else image


def _pdfx(page: Page) -> bytes:
    from generator.publish.formats.pdfx import output_intent
    from generator.render.pdfx import render_pdfx

    return render_pdfx([page], output_intent(), "gradients")


def _difference(a: PILImage.Image, b: PILImage.Image, corner: tuple[int, int]) -> float:
    box = (corner[0] + INSET, corner[1] + INSET, corner[0] + PIXELS // 2 - INSET, corner[1] + PIXELS // 2 - INSET)
    return round(sum(ImageStat.Stat(ImageChops.difference(a.crop(box), b.crop(box))).mean) / 3, 2)


@pytest.fixture(scope="module")
def drawn(tmp_path_factory) -> dict[str, bytes]:
    page = _art_page()
    return {"png": render_png(page, 60), "svg": render_svg(page), "pdf": render_pdf([page]), "pdfx": _pdfx(page)}


@pytest.mark.needs("pdftoppm", "rsvg-convert")
def test_each_backend_draws_focus_stop_opacity_and_spread_as_rsvg_does(drawn, tmp_path) -> None:
    reference = _rsvg(ART, tmp_path)
    flat = reference.copy()
    flat.info["dpi"] = (60, 60)
    buf = io.BytesIO()
    flat.save(buf, "PNG")
    printed = _pdftoppm(_pdfx(_page([Image(0, 0, SIZE, SIZE, buf.getvalue(), format="png")])), tmp_path)
    rendered = {"png": _rgb(drawn["png"]), "svg": _rsvg(drawn["svg"], tmp_path),
                "pdf": _pdftoppm(drawn["pdf"], tmp_path, centres=True), "pdfx": _pdftoppm(drawn["pdfx"], tmp_path)}
    found = {backend: {feature: _difference(image, printed if backend == "pdfx" else reference, corner)
                       for feature, corner in QUARTERS.items()} for backend, image in rendered.items()}
    over = {(b, f): d for b, row in found.items() for f, d in row.items() if d > LIMITS[b][f]}
    assert not over, f"mean pixel differences over the limits {LIMITS}: {over} (all: {found})"


def test_the_gradients_are_read_with_focus_spread_and_stop_opacity() -> None:
    fills = [s.fill for s in parse_svg(ART, "art.svg").shapes if isinstance(s.fill, Gradient)]
    focal, fade, reflect, repeat = fills
    assert (focal.fx, focal.fy, focal.fr, focal.spread) == (0.35, 0.3, 0.06, "pad")
    assert fade.alphas == (1.0, 0.5, 0.0) and fade.spread == "pad" and not fade.plain
    assert reflect.spread == "reflect" and not reflect.alphas and reflect.fx is None
    assert (repeat.fx, repeat.fy, repeat.fr, repeat.spread) == (70.0, 72.0, 0.0, "repeat")
    assert all(not g.plain for g in fills)


def test_each_backend_writes_the_gradients_it_was_given(drawn) -> None:
    svg = drawn["svg"].decode()
    assert 'fx="' in svg and 'fr="' in svg and 'spreadMethod="reflect"' in svg and 'spreadMethod="repeat"' in svg
    assert 'stop-opacity="0.5"' in svg and 'stop-opacity="0"' in svg
    with pikepdf.open(io.BytesIO(drawn["pdf"])) as pdf:
        shadings = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and "/ShadingType" in o]
        radial = [s for s in shadings if s.ShadingType == 3]
        assert any(float(s.Coords[2]) > 0 and float(s.Coords[0]) != float(s.Coords[3]) for s in radial)  # fr, focus
        stitched = [s.Function for s in shadings if s.Function.get("/FunctionType") == 3
                    and all(f.objgen == s.Function.Functions[0].objgen for f in s.Function.Functions)
                    and len(s.Function.Functions) > 2]
        pairs = [{(float(f.Encode[i]), float(f.Encode[i + 1])) for i in range(0, len(f.Encode), 2)} for f in stitched]
        assert {(0.0, 1.0)} in pairs and {(0.0, 1.0), (1.0, 0.0)} in pairs      # repeated; reflected
        masks = [s.SMask for page in pdf.pages for s in page.Resources.ExtGState.values() if "/SMask" in s]
        assert len(masks) == 1 and masks[0].S == "/Luminosity" and masks[0].G.Group.CS == "/DeviceGray"
    with pikepdf.open(io.BytesIO(drawn["pdfx"])) as pdfx:     # PDF/X: the gradients flattened to pictures
        assert not [o for o in pdfx.objects if isinstance(o, pikepdf.Dictionary)
                    and ("/SMask" in o or "/ShadingType" in o or o.get("/S") == "/Transparency")]


def test_same_art_same_bytes() -> None:
    page = _art_page()
    assert render_pdf([page]) == render_pdf([_art_page()])
    assert render_svg(page) == render_svg(_art_page())


def _stops(count: int) -> bytes:
    return b"".join(b'<stop offset="%.4f" stop-color="#%02x0000"/>' % (i / count, i % 256) for i in range(count))


@pytest.mark.parametrize(("gradient", "message"), [
    (b'<linearGradient id="g">' + _stops(MAX_GRADIENT_STOPS + 1) + b"</linearGradient>",
     f"gradient of {MAX_GRADIENT_STOPS + 1:,} stops, more than the limit of {MAX_GRADIENT_STOPS:,}"),
    (b'<linearGradient id="g" x2="0.0001" spreadMethod="repeat"><stop offset="0"/><stop offset="1" stop-color="red"/>'
     b"</linearGradient>", f"repeated gradient repeats its stops 10,000 times across a shape, more than the limit "
                           f"of {MAX_SPREAD_CYCLES:,}"),
])
def test_huge_gradients_are_refused_naming_the_limit(gradient: bytes, message: str) -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' + gradient + \
        b'<rect width="10" height="10" fill="url(#g)"/></svg>'
    with pytest.raises(DataError) as err:
        parse_svg(svg, "huge.svg")
    assert message in str(err.value) and "huge.svg" in str(err.value)


def test_a_gradient_of_no_length_paints_its_last_stop() -> None:
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><radialGradient id="g" r="0" '
           b'spreadMethod="repeat"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="#00ff00" '
           b'stop-opacity="0.5"/></radialGradient><rect width="10" height="10" fill="url(#g)"/></svg>')
    (shape,) = parse_svg(svg, "dot.svg").shapes
    assert (shape.fill, shape.opacity) == ("#00ff00", 0.5)


def test_a_stop_colours_own_alpha_multiplies_its_stop_opacity() -> None:
    """rgba(), #rrggbbaa and `transparent` stop colours carry an alpha, as a browser reads them."""
    svg = b"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><linearGradient id="g">
      <stop offset="0" stop-color="rgba(255,0,0,0.5)"/><stop offset="0.5" stop-color="#00ff0080" stop-opacity="0.5"/>
      <stop offset="1" stop-color="transparent"/></linearGradient><rect width="10" height="10" fill="url(#g)"/></svg>"""
    fill = parse_svg(svg, "alpha.svg").shapes[0].fill
    assert isinstance(fill, Gradient)
    assert [colour for _, colour in fill.stops] == ["#ff0000", "#00ff00", "#000000"]
    assert fill.alphas == (0.502, 0.251, 0.0)
