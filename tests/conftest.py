"""Fixtures shared by every test folder: the golden drawing-log check."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

UPDATE_FLAG = "PNPGEN_UPDATE_GOLDEN"
os.environ.setdefault("PNPGEN_CACHE_DIR", "off")      # tests parse art afresh (tests/scene/test_artcache.py turns it on)


def check_golden(log: str, path: Path) -> None:
    """Compare a recording log with its golden file; PNPGEN_UPDATE_GOLDEN=1 rewrites it (review the diff)."""
    if os.environ.get(UPDATE_FLAG) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(log, encoding="utf-8")
    assert path.exists(), f"no golden log {path}; run with {UPDATE_FLAG}=1 and review it"
    assert log == path.read_text(encoding="utf-8"), f"drawing differs from {path}"


@pytest.fixture
def golden() -> Callable[[str, Path], None]:
    """The golden-log check as a fixture: golden(log, path)."""
    return check_golden
