"""DATA given as a link on the command line (generator/cards/remote.py): downloaded once before the run,
its warning shown; `--watch` and the preview download it again every `--poll` seconds, and the copy
is rewritten only when its bytes changed, so the file watcher redraws only then."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import click

from generator.cli.options import FiniteFloatRange

POLL_DEFAULT = 10.0
POLL_MIN = 1.0


def sheet_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """--sheet NAME: the sheet of a spreadsheet (or Google Sheets) DATA to read."""
    return click.option("--sheet", metavar="NAME", default=None,
                        help="The sheet of a spreadsheet DATA file (or Google Sheets link) to read "
                             "(default: the first, or the link's gid).")(func)


def allow_outside_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """--allow-outside-files: image paths of a deck may leave its folders."""
    return click.option("--allow-outside-files", is_flag=True,
                        help="Let image paths leave the data file's and the template's folders (by default a "
                             "deck may only use pictures beside it, or pnpgen's own).")(func)


def link_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """--refresh and --poll, for commands whose DATA may be a link."""
    func = click.option("--poll", type=FiniteFloatRange(POLL_MIN, 3600), default=POLL_DEFAULT, show_default=True,
                        metavar="SECONDS",
                        help="DATA as a link, with --watch or in the preview: download it again this often "
                             "(the preview only while its page is open); a change redraws.")(func)
    func = click.option("--refresh", is_flag=True,
                        help="DATA as a link: the download must succeed (no falling back to the copy "
                             "kept in the cache folder).")(func)
    return func


def local_data(data: str, sheet: str | None, refresh: bool) -> str:
    """DATA as a file to read: a link is downloaded (or its last good copy taken, with a warning)."""
    from generator.cards.remote import fetch_data, is_url

    if not is_url(data):
        return data
    fetched = fetch_data(data, sheet, refresh)
    if fetched.warning:
        click.echo(f"pnpgen: warning: {fetched.warning}", err=True)
    return str(fetched.path)


class Poller:
    """Downloads a link again every `every` seconds while `active()` says so, until stopped; the copy is
    rewritten only when it changed (the watcher on its folder then redraws). A failure is told once
    (until the next good download)."""

    def __init__(self, url: str, sheet: str | None, every: float, active: Callable[[], bool] = lambda: True) -> None:
        self.url, self.sheet, self.every, self.active = url, sheet, every, active
        self.stopped = threading.Event()
        self.told: str | None = None
        self.thread = threading.Thread(target=self._run, name="pnpgen-poll", daemon=True)

    def start(self) -> Poller:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopped.set()

    def poll_once(self) -> bool:
        """One download; whether the copy changed."""
        from generator.cards.remote import fetch_data
        from generator.core.errors import PnpError

        try:
            fetched = fetch_data(self.url, self.sheet)
        except PnpError as err:
            self._tell(str(err))
            return False
        self._tell(fetched.warning)
        return fetched.changed

    def _tell(self, warning: str | None) -> None:
        if warning and warning.split("; using")[0] != (self.told or "").split("; using")[0]:
            click.echo(f"pnpgen: warning: {warning}", err=True)
        self.told = warning

    def _run(self) -> None:
        while not self.stopped.wait(self.every):
            if self.active():
                self.poll_once()


def start_polling(data: str, local: str, sheet: str | None, every: float,
                  active: Callable[[], bool] = lambda: True) -> Poller | None:
    """A Poller for DATA when it is a link (`local` is its copy), else None."""
    from generator.cards.remote import is_url

    if not is_url(data) or local == data:
        return None
    return Poller(data, sheet, every, active).start()
