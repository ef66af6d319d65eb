"""The preview against hostile or unlucky clients (issue 25): a picture deleted and made again, a bad
Content-Length, a crowd of event streams. Each client gets an answer, none a traceback."""

from __future__ import annotations

import http.client
import socket
import threading
from pathlib import Path

import pytest
from tests.preview.test_live_deck import deck_files, get, server  # noqa: F401  (fixtures)

from generator.cards.cli.preview import fresh_image_loader
from generator.preview import loopback
from generator.preview import server as preview_server
from generator.preview.deck import LiveDeck


def test_a_picture_deleted_and_made_again_comes_back(deck_files) -> None:  # noqa: F811
    data, template = deck_files
    deck = LiveDeck(data, template, image_loader=fresh_image_loader())
    deck.refresh()
    herbs = data.parent / "pictures" / "herbs.png"
    saved = herbs.read_bytes()
    herbs.unlink()
    assert deck.refresh() == {3, 4}
    assert "herbs.png" in (deck.cards[2].error or "") and "not found" in (deck.cards[2].error or "")
    assert herbs.resolve() in deck.files()               # still watched while it is gone
    herbs.write_bytes(saved)
    assert deck.refresh() == {3, 4}
    assert deck.cards[2].error is None and deck.svg(3, "front") is not None


def test_a_picture_made_again_is_seen_by_the_watcher(deck_files, tmp_path) -> None:  # noqa: F811
    from generator.cards.cli.watch import watch

    data, template = deck_files
    deck = LiveDeck(data, template, image_loader=fresh_image_loader())
    deck.refresh()
    herbs = data.parent / "pictures" / "herbs.png"
    saved = herbs.read_bytes()
    herbs.unlink()
    deck.refresh()
    seen: list[set[Path]] = []
    stop = threading.Event()

    def changed(paths: set[Path]) -> None:
        seen.append(paths)
        if herbs.exists():
            deck.refresh()
            stop.set()

    thread = threading.Thread(target=watch, args=(deck.files, changed, stop), daemon=True)
    thread.start()
    for _ in range(100):             # until the watcher (starting in its thread) sees it made again
        herbs.write_bytes(saved)
        if stop.wait(0.2):
            break
        herbs.unlink()
    stop.set()
    thread.join(timeout=10)
    assert any(herbs.resolve() in paths for paths in seen)
    assert deck.cards[2].error is None


@pytest.mark.parametrize("length", ["abc", "-5", "1e3", "9" * 40, str(10**9), "12abc", "0x10"])
def test_a_bad_content_length_is_answered_400(server, length, capfd) -> None:  # noqa: F811
    capfd.readouterr()
    sock = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=5)
    sock.sendall(f"POST /print HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pnpgen: print\r\nContent-Length: {length}\r\n\r\n"
                 .encode())
    answer = sock.recv(4096).decode()
    sock.close()
    assert answer.startswith("HTTP/1.1 400"), answer
    assert "Traceback" not in capfd.readouterr().err


def test_every_event_stream_is_answered_at_once(server, monkeypatch) -> None:  # noqa: F811
    """Past MAX_STREAMS open streams a client is told 503 at once; each one has its answer."""
    server.streams = threading.BoundedSemaphore(4)
    port = server.server_address[1]
    conns, statuses = [], []
    for _ in range(12):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/events")
        res = conn.getresponse()
        statuses.append(res.status)
        conns.append((conn, res))
    assert statuses == [200] * 4 + [503] * 8
    for conn, res in conns:
        res.close()
        conn.close()
    assert get(server, "/state.json")[0] == 200


def test_a_crowd_of_clients_is_answered(server) -> None:  # noqa: F811
    """More clients at once than the old backlog of 5: every one gets its answer."""
    assert server.request_queue_size >= 128 and preview_server.MAX_STREAMS >= 8
    results: list[int] = []
    lock = threading.Lock()

    def one() -> None:
        status = get(server, "/state.json")[0]
        with lock:
            results.append(status)

    threads = [threading.Thread(target=one) for _ in range(60)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert results.count(200) == 60


def test_stream_slots_are_given_back(server, monkeypatch) -> None:  # noqa: F811
    """A client that leaves frees its stream's slot (found on the next keep-alive)."""
    monkeypatch.setattr(preview_server, "KEEPALIVE_S", 0.05)
    server.streams = threading.BoundedSemaphore(1)
    for _ in range(3):
        conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
        conn.request("GET", "/events")
        res = conn.getresponse()
        assert res.status == 200
        assert res.fp.readline().startswith(b"data: ")      # the first event: the stream is open
        res.close()
        conn.close()
        assert server.streams.acquire(timeout=30), "the stream's slot was never given back"
        server.streams.release()


def raw(server, request: bytes, timeout: float = 10) -> str:  # noqa: F811
    sock = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=timeout)
    sock.sendall(request)
    answer = sock.recv(4096).decode(errors="replace")
    sock.close()
    return answer


@pytest.mark.parametrize("digits", [4300, 5000, 70_000])
def test_a_huge_url_is_answered_414_without_a_traceback(server, capfd, digits) -> None:  # noqa: F811
    """The issue's repro: a card number of thousands of digits (Python's int limit is 4,300)."""
    capfd.readouterr()
    answer = raw(server, f"GET /card/{'9' * digits}/front.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    assert answer.startswith("HTTP/1.1 414"), answer[:80]
    assert "Traceback" not in capfd.readouterr().err
    assert get(server, "/card/99999999999/front.svg")[0] == 404     # past 9 digits: no such card
    assert get(server, "/state.json")[0] == 200


def test_connections_are_capped_and_slow_requests_let_go(server, monkeypatch) -> None:  # noqa: F811
    """Past MAX_CONNECTIONS a new client is told 503 at once; a client that sends its request a byte at a
    time (each read within the socket timeout) is let go when the whole request's time is up."""
    server.connections = threading.BoundedSemaphore(3)
    monkeypatch.setattr(loopback, "REQUEST_S", 1.0)
    slow = []
    for _ in range(3):                     # three slow clients hold every slot
        sock = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)
        sock.sendall(b"GET /state.json HT")
        slow.append(sock)
    assert raw(server, b"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").startswith("HTTP/1.1 503")
    for sock in slow:                       # each is closed when its request's second is up
        sock.settimeout(10)
        assert sock.recv(4096) == b""
        sock.close()
    for _ in range(50):                     # their slots are given back
        if get(server, "/state.json")[0] == 200:
            break
    assert get(server, "/state.json")[0] == 200


def test_a_print_longer_than_the_request_time_is_still_answered(server, monkeypatch) -> None:  # noqa: F811
    """The whole-request clock is the client's time: printing a big deck is the server's own."""
    import time

    monkeypatch.setattr(loopback, "REQUEST_S", 0.3)

    def slow() -> dict:
        time.sleep(1.0)
        return {"written": ["deck.pdf"]}

    server.print_pdf = slow
    status, body = get(server, "/print", "POST", {"X-Pnpgen": "print", "Content-Length": "0"})
    assert status == 200 and b"deck.pdf" in body
