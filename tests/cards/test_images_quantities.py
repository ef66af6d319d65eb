"""Quantities in image file names and list files count against --max-cards before any card is made (issue 25)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.robustness.helpers import tiny_png

from generator.cards import images
from generator.core.limits import CARDS_CEILING, LimitError


def _pics(folder: Path, *names: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_bytes(tiny_png())
    return folder


def test_names_count_before_anything_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _pics(tmp_path / "p", "a x60.png", "b x41.png")
    monkeypatch.setattr(images, "_silhouette", lambda *a: pytest.fail("not a silhouette folder"))
    assert sum(e.qty for e in images.collect(str(folder), None, max_cards=101)) == 101
    with pytest.raises(LimitError, match=r"101 cards is over the limit of 100.*--max-cards 101"):
        images.collect(str(folder), None, max_cards=100)


def test_a_quantity_of_many_digits_is_over_the_ceiling(tmp_path: Path) -> None:
    assert images.quantity("9" * 40) == CARDS_CEILING + 1
    assert images.quantity("12") == 12
    (tmp_path / "list.txt").write_text("a.png x" + "9" * 5000 + "\n", encoding="utf-8")
    _pics(tmp_path, "a.png")
    with pytest.raises(LimitError, match=r"list.txt:1: .*more than one run can print"):
        images.collect(str(tmp_path / "list.txt"), None)


def test_a_list_counts_as_its_lines_are_read(tmp_path: Path) -> None:
    _pics(tmp_path, "a.png")
    (tmp_path / "list.txt").write_text("a.png x3\n" * 5 + "missing.png\n", encoding="utf-8")
    with pytest.raises(LimitError, match=r"list.txt:4"):       # refused at line 4, before the missing file
        images.collect(str(tmp_path / "list.txt"), None, max_cards=10)


def test_silhouette_fronts_count_too(tmp_path: Path) -> None:
    _pics(tmp_path / "s" / "front", "a x99999999.png")
    with pytest.raises(LimitError, match="more than one run can print"):
        images.collect(str(tmp_path / "s"), None)
