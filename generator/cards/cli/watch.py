"""Watching a deck's input files (data, templates, images, fonts) with watchfiles, for `preview` and `cards --watch`.

The folders holding the files are watched (not the files: editors often save by writing a new
file and renaming it over the old one) and events are kept only for the files in the set. The set
is asked for again after every change, since a template may start to extend another one or a card
to use a new picture.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from pathlib import Path

DEBOUNCE_MS = 30      # watchfiles groups the events of one save within this many ms
STEP_MS = 10


def resolved(paths: Iterable[Path]) -> frozenset[Path]:
    """The paths made absolute (symlinks followed), for comparing with the watcher's."""
    return frozenset(Path(p).resolve() for p in paths)


def watch(files: Callable[[], Iterable[Path]], on_change: Callable[[set[Path]], None],
          stop: threading.Event) -> None:
    """Call on_change(changed files) after each save of any file in files(), until stop is set.

    KeyboardInterrupt (Ctrl-C) passes through to the caller."""
    import watchfiles

    while not stop.is_set():
        wanted = resolved(files())
        folders = sorted({p.parent for p in wanted if p.parent.is_dir()})
        if not folders:
            stop.wait(0.5)
            continue

        def keep(_change: object, path: str, wanted: frozenset[Path] = wanted) -> bool:
            return Path(path).resolve() in wanted

        for changes in watchfiles.watch(*folders, watch_filter=keep, debounce=DEBOUNCE_MS, step=STEP_MS,
                                        stop_event=stop, recursive=False):
            on_change({Path(path).resolve() for _, path in changes})
            if resolved(files()) != wanted:
                break
