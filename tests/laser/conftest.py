"""Shared fixtures for the laser tests: the built-in catalogue and the rulebook example."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.games.laser.content import load_catalog

DATA = Path(__file__).parent / "data"

EXAMPLE_LAYOUT = (".......O\n"
                  "X..#....\n"
                  "....\\...\n"
                  "........\n"
                  "....T...\n"
                  "........\n"
                  "........\n"
                  "T=SE\n")


@pytest.fixture(scope="session")
def catalog():
    return load_catalog()


@pytest.fixture(scope="session")
def example_text() -> str:
    return (DATA / "laser-example-beginner.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def example_layout_text() -> str:
    return EXAMPLE_LAYOUT
