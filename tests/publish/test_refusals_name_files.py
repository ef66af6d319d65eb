"""Refusals name the user's file (issue 35): a full disk under --cutter names the file being written, not a
hidden staging path; a picture whose ICC profile is corrupt prints under --format pdfx with the profile
ignored, and a warning names the picture."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from generator import paths
from generator.cli import cli
from generator.cli.common import run_cli


def test_a_full_disk_under_cutter_names_the_users_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    real = os.fsync

    def full(fd: int) -> None:
        if os.fstat(fd).st_size > 1000:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "out"
    assert run_cli(cli, ["cards", "example", "example", "--cutter", "silhouette", "-o", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{out}/example" in err and "no space left on device" in err.lower()
    assert ".pnpgen" not in err
    assert not out.exists() or not [p for p in out.iterdir() if not p.name.startswith(".")]


def test_a_corrupt_icc_profile_prints_ignored_with_a_warning_naming_the_picture(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image

    deck = tmp_path / "deck"
    shutil.copytree(paths.card_data("example"), deck)
    picture = deck / "pictures" / "tomato.png"
    with Image.open(picture) as im:
        rgb = im.convert("RGB")
    rgb.save(picture, icc_profile=b"\0\0\2\0ADBE\2\x10\0\0mntrRGB XYZ " + b"\7" * 200)
    out = tmp_path / "deck.pdf"
    assert run_cli(cli, ["cards", str(deck / "cards.yaml"), "example", "--format", "pdfx", "-o", str(out),
                         "--quiet"]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "ICC" in line]
    assert len(warnings) == 1 and "tomato.png" in warnings[0] and "profile ignored" in warnings[0]
    assert out.read_bytes().startswith(b"%PDF-1.3")
