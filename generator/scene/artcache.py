"""Parsed SVG art (scene.svgart) kept on disk, keyed by the file's bytes, so a picture is parsed once per machine rather than once per run.

An entry is a small JSON file (numbers and colour names only: reading it can run nothing) under
the user's cache folder: $PNPGEN_CACHE_DIR, else $XDG_CACHE_HOME/pnpgen, else ~/.cache/pnpgen;
PNPGEN_CACHE_DIR=off turns the cache off. The key hashes the SVG's bytes together with the
parser's own source and svgelements' source, so a change to either reads the art afresh. An
entry that cannot be read or does not hold well-formed art is ignored (the SVG is parsed again),
and a cache that cannot be written is simply not written: the cache never changes what is drawn,
since the floats it stores read back exactly (JSON keeps every digit of a Python float).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import operator
import os
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator import paths
from generator.core.colours import rgb
from generator.core.errors import PnpError
from generator.core.jsondata import parse_json

Shape = tuple[tuple[tuple[str | float, ...], ...], "str | None", "str | None", float, str]
Art = tuple[float, float, tuple[Shape, ...]]        # width, height, shapes (commands, fill, stroke, width, rule)

ENV = paths.CACHE_ENV
MAX_ENTRY = 20_000_000      # bytes: larger entries are not trusted


def cache_dir() -> Path | None:
    """The art cache's folder, or None when the cache is off."""
    folder = _folder()
    return None if folder is None else Path(folder)


def _folder() -> str | None:
    """cache_dir() as a string (read for every picture: no Path objects made)."""
    return paths.cache_folder("art")


@lru_cache(maxsize=1)
def _version() -> bytes:
    """What a parse depends on besides the bytes: svgart's source and svgelements' source, found
    without importing it (importlib.metadata's lookup of its version cost a tenth of a second a run)."""
    from importlib.util import find_spec

    digest = hashlib.sha256((Path(__file__).parent / "svgart.py").read_bytes())
    spec = find_spec("svgelements")
    if spec is None or spec.origin is None:    # pragma: no cover - svgelements is a dependency
        digest.update(b"?")
        return digest.digest()
    origin = Path(spec.origin)
    for source in sorted(origin.parent.glob("*.py")) if spec.submodule_search_locations else [origin]:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.digest()


def _entry(data: bytes) -> str | None:
    folder = _folder()
    if folder is None:
        return None
    return os.path.join(folder, f"{hashlib.sha256(_version() + data).hexdigest()}.json")


def load(data: bytes) -> Art | None:
    """The art parsed earlier from these bytes, or None (also for an entry larger than MAX_ENTRY)."""
    path = _entry(data)
    if path is None:
        return None
    from generator.core.files import read_bounded

    try:
        raw = read_bounded(path, MAX_ENTRY, "art cache entry")   # a regular file only: no FIFO hang
        return _from_json(parse_json(raw.decode("utf-8"), path))
    except (OSError, PnpError, ValueError, TypeError, KeyError, IndexError):
        return None


def store(data: bytes, art: Art) -> None:
    """Keep the art parsed from these bytes (quietly nothing when the folder cannot be written)."""
    entry_path = _entry(data)
    if entry_path is None:
        return
    path = Path(entry_path)
    width, height, shapes = art
    entry = {"w": width, "h": height, "s": [[list(c), fill, stroke, w, rule] for c, fill, stroke, w, rule in shapes]}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temp.write_text(json.dumps(entry, separators=(",", ":")), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        return


def _from_json(entry: Any) -> Art:
    """Art from a cache entry; ValueError/TypeError/KeyError/IndexError when it is not well formed."""
    shapes: list[Shape] = []
    for commands, fill, stroke, width, rule in entry["s"]:
        shapes.append((_commands(commands), _colour(fill), _colour(stroke),
                       _number(width), str(rule) if rule in ("nonzero", "evenodd") else _bad(rule)))
    if not shapes:
        raise ValueError("no shapes")
    return _number(entry["w"]), _number(entry["h"]), tuple(shapes)


_ARITY = {"M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0}
_SHAPES = frozenset((op, count + 1) for op, count in _ARITY.items())    # (op, length) of a good command
_OP = operator.itemgetter(0)
_VALUES = operator.itemgetter(slice(1, None))


def _commands(commands: Any) -> tuple[tuple[str | float, ...], ...]:
    """A shape's commands, checked as _command checks each, by C-level passes over them all: when
    every op has its length and every number is a float (as the cache writes them), the lists become
    tuples as they are; anything else (an int to convert, or an error to raise) goes one by one."""
    try:
        good = type(commands) is list and _SHAPES.issuperset(
            zip(map(_OP, commands), map(len, commands), strict=True)) and {float}.issuperset(
            map(type, itertools.chain.from_iterable(map(_VALUES, commands))))
    except (TypeError, KeyError, IndexError):
        good = False
    return tuple(map(tuple, commands)) if good else tuple(map(_command, commands))


def _command(command: Any) -> tuple[str | float, ...]:
    op = command[0]
    if op not in _ARITY or len(command) != _ARITY[op] + 1:
        raise ValueError(f"bad command {command!r}")
    values = command[1:]
    if not _NUMBERS.issuperset(map(type, values)):     # as _number checks each (a bool is no number)
        raise TypeError(f"not a number in {command!r}")
    return (str(op), *map(float, values))


_NUMBERS = frozenset({int, float})


def _number(value: Any) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"not a number: {value!r}")
    return float(value)


def _colour(value: Any) -> str | None:
    if value is None:
        return None
    if not (isinstance(value, str) and len(value) == 7):
        raise ValueError(f"bad colour {value!r}")
    rgb(value)                  # ColourError (a ValueError) unless "#rrggbb"
    return value


def _bad(value: Any) -> str:
    raise ValueError(f"bad fill rule {value!r}")


__all__ = ["ENV", "cache_dir", "load", "store"]
