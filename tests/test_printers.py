"""Printer profiles: calibrate --save/--list, --printer on a deck (offset, scale, footer, warning)."""

from __future__ import annotations

import io
import tomllib

import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.cli.common import run_cli
from generator.publish.printers import Printer, dump_profiles, load_profiles


@pytest.fixture
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("PNPGEN_CONFIG_DIR", str(folder))
    return folder


def test_save_writes_a_toml_profile_that_list_shows(config, capsys) -> None:
    assert run_cli(cli, ["calibrate", "--save", "office", "--offset", "1.2,-0.5",
                         "--scale", "0.995,1.002", "--paper", "letter", "--orientation", "portrait"]) == 0
    data = tomllib.loads((config / "printers.toml").read_text(encoding="utf-8"))
    assert data["printers"]["office"] == {"offset": [1.2, -0.5], "scale": [0.995, 1.002],
                                          "paper": "letter", "orientation": "portrait", "duplex": "long"}
    assert run_cli(cli, ["calibrate", "--save", "home", "--offset", "0,0.25"]) == 0
    capsys.readouterr()
    assert run_cli(cli, ["calibrate", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("home: offset 0,0.25 mm") and "a4 portrait, long-edge flip" in lines[0]
    assert lines[1].startswith("office: offset 1.2,-0.5 mm  scale 0.995,1.002")


def test_the_writer_round_trips_through_tomllib(tmp_path) -> None:
    profiles = {"b-2": Printer("b-2", (-3.0, 0.1), (1.0, 0.99), "letter", "landscape", "short"),
                "a_1": Printer("a_1")}
    path = tmp_path / "p.toml"
    path.write_text(dump_profiles(profiles), encoding="utf-8")
    assert load_profiles(path) == profiles


@pytest.mark.parametrize(("args", "message"), [
    (["--save", "bad name", "--offset", "1,1"], "printer name 'bad name'"),
    (["--save", "x", "--offset", "1,1", "--scale", "0.5,1"], "outside 0.9..1.1"),
])
def test_bad_profiles_are_one_line_errors(config, capsys, args, message) -> None:
    assert run_cli(cli, ["calibrate", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (config / "printers.toml").exists()


def test_printer_applies_its_offset_and_scale_and_the_footer_names_it(config, tmp_path) -> None:
    assert run_cli(cli, ["calibrate", "--save", "office", "--offset", "1,-0.5", "--scale", "0.98,1",
                         "-q"]) == 0
    plain, profiled = tmp_path / "plain.pdf", tmp_path / "office.pdf"
    assert run_cli(cli, ["cards", "example", "example", "-q", "-o", str(plain)]) == 0
    assert run_cli(cli, ["cards", "example", "example", "-q", "--printer", "office",
                         "-o", str(profiled)]) == 0
    a, b = PdfReader(str(plain)), PdfReader(str(profiled))
    text = b.pages[1].extract_text()
    assert "printer office" in text and "backs moved +1, -0.5 mm" in text
    assert "printer office" not in a.pages[1].extract_text()
    # the trim box of the backs: moved by the offset, then drawn 1/0.98 wider about the centre
    ta, tb = a.pages[1].trimbox, b.pages[1].trimbox
    assert float(tb.width) == pytest.approx(float(ta.width) / 0.98, abs=0.01)
    assert float(tb.height) == pytest.approx(float(ta.height), abs=0.01)
    centre = 595.276 / 2
    moved_left = float(ta.left) + 1.0 * 72 / 25.4
    assert float(tb.left) == pytest.approx(centre + (moved_left - centre) / 0.98, abs=0.01)


def test_a_profile_measured_in_another_orientation_is_warned_about(config, tmp_path, capsys) -> None:
    assert run_cli(cli, ["calibrate", "--save", "p", "--offset", "1,0", "--orientation", "portrait",
                         "--paper", "letter", "-q"]) == 0
    out = tmp_path / "d.pdf"
    # auto orientation on letter lays poker cards out landscape
    assert run_cli(cli, ["cards", "example", "example", "-q", "--paper", "letter", "--printer", "p",
                         "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "warning: printer p: its offset was measured for orientation portrait" in err
    assert run_cli(cli, ["cards", "example", "example", "-q", "--paper", "letter", "--printer", "p",
                         "--orientation", "portrait", "-o", str(tmp_path / "e.pdf")]) == 0
    assert "warning: printer" not in capsys.readouterr().err


def test_an_unknown_printer_names_the_saved_ones(config, capsys) -> None:
    assert run_cli(cli, ["calibrate", "--save", "home", "--offset", "0,1", "-q"]) == 0
    assert run_cli(cli, ["cards", "example", "example", "--printer", "work"]) == 2
    assert "no printer profile 'work' (saved: home;" in capsys.readouterr().err


def test_calibrate_auto_takes_the_orientation_a_deck_would(tmp_path) -> None:
    assert run_cli(cli, ["calibrate", "--paper", "letter", "-o", str(tmp_path), "-q"]) == 0
    made = tmp_path / "calibration-letter-landscape-long.pdf"
    reader = PdfReader(io.BytesIO(made.read_bytes()))
    assert float(reader.pages[0].mediabox.width) == pytest.approx(792, abs=0.01)
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipLongEdge"


def test_offset_without_save_is_a_usage_error(config, capsys) -> None:
    assert run_cli(cli, ["calibrate", "--offset", "1,0"]) == 2
    assert "add --save NAME" in capsys.readouterr().err
