"""`pnpgen kit`: every printable, an index that lists them, same seed same bytes, no silent overwrite."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.cli.common import run_cli


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> tuple[Path, Path]:
    first, second = tmp_path_factory.mktemp("kit1"), tmp_path_factory.mktemp("kit2")
    for folder in (first, second):
        assert run_cli(cli, ["kit", "--seed", "11", "-o", str(folder), "--quiet", "--force"]) == 0
    return first, second


def _listed(folder: Path) -> list[str]:
    index = (folder / "index.md").read_text(encoding="utf-8")
    return re.findall(r"^- (\S+)  \[", index, flags=re.M)


def test_index_lists_every_file_written(kits) -> None:
    folder = kits[0]
    listed = _listed(folder)
    on_disk = sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()
                     and p.name != "index.md")
    assert sorted(listed) == on_disk
    # every product of pnpgen is in the kit
    for part in ("calibration", "example-deck", "codenames/", "codex/", "noir/", "dungeon/", "laser/"):
        assert any(part in name for name in listed), part


def test_every_pdf_in_the_kit_opens_with_pages(kits) -> None:
    for name in _listed(kits[0]):
        if name.endswith(".pdf"):
            assert len(PdfReader(str(kits[0] / name)).pages) >= 1, name


def test_same_seed_gives_byte_identical_kit(kits) -> None:
    first, second = kits
    for name in _listed(first):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_kit_refuses_to_overwrite_without_force(kits, capsys) -> None:
    folder = kits[0]
    before = {name: (folder / name).read_bytes() for name in _listed(folder)}
    assert run_cli(cli, ["kit", "--seed", "12", "-o", str(folder), "--quiet"]) == 2
    assert "--force" in capsys.readouterr().err
    assert {name: (folder / name).read_bytes() for name in _listed(folder)} == before
