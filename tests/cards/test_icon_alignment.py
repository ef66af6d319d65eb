"""Icons in text sit on the baseline like a glyph, read back from the PDF, SVG and PNG files pnpgen writes.

One deck: a solid red square icon (an SVG of the template's `icons:`) inside black text, in a
`richtext` and a plain `text` element, at three sizes, centred and right-aligned. Each file is read
back (the PDF and PNG as pixels, the SVG by parsing it) and the icon's box is checked against the
line: its bottom on the baseline, its height the icon scale of the size, its top under the ascent,
and horizontally where the alignment puts it; every check within 0.2 mm.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PIL import Image as PILImage
from PIL import ImageChops

from generator.core.units import MM_PER_PT
from generator.scene.fonts import font_metrics

TOL = 0.2                   # mm
DPI = 400                   # 0.064 mm a pixel: the worst error measured is one pixel (0.064 mm; 0.042 at 600 dpi),
                            # under a third of TOL
SIZES = (7.0, 11.0, 16.0)
ALIGNS = ("center", "right")
KINDS = ("richtext", "text")
BOX_X, BOX_W = 5.0, 53.0
ICON_SCALE = 0.85
SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/></svg>'
TEMPLATE = f"""\
card: 63x88
bleed: 0
icons:
  sq: {{src: art/square.svg, background: keep}}
front:
  - {{kind: richtext, when: "{{kind}} == richtext", x: {BOX_X}, y: 10, w: {BOX_W}, h: 30, text: "{{text}}",
     size: "{{size}}", min_size: "{{size}}", align: "{{align}}", color: "#000000", icon_scale: {ICON_SCALE}}}
  - {{kind: text, when: "{{kind}} == text", x: {BOX_X}, y: 10, w: {BOX_W}, h: 30, text: "{{text}}",
     size: "{{size}}", min_size: "{{size}}", align: "{{align}}", color: "#000000"}}
"""
CASES = [(kind, size, align) for kind in KINDS for size in SIZES for align in ALIGNS]


def _text(align: str) -> str:
    return "HH <sq> HH" if align == "center" else "HH <sq>"


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("align")
    (folder / "art").mkdir()
    (folder / "art" / "square.svg").write_text(SQUARE, "utf-8")
    (folder / "t.yaml").write_text(TEMPLATE, "utf-8")
    rows = "\n".join(f"  - {{kind: {k}, size: {s}, align: {a}, text: '{_text(a)}'}}" for k, s, a in CASES)
    (folder / "cards.yaml").write_text(f"cards:\n{rows}\n", "utf-8")
    return folder


def _pnpgen(deck: Path, *args: str) -> None:
    from generator.cli import cli
    from generator.cli.common import run_cli

    assert run_cli(cli, ["cards", str(deck / "cards.yaml"), str(deck / "t.yaml"), "-q", *args]) == 0


def _expected_icon_h(size: float) -> float:
    return size * MM_PER_PT * ICON_SCALE


def _ascent(size: float) -> float:
    return max(font_metrics(f).ascent for f in ("sans", "sans-bold")) / 1000 * size * MM_PER_PT


# --- pixels (PNG, and the PDF rasterised) ----------------------------------------------------------------

def _masks(img: PILImage.Image) -> tuple[PILImage.Image, PILImage.Image]:
    """(red ink, black ink) as masks: pixels at least half covered."""
    r, g, b = img.convert("RGB").split()
    red = ImageChops.multiply(ImageChops.subtract(r, g).point(lambda v: 255 if v > 127 else 0),
                              ImageChops.subtract(r, b).point(lambda v: 255 if v > 127 else 0))
    black = ImageChops.lighter(r, ImageChops.lighter(g, b)).point(lambda v: 255 if v < 128 else 0)
    return red, black


def _boxes(img: PILImage.Image, dpi: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """(left, top, right, bottom) in mm of the red ink and of the black ink."""
    red, black = _masks(img)
    k = 25.4 / dpi
    boxes = []
    for mask in (red, black):
        box = mask.getbbox()
        assert box is not None
        boxes.append(tuple(v * k for v in box))
    return boxes[0], boxes[1]


def _check_pixels(red: tuple[float, ...], black: tuple[float, ...], size: float, align: str,
                  card_left: float | None) -> None:
    baseline = black[3]                          # H has no descender: its ink ends on the baseline
    assert abs(red[3] - baseline) <= TOL, ("icon bottom", red[3], baseline)
    assert abs((red[3] - red[1]) - _expected_icon_h(size)) <= TOL, ("icon height", red, size)
    assert red[1] >= baseline - _ascent(size) - TOL, ("icon above the ascent", red, size)
    if align == "center":                        # HH <sq> HH: the icon in the middle of the ink
        assert abs((red[0] + red[2]) / 2 - (black[0] + black[2]) / 2) <= TOL
        if card_left is not None:
            assert abs((red[0] + red[2]) / 2 - card_left - (BOX_X + BOX_W / 2)) <= TOL
    elif card_left is not None:                  # HH <sq>: the icon (and its pad) end at the box's right
        pad = 0.06 * size * MM_PER_PT
        assert abs(red[2] + pad - card_left - (BOX_X + BOX_W)) <= TOL, ("right edge", red, size)


def test_png_icons_sit_on_the_baseline(deck: Path, tmp_path: Path) -> None:
    _pnpgen(deck, "--format", "png", "--dpi", str(DPI), "-o", str(tmp_path / "png"))
    files = sorted((tmp_path / "png").glob("*.png"))
    assert len(files) == len(CASES)
    for path, (_, size, align) in zip(files, CASES, strict=True):
        with PILImage.open(path) as img:
            assert abs(img.size[0] * 25.4 / DPI - 63) < 0.1        # no bleed: pixel 0 is the card's left edge
            red, black = _boxes(img, DPI)
        _check_pixels(red, black, size, align, card_left=0.0)


@pytest.mark.needs("pdftoppm")
def test_pdf_icons_sit_on_the_baseline(deck: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "deck.pdf"
    _pnpgen(deck, "-o", str(pdf))
    subprocess.run(["pdftoppm", "-png", "-r", str(DPI), str(pdf), str(tmp_path / "page")], check=True)
    checked = []
    for page in sorted(tmp_path.glob("page-*.png")):
        with PILImage.open(page) as img:
            red, _ = _masks(img)
            for box in _icon_windows(red):
                found_red, found_black = _boxes(img.crop(box), DPI)
                checked.append((found_red, found_black))
    assert len(checked) == len(CASES)     # the sheets hold the cards in data order, left to right
    for (found_red, found_black), (_, size, align) in zip(checked, CASES, strict=True):
        _check_pixels(found_red, found_black, size, align, card_left=None)


def _runs(values: list[int], gap: int) -> list[tuple[int, int]]:
    """Runs of indices with a non-zero value, split where `gap` zeros follow each other."""
    runs: list[tuple[int, int]] = []
    for i, v in enumerate(values):
        if not v:
            continue
        if runs and i - runs[-1][1] <= gap:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def _icon_windows(red: PILImage.Image) -> list[tuple[int, int, int, int]]:
    """A window around each red icon of a sheet (rows top to bottom, then left to right), wide enough
    for its line of text and clear of the next card's."""
    mm = DPI / 25.4
    w, h = red.size
    rows = _runs(list(red.resize((1, h), PILImage.Resampling.BOX).tobytes()), round(5 * mm))
    out = []
    for top, bottom in rows:
        band = red.crop((0, top, w, bottom + 1))
        for left, right in _runs(list(band.resize((w, 1), PILImage.Resampling.BOX).tobytes()), round(5 * mm)):
            cx, cy = (left + right) // 2, (top + bottom) // 2
            out.append((cx - round(15 * mm), cy - round(6 * mm), cx + round(15 * mm), cy + round(6 * mm)))
    return out


def _svg_shapes(path: Path) -> tuple[list[tuple[float, float]], list[float]]:
    """(the red path's points, the text baselines) in card mm, transforms applied (matrix() only)."""
    import re
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    red: list[tuple[float, float]] = []
    baselines: list[float] = []

    def walk(el: ET.Element, m: tuple[float, ...]) -> None:
        found = re.fullmatch(r"matrix\(([^)]*)\)", el.get("transform", ""))
        if found:
            a, b, c, d, e, f = (float(v) for v in found.group(1).split())
            m = (m[0] * a + m[2] * b, m[1] * a + m[3] * b, m[0] * c + m[2] * d, m[1] * c + m[3] * d,
                 m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5])

        def at(x: float, y: float) -> tuple[float, float]:
            return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])

        if el.tag == f"{ns}path" and el.get("fill") == "#ff0000":
            assert set(re.findall(r"[A-Za-z]", el.get("d", ""))) <= {"M", "L", "Z"}
            numbers = [float(v) for v in re.findall(r"-?[\d.]+", el.get("d", ""))]
            red.extend(at(x, y) for x, y in zip(numbers[::2], numbers[1::2], strict=True))
        elif el.tag == f"{ns}text":
            baselines.append(at(float(el.get("x", 0)), float(el.get("y", 0)))[1])
        for child in el:
            walk(child, m)

    walk(ET.parse(path).getroot(), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return red, baselines


def test_svg_icons_sit_on_the_baseline(deck: Path, tmp_path: Path) -> None:
    _pnpgen(deck, "--format", "svg", "-o", str(tmp_path / "svg"))
    files = sorted((tmp_path / "svg").glob("*.svg"))
    assert len(files) == len(CASES)
    for path, (_, size, align) in zip(files, CASES, strict=True):
        red, baselines = _svg_shapes(path)
        assert red and baselines and max(baselines) - min(baselines) < 1e-3     # one line
        x0, x1 = min(p[0] for p in red), max(p[0] for p in red)
        y0, y1 = min(p[1] for p in red), max(p[1] for p in red)
        baseline = baselines[0]
        assert abs(y1 - baseline) <= TOL and abs((y1 - y0) - _expected_icon_h(size)) <= TOL
        assert y0 >= baseline - _ascent(size) - TOL
        if align == "center":
            assert abs((x0 + x1) / 2 - (BOX_X + BOX_W / 2)) <= TOL
        else:
            assert abs(x1 + 0.06 * size * MM_PER_PT - (BOX_X + BOX_W)) <= TOL
