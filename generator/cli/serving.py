"""Run a local page's server (generator/preview/loopback.py) until Ctrl-C: `pnpgen preview` and
`pnpgen laser play`."""

from __future__ import annotations

import threading
import webbrowser
from collections.abc import Callable
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:   # pragma: no cover
    from generator.preview.loopback import LoopbackServer


def run(server: LoopbackServer, name: str, open_browser: bool, work: Callable[[], None]) -> None:
    """Serve on a thread, say where at once (`pnpgen NAME: URL  (Ctrl-C to stop)`), open a browser if
    asked, do `work` until Ctrl-C or SIGTERM, then stop the server and say so."""
    from generator.cards.cli.watch import stop_on_sigterm

    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    thread.start()
    click.echo(f"pnpgen {name}: {server.url}  (Ctrl-C to stop)")
    if open_browser:
        webbrowser.open(server.url)
    try:
        stop_on_sigterm()
        work()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
        thread.join(timeout=2)
    click.echo(f"pnpgen {name}: stopped")
