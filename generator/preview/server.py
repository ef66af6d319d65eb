"""The preview's web server: ThreadingHTTPServer on 127.0.0.1 serving its page, the deck state, the cards and events.

Routes (nothing else; no file is ever served from disk by its path):
  GET /                      the page (generator/preview/page.py)
  GET /state.json            the deck: cards, errors, warnings, element boxes
  GET /card/N/front.svg      card N's face as last rendered well (and /back.svg)
  GET /events                Server-Sent Events: "data: STATE" (the state.json document) after every change
  POST /print                writes the PDF under output/ and answers where (JSON)
Requests whose Host is not the loopback address are refused (a web page elsewhere cannot read it).
Bounded: at most MAX_CONNECTIONS connections at once (one more is answered 503 and closed), MAX_STREAMS event
streams among them, a request line over MAX_URL characters answered 414, and each request given REQUEST_S
seconds whole (reading it and writing its answer; an idle keep-alive connection too): a slow client is let go.
"""

from __future__ import annotations

import json
import re
import socket
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

_CARD = re.compile(r"^/card/(\d{1,9})/(front|back)\.svg$")
KEEPALIVE_S = 10.0
MAX_STREAMS = 32           # open event streams at once; one more is answered 503 at once
MAX_CONNECTIONS = 96       # connections served at once (streams included); one more is answered 503 and closed
MAX_URL = 4096             # characters of a request's target; a longer one is answered 414
REQUEST_S = 30.0           # seconds a request may take whole, from its first byte awaited to its answer sent
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\n"
        b"Connection: close\r\n\r\n")
MAX_BODY = 64 * 1024       # the print request's body (it carries none; a larger one is refused)


class PreviewServer(ThreadingHTTPServer):
    """One live deck, its page and a print function; stop() ends every open event stream."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256   # the listen backlog: a crowd of clients waits its turn instead of being dropped

    def __init__(self, deck: Any, page: bytes, print_pdf: Callable[[], dict[str, Any]], port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.deck, self.page, self.print_pdf = deck, page, print_pdf
        self.stopping = threading.Event()
        self.print_lock = threading.Lock()
        self.streams = threading.BoundedSemaphore(MAX_STREAMS)
        self.connections = threading.BoundedSemaphore(MAX_CONNECTIONS)

    def process_request(self, request: Any, client_address: Any) -> None:
        """A thread for the connection while there are fewer than MAX_CONNECTIONS; else 503 and close."""
        if not self.connections.acquire(blocking=False):
            try:
                request.settimeout(1.0)
                request.sendall(BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.connections.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that goes away mid-answer (reload, closed tab) is normal: say nothing."""
        err = sys.exc_info()[1]
        if isinstance(err, (ConnectionError, TimeoutError, OSError, ValueError)):
            return
        # anything else: one line, never a traceback (the preview keeps serving)
        print(f"pnpgen: preview: a request failed: {type(err).__name__}: {err}", file=sys.stderr)

    def stop(self) -> None:
        """Stop serving: wake the event streams, end serve_forever, close the socket."""
        self.stopping.set()
        self.deck.wake()
        self.shutdown()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    protocol_version = "HTTP/1.1"
    timeout = 60           # a client that opens a connection and says nothing is let go

    def log_message(self, format: str, *args: Any) -> None:   # quiet: the terminal is the designer's
        return

    def handle_one_request(self) -> None:
        """One request within REQUEST_S seconds whole: past them the connection is shut (an event stream,
        once open, is bounded by MAX_STREAMS instead)."""
        self._arm()
        try:
            super().handle_one_request()
        finally:
            self._timer.cancel()

    def _arm(self) -> None:
        """Start the request's clock (REQUEST_S for what the client does: sending it, reading the answer)."""
        self._timer = threading.Timer(REQUEST_S, self._expire)
        self._timer.daemon = True
        self._timer.start()

    def _expire(self) -> None:
        self.close_connection = True
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def parse_request(self) -> bool:
        if len(getattr(self, "raw_requestline", b"")) > MAX_URL + 32:      # the method, the target, the version
            self.close_connection = True
            self.request_version, self.command, self.requestline = "HTTP/1.1", "", ""
            self.send_error(HTTPStatus.REQUEST_URI_TOO_LONG, f"the address is over {MAX_URL} characters")
            return False
        return super().parse_request()

    def _allowed_host(self) -> bool:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        return host in ("127.0.0.1", "localhost")

    def _send(self, status: int, body: bytes, ctype: str, cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=3600" if cache else "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, data: Any, status: int = 200) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _not_found(self) -> None:
        self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    def do_GET(self) -> None:
        if not self._allowed_host():
            self._send(HTTPStatus.FORBIDDEN, b"the preview answers on 127.0.0.1 only\n", "text/plain")
            return
        path = self.path.split("?", 1)[0]
        if path == "/":
            self._send(200, self.server.page, "text/html; charset=utf-8")
        elif path == "/state.json":
            self._json(self.server.deck.snapshot())
        elif path == "/events":
            self._events()
        else:
            self._card(path)

    do_HEAD = do_GET

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
        try:
            self._stream()
        finally:
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
        if not self._allowed_host() or self.path != "/print" or self.headers.get("X-Pnpgen") != "print":
            self._not_found()
            return
        text = (self.headers.get("Content-Length") or "0").strip()
        if not text.isdigit() or len(text) > 12 or int(text) > MAX_BODY:
            self.close_connection = True
            self._send(HTTPStatus.BAD_REQUEST, b"bad Content-Length\n", "text/plain; charset=utf-8")
            return
        if int(text):
            self.rfile.read(int(text))
        self._timer.cancel()             # printing is the server's own time, however long the deck
        with self.server.print_lock:
            answer = self.server.print_pdf()
        self._arm()                      # the client's again: reading the answer
        self._json(answer)
