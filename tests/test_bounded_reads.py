"""Every file pnpgen reads is read only if it is a regular file, and with a size bound (issue 35): a FIFO never
hangs, /dev/zero never eats memory; each refusal is one line naming the file, exit status 2."""

from __future__ import annotations

import os
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator import paths
from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import DataError
from generator.core.files import read_bounded


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """A read that blocks (a FIFO opened the ordinary way) fails the test instead of hanging it."""
    def hung(*_: object) -> None:
        raise TimeoutError("a read blocked")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def special(path: Path, kind: str) -> Path:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    return path


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_read_bounded_refuses_what_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    path = special(tmp_path / "x.yaml", kind)
    with pytest.raises(DataError) as caught:
        read_bounded(path, 1000, "data file", DataError)
    assert str(caught.value).startswith(f"{path}: ") and "regular file" in str(caught.value)


def test_read_bounded_refuses_a_file_over_its_limit_and_reads_one_at_it(tmp_path: Path) -> None:
    path = tmp_path / "x"
    path.write_bytes(b"a" * 1000)
    assert read_bounded(path, 1000) == b"a" * 1000
    with pytest.raises(DataError, match="over the limit of 999 bytes"):
        read_bounded(path, 999, error=DataError)
    assert read_bounded(tmp_path / "missing", missing_ok=True) is None


def commands(tmp: Path, kind: str) -> list[tuple[list[str], Path]]:
    """Commands reading a user's file (data, template, layout, component file, image list) given a special one."""
    deck = tmp / "deck"
    shutil.copytree(paths.card_data("example"), deck)
    layout = tmp / "layout.txt"
    layout.write_text("........\n" * 7, encoding="utf-8")
    runs = []
    for name, args in [("data.yaml", ["cards", "{}", "example"]),
                       ("layout.yaml", ["cards", str(deck / "cards.yaml"), "{}"]),
                       ("circuit.txt", ["laser", "check", "{}"]),
                       ("components.yaml", ["laser", "observe", str(layout), "--component-file", "{}"]),
                       ("list.txt", ["images", "{}"])]:
        target = special(tmp / kind / name, kind)
        runs.append(([a.replace("{}", str(target)) for a in args] + ["-o", str(tmp / "out")], target))
    return runs


@pytest.mark.parametrize("kind", ["fifo", "zero"])
def test_commands_refuse_a_fifo_or_a_device_in_one_line(tmp_path: Path, kind: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / kind).mkdir()
    for args, target in commands(tmp_path, kind):
        capsys.readouterr()
        assert run_cli(cli, args) == 2, args
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and str(target) in err, (args, err)
