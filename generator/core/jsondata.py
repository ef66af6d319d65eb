"""JSON text read safely (standard library only): duplicate keys, NaN/Infinity and deep nesting refused."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from generator.core.errors import DataError, PnpError

if TYPE_CHECKING:
    from pathlib import Path

MAX_DEPTH = 100            # nested lists/mappings; far above any real data file (the deepest has 5)


def parse_json(text: str, path: str | Path | None, error: type[PnpError] = DataError) -> Any:
    """JSON text as plain data; duplicate keys, NaN/Infinity and nesting past MAX_DEPTH are errors."""
    outside = _STRING.sub("", text)             # the text outside strings
    if _max_depth(outside) > MAX_DEPTH:
        _check_json_depth(text, path, error)      # the error, with its line
    finite = _finite_float if _may_overflow(outside) else float
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs, parse_constant=_no_constant,
                          parse_int=_bounded_int, parse_float=finite)
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


MAX_INT_DIGITS = 40      # a seed has at most 19; Python refuses more than 4300 with a traceback


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _JsonProblem(f"a number of {len(text.lstrip('-'))} digits is too long "
                           f"(at most {MAX_INT_DIGITS} digits)")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _JsonProblem(f"{text[:20]} is too large a number (write a finite number)")
    return value


def _no_constant(name: str) -> float:
    raise _JsonProblem(f"{name} is not a number (write a finite number)")


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)    # a string, to its closing quote or the end
_NOT_BRACKET = re.compile(r"[^][{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


_EXPONENT = re.compile(r"[0-9][eE]")
_LONG_DIGITS = re.compile(r"[0-9]{300}")


def _may_overflow(outside: str) -> bool:
    """Whether a number outside strings could read as infinity: only one with an exponent or with
    hundreds of digits can (without either, json's own float parsing needs no check per number)."""
    if ("e" in outside or "E" in outside) and _EXPONENT.search(outside):
        return True
    return max(map(len, outside.split(",")), default=0) >= 300 and _LONG_DIGITS.search(outside) is not None


def _max_depth(outside: str) -> int:
    """The deepest nesting of the brackets in the text outside strings, as _check_json_depth counts
    it (without a Python step per character: a regular expression cuts out all but brackets)."""
    brackets = _NOT_BRACKET.sub("", outside)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


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

