"""Printer profiles: a measured back offset (and per-axis scale) saved under a name.

`pnpgen calibrate --save NAME --offset X,Y [--scale SX,SY]` stores a profile in printers.toml in
the user's config folder (platformdirs; PNPGEN_CONFIG_DIR overrides it, for tests and portable
setups); `--printer NAME` on a printing command applies it and the sheet footers name it.

The file is flat and small, so it is read with tomllib and written by `dump_profiles` below:

    [printers.office]
    offset = [1.2, -0.5]
    scale = [0.995, 1.002]
    paper = "a4"
    orientation = "portrait"
    duplex = "long"
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import DataError, LayoutError
from generator.core.numbers import format_number

CONFIG_ENV = "PNPGEN_CONFIG_DIR"
FILE_NAME = "printers.toml"
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$")
SCALE_LIMITS = (0.9, 1.1)


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


def load_profiles(path: Path | None = None) -> dict[str, Printer]:
    """Every saved printer by name ({} when there is no file yet); DataError for a broken file."""
    path = path or profiles_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"not a printer profile file: {err}", file=path) from None
    table = data.get("printers", {})
    if not isinstance(table, dict):
        raise DataError("[printers] must be a table of printers", file=path, key="printers")
    return {name: _printer(name, entry, path) for name, entry in table.items()}


def _printer(name: str, entry: object, path: Path) -> Printer:
    if not isinstance(entry, dict):
        raise DataError("a printer must be a table", file=path, key=f"printers.{name}")
    try:
        offset = _pair(entry.get("offset", [0.0, 0.0]))
        scale = _pair(entry.get("scale", [1.0, 1.0]))
    except (TypeError, ValueError):
        raise DataError("offset and scale must be two numbers each", file=path,
                        key=f"printers.{name}") from None
    return Printer(name, offset, scale, str(entry.get("paper", "a4")),
                   str(entry.get("orientation", "portrait")), str(entry.get("duplex", "long")))


def _pair(value: object) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError("two numbers")
    x, y = (float(v) for v in value)
    return (x, y)


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
    """Add or replace one printer in the file (written whole); returns the file."""
    from generator.core.files import write_atomic

    if not NAME_RE.match(printer.name):
        raise LayoutError(f"printer name {printer.name!r}: use letters, digits, - and _ "
                          "(at most 40)", key="save")
    path = path or profiles_path()
    profiles = load_profiles(path)
    profiles[printer.name] = printer
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_atomic(path, dump_profiles(profiles), force=True)


def dump_profiles(profiles: dict[str, Printer]) -> str:
    """The TOML text of the profiles, sorted by name (names are checked: bare keys)."""
    lines = ["# pnpgen printer profiles: pnpgen calibrate --save NAME --offset X,Y [--scale SX,SY]"]
    for name in sorted(profiles):
        p = profiles[name]
        lines += ["", f"[printers.{name}]",
                  f"offset = [{_num(p.offset[0])}, {_num(p.offset[1])}]",
                  f"scale = [{_num(p.scale[0])}, {_num(p.scale[1])}]",
                  f'paper = "{_text(p.paper)}"',
                  f'orientation = "{_text(p.orientation)}"',
                  f'duplex = "{_text(p.duplex)}"']
    return "\n".join(lines) + "\n"


def _num(value: float) -> str:
    """A TOML float (always with a point: 1.0, not 1)."""
    text = repr(float(value))
    return text if any(c in text for c in ".en") else text + ".0"


def _text(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


__all__ = ["CONFIG_ENV", "Printer", "config_dir", "dump_profiles", "find_printer", "load_profiles",
           "parse_scale", "profiles_path", "save_profile"]
