"""File sets and folders replaced whole: the commit point, rolling forward, the exchange and its fallback,
locks that leave no file; label placeholders that are data, not format strings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import generator.core.folders as folders
from generator.core.files import COMMIT_PREFIX, JOURNAL_NAME, OutputError, clean_stale_staging, staged_set
from generator.core.folders import replaced_folder
from generator.core.placeholders import PlaceholderError, check_label, fill


def test_a_commit_interrupted_after_its_commit_point_is_rolled_forward(tmp_path: Path) -> None:
    (tmp_path / "a.png").write_bytes(b"old-a")
    (tmp_path / "b.png").write_bytes(b"old-b")
    committed = tmp_path / f"{COMMIT_PREFIX}x1234567"          # what a kill between two moves leaves
    committed.mkdir()
    (committed / "b.png").write_bytes(b"new-b")           # a.png was already moved
    (committed / JOURNAL_NAME).write_text("a.png\nb.png\n", encoding="utf-8")
    (tmp_path / "a.png").write_bytes(b"new-a")
    clean_stale_staging(tmp_path)
    assert (tmp_path / "a.png").read_bytes() == b"new-a" and (tmp_path / "b.png").read_bytes() == b"new-b"
    assert not committed.exists()


def test_a_set_leaves_no_lock_or_staging_behind(tmp_path: Path) -> None:
    with staged_set(tmp_path / "deck") as files:
        files.write("a.png", b"1")
        with pytest.raises(OutputError, match="another pnpgen run"), staged_set(tmp_path / "deck"):
            pass
    assert sorted(p.name for p in (tmp_path / "deck").iterdir()) == ["a.png"]


@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2", "fallback"])
def test_a_folder_is_replaced_whole_keeping_other_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        exchange: bool) -> None:
    if not exchange:
        monkeypatch.setattr(folders, "_exchange", lambda a, b: False)
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "index.md").write_text("old")
    (kit / "gone.pdf").write_text("old only")
    (kit / "notes").mkdir()
    (kit / "notes" / "mine.txt").write_text("mine")
    with replaced_folder(kit) as staging:
        (staging / "index.md").write_text("new")
        assert (kit / "index.md").read_text() == "old"      # nothing visible before the end
    assert (kit / "index.md").read_text() == "new" and (kit / "notes" / "mine.txt").read_text() == "mine"
    assert (kit / "gone.pdf").read_text() == "old only"      # files not of the new kit are kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]


def test_a_failed_build_leaves_the_old_folder(tmp_path: Path) -> None:
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "index.md").write_text("old")
    with pytest.raises(RuntimeError), replaced_folder(kit) as staging:
        (staging / "index.md").write_text("new")
        raise RuntimeError("killed")
    assert (kit / "index.md").read_text() == "old" and sorted(os.listdir(tmp_path)) == ["kit"]


def test_an_old_folder_left_aside_by_a_killed_fallback_is_put_back(tmp_path: Path) -> None:
    aside = tmp_path / f"{folders.OLD_PREFIX}kit-x1234567"
    aside.mkdir()
    (aside / "index.md").write_text("old")
    with replaced_folder(tmp_path / "kit") as staging:
        assert (tmp_path / "kit" / "index.md").read_text() == "old"
        (staging / "index.md").write_text("new")
    assert (tmp_path / "kit" / "index.md").read_text() == "new"


def test_label_placeholders_are_names_only() -> None:
    assert fill("dé {colour}, {{literal}}", {"colour": "rouge"}) == "dé rouge, {literal}"
    for bad in ("{colour.__class__.__mro__}", "{colour[0]}", "{colour!r}", "{0}", "{colour:>999999}", "{"):
        with pytest.raises(PlaceholderError):
            fill(bad, {"colour": "rouge"})
    with pytest.raises(PlaceholderError, match=r"may use: \{act\}, \{chapter\}"):
        check_label("Acte {act} {seed}", ("act", "chapter"))
