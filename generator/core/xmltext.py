"""Characters XML cannot hold (C0 controls but tab and newlines, lone surrogates, U+FFFE, U+FFFF): found and
dropped, so that every SVG pnpgen writes parses whatever text a card holds."""

from __future__ import annotations

import re

ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def illegal_chars(text: str) -> list[str]:
    """The distinct XML-illegal characters of `text`, as U+XXXX, in order of first appearance."""
    return list(dict.fromkeys(f"U+{ord(c):04X}" for c in ILLEGAL.findall(text)))


def xml_clean(text: str) -> str:
    """`text` without the characters XML cannot hold."""
    return ILLEGAL.sub("", text)


__all__ = ["ILLEGAL", "illegal_chars", "xml_clean"]
