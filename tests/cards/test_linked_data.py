"""DATA as a link: a CSV URL and a Google Sheets link (PNPGEN_SHEETS_BASE pointed at a local server, no
internet) print a deck; the last good copy prints, with a warning, when the server is gone; a server that
never answers is cut off within the limit; only http(s) redirects are followed; errors name the link and
the HTTP status."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from workbooks import write_xlsx

from generator.cards import remote

CSV = "name,text,qty\nGoblin,Sneaky,2\nTroll,Big,1\n"
LAYOUT = """
name: linked
card: poker
front:
  - {kind: text, id: name, text: "{name}", x: 5, y: 5, w: 53, h: 10}
  - {kind: text, id: body, text: "{text}", x: 5, y: 20, w: 53, h: 20}
"""


class Site:
    """What the test server answers: path (without query) -> (status, headers, body); `hits` counts requests."""

    def __init__(self) -> None:
        self.routes: dict[str, tuple[int, dict[str, str], bytes]] = {}
        self.hits: list[str] = []
        self.release = threading.Event()
        self.stop = lambda: None          # the server shut down (a test may end it early: "offline")
        self.answered: list[str] = []     # requests to /never and /drip that ended (the server's side)


def _handler(site: Site) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            return

        def do_GET(self) -> None:
            site.hits.append(self.path)
            path = self.path
            if path.startswith("/never"):
                site.release.wait(600)       # answers nothing until the test ends
                site.answered.append(path)
                return
            if path.startswith("/drip"):     # headers, then a byte every 50 ms, forever
                self.send_response(200)
                self.send_header("Content-Type", "text/csv")
                self.end_headers()
                while not site.release.wait(0.05):
                    try:
                        self.wfile.write(b"a")
                        self.wfile.flush()
                    except OSError:          # pnpgen hung up
                        return
                site.answered.append(path)
                return
            status, headers, body = site.routes.get(path, site.routes.get(path.split("?")[0],
                                                                          (404, {}, b"not here")))
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[tuple[Site, str]]:
    state = Site()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}"

    def stop() -> None:
        state.release.set()
        server.shutdown()
        server.server_close()

    state.stop = stop
    monkeypatch.setenv("PNPGEN_SHEETS_BASE", base)
    monkeypatch.setenv("PNPGEN_CACHE_DIR", str(tmp_path / "cache"))
    yield state, base
    stop()


@pytest.fixture
def layout(write) -> Path:
    return write("layout.yaml", LAYOUT)


GOOGLE = "https://docs.google.com/spreadsheets/d/AbC123_-x/edit#gid=7"


def test_a_csv_link_prints_and_its_copy_prints_when_the_server_is_gone(site, layout, pnpgen, out_dir) -> None:
    from tests.pdftext import page_texts as pdf_text

    state, base = site
    state.routes["/decks/monsters.csv"] = (200, {"Content-Type": "text/csv"}, CSV.encode())
    code, _, err = pnpgen("cards", f"{base}/decks/monsters.csv", layout, "--duplex", "none")
    assert code == 0, err
    pdf = out_dir / "monsters.pdf"           # named after the file in the link
    assert "Goblin" in pdf_text(pdf)[0] and "Troll" in pdf_text(pdf)[0]

    del state.routes["/decks/monsters.csv"]   # now 404: the copy prints, with a warning naming its age
    code, _, err = pnpgen("cards", f"{base}/decks/monsters.csv", layout, "--duplex", "none", "--force")
    assert code == 0, err
    assert f"pnpgen: warning: {base}/decks/monsters.csv: HTTP 404 Not Found" in err
    assert "using the copy downloaded less than a minute ago" in err
    assert "Goblin" in pdf_text(pdf)[0]

    code, _, err = pnpgen("cards", f"{base}/decks/monsters.csv", layout, "--refresh", "--force")
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"pnpgen: error: {base}/decks/monsters.csv: HTTP 404 Not Found")

    state.stop()                              # offline: nothing listens there any more
    code, _, err = pnpgen("cards", f"{base}/decks/monsters.csv", layout, "--duplex", "none", "--force")
    assert code == 0, err
    assert f"pnpgen: warning: {base}/decks/monsters.csv: cannot download (Connection refused); using the copy" in err
    assert "Troll" in pdf_text(pdf)[0]


def test_a_google_sheets_link_reads_the_gid_export_and_a_named_sheet(site, layout, pnpgen, out_dir, tmp_path) -> None:
    from tests.pdftext import page_texts as pdf_text

    state, _ = site
    state.routes["/spreadsheets/d/AbC123_-x/export?format=csv&gid=7"] = (
        200, {"Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="Bestiary - Monsters.csv"'},
        CSV.encode())
    code, _, err = pnpgen("cards", GOOGLE, layout, "--duplex", "none")
    assert code == 0, err
    assert state.hits == ["/spreadsheets/d/AbC123_-x/export?format=csv&gid=7"]
    assert "Goblin" in pdf_text(out_dir / "Bestiary - Monsters.pdf")[0]

    book = write_xlsx(tmp_path / "book.xlsx", {"Monsters": [["name", "text"], ["Orc", "Loud"]],
                                               "Spells": [["name", "text"], ["Fireball", "Hot"]]})
    state.routes["/spreadsheets/d/AbC123_-x/export?format=xlsx"] = (
        200, {"Content-Type": remote.__dict__["_CONTENT_TYPES"] and
              "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}, book.read_bytes())
    code, out, err = pnpgen("cards", GOOGLE, layout, "--sheet", "Spells", "--format", "json")
    assert code == 0, err
    assert '"Fireball"' in out and "Orc" not in out


def test_a_private_sheet_says_how_to_share_it(site, layout, pnpgen) -> None:
    state, _ = site
    state.routes["/spreadsheets/d/AbC123_-x/export"] = (200, {"Content-Type": "text/html; charset=utf-8"},
                                                         b"<!DOCTYPE html><html>Sign in</html>")
    code, _, err = pnpgen("cards", GOOGLE, layout)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"pnpgen: error: {GOOGLE}: the answer is a web page")
    assert "Anyone with the link" in err


def test_data_errors_in_a_linked_file_name_the_link(site, layout, pnpgen) -> None:
    state, base = site
    state.routes["/bad.tsv"] = (200, {}, b"name\ttext\tqty\nGoblin\tSneaky\tmany\n")
    code, _, err = pnpgen("cards", f"{base}/bad.tsv", layout)
    assert code == 2
    assert err == f"pnpgen: error: {base}/bad.tsv:2: qty: qty must be a whole number >= 0, not 'many'\n"


def test_a_server_that_never_answers_is_cut_off(site, layout, pnpgen, monkeypatch) -> None:
    state, base = site
    monkeypatch.setattr(remote, "FETCH_SECONDS", 0.5)
    for path in ("/never.csv", "/drip.csv"):
        code, _, err = pnpgen("cards", f"{base}{path}", layout)
        assert code == 2 and err.count("\n") == 1, err
        assert err == f"pnpgen: error: {base}{path}: no complete answer within 0.5 s (the download limit)\n"
        assert path in state.hits and path not in state.answered     # cut off by pnpgen, not ended by the server


def test_too_big_and_redirects(site, layout, pnpgen, monkeypatch) -> None:
    state, base = site
    state.routes["/big.csv"] = (200, {}, b"name,text\n" + b"a,b\n" * 1000)
    with pytest.raises(remote.DataError, match="over the limit of 0 MB"):
        remote.download(f"{base}/big.csv", 5, 1000)
    state.routes["/away.csv"] = (302, {"Location": "ftp://127.0.0.1/x.csv"}, b"")
    code, _, err = pnpgen("cards", f"{base}/away.csv", layout)
    assert code == 2
    assert err == (f"pnpgen: error: {base}/away.csv: redirected to a ftp: address (ftp://127.0.0.1/x.csv); "
                   f"only http(s) is followed\n")
    state.routes["/moved.csv"] = (301, {"Location": "/decks/real.csv"}, b"")
    state.routes["/decks/real.csv"] = (200, {}, CSV.encode())
    code, out, err = pnpgen("cards", f"{base}/moved.csv", layout, "--format", "json")
    assert code == 0 and '"Troll"' in out
    assert f'"file": "{base}/moved.csv"' in out                  # the records name their link


def test_sheets_base_must_be_loopback(monkeypatch) -> None:
    monkeypatch.setenv("PNPGEN_SHEETS_BASE", "http://example.com")
    with pytest.raises(remote.DataError, match="must be an http address on this machine"):
        remote.parse_link(GOOGLE)
    monkeypatch.delenv("PNPGEN_SHEETS_BASE")
    assert remote.parse_link(GOOGLE).fetch == \
        "https://docs.google.com/spreadsheets/d/AbC123_-x/export?format=csv&gid=7"
    assert remote.parse_link(GOOGLE, "Monsters").fetch == \
        "https://docs.google.com/spreadsheets/d/AbC123_-x/export?format=xlsx"
    assert remote.parse_link(GOOGLE).name == "sheet-AbC123_-"        # when Google names no file
    assert remote.parse_link("https://docs.google.com/spreadsheets/d/e/2PACX-1v/pubhtml?gid=3").fetch == \
        "https://docs.google.com/spreadsheets/d/e/2PACX-1v/pub?output=csv&gid=3"


def test_polling_rewrites_the_copy_only_when_it_changed(site) -> None:
    from generator.cards.cli.linked import Poller

    state, base = site
    state.routes["/p.csv"] = (200, {}, CSV.encode())
    first = remote.fetch_data(f"{base}/p.csv")
    stamp = first.path.stat().st_mtime_ns
    poller = Poller(f"{base}/p.csv", None, 60)
    assert poller.poll_once() is False and first.path.stat().st_mtime_ns == stamp
    state.routes["/p.csv"] = (200, {}, CSV.replace("Troll", "Ogre").encode())
    assert poller.poll_once() is True and "Ogre" in first.path.read_text()
    quiet = Poller(f"{base}/p.csv", None, 0.01, active=lambda: False).start()
    time.sleep(0.2)
    quiet.stop()
    assert state.hits.count("/p.csv") == 3          # not while the page is closed


def test_the_preview_polls_a_link_only_while_a_page_is_open_and_redraws_on_change(site, layout) -> None:
    import http.client

    from generator.cards.cli.linked import start_polling
    from generator.preview.deck import LiveDeck
    from generator.preview.page import page
    from generator.preview.server import PreviewServer

    state, base = site
    state.routes["/live.csv"] = (200, {}, CSV.encode())
    link = f"{base}/live.csv"
    local = remote.fetch_data(link).path
    deck = LiveDeck(local, layout)
    deck.refresh()
    assert [c.label for c in deck.cards] == ["Goblin", "Goblin", "Troll"]
    server = PreviewServer(deck, page(), dict)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    poller = start_polling(link, str(local), None, 0.02, active=server.has_viewers)
    try:
        time.sleep(0.3)
        assert state.hits.count("/live.csv") == 1             # no page open: no download
        state.routes["/live.csv"] = (200, {}, CSV.replace("Troll", "Ogre").encode())
        viewer = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=5)
        viewer.request("GET", "/events")
        stream = viewer.getresponse()
        assert stream.fp.readline().startswith(b"data: ")     # the stream is open: the page is
        for _ in range(3000):                                # a generous budget: a busy machine is slow
            if "Ogre" in local.read_text():
                break
            time.sleep(0.02)
        deck.refresh()
        assert [c.label for c in deck.cards] == ["Goblin", "Goblin", "Ogre"]
        assert state.hits.count("/live.csv") >= 2
    finally:
        poller.stop()
        stream.close()
        viewer.close()
        server.stop()


def test_a_template_error_names_the_link_as_the_data_file(site, pnpgen, write) -> None:
    state, base = site
    state.routes["/few.csv"] = (200, {}, b"name\nGoblin\n")
    layout = write("colour.yaml", "card: poker\nfront:\n  - {kind: rect, fill: '{colour}'}\n")
    code, _, err = pnpgen("cards", f"{base}/few.csv", layout)
    assert code == 2 and f"not in data file {base}/few.csv (fields: name)" in err


def test_a_tampered_cache_record_is_ignored(site, tmp_path) -> None:
    state, base = site
    state.routes["/t.csv"] = (200, {}, CSV.encode())
    first = remote.fetch_data(f"{base}/t.csv")
    record = first.path.parent / "source.json"
    (tmp_path / "secret.csv").write_text("name\nsecret\n", "utf-8")
    for name in ("../../secret.csv", "..", ".hidden", ""):
        record.write_text(f'{{"file": "{name}", "fetched": 1}}', "utf-8")
        del state.routes["/t.csv"]
        with pytest.raises(remote.DataError, match="HTTP 404"):       # no copy it may trust: the error
            remote.fetch_data(f"{base}/t.csv")
        state.routes["/t.csv"] = (200, {}, CSV.encode())
        assert remote.fetch_data(f"{base}/t.csv").path == first.path
