"""The --cutter formats: the files each machine gets, the cut files read back (svgelements, ezdxf), the command line and calibrate."""

from __future__ import annotations

import math
from pathlib import Path

import ezdxf
import pytest
from click.testing import CliRunner
from PIL import Image
from svgelements import SVG, Arc, Close
from svgelements import Path as SvgPath

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import LayoutError
from generator.publish import DeckOptions, plan_job
from generator.publish.cutters import CUTTER_FORMATS, CUTTERS
from generator.publish.cutters.cutfile import BULGE, cut_dxf, cut_svg, dxf_points
from generator.scene.cutmarks import CUTTERS as SCENE_CUTTERS
from generator.scene.cutting import Outline
from generator.scene.imposition import Card
from generator.scene.model import Rect

POKER = (63.5, 88.9)


def _cards(count: int, backs: bool = False) -> list[Card]:
    return [Card([Rect(-3, -3, 69.5, 94.9, fill="#3060a0", stroke=None)],
                 [Rect(-3, -3, 69.5, 94.9, fill="#202020", stroke=None)] if backs else None) for _ in range(count)]


def test_one_module_per_cutter_and_the_scene_knows_the_same_names() -> None:
    modules = {p.stem for p in (Path(__file__).parents[2] / "generator/publish/cutters").glob("*.py")}
    assert set(CUTTERS) <= modules
    assert CUTTERS == SCENE_CUTTERS
    assert all(fmt.name == name for name, fmt in CUTTER_FORMATS.items())


def test_the_svg_is_in_mm_with_one_closed_rounded_path_per_card(tmp_path: Path) -> None:
    outlines = [Outline(10, 20, 63.5, 88.9, 3.0), Outline(80, 20, 63.5, 88.9, 0.0)]
    path = tmp_path / "cut.svg"
    path.write_bytes(cut_svg(outlines, 210, 297, "deck & co"))
    text = path.read_text()
    assert 'width="210mm" height="297mm" viewBox="0 0 210 297"' in text
    svg = SVG.parse(str(path), ppi=25.4)
    paths = [e for e in svg.elements() if isinstance(e, SvgPath)]
    assert len(paths) == 2
    assert all(isinstance(p.segments()[-1], Close) for p in paths)
    assert sum(isinstance(s, Arc) for s in paths[0].segments()) == 4
    assert paths[0].bbox() == pytest.approx((10, 20, 73.5, 108.9), abs=1e-3)
    # the rounded path's length: the straight sides plus one whole circle
    assert paths[0].length() == pytest.approx(2 * (63.5 + 88.9) - 8 * 3 + 2 * math.pi * 3, rel=1e-4)


def test_the_dxf_is_one_closed_lwpolyline_per_card_in_mm_and_the_same_every_run(tmp_path: Path) -> None:
    outlines = [Outline(10, 20, 63.5, 88.9, 3.0), Outline(80, 20, 63.5, 88.9, 0.0)]
    blob = cut_dxf(outlines, 210, 297)
    assert blob == cut_dxf(outlines, 210, 297)
    path = tmp_path / "cut.dxf"
    path.write_bytes(blob)
    doc = ezdxf.readfile(str(path))
    assert doc.header["$INSUNITS"] == 4 and doc.units == 4
    polylines = list(doc.modelspace().query("LWPOLYLINE"))
    assert len(polylines) == len(list(doc.modelspace())) == 2
    rounded, square = polylines
    assert rounded.closed and square.closed
    bulges = [b for *_, b in rounded.get_points("xyb")]
    assert bulges.count(0.0) == 4 and [b for b in bulges if b] == pytest.approx([BULGE] * 4)
    assert BULGE == pytest.approx(math.tan(math.radians(22.5)))
    assert len(square.get_points()) == 4
    # y up from the sheet's bottom: the card 20 mm below the top edge spans 297-108.9 .. 297-20
    ys = [p[1] for p in dxf_points(outlines[1], 297)]
    assert (min(ys), max(ys)) == pytest.approx((297 - 108.9, 277))


@pytest.mark.parametrize(("cutter", "files"), [
    ("silhouette", ["deck.pdf", "deck-cut-001.svg", "deck-cut-001.dxf", "deck-cut-002.svg", "deck-cut-002.dxf"]),
    ("scanncut", ["deck.pdf", "deck-cut-001.svg", "deck-cut-002.svg"]),
    ("cricut", ["deck-sheet-001.png", "deck-cut-001.svg", "deck-sheet-002.png", "deck-cut-002.svg",
                "deck-sheet-003.png", "deck-cut-003.svg"]),
])
def test_each_cutter_names_its_files_before_drawing_and_writes_them(cutter: str, files: list[str], tmp_path: Path) -> None:
    opts = DeckOptions(cutter=cutter, paper="a4", output=tmp_path / "deck.pdf" if cutter != "cricut" else tmp_path,
                       duplex=None, quiet=True)
    job = plan_job(opts, count=9, card_size=POKER, bleed=3.0, stem="deck", has_backs=False)
    assert [p.name for p in job.targets] == files
    assert job.bleed == (0.0 if cutter == "cricut" else 0.625)      # the bleed a blade needs, not the template's 3 mm
    assert [p.name for p in job.write(_cards(9))] == files
    if cutter == "cricut":
        with Image.open(tmp_path / "deck-sheet-001.png") as image:
            assert image.mode == "RGBA" and image.info["dpi"][0] == pytest.approx(300, abs=0.01)
            assert image.getpixel((0, 0))[3] == 0                          # a rounded corner: transparent
            assert image.getpixel((image.width // 4, image.height // 4))[3] == 255


def test_an_existing_cut_file_is_refused_before_drawing(tmp_path: Path) -> None:
    (tmp_path / "deck-cut-001.dxf").write_text("mine")
    opts = DeckOptions(cutter="silhouette", output=tmp_path / "deck.pdf", duplex=None)
    with pytest.raises(Exception, match="exists"):
        plan_job(opts, count=3, card_size=POKER, bleed=1.0, stem="deck", has_backs=False)
    assert (tmp_path / "deck-cut-001.dxf").read_text() == "mine"


def test_a_given_bleed_is_kept_and_the_gap_follows_it(tmp_path: Path) -> None:
    opts = DeckOptions(cutter="scanncut", output=tmp_path / "deck.pdf", duplex=None, bleed=2.0)
    job = plan_job(opts, count=2, card_size=POKER, bleed=3.0, stem="deck", has_backs=False)
    assert job.bleed == 2.0


def test_cutter_refuses_another_format_and_a_gutter_fold() -> None:
    with pytest.raises(LayoutError, match="leave out --format png"):
        plan_job(DeckOptions(cutter="cricut", format="png"), count=1, card_size=POKER, bleed=0, stem="x")
    with pytest.raises(LayoutError, match="gutter"):
        plan_job(DeckOptions(cutter="silhouette", gutter_fold=True, duplex="long"), count=1, card_size=POKER, bleed=0, stem="x")


def test_the_command_line_writes_a_silhouette_deck_with_backs(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["cards", "example", "example", "--cutter", "Silhouette", "--paper", "letter",
                                      "--corner-radius", "2.5", "-o", str(tmp_path / "deck.pdf"), "-q"])
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "deck-cut-001.svg").read_text()
    assert "A2.5 2.5 0 0 1" in svg
    from pypdf import PdfReader

    reader = PdfReader(tmp_path / "deck.pdf")
    assert len(reader.pages) % 2 == 0                 # fronts and the backs behind them
    assert float(reader.pages[0].mediabox.width) == pytest.approx(279.4 / 25.4 * 72, abs=0.01)   # landscape letter


def test_the_command_line_refuses_a_cutter_with_another_format_in_one_line(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code = run_cli(cli, ["cards", "example", "example", "--cutter", "cricut", "--format", "svg", "-o", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().count("\n") == 0 and "--cutter" in err and "Traceback" not in err
    assert not list(tmp_path.iterdir())


def test_every_deck_command_offers_the_cutter_options() -> None:
    for args in (["cards", "--help"], ["images", "--help"], ["codenames", "keys", "--help"], ["calibrate", "--help"]):
        result = CliRunner().invoke(cli, args)
        assert "--cutter" in result.output, args
    assert "--corner-radius" in CliRunner().invoke(cli, ["images", "--help"]).output


@pytest.mark.parametrize("cutter", ["silhouette", "cricut", "scanncut"])
def test_calibrate_writes_a_cut_test_sheet(cutter: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["calibrate", "--cutter", cutter, "--paper", "a4", "-o", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    svgs = sorted(tmp_path.glob("*-cut-001.svg"))
    assert len(svgs) == 1
    paths = [e for e in SVG.parse(str(svgs[0]), ppi=25.4).elements() if isinstance(e, SvgPath)]
    assert len(paths) >= 4                                          # a whole sheet of test cards
    printed = list(tmp_path.glob("*.pdf")) + list(tmp_path.glob("*-sheet-001.png"))
    assert len(printed) == 1
