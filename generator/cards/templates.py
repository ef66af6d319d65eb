"""Card templates from YAML: loading, `extends:` merging, structure checks and `{field}` substitution.

The element kinds themselves (their keys and drawing) live in generator/cards/elements/; this
module only knows the template's shape, so it stays free of drawing code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.cards.schema import Schema
from generator.core.errors import TemplateError

TOP_KEYS = {"extends", "name", "description", "card", "bleed", "safe", "background",
            "back_background", "label", "defaults", "front", "back", "icons", "lookups", "fonts", "box"}
BOX_KEYS = {"title", "colour", "color", "ink", "art", "lang", "title_lang", "thickness", "clearance", "style", "font"}
BOX_STYLES = ("auto", "tuck", "tray")
FACES = ("front", "back")
DEFAULTS = {"card": "poker", "bleed": 3.0, "safe": 3.0, "background": "#ffffff"}

_FIELD_RE = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")
_NAME_RE = re.compile(r"^[A-Za-z_][\w.\- ]*$")
LANG_TAG = re.compile(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*")     # a BCP 47 language tag (it, de-CH, zh-Hant)
LOOKUP_KEYS = {"from", "values", "default"}
MAX_LOOKUP_VALUES = 10_000
NO_DEFAULT = object()      # a lookup without `default:`


@dataclass
class Template:
    """A merged, structurally checked card template (element keys are checked by the registry)."""

    name: str
    file: Path
    card: str = "poker"
    bleed: float = 3.0
    safe: float = 3.0
    background: Any = "#ffffff"
    back_background: Any = None
    label: str | None = None
    defaults: dict[str, dict[str, Any]] = field(default_factory=dict)
    front: list[dict[str, Any]] = field(default_factory=list)
    back: list[dict[str, Any]] | None = None
    description: str = ""
    files: tuple[Path, ...] = ()
    icons: dict[str, dict[str, Any]] = field(default_factory=dict)    # see iconset.py (src made absolute)
    lookups: dict[str, dict[str, Any]] = field(default_factory=dict)  # see lookups.py
    fonts: dict[str, str] = field(default_factory=dict)   # `fonts:` name -> registry font (see fontset.py)
    font_fallback: bool = True       # `fonts: {fallback: none}` is False: no installed faces for what they lack
    alpha_hint: str = "give the card a background or flatten the picture"   # preflight's advice for
                                                # a picture with transparency over nothing
    box: dict[str, Any] | None = None       # the deck's box (`pnpgen cards --box`): see _box

    def faces(self) -> Iterator[tuple[str, list[dict[str, Any]]]]:
        """('front', elements) and, when there is a back design, ('back', elements)."""
        yield "front", self.front
        if self.back is not None:
            yield "back", self.back


# --- finding and loading -----------------------------------------------------------------------

def resolve_template(name_or_path: str | Path, relative_to: Path | None = None) -> Path:
    """A user's file path wins; then (for extends) a file beside the child; then a built-in name."""
    path = Path(name_or_path)
    candidates = [path]
    if relative_to is not None and not path.is_absolute():
        candidates.append(relative_to / path)
        candidates.append(relative_to / f"{name_or_path}.yaml")
    from generator import paths

    root = paths.templates_dir()
    candidates += [root / f"{name_or_path}.yaml", root / "cards" / f"{name_or_path}.yaml", root / path]
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    raise TemplateError("no such template file (nor a built-in template name)", file=str(name_or_path))


def load_template(name_or_path: str | Path) -> Template:
    """Load a template, following `extends:` (child keys win; elements merged by id)."""
    path = resolve_template(name_or_path)
    raw, files = _load_merged(path, ())
    return _build(raw, path, files)


def _load_merged(path: Path, stack: tuple[Path, ...]) -> tuple[dict[str, Any], tuple[Path, ...]]:
    key = path.resolve()
    if key in stack:
        chain = " -> ".join(p.name for p in (*stack, key))
        raise TemplateError(f"`extends:` goes round in a circle ({chain})", file=path, key="extends")
    lines: dict[str, int] = {}
    raw = _read_yaml(path, lines)
    if "icons" in raw:
        from generator.cards.iconset import normalise_entries

        raw = {**raw, "icons": normalise_entries(raw["icons"], path)}
    if "fonts" in raw:
        from generator.cards.fontset import normalise_fonts

        raw = {**raw, "fonts": normalise_fonts(raw["fonts"], path, lines)}
    parent_name = raw.get("extends")
    if parent_name is None:
        return raw, (path,)
    if not isinstance(parent_name, str):
        raise TemplateError("`extends:` must name one template", file=path, key="extends")
    try:
        parent_path = resolve_template(parent_name, relative_to=path.parent)
    except TemplateError:
        raise TemplateError(f"extends unknown template {parent_name!r}", file=path, key="extends") from None
    parent, files = _load_merged(parent_path, (*stack, key))
    return merge(parent, raw, path), (*files, path)


def _read_yaml(path: Path, lines: dict[str, int] | None = None) -> dict[str, Any]:
    from generator.cards.datafile import load_yaml
    from generator.cards.schema import Anything, Map, Named

    shape = "a template must be a mapping (card:, front:, back: ...)"
    keys: dict[str, Schema] = {**dict.fromkeys(TOP_KEYS, Anything()), "fonts": Named()}   # fonts.NAME keep lines
    raw: dict[str, Any] | None = load_yaml(path, Map(optional=keys, shape=shape), TemplateError, lines)
    if raw is None:
        raise TemplateError(shape, file=path)
    return raw


# --- extends -----------------------------------------------------------------------------------

def merge(parent: dict[str, Any], child: dict[str, Any], child_file: Path) -> dict[str, Any]:
    """Child keys win; `front`/`back` merged element by element on `id`; `defaults` per kind."""
    out = {k: v for k, v in parent.items() if k != "extends"}
    for key, value in child.items():
        if key == "extends":
            continue
        if key in FACES and isinstance(out.get(key), list) and isinstance(value, list):
            out[key] = merge_elements(out[key], value, child_file, key)
        elif key in ("icons", "lookups", "fonts") and isinstance(out.get(key), dict) and isinstance(value, dict):
            out[key] = {**out[key], **value}        # one name at a time: the child's wins
        elif key == "defaults" and isinstance(out.get(key), dict) and isinstance(value, dict):
            out[key] = {k: {**out[key].get(k, {}), **(v or {})} for k, v in {**out[key], **value}.items()}
        else:
            out[key] = value
    return out


def merge_elements(parent: list[Any], child: list[Any], child_file: Path, face: str) -> list[Any]:
    """Parent elements in order, each replaced key by key by the child element of the same id;
    child elements with a new id (or none) are appended; `drop: true` removes an inherited one."""
    merged = [dict(el) if isinstance(el, dict) else el for el in parent]
    index = {el.get("id"): i for i, el in enumerate(merged) if isinstance(el, dict) and el.get("id")}
    for position, el in enumerate(child):
        if not isinstance(el, dict):
            raise TemplateError("each element must be a mapping", file=child_file, key=f"{face}[{position}]")
        el_id = el.get("id")
        if el_id and el_id in index:
            merged[index[el_id]] = {**merged[index[el_id]], **el}
        else:
            merged.append(dict(el))
    return [el for el in merged if not (isinstance(el, dict) and el.get("drop"))]


# --- structure -----------------------------------------------------------------------------------

def _build(raw: dict[str, Any], path: Path, files: tuple[Path, ...]) -> Template:
    values = {**DEFAULTS, **{k: v for k, v in raw.items() if k in DEFAULTS}}
    from generator.cards.fontset import font_fallback, font_files, resolve_fonts
    from generator.cards.iconset import icon_files

    icons = raw.get("icons") or {}
    fonts = raw.get("fonts") or {}
    tmpl = Template(name=str(raw.get("name") or path.stem), file=path,
                    files=(*files, *icon_files(icons), *font_files(fonts)),
                    icons=icons, lookups=_lookups(raw.get("lookups"), path), fonts=resolve_fonts(fonts, path),
                    font_fallback=font_fallback(fonts),
                    card=str(values["card"]), description=str(raw.get("description") or ""),
                    bleed=_mm(values["bleed"], path, "bleed"), safe=_mm(values["safe"], path, "safe"),
                    background=values["background"], back_background=raw.get("back_background"),
                    label=raw.get("label"), defaults=_defaults(raw.get("defaults"), path))
    tmpl.box = _box(raw.get("box"), path)
    tmpl.front = _elements(raw.get("front"), path, "front", required=True)
    if raw.get("back") is not None:
        tmpl.back = _elements(raw.get("back"), path, "back", required=False)
    return tmpl


def _lookups(value: Any, file: Path) -> dict[str, dict[str, Any]]:
    """The `lookups:` block checked: {name: {from: field, values: {text: value}, default?}}."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TemplateError("must map new field names to {from: field, values: {...}}", file=file, key="lookups")
    out: dict[str, dict[str, Any]] = {}
    for name, entry in value.items():
        key = f"lookups.{name}"
        if not isinstance(name, str) or bad_field_name(name):
            raise TemplateError("a lookup's name is a field name (letters, digits, _ . - and spaces)", file=file, key=key)
        if not isinstance(entry, dict) or set(entry) - LOOKUP_KEYS or not isinstance(entry.get("from"), str) \
                or not isinstance(entry.get("values"), dict) or not entry["values"]:
            raise TemplateError("a lookup is {from: field, values: {value: result, ...}, default: result} "
                                "(default optional)", file=file, key=key)
        if len(entry["values"]) > MAX_LOOKUP_VALUES:
            raise TemplateError(f"more than {MAX_LOOKUP_VALUES:,} values", file=file, key=key)
        values = {format_value(k).strip(): v for k, v in entry["values"].items()}
        out[name] = {"from": entry["from"].strip(), "values": values,
                     "default": entry.get("default", NO_DEFAULT) if "default" in entry else NO_DEFAULT}
    return out


def _box(value: Any, path: Path) -> dict[str, Any] | None:
    """The `box:` block checked: title, colour (or color), ink, art (a picture for the front, beside the
    template), lang (the box's words), title_lang (the title's language: the Han forms of its installed
    faces), thickness and clearance (mm), style (auto, tuck or tray), font (the title's: a name of the
    `fonts:` block or a built-in one, checked by box_font)."""
    from generator.core.colours import ColourError, parse_colour
    from generator.scene.boxpages import BOX_WORDS

    if value is None:
        return None
    if not isinstance(value, dict):
        raise TemplateError(f"must be a mapping of {', '.join(sorted(BOX_KEYS))}", file=path, key="box")
    unknown = sorted(str(k) for k in value if k not in BOX_KEYS)
    if unknown:
        raise TemplateError(f"unknown key {unknown[0]!r} (known: {', '.join(sorted(BOX_KEYS))})", file=path,
                            key=f"box.{unknown[0]}")
    box: dict[str, Any] = {}
    for key in ("title", "art", "font"):
        if key in value:
            if not isinstance(value[key], str) or not value[key].strip():
                raise TemplateError("must be a text", file=path, key=f"box.{key}")
            box[key] = value[key].strip()
    for key in ("colour", "color", "ink"):
        if key in value:
            try:
                box["ink" if key == "ink" else "colour"] = parse_colour(value[key])
            except ColourError as err:
                raise TemplateError(str(err), file=path, key=f"box.{key}") from None
    if "lang" in value:
        if value["lang"] not in BOX_WORDS:
            raise TemplateError(f"must be one of {', '.join(BOX_WORDS)}", file=path, key="box.lang")
        box["lang"] = value["lang"]
    if "title_lang" in value:
        if not isinstance(value["title_lang"], str) or not LANG_TAG.fullmatch(value["title_lang"].strip()):
            raise TemplateError(f"is a language tag such as ja, ko, zh-Hans or zh-Hant, not {value['title_lang']!r}",
                                file=path, key="box.title_lang")
        box["title_lang"] = value["title_lang"].strip()
    if "style" in value:
        if value["style"] not in BOX_STYLES:
            raise TemplateError(f"must be one of {', '.join(BOX_STYLES)}", file=path, key="box.style")
        box["style"] = value["style"]
    for key in ("thickness", "clearance"):
        if key in value:
            box[key] = _mm(value[key], path, f"box.{key}")
    if "art" in box:
        box["art"] = str((path.parent / box["art"]).resolve())
    return box


def _mm(value: Any, path: Path, key: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise TemplateError(f"must be a number of mm >= 0, not {value!r}", file=path, key=key)
    return float(value)


def _defaults(value: Any, path: Path) -> dict[str, dict[str, Any]]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise TemplateError("must map an element kind to its default keys, e.g. text: {font: serif}",
                            file=path, key="defaults")
    return {str(k): dict(v) for k, v in value.items()}


def _elements(value: Any, path: Path, face: str, required: bool) -> list[dict[str, Any]]:
    if value is None and not required:
        return []
    if not isinstance(value, list) or (required and not value):
        raise TemplateError("must be a list of elements (each with a `kind:`)", file=path, key=face)
    for position, el in enumerate(value):
        where = element_label(el, position, face)
        if not isinstance(el, dict):
            raise TemplateError("each element must be a mapping with a `kind:`", file=path, key=where)
        if not isinstance(el.get("kind"), str):
            raise TemplateError("element has no `kind:`", file=path, key=where)
    return [dict(el) for el in value]


def element_label(el: Any, position: int, face: str) -> str:
    """How errors name an element: its id, or its face and index (front[2])."""
    if isinstance(el, dict) and el.get("id"):
        return f"{face} element '{el['id']}'"
    return f"{face}[{position}]"


# --- fields ---------------------------------------------------------------------------------------

class MissingField(KeyError):
    """A `{field}` the record does not have (the caller turns it into a DataError)."""


def fields_in(value: Any) -> list[str]:
    """Every `{field}` named in a value (strings, lists and mappings searched recursively)."""
    if isinstance(value, str):
        return [m.group(1).strip() for m in _FIELD_RE.finditer(value) if m.group(1) is not None]
    if isinstance(value, (list, tuple)):
        return [name for item in value for name in fields_in(item)]
    if isinstance(value, dict):
        return [name for item in value.values() for name in fields_in(item)]
    return []


def bad_field_name(name: str) -> bool:
    """True for a `{...}` that is not a usable field name (e.g. empty braces)."""
    return not _NAME_RE.match(name)


def substitute(value: Any, fields: dict[str, Any]) -> Any:
    """Replace `{field}` in every string of value; a string that is exactly one `{field}` keeps the
    field's own value (a number stays a number). `{{` and `}}` give literal braces."""
    if isinstance(value, str):
        return _substitute_str(value, fields)
    if isinstance(value, list):
        return [substitute(item, fields) for item in value]
    if isinstance(value, dict):
        return {k: substitute(v, fields) for k, v in value.items()}
    return value


def _substitute_str(text: str, fields: dict[str, Any]) -> Any:
    whole = _FIELD_RE.fullmatch(text)
    if whole and whole.group(1) is not None:
        return _lookup(whole.group(1).strip(), fields)

    def repl(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return match.group(0)[0]
        return format_value(_lookup(match.group(1).strip(), fields))

    return _FIELD_RE.sub(repl, text)


def _lookup(name: str, fields: dict[str, Any]) -> Any:
    if name not in fields:
        raise MissingField(name)
    return fields[name]


def format_value(value: Any) -> str:
    """A field value as text: whole floats without '.0', lists joined with ', ', booleans lower-case."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(v) for v in value)
    return "" if value is None else str(value)


FALSY = {"", "0", "false", "no", "none", "off"}


def is_true(value: Any) -> bool:
    """How `when:` reads a substituted value: empty, 0, false, no, none, off are false."""
    return format_value(value).strip().lower() not in FALSY


def when_holds(expr: Any, fields: dict[str, Any]) -> bool:
    """Evaluate `when:`: the substituted text is true (non-empty, not 0/false/no/none/off); a
    missing field counts as empty; a leading `not ` negates; `A == B` and `A != B` compare texts."""
    negate, op, sides, names = _when_parts(str(expr))
    padded = fields if all(name in fields for name in names) else \
        {**fields, **{name: fields.get(name, "") for name in names}}
    if op:
        left, right = (format_value(substitute(side, padded)).strip() for side in sides)
        return ((left == right) == (op == " == ")) != negate
    return is_true(substitute(sides[0], padded)) != negate


@lru_cache(maxsize=1024)
def _when_parts(expr: str) -> tuple[bool, str, tuple[str, ...], tuple[str, ...]]:
    """A `when:` read once: (negated, the comparison " == "/" != " or "", its sides, the fields it names)."""
    text = expr.strip()
    negate = text.startswith("not ")
    if negate:
        text = text[4:].strip()
    names = tuple(fields_in(text))
    for op in (" == ", " != "):
        if op in text:
            return negate, op, tuple(side.strip() for side in text.split(op, 1)), names
    return negate, "", (text,), names