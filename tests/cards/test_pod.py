"""`--format pod`: one image per card face at the printer's template size, bleed mirrored when short."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from PIL import Image as PILImage

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import LayoutError
from generator.publish import DeckOptions, plan_job
from generator.render.pod import PRESETS, pod_preset
from generator.scene.imposition import Card
from generator.scene.model import Rect


def _size(path):
    with PILImage.open(path) as im:
        return im.size, im.mode


_RUNS: dict[str, tuple[Path, int, str, str]] = {}       # preset -> (folder, exit code, stdout, stderr)


def _pod_run(preset: str, folder: Path) -> tuple[Path, int, str, str]:
    """`pnpgen cards example example --format pod --pod PRESET -o FOLDER`, once per session for each preset
    (the copies test below reads the mpc-poker run's files again rather than rendering them a third time)."""
    if preset not in _RUNS:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run_cli(cli, ["cards", "example", "example", "--format", "pod", "--pod", preset, "-o", str(folder)])
        _RUNS[preset] = folder, code, out.getvalue(), err.getvalue()
    return _RUNS[preset]


@pytest.fixture
def mpc_poker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder, code, _, _ = _pod_run("mpc-poker", tmp_path_factory.mktemp("mpc-poker"))
    assert code == 0
    return folder


@pytest.mark.parametrize(("preset", "size"), [("mpc-poker", (822, 1122)), ("tgc-poker", (825, 1125)),
                                             ("dtc-poker", (825, 1125))])
def test_each_face_is_exactly_the_template_size(tmp_path_factory, preset, size) -> None:
    tmp_path, code, out, err = _pod_run(preset, tmp_path_factory.mktemp(preset))
    assert code == 0
    fronts, backs = sorted(tmp_path.glob("example-front-*.png")), sorted(tmp_path.glob("example-back-*.png"))
    assert len(fronts) == len(backs) == 18 and len(out.splitlines()) == 36
    assert {_size(p) for p in fronts + backs} == {(size, "RGB")}
    # the example deck has 3 mm of bleed; these templates ask for a little more: said once
    assert err.count("mirrored") == 1 and f"{preset} asks for" in err


def test_pod_list_prints_the_presets_with_their_numbers(pnpgen) -> None:
    code, out, _ = pnpgen("cards", "--pod", "list")
    assert code == 0
    assert "mpc-poker    822x1122 px at 300 dpi, trim 63.5x88.9 mm" in out
    assert "tgc-poker    825x1125 px at 300 dpi" in out and "custom:WxH@DPI+BLEED" in out
    assert len(out.splitlines()) == len(PRESETS) + 1


def _framed(colour_edge: str, colour_inside: str, bleed: float) -> Card:
    """A card whose art runs `bleed` mm past the trim: an outer band and a different inside."""
    w, h = 63.5, 88.9
    front = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=colour_edge, stroke=None),
             Rect(1.0, 1.0, w - 2.0, h - 2.0, fill=colour_inside, stroke=None)]
    return Card(front, None, "framed")


def test_trim_sits_where_the_template_puts_it_and_missing_bleed_is_mirrored(tmp_path) -> None:
    # custom: 63.5 x 88.9 mm at 254 dpi (10 px a mm) with 5 mm of bleed: the art has only 2 mm
    opts = DeckOptions(format="pod", pod="custom:63.5x88.9@254+5", output=tmp_path, quiet=True)
    job = plan_job(opts, count=1, card_size=(63.5, 88.9), bleed=2.0, stem="c", has_backs=False)
    written = job.write([_framed("#000080", "#ffff00", 2.0)])
    with PILImage.open(written[0]) as im:
        assert im.size == (735, 989)
        row = [im.getpixel((x, 400)) for x in range(0, 90)]
    navy, yellow = (0, 0, 128), (255, 255, 0)
    # 5 mm bleed = 50 px, then 1 mm (10 px) of navy frame inside the trim, then yellow from 60
    assert row[55] == navy and row[65] == yellow
    # the 2 mm of drawn bleed (px 30..49) is navy, and the 30 px mirrored beyond it too (mirroring
    # the art's own edge: px 29 - k mirrors px 30 + k), never white
    assert all(p == navy for p in row[0:50])
    assert row[0] == row[59]                  # the mirror reaches into the frame: still navy
    assert yellow not in row[:58]


@pytest.mark.parametrize(("text", "message"), [
    ("kinkos", "unknown print-on-demand preset 'kinkos'"),
    ("custom:63.5x88.9@5+3", "dpi must be 30..1200"),
])
def test_bad_presets_are_refused(text, message) -> None:
    with pytest.raises(LayoutError, match=message):
        pod_preset(text)


def test_a_card_of_another_size_is_refused_not_scaled(pnpgen, tmp_path) -> None:
    code, _, err = pnpgen("cards", "example", "example", "--format", "pod", "--pod", "tgc-mini",
                          "-o", tmp_path)
    assert code == 2 and "tgc-mini prints 44.45x63.5 mm cards" in err
    assert not list(tmp_path.glob("*.png"))
    code, _, err = pnpgen("cards", "example", "example", "--format", "pod", "-o", tmp_path)
    assert code == 2 and "--format pod needs --pod PRESET" in err


def test_copies_reuse_the_bytes_and_runs_are_byte_identical(pnpgen, tmp_path, mpc_poker) -> None:
    a, b = mpc_poker, tmp_path / "b"      # a: the first test's run (the same command without -q)
    assert pnpgen("cards", "example", "example", "--format", "pod", "--pod", "mpc-poker", "-q", "-o", b)[0] == 0
    names = sorted(p.name for p in a.glob("*.png"))
    assert names == sorted(p.name for p in b.glob("*.png"))
    assert all((a / n).read_bytes() == (b / n).read_bytes() for n in names)
    backs = {(a / n).read_bytes() for n in names if "-back-" in n}
    assert len(backs) == 1                    # one shared back, 18 files of the same bytes


@pytest.mark.parametrize(("size", "preset", "pixels"), [("bridge", "tgc-bridge", (750, 1125)),
                                                      ("mini", "tgc-mini", (600, 825)),
                                                      ("tarot", "tgc-tarot", (900, 1500))])
def test_named_sizes_are_drawn_onto_the_printers_exact_pixels(pnpgen, write, tmp_path, size, preset, pixels) -> None:
    """pnpgen's bridge (57.2 mm), mini (44x63) and tarot (70x120) are the printers' inch cards rounded:
    the presets take them and write exactly the template's pixels, saying the card was fitted."""
    data = write("d.yaml", "- {name: A}\n")
    tmpl = write("t.yaml", f"card: {size}\nbleed: 3\nbackground: '#204080'\nfront:\n"
                           "  - {kind: rect, x: 0, y: 0, w: 10, h: 10, fill: '#ffffff'}\n")
    code, _, err = pnpgen("cards", data, tmpl, "--format", "pod", "--pod", preset, "-o", tmp_path / "out")
    assert code == 0, err
    assert f"drawn onto {preset}'s" in err
    (png,) = (tmp_path / "out").glob("*.png")
    with PILImage.open(png) as im:
        assert im.size == pixels
        # the white square at the card's top-left corner starts at the trim (3.175 mm = 37.5 px)
        row = [im.getpixel((x, 80)) for x in range(30, 46)]
    assert row[0] == (32, 64, 128) and row[-1] == (255, 255, 255)


def test_missing_bleed_is_mirrored_at_the_arts_exact_edge() -> None:
    """The art's edge falls inside a pixel: the mirrored strip is symmetric about that edge, not
    about the next whole pixel (the old 1 px inside). A red band at the art's edge, navy elsewhere:
    the red's centroid is the art edge, within a twentieth of a pixel."""
    from generator.publish.formats.pod import render_face
    from generator.scene.model import Rect

    w, h = 63.5, 88.9
    items = [Rect(-3, -3, w + 6, h + 6, fill="#000080", stroke=None),
             Rect(-3, -3, 1.0, h + 6, fill="#ff0000", stroke=None)]
    preset = pod_preset("custom:63.5x88.9@300+5")
    with PILImage.open(io.BytesIO(render_face(items, preset, (w, h), 3.0))) as im:
        red = [im.getpixel((x, 500))[0] / 255 for x in range(60)]
    centroid = sum((x + 0.5) * r for x, r in enumerate(red)) / sum(red)
    edge = (preset.bleed[0] - 3) / 25.4 * 300       # 23.57 px from the image's edge
    assert centroid == pytest.approx(edge, abs=0.05)
