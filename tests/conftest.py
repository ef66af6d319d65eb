"""Fixtures shared by every test folder: the golden drawing-log check and the kit built once per session."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

UPDATE_FLAG = "PNPGEN_UPDATE_GOLDEN"


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


# --- the whole kit, built once per session --------------------------------------------------------

@pytest.fixture(scope="session")
def built_kit(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """built_kit("--seed", "1", "--lang", "en"): the folder of `pnpgen kit <args>`, built once per session."""
    from generator.cli import cli
    from generator.cli.common import run_cli

    made: dict[tuple[str, ...], Path] = {}

    def build(*args: str) -> Path:
        if args not in made:
            folder = tmp_path_factory.mktemp("kit")
            assert run_cli(cli, ["kit", *args, "-o", str(folder), "--quiet"]) == 0
            made[args] = folder
        return made[args]

    return build


@pytest.fixture(scope="session")
def kit_seed1(built_kit: Callable[..., Path]) -> Path:
    """`pnpgen kit --seed 1`: each game in its rulebook's language."""
    return built_kit("--seed", "1")


@pytest.fixture(scope="session")
def kit_seed1_en(built_kit: Callable[..., Path]) -> Path:
    """`pnpgen kit --seed 1 --lang en`: every game in English."""
    return built_kit("--seed", "1", "--lang", "en")
