"""The doors of the architecture: what each role of module may import, checked in a subprocess.

Every module of the package gets a role from its place in the tree (core, scene, render, the card
engine, the publishing layer, and per game: rules, content, sheets, cli). One subprocess imports the package's modules
one by one, each in a forked child (forked from its package's child: see _PROBE), and reports what each one
loaded; every role has a list of modules it must never load. Static checks keep file access out of the rules, and click, the
command line and the games out of the publishing layer (not even inside a function).
"""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

import generator

PACKAGE_DIR = Path(generator.__file__).parent
BACKENDS = ["reportlab", "svgwrite", "PIL"]
GAME_NAMES = sorted(p.name for p in (PACKAGE_DIR / "games").iterdir()
                    if p.is_dir() and (p / "__init__.py").exists())
ALL_MODULES = sorted(
    ["generator"] + [info.name for info in pkgutil.walk_packages([str(PACKAGE_DIR)], prefix="generator.")])


def role(module: str) -> tuple[str, str | None]:
    """(role, game) of a module: where it sits in the house decides what it may import."""
    parts = module.split(".")
    if "cli" in parts or module in ("generator.__main__",):
        return "cli", None
    if len(parts) >= 3 and parts[1] == "games":
        game = parts[2]
        if len(parts) == 3:
            return "game-package", game
        return {"rules": "rules", "sheets": "sheets", "content": "content"}.get(parts[3], "game-other"), game
    if module == "generator.games":
        return "registry", None
    layer = parts[1] if len(parts) > 1 else ""
    return {"core": "core", "scene": "scene", "render": "render", "cards": "cards",
            "publish": "publish", "preview": "preview"}.get(layer, "top"), None


def forbidden(module: str) -> list[str]:
    """The modules (or packages) that `module` must never load."""
    kind, game = role(module)
    others = [f"generator.games.{g}" for g in GAME_NAMES if g != game]
    base = {
        "cli": [],
        "core": ["click", "yaml", *BACKENDS, "generator.paths", "generator.scene", "generator.render",
                 "generator.cards", "generator.games", "generator.cli"],
        "scene": ["click", "svgwrite", "PIL", "generator.render", "generator.cards", "generator.games",
                  "generator.cli"],
        "render": ["click", "generator.cards", "generator.games", "generator.cli"],
        "cards": ["click", *BACKENDS, "generator.render", "generator.games", "generator.cli"],
        # the publishing layer loads the backends and the card engine's image checks when it writes
        "publish": ["click", "yaml", *BACKENDS, "generator.render", "generator.cards", "generator.games",
                    "generator.cli"],
        # the live preview: the card engine, the publishing layer and (when it draws) the backends; no click
        "preview": ["click", "yaml", *BACKENDS, "generator.render", "generator.games", "generator.cli"],
        "registry": ["click", "yaml", *BACKENDS, "generator.scene", "generator.render", "generator.cards",
                     "generator.cli", *(f"generator.games.{g}" for g in GAME_NAMES)],
        "rules": ["click", "yaml", *BACKENDS, "generator.paths", "generator.scene", "generator.render",
                  "generator.cards", "generator.cli", f"generator.games.{game}.sheets",
                  f"generator.games.{game}.content", f"generator.games.{game}.cli", *others],
        "content": ["click", *BACKENDS, "generator.render", "generator.cli", f"generator.games.{game}.cli",
                    f"generator.games.{game}.sheets", *others],
        "sheets": ["click", *BACKENDS, "generator.render", "generator.cli", f"generator.games.{game}.cli",
                   *others],
        "game-package": ["click", "yaml", *BACKENDS, "generator.render", "generator.cli"],
        "game-other": ["click", *BACKENDS, "generator.render", "generator.cli", *others],
        "top": ["click", "yaml", *BACKENDS, "generator.render", "generator.cli", "generator.games"],
    }[kind]
    if module == "generator.cli":   # the entry point stays light: games and backends load on demand
        base = ["reportlab", "svgwrite", "PIL", "yaml", "generator.render", "generator.cards",
                *(f"generator.games.{g}" for g in GAME_NAMES)]
    return base


# One forked child per module, in a tree that follows the packages: the child for `a.b.c` is forked from
# the child that imported `a.b`, and reports everything loaded since the probe started. Importing
# `a.b.c` in a fresh interpreter imports `a`, then `a.b`, then `a.b.c`, so the child's state is the
# fresh interpreter's, without importing the packages again for each of their modules.
_PROBE = r"""
import json, os, sys
names = sys.argv[1:]
before = set(sys.modules)
children = {}
for name in names:
    children.setdefault(name.rpartition(".")[0], []).append(name)

def visit(name):
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        try:
            __import__(name)
            out, ok = sorted(set(sys.modules) - before), True
        except BaseException as err:
            out, ok = ["!error " + repr(err)], False
        print(json.dumps([name, out]), flush=True)
        for child in children.get(name, []):
            if ok:
                visit(child)
            else:      # a fresh import of the module would fail on its package first
                print(json.dumps([child, ["!error in its package " + name]]), flush=True)
        os._exit(0)
    os.waitpid(pid, 0)

for name in names:
    if name.rpartition(".")[0] not in names:     # the roots; the others are visited from their package
        visit(name)
"""


@cache
def loaded_by_module() -> dict[str, set[str]]:
    """For every module of the package: the modules importing it loads (as in a fresh interpreter)."""
    result = subprocess.run([sys.executable, "-c", _PROBE, *ALL_MODULES], capture_output=True, text=True,
                            check=True)
    table = {}
    for line in result.stdout.splitlines():
        name, loaded = json.loads(line)
        table[name] = set(loaded)
    return table


def _hits(loaded: set[str], prefix: str) -> list[str]:
    return sorted(m for m in loaded if m == prefix or m.startswith(prefix + "."))


@pytest.mark.parametrize("module", ALL_MODULES)
def test_module_keeps_its_doors(module: str) -> None:
    loaded = loaded_by_module()[module]
    assert not any(m.startswith("!error") for m in loaded), loaded
    for name in forbidden(module):
        hits = _hits(loaded, name)
        assert not hits, f"{module} ({role(module)[0]}) loads {name}: {hits[:3]}"


def test_every_game_has_the_roles() -> None:
    assert set(GAME_NAMES) >= {"codenames", "codex", "dungeon", "laser", "noir"}
    for game in GAME_NAMES:
        roles = {role(m)[0] for m in ALL_MODULES if m.startswith(f"generator.games.{game}.")}
        assert {"rules", "cli"} <= roles, (game, roles)


def test_only_cli_modules_load_click() -> None:
    loaders = {m for m, loaded in loaded_by_module().items() if _hits(loaded, "click")}
    assert loaders, "the check must see click somewhere"
    assert all(role(m)[0] == "cli" for m in loaders), sorted(m for m in loaders if role(m)[0] != "cli")


def test_the_check_can_fail() -> None:
    # The CLI does load click, and a game's cli loads the shared CLI helpers: the probe sees imports.
    assert _hits(loaded_by_module()["generator.cli"], "click")
    assert _hits(loaded_by_module()["generator.games.laser.cli"], "generator.cli.common")


FILE_ACCESS_MODULES = {"os", "pathlib", "io", "shutil", "tempfile", "glob"}


@pytest.mark.parametrize("module", [m for m in ALL_MODULES if role(m)[0] == "rules"])
def test_rules_touch_no_files(module: str) -> None:
    """Rules are pure: no file or folder modules imported, no open() called."""
    spec_path = PACKAGE_DIR.joinpath(*module.split(".")[1:])
    path = spec_path / "__init__.py" if spec_path.is_dir() else spec_path.with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [(node.module or "").split(".")[0]]
        else:
            names = []
        assert not FILE_ACCESS_MODULES & set(names), f"{module} imports {names}"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id != "open", f"{module} calls open() at line {node.lineno}"


PUBLISH_NEVER = ("click", "generator.cli", "generator.games")
# every module of a `cli` folder, and each game's cli.py
CLI_FOLDER_MODULES = sorted(p for p in PACKAGE_DIR.rglob("*.py")
                            if "cli" in p.relative_to(PACKAGE_DIR).parts[:-1] or p.name == "cli.py")


def _imported_names(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import statement of a file, at the top or inside a function."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found += [(node.lineno, node.module or "")]
    return found


@pytest.mark.parametrize("path", [*sorted((PACKAGE_DIR / "publish").rglob("*.py")),
                                  *sorted((PACKAGE_DIR / "preview").rglob("*.py"))], ids=lambda p: p.name)
def test_publish_never_imports_click_the_command_line_or_a_game(path: Path) -> None:
    """generator/publish/ (and the preview) speak through a Reporter: click, generator.cli and the games stay out of every
    file of it, also in functions (the probe above sees only what importing a module loads)."""
    bad = [(line, name) for line, name in _imported_names(path)
           if any(name == door or name.startswith(door + ".") for door in PUBLISH_NEVER)]
    assert not bad, f"{path.relative_to(PACKAGE_DIR)} imports {bad}"


def test_the_publish_check_can_fail() -> None:
    names = [name for _, name in _imported_names(PACKAGE_DIR / "cli" / "deck.py")]
    assert "click" in names and "generator.publish" in names
    assert role("generator.publish.formats.pdf") == ("publish", None)


@pytest.mark.parametrize("path", CLI_FOLDER_MODULES, ids=lambda p: str(p.relative_to(PACKAGE_DIR)))
def test_every_module_of_a_cli_folder_is_command_line_code(path: Path) -> None:
    """A `cli` folder holds command-line code only: each of its modules imports click (at the top or in a
    function); code that is not click belongs to the card engine, the publishing layer, the preview or core."""
    names = [name for _, name in _imported_names(path)]
    assert "click" in names or any(n.startswith("click.") for n in names), (
        f"{path.relative_to(PACKAGE_DIR)} never imports click: move it out of its cli folder")


def test_the_cli_folder_check_sees_the_cli_folders() -> None:
    folders = {p.relative_to(PACKAGE_DIR).parent.as_posix() for p in CLI_FOLDER_MODULES}
    assert {"cli", "cards/cli", "games/laser/cli", "games/noir"} <= folders
    assert PACKAGE_DIR / "publish" / "carddeck.py" not in CLI_FOLDER_MODULES
