"""The preview without a browser: the live deck redraws only what changed, keeps the last good render, and
the server answers only its own routes, on loopback."""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import os
import shutil
import threading
from pathlib import Path

import pytest
from PIL import Image as PILImage

from generator import paths
from generator.cards.cli.preview import fresh_image_loader, print_deck
from generator.preview.deck import LiveDeck
from generator.preview.page import page
from generator.preview.server import PreviewServer
from generator.publish import DeckOptions


@pytest.fixture
def deck_files(tmp_path: Path) -> tuple[Path, Path]:
    shutil.copytree(paths.card_data("example"), tmp_path / "deck")
    template = tmp_path / "layout.yaml"
    shutil.copy(paths.template("cards", "example.yaml"), template)
    return tmp_path / "deck" / "cards.yaml", template


def keys(deck: LiveDeck) -> list[str]:
    return [card.key for card in deck.cards]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), "utf-8")
    os.utime(path, ns=(path.stat().st_mtime_ns + 10**9,) * 2)     # a later stamp even on a coarse clock


def test_redraws_only_changed_cards_and_keeps_last_good(deck_files) -> None:
    data, template = deck_files
    deck = LiveDeck(data, template, image_loader=fresh_image_loader())
    assert deck.refresh() == set(range(1, 19)) and deck.error is None
    first, version = keys(deck), deck.version
    assert all(first) and deck.refresh() == set() and deck.version == version

    edit(data, "Basilico genovese", "Basilico fresco")
    assert deck.refresh() == {3, 4}                   # the record and its copy (qty 2)
    assert [a == b for a, b in zip(keys(deck), first, strict=True)] == [n not in (3, 4) for n in range(1, 19)]
    assert b"Basilico fresco" in deck.svg(3, "front") and b"<svg" in deck.svg(3, "back")

    edit(data, "points: 1\n    picture: pictures/herbs.png", "points: lots\n    picture: pictures/herbs.png")
    assert deck.refresh() == {3, 4}
    assert deck.cards[2].error == deck.cards[3].error == cli_error(data, template)   # the CLI's own line
    assert deck.cards[0].error is None and deck.svg(1, "front") is not None


def cli_error(data: Path, template: Path) -> str:
    """What `pnpgen cards DATA TEMPLATE` says about the deck, without its 'pnpgen: error: ' prefix."""
    from generator.cli import cli
    from generator.cli.common import run_cli

    out, err = io.StringIO(), io.StringIO()       # in-process: the console script's own run_cli, its stderr
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_cli(cli, ["cards", str(data), str(template), "-o", str(data.parent / "x.pdf")])
    assert code == 2 and err.getvalue().count("\n") == 1, err.getvalue()
    assert not (data.parent / "x.pdf").exists()
    return err.getvalue().strip().removeprefix("pnpgen: error: ")


def test_template_error_keeps_the_last_good_cards_then_back(deck_files) -> None:
    data, template = deck_files
    deck = LiveDeck(data, template)
    deck.refresh()
    good = keys(deck)
    edit(template, "front:\n", "front: [\n")
    assert deck.refresh() == set()                              # the cards stay as they were drawn
    assert deck.error == cli_error(data, template) and deck.snapshot()["error"] == deck.error
    assert keys(deck) == good and all(card.error is None for card in deck.cards)
    assert all(deck.svg(n, "front") for n in range(1, 19))
    assert template.resolve() in deck.files() and data.resolve() in deck.files()
    edit(template, "front: [\n", "front:\n")
    deck.refresh()
    assert deck.error is None and keys(deck) == good


def test_changed_picture_redraws_its_cards(deck_files) -> None:
    data, template = deck_files
    deck = LiveDeck(data, template, image_loader=fresh_image_loader())
    deck.refresh()
    herbs = data.parent / "pictures" / "herbs.png"
    assert herbs.resolve() in deck.files()
    before = keys(deck)
    PILImage.new("RGB", (400, 240), "#123456").save(herbs)
    os.utime(herbs, ns=(herbs.stat().st_mtime_ns + 10**9,) * 2)
    assert deck.refresh() == {3, 4}
    assert keys(deck)[2] != before[2]


def test_boxes_and_warnings_in_state(deck_files) -> None:
    from PIL import Image

    data, template = deck_files
    for picture in (data.parent / "pictures").glob("*.png"):     # half the example's pixels: 167 ppi in its box
        with Image.open(picture) as im:
            im.resize((im.width // 2, im.height // 2), Image.Resampling.NEAREST).save(picture)
    deck = LiveDeck(data, template)
    deck.refresh()
    state = deck.snapshot()
    title = next(b for b in state["cards"][0]["boxes"] if b["id"] == "title")
    assert title == {"face": "front", "id": "title", "kind": "text", "x": 6.0, "y": 4.5, "w": 42.5, "h": 10.0}
    assert any("170 ppi" in w for w in state["cards"][0]["warnings"])      # under 200 ppi: said on the card
    assert (state["card_w"], state["card_h"], state["bleed"]) == (63.5, 88.9, 3.0)


@pytest.fixture
def server(deck_files, tmp_path, monkeypatch):
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "output"))
    data, template = deck_files
    deck = LiveDeck(data, template)
    deck.refresh()
    opts = DeckOptions(quiet=True)
    written: set[Path] = set()
    srv = PreviewServer(deck, page(), lambda: print_deck(deck, str(data), str(template), opts, written))
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.stop()
    thread.join(timeout=5)


def get(srv, path: str, method: str = "GET", headers: dict | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", srv.server_address[1], timeout=5)
    conn.request(method, path, headers=headers or {})
    res = conn.getresponse()
    body = res.read()
    conn.close()
    return res.status, body


def test_server_routes(server, tmp_path) -> None:
    assert server.server_address[0] == "127.0.0.1"
    status, body = get(server, "/")
    assert status == 200 and b"EventSource" in body
    status, body = get(server, "/state.json")
    assert status == 200 and len(json.loads(body)["cards"]) == 18
    key = json.loads(get(server, "/state.json")[1])["cards"][2]["key"]
    status, body = get(server, f"/card/3/front.svg?k={key}")
    assert status == 200 and b"Basilico genovese" in body
    assert get(server, "/card/3/front.svg")[1] == body
    assert get(server, "/card/3/front.svg?k=0000")[0] == 404          # a drawing it does not have
    for path in ("/card/19/front.svg", "/card/0/front.svg", "/../../etc/passwd", "/deck/cards.yaml",
                 "/card/1/../../layout.yaml", "/templates/fonts/DejaVuSans.ttf"):
        assert get(server, path)[0] == 404, path
    assert get(server, "/state.json", headers={"Host": "example.com"})[0] == 403
    assert get(server, "/print", "POST")[0] == 404                  # without the page's header
    status, body = get(server, "/print", "POST", {"X-Pnpgen": "print"})
    written = Path(json.loads(body)["path"])
    assert status == 200 and written == tmp_path / "output" / "deck.pdf" and written.read_bytes()[:5] == b"%PDF-"
    status, body = get(server, "/print", "POST", {"X-Pnpgen": "print"})   # its own file: written again
    assert Path(json.loads(body)["path"]) == written


def test_print_never_overwrites_a_file_it_did_not_write(deck_files, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "output"))
    data, template = deck_files
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "deck.pdf").write_bytes(b"mine")
    deck = LiveDeck(data, template)
    deck.refresh()
    answer = print_deck(deck, str(data), str(template), DeckOptions(quiet=True), set())
    assert answer["path"] == str(tmp_path / "output" / "deck-2.pdf")
    assert (tmp_path / "output" / "deck.pdf").read_bytes() == b"mine"


def test_the_first_paint_publishes_cards_as_they_are_ready(deck_files, monkeypatch) -> None:
    import re

    from generator.preview import deck as preview_deck

    monkeypatch.setattr(preview_deck, "PROGRESS_S", -1.0)        # publish after every rendered card
    data, template = deck_files
    deck = LiveDeck(data, template, image_loader=fresh_image_loader())
    seen: list[int] = []
    publish = deck._publish
    monkeypatch.setattr(deck, "_publish", lambda states, *a: seen.append(len(states)) or publish(states, *a))
    deck.refresh(progressive=True)
    assert seen[-1] == len(deck.cards) == 18
    assert seen[:-1] == sorted(seen[:-1]) and len(set(seen)) > 5 and seen[0] < 18    # a growing prefix
    # every face embeds the session's one subset of the body font
    faces = {re.search(rb"pnpgen-sans';[^}]*?base64,([^)]+)\)", deck.svg(n, "front")).group(1) for n in range(1, 19)}
    assert len(faces) == 1
    edit(data, "Basilico genovese", "Basilico Zqx")                  # new letters: a larger subset
    assert deck.refresh() == {3, 4}
    assert b"Basilico Zqx" in deck.svg(3, "front") and "Z" in deck.charset["serif-bold"] + deck.charset["sans"]


def test_the_preview_prints_its_address_before_drawing(deck_files, monkeypatch) -> None:
    """The address line comes first; the count line once the cards are drawn."""
    from generator.cards.cli import preview

    data, template = deck_files
    order: list[str] = []
    monkeypatch.setattr(preview.click, "echo", lambda text, err=False: order.append(str(text)))
    monkeypatch.setattr(LiveDeck, "refresh", lambda self, progressive=False: order.append(f"refresh {progressive}") or set())

    def stop_at_watch(files, callback, stop, folders=None):
        raise KeyboardInterrupt

    monkeypatch.setattr("generator.cards.cli.watch.watch", stop_at_watch)
    deck = LiveDeck(data, template)
    server = PreviewServer(deck, page(), lambda: {})
    preview.serve(deck, server, open_browser=False)
    assert order[0].startswith("pnpgen preview: http://127.0.0.1:") and order[1] == "refresh True"
    assert order[2].startswith("pnpgen preview: 0 cards drawn in")
