"""Label texts are data, not format strings: `{name}` placeholders from a fixed, declared set.

A label may hold `{name}` (a placeholder: letters, digits and `_`), and `{{` / `}}` for a
literal brace. Nothing else inside braces is accepted: no attributes, indexes or format specs
(`{colour.__class__}` or `{0:>99999}` are errors), so a label file from someone else can only
put the values pnpgen offers on a card. Each product declares which placeholders each label may
use (docs/CONTRACTS.md, "Label files"); `check_label` enforces it when the file is read, `fill`
when the text is made.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class PlaceholderError(ValueError):
    """A label's braces are not `{name}` from its allowed set (the message says which)."""


def placeholders_in(text: str) -> list[str]:
    """The placeholder names in a label, in order; PlaceholderError for anything else in braces."""
    names: list[str] = []
    for match in _TOKEN.finditer(text):
        token = match.group(0)
        if token in ("{{", "}}"):
            continue
        inner = match.group(1)
        if inner is None:
            raise PlaceholderError(f"a lone {token!r} (write {token * 2} for a literal brace)")
        if not _NAME.match(inner):
            raise PlaceholderError(f"{{{inner}}} is not a placeholder (only {{name}}; write {{{{ and }}}} "
                                   f"for literal braces)")
        names.append(inner)
    return names


def check_label(text: str, allowed: Iterable[str]) -> None:
    """PlaceholderError when the label uses a placeholder outside `allowed` (or bad braces)."""
    allowed = set(allowed)
    for name in placeholders_in(text):
        if name not in allowed:
            offered = ", ".join(f"{{{n}}}" for n in sorted(allowed)) or "none"
            raise PlaceholderError(f"unknown placeholder {{{name}}} (this label may use: {offered})")


def fill(text: str, values: Mapping[str, object]) -> str:
    """The label with each `{name}` replaced by str(values[name]) and `{{`/`}}` by single braces."""
    placeholders_in(text)           # refuse anything but {name} before replacing

    def replace(match: re.Match[str]) -> str:
        token = match.group(0)
        if token in ("{{", "}}"):
            return token[0]
        name = match.group(1)
        if name not in values:
            offered = ", ".join(f"{{{n}}}" for n in values) or "none"
            raise PlaceholderError(f"unknown placeholder {{{name}}} (this label may use: {offered})")
        return str(values[name])

    return _TOKEN.sub(replace, text)
