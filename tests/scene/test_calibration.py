"""The calibration sheet read the way its instructions say, with a simulated printer error: the
numbers read are the --offset that puts the backs back in place."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from scene_helpers import leaves, line_boxes, make_cards, marker_slots

from generator.scene import calibration as cal
from generator.scene.imposition import SheetSpec, calibration_pages, impose, paper_size
from generator.scene.model import Text, apply


def _flip(spec):
    w, h = paper_size(spec.paper, bool(spec.landscape))
    long_vertical = h >= w
    return w, h, ("x" if (spec.duplex == "long") == long_vertical else "y")


def _seen_from_front(spec, x, y, error):
    """Where a point drawn at (x, y) on the back page lands, seen from the front, if the printer
    puts the back `error` (dx, dy) mm off (in the back page's own coordinates)."""
    w, h, axis = _flip(spec)
    x, y = x + error[0], y + error[1]
    return (w - x, y) if axis == "x" else (x, h - y)


def _scale(front, axis):
    """value(position) of the front scale along axis, fitted from its printed labels."""
    labels = []
    for item, m in leaves(front.items):
        if isinstance(item, Text) and item.text.replace("\u2212", "-").lstrip("+-").isdigit():
            cx, cy = apply(m, item.x + item.w / 2, item.y + item.h / 2)
            labels.append((cx, cy, int(item.text.replace("\u2212", "-"))))
    # the X scale's labels share a y; the Y scale's share an x
    key = 1 if axis == "x" else 0
    rows: dict[float, list] = {}
    for lab in labels:
        rows.setdefault(round(lab[key], 1), []).append(lab)
    line = max(rows.values(), key=len)
    assert len(line) == 5                              # -10, -5, 0, 5, 10
    pos = [lab[1 - key] for lab in line]
    vals = [lab[2] for lab in line]
    slope = (vals[-1] - vals[0]) / (pos[-1] - pos[0])
    zero = pos[vals.index(0)]
    assert abs(slope) == pytest.approx(1.0)           # one unit per millimetre: no scaling
    return lambda p: slope * (p - zero)


def _pointer_and_vernier(back, spec, axis, error):
    """Front-side positions of the back's pointer and of its vernier ticks, along axis."""
    pointers, ticks = [], []
    for x0, y0, x1, y1, stroke in line_boxes(back):
        a = _seen_from_front(spec, x0, y0, error)
        b = _seen_from_front(spec, x1, y1, error)
        along_x = abs(a[0] - b[0]) < 1e-9           # a vertical line marks an x position
        if (axis == "x") != along_x:
            continue
        p = a[0] if axis == "x" else a[1]
        if stroke == cal.POINTER_STROKE:
            pointers.append(p)
        elif stroke == cal.VERNIER_STROKE:
            ticks.append(p)
    return pointers, ticks


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("landscape", [False, True])
@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("error", [(0.0, 0.0), (1.5, -2.0), (-2.3, 0.7), (3.0, 4.1)])
def test_the_scales_read_the_offset_that_cancels_the_printer_error(paper, landscape, duplex,
                                                                    error) -> None:
    spec = SheetSpec(paper=paper, duplex=duplex, landscape=landscape)
    front, back = calibration_pages(spec)
    for axis, err in (("x", error[0]), ("y", error[1])):
        value = _scale(front, axis)
        pointers, ticks = _pointer_and_vernier(back, spec, axis, error)
        pointer = [p for p in pointers if abs(value(p) + err) < 5]   # the pointer crossing this scale
        assert len(pointer) == 1
        coarse = value(pointer[0])
        assert coarse == pytest.approx(-err, abs=1e-9)              # the offset to pass: minus the error
        # the fine reading, as the instructions say: whole number below, plus tenths counted
        assert len(ticks) == 10
        steps = sorted(value(t) - coarse for t in ticks)
        assert steps == pytest.approx([0.9 * i for i in range(1, 11)])
        whole = math.floor(coarse + 1e-9)
        best = min(range(11), key=lambda i: abs((coarse + 0.9 * i) - round(coarse + 0.9 * i)))
        assert whole + best / 10 == pytest.approx(round(-err, 1), abs=1e-6)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("landscape", [False, True])
def test_passing_the_reading_as_offset_puts_backs_behind_fronts(duplex, landscape) -> None:
    error = (1.2, -0.8)
    spec = SheetSpec(paper="a4", duplex=duplex, landscape=landscape)
    front, back = calibration_pages(spec)
    reading = []
    for axis in ("x", "y"):
        value = _scale(front, axis)
        pointers, _ = _pointer_and_vernier(back, spec, axis, error)
        reading.append(next(value(p) for p in pointers if abs(value(p)) < 10))
    fixed = SheetSpec(paper="a4", duplex=duplex, offset=tuple(reading), landscape=landscape)
    pages = impose(make_cards(8), fixed, title="t", source="")
    fronts = {c[3:]: p[:2] for c, p in marker_slots(pages[0]).items()}
    backs = {c[3:]: p[:2] for c, p in marker_slots(pages[1]).items()}
    _w, _h, axis = _flip(spec)
    assert set(fronts) == set(backs) and len(fronts) == 8
    for key, (x, y) in backs.items():
        # each back card's trim, printed with the error and seen from the front, covers its front
        bx, by = x, y
        corner = (bx + 63.5, by) if axis == "x" else (bx, by + 88.9)
        seen = _seen_from_front(spec, *corner, error)
        assert seen == pytest.approx(fronts[key], abs=1e-9)


def test_calibration_pages_keep_to_the_margins() -> None:
    for spec in (SheetSpec(paper="a4"), SheetSpec(paper="letter", duplex="short")):
        w, h = paper_size(spec.paper)
        for page in calibration_pages(spec):
            for x0, y0, x1, y1, _ in line_boxes(page):
                assert 5.0 - 1e-9 <= x0 and x1 <= w - 5.0 + 1e-9
                assert 5.0 - 1e-9 <= y0 and y1 <= h - 5.0 + 1e-9


def test_calibrate_command_writes_a_two_page_pdf_and_refuses_to_overwrite(tmp_path) -> None:
    pytest.importorskip("generator.render")
    from pypdf import PdfReader

    from generator.cli import cli

    target = tmp_path / "cal.pdf"
    runner = CliRunner()
    result = runner.invoke(cli, ["calibrate", "--paper", "letter", "--duplex", "short",
                                 "--orientation", "portrait", "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert str(target) in result.output
    reader = PdfReader(str(target))
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.height) == pytest.approx(792.0)
    assert "SHORT edge" in reader.pages[0].extract_text()
    result = runner.invoke(cli, ["calibrate", "--orientation", "landscape", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    made = tmp_path / "calibration-a4-landscape-long.pdf"
    assert float(PdfReader(str(made)).pages[0].mediabox.width) == pytest.approx(841.89, abs=0.01)
    before = target.read_bytes()
    from generator.cli.common import run_cli
    assert run_cli(cli, ["calibrate", "-o", str(target)]) == 2
    assert target.read_bytes() == before
    assert run_cli(cli, ["calibrate", "-o", str(target), "--force"]) == 0


def test_kit_part_writes_the_calibration_sheet(tmp_path) -> None:
    pytest.importorskip("generator.render")
    from generator.cards.cli.calibrate import kit_part

    made = kit_part(tmp_path, 1, "letter", False)
    assert [p.name for p, _ in made] == ["calibration.pdf"]
    assert made[0][0].read_bytes().startswith(b"%PDF")
    assert "offset" in made[0][1]
