"""The one reader of data files: UTF-8 text, YAML node trees (a line for every key; duplicate keys, alias
bombs and deep nesting refused), JSON (through core.jsondata), checked against a schema.

YAML is composed by libyaml (yaml.CSafeLoader) when PyYAML has it, which bounds nesting itself;
anything it or the checks refuse is read again by the pure-Python loader, so results and error
messages (with their lines) are the same with or without libyaml."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.cards.schema import Schema, plain, validate
from generator.core.errors import DataError, PnpError
from generator.core.files import read_bounded
from generator.core.jsondata import MAX_DEPTH, parse_json
from generator.core.limits import MAX_DATA_BYTES

MAX_NODES = 100_000        # values aliases add when expanded (a "billion laughs" file adds 10**9);
                           # plain values are not counted: the file's own size bounds them
MERGE_KEY = "<<"


def read_text(path: str | Path, error: type[PnpError] = DataError) -> str:
    """The file as text (UTF-8, a byte-order mark dropped); a bad byte is reported with its line. Only a
    regular file of at most MAX_DATA_BYTES is read (core.files.read_bounded)."""
    raw = read_bounded(path, MAX_DATA_BYTES, "file", error)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        raise error("not UTF-8 text (save the file as UTF-8)", file=path, line=line) from None


# --- YAML ------------------------------------------------------------------------------------------

def load_yaml(path: str | Path, schema: Schema | None = None, error: type[PnpError] = DataError,
              lines: dict[str, int] | None = None) -> Any:
    """A YAML file as plain data, checked against schema (errors name file:line:key); None when empty.
    `lines`, if given, receives the line of every value by its key path (see schema.validate)."""
    node = yaml_node(read_text(path, error), path, error)
    if node is None:
        return None
    if schema is None:
        return plain(node, path, error)
    return validate(schema, node, path, error, lines)


def yaml_node(text: str, path: str | Path, error: type[PnpError] = DataError) -> Any:
    """The composed node tree of one YAML document (None if empty), after the safety checks."""
    fast = _c_node(text, path, error)
    if fast is not _REFUSED:
        return fast
    return _python_node(text, path, error)


_REFUSED = object()


def _c_node(text: str, path: str | Path, error: type[PnpError]) -> Any:
    """The node tree composed by libyaml and checked; _REFUSED when libyaml is missing or anything
    fails (the pure-Python loader then reads the file again, to give its own words and lines)."""
    import yaml

    loader_class = getattr(yaml, "CSafeLoader", None)
    if loader_class is None or not USE_LIBYAML or "\t" in text:
        return _REFUSED         # libyaml takes some tabs PyYAML refuses: such files go the slow way
    try:
        yaml.reader.Reader(text)        # the pure-Python reader's check of the characters
        loader = loader_class(text)
        try:
            node = loader.get_single_node()
        finally:
            loader.dispose()
        if node is not None:
            _Census(path, error).check(node, aliases="*" in text)
    except (yaml.YAMLError, PnpError, RecursionError):
        return _REFUSED
    return node


USE_LIBYAML = True      # tests turn it off to compare both loaders


def _python_node(text: str, path: str | Path, error: type[PnpError]) -> Any:
    """The node tree composed by PyYAML's pure-Python loader, depth-bounded, and checked."""
    import yaml

    try:
        loader = _loader_class()(text)    # the reader refuses control characters here already
    except yaml.YAMLError as err:
        raise yaml_error(err, path, error) from None
    try:
        node = loader.get_single_node()
    except yaml.YAMLError as err:
        raise yaml_error(err, path, error) from None
    except _TooDeep as err:
        raise error(f"nested deeper than {MAX_DEPTH} levels", file=path, line=err.line, key=err.key) from None
    finally:
        loader.dispose()
    if node is not None:
        _Census(path, error).check(node)
    return node


def yaml_error(err: Exception, path: str | Path, error: type[PnpError] = DataError) -> PnpError:
    """A pnpgen error with file, line and column from a PyYAML error."""
    mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err).splitlines()[0]
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    character = getattr(err, "character", None)
    if mark is None and isinstance(character, int):    # the reader: a character YAML does not allow
        problem = f"character #x{character:04x} is not allowed in YAML"
    return error(f"bad YAML: {problem}", file=path, line=line, column=column)


def key_lines(node: Any) -> dict[str, int]:
    """{key: line} of a mapping node's keys (empty for any other node)."""
    import yaml

    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(k.value): k.start_mark.line + 1 for k, _ in node.value if isinstance(k, yaml.ScalarNode)}


class _TooDeep(Exception):
    def __init__(self, line: int | None, key: str | None) -> None:
        super().__init__(line)
        self.line, self.key = line, key


def _step(index: Any) -> str:
    """One step of a key path: a mapping key's text, '[i]' for a list item, '' for the root or a key."""
    if isinstance(index, int):
        return f"[{index}]"
    return str(getattr(index, "value", "")) if index is not None else ""


def _key_path(steps: list[str]) -> str | None:
    path = ""
    for step in steps:
        if step:
            path += step if step.startswith("[") or not path else f".{step}"
    return path or None


_LOADER: type | None = None


def _loader_class() -> type:
    """SafeLoader that stops composing past MAX_DEPTH (before Python's own recursion limit)."""
    global _LOADER
    if _LOADER is None:
        import yaml

        class DepthLoader(yaml.SafeLoader):
            def compose_node(self, parent: Any, index: Any) -> Any:
                event: Any = self.peek_event()  # type: ignore[no-untyped-call]
                if not isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                    return super().compose_node(parent, index)
                self.path.append(_step(index))
                try:
                    if len(self.path) > MAX_DEPTH:
                        mark = event.start_mark
                        raise _TooDeep(mark.line + 1 if mark else None, _key_path(self.path))
                    return super().compose_node(parent, index)
                finally:
                    self.path.pop()

            def get_single_node(self) -> Any:
                self.path: list[str] = []
                return super().get_single_node()

        _LOADER = DepthLoader
    return _LOADER


class _Census:
    """Counts the values aliases add when expanded and the tree's depth (aliases included); refuses
    duplicate keys. Each node is visited once: an alias met again adds its known size."""

    def __init__(self, path: str | Path, error: type[PnpError]) -> None:
        self.path, self.error = path, error
        self.known: dict[int, tuple[int, int] | None] = {}      # id(node) -> (values, levels)
        self.expanded = 0                                        # values added through aliases

    def fail(self, node: Any, message: str, key: str | None = None) -> None:
        raise self.error(message, file=self.path, line=node.start_mark.line + 1, key=key)

    def check(self, root: Any, aliases: bool = True) -> None:
        """Refuse what the tree holds wrong. aliases=False (the text has no `*`, so no alias): one quick
        walk for duplicate keys and depth; the full measure only runs to word a fault it found."""
        if aliases or not self.plain_tree(root):
            self.measure(root, [""])

    def plain_tree(self, root: Any) -> bool:
        """Whether an alias-free tree is within MAX_DEPTH and has no duplicate keys."""
        import yaml

        mapping, sequence = yaml.MappingNode, yaml.SequenceNode
        stack = [(root, 1)]
        while stack:
            node, depth = stack.pop()
            kind = type(node)
            if kind is mapping:
                keys = [k.value for k, _ in node.value if type(k) is yaml.ScalarNode and k.value != MERGE_KEY]
                if len(set(keys)) != len(keys) or depth > MAX_DEPTH:
                    return False
                stack += [(n, depth + 1) for pair in node.value for n in pair if type(n) is not yaml.ScalarNode]
            elif kind is sequence:
                if depth > MAX_DEPTH:
                    return False
                stack += [(n, depth + 1) for n in node.value if type(n) is not yaml.ScalarNode]
        return True

    def measure(self, node: Any, steps: list[str]) -> tuple[int, int]:
        """(values, levels of lists/mappings) under node, reached through `steps` (one per level)."""
        import yaml

        if isinstance(node, yaml.ScalarNode):
            return 1, 0
        depth, key = len(steps), _key_path(steps)
        if id(node) in self.known:
            known = self.known[id(node)]
            if known is None:
                self.fail(node, "an alias refers to the list or mapping that contains it", key)
            elif depth + known[1] - 1 > MAX_DEPTH:
                self.fail(node, f"nested deeper than {MAX_DEPTH} levels (through aliases)", key)
            self.expanded += known[0] if known else 0      # an alias: its values count again
            return known or (0, 0)
        if depth > MAX_DEPTH:
            self.fail(node, f"nested deeper than {MAX_DEPTH} levels (through aliases)", key)
        self.known[id(node)] = None
        if isinstance(node, yaml.MappingNode):
            self.duplicates(node)
        if isinstance(node, yaml.MappingNode):
            children = [(n, _step(k) if n is v else "") for k, v in node.value for n in (k, v)]
        else:
            children = [(n, f"[{i}]") for i, n in enumerate(node.value)]
        total, levels = 1, 0
        for child, step in children:
            size, height = self.measure(child, [*steps, step])
            total, levels = total + size, max(levels, height)
            if self.expanded > MAX_NODES:       # named at the list or mapping holding the alias
                self.fail(node, f"aliases expand to more than {MAX_NODES} values (an alias bomb?)", key)
        self.known[id(node)] = (total, levels + 1)
        return total, levels + 1

    def duplicates(self, node: Any) -> None:
        import yaml

        seen: dict[str, int] = {}
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.value == MERGE_KEY:
                continue
            line = key_node.start_mark.line + 1
            if key_node.value in seen:
                self.fail(key_node, f"key given twice (first on line {seen[key_node.value]})", key=key_node.value)
            seen[key_node.value] = line


# --- JSON ------------------------------------------------------------------------------------------

def load_json(path: str | Path, error: type[PnpError] = DataError) -> Any:
    """A JSON file as plain data (see core.jsondata.parse_json: duplicate keys, NaN and deep nesting refused)."""
    return parse_json(read_text(path, error), path, error)
