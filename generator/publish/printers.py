"""Printer profiles: a measured back offset (and per-axis scale) saved under a name.

`pnpgen calibrate --save NAME --offset X,Y [--scale SX,SY]` stores a profile in printers.toml in
the user's config folder (platformdirs; PNPGEN_CONFIG_DIR overrides it, for tests and portable
setups); `--printer NAME` on a printing command applies it and the sheet footers name it.

The file is small: it is read with tomllib (a regular file of at most MAX_FILE_BYTES) and written with
tomli-w, so any string a hand edit put in it stays valid TOML. Saving one printer replaces (or adds) that
printer's table alone: every other byte of the file, other profiles and comments included, is kept, and
the file is written whole (temp file, then rename). For example:

    [printers.office]
    offset = [1.2, -0.5]
    scale = [0.995, 1.002]
    paper = "a4"
    orientation = "portrait"
    duplex = "long"
"""

from __future__ import annotations

import math
import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.core.errors import DataError, LayoutError
from generator.core.numbers import format_number

CONFIG_ENV = "PNPGEN_CONFIG_DIR"
FILE_NAME = "printers.toml"
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")
SCALE_LIMITS = (0.9, 1.1)
MAX_FILE_BYTES = 1024 * 1024   # a printers.toml holds a few hundred bytes a printer
OFFSET_LIMIT = 20.0          # mm either way, as --offset (generator.cli.options.OFFSET_MAX)


@dataclass(frozen=True)
class Printer:
    """A saved printer: the offset to pass, the scale it prints at, and what it was measured on."""

    name: str
    offset: tuple[float, float] = (0.0, 0.0)
    scale: tuple[float, float] = (1.0, 1.0)
    paper: str = "a4"
    orientation: str = "portrait"
    duplex: str = "long"

    def describe(self) -> str:
        """One line for `calibrate --list`."""
        sx, sy = self.scale
        scale = "" if self.scale == (1.0, 1.0) else f"  scale {format_number(sx)},{format_number(sy)}"
        return (f"{self.name}: offset {format_number(self.offset[0])},{format_number(self.offset[1])} mm{scale}  "
                f"(measured on {self.paper} {self.orientation}, {self.duplex}-edge flip)")


def config_dir() -> Path:
    """The folder of printers.toml: $PNPGEN_CONFIG_DIR, else the platform's user config folder."""
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    from platformdirs import user_config_dir

    return Path(user_config_dir("pnpgen", appauthor=False))


def profiles_path() -> Path:
    return config_dir() / FILE_NAME


def load_profiles(path: Path | None = None, problems: list[str] | None = None) -> dict[str, Printer]:
    """Every saved printer by name ({} when there is no file yet); DataError naming the file and the
    key for a broken file or profile. With `problems`, a broken profile is left out and its error
    added there instead (`calibrate --list` flags it)."""
    path = path or profiles_path()
    text = _read(path)
    if text is None:
        return {}
    data = _parse(text, path)
    table = data.get("printers", {})
    if not isinstance(table, dict):
        raise DataError("[printers] must be a table of printers", file=path, key="printers")
    found: dict[str, Printer] = {}
    for name, entry in table.items():
        try:
            found[name] = _printer(name, entry, path)
        except DataError as err:
            if problems is None:
                raise
            problems.append(str(err))
    return found


def _read(path: Path) -> str | None:
    """The file's text (None when there is none); DataError naming it when it is not a regular UTF-8
    file of at most MAX_FILE_BYTES."""
    from generator.core.files import read_bounded

    raw = read_bounded(path, MAX_FILE_BYTES, "printer profile file", DataError, missing_ok=True)
    if raw is None:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[:err.start].count(b"\n") + 1
        raise DataError("not UTF-8 text (save printers.toml as UTF-8)", file=path, line=line) from None


def _parse(text: str, path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"not a printer profile file: {err}", file=path) from None


def _printer(name: str, entry: object, path: Path) -> Printer:
    key = f"printers.{_key(name)}"
    if not NAME_RE.match(name):
        raise DataError(f"printer name {name[:60]!r}: use letters, digits, - and _ (at most 40)", file=path, key=key)
    if not isinstance(entry, dict):
        raise DataError("a printer must be a table", file=path, key=key)
    offset = _pair(entry.get("offset", [0.0, 0.0]), path, f"{key}.offset", OFFSET_LIMIT)
    scale = _pair(entry.get("scale", [1.0, 1.0]), path, f"{key}.scale")
    low, high = SCALE_LIMITS
    if not all(low <= v <= high for v in scale):
        raise DataError(f"{format_number(scale[0])},{format_number(scale[1])} is outside "
                        f"{format_number(low)}..{format_number(high)}", file=path, key=f"{key}.scale")
    return Printer(name, offset, scale, str(entry.get("paper", "a4")),
                   str(entry.get("orientation", "portrait")), str(entry.get("duplex", "long")))


def _pair(value: object, path: Path, key: str, limit: float | None = None) -> tuple[float, float]:
    """Two finite numbers (each at most `limit` either way), else DataError naming the file and key."""
    try:
        if not isinstance(value, (list, tuple)) or len(value) != 2 or any(isinstance(v, bool) for v in value):
            raise ValueError
        x, y = (float(v) for v in value)
    except (TypeError, ValueError):
        raise DataError("must be two numbers, [x, y]", file=path, key=key) from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise DataError(f"must be two finite numbers, not {value!r}", file=path, key=key)
    if limit is not None and max(abs(x), abs(y)) > limit:
        raise DataError(f"at most {format_number(limit)} mm either way", file=path, key=key)
    return (x, y)


def _key(name: str) -> str:
    """A TOML key as written in the file (quoted when it is not a bare key)."""
    return name if NAME_RE.match(name) else '"' + _text(name[:60]) + '"'


def check_printer(printer: Printer) -> None:
    """A printer about to be saved: a plain name, finite offset and scale in range (LayoutError)."""
    if not NAME_RE.match(printer.name):
        raise LayoutError(f"printer name {printer.name!r}: use letters, digits, - and _ "
                          "(at most 40)", key="save")
    x, y = printer.offset
    if not (math.isfinite(x) and math.isfinite(y)) or max(abs(x), abs(y)) > OFFSET_LIMIT:
        raise LayoutError(f"offset {x},{y}: two finite numbers of mm, at most {format_number(OFFSET_LIMIT)} "
                          "either way", key="offset")


def find_printer(name: str) -> Printer:
    """The saved printer NAME; LayoutError listing the saved ones if there is none."""
    profiles = load_profiles()
    if name not in profiles:
        known = ", ".join(sorted(profiles)) or "none yet"
        raise LayoutError(f"no printer profile {name!r} (saved: {known}; save one with pnpgen "
                          f"calibrate --save {name} --offset X,Y)", key="printer")
    return profiles[name]


def parse_scale(text: str | None) -> tuple[float, float]:
    """--scale SX,SY: the printed length over the true one (0.995: the printer prints 99.5%)."""
    if not text:
        return (1.0, 1.0)
    try:
        sx, sy = (float(v.strip()) for v in str(text).split(","))
    except ValueError:
        raise LayoutError(f"scale {text!r} is not SX,SY (for example 0.995,1.002)", key="scale") from None
    low, high = SCALE_LIMITS
    if not (low <= sx <= high and low <= sy <= high):
        raise LayoutError(f"scale {format_number(sx)},{format_number(sy)} is outside "
                          f"{format_number(low)}..{format_number(high)}: measure the 50 mm scale bar "
                          "again (a printer off by more than 10% needs fixing)", key="scale")
    return (sx, sy)


def save_profile(printer: Printer, path: Path | None = None) -> Path:
    """Add or replace one printer in the file, every other byte of it kept; written whole; returns the file.
    A file that does not read back (broken TOML, a bad profile) is refused, never overwritten."""
    from generator.core.files import write_atomic

    check_printer(printer)
    path = path or profiles_path()
    text = _read(path)
    load_profiles(path)          # a broken file or profile: DataError naming it, the file left alone
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomic(path, with_profile(text or "", printer, path), force=True)


HEADER = "# pnpgen printer profiles: pnpgen calibrate --save NAME --offset X,Y [--scale SX,SY]\n"
_TABLE = re.compile(r"^[ \t]*\[")                         # any table header line ([x] or [[x]])
_NAMED = r"^[ \t]*\[[ \t]*printers[ \t]*\.[ \t]*(?:{name}|\"{name}\"|'{name}')[ \t]*\][ \t]*(?:#.*)?$"


def with_profile(text: str, printer: Printer, path: Path | None = None) -> str:
    """`text` (a printers.toml) with the printer's table replaced, or added at the end, every other byte
    kept; when the file's shape does not allow that (the printer written inline, say), the whole file
    is written again from its values (valid TOML still, its comments lost)."""
    import tomli_w

    table = tomli_w.dumps({"printers": {printer.name: _entry(printer)}})
    lines = text.splitlines(keepends=True)
    named = re.compile(_NAMED.format(name=re.escape(printer.name)))
    start = next((i for i, line in enumerate(lines) if named.match(line)), None)
    if start is None:
        head = text if text.strip() else HEADER
        candidate = head + ("" if head.endswith("\n") else "\n") + "\n" + table
    else:
        end = next((i for i in range(start + 1, len(lines)) if _TABLE.match(lines[i])), len(lines))
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1                                 # the blank lines before the next table stay
        candidate = "".join(lines[:start]) + table + "".join(lines[end:])
    before = _parse(text, path or Path(FILE_NAME)) if text.strip() else {}
    if _same_but(before, candidate, printer):
        return candidate
    data = dict(before)
    data["printers"] = {**data.get("printers", {}), printer.name: _entry(printer)}
    return HEADER + "\n" + tomli_w.dumps(data)


def _same_but(before: dict[str, Any], candidate: str, printer: Printer) -> bool:
    """Whether `candidate` reads as `before` with the printer's entry (and only it) made new."""
    try:
        after = tomllib.loads(candidate)
    except tomllib.TOMLDecodeError:
        return False
    wanted = dict(before)
    wanted["printers"] = {**before.get("printers", {}), printer.name: _entry(printer)}
    return after == wanted


def _entry(printer: Printer) -> dict[str, Any]:
    return {"offset": [float(v) for v in printer.offset], "scale": [float(v) for v in printer.scale],
            "paper": printer.paper, "orientation": printer.orientation, "duplex": printer.duplex}


def dump_profiles(profiles: dict[str, Printer]) -> str:
    """The TOML text of the profiles, sorted by name (tomli-w: valid for any string)."""
    import tomli_w

    data = {"printers": {name: _entry(profiles[name]) for name in sorted(profiles)}}
    return HEADER + "\n" + tomli_w.dumps(data)


def _text(value: str) -> str:
    """A string as a TOML basic string's contents (for the quoted keys of messages)."""
    import tomli_w

    return tomli_w.dumps({"k": str(value)})[5:-2]


__all__ = ["CONFIG_ENV", "Printer", "check_printer", "config_dir", "dump_profiles", "find_printer", "load_profiles",
           "parse_scale", "profiles_path", "save_profile", "with_profile"]
