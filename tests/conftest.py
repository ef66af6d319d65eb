"""Fixtures shared by every test folder: the golden drawing-log check, the system tools, the shared kits.

System tools: a test marked `@pytest.mark.needs("pdftoppm", ...)` skips, with one line naming the
Debian package to install, when a tool is missing; PNPGEN_REQUIRE_TOOLS=1 (set by .ci/run, which
installs them) makes that a failure instead. `need_tools()` is the same check for a fixture to call.
"""

from __future__ import annotations

import gc
import importlib.util
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

UPDATE_FLAG = "PNPGEN_UPDATE_GOLDEN"
REQUIRE_FLAG = "PNPGEN_REQUIRE_TOOLS"
OLD_REQUIRE_FLAG = "PNPGEN_REQUIRE_BROWSER"       # its first name: it covered the browser test only

# tool -> the Debian package that installs it (README.md, "Tests that need system tools", says the same)
TOOL_PACKAGES = {
    "chromium": "chromium",
    "chromedriver": "chromium-driver",
    "pdftoppm": "poppler-utils",
    "mutool": "mupdf-tools",
    "rsvg-convert": "librsvg2-bin",
    "pdffonts": "poppler-utils",
    "pdftotext": "poppler-utils",
    "qpdf": "qpdf",
    "hb-shape": "libharfbuzz-bin",
    "hb-view": "libharfbuzz-bin",
    "fc-match": "fontconfig",
}
# Installed font families tests draw with (Debian packages): `system_font(family)` finds them.
FONT_PACKAGES = {"Noto Sans Arabic": "fonts-noto-core", "Noto Sans Devanagari": "fonts-noto-core",
                 "Noto Sans": "fonts-noto-core", "Noto Sans CJK JP": "fonts-noto-cjk",
                 "Noto Sans Thai": "fonts-noto-core", "Noto Serif CJK JP": "fonts-noto-cjk"}
# Python packages a tool test drives (the test extra installs them).
PYTHON_MODULES = {"selenium": "pip install '.[test]'"}
# The browser's two are looked for at a fixed path (a Debian install puts both in /usr/bin), which
# these variables change; the others on PATH.
TOOL_PATH_VARIABLES = {"chromium": ("PNPGEN_CHROMIUM", "/usr/bin/chromium"),
                       "chromedriver": ("PNPGEN_CHROMEDRIVER", "/usr/bin/chromedriver")}
os.environ.setdefault("PNPGEN_CACHE_DIR", "off")      # tests parse art afresh (tests/scene/test_artcache.py turns it on)


# --- the collector and the session's long-lived objects ----------------------------------------------
# The session keeps large object graphs alive (fonts parsed by fontTools, SVG art, the shared kits' page
# texts, Hypothesis' strategies, every test module), and each full (generation-2) collection would walk
# them all again: about a tenth of the suite's CPU. Once collection is done, and after each test module's
# teardown, the garbage is collected and what survives is frozen (gc.freeze: kept out of the collector's
# walks), so later collections walk only what the tests made since. Nothing changes for the tests
# themselves: reference counting frees as before, and cycles made since the last freeze are collected.
# What is frozen stays frozen to the end: the interpreter's last collection at exit skips it (with it
# unfrozen that collection walked the whole session's survivors once more, 2-3 s of CPU after the last
# test, to free memory that the process's exit gives back anyway).

# gc.get_referrers does not see frozen objects: Hypothesis, on its first import, asks it whether the
# PRNGs that other libraries register (trio's) are kept alive, and would warn (an error here) if it
# were first imported after a freeze, as a run of a few files that never import it otherwise does
# when its plugin reports at the end. So it is imported before the first freeze.

def _freeze_survivors() -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)     # fewer young collections: the tests make many short-lived objects
    #                                      (about 4 % less CPU, measured on the codex and laser files)


def pytest_collection_finish(session: pytest.Session) -> None:
    import hypothesis  # noqa: F401  (see above)

    _freeze_survivors()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    yield                                          # the item's fixtures, and its module's when it is the last
    if nextitem is None or nextitem.path != item.path:
        _freeze_survivors()


# --- rendering in this process ------------------------------------------------------------------
# A deck's PNG/SVG faces are rendered in a pool of forked processes, one per core, unless --jobs says
# otherwise. Forked from the test session (a large process), each pool cost more in page tables and
# copied pages than its pages' rendering: the tests render in-process unless they pass --jobs.
# The pool's own tests pass --jobs 2 (tests/render/test_pool.py, test_svg_fonts.py: the same bytes
# whatever the jobs), so the pool is still what they check.

@pytest.fixture(scope="session", autouse=True)
def _render_in_process() -> Iterator[None]:
    from generator.render import pool

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pool, "default_jobs", lambda: 1)
        yield


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
# Every test that only reads a kit takes it from here: each `pnpgen kit <args>` is built once for the
# session (in-process), whichever tests ask for it. Read-only: a test that changes a kit copies it first;
# the teardown checks that no file of any kit built here changed.

@pytest.fixture(scope="session")
def built_kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., Path]]:
    """built_kit("--seed", "1", "--lang", "en"): the folder of `pnpgen kit <args>`, built once per session."""
    from generator.cli import cli
    from generator.cli.common import run_cli

    made: dict[tuple[str, ...], tuple[Path, dict[str, tuple[int, int]]]] = {}

    def build(*args: str) -> Path:
        if args not in made:
            folder = tmp_path_factory.mktemp("kit")
            assert run_cli(cli, ["kit", *args, "-o", str(folder), "--quiet"]) == 0
            made[args] = folder, _fingerprint(folder)
        return made[args][0]

    yield build
    for args, (folder, before) in made.items():
        assert _fingerprint(folder) == before, f"a test changed the shared kit {args} (copy it before changing it)"


def _fingerprint(folder: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(folder)): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*")}


@pytest.fixture(scope="session")
def kit_seed1(built_kit: Callable[..., Path]) -> Path:
    """`pnpgen kit --seed 1`: each game in its rulebook's language. The kit most tests read (test_kit.py,
    the secrets, the boxes), the kill test's old kit; test_kit.py builds it a second time to compare bytes."""
    return built_kit("--seed", "1")


@pytest.fixture(scope="session")
def kit_seed1_en(built_kit: Callable[..., Path]) -> Path:
    """`pnpgen kit --seed 1 --lang en`: every game in English."""
    return built_kit("--seed", "1", "--lang", "en")


@pytest.fixture(scope="session")
def page_texts() -> Callable[[Path], tuple[str, ...]]:
    """page_texts(pdf): the text of each page (tests/pdftext.py: pdftotext when installed, else pypdf),
    read once per session for each file as it is: several tests read the shared kits' pages."""
    from tests.pdftext import page_texts as texts

    return texts


# --- the browser --------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def shared_browser() -> Iterator[object]:
    """One headless Chromium (selenium, through chromedriver) for the session's browser tests (the
    preview's, laser play's): each opens its own server's page and leaves about:blank behind it (a page
    polling a stopped server would keep the browser busy). Starting one costs ~0.8 s of CPU."""
    need_tools("chromium", "chromedriver", "selenium")
    from tests.preview.test_browser import quit_browser, start_browser

    driver = start_browser(str(tool_path("chromium")), str(tool_path("chromedriver")))
    yield driver
    quit_browser(driver)


# --- system tools -------------------------------------------------------------------------------

def tool_path(tool: str) -> str | None:
    """Where the tool is: its fixed path (the browser's two) or found on PATH; None when missing."""
    if tool in TOOL_PATH_VARIABLES:
        variable, default = TOOL_PATH_VARIABLES[tool]
        path = os.environ.get(variable, default)
        return path if Path(path).is_file() else None
    return shutil.which(tool)


def _installed(tool: str) -> bool:
    if tool in PYTHON_MODULES:
        return importlib.util.find_spec(tool) is not None
    return tool_path(tool) is not None


def tools_required() -> bool:
    return os.environ.get(REQUIRE_FLAG) == "1" or os.environ.get(OLD_REQUIRE_FLAG) == "1"


def need_tools(*tools: str) -> None:
    """Skip (or fail, with PNPGEN_REQUIRE_TOOLS=1) unless every tool is installed; one line saying
    what to install, e.g. 'needs pdftoppm: apt-get install poppler-utils'."""
    missing = [tool for tool in tools if not _installed(tool)]
    if not missing:
        return
    packages = " ".join(dict.fromkeys(TOOL_PACKAGES[tool] for tool in missing if tool in TOOL_PACKAGES))
    commands = [f"apt-get install {packages}"] if packages else []
    commands += [PYTHON_MODULES[tool] for tool in missing if tool in PYTHON_MODULES][:1]
    message = f"needs {', '.join(missing)}: {'; '.join(commands)}"
    if tools_required():
        pytest.fail(f"{message} ({REQUIRE_FLAG}=1: the tools must be there)", pytrace=False)
    pytest.skip(message)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "needs(*tools): the system tools the test runs (skips when one is missing)")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in item.iter_markers("needs"):
        unknown = [tool for tool in marker.args if tool not in TOOL_PACKAGES and tool not in PYTHON_MODULES]
        assert not unknown, f"@pytest.mark.needs names tools conftest.py does not know: {unknown}"
        need_tools(*marker.args)


@pytest.fixture(scope="session")
def tools() -> Callable[..., None]:
    """need_tools as a fixture (conftest is not importable under importlib mode): tools("mutool")."""
    return need_tools


@pytest.fixture(scope="session")
def find_tool() -> Callable[[str], str | None]:
    """tool_path as a fixture: where a tool is, or None."""
    return tool_path


@pytest.fixture(scope="session")
def system_font() -> Callable[[str], Path]:
    """The file of an installed family by fontconfig (skips, or fails under PNPGEN_REQUIRE_TOOLS=1,
    naming the Debian package, when it is not installed)."""
    def find(family: str) -> Path:
        import subprocess

        need_tools("fc-match")
        out = subprocess.run(["fc-match", "-f", "%{family}\t%{file}", family], capture_output=True, text=True,
                             check=False).stdout
        families, _, file = out.partition("\t")
        if family.casefold() not in {f.strip().casefold() for f in families.split(",")}:
            message = f"needs the font family {family!r}: apt-get install {FONT_PACKAGES.get(family, 'fonts-noto')}"
            if tools_required():
                pytest.fail(f"{message} ({REQUIRE_FLAG}=1: the tools must be there)", pytrace=False)
            pytest.skip(message)
        return Path(file)

    return find
