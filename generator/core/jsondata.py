"""JSON text read safely (standard library only): duplicate keys, NaN/Infinity and deep nesting refused."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from generator.core.errors import DataError, PnpError

if TYPE_CHECKING:
    from pathlib import Path

MAX_DEPTH = 100            # nested lists/mappings; far above any real data file (the deepest has 5)


def parse_json(text: str, path: str | Path | None, error: type[PnpError] = DataError) -> Any:
    """JSON text as plain data; duplicate keys, NaN/Infinity and nesting past MAX_DEPTH are errors."""
    _check_json_depth(text, path, error)
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs, parse_constant=_no_constant)
    except json.JSONDecodeError as err:
        raise error(f"not valid JSON: {err.msg}", file=path, line=err.lineno, column=err.colno) from None
    except _JsonProblem as err:
        raise error(err.message, file=path, key=err.key) from None


class _JsonProblem(ValueError):
    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.message, self.key = message, key


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _JsonProblem("key given twice in one object", key=key)
        out[key] = value
    return out


def _no_constant(name: str) -> float:
    raise _JsonProblem(f"{name} is not a number (write a finite number)")


def _check_json_depth(text: str, path: str | Path | None, error: type[PnpError]) -> None:
    """Brackets outside strings, counted without recursion (json.loads would hit Python's limit)."""
    depth, in_string, escaped, line = 0, False, False, 1
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise error(f"nested deeper than {MAX_DEPTH} levels", file=path, line=line)
        elif char in "]}":
            depth -= 1
        if char == "\n":
            line += 1

