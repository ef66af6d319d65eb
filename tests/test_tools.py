"""The system-tool tests on a machine without the tools: one line saying what to install, and a failure
instead of a skip when PNPGEN_REQUIRE_TOOLS=1 (what .ci/run sets); the README names the same packages."""

from __future__ import annotations

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
