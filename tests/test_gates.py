"""The repository's gates, run by pytest: ruff, mypy --strict, and docs/cards.md against the kind registry.

ruff and mypy run as subprocesses of this interpreter (the installed environment), from the
repository root with the configuration in pyproject.toml: mypy checks the files its `files =`
list names in the source tree, never the installed copy in site-packages, so the gate also holds
when CI installs the package non-editable. The root is found from this file (tests/..); when it
is not a source checkout (no pyproject.toml, e.g. the tests were copied elsewhere) the gates skip.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from generator.cards.elements import kinds

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
CARDS_DOC = ROOT / "docs" / "cards.md"
TIMEOUT = 600

needs_checkout = pytest.mark.skipif(
    not PYPROJECT.is_file(), reason=f"no pyproject.toml in {ROOT}: not a source checkout, the gates need one")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    """A tool of this environment run from the repository root, output captured (never coloured)."""
    env = {**os.environ, "NO_COLOR": "1", "MYPY_FORCE_COLOR": "0", "FORCE_COLOR": "0"}
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT, check=False)


def _report(result: subprocess.CompletedProcess[str]) -> str:
    return f"exit status {result.returncode}\n{result.stdout}{result.stderr}"


@needs_checkout
def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "--no-cache", str(ROOT))
    if result.returncode != 0:
        pytest.fail("ruff check has findings:\n" + _report(result), pytrace=False)


@needs_checkout
def test_mypy_strict_finds_nothing() -> None:
    result = _run("mypy", "--config-file", str(PYPROJECT), "--cache-dir", str(_mypy_cache()))
    if result.returncode != 0:
        pytest.fail("mypy --strict has findings:\n" + _report(result), pytrace=False)
    checked = re.search(r"no issues found in (\d+) source files", result.stdout)
    assert checked, _report(result)
    expected = _expected_file_count()
    assert int(checked.group(1)) == expected, f"mypy should check {expected} modules:\n" + _report(result)


def _mypy_cache() -> Path:
    """mypy's incremental cache, outside the tree (no .mypy_cache in the checkout): one folder per checkout
    and interpreter, in the temporary directory. A fresh machine has none and mypy checks everything (about
    9 s of CPU); a later run re-checks only what changed (under 1 s). mypy itself decides what is stale
    (each cached module's source hash and its dependencies'), so the answer is the same either way."""
    key = hashlib.sha256(f"{ROOT}\0{sys.executable}\0{sys.version}".encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"pnpgen-mypy-cache-{key}"


def _expected_file_count() -> int:
    """The modules mypy must check: every module of the package."""
    src = ROOT / "generator"
    found = list(src.glob("**/*.py"))
    assert found, f"no source modules under {src}"
    return len(found)


@needs_checkout
def test_the_mypy_gate_covers_the_whole_package() -> None:
    """[tool.mypy] checks the whole `generator` package strictly: no excludes, no module relaxed."""
    import tomllib

    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and config["python_version"] == "3.11"
    assert config["files"] == ["generator"], config["files"]
    assert "exclude" not in config, config["exclude"]
    for override in config.get("overrides", []):
        relaxed = sorted(k for k in override if k not in ("module", "ignore_missing_imports"))
        assert not relaxed, f"[[tool.mypy.overrides]] relaxes {relaxed} for {override['module']}"
        modules = [override["module"]] if isinstance(override["module"], str) else override["module"]
        assert not [m for m in modules if m.split(".")[0] == "generator"], f"an override names our own modules: {modules}"


# --- docs/cards.md and the element-kind registry ---------------------------------------------------

_ROW = re.compile(r"^\|\s*`([a-z_][a-z0-9_]*)`\s*\|\s*`([a-z_][a-z0-9_]*)`\s*\|")


def documented_kinds(text: str) -> dict[str, str]:
    """{kind: module} from the table rows of the `## Element kinds` section (first two columns)."""
    section = re.search(r"^## Element kinds\n(.*?)(?=^## )", text, flags=re.M | re.S)
    assert section, "docs/cards.md has no '## Element kinds' section"
    rows: dict[str, str] = {}
    for line in section.group(1).splitlines():
        match = _ROW.match(line)
        if match:
            assert match.group(1) not in rows, f"kind {match.group(1)!r} is documented twice"
            rows[match.group(1)] = match.group(2)
    return rows


def registered_kinds() -> dict[str, str]:
    """{kind: module file name} of every kind the registry holds."""
    return {name: kind.module.rsplit(".", 1)[-1] for name, kind in kinds().items()}


def test_documented_kinds_parse_from_a_table() -> None:
    text = ("## Element kinds\n\n| kind | module | draws |\n|---|---|---|\n| `rect` | `basic` | a box |\n"
            "| `icon` | `richtext` | one icon |\nSee `star` in prose.\n\n## Next\n| `late` | `basic` | x |\n")
    assert documented_kinds(text) == {"rect": "basic", "icon": "richtext"}


@needs_checkout
def test_docs_cards_md_lists_exactly_the_registered_kinds() -> None:
    documented = documented_kinds(CARDS_DOC.read_text(encoding="utf-8"))
    registered = registered_kinds()
    missing = sorted(set(registered) - set(documented))
    unknown = sorted(set(documented) - set(registered))
    assert not missing, f"kinds registered but not in docs/cards.md's table: {missing}"
    assert not unknown, f"kinds in docs/cards.md's table that the registry does not have: {unknown}"
    wrong = {k: (documented[k], registered[k]) for k in registered if documented[k] != registered[k]}
    assert not wrong, f"docs/cards.md names the wrong module (documented, real): {wrong}"


def test_pnpgen_cards_kinds_lists_the_registry() -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "cards", "--kinds"], capture_output=True,
                            text=True, timeout=TIMEOUT, check=False)
    assert result.returncode == 0, result.stderr
    listed = re.findall(r"^### (\S+)$", result.stdout, flags=re.M)
    assert listed == sorted(registered_kinds()), result.stdout[:2000]
    for name, kind in kinds().items():
        assert f"(module `{kind.module}`)" in result.stdout, name


@needs_checkout
def test_paths_named_in_docs_cards_md_exist() -> None:
    """Every `generator/...` path and `generator.x.y` module docs/cards.md names is real (no stale moves)."""
    text = CARDS_DOC.read_text(encoding="utf-8")
    paths = set(re.findall(r"\bgenerator/[\w/]+(?:\.py)?", text))
    assert paths
    stale = sorted(p for p in paths if not (ROOT / p).exists())
    assert not stale, f"docs/cards.md names paths that do not exist: {stale}"
    dotted = set(re.findall(r"\bgenerator(?:\.[a-z_]\w*)+", text))
    bad = sorted(m for m in dotted if not _resolves(m))
    assert not bad, f"docs/cards.md names modules or attributes that do not exist: {bad}"


def _resolves(dotted: str) -> bool:
    """A module, or an attribute of one (generator.cli.deck.load_image)."""
    import importlib

    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        target: object = module
        for attr in parts[cut:]:
            if not hasattr(target, attr):
                return False
            target = getattr(target, attr)
        return True
    return False
