"""The doors of the architecture: which packages may import which (checked in a subprocess)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import generator

PACKAGE_DIR = Path(generator.__file__).parent
FORBIDDEN = {
    "core": ["click", "reportlab", "svgwrite", "PIL", "yaml", "generator.games", "generator.scene",
             "generator.render", "generator.sheets", "generator.content", "generator.cli"],
    "games": ["click", "reportlab", "svgwrite", "PIL", "yaml", "generator.render", "generator.sheets",
              "generator.scene", "generator.content", "generator.cli"],
    "content": ["click", "reportlab", "svgwrite", "PIL", "generator.render", "generator.sheets",
                "generator.scene", "generator.cli"],
    "scene": ["click", "svgwrite", "PIL", "generator.render", "generator.sheets", "generator.games",
              "generator.content", "generator.cli"],
    "render": ["click", "generator.games", "generator.sheets", "generator.content", "generator.cli"],
    "sheets": ["click", "svgwrite", "PIL", "generator.render", "generator.cli"],
}


def _modules(package: str) -> list[str]:
    root = PACKAGE_DIR / package
    names = [f"generator.{package}"]
    for info in pkgutil.walk_packages([str(root)], prefix=f"generator.{package}."):
        names.append(info.name)
    return names


def _loaded_after_import(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(result.stdout.split())


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_keeps_its_doors(package: str) -> None:
    for module in _modules(package):
        loaded = _loaded_after_import(module)
        for forbidden in FORBIDDEN[package]:
            hits = [m for m in loaded if m == forbidden or m.startswith(forbidden + ".")]
            assert not hits, f"{module} imports {forbidden} ({hits[:3]})"


def test_cli_import_stays_light() -> None:
    loaded = _loaded_after_import("generator.cli")
    for heavy in ("reportlab", "svgwrite", "PIL", "yaml", "generator.render", "generator.games"):
        assert not any(m == heavy or m.startswith(heavy + ".") for m in loaded), heavy


def test_forbidden_check_can_fail() -> None:
    # The check above must be able to see an import: the CLI does load click.
    assert "click" in _loaded_after_import("generator.cli")
