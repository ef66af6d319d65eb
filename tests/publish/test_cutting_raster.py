"""Print and cut, checked on the printed picture: the sheet rasterized, its registration marks found by this file's
own code (not the code that drew them), the cut file mapped through them, every cut path on its card's printed trim.

Every cutter x poker/tarot x A4/Letter. The cards are a flat colour with no bleed, so the printed card edge
is the trim; edges are found to a fraction of a pixel from the anti-aliased coverage across them.
"""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from generator.publish import DeckOptions, plan_job
from generator.scene.imposition import Card
from generator.scene.model import Rect

DPI = 200.0                 # 0.127 mm a pixel; edges and mark centres come out finer from the coverage (pdftoppm snaps
                            # the marks' edges to whole pixels: worst 0.09 mm at 150 dpi, 0.06 at 200, 0.03 at 300)
PX = DPI / 25.4
FILL = (31, 95, 191)        # the cards' colour: saturated, so it is told apart from black marks and grey text
SIZES = {"poker": (63.5, 88.9), "tarot": (69.85, 120.65)}
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
TOLERANCE = 0.1             # mm

# The conventions, restated from docs/cutting.md (not imported from the drawing code):
INSET = 10.0                # Silhouette: marks' centre lines 10 mm from the page edges
SQUARE_CENTRE = 12.5        # the 5 mm square's centre, its corner at the inset
SCAN_X, SCAN_Y = 12.0, 13.98   # ScanNCut bullseye centres from the left/right and top/bottom edges


def _cards(size: tuple[float, float], count: int) -> list[Card]:
    colour = "#{:02x}{:02x}{:02x}".format(*FILL)
    return [Card([Rect(-3, -3, size[0] + 6, size[1] + 6, fill=colour, stroke=None)], None, f"c{i}") for i in range(count)]


@cache
def _made(cutter: str, card: str, paper: str, root: Path, scale: tuple[float, float] = (1.0, 1.0)) -> tuple[Path, list[Path]]:
    """The deck written once per combination: (folder, the files written)."""
    size = SIZES[card]
    out = root / f"{cutter}-{card}-{paper}-{scale[0]}"
    opts = DeckOptions(cutter=cutter, paper=paper, output=out, bleed=0.0, duplex=None, scale=scale, quiet=True)
    job = plan_job(opts, count=9, card_size=size, bleed=3.0, stem="deck", title="cut test", has_backs=False)
    return out, job.write(_cards(size, 9))


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cut")


@cache
def _raster(pdf: Path) -> Image.Image:
    """The first page at DPI (once per file: the decks are written once and only read)."""
    target = pdf.with_suffix("")
    subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", "-singlefile", str(pdf), str(target)],
                   check=True, capture_output=True)
    with Image.open(target.with_suffix(".png")) as picture:
        return picture.convert("RGB")


def _ink(pixel: tuple[int, int, int]) -> float:
    """How black a pixel is (0 white, 1 black); the blue of a card counts for little."""
    return (255 - max(pixel)) / 255.0


def _colour(pixel: tuple[int, int, int]) -> float:
    """How much of the card colour a pixel holds (0 white or grey, 1 the card)."""
    return (max(pixel) - min(pixel)) / float(max(FILL) - min(FILL))


def _dark_box(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """The bounding box (x0, y0, x1, y1, exclusive) of the black pixels in a window (the grey footer text is
    not black)."""
    x0, y0, x1, y1 = box
    assert 0 <= x0 < x1 <= image.width and 0 <= y0 < y1 <= image.height, box
    # black where every channel is below 25 (max(pixel) < 25): the channels' lightest, thresholded
    window = image.crop(box)
    found = ImageChops.lighter(ImageChops.lighter(*window.split()[:2]), window.split()[2]).point(
        lambda v: 255 if v < 25 else 0).getbbox()
    assert found, f"no mark in {box}"
    return (x0 + found[0], y0 + found[1], x0 + found[2], y0 + found[3])


def _centroid(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[float, float]:
    """The ink-weighted centre of a window, in pixel coordinates (pixel i spans i..i+1)."""
    total = sx = sy = 0.0
    pixels = image.load()
    for y in range(box[1], box[3]):
        for x in range(box[0], box[2]):
            weight = _ink(pixels[x, y])
            total, sx, sy = total + weight, sx + weight * (x + 0.5), sy + weight * (y + 0.5)
    return sx / total, sy / total


def _mm(value: float) -> int:
    return round(value * PX)


def _page(image: Image.Image, paper: str) -> tuple[float, float]:
    """The page size in mm, turned as the picture is."""
    short, long = sorted(PAPERS[paper])
    return (long, short) if image.width > image.height else (short, long)


def _silhouette_marks(image: Image.Image, paper: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(page mm, pixel) of the square's centre and the two L marks' corners (their arms' centre lines)."""
    w, h = image.size
    page_w, page_h = _page(image, paper)
    near = _mm(30)
    x0, y0, x1, y1 = _dark_box(image, (0, 0, near, near))
    square = _centroid(image, (x0 - 2, y0 - 2, x1 + 2, y1 + 2))
    # top-right L: the vertical arm's centre x from rows below the horizontal arm, and the other way round
    x0, y0, x1, y1 = _dark_box(image, (w - near, 0, w, near))
    vertical = _centroid(image, (x1 - _mm(2.5), y0 + _mm(2.5), x1 + 2, y1 - _mm(0.7)))[0]
    horizontal = _centroid(image, (x0 + _mm(0.7), y0 - 2, x1 - _mm(2.5), y0 + _mm(2.5)))[1]
    top_right = (vertical, horizontal)
    x0, y0, x1, y1 = _dark_box(image, (0, h - near, near, h))
    vertical = _centroid(image, (x0 - 2, y0 + _mm(0.7), x0 + _mm(2.5), y1 - _mm(2.5)))[0]
    horizontal = _centroid(image, (x0 + _mm(2.5), y1 - _mm(2.5), x1 - _mm(0.7), y1 + 2))[1]
    return [((SQUARE_CENTRE, SQUARE_CENTRE), square), ((page_w - INSET, INSET), top_right),
            ((INSET, page_h - INSET), (vertical, horizontal))]


def _scanncut_marks(image: Image.Image, paper: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(page mm, pixel) of the four bullseye centres: the ink centroid of the rings, below the bar."""
    w, h = image.size
    page_w, page_h = _page(image, paper)
    near = _mm(22.5)          # the mark's white box (to 20 mm), short of the footer (from 23 mm)
    found = []
    for (mx, my), (wx, wy) in [((SCAN_X, SCAN_Y), (0, 0)), ((page_w - SCAN_X, SCAN_Y), (w - near, 0)),
                               ((page_w - SCAN_X, page_h - SCAN_Y), (w - near, h - near)),
                               ((SCAN_X, page_h - SCAN_Y), (0, h - near))]:
        x0, y0, x1, y1 = _dark_box(image, (wx, wy, wx + near, wy + near))
        found.append(((mx, my), _centroid(image, (x0 - 2, y0 + _mm(1.5), x1 + 2, y1 + 2))))
    return found


def _affine(pairs: list[tuple[tuple[float, float], tuple[float, float]]]) -> tuple[list[float], list[float]]:
    """Least-squares px = a X + b Y + c, py = d X + e Y + f from (mm, px) pairs (3 or more)."""
    rows = [(x, y, 1.0) for (x, y), _ in pairs]
    ata = [[sum(r[i] * r[j] for r in rows) for j in range(3)] for i in range(3)]
    coefficients = []
    for k in range(2):
        atb = [sum(r[i] * p[k] for r, (_, p) in zip(rows, pairs, strict=True)) for i in range(3)]
        coefficients.append(_solve3(ata, atb))
    return coefficients[0], coefficients[1]


def _solve3(m: list[list[float]], v: list[float]) -> list[float]:
    def det(a: list[list[float]]) -> float:
        return (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))

    d = det(m)
    return [det([[v[r] if c == i else m[r][c] for c in range(3)] for r in range(3)]) / d for i in range(3)]


def _edge(image: Image.Image, start: tuple[float, float], step: tuple[int, int], length: int) -> float:
    """Pixels of card colour along a line of `length` pixels from `start` (outside) inward; the edge lies
    that many pixels short of the line's end (sub-pixel, from the anti-aliased coverage)."""
    x, y = int(start[0]), int(start[1])
    width, height = image.size
    spots = [(x + i * step[0], y + i * step[1]) for i in range(length)]
    pixels = image.load()
    return sum(min(1.0, max(0.0, _colour(pixels[p]))) for p in spots        # off the image: paper
               if 0 <= p[0] < width and 0 <= p[1] < height)


def _edge_errors(image: Image.Image, paths: list[tuple[float, float, float, float]],
                 to_px: tuple[list[float], list[float]]) -> list[float]:
    """For every cut path (its bounding box in mm) and side: mm between the cut and the printed card edge,
    measured at the middle of the side over five neighbouring lines."""
    (a, b, c), (d, e, f) = to_px

    def px(x: float, y: float) -> tuple[float, float]:
        return a * x + b * y + c, d * x + e * y + f

    reach = _mm(0.8)
    mm_per_px = 1.0 / ((a * a + d * d) ** 0.5)
    errors = []
    for x0, y0, x1, y1 in paths:
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        for (ex, ey), (sx, sy) in (((x0, cy), (1, 0)), ((x1, cy), (-1, 0)), ((cx, y0), (0, 1)), ((cx, y1), (0, -1))):
            wanted = px(ex, ey)
            measured = []
            for k in range(-2, 3):
                start = (round(wanted[0]) - sx * reach + (k if sy else 0), round(wanted[1]) - sy * reach + (k if sx else 0))
                inside = _edge(image, start, (sx, sy), 2 * reach)
                edge_px = (start[0] if sx == 1 else start[0] + 1) + sx * (2 * reach - inside) if sx else \
                          (start[1] if sy == 1 else start[1] + 1) + sy * (2 * reach - inside)
                measured.append(edge_px)
            along = wanted[0] if sx else wanted[1]
            errors.append(abs(sum(measured) / len(measured) - along) * mm_per_px)
    return errors


def _svg_paths(path: Path) -> tuple[tuple[float, float], list[tuple[float, float, float, float]]]:
    """((width, height) in mm, each closed path's bounding box in mm), read with svgelements."""
    from svgelements import SVG, Close
    from svgelements import Path as SvgPath

    text = path.read_text()
    assert 'width="' in text and 'mm"' in text.split("viewBox")[0]
    svg = SVG.parse(str(path), ppi=25.4)          # 25.4 px an inch: one unit a millimetre
    assert (svg.viewbox.x, svg.viewbox.y) == (0, 0)
    assert abs(svg.viewbox.width - svg.width) < 1e-3 and abs(svg.viewbox.height - svg.height) < 1e-3
    paths = [p for p in svg.elements() if isinstance(p, SvgPath)]
    assert all(isinstance(p.segments()[-1], Close) for p in paths)
    return (svg.width, svg.height), [p.bbox() for p in paths]


def _dxf_paths(path: Path, height: float) -> list[tuple[float, float, float, float]]:
    """Each closed LWPOLYLINE's bounding box in page mm (y down), read with ezdxf; corners are quarter-circle bulges."""
    import ezdxf

    doc = ezdxf.readfile(str(path))
    assert doc.header["$INSUNITS"] == 4
    boxes = []
    entities = list(doc.modelspace())
    assert all(entity.dxftype() == "LWPOLYLINE" for entity in entities)
    for entity in entities:
        assert entity.closed
        points = entity.get_points("xyb")
        assert {round(b, 4) for *_, b in points} <= {0.0, 0.4142}
        xs, ys = [p[0] for p in points], [height - p[1] for p in points]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


# every card and paper for the Silhouette (its decks are the other tests' too); for the others, each card
# on one paper, the two machines on opposite ones: every pair of cutter, card and paper is met
COMBINATIONS = [("silhouette", k, p) for k in ("poker", "tarot") for p in ("a4", "letter")] + [
    ("cricut", "poker", "letter"), ("cricut", "tarot", "a4"), ("scanncut", "poker", "a4"), ("scanncut", "tarot", "letter")]


@pytest.mark.needs("pdftoppm")
@pytest.mark.parametrize(("cutter", "card", "paper"), COMBINATIONS, ids=["-".join(c) for c in COMBINATIONS])
def test_every_cut_path_lies_on_its_printed_card(cutter: str, card: str, paper: str, root: Path) -> None:
    folder, written = _made(cutter, card, paper, root)
    cut = folder / "deck-cut-001.svg"
    (width, height), boxes = _svg_paths(cut)
    if cutter == "cricut":
        picture = Image.open(folder / "deck-sheet-001.png")
        assert picture.info["dpi"][0] == pytest.approx(300, abs=0.01)
        assert (picture.width <= 6.75 * 300 + 0.5 and picture.height <= 9.25 * 300 + 0.5) or \
            (picture.width <= 9.25 * 300 + 0.5 and picture.height <= 6.75 * 300 + 0.5)
        white = Image.new("RGBA", picture.size, "white")
        image = Image.alpha_composite(white, picture.convert("RGBA")).convert("RGB")
        k = picture.width / width                  # the image's frame is the registration Design Space uses
        assert picture.height / height == pytest.approx(k, rel=1e-6)
        to_px = ([k, 0.0, 0.0], [0.0, k, 0.0])
    else:
        image = _raster(folder / "deck.pdf")
        marks = _silhouette_marks(image, paper) if cutter == "silhouette" else _scanncut_marks(image, paper)
        to_px = _affine(marks)
        assert (width, height) == pytest.approx(_page(image, paper), abs=1e-3)
    assert boxes, "no cut path"
    errors = _edge_errors(image, boxes, to_px)
    assert max(errors) <= TOLERANCE, f"worst {max(errors):.3f} mm"
    if cutter == "silhouette":
        dxf = _dxf_paths(folder / "deck-cut-001.dxf", height)
        assert len(dxf) == len(boxes)
        assert [v for box in dxf for v in box] == pytest.approx([v for box in boxes for v in box], abs=2e-3)
    total = sum(len(_svg_paths(p)[1]) for p in written if p.suffix == ".svg")
    assert total == 9


@pytest.mark.needs("pdftoppm")
def test_a_printer_scale_moves_marks_and_cards_alike(root: Path) -> None:
    """A profile's scale draws the marks and cards larger together: through the marks the cut still fits."""
    folder, _ = _made("silhouette", "poker", "letter", root, (0.98, 1.015))
    image = _raster(folder / "deck.pdf")
    (_, _), boxes = _svg_paths(folder / "deck-cut-001.svg")
    to_px = _affine(_silhouette_marks(image, "letter"))
    assert to_px[0][0] == pytest.approx(PX / 0.98, rel=2e-3)       # the page really was drawn larger
    assert max(_edge_errors(image, boxes, to_px)) <= TOLERANCE


@pytest.mark.needs("pdftoppm")
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_card_ink_in_the_silhouette_keep_out_zones(paper: str, root: Path) -> None:
    """Nothing of a card within the square of (arm length + 1.5 mm) at each mark's corner."""
    folder, _ = _made("silhouette", "poker", paper, root)
    image = _raster(folder / "deck.pdf")
    svg_text = (folder / "deck-cut-001.svg").read_text()
    assert svg_text
    w, h = image.size
    dark = [_dark_box(image, box) for box in ((0, 0, _mm(30), _mm(30)), (w - _mm(30), 0, w, _mm(30)),
                                               (0, h - _mm(30), _mm(30), h))]
    length_px = dark[1][2] - dark[1][0] - 2                  # the top-right L's arm, outer edge to tip (less its fringe)
    zone = int(length_px + 1.5 * PX)                         # (the anti-aliased fringe pixels left out)
    for x0, y0, x1, y1 in ((dark[0][0], dark[0][1], dark[0][0] + zone, dark[0][1] + zone),
                           (dark[1][2] - zone, dark[1][1], dark[1][2], dark[1][1] + zone),
                           (dark[2][0], dark[2][3] - zone, dark[2][0] + zone, dark[2][3])):
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h, (x0, y0, x1, y1)
        # a pixel holds card colour when _colour(pixel) > 0.2: (max - min of its channels) over the card's
        window = image.crop((x0, y0, x1, y1)).split()
        spread = ImageChops.subtract(ImageChops.lighter(ImageChops.lighter(window[0], window[1]), window[2]),
                                     ImageChops.darker(ImageChops.darker(window[0], window[1]), window[2]))
        coloured = spread.point(lambda v: 255 if v / float(max(FILL) - min(FILL)) > 0.2 else 0).getbbox()
        assert not coloured, f"card ink in the keep-out zone {(x0, y0, x1, y1)}"


@pytest.mark.needs("pdftoppm")
def test_the_check_sees_a_cut_file_off_by_0_15_mm(root: Path) -> None:
    """The measurement is fine enough to fail: the same cut paths moved 0.15 mm right are caught."""
    folder, _ = _made("silhouette", "poker", "letter", root)
    image = _raster(folder / "deck.pdf")
    (_, _), boxes = _svg_paths(folder / "deck-cut-001.svg")
    moved = [(x0 + 0.15, y0, x1 + 0.15, y1) for x0, y0, x1, y1 in boxes]
    assert max(_edge_errors(image, moved, _affine(_silhouette_marks(image, "letter")))) > TOLERANCE
