"""A broken install (a shipped font missing or cut short) is one line naming the font and saying to reinstall,
exit status 2, never a traceback (issue 35)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import paths

SCRIPT = """
import sys
import generator.paths
generator.paths.fonts_dir = lambda: __import__("pathlib").Path(sys.argv[1])
from generator.cli import cli
from generator.cli.common import run_cli
sys.exit(run_cli(cli, sys.argv[2:]))
"""


def run(fonts: Path, *args: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-c", SCRIPT, str(fonts), *args], env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("damage", ["missing", "truncated", "empty"])
def test_a_broken_shipped_font_is_one_line_saying_reinstall(tmp_path: Path, damage: str) -> None:
    fonts = tmp_path / "fonts"
    shutil.copytree(paths.fonts_dir(), fonts)
    victim = fonts / "DejaVuSans.ttf"
    if damage == "missing":
        victim.unlink()
    elif damage == "truncated":
        victim.write_bytes(victim.read_bytes()[:40_000])
    else:
        victim.write_bytes(b"")
    done = run(fonts, "cards", "example", "example", "-o", str(tmp_path / "out.pdf"))
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert str(victim) in done.stderr and "reinstall pnpgen" in done.stderr
