"""docs/ARCHITECTURE.md draws the package's tree: its folders and modules must be the code's own (no stale or missing entry)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

# The document and the tree it draws are the checkout's (tests/..), never the installed copy: the README
# and CI install pnpgen non-editable, so `generator.__file__` is in site-packages, beside no docs/.
ROOT = Path(__file__).resolve().parent.parent
PACKAGE_DIR = ROOT / "generator"
DOC = ROOT / "docs" / "ARCHITECTURE.md"
NAME = re.compile(r"^[\w.]+\.py$|^\w+/$")

needs_docs = pytest.mark.skipif(not DOC.is_file() or not PACKAGE_DIR.is_dir(), reason=f"no {DOC}: not a source checkout")


def drawn_tree(text: str) -> dict[str, list[str]]:
    """{folder: [entries]} of the tree under `generator/` in the first code block: the folder itself
    ("") at two spaces, a folder's children at four; an entry is the first word of its line (every word,
    on a line of module names only: "__init__.py  __main__.py"); the words after it and the deeper lines describe it."""
    block = text.split("```", 2)[1]
    tree: dict[str, list[str]] = {"": []}
    folder = ""
    for line in block.splitlines():
        match = re.match(r"^( {2}| {4})(\S.*)$", line)
        if not match:
            continue
        words = match.group(2).split()
        names = words if all(NAME.match(w) and w.endswith(".py") for w in words) else words[:1]
        if len(match.group(1)) == 2:
            folder = names[0]
            tree[""] += names
        else:
            tree.setdefault(folder, []).extend(names)
    return tree


def drawn_modules(text: str, folder: str) -> set[str]:
    """The modules named (NAME.py) on the line of a four-space `folder/` entry and its continuation lines."""
    found = re.search(rf"^ {{4}}{re.escape(folder)}/(.*(?:\n {{6,}}\S.*)*)", text.split("```", 2)[1], flags=re.M)
    assert found, f"no {folder}/ entry in the tree"
    return set(re.findall(r"\b\w+\.py\b", found.group(1)))


def real_entries(folder: Path) -> set[str]:
    """The Python modules and packages (folders with Python modules) of a folder."""
    entries = {p.name for p in folder.glob("*.py")}
    entries |= {f"{p.name}/" for p in folder.iterdir() if p.is_dir() and any(p.rglob("*.py"))}
    return entries


def test_the_tree_reader_reads_names_and_skips_descriptions() -> None:
    text = ("```\ngenerator/\n  a.py  b.py\n  x/     the x layer: y/ and c.py\n    c.py    one\n"
            "    y/      the y: d.py,\n            e.py\n    z/      f.py  g.py\n```\n")
    assert drawn_tree(text) == {"": ["a.py", "b.py", "x/"], "x/": ["c.py", "y/", "z/"]}
    assert drawn_modules(text, "y") == {"d.py", "e.py"}


@needs_docs
def test_the_drawn_package_folders_are_the_code_folders() -> None:
    tree = drawn_tree(DOC.read_text(encoding="utf-8"))
    assert sorted(tree[""]) == sorted(real_entries(PACKAGE_DIR))
    for folder in ("publish/", "games/"):
        assert sorted(tree[folder]) == sorted(real_entries(PACKAGE_DIR / folder)), folder


@needs_docs
def test_every_output_format_module_is_drawn() -> None:
    drawn = drawn_modules(DOC.read_text(encoding="utf-8"), "formats")
    assert drawn == {p.name for p in (PACKAGE_DIR / "publish" / "formats").glob("*.py")}


def drawn_game_modules(text: str, game: str) -> set[str]:
    """The modules a game's line (and its continuation lines) names: "x.py", and "pkg/x.py" for each name of
    a "pkg/ (x, y)" group (a package's __init__.py goes without saying)."""
    found = re.search(rf"^ {{4}}{re.escape(game)}/(.*(?:\n {{6,}}\S.*)*)", text.split("```", 2)[1], flags=re.M)
    assert found, f"no {game}/ line in the tree"
    line = found.group(1)
    modules = {f"{package}/{name.strip()}.py" for package, names in re.findall(r"(\w+)/\s*\(([^)]*)\)", line)
               for name in names.split(",")}
    return modules | set(re.findall(r"(?<![/\w])(\w+\.py)\b", re.sub(r"\w+/\s*\([^)]*\)", "", line)))


def real_game_modules(folder: Path) -> set[str]:
    """A game folder's modules as its line names them: "x.py", and "pkg/x.py" inside its packages."""
    top = {p.name for p in folder.glob("*.py") if p.name != "__init__.py"}
    return top | {f"{p.parent.name}/{p.name}" for p in folder.glob("*/*.py") if p.name != "__init__.py"}


def test_the_game_line_reader_reads_files_and_package_groups() -> None:
    text = ("```\ngenerator/\n  games/\n    g/     rules/ (a, b,\n               c)  content.py  the words: x\n"
            "                 cli.py\n    h/     cli.py\n```\n")
    assert drawn_game_modules(text, "g") == {"rules/a.py", "rules/b.py", "rules/c.py", "content.py", "cli.py"}
    assert drawn_game_modules(text, "h") == {"cli.py"}


@needs_docs
@pytest.mark.parametrize("game", sorted(p.name for p in (PACKAGE_DIR / "games").iterdir() if (p / "__init__.py").is_file()))
def test_every_game_line_names_each_of_its_modules(game: str) -> None:
    """docs/ARCHITECTURE.md's line for a game names every module of its folder, and none it does not have."""
    assert drawn_game_modules(DOC.read_text(encoding="utf-8"), game) == real_game_modules(PACKAGE_DIR / "games" / game)


def test_format_and_formats_have_one_meaning() -> None:
    """`Format` (the publishing layer's output format protocol) and `FORMATS` (its --format names) are defined once;
    the page formats of generator.render.write are PageFormat and PAGE_FORMATS."""
    found: dict[str, list[str]] = {"Format": [], "FORMATS": []}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            for name in found:
                if re.match(rf"(class {name}\b|{name}\s*(:[^=]*)?=)", line):
                    found[name].append(path.relative_to(PACKAGE_DIR).as_posix())
    assert found == {"Format": ["publish/job.py"], "FORMATS": ["publish/formats/__init__.py"]}
