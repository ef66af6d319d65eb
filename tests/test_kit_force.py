"""`pnpgen kit --force` with a new seed (issue 25): the earlier kit's files go (its manifest says which),
the user's own files in the folder stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import cli, kit
from generator.cli.common import run_cli
from generator.core.folders import replaced_folder


def _fake_parts(lang):
    """Parts whose file names depend on the seed, as the laser and Noir parts' do."""
    def part(out_dir: Path, seed: int, paper: str, force: bool, part_lang):
        folder = out_dir / "laser"
        folder.mkdir(exist_ok=True)
        path = folder / f"layouts-seed{seed}.pdf"
        path.write_text(f"seed {seed}")
        common = out_dir / "rules.pdf"
        common.write_text(f"rules {seed}")
        return [(path, "layouts"), (common, "rules")]

    return [("fake", None, part)]


@pytest.fixture
def kit_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(kit, "_kit_parts", _fake_parts)
    return tmp_path / "kit"


def test_a_new_seed_removes_the_earlier_kits_files_not_the_users(kit_dir: Path) -> None:
    assert run_cli(cli, ["kit", "--seed", "1", "-o", str(kit_dir), "-q"]) == 0
    manifest = (kit_dir / kit.MANIFEST).read_text().splitlines()
    assert "laser/layouts-seed1.pdf" in manifest and "index.md" in manifest
    (kit_dir / "my-notes.txt").write_text("mine")
    (kit_dir / "laser" / "my-scan.png").write_text("mine too")
    (kit_dir / "mine").mkdir()
    (kit_dir / "mine" / "a.txt").write_text("x")
    assert run_cli(cli, ["kit", "--seed", "2", "-o", str(kit_dir), "-q", "--force"]) == 0
    files = sorted(p.relative_to(kit_dir).as_posix() for p in kit_dir.rglob("*") if p.is_file())
    assert files == [kit.MANIFEST, "host/README.md", "index.md", "laser/layouts-seed2.pdf", "laser/my-scan.png", "mine/a.txt",
                     "my-notes.txt", "rules.pdf"]
    assert (kit_dir / "rules.pdf").read_text() == "rules 2" and (kit_dir / "my-notes.txt").read_text() == "mine"


def test_a_manifest_cannot_name_files_outside(kit_dir: Path, tmp_path: Path) -> None:
    assert run_cli(cli, ["kit", "--seed", "1", "-o", str(kit_dir), "-q"]) == 0
    (tmp_path / "outside.txt").write_text("keep")
    (kit_dir / "user.txt").write_text("keep")
    (kit_dir / kit.MANIFEST).write_text("../outside.txt\n/etc/hostname\n# user.txt\nlaser/layouts-seed1.pdf\n")
    assert kit._manifest(kit_dir) == frozenset({"laser/layouts-seed1.pdf"})
    assert run_cli(cli, ["kit", "--seed", "3", "-o", str(kit_dir), "-q", "--force"]) == 0
    assert (tmp_path / "outside.txt").read_text() == "keep" and (kit_dir / "user.txt").read_text() == "keep"
    assert not (kit_dir / "laser" / "layouts-seed1.pdf").exists()


def test_an_old_kit_without_a_manifest_keeps_everything(kit_dir: Path) -> None:
    assert run_cli(cli, ["kit", "--seed", "1", "-o", str(kit_dir), "-q"]) == 0
    (kit_dir / kit.MANIFEST).unlink()
    assert run_cli(cli, ["kit", "--seed", "2", "-o", str(kit_dir), "-q", "--force"]) == 0
    assert (kit_dir / "laser" / "layouts-seed1.pdf").exists() and (kit_dir / "laser" / "layouts-seed2.pdf").exists()


def test_replaced_folder_drops_only_what_it_is_told(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    (folder / "sub").mkdir(parents=True)
    for name in ("a", "b", "sub/c", "sub/d"):
        (folder / name).write_text(name)
    (folder / "gone").mkdir()
    (folder / "gone" / "e").write_text("e")
    with replaced_folder(folder, drop=frozenset({"a", "sub/c", "gone/e"})) as staging:
        (staging / "new").write_text("n")
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")) == ["b", "new", "sub", "sub/d"]
