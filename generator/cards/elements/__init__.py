"""The registry of template element kinds: `@element("kind", keys)` and every module of this folder.

A kind is a drawing function `(el: dict, ctx: ElementContext) -> list[Item]` plus the keys it
accepts, each with a converter (num, color, text, ...) and a default (or REQUIRED). The card
engine checks every template element against its kind before drawing anything (unknown key,
missing key, bad value), substitutes `{field}`s per record, converts the values and calls the
function with a complete dict. A new module in this folder registers new kinds with no edit
elsewhere (modules are discovered with pkgutil on first use).
"""

from __future__ import annotations

import importlib
import math
import os
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from generator.cards.iconset import EMPTY, IconSet
from generator.core.colours import NAMED_COLOURS, ColourError, parse_colour
from generator.core.errors import DataError, TemplateError
from generator.core.numbers import format_number
from generator.scene.model import Gradient, Item, Paint, Stroke

Element = dict[str, Any]   # an element's keys, converted (each value's type is its Param's converter's)
DrawFunction = Callable[[Element, "ElementContext"], list[Item]]

REQUIRED = object()


class BadValue(ValueError):
    """A key's value cannot be converted; the message says what was expected."""


@dataclass(frozen=True)
class Param:
    """One key of a kind: a converter (raw value -> value, BadValue if wrong) and a default."""

    convert: Callable[[Any], Any]
    default: Any = REQUIRED
    doc: str = ""
    example: Any = None      # a valid raw value, for docs and the registry conformance test

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


@dataclass(frozen=True)
class Kind:
    """A registered element kind."""

    name: str
    draw: DrawFunction
    keys: dict[str, Param]
    doc: str = ""
    module: str = ""


@dataclass
class ElementContext:
    """What an element function may know about the card it draws on.

    fields: the record's fields; card_w/card_h: the trim size (mm); bleed, safe: mm;
    data_dir: the folder of the data file (images are relative to it); template_file: for errors;
    where: the element's name in errors ("front element 'title'"); image_loader: path -> PNG bytes.
    """

    fields: dict[str, Any]
    card_w: float
    card_h: float
    bleed: float = 0.0
    safe: float = 0.0
    data_dir: Path = Path(".")
    template_file: Path | None = None
    data_file: Path | None = None
    line: int | None = None
    where: str = ""
    face: str = "front"
    image_loader: Callable[[Path], bytes] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    allow_outside: bool = False                 # files anywhere (--allow-outside-files)
    from_data: frozenset[str] = frozenset()     # the element's keys whose values come from the card
    icons: IconSet = EMPTY                      # the template's icon set (`<name>` in text)

    def sub(self, value: Any) -> Any:
        """`{field}` substitution with this record's fields (for kinds that read raw values)."""
        from generator.cards.templates import MissingField, substitute

        try:
            return substitute(value, self.fields)
        except MissingField as err:
            raise self.data_error(f"the card has no field {err.args[0]!r} ({self.where} uses it)") from None

    def data_error(self, message: str, key: str | None = None) -> DataError:
        """A DataError pointing at this record's data file and line."""
        return DataError(message, file=self.data_file, line=self.line, key=key)

    def template_error(self, message: str, key: str | None = None) -> TemplateError:
        """A TemplateError naming the template file and this element."""
        return TemplateError(message, file=self.template_file, key=_join(self.where, key))

    def find_file(self, name: str, key: str = "src") -> Path:
        """A file named by a template: absolute, else beside the data file, else beside the template.
        It must lie inside the data file's folder, the template's folder or the built-in data (after
        following links) unless allow_outside; the error names the card's line when the name came
        from the card's data, else the template's element."""
        path = Path(name)
        bases = [self.data_dir] + ([self.template_file.parent] if self.template_file else [])
        for candidate in [path] if path.is_absolute() else [base / path for base in bases]:
            if candidate.is_file():
                self._check_inside(candidate, name, key)
                return candidate
        tried = ", ".join(dict.fromkeys(_shown(base) for base in bases))
        err = self._file_error(f"image file {name!r} not found (looked in {tried})", key)
        vars(err)["wanted"] = [path] if path.is_absolute() else [base / path for base in bases]
        raise err        # `wanted`: where it may appear (the preview watches there for its return)

    def _check_inside(self, path: Path, name: str, key: str) -> None:
        if self.allow_outside:
            return
        real = Path(os.path.realpath(path))
        if any(real.is_relative_to(root) for root in self._allowed_roots()):
            return
        raise self._file_error(f"image file {name!r} is outside the data file's and the template's "
                               f"folders (--allow-outside-files allows it)", key)

    def _allowed_roots(self) -> list[Path]:
        from generator import paths

        roots = [self.data_dir] + ([self.template_file.parent] if self.template_file else [])
        roots += [paths.card_data_dir(), paths.templates_dir()]
        return [_real_folder(root) for root in roots]

    def _file_error(self, message: str, key: str) -> DataError | TemplateError:
        if key in self.from_data or self.template_file is None:
            line = self.line
            return DataError(f"{message} ({self.where})", file=self.data_file, line=line, key=key)
        return self.template_error(message, key=key)


def _real_folder(folder: Path) -> Path:
    """A folder with its links followed (once per absolute folder: every picture of every card asks; a
    relative one is the working directory's, which may change between runs in one process)."""
    return _real_absolute(folder) if folder.is_absolute() else Path(os.path.realpath(folder))


@lru_cache(maxsize=64)
def _real_absolute(folder: Path) -> Path:
    return Path(os.path.realpath(folder))


def _shown(folder: Path) -> str:
    """A folder as a user would name it ("." is the working directory, spelled out)."""
    text = str(folder)
    return f"{text} (the working directory)" if text in (".", "") else text


def _join(where: str, key: str | None) -> str:
    return f"{where} key '{key}'" if key else where


# --- the registry ------------------------------------------------------------------------------

_Draw = TypeVar("_Draw", bound=DrawFunction)

_KINDS: dict[str, Kind] = {}
_DISCOVERED = False


def element(kind: str, keys: dict[str, Param] | None = None, doc: str = "") -> Callable[[_Draw], _Draw]:
    """Register a drawing function as an element kind with the keys it accepts."""

    def register(func: _Draw) -> _Draw:
        if kind in _KINDS and _KINDS[kind].module != func.__module__:
            raise TemplateError(f"element kind {kind!r} is registered twice "
                                f"({_KINDS[kind].module} and {func.__module__})")
        text = doc or (func.__doc__ or "").strip().split("\n")[0]
        _KINDS[kind] = Kind(kind, func, dict(keys or {}), text, func.__module__)
        return func

    return register


def discover() -> None:
    """Import every module of this folder once, so each registers its kinds."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    _DISCOVERED = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


def kinds() -> dict[str, Kind]:
    """Every registered kind, by name."""
    discover()
    return dict(sorted(_KINDS.items()))


def get_kind(name: str) -> Kind | None:
    """The kind of that name, or None."""
    discover()
    return _KINDS.get(name)


# --- converters --------------------------------------------------------------------------------



MAX_NUMBER = 100_000.0     # mm, points, degrees, counts: anything larger is a mistake, not a design


def to_num(value: Any) -> float:
    """A finite number within +-MAX_NUMBER (nan, inf and 1e300 are refused where they are read)."""
    if isinstance(value, bool):
        raise BadValue(f"expected a number, not {value!r}")
    try:
        number = float(str(value).strip()) if isinstance(value, str) else float(value)
    except (TypeError, ValueError, OverflowError):
        raise BadValue(f"expected a number, not {value!r}") from None
    if not math.isfinite(number):
        raise BadValue(f"expected a finite number, not {value!r}")
    if abs(number) > MAX_NUMBER:
        raise BadValue(f"{value!r} is out of range (at most {MAX_NUMBER:,.0f} either way)")
    return number


def to_color(value: Any) -> str | None:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "")):
        return None
    try:
        return parse_colour(value)
    except ColourError:
        raise BadValue(f"expected a colour #rrggbb (or none, or a name: {', '.join(NAMED_COLOURS)}), "
                       f"not {value!r}") from None


GRADIENT_HELP = ('a colour, or a gradient: {linear: ["#fff", "#c33"], angle: 90} (0: left to right, 90: top '
                 'to bottom) or {radial: ["#fff", "#c33"]} (from the centre out), with stops as colours evenly '
                 'spaced or [offset, colour] pairs (offset 0 to 1, or "40%")')
MAX_STOPS = 32


def to_paint(value: Any) -> Paint | None:
    """A colour (see to_color) or a gradient mapping: {linear: [stops], angle: degrees} or {radial: [stops]}."""
    if not isinstance(value, dict):
        return to_color(value)
    kinds = [k for k in ("linear", "radial") if k in value]
    extra = sorted(set(value) - {"linear", "radial", "angle"})
    if len(kinds) != 1 or extra or ("angle" in value and kinds[0] != "linear"):
        raise BadValue(f"expected {GRADIENT_HELP}; not {value!r}")
    stops = value[kinds[0]]
    if not isinstance(stops, list) or not 2 <= len(stops) <= MAX_STOPS:
        raise BadValue(f"a gradient needs a list of 2 to {MAX_STOPS} stops (colours, or [offset, colour] pairs)")
    placed: list[tuple[float, str]] = []
    for index, stop in enumerate(stops):
        if isinstance(stop, list) and len(stop) == 2:
            offset, colour = _offset(stop[0]), stop[1]
        else:
            offset, colour = index / (len(stops) - 1), stop
        paint = to_color(colour)
        if paint is None:
            raise BadValue(f"a gradient stop needs a colour, not {colour!r}")
        if placed and offset < placed[-1][0]:
            raise BadValue(f"gradient stops go in order of their offsets ({format_number(offset)} after "
                           f"{format_number(placed[-1][0])})")
        placed.append((offset, paint))
    angle = to_num(value.get("angle", 90))
    return Gradient(kinds[0], tuple(placed), box=True, angle=angle % 360)


def _offset(value: Any) -> float:
    text = str(value).strip()
    number = to_num(text[:-1]) / 100 if text.endswith("%") else to_num(value)
    if not 0 <= number <= 1:
        raise BadValue(f"a gradient stop's offset goes from 0 to 1 (or 0% to 100%), not {value!r}")
    return number


def to_opacity(value: Any) -> float:
    """An opacity from 0 (invisible) to 1 (opaque), or a percentage ("50%")."""
    text = str(value).strip()
    number = to_num(text[:-1]) / 100 if isinstance(value, str) and text.endswith("%") else to_num(value)
    if not 0 <= number <= 1:
        raise BadValue(f"opacity goes from 0 (invisible) to 1 (opaque), not {value!r}")
    return number


def to_text(value: Any) -> str:
    from generator.cards.templates import format_value

    if isinstance(value, (dict, list)):
        raise BadValue(f"expected text, not {type(value).__name__}")
    return format_value(value)


def to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0", ""):
        return False
    raise BadValue(f"expected true or false, not {value!r}")


def to_points(value: Any) -> tuple[tuple[float, float], ...]:
    if not isinstance(value, (list, tuple)) or len(value) < 2:
        raise BadValue("expected a list of at least two [x, y] points")
    points = []
    for point in value:
        if not isinstance(point, (list, tuple)) or len(point) != 2:
            raise BadValue(f"each point must be [x, y], not {point!r}")
        points.append((to_num(point[0]), to_num(point[1])))
    return tuple(points)


def to_dash(value: Any) -> tuple[float, ...] | None:
    if value is None or value == [] or value == "":
        return None
    if not isinstance(value, (list, tuple)) or not all(to_num(v) > 0 for v in value):
        raise BadValue("expected a list of positive dash lengths in mm, e.g. [2, 1]")
    return tuple(to_num(v) for v in value)


def to_font(value: Any) -> str:
    from generator.scene.fonts import font_names

    name = str(value).strip()
    if name not in font_names():
        raise BadValue(f"unknown font {name!r} (known: {', '.join(BUILT_IN_FONTS)}, and the names of the "
                       "template's `fonts:`)")
    return name


BUILT_IN_FONTS = ("sans", "sans-bold", "sans-italic", "condensed", "condensed-bold", "serif", "serif-bold",
                  "mono", "mono-bold")


def to_features(value: Any) -> tuple[str, ...]:
    """OpenType feature tags: a list or a comma/space separated text ("smcp, onum", "-liga")."""
    from generator.scene.fonts import FEATURE_TAG

    items = value if isinstance(value, (list, tuple)) else str(value or "").replace(",", " ").split()
    tags = tuple(str(v).strip() for v in items if str(v).strip())
    bad = [t for t in tags if not FEATURE_TAG.fullmatch(t)]
    if bad:
        raise BadValue(f"an OpenType feature is a 4-letter tag (smcp, onum, liga; -liga turns one off), not {bad[0]!r}")
    return tags


def to_lang(value: Any) -> str:
    """A language tag (BCP 47: it, de-CH, ja, ar), or '' for none."""
    from generator.cards.templates import LANG_TAG

    text = str(value or "").strip()
    if text and not LANG_TAG.fullmatch(text):
        raise BadValue(f"a language is a tag such as it, de-CH, ja or ar, not {value!r}")
    return text


def choice(*options: str) -> Callable[[Any], str]:
    def convert(value: Any) -> str:
        text = str(value).strip().lower()
        if text not in options:
            raise BadValue(f"expected one of {', '.join(options)}, not {value!r}")
        return text

    convert.__name__ = "choice"
    return convert


def num(default: Any = REQUIRED, doc: str = "") -> Param:
    return Param(to_num, default, doc)


def color(default: Any = None, doc: str = "") -> Param:
    return Param(to_color, default, doc)


def paint(default: Any = None, doc: str = "") -> Param:
    """A fill: a colour or a gradient (to_paint)."""
    return Param(to_paint, default, doc or f"fill: {GRADIENT_HELP}")


def text(default: Any = REQUIRED, doc: str = "") -> Param:
    return Param(to_text, default, doc)


def flag(default: Any = False, doc: str = "") -> Param:
    return Param(to_bool, default, doc)


def points(doc: str = "") -> Param:
    return Param(to_points, REQUIRED, doc)


def font(default: str = "sans", doc: str = "") -> Param:
    return Param(to_font, default, doc)


def one_of(options: tuple[str, ...], default: Any, doc: str = "") -> Param:
    return Param(choice(*options), default, doc or "one of " + ", ".join(options))


STROKE_KEYS = {
    "stroke": color("#000000", "outline colour, or none"),
    "stroke_width": num(0.25, "outline width in mm"),
    "dash": Param(to_dash, None, "dash pattern in mm, e.g. [2, 1]"),
}


def make_stroke(el: Element) -> Stroke | None:
    """The Stroke of an element's stroke/stroke_width/dash keys (None: no outline)."""
    if el.get("stroke") is None or el.get("stroke_width", 0) <= 0:
        return None
    return Stroke(el["stroke"], el["stroke_width"], dash=el.get("dash"))


def describe_kinds() -> str:
    """Every kind with its keys and defaults, as Markdown (for `pnpgen cards --kinds` and the docs)."""
    out = []
    for kind in kinds().values():
        out.append(f"### {kind.name}\n\n{kind.doc}  (module `{kind.module}`)\n")
        for key, param in kind.keys.items():
            default = "**required**" if param.required else f"default `{_show(param.default)}`"
            out.append(f"- `{key}`: {default}" + (f"; {param.doc}" if param.doc else ""))
        out.append("")
    return "\n".join(out)


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


__all__ = [
    "REQUIRED",
    "STROKE_KEYS",
    "BadValue",
    "DrawFunction",
    "Element",
    "ElementContext",
    "Kind",
    "Param",
    "choice",
    "color",
    "describe_kinds",
    "discover",
    "element",
    "flag",
    "font",
    "get_kind",
    "kinds",
    "make_stroke",
    "num",
    "one_of",
    "paint",
    "points",
    "text",
    "to_bool",
    "to_color",
    "to_num",
    "to_opacity",
    "to_paint",
    "to_text",
]
