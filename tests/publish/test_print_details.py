"""The print details of issue 35, each read back from what is written: the Cricut image keeps the whole card
under a cut inset; Cricut sheet widths against Print Then Cut's 6.75 in; cutter sheets name the flip; ScanNCut
sheets carry the 50 mm scale bar."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from generator.publish import DeckOptions, plan_job
from generator.scene.imposition import Card
from generator.scene.model import Rect

POKER = (63.5, 88.9)


def cards(count: int, backs: bool = False) -> list[Card]:
    return [Card([Rect(-3, -3, 69.5, 94.9, fill="#3060a0", stroke=None)],
                 [Rect(-3, -3, 69.5, 94.9, fill="#202020", stroke=None)] if backs else None) for _ in range(count)]


def test_cricut_with_a_cut_inset_prints_the_whole_card(tmp_path: Path) -> None:
    """--cut-inset 0.51 and no bleed: the card prints 63.5 mm wide (it was cropped to the 62.48 mm cut)."""
    opts = DeckOptions(cutter="cricut", output=tmp_path, duplex=None, quiet=True, cut_inset=0.51)
    job = plan_job(opts, count=1, card_size=POKER, bleed=3.0, stem="deck", has_backs=False)
    job.write(cards(1))
    with Image.open(tmp_path / "deck-sheet-001.png") as image:
        alpha = image.getchannel("A")
        middle = round(POKER[1] / 2 / 25.4 * 300)            # across the first card's middle
        row = [alpha.getpixel((x, middle)) for x in range(image.width // 2)]
    opaque = [x for x, a in enumerate(row) if a > 127]
    width_mm = (opaque[-1] - opaque[0] + 1) * 25.4 / 300
    assert width_mm == pytest.approx(63.5, abs=25.4 / 300 * 1.01)
    svg = (tmp_path / "deck-cut-001.svg").read_text()
    assert 'd="M3.52 0.52H60A3 3 0 0 1 63 3.52' in svg      # the cut itself stays at the inset (0.52 to 63)


def _flat(items: object, matrix: tuple[float, ...] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)) -> list[tuple[object, tuple]]:
    from generator.scene.model import Group, compose

    found: list[tuple[object, tuple]] = []
    for item in items:  # type: ignore[attr-defined]
        if isinstance(item, Group):
            found += _flat(item.items, compose(matrix, item.transform))
        else:
            found.append((item, matrix))
    return found


@pytest.mark.parametrize("cutter", ["silhouette", "scanncut"])
@pytest.mark.parametrize(("duplex", "words"), [("long", "long-edge flip"), ("short", "short-edge flip"),
                                               (None, "fronts only")])
def test_cutter_sheets_name_the_flip_and_carry_the_50_mm_scale_bar(cutter: str, duplex: str | None,
                                                                  words: str) -> None:
    from generator.scene.cutpages import cut_pages
    from generator.scene.cutting import CutSpec, plan_cut_sheet
    from generator.scene.model import Line, Text

    sheet = plan_cut_sheet(CutSpec(cutter, "a4", None, POKER))
    pages = cut_pages(cards(sheet.per_sheet, backs=True), sheet, duplex=duplex, title="deck", source="d.csv")
    assert len(pages) == (2 if duplex else 1)
    for page in pages:
        flat = _flat(page.items)
        footer = [item for item, _ in flat if isinstance(item, Text) and "page" in item.text]
        assert len(footer) == 1 and words in footer[0].text
        lines = [(item, m) for item, m in flat if isinstance(item, Line) and item.y1 == item.y2]
        bar = [m[0] * (item.x2 - item.x1) for item, m in lines]         # the ruler's baseline, in page mm
        assert any(abs(length - 50.0) < 1e-6 for length in bar), cutter


@pytest.mark.parametrize("orientation", [None, True, False])
def test_cricut_images_are_never_wider_than_print_then_cuts_6_75_in(orientation: bool | None) -> None:
    from generator.scene.cutting import CRICUT_AREA, CutSpec, plan_cut_sheet
    from generator.scene.papers import CARD_SIZES

    for name, size in CARD_SIZES.items():
        for bleed in (0.0, 0.625, 3.0):
            sheet = plan_cut_sheet(CutSpec("cricut", "a4", orientation, size, bleed))
            assert sheet.width <= CRICUT_AREA[0] + 1e-9 and sheet.height <= CRICUT_AREA[1] + 1e-9, (name, bleed)
    tarot = plan_cut_sheet(CutSpec("cricut", "a4", None, CARD_SIZES["tarot"], 0.0))
    mini = plan_cut_sheet(CutSpec("cricut", "a4", None, CARD_SIZES["mini"], 0.0))
    assert (tarot.cols, tarot.rows, mini.cols, mini.rows) == (2, 1, 3, 3)


def test_the_cutting_guide_gives_tarot_its_70_x_120_size_and_the_cricut_sheet_it_gets() -> None:
    from generator.scene.cutting import CutSpec, plan_cut_sheet
    from generator.scene.papers import CARD_SIZES

    doc = (Path(__file__).resolve().parents[2] / "docs" / "cutting.md").read_text(encoding="utf-8")
    row = next(line for line in doc.splitlines() if line.startswith("| tarot"))
    w, h = CARD_SIZES["tarot"]
    assert f"tarot ({w:g} x {h:g})" in row and "69.85" not in row
    sheet = plan_cut_sheet(CutSpec("cricut", "a4", None, (w, h), 0.0))
    assert f"{sheet.cols * sheet.rows} ({sheet.cols} x {sheet.rows}), {sheet.width / 25.4:.2f} x " \
           f"{sheet.height / 25.4:.2f} in" in row


def _square_px(png: bytes, colour: tuple[int, int, int]) -> tuple[int, int]:
    import io

    with Image.open(io.BytesIO(png)) as image:
        rgb = image.convert("RGB")
    r, g, b = (band.point(lambda v, c=c: 255 if abs(v - c) < 20 else 0) for band, c in zip(rgb.split(), colour,
                                                                                          strict=True))
    from PIL import ImageChops

    mask = ImageChops.multiply(ImageChops.multiply(r, g), b)
    x0, y0, x1, y1 = mask.getbbox() or (0, 0, 0, 0)
    return x1 - x0, y1 - y0


@pytest.mark.parametrize(("preset", "card"), [("tgc-tarot", (70.0, 120.0)), ("tgc-mini", (44.0, 63.0)),
                                              ("tgc-bridge", (57.2, 88.9))])
def test_a_named_size_fitted_to_a_printers_trim_keeps_its_proportions_within_a_quarter_percent(
        preset: str, card: tuple[float, float]) -> None:
    """pnpgen's tarot (70x120) on tgc-tarot (69.85x120.65) was stretched 0.76 %; now within 0.25 %."""
    from generator.publish.formats.pod import render_face
    from generator.render.pod import PRESETS, face_fit

    w, h = card
    side = min(w, h) - 6.0
    items = [Rect(-3, -3, w + 6, h + 6, fill="#ffffff", stroke=None),
             Rect((w - side) / 2, (h - side) / 2, side, side, fill="#ff0000", stroke=None)]
    sx, sy, _, _ = face_fit(card, PRESETS[preset].trim, PRESETS[preset].bleed)
    assert max(sx, sy) / min(sx, sy) - 1 <= 0.0025 + 1e-12
    across, down = _square_px(render_face(items, PRESETS[preset], card, 3.0), (255, 0, 0))
    assert across / down == pytest.approx(1.0, abs=0.0025 + 2.0 / across)


def test_check_with_a_pod_preset_checks_the_printers_eighth_inch_safe_area(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Text 3.02 mm inside the cut: within the template's 3 mm, outside The Game Crafter's 1/8 in (3.175 mm)."""
    from generator.cli import cli
    from generator.cli.common import run_cli

    (tmp_path / "cards.csv").write_text("name\nHello\n", encoding="utf-8")
    (tmp_path / "layout.yaml").write_text(
        "name: t\ncard: poker\nbleed: 3\nsafe: 3\nfront:\n"
        "  - {id: name, kind: text, x: 3.02, y: 10, w: 40, h: 8, text: '{name}', size: 10}\n", encoding="utf-8")
    args = ["cards", str(tmp_path / "cards.csv"), str(tmp_path / "layout.yaml"), "--check"]
    assert run_cli(cli, args) == 0
    assert "safe area" not in capsys.readouterr().out
    for preset, warned in (("tgc-poker", True), ("dtc-poker", True), ("mpc-poker", False)):
        assert run_cli(cli, [*args, "--format", "pod", "--pod", preset]) == 0
        out = capsys.readouterr().out
        assert ("outside the safe area (3.175 mm inside the cut)" in out) == warned, (preset, out)


def test_the_offset_refusal_offers_only_offsets_it_accepts() -> None:
    """The range a refused --offset names is within --offset's own ±20 mm and each end shown is accepted
    (it offered ranges past 20 mm on Letter, and rounded to 0.1 mm either way)."""
    import re
    from dataclasses import replace

    from generator.core.errors import LayoutError
    from generator.scene.layout import OFFSET_MAX, SheetSpec, check_offset, plan_sheet, shown_range

    assert shown_range(-25.3, 31.04) == ("-20", "20")
    assert shown_range(-3.046, 3.046) == ("-3.04", "3.04") and shown_range(-5.05, 7.559) == ("-5.05", "7.55")
    refused = 0
    for paper in ("letter", "a4", "a5", "legal"):
        for card in ((63.5, 88.9), (44.0, 63.0), (20.0, 20.0), (70.0, 120.0)):
            for bleed in (0.0, 3.0):
                for push in ((19.99, 0.0), (0.0, -19.99)):
                    spec = SheetSpec(paper, None, card, bleed, offset=push)
                    plan = plan_sheet(spec)
                    try:
                        check_offset(plan, spec)
                        continue
                    except LayoutError as err:
                        message = err.message
                    numbers = re.search(r"X from (\S+) to (\S+) and Y from (\S+) to (\S+) mm", message)
                    refused += 1
                    assert numbers, message
                    xl, xh, yl, yh = (float(v) for v in numbers.groups())
                    assert all(abs(v) <= OFFSET_MAX for v in (xl, xh, yl, yh))
                    for corner in ((xl, yl), (xh, yh), (xl, yh), (xh, yl)):
                        check_offset(plan, replace(spec, offset=corner))       # accepted
    assert refused > 10
