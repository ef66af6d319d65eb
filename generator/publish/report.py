"""Reporter: how the publishing layer says things (warnings, notes, data, progress) without knowing the terminal."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Protocol, TypeVar

T = TypeVar("T")


class Reporter(Protocol):
    """What a command line gives the publishing layer to speak through (click.echo and click.progressbar)."""

    def warn(self, message: str) -> None:
        """One warning line (the command line adds "pnpgen: warning: ")."""

    def note(self, message: str) -> None:
        """One line of information on the error stream, shown as it is."""

    def data(self, text: str) -> None:
        """Text for standard output (the data of --format json)."""

    def progress(self, items: Sequence[T], label: str) -> AbstractContextManager[Iterable[T]]:
        """The items, iterated under a progress bar named `label` when the command line shows one."""


class PlainReporter:
    """A reporter for library use: lines on sys.stderr, data on sys.stdout, no progress bars."""

    def warn(self, message: str) -> None:
        print(f"pnpgen: warning: {message}", file=sys.stderr)

    def note(self, message: str) -> None:
        print(message, file=sys.stderr)

    def data(self, text: str) -> None:
        sys.stdout.write(text)

    def progress(self, items: Sequence[T], label: str) -> AbstractContextManager[Iterable[T]]:
        return nullcontext(items)


PLAIN = PlainReporter()
