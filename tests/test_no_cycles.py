"""No import cycles among the package's modules: every import, at the top or inside a function, counts."""

from __future__ import annotations

import ast
import pkgutil
from functools import cache
from pathlib import Path

import generator

PACKAGE_DIR = Path(generator.__file__).parent


def _source(module: str) -> Path:
    base = PACKAGE_DIR.joinpath(*module.split(".")[1:])
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


def import_graph() -> dict[str, set[str]]:
    """module -> the package modules it names in an import statement (anywhere in the file); a fresh copy
    of the graph, which is read from the sources once per session."""
    return {module: set(edges) for module, edges in _import_graph().items()}


@cache
def _import_graph() -> dict[str, set[str]]:
    modules = {"generator"} | {i.name for i in pkgutil.walk_packages([str(PACKAGE_DIR)], prefix="generator.")}
    graph: dict[str, set[str]] = {}
    for module in modules:
        is_package = _source(module).name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(ast.parse(_source(module).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = module.split(".") if is_package else module.split(".")[:-1]
                    parts = parts[:len(parts) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    if full in modules:
                        edges.add(full)
                    elif base in modules:
                        edges.add(base)
        graph[module] = edges - {module}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a list of modules (first repeated at the end), or None."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycles() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_function_level_imports() -> None:
    graph = import_graph()
    assert "generator.games.laser.rules.model" in graph["generator.games.laser.content"]
