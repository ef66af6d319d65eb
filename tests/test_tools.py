"""The system-tool tests on a machine without the tools: one line saying what to install, and a failure
instead of a skip when PNPGEN_REQUIRE_TOOLS=1 (what .ci/run sets); the README names the same packages."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def bare(monkeypatch, tmp_path):
    """No tool on PATH, no browser at its path, no requirement set."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("PNPGEN_CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setenv("PNPGEN_CHROMEDRIVER", "/nonexistent/chromedriver")
    monkeypatch.delenv("PNPGEN_REQUIRE_TOOLS", raising=False)
    monkeypatch.delenv("PNPGEN_REQUIRE_BROWSER", raising=False)
    return monkeypatch


def test_missing_tools_skip_then_fail_when_required(bare, tools, find_tool) -> None:
    for names, line in [
        (("pdftoppm",), "needs pdftoppm: apt-get install poppler-utils"),
        (("mutool",), "needs mutool: apt-get install mupdf-tools"),
        (("rsvg-convert", "pdftoppm"), "needs rsvg-convert, pdftoppm: apt-get install librsvg2-bin poppler-utils"),
        (("chromium", "chromedriver"), "needs chromium, chromedriver: apt-get install chromium chromium-driver"),
    ]:
        assert all(find_tool(name) is None for name in names)
        with pytest.raises(pytest.skip.Exception) as skipped:
            tools(*names)
        assert str(skipped.value) == line
        for flag in ("PNPGEN_REQUIRE_TOOLS", "PNPGEN_REQUIRE_BROWSER"):      # the new name, and the old
            bare.setenv(flag, "1")
            with pytest.raises(pytest.fail.Exception) as failed:
                tools(*names)
            assert str(failed.value).startswith(line + " (") and "\n" not in str(failed.value)
            bare.delenv(flag)


def test_present_tools_pass(tools, find_tool, monkeypatch, tmp_path) -> None:
    fake = tmp_path / "pdftoppm"
    fake.write_text("#!/bin/sh\n", encoding="utf-8")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_tool("pdftoppm") == str(fake)
    tools("pdftoppm")                # no skip, no failure


def test_readme_installs_every_package_the_tests_ask_for() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    install = re.search(r"^\s+(?:sudo )?apt-get install (.+)$", readme, flags=re.M)
    assert install, "README.md gives no apt-get install line for the test tools"
    named = set(install.group(1).split())
    for package in ("chromium", "chromium-driver", "poppler-utils", "mupdf-tools", "librsvg2-bin", "qpdf"):
        assert package in named, package
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "export PNPGEN_REQUIRE_TOOLS=1" in ci


def test_readme_names_every_test_file_that_needs_a_tool() -> None:
    """Each test module with a `needs` marker is named in the README's paragraph on system tools."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    marked = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*.py")
                    if p.name != "test_tools.py" and "mark.needs(" in p.read_text(encoding="utf-8"))
    assert len(marked) >= 5, marked
    missing = [name for name in marked if f"`{name}`" not in readme]
    assert not missing, f"README.md does not name these tests that need system tools: {missing}"


# --- every test that runs a tool says so ---------------------------------------------------------
# A test runs a system tool when a string naming it (["pdftoppm", ...], shutil.which("qpdf"),
# find_tool("chromium"), or a module constant holding such a name) sits in the test, in a helper
# function of its module it calls, or in a fixture it takes (its module's or a conftest.py's above
# it), at any depth. Such a test must carry @pytest.mark.needs naming the tool (on itself, its
# class, or the module's pytestmark), so that it skips with one line where the tool is missing.


def _conftest_tools() -> set[str]:
    """The tools conftest.py's TOOL_PACKAGES knows (read from its source: conftest is not importable)."""
    tree = ast.parse((ROOT / "tests" / "conftest.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "TOOL_PACKAGES" for t in node.targets):
            return set(ast.literal_eval(node.value))
    raise AssertionError("tests/conftest.py has no TOOL_PACKAGES")


# The tools conftest.py knows, and others a test might one day call: naming one unmarked is refused.
TOOLS = frozenset(_conftest_tools() | {"pdftoppm", "pdftotext", "pdffonts", "pdfinfo", "pdfimages", "pdftocairo",
                                       "qpdf", "mutool", "rsvg-convert", "chromium", "chromedriver", "hb-shape",
                                       "hb-view", "hb-subset", "fc-match", "gs", "inkscape", "magick"})


def _tool_named(node: ast.AST, constants: dict[str, str]) -> str | None:
    """The tool a string constant names (the whole string, or its first word: "pdftoppm -r 60 ..."), or
    a module constant that holds one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.split(" ", 1)[0] in TOOLS:
        return node.value.split(" ", 1)[0]
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        return constants.get(node.id)
    return None


def _needs_marks(decorators: list[ast.expr]) -> set[str] | None:
    """The tools that `pytest.mark.needs(...)` decorators (or a pytestmark value) name; None if none is a needs mark."""
    found: set[str] | None = None
    for node in decorators:
        for call in ast.walk(node):
            if (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "needs"):
                found = (found or set()) | {a.value for a in call.args if isinstance(a, ast.Constant)}
    return found


class _Module:
    """One test module (or conftest.py) read for the tools its functions name."""

    def __init__(self, source: str) -> None:
        tree = ast.parse(source)
        self.constants = {target.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                          for target in node.targets if isinstance(target, ast.Name)
                          and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
                          and node.value.value in TOOLS}
        self.module_marks: set[str] = set()
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        self.tests: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, set[str]]] = []   # (test, its class's marks)
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
                self.module_marks |= _needs_marks([node.value]) or set()
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                self.functions[node.name] = node
                if node.name.startswith("test"):
                    self.tests.append((node, set()))
            elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                marks = _needs_marks(node.decorator_list) or set()
                self.tests += [(f, marks) for f in node.body
                               if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and f.name.startswith("test")]
        self.fixtures = {name for name, f in self.functions.items() if _is_fixture(f)}

    def direct(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[set[str], set[str]]:
        """(tools the function's body names, names it refers to: helpers it calls, fixtures it takes)."""
        body = function.body[1:] if ast.get_docstring(function) is not None else function.body
        tools: set[str] = set()
        names = {a.arg for a in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]}
        for statement in body:
            for node in ast.walk(statement):
                tool = _tool_named(node, self.constants)
                if tool:
                    tools.add(tool)
                if isinstance(node, ast.Name):
                    names.add(node.id)
        return tools, names


def _is_fixture(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any("fixture" in ast.unparse(d).split("(")[0] for d in function.decorator_list)


def unmarked_tool_uses(module: str, conftests: tuple[str, ...] = ()) -> dict[str, set[str]]:
    """{test name: the tools it runs without a needs mark naming them} for a test module's source, with
    the fixtures of the conftest.py sources given (nearest last)."""
    ours = _Module(module)
    scopes = [_Module(c) for c in conftests] + [ours]
    known: dict[str, tuple[ast.FunctionDef | ast.AsyncFunctionDef, _Module]] = {}
    for scope in scopes:                                   # a nearer conftest's fixture hides a farther one's
        known.update({name: (scope.functions[name], scope) for name in scope.fixtures})
    known.update({name: (f, ours) for name, f in ours.functions.items()})

    def runs(function: ast.FunctionDef | ast.AsyncFunctionDef, scope: _Module) -> set[str]:
        seen: set[int] = set()
        todo = [(function, scope)]
        tools: set[str] = set()
        while todo:
            node, where = todo.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            direct, names = where.direct(node)
            tools |= direct
            todo += [known[name] for name in names if name in known]
        return tools

    found: dict[str, set[str]] = {}
    for test, class_marks in ours.tests:
        marked = ours.module_marks | class_marks | (_needs_marks(test.decorator_list) or set())
        missing = runs(test, ours) - marked
        if missing:
            found[test.name] = missing
    return found


def test_the_tool_check_finds_an_unmarked_tool_through_helpers_and_fixtures() -> None:
    module = '''
import subprocess, pytest
PDFTOTEXT = "pdftotext"
def _raster(pdf):
    """pdftoppm renders it."""
    subprocess.run(["pdftoppm", "-png", str(pdf)], check=True)
@pytest.fixture
def fonts():
    return subprocess.run(["pdffonts", "x.pdf"]).stdout
def _text():
    return subprocess.run([PDFTOTEXT, "x.pdf", "-"]).stdout
def test_unmarked(tmp_path):
    _raster(tmp_path)
@pytest.mark.needs("pdftoppm")
def test_marked(tmp_path):
    _raster(tmp_path)
def test_fixture(fonts):
    assert fonts
@pytest.mark.needs("pdffonts")
def test_marked_fixture(fonts):
    assert fonts
def test_constant():
    assert _text()
def test_shell():
    subprocess.run("qpdf --check x.pdf", shell=True)
def test_from_conftest(browser):
    assert browser
def test_nothing():
    """pdftoppm is only mentioned here."""
    assert "a pdftoppm b"
class TestGroup:
    def test_in_class(self):
        _raster("x")
'''
    conftest = 'import pytest\n@pytest.fixture\ndef browser(find_tool):\n    return find_tool("chromium")\n'
    assert unmarked_tool_uses(module, (conftest,)) == {
        "test_unmarked": {"pdftoppm"}, "test_fixture": {"pdffonts"}, "test_constant": {"pdftotext"},
        "test_shell": {"qpdf"}, "test_from_conftest": {"chromium"}, "test_in_class": {"pdftoppm"}}
    marked = 'import pytest\npytestmark = [pytest.mark.needs("chromium")]\n' + module.split("\n", 2)[2]
    assert "test_from_conftest" not in unmarked_tool_uses(marked, (conftest,))


def test_every_test_that_runs_a_tool_carries_the_needs_mark() -> None:
    tests = ROOT / "tests"
    unmarked: dict[str, set[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        if path.name == "test_tools.py":            # names the tools to test the checks, runs none
            continue
        conftests = tuple(c.read_text(encoding="utf-8") for folder in reversed(path.relative_to(tests).parents)
                          if (c := tests / folder / "conftest.py").is_file())
        for name, tools in unmarked_tool_uses(path.read_text(encoding="utf-8"), conftests).items():
            unmarked[f"{path.relative_to(ROOT)}::{name}"] = tools
    assert not unmarked, f"tests that run a system tool without @pytest.mark.needs naming it: {unmarked}"
