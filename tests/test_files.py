"""Writing files: whole, never over what is not a regular file, symlinks written through, sets staged."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.errors import OutputExistsError
from generator.core.files import STAGING_PREFIX, OutputError, folder_lock, staged_set, write_atomic


def test_fifo_and_folder_are_refused_even_with_force(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="not a regular file"):
        write_atomic(fifo, b"x", force=True)
    assert fifo.is_fifo()
    (tmp_path / "dir.pdf").mkdir()
    with pytest.raises(OutputError, match="a folder"):
        write_atomic(tmp_path / "dir.pdf", b"x", force=True)


def test_symlink_is_written_through_and_stays_a_link(tmp_path: Path) -> None:
    target, link = tmp_path / "real.txt", tmp_path / "link.txt"
    target.write_text("old")
    link.symlink_to(target)
    with pytest.raises(OutputExistsError):
        write_atomic(link, "new")
    write_atomic(link, "new", force=True)
    assert link.is_symlink() and target.read_text() == "new"


def test_path_through_a_file_is_one_clear_error(tmp_path: Path, capsys) -> None:
    (tmp_path / "afile").write_text("x")
    assert run_cli(cli, ["calibrate", "-o", str(tmp_path / "afile" / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "afile" in err and "Traceback" not in err


def test_cli_refuses_a_fifo_target_in_one_line(tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "out.pdf"
    os.mkfifo(fifo)
    assert run_cli(cli, ["calibrate", "-o", str(fifo), "--force"]) == 2
    err = capsys.readouterr().err
    assert "not a regular file" in err and err.count("\n") == 1
    assert fifo.is_fifo()


def test_a_set_arrives_whole_or_not_at_all(tmp_path: Path) -> None:
    folder = tmp_path / "deck"
    with staged_set(folder) as files:
        files.write("a.png", b"1")
        files.write("b.png", b"2")
        assert not (folder / "a.png").exists()      # nothing visible before the commit
    assert (folder / "a.png").read_bytes() == b"1" and (folder / "b.png").read_bytes() == b"2"
    with pytest.raises(RuntimeError), staged_set(folder, force=True) as files:
        files.write("a.png", b"new")
        raise RuntimeError("killed half way")
    assert (folder / "a.png").read_bytes() == b"1"      # the old set stays
    assert not [p for p in folder.iterdir() if p.name.startswith(STAGING_PREFIX)]


def test_second_run_into_a_locked_folder_fails_at_once(tmp_path: Path) -> None:
    with folder_lock(tmp_path), pytest.raises(OutputError, match="another pnpgen run"), folder_lock(tmp_path):
        pass


def test_stale_staging_of_a_killed_run_is_cleaned(tmp_path: Path) -> None:
    stale = tmp_path / f"{STAGING_PREFIX}dead_123"
    stale.mkdir()
    (stale / "half.png").write_bytes(b"x")
    with staged_set(tmp_path) as files:
        files.write("new.png", b"y")
    assert not stale.exists() and (tmp_path / "new.png").exists()
