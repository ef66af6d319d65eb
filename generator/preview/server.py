"""The preview's web server: ThreadingHTTPServer on 127.0.0.1 serving its page, the deck state, the cards and events.

Routes (nothing else; no file is ever served from disk by its path):
  GET /                      the page (generator/preview/page.py)
  GET /state.json            the deck: cards, errors, warnings, element boxes
  GET /card/N/front.svg      card N's face as last rendered well (and /back.svg)
  GET /events                Server-Sent Events: "data: STATE" (the state.json document) after every change
  POST /print                writes the deck as `pnpgen cards` would with the preview's options and answers
                             where (JSON: {"path": first file, "paths": [every file]} or {"error": ...})
Requests whose Host is not the loopback address are refused (a web page elsewhere cannot read it), and
connections, request lines and each request's time are bounded: generator/preview/loopback.py, which
`pnpgen laser play` shares. MAX_STREAMS bounds the event streams among the connections.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs, urlsplit

from generator.preview.loopback import LoopbackHandler, LoopbackServer

_CARD = re.compile(r"^/card/(\d{1,9})/(front|back)\.svg$")
KEEPALIVE_S = 10.0
MAX_STREAMS = 32           # open event streams at once; one more is answered 503 at once


class PreviewServer(LoopbackServer):
    """One live deck, its page and a print function; stop() ends every open event stream."""

    def __init__(self, deck: Any, page: bytes, print_pdf: Callable[[], dict[str, Any]], port: int = 0) -> None:
        super().__init__(_Handler, port)
        self.deck, self.page, self.print_pdf = deck, page, print_pdf
        self.stopping = threading.Event()
        self.print_lock = threading.Lock()
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self.viewers = 0           # open event streams: a page is open (a linked DATA is polled only then)
        self.viewers_lock = threading.Lock()

    def has_viewers(self) -> bool:
        """Whether a page is open (listening to /events)."""
        return self.viewers > 0

    def stop(self) -> None:
        """Stop serving: wake the event streams, end serve_forever, close the socket."""
        self.stopping.set()
        self.deck.wake()
        super().stop()


class _Handler(LoopbackHandler):
    server: PreviewServer

    def state(self) -> Any:
        return self.server.deck.snapshot()

    def get_other(self, path: str) -> None:
        if path == "/events":
            self._events()
        else:
            self._card(path)

    def _card(self, path: str) -> None:
        match = _CARD.match(path)
        key = parse_qs(urlsplit(self.path).query).get("k", [None])[0]
        body = self.server.deck.svg(int(match.group(1)), match.group(2), key) if match else None
        if body is None:
            self._not_found()
            return
        # the URL carries the drawing's key (?k=...): the same URL is always the same drawing
        self._send(200, body, "image/svg+xml", cache=key is not None)

    def _events(self) -> None:
        if not self.server.streams.acquire(blocking=False):
            self.send_response(HTTPStatus.SERVICE_UNAVAILABLE)
            self.send_header("Retry-After", "5")
            self.send_header("Content-Length", "0")
            self.end_headers()
            self.close_connection = True
            return
        with self.server.viewers_lock:
            self.server.viewers += 1
        try:
            self._stream()
        finally:
            with self.server.viewers_lock:
                self.server.viewers -= 1
            self.server.streams.release()

    def _stream(self) -> None:
        self._timer.cancel()          # a stream lives on; MAX_STREAMS bounds them
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        deck, seen = self.server.deck, -1
        try:
            while not self.server.stopping.is_set():
                version = deck.wait(seen, KEEPALIVE_S)
                if self.server.stopping.is_set():
                    break
                # the new state rides on the event itself: the page needs no second request
                message = (f"data: {json.dumps(deck.snapshot(), ensure_ascii=False)}\n\n" if version != seen
                           else ": keep-alive\n\n")
                self.wfile.write(message.encode("utf-8"))
                self.wfile.flush()
                seen = version
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def do_POST(self) -> None:
        # a custom header: a page elsewhere cannot send it without a CORS preflight, which is never answered
        if self.path != "/print" or not self._post_allowed("print"):
            self._not_found()
            return
        if self._body() is None:
            return
        self._timer.cancel()             # printing is the server's own time, however long the deck
        with self.server.print_lock:
            answer = self.server.print_pdf()
        self._arm()                      # the client's again: reading the answer
        self._json(answer)
