"""A small declarative schema for data files: mappings with required and optional keys, tables, lists, text,
flags and finite numbers in a range; checked on YAML nodes so that every error names file:line:key."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.errors import DataError, PnpError
from generator.core.numbers import format_number


class Schema:
    """One expected shape; `check` turns a YAML node into plain data or raises through the walker."""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        raise NotImplementedError


@dataclass(frozen=True)
class Anything(Schema):
    """Any value (still refused: NaN, infinity, keys given twice)."""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        return walk.plain(node, key)


@dataclass(frozen=True)
class Text(Schema):
    """A string; with `blank=False` it must hold more than spaces; `null=True` also allows an empty value."""

    blank: bool = True
    null: bool = False

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        value = walk.scalar(node, key)
        if value is None and self.null:
            return None
        if not isinstance(value, str):
            walk.fail(node, key, f"must be text, not {_shown(value)}")
        if not self.blank and not value.strip():
            walk.fail(node, key, "must not be empty")
        return value


@dataclass(frozen=True)
class Words(Schema):
    """A printed value: text, or a number or flag that is printed as written (`str()` of it)."""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        value = walk.scalar(node, key)
        if value is None or isinstance(value, (dict, list)):
            walk.fail(node, key, "must be a text")
        return value


@dataclass(frozen=True)
class Flag(Schema):
    """true or false."""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        value = walk.scalar(node, key)
        if not isinstance(value, bool):
            walk.fail(node, key, f"must be true or false, not {_shown(value)}")
        return value


@dataclass(frozen=True)
class Number(Schema):
    """A finite number in [low, high]; `whole=True` for an integer."""

    low: float | None = None
    high: float | None = None
    whole: bool = False

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        value = walk.scalar(node, key)
        kinds: tuple[type, ...] = (int,) if self.whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds):
            walk.fail(node, key, f"must be a {'whole ' if self.whole else ''}number, not {_shown(value)}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            walk.fail(node, key, f"must be {_bounds(self.low, self.high)}, not {value}")
        return value


@dataclass(frozen=True)
class Colour(Schema):
    """A colour ('#rrggbb', '#rgb' or a name), read by the one colour parser into '#rrggbb'."""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        from generator.core.colours import ColourError, parse_colour

        value = walk.scalar(node, key)
        try:
            return parse_colour(value)
        except ColourError as err:
            walk.fail(node, key, str(err))


@dataclass(frozen=True)
class Seq(Schema):
    """A list of items of one schema, at least `least` of them."""

    item: Schema
    least: int = 0

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        import yaml

        if not isinstance(node, yaml.SequenceNode):
            walk.fail(node, key, "must be a list")
        if len(node.value) < self.least:
            walk.fail(node, key, f"must be a list of at least {self.least}")
        return [walk.child(self.item, child, f"{key}[{i}]") for i, child in enumerate(node.value)]


@dataclass(frozen=True)
class Map(Schema):
    """A mapping with known keys: each required one present, optional ones allowed, any other an error;
    `shape` replaces the message for a value that is not a mapping at all."""

    required: Mapping[str, Schema] = field(default_factory=dict)
    optional: Mapping[str, Schema] = field(default_factory=dict)
    shape: str = ""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        pairs = walk.pairs(node, key, self.shape)
        known = {**self.required, **self.optional}
        out: dict[str, Any] = {}
        for name, (key_node, value_node) in pairs.items():
            if name not in known:
                walk.fail(key_node, _join(key, name), f"unknown key (known: {', '.join(sorted(known))})")
            out[name] = walk.child(known[name], value_node, _join(key, name))
        missing = sorted(set(self.required) - set(out))
        if missing:
            walk.fail(node, key, f"missing {', '.join(map(repr, missing))}")
        return out


class Named(Schema):
    """A block of named entries (a template's `fonts:`): a mapping's values keep their lines
    ('fonts.body'); anything else is passed on as it is, for the block's own check to refuse."""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        import yaml

        return (Table(Anything()) if isinstance(node, yaml.MappingNode) else Anything()).check(node, walk, key)


@dataclass(frozen=True)
class Table(Schema):
    """A mapping from free keys to values of one schema; `fixed` keys must be there, each with its own
    schema; `keys`, if given, says which free keys are allowed (`keys_are` says it in words)."""

    value: Schema
    fixed: Mapping[str, Schema] = field(default_factory=dict)
    keys: Callable[[str], bool] | None = None
    keys_are: str = ""

    def check(self, node: Any, walk: _Walk, key: str) -> Any:
        out: dict[str, Any] = {}
        for name, (key_node, value_node) in walk.pairs(node, key).items():
            if name not in self.fixed and self.keys is not None and not self.keys(name):
                walk.fail(key_node, _join(key, name), f"not allowed here ({self.keys_are})")
            out[name] = walk.child(self.fixed.get(name, self.value), value_node, _join(key, name))
        missing = sorted(set(self.fixed) - set(out))
        if missing:
            walk.fail(node, key, f"missing {', '.join(map(repr, missing))}")
        return out


def validate(schema: Schema, node: Any, path: str | Path | None, error: type[PnpError] = DataError,
             lines: dict[str, int] | None = None) -> Any:
    """Plain data from a YAML node tree checked against schema; error(file, line, key) on the first fault.
    `lines`, if given, is filled with the line of every value by its key path ('components[0].hit')."""
    walk = _Walk(path, error)
    walk.lines = lines if lines is not None else {}
    walk.lines[""] = node.start_mark.line + 1
    return schema.check(node, walk, "")


def plain(node: Any, path: str | Path | None, error: type[PnpError] = DataError) -> Any:
    """Plain data from a YAML node tree, with no schema (numbers must still be finite)."""
    return _Walk(path, error).plain(node, "")


class _Walk:
    """Builds plain data from nodes; knows the file so that every fault names file:line:key."""

    def __init__(self, path: str | Path | None, error: type[PnpError]) -> None:
        from yaml.constructor import SafeConstructor

        self.path, self.error = path, error
        self.constructor = SafeConstructor()
        self.lines: dict[str, int] = {}

    def child(self, schema: Schema, node: Any, key: str) -> Any:
        self.lines[key] = node.start_mark.line + 1
        return schema.check(node, self, key)

    def fail(self, node: Any, key: str, message: str) -> None:
        raise self.error(message, file=self.path, line=node.start_mark.line + 1, key=key or None)

    def scalar(self, node: Any, key: str) -> Any:
        import yaml

        if not isinstance(node, yaml.ScalarNode):
            self.fail(node, key, "must be a single value, not a list or mapping")
        value = self.construct(node, key)
        if isinstance(value, float) and not math.isfinite(value):
            self.fail(node, key, f"must be a finite number, not {node.value}")
        return value

    def pairs(self, node: Any, key: str, shape: str = "") -> dict[str, tuple[Any, Any]]:
        """{key: (key node, value node)} of a mapping node (`<<:` merges applied)."""
        import yaml

        if not isinstance(node, yaml.MappingNode):
            self.fail(node, key, shape or "must be a mapping (key: value lines)")
        self.constructor.flatten_mapping(node)
        out: dict[str, tuple[Any, Any]] = {}
        for key_node, value_node in node.value:
            name = self.scalar(key_node, key)
            if isinstance(name, (dict, list)) or name is None:
                self.fail(key_node, key, "a key must be a single word or number")
            out[str(name)] = (key_node, value_node)
        return out

    def plain(self, node: Any, key: str) -> Any:
        import yaml

        if isinstance(node, yaml.ScalarNode):
            return node.value if node.tag == _STR else self.scalar(node, key)
        if isinstance(node, yaml.SequenceNode) and node.tag == "tag:yaml.org,2002:seq":
            return [self.plain(child, f"{key}[{i}]") for i, child in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode) and node.tag == "tag:yaml.org,2002:map":
            return self._mapping(node, key)
        return self.construct(node, key)

    def _mapping(self, node: Any, key: str) -> dict[Any, Any]:
        """A mapping node as a dict: plain string keys and values taken as they are (most of a data
        file), the rest constructed and checked as pairs() and scalar() do."""
        import yaml

        scalar = yaml.ScalarNode
        if any(k.tag in _FLATTENED for k, _ in node.value):
            self.constructor.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if type(key_node) is scalar and key_node.tag == _STR:
                name = key_node.value
            else:
                name = self.scalar(key_node, key)
                if isinstance(name, (dict, list)) or name is None:
                    self.fail(key_node, key, "a key must be a single word or number")
            if type(value_node) is scalar and value_node.tag == _STR:
                out[name] = value_node.value
            else:
                out[name] = self.plain(value_node, _join(key, str(key_node.value)))
        return out

    def construct(self, node: Any, key: str) -> Any:
        """A node's value; an unknown tag (`!foo`) or a value its tag cannot read is this file's error."""
        import yaml

        try:
            return self.constructor.construct_object(node, deep=True)
        except yaml.YAMLError as err:
            self.fail(node, key, f"bad YAML: {getattr(err, 'problem', None) or str(err).splitlines()[0]}")
            raise   # unreachable: fail raises



_STR = "tag:yaml.org,2002:str"
_FLATTENED = ("tag:yaml.org,2002:merge", "tag:yaml.org,2002:value")    # keys SafeConstructor.flatten_mapping rewrites


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


def _shown(value: Any) -> str:
    if value is None:
        return "empty"
    if isinstance(value, float):
        return format_number(value, 6)
    if isinstance(value, (dict, list)):
        return "a list or mapping"
    return repr(value)


def _bounds(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"between {format_number(low, 6)} and {format_number(high, 6)}"
    return f"at least {format_number(low, 6)}" if low is not None else f"at most {format_number(high or 0, 6)}"
