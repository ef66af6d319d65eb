"""Helpers for the card engine tests: run the CLI in a temporary output folder, write small files.

tests/cards/workbooks.py (hand-written .xlsx/.ods files) is importable from here (importlib mode)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import pytest

from generator.cli import cli
from generator.cli.common import run_cli


@pytest.fixture
def out_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty default output folder (PNPGEN_OUTPUT) for the test."""
    out = tmp_path / "out"
    monkeypatch.setenv("PNPGEN_OUTPUT", str(out))
    return out


@pytest.fixture
def pnpgen(out_dir: Path, capsys: pytest.CaptureFixture):
    """Run `pnpgen ARGS`; returns (exit code, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        code = run_cli(cli, [str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture
def write(tmp_path: Path):
    """Write a dedented text file under tmp_path; returns its path."""

    def put(name: str, text: str) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return put

