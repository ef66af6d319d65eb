"""A small web server on 127.0.0.1 for pnpgen's local pages (`pnpgen preview`, `pnpgen laser play`;
generator/cli/serving.py runs one until Ctrl-C).

What they share: it listens on the loopback address only; a request whose Host header is not the
loopback address is refused (a web page elsewhere, through DNS rebinding, cannot read it); a POST
must carry the X-Pnpgen header (a page elsewhere cannot send it without a CORS preflight, which is
never answered) and a small body; a browser that goes away mid-answer is not an error.
Bounded: at most MAX_CONNECTIONS connections at once (one more is answered 503 and closed), a request
line over MAX_URL characters answered 414, and each request given REQUEST_S seconds whole (reading it
and writing its answer; an idle keep-alive connection too): a slow client is let go.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

MAX_BODY = 64 * 1024       # a POST's body (a larger one is refused)
MAX_CONNECTIONS = 96       # connections served at once (streams included); one more is answered 503 and closed
MAX_URL = 4096             # characters of a request's target; a longer one is answered 414
REQUEST_S = 30.0           # seconds a request may take whole, from its first byte awaited to its answer sent
BUSY = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\n"
        b"Connection: close\r\n\r\n")


class LoopbackServer(ThreadingHTTPServer):
    """ThreadingHTTPServer bound to 127.0.0.1 (port 0: any free port), serving `page` at /."""

    page = b""
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256   # the listen backlog: a crowd of clients waits its turn instead of being dropped

    def __init__(self, handler: type[BaseHTTPRequestHandler], port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), handler)
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
        # anything else: one line, never a traceback (the page keeps being served)
        print(f"pnpgen: a request to the local page failed: {type(err).__name__}: {err}", file=sys.stderr)

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self.shutdown()
        self.server_close()


class LoopbackHandler(BaseHTTPRequestHandler):
    """Answers for a LoopbackServer: the Host check, the page at / and the state at /state.json
    (other paths: get_other), whole answers, JSON, small POST bodies, each request on its clock."""

    server: LoopbackServer
    protocol_version = "HTTP/1.1"
    timeout = 60           # a client that opens a connection and says nothing is let go
    post_header = "X-Pnpgen"

    def log_message(self, format: str, *args: Any) -> None:   # quiet: the terminal is the user's
        return

    def handle_one_request(self) -> None:
        """One request within REQUEST_S seconds whole: past them the connection is shut (a stream that a
        subclass keeps open stops the clock with `_timer.cancel()` and bounds itself)."""
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
        if self._forbidden_host():
            return
        path = self.path.split("?", 1)[0]
        if path == "/":
            self._send(200, self.server.page, "text/html; charset=utf-8")
        elif path == "/state.json":
            self._json(self.state())
        else:
            self.get_other(path)

    do_HEAD = do_GET

    def state(self) -> Any:
        """The document /state.json answers."""
        return None

    def get_other(self, path: str) -> None:
        """A GET of any other path (not found, unless a subclass serves it)."""
        self._not_found()

    def _forbidden_host(self) -> bool:
        """True (and answered 403) when the Host header is not the loopback address."""
        if self._allowed_host():
            return False
        self._send(HTTPStatus.FORBIDDEN, b"this page answers on 127.0.0.1 only\n", "text/plain")
        return True

    def _post_allowed(self, value: str) -> bool:
        """A POST from this server's own page: the loopback Host and `post_header: value`."""
        return self._allowed_host() and self.headers.get(self.post_header) == value

    def _body(self) -> bytes | None:
        """The request's body (None, answered 400, when its length is missing, bad or over MAX_BODY)."""
        text = (self.headers.get("Content-Length") or "0").strip()
        if not text.isdigit() or len(text) > 12 or int(text) > MAX_BODY:
            self.close_connection = True
            self._send(HTTPStatus.BAD_REQUEST, b"bad Content-Length\n", "text/plain; charset=utf-8")
            return None
        return self.rfile.read(int(text)) if int(text) else b""
