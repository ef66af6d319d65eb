"""Reading a deck only once its save has settled (`pnpgen preview`, `--watch`): a file half written is not an error yet.

An editor or a script saving a spreadsheet in place truncates it and writes it again over some
tenths of a second; read in between, an .xlsx is "not a readable spreadsheet". `settled` waits
until the files stop changing before reading, and when reading fails it waits until they have
been quiet for QUIET seconds: if they changed since the failed read, it reads again; if not, the
error is real and raised. It gives up after MAX_WAIT seconds and raises the last error.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from generator.core.errors import PnpError

STEP = 0.05        # s between two looks at the files
QUIET = 0.3        # s the files must stay unchanged before a failed read is believed
MAX_WAIT = 3.0     # s at most spent waiting for a save to end

T = TypeVar("T")
Stamps = dict[Path, tuple[int, int]]


def stamps(paths: Iterable[Path]) -> Stamps:
    """Each file's (modification time in ns, size); (0, -1) for a file that is not there."""
    out: Stamps = {}
    for path in paths:
        try:
            st = Path(path).stat()
            out[Path(path)] = (st.st_mtime_ns, st.st_size)
        except OSError:
            out[Path(path)] = (0, -1)
    return out


def settled(action: Callable[[], T], files: Callable[[], Iterable[Path]], *,
            sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic) -> T:
    """action() once the files have settled; on a PnpError, again after each further change to
    the files, until they stay unchanged for QUIET s after a failure (or MAX_WAIT s have passed)."""
    deadline = clock() + MAX_WAIT
    _quiet_for(files, STEP, deadline, sleep, clock)
    while True:
        before = stamps(files())
        try:
            return action()
        except PnpError:
            if clock() >= deadline:
                raise
            after = _quiet_for(files, QUIET, deadline, sleep, clock)
            if after == before:
                raise       # nothing moved since the failed read: the error is the file's own


def _quiet_for(files: Callable[[], Iterable[Path]], quiet: float, deadline: float,
               sleep: Callable[[float], None], clock: Callable[[], float]) -> Stamps:
    """Wait until the files' stamps stay the same for `quiet` seconds (or the deadline); their stamps."""
    last, since = stamps(files()), clock()
    while clock() < deadline:
        if clock() - since >= quiet - 1e-9:
            break
        sleep(STEP)
        now = stamps(files())
        if now != last:
            last, since = now, clock()
    return last
