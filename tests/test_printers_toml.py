"""printers.toml written by tomli-w (issue 35): valid TOML for any string, the other profiles kept byte for byte,
written whole; read only from a regular file of bounded size, in UTF-8, errors naming the file."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import DataError
from generator.publish.printers import NAME_RE, Printer, load_profiles, save_profile, with_profile

HAND_EDITED = ('# my printers\n\n[printers.office]   # the one upstairs\noffset = [1.5, -0.5]\n'
               'paper = "a4\\nhand\\u0001\\"edit\\\\"\norientation = \'portrait\'\n\n'
               '[printers.home]\noffset = [0.0, 0.25]\n\n[printers.lab]\nduplex = "short"\n')


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PNPGEN_CONFIG_DIR", str(tmp_path / "cfg"))
    (tmp_path / "cfg").mkdir()
    return tmp_path / "cfg" / "printers.toml"


def test_calibrate_save_keeps_a_hand_edited_file_valid_and_the_other_profiles_byte_for_byte(config: Path) -> None:
    """The issue's repro: a paper holding a newline and a control character in another profile."""
    config.write_text(HAND_EDITED, encoding="utf-8")
    assert run_cli(cli, ["calibrate", "--save", "home", "--offset", "1.2,-0.3", "--quiet"]) == 0
    text = config.read_text(encoding="utf-8")
    profiles = load_profiles(config)
    assert profiles["home"].offset == (1.2, -0.3)
    assert profiles["office"].paper == 'a4\nhand\x01"edit\\'
    start, end = HAND_EDITED.index("[printers.home]"), HAND_EDITED.index("[printers.lab]")
    assert text.startswith(HAND_EDITED[:start]) and text.endswith(HAND_EDITED[end - 1:])
    assert run_cli(cli, ["calibrate", "--save", "new-one", "--offset", "0,1", "--quiet"]) == 0
    assert config.read_text(encoding="utf-8").startswith(text)
    assert sorted(load_profiles(config)) == ["home", "lab", "new-one", "office"]
    assert [p.name for p in config.parent.iterdir()] == ["printers.toml"]    # written whole: no temp file left


texts = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)
names = st.from_regex(NAME_RE, fullmatch=True)
offsets = st.tuples(*[st.floats(-20, 20, allow_nan=False)] * 2)
scales = st.tuples(*[st.floats(0.9, 1.1, allow_nan=False)] * 2)
printers = st.builds(Printer, names, offsets, scales, texts, texts, texts)


@settings(max_examples=60, deadline=None)
@given(st.lists(printers, min_size=1, max_size=5, unique_by=lambda p: p.name), st.data())
def test_any_profiles_round_trip_and_each_save_keeps_the_others(saved: list[Printer], data: st.DataObject) -> None:
    text = ""
    for printer in saved:
        before = text
        text = with_profile(text, printer)
        tomllib.loads(text)
        if before:
            assert text.startswith(before.rstrip("\n"))       # added at the end: the rest kept byte for byte
    again = data.draw(st.sampled_from(saved))
    changed = Printer(again.name, (1.0, 1.0), (1.0, 1.0), data.draw(texts), "landscape", "short")
    edited = with_profile(text, changed)
    for printer in saved:
        table = tomllib.loads(edited)["printers"][printer.name]
        want = changed if printer.name == again.name else printer
        assert table == {"offset": list(want.offset), "scale": list(want.scale), "paper": want.paper,
                         "orientation": want.orientation, "duplex": want.duplex}


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "folder", "big", "latin-1"])
def test_printers_toml_is_read_only_from_a_regular_bounded_utf8_file(config: Path, special: str) -> None:
    if special == "/dev/zero":
        config.symlink_to("/dev/zero")
    elif special == "fifo":
        os.mkfifo(config)
    elif special == "folder":
        config.mkdir()
    elif special == "big":
        config.write_text("# " + "x" * (2 * 1024 * 1024) + "\n", encoding="utf-8")
    else:
        config.write_bytes('[printers.office]\npaper = "A4 \xe9t\xe9"\n'.encode("latin-1"))
    with pytest.raises(DataError) as caught:
        load_profiles()
    assert str(caught.value).startswith(f"{config}")
    with pytest.raises(DataError):
        save_profile(Printer("home", (1.0, 0.0)))


def test_dev_zero_as_printers_toml_is_one_line_exit_2(config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config.symlink_to("/dev/zero")
    assert run_cli(cli, ["calibrate", "--list"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(config) in err and "not a regular file" in err


def test_a_shape_the_table_cannot_be_replaced_in_is_written_again_from_its_values() -> None:
    """The printer written inline (or with dotted keys): its table cannot be cut out, so the whole file is
    written again with tomli-w; every value is kept and it still parses."""
    text = '[printers]\nhome = {offset = [1.0, 2.0], paper = "a\\u0007"}\noffice.offset = [0.5, 0.5]\n'
    out = with_profile(text, Printer("home", (3.0, 4.0)))
    data = tomllib.loads(out)["printers"]
    assert data["home"]["offset"] == [3.0, 4.0] and data["office"] == {"offset": [0.5, 0.5]}
    out = with_profile(text, Printer("new", (0.0, 1.0)))
    data = tomllib.loads(out)["printers"]
    assert data["home"] == {"offset": [1.0, 2.0], "paper": "a\x07"} and data["new"]["offset"] == [0.0, 1.0]
