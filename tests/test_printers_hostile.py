"""printers.toml against hand edits (issue 25): errors name the file and the key; --list flags a bad
profile and lists the good ones; --save refuses what it could not read back."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import DataError, LayoutError
from generator.publish.printers import Printer, check_printer, load_profiles, save_profile


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PNPGEN_CONFIG_DIR", str(tmp_path / "cfg"))
    (tmp_path / "cfg").mkdir()
    return tmp_path / "cfg" / "printers.toml"


@pytest.mark.parametrize(("text", "key"), [
    ("[printers.office]\noffset = [nan, 0.0]\n", "printers.office.offset"),
    ("[printers.office]\noffset = [1.0, inf]\n", "printers.office.offset"),
    ("[printers.office]\noffset = [true, 1]\n", "printers.office.offset"),
    ("[printers.office]\noffset = [30.0, 0]\n", "printers.office.offset"),
    ("[printers.office]\nscale = [0.5, 1.0]\n", "printers.office.scale"),
    ('[printers."../x"]\noffset = [1.0, 0.0]\n', 'printers."../x"'),
    ('[printers."a b"]\n', 'printers."a b"'),
])
def test_a_bad_profile_names_the_file_and_key(config: Path, text: str, key: str) -> None:
    config.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_profiles()
    assert str(caught.value).startswith(f"{config}: {key}: ")
    problems: list[str] = []
    assert load_profiles(problems=problems) == {} and len(problems) == 1 and key in problems[0]


def test_list_flags_the_bad_and_lists_the_good(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config.write_text('[printers."../../x"]\noffset = [1.0, 0.0]\n\n[printers.good]\noffset = [0.5, -0.5]\n',
                      encoding="utf-8")
    assert run_cli(cli, ["calibrate", "--list"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("good: offset 0.5,-0.5 mm") and 'printers."../../x"' in err and "ignored" in err


def test_a_nan_profile_in_use_is_named_not_the_template(config: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    config.write_text("[printers.office]\noffset = [nan, 0.0]\n", encoding="utf-8")
    assert run_cli(cli, ["cards", "example", "example", "--printer", "office", "-o", str(tmp_path / "o.pdf")]) == 2
    err = capsys.readouterr().err
    assert err == f"pnpgen: error: {config}: printers.office.offset: must be two finite numbers, not [nan, 0.0]\n"
    assert not (tmp_path / "o.pdf").exists()


@given(st.text(max_size=50), st.floats(allow_nan=True, allow_infinity=True), st.floats(-19.9, 19.9))
def test_save_refuses_what_it_could_not_read_back(name: str, x: float, y: float) -> None:
    printer = Printer(name, (x, y))
    from generator.publish.printers import NAME_RE

    good = bool(NAME_RE.match(name)) and math.isfinite(x) and abs(x) <= 20
    if good:
        check_printer(printer)
    else:
        with pytest.raises(LayoutError):
            check_printer(printer)


def test_saved_profiles_read_back(config: Path) -> None:
    save_profile(Printer("home", (1.25, -0.5), (0.995, 1.0)))
    save_profile(Printer("office", (0.0, 2.0)))
    assert load_profiles()["home"] == Printer("home", (1.25, -0.5), (0.995, 1.0))
    assert sorted(load_profiles()) == ["home", "office"]
