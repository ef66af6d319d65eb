"""Makes tests/scene/scene_helpers.py importable (pytest runs in importlib mode) and offers fixtures."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from scene_helpers import make_cards, read_pdf_shapes


@pytest.fixture
def cards():
    """cards(n, w, h, bleed=3, back=True) -> list of marked test cards."""
    return make_cards


@pytest.fixture
def pdf_shapes():
    """pdf_shapes(pdf bytes) -> list[PdfShapes], one per page."""
    return read_pdf_shapes
