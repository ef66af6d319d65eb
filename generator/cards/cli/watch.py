"""Watching a deck's input files (data, templates, images, fonts) with watchfiles, for `preview` and `cards --watch`.

A run after a change reads the files once their save has settled (generator/core/settle.py).

The folders holding the files are watched (not the files: editors often save by writing a new
file and renaming it over the old one) and events are kept only for the files in the set. The set
is asked for again after every change, since a template may start to extend another one or a card
to use a new picture.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

DEBOUNCE_MS = 30      # watchfiles groups the events of one save within this many ms
STEP_MS = 10


def resolved(paths: Iterable[Path]) -> frozenset[Path]:
    """The paths made absolute (symlinks followed), for comparing with the watcher's."""
    return frozenset(Path(p).resolve() for p in paths)


def watch(files: Callable[[], Iterable[Path]], on_change: Callable[[set[Path]], None],
          stop: threading.Event, folders: Callable[[], Iterable[Path]] | None = None) -> None:
    """Call on_change(changed files) after each save of any file in files(), or of any file
    directly in one of folders() (a new or removed picture of an image deck), until stop is set.

    KeyboardInterrupt (Ctrl-C) passes through to the caller."""
    import watchfiles

    while not stop.is_set():
        wanted = resolved(files())
        whole = resolved(folders() if folders else ())
        watched = sorted({p.parent for p in wanted if p.parent.is_dir()} | {f for f in whole if f.is_dir()})
        if not watched:
            stop.wait(0.5)
            continue

        def keep(_change: object, path: str, wanted: frozenset[Path] = wanted, whole: frozenset[Path] = whole) -> bool:
            found = Path(path).resolve()
            return found in wanted or found.parent in whole

        for changes in watchfiles.watch(*watched, watch_filter=keep, debounce=DEBOUNCE_MS, step=STEP_MS,
                                        stop_event=stop, recursive=False):
            on_change({Path(path).resolve() for _, path in changes})
            if resolved(files()) != wanted:
                break


def stop_on_sigterm() -> None:
    """SIGTERM (a service manager, `kill`) stops as cleanly as Ctrl-C."""
    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, interrupt)


def watch_deck(data: str | Path, template: str | Path, opts: Any, only: str | None, sheet: str | None = None) -> None:
    """`pnpgen cards ... --watch`: write the deck, then again after each save; one line per run.

    Files this watch wrote may be overwritten by its later runs without --force; any other
    existing file still needs --force. An error is printed and the watch goes on."""
    watch_state(WatchState(data, template, opts, only, sheet))


def watch_state(state: WatchState) -> None:
    """Run once, then after every change of the state's files (or its folders) until Ctrl-C."""
    import click

    state.run(set(), first=True)
    stop = threading.Event()
    try:
        stop_on_sigterm()
        watch(state.files, state.run, stop, state.folders)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
    click.echo("pnpgen: watch stopped", err=True)


class WatchState:
    """What one --watch remembers between runs: its files, and the inputs to watch."""

    def __init__(self, data: str | Path, template: str | Path, opts: Any, only: str | None,
                 sheet: str | None = None) -> None:
        self.data, self.template, self.opts, self.only, self.sheet = data, template, opts, only, sheet
        self.written: set[Path] = set()
        self.inputs: set[Path] = set()

    def files(self) -> set[Path]:
        return self.inputs

    def folders(self) -> set[Path]:
        """Folders every file of which counts (none here: an image deck's, in `pnpgen images`)."""
        return set()

    def make(self, opts: Any, loader: Callable[[Path], bytes]) -> list[Path]:
        from generator.cli.deck import REPORTER
        from generator.publish.carddeck import make_deck

        return make_deck(self.data, self.template, opts, only=self.only, image_loader=loader, sheet=self.sheet,
                         reporter=REPORTER)

    def run(self, changed: set[Path], first: bool = False) -> None:
        import time
        from dataclasses import replace

        import click

        from generator.core.errors import OutputExistsError, PnpError
        from generator.core.settle import settled

        start, read = time.perf_counter(), set[Path]()
        what = ", ".join(sorted(p.name for p in changed)) or "start"
        opts = replace(self.opts, own=frozenset(self.written), quiet=True)

        def make() -> list[Path]:
            return self.make(opts, self._loader(read))

        try:
            # read once the save has settled: a spreadsheet half written is not reported as an error
            paths = make() if first else settled(make, lambda: self.inputs | {Path(self.data)})
        except PnpError as err:
            if first and isinstance(err, OutputExistsError):
                raise       # a file this watch did not write: --force is needed before it can start
            click.echo(f"{time.strftime('%H:%M:%S')} {what}: pnpgen: error: {err}", err=True)
            self.inputs |= self._inputs(read)
            return
        self.written.update(Path(p).resolve() for p in paths)
        self.written.update(Path(p) for p in paths)
        self.inputs = self._inputs(read)
        took = time.perf_counter() - start
        click.echo(f"{time.strftime('%H:%M:%S')} {what}: {len(paths)} file{'s' if len(paths) != 1 else ''} "
                   f"written in {took:.2f} s ({paths[0] if paths else 'nothing'}{' ...' if len(paths) > 1 else ''})")

    @staticmethod
    def _loader(read: set[Path]) -> Callable[[Path], bytes]:
        from generator.publish.images import load_image

        convert = getattr(load_image, "__wrapped__", load_image)   # read again: the file may have changed

        def load(path: Path) -> bytes:
            read.add(Path(path))
            return convert(path)

        return load

    def _inputs(self, images: set[Path]) -> set[Path]:
        from generator.cards.records import resolve_data
        from generator.cards.templates import load_template, resolve_template
        from generator.core.errors import PnpError
        from generator.paths import fonts_dir

        found = set(images) | set(fonts_dir().glob("*.ttf"))
        for resolve, name in ((resolve_data, self.data), (resolve_template, self.template)):
            try:
                found.add(resolve(name))
            except PnpError:
                found.add(Path(name))
        try:
            found.update(load_template(self.template).files)
        except PnpError:
            found.update(self.inputs)
        return set(resolved(found))

