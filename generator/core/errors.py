"""Specific error types that carry the file, line, column or key and a plain message."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class PnpError(Exception):
    """Base of every error pnpgen reports to a user: one line, no traceback, exit status 2."""

    message: str
    file: str | Path | None = None
    line: int | None = None
    column: int | None = None
    key: str | None = None

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def where(self) -> str:
        """'file:line:column' (the parts that are known)."""
        parts: list[str] = []
        if self.file is not None:
            parts.append(_shown(str(self.file)))
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def __str__(self) -> str:
        where = self.where()
        key = f"{self.key}: " if self.key else ""
        return f"{where}: {key}{self.message}" if where else f"{key}{self.message}"


_SHOWN_AS: dict[str, str] = {}       # a local copy's path -> what errors call it (the link it came from)


def show_file_as(path: str | Path, name: str) -> None:
    """Errors naming `path` (or a sheet of it, path[Sheet1]) name `name` instead: a downloaded copy
    is called by its link."""
    _SHOWN_AS[str(path)] = name


def shown_file(file: str | Path) -> str:
    """A file as errors call it: a downloaded copy by its link (see show_file_as), else its path."""
    return _shown(str(file))


def _shown(file: str) -> str:
    for path, name in _SHOWN_AS.items():
        if file == path or (file.startswith(path) and file[len(path)] == "["):
            return name + file[len(path):]
    return file


class DataError(PnpError):
    """A card data file is malformed or breaks a rule (missing field, bad value, bad YAML/CSV)."""


class TemplateError(PnpError):
    """A template (card layout or imposition) is malformed or names an unknown field."""


class LayoutError(PnpError):
    """A print layout cannot be made: the card does not fit the paper, unknown paper or size."""


class ParseError(PnpError):
    """A text form (laser layout, observation, key code, ...) cannot be read."""


class RulesError(PnpError):
    """Input that is well formed but breaks a game's rules (e.g. wrong number of players)."""


class OutputExistsError(PnpError):
    """An output file exists and --force was not given."""


class DataErrors(DataError):
    """Several records' errors found by one pass over a deck (each is reported on its own line); the
    first is this error's own file, line and message. `more`: how many more were not looked at."""

    def __init__(self, errors: list[PnpError], more: bool = False) -> None:
        first = errors[0]
        super().__init__(first.message, first.file, first.line, first.column, first.key)
        self.errors = list(errors)
        self.more = more

    def lines(self) -> list[str]:
        """One line per error, and a last line when the pass stopped at its limit."""
        out = [str(err) for err in self.errors]
        if self.more:
            out.append(f"(stopped after {len(self.errors)} errors; there may be more)")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())
