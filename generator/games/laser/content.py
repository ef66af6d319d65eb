"""Read laser component types from YAML (card_data/laser/components.yaml) into validated plain data."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from generator.core.errors import DataError, ParseError, RulesError

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.schema import Schema
    from generator.games.laser.rules.model import Board, ComponentSet, Layout

MAX_INPUT_BYTES = 1_000_000   # far above any layout or observation of the largest board (64x64)

DIRECTIONS = ("N", "E", "S", "W")


def default_path() -> Path:
    """The built-in component file."""
    from generator import paths

    return paths.card_data("laser", "components.yaml")


def load_catalog(path: str | Path | None = None) -> ComponentSet:
    """The ComponentSet defined in a YAML file (the built-in one by default)."""
    from generator.games.laser.rules.model import component_set_from_data

    file = Path(path) if path is not None else default_path()
    items = load_component_data(file)
    try:
        return component_set_from_data(items)
    except RulesError as err:
        raise DataError(err.message, file=str(file)) from None


def _schema() -> Schema:
    from generator.cards.schema import Flag, Map, Seq, Text

    actions = Map(required={d: Text() for d in DIRECTIONS})
    orientation = Map(required={"grid": Text(), "actions": actions}, optional={"name": Text(null=True)})
    component = Map(required={"name": Text(), "hit": Text(), "orientations": Seq(orientation, 1)},
                    optional={"rulebook_name": Text(), "beginner": Flag()})
    return Map(required={"components": Seq(component, 1)})


def load_component_data(file: Path) -> list[dict[str, Any]]:
    """Plain dicts, one per component type, checked strictly; DataError names file, line and key."""
    from generator.cards.datafile import read_text, yaml_node
    from generator.cards.schema import validate

    root = yaml_node(read_text(file), file)
    if root is None:
        raise DataError("the component file is empty", file=str(file))
    lines: dict[str, int] = {}
    data = validate(_schema(), root, str(file), lines=lines)
    checker = _Checker(str(file), lines)
    items = [checker.component(item, f"components[{i}]") for i, item in enumerate(data["components"])]
    checker.check_unique(items)
    return items


class _Checker:
    """The rules of a component file beyond its shape (symbols, actions, unique names), with lines."""

    def __init__(self, file: str, lines: dict[str, int]) -> None:
        self.file, self.lines = file, lines

    def fail(self, key: str, message: str) -> NoReturn:
        raise DataError(message, file=self.file, line=self.lines.get(key), key=key)

    def symbol(self, value: str, key: str, what: str) -> str:
        if len(value) != 1 or value.isspace() or value.isdigit() or value in (".", "="):
            self.fail(key, f"{what} must be one character, not a space, a digit, '.' or '=' (got {value!r})")
        return value

    def component(self, data: dict[str, Any], key: str) -> dict[str, Any]:
        name = data["name"]
        if not name.isidentifier():
            self.fail(f"{key}.name", f"name {name!r} must be one word (letters, digits, _)")
        item = {"name": name, "hit": self.symbol(data["hit"], f"{key}.hit", f"{name}: hit"),
                "rulebook_name": data.get("rulebook_name", name), "beginner": data.get("beginner", False)}
        item["orientations"] = [self.orientation(o, f"{key}.orientations[{i}]", name)
                                for i, o in enumerate(data["orientations"])]
        self.check_orientations(item, key)
        return item

    def orientation(self, data: dict[str, Any], key: str, type_name: str) -> dict[str, Any]:
        from generator.games.laser.rules.model import decode_action

        grid = self.symbol(data["grid"], f"{key}.grid", f"{type_name}: grid")
        for d in DIRECTIONS:
            try:
                decode_action(data["actions"][d])
            except RulesError as err:
                self.fail(f"{key}.actions.{d}", f"{type_name}: {err.message}")
        return {"name": data.get("name"), "grid": grid, "actions": {d: data["actions"][d] for d in DIRECTIONS}}

    def check_orientations(self, item: dict[str, Any], key: str) -> None:
        names = [o["name"] for o in item["orientations"]]
        grids = [o["grid"] for o in item["orientations"]]
        where = [f"{key}.orientations[{i}]" for i in range(len(names))]
        if len(grids) > 1 and None in names:
            self.fail(where[names.index(None)], f"{item['name']}: every orientation of a type with "
                                                "several needs a name")
        for o, at in zip(item["orientations"], where, strict=True):
            if names.count(o["name"]) > 1:
                self.fail(at, f"{item['name']}: orientation {o['name']!r} given twice")
        for o, at in zip(item["orientations"], where, strict=True):
            if grids.count(o["grid"]) > 1 and not str(o["name"]).isalnum():
                self.fail(at, f"{item['name']}: orientation names written in `{o['grid']}=NAME` lines "
                              "must be letters or digits")

    def check_unique(self, items: list[dict[str, Any]]) -> None:
        seen: dict[tuple[str, str], int] = {}
        for position, item in enumerate(items):
            keys = [("name", item["name"]), ("hit symbol", item["hit"])]
            keys += [("grid symbol", g) for g in dict.fromkeys(o["grid"] for o in item["orientations"])]
            for kind, value in keys:
                owner = seen.setdefault((kind, value), position)
                if owner != position:
                    self.fail(f"components[{position}]",
                              f"{kind} {value!r} is used by {items[owner]['name']} and {item['name']}")


def read_input(path: str) -> tuple[str, str]:
    """(text, name) of a layout or observation file, or of stdin for '-'; bad input is a ParseError."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            from generator.core.files import read_bounded

            data = read_bounded(path, MAX_INPUT_BYTES, "layout or observation", ParseError,
                                advice="boards are at most 64x64 cells")
    except OSError as err:
        raise ParseError(f"cannot read: {err.strerror or err}", file=name) from None
    if len(data) > MAX_INPUT_BYTES:
        raise ParseError(f"over {MAX_INPUT_BYTES} bytes: too large for a layout or observation "
                         "(boards are at most 64x64 cells)", file=name)
    if b"\x00" in data:
        raise ParseError("this is a binary file, not a text layout or observation", file=name)
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as err:
        raise ParseError(f"not UTF-8 text (bad byte at offset {err.start})", file=name) from None


def load_layout(path: str, component_file: Path | None = None) -> Layout:
    """Read and parse a layout file."""
    from generator.games.laser.rules.notation import parse_layout

    text, name = read_input(path)
    return parse_layout(text, load_catalog(component_file), file=name)


def parse_size(text: str) -> Board:
    """'8x7' → Board (ParseError if malformed, RulesError if beyond the limit)."""
    from generator.games.laser.rules.model import Board

    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 6 for p in parts):
        raise ParseError(f"size {text!r}: write COLUMNSxROWS, e.g. 8x7", key="--size")
    try:
        return Board(int(parts[0]), int(parts[1]))
    except RulesError as err:
        raise RulesError(err.message, key="--size") from None


def in_play(catalog: ComponentSet, components: str) -> ComponentSet:
    """The set in play from --components: 'beginner', 'all' or type names separated by commas."""
    if components == "beginner":
        chosen = catalog.beginner()
        if not len(chosen):
            raise RulesError("the component file marks no type as beginner: name them with --components")
        return chosen
    if components == "all":
        return catalog
    names = [n.strip() for n in components.split(",") if n.strip()]
    if not names:
        raise RulesError(f"{components!r} names no component: give beginner, all, or type "
                         f"names separated by commas (e.g. absorber,jump)", key="--components")
    try:
        return catalog.subset(names)
    except RulesError as err:
        raise RulesError(err.message, key="--components") from None
