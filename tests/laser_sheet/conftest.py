"""Shared helpers for the laser sheet tests: the real `pnpgen laser` command, the rulebook example, reading PDFs back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.cli.common import run_cli

DATA = Path(__file__).parent / "data"
EXAMPLE = DATA / "laser-example-beginner.txt"
PT_PER_MM = 72 / 25.4


def run(args: list[str]) -> int:
    """Run `pnpgen laser ARGS...` through the real command line; the exit status."""
    return run_cli(cli, ["laser", *(str(a) for a in args)])


def example_layout_text() -> str:
    """The layout written in the example file's comments (lines '#   ....')."""
    rows = [line[4:] for line in EXAMPLE.read_text(encoding="utf-8").splitlines()
            if re.fullmatch(r"#   [.OX#\\/T]+|#   T=\w+", line)]
    return "\n".join(rows) + "\n"


def example_observation() -> list[str]:
    """The example's observation lines, e.g. '26 T \\ 28'."""
    return [line.strip() for line in EXAMPLE.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


@dataclass(frozen=True)
class Word:
    """A piece of text read back from a PDF page: where it starts (mm from the top-left), size, font."""

    text: str
    x: float
    y: float
    size: float
    bold: bool


def words(pdf: Path, page: int = 0) -> list[Word]:
    reader = PdfReader(str(pdf))
    height = float(reader.pages[page].mediabox.height)
    out: list[Word] = []

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        x_pt = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
        y_pt = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
        name = str((font or {}).get("/BaseFont", ""))
        out.append(Word(text.strip(), x_pt / PT_PER_MM, (height - y_pt) / PT_PER_MM, round(size, 2),
                        "Bold" in name))

    reader.pages[page].extract_text(visitor_text=visit)
    return out


@pytest.fixture()
def example_layout(tmp_path) -> Path:
    path = tmp_path / "example-layout.txt"
    path.write_text(example_layout_text(), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def kit():
    """The helpers above, for the test modules (conftest is not importable under importlib mode)."""
    from types import SimpleNamespace

    return SimpleNamespace(run=run, words=words, example_layout_text=example_layout_text,
                           example_observation=example_observation, data=DATA, pt_per_mm=PT_PER_MM)
