"""Read laser component types from YAML (card_data/laser/components.yaml) into validated plain data."""

from __future__ import annotations

import sys
from pathlib import Path

from generator.core.errors import DataError, ParseError, RulesError

MAX_INPUT_BYTES = 1_000_000   # far above any layout or observation of the largest board (64x64)

DIRECTIONS = ("N", "E", "S", "W")
_TYPE_KEYS = {"name", "rulebook_name", "hit", "beginner", "orientations"}
_ORIENTATION_KEYS = {"name", "grid", "actions"}


def default_path() -> Path:
    """The built-in component file."""
    from generator import paths

    return paths.card_data("laser", "components.yaml")


def load_catalog(path: str | Path | None = None):
    """The ComponentSet defined in a YAML file (the built-in one by default)."""
    from generator.games.laser.rules.model import component_set_from_data

    file = Path(path) if path is not None else default_path()
    items = load_component_data(file)
    try:
        return component_set_from_data(items)
    except RulesError as err:
        raise DataError(err.message, file=str(file)) from None


def load_component_data(file: Path) -> list[dict]:
    """Plain dicts, one per component type, checked strictly; DataError names file and line."""
    import yaml

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise DataError(f"cannot read component file: {err}", file=str(file)) from None
    try:
        root = yaml.compose(text)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise DataError(f"bad YAML: {getattr(err, 'problem', err)}", file=str(file),
                        line=mark.line + 1 if mark else None) from None
    reader = _Reader(str(file))
    return reader.document(root)


class _Reader:
    """Walks the YAML node tree so that every error can name its line."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, node, message: str, key: str | None = None):
        line = node.start_mark.line + 1 if node is not None else None
        raise DataError(message, file=self.file, line=line, key=key)

    def mapping(self, node, what: str, allowed: set[str], required: set[str]) -> dict:
        import yaml

        if not isinstance(node, yaml.MappingNode):
            self.fail(node, f"{what} must be a mapping")
        out: dict = {}
        for key_node, value_node in node.value:
            key = key_node.value
            if key not in allowed:
                self.fail(key_node, f"unknown key in {what} (known: {', '.join(sorted(allowed))})", key=key)
            if key in out:
                self.fail(key_node, f"key given twice in {what}", key=key)
            out[key] = value_node
        for key in sorted(required - set(out)):
            self.fail(node, f"{what} is missing {key!r}", key=key)
        return out

    def scalar(self, node, what: str, kind: str = "str"):
        import yaml

        if not isinstance(node, yaml.ScalarNode):
            self.fail(node, f"{what} must be a single value")
        value = yaml.safe_load(yaml.serialize(node))
        if kind == "bool" and not isinstance(value, bool):
            self.fail(node, f"{what} must be true or false")
        if kind == "optional-str" and value is None:
            return None
        if kind in ("str", "optional-str") and not isinstance(value, str):
            self.fail(node, f"{what} must be text")
        return value

    def symbol(self, node, what: str) -> str:
        value = self.scalar(node, what)
        if len(value) != 1 or value.isspace() or value.isdigit() or value in (".", "="):
            self.fail(node, f"{what} must be one character, not a space, a digit, '.' or '=' (got {value!r})")
        return value

    def document(self, root) -> list[dict]:
        import yaml

        if root is None:
            raise DataError("the component file is empty", file=self.file)
        top = self.mapping(root, "the component file", {"components"}, {"components"})
        seq = top["components"]
        if not isinstance(seq, yaml.SequenceNode) or not seq.value:
            self.fail(seq, "'components' must be a non-empty list")
        items = [self.component(node) for node in seq.value]
        self.check_unique(items, seq.value)
        return items

    def component(self, node) -> dict:
        import yaml

        fields = self.mapping(node, "a component type", _TYPE_KEYS, {"name", "hit", "orientations"})
        name = self.scalar(fields["name"], "name")
        if not name.isidentifier():
            self.fail(fields["name"], f"name {name!r} must be one word (letters, digits, _)")
        item = {"name": name, "hit": self.symbol(fields["hit"], f"{name}: hit")}
        item["rulebook_name"] = self.scalar(fields["rulebook_name"], "rulebook_name") \
            if "rulebook_name" in fields else name
        item["beginner"] = self.scalar(fields["beginner"], "beginner", "bool") if "beginner" in fields else False
        seq = fields["orientations"]
        if not isinstance(seq, yaml.SequenceNode) or not seq.value:
            self.fail(seq, f"{name}: 'orientations' must be a non-empty list")
        item["orientations"] = [self.orientation(o, name) for o in seq.value]
        self.check_orientations(item, seq.value)
        item["_line"] = node.start_mark.line + 1
        return item

    def orientation(self, node, type_name: str) -> dict:
        fields = self.mapping(node, f"an orientation of {type_name}", _ORIENTATION_KEYS, {"grid", "actions"})
        name = self.scalar(fields["name"], "orientation name", "optional-str") if "name" in fields else None
        grid = self.symbol(fields["grid"], f"{type_name}: grid")
        actions_node = fields["actions"]
        actions = self.mapping(actions_node, f"the actions of {type_name}", set(DIRECTIONS), set(DIRECTIONS))
        decoded = {d: self.action(actions[d], type_name) for d in DIRECTIONS}
        return {"name": name, "grid": grid, "actions": decoded, "_line": node.start_mark.line + 1}

    def action(self, node, type_name: str) -> str:
        from generator.games.laser.rules.model import decode_action

        value = self.scalar(node, f"{type_name}: action")
        try:
            decode_action(value)
        except RulesError as err:
            self.fail(node, f"{type_name}: {err.message}")
        return value

    def check_orientations(self, item: dict, nodes) -> None:
        names = [o["name"] for o in item["orientations"]]
        grids = [o["grid"] for o in item["orientations"]]
        if len(grids) > 1 and None in names:
            self.fail(nodes[names.index(None)], f"{item['name']}: every orientation of a type with "
                                                "several needs a name")
        for o, node in zip(item["orientations"], nodes, strict=False):
            if names.count(o["name"]) > 1:
                self.fail(node, f"{item['name']}: orientation {o['name']!r} given twice")
        for o, node in zip(item["orientations"], nodes, strict=False):
            if grids.count(o["grid"]) > 1 and not str(o["name"]).isalnum():
                self.fail(node, f"{item['name']}: orientation names written in `{o['grid']}=NAME` lines "
                                "must be letters or digits")

    def check_unique(self, items: list[dict], nodes) -> None:
        seen: dict[tuple[str, str], int] = {}
        for position, (item, node) in enumerate(zip(items, nodes, strict=False)):
            keys = [("name", item["name"]), ("hit symbol", item["hit"])]
            keys += [("grid symbol", g) for g in dict.fromkeys(o["grid"] for o in item["orientations"])]
            for kind, value in keys:
                owner = seen.setdefault((kind, value), position)
                if owner != position:
                    self.fail(node, f"{kind} {value!r} is used by {items[owner]['name']} and {item['name']}")
        for item in items:
            item.pop("_line", None)
            for o in item["orientations"]:
                o.pop("_line", None)


def read_input(path: str) -> tuple[str, str]:
    """(text, name) of a layout or observation file, or of stdin for '-'; bad input is a ParseError."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
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


def load_layout(path: str, component_file: Path | None = None):
    """Read and parse a layout file."""
    from generator.games.laser.rules.notation import parse_layout

    text, name = read_input(path)
    return parse_layout(text, load_catalog(component_file), file=name)


def parse_size(text: str):
    """'8x7' → Board (ParseError if malformed, RulesError if beyond the limit)."""
    from generator.games.laser.rules.model import Board

    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 6 for p in parts):
        raise ParseError(f"size {text!r}: write COLUMNSxROWS, e.g. 8x7", key="--size")
    return Board(int(parts[0]), int(parts[1]))


def in_play(catalog, components: str):
    """The set in play from --components: 'beginner', 'all' or type names separated by commas."""
    if components == "beginner":
        chosen = catalog.beginner()
        if not len(chosen):
            raise RulesError("the component file marks no type as beginner: name them with --components")
        return chosen
    if components == "all":
        return catalog
    return catalog.subset([n.strip() for n in components.split(",") if n.strip()])
