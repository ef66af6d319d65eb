"""pnpgen removes only what is its own, by exact name (issue 35): a killed write's `.NAME.XXXXXXXX.tmp` goes on
the next write to NAME; `kit --force` removes what .kit-files lists and its own staging, never a user's
`.pnpgen-mine.txt` or a folder merely named like pnpgen's."""

from __future__ import annotations

import fcntl
from pathlib import Path

import pytest
from tests.test_kit_force import _fake_parts

from generator.cli import cli, kit
from generator.cli.common import run_cli
from generator.core.files import write_atomic


def test_a_killed_writes_temp_file_goes_on_the_next_write_to_that_name(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    stale = tmp_path / ".deck.pdf.k3_9zq0a.tmp"           # what mkstemp makes, left by a kill -9
    stale.write_bytes(b"x" * 100_000)
    others = [tmp_path / ".deck.pdf.mine.tmp", tmp_path / ".deck.pdf.ABCDEFGH.tmp",
              tmp_path / ".other.pdf.k3_9zq0a.tmp", tmp_path / "deck.pdf.k3_9zq0a.tmp"]
    for path in others:
        path.write_text("the user's")
    live = tmp_path / ".deck.pdf.livewrit.tmp"            # a write in progress holds its lock
    live.write_text("")
    with open(live, "rb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        write_atomic(target, b"new", force=True)
        assert live.exists()
    assert target.read_bytes() == b"new" and not stale.exists()
    assert all(path.read_text() == "the user's" for path in others)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([target.name, live.name, *(p.name for p in others)])


@pytest.fixture
def kit_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(kit, "_kit_parts", _fake_parts)
    return tmp_path / "kit"


def test_kit_force_keeps_the_users_pnpgen_named_files(kit_dir: Path, tmp_path: Path) -> None:
    assert run_cli(cli, ["kit", "--seed", "1", "-o", str(kit_dir), "-q"]) == 0
    (kit_dir / ".pnpgen-mine.txt").write_text("mine")
    (kit_dir / ".pnpgen").mkdir()
    (kit_dir / ".pnpgen" / "settings").write_text("mine too")
    beside = tmp_path / ".pnpgen-staging-kit-mine"         # not a name pnpgen makes: kept
    beside.mkdir()
    (beside / "a.txt").write_text("mine")
    stale = tmp_path / ".pnpgen-staging-kit-abc_1234"      # a killed kit's staging: removed
    stale.mkdir()
    (stale / "index.md").write_text("half a kit")
    assert run_cli(cli, ["kit", "--seed", "2", "-o", str(kit_dir), "-q", "--force"]) == 0
    assert (kit_dir / ".pnpgen-mine.txt").read_text() == "mine"
    assert (kit_dir / ".pnpgen" / "settings").read_text() == "mine too"
    assert (beside / "a.txt").read_text() == "mine" and not stale.exists()
    assert (kit_dir / "laser" / "layouts-seed2.pdf").exists() and not (kit_dir / "laser" / "layouts-seed1.pdf").exists()
