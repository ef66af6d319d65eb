"""`pnpgen laser play CODE` in a real browser (headless Chromium through selenium, as the preview's
tests): the given shots fired at the start, a cannon fired by a click, pieces placed by clicks, undo, a
wrong placement answered with one contradicting shot, the right one solved and scored.

Without Chromium, chromedriver or selenium the browser test is skipped with what to install (the `needs`
marker); the server tests below run without them. PNPGEN_SCREENSHOT_PLAY=FILE keeps a screenshot.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import threading
from pathlib import Path

import pytest
from tests.children import Child
from tests.laser.conftest import EXAMPLE_LAYOUT
from tests.preview.test_browser import wait_for

from generator.games.laser.rules.code import encode
from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.notation import parse_layout
from generator.games.laser.rules.puzzle import minimal_cannons
from generator.games.laser.rules.words import result_text


def _puzzle(catalog):
    """The rulebook example's layout with a minimal set of given shots: (layout, cannons, code)."""
    layout = parse_layout(EXAMPLE_LAYOUT, catalog)
    engine = engine_for(layout.board, layout.in_play)
    results = engine.results(engine.cells_of(layout))
    cannons = minimal_cannons(engine, results, random.Random("play"))
    return layout, cannons, encode(layout, cannons, catalog)


def _tool(placement) -> str:
    return f"{placement.type}:{placement.orientation}" if placement.orientation else placement.type


def _choose(driver, name: str) -> None:
    """Click the tool button whose data-tool is `name` (a diagonal's `\\` makes a CSS selector awkward)."""
    next(b for b in driver.find_elements("css selector", "#tools button") if b.get_attribute("data-tool") == name).click()


@pytest.mark.needs("chromium", "chromedriver", "selenium")
def test_a_puzzle_is_solved_by_clicks_checked_and_scored(catalog, tmp_path: Path, shared_browser) -> None:
    layout, given, code = _puzzle(catalog)
    engine = engine_for(layout.board, layout.in_play)
    cells = engine.cells_of(layout)
    child = Child(["laser", "play", code, "--no-open", "--lang", "en"], tmp_path)
    driver = None
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", child.wait_line("pnpgen laser play: ")).group(0)
        driver = shared_browser                        # the session's (tests/conftest.py)
        driver.get(url)
        wait_for(driver, lambda d: d.execute_script("return document.body.dataset.ready"), what="the page")
        log = lambda d: [e.text for e in d.find_elements("css selector", "#log li")]  # noqa: E731
        score = lambda d: d.find_element("id", "score").text  # noqa: E731
        # the book's given shots are fired already, as the rules write them
        assert log(driver) == [f"{result_text(engine, k, engine.results(cells)[k - 1])} (given)" for k in given]
        assert score(driver) == f"Shots fired: {len(given)} · par {len(given)}"
        assert all("fired" in driver.find_element("id", f"cannon-{k}").get_attribute("class") for k in given)

        # a click fires a cannon: its result in the log, the exit marked, the score up by one
        extra = next(k for k in range(1, 31) if k not in given and engine.trace(cells, k)[1] > 0)
        driver.find_element("id", f"cannon-{extra}").click()
        wait_for(driver, lambda d: len(log(d)) == len(given) + 1, what="the shot in the log")
        text = result_text(engine, extra, engine.results(cells)[extra - 1])
        assert log(driver)[-1] == text and driver.find_element("id", "last").text == f"Last shot: {text}"
        exit_cannon = engine.trace(cells, extra)[1]
        assert "exit" in driver.find_element("id", f"cannon-{exit_cannon}").get_attribute("class")
        assert score(driver) == f"Shots fired: {len(given) + 1} · par {len(given)}"

        # every component in its place but the first, one cell off: one fired shot contradicts it
        pieces = list(layout.placements)
        wrong = next((c, r) for c in range(1, 9) for r in range(1, 8)
                     if (c, r) not in {p.cell for p in pieces} and _contradicted(engine, layout, pieces[0], (c, r),
                                                                                  [*given, extra]))
        for p in pieces:
            _choose(driver, _tool(p))
            driver.find_element("id", f"cell-{wrong[0]}-{wrong[1]}" if p is pieces[0] else
                                f"cell-{p.cell[0]}-{p.cell[1]}").click()
        _choose(driver, "empty")
        driver.find_element("id", "cell-2-2").click()
        driver.find_element("id", "check").click()
        answer = wait_for(driver, lambda d: d.find_element("id", "answer").text, what="the check's answer")
        expected = _contradicted(engine, layout, pieces[0], wrong, [*given, extra])
        assert answer.startswith(f"Shot {expected} does not fit your circuit"), answer
        assert "contradicts" in driver.find_element("id", f"cannon-{expected}").get_attribute("class")
        assert f"{wrong[0]}" not in answer.split("give")[0]        # it names a shot, never a place

        # undo takes back the empty mark; the first piece moved to its place: solved, scored
        driver.find_element("id", "undo").click()
        assert driver.find_element("id", "cell-2-2").get_attribute("data-piece") == ""
        _choose(driver, _tool(pieces[0]))
        driver.find_element("id", f"cell-{pieces[0].cell[0]}-{pieces[0].cell[1]}").click()
        assert driver.find_element("id", f"cell-{wrong[0]}-{wrong[1]}").get_attribute("data-piece") == ""
        driver.find_element("id", "check").click()
        wait_for(driver, lambda d: d.find_element("id", "answer").text.startswith("Solved"), what="solved")
        assert driver.find_element("id", "answer").text == f"Solved in {len(given) + 1} shots (par {len(given)})."
        target = os.environ.get("PNPGEN_SCREENSHOT_PLAY")
        if target:
            driver.save_screenshot(target)
    finally:
        if driver is not None:
            driver.get("about:blank")
        status = child.stop()
    assert status == 0 and "Traceback" not in child.stderr
    assert child.out[-1].strip() == "pnpgen laser play: stopped"


def _contradicted(engine, layout, piece, cell, fired):
    """The first fired cannon whose shot differs once `piece` moves to `cell` (None: none differs)."""
    from dataclasses import replace

    moved = replace(layout, placements=tuple(replace(p, cell=cell) if p is piece else p for p in layout.placements))
    mine, truth = engine.cells_of(moved), engine.cells_of(layout)
    return next((k for k in fired if engine.trace(mine, k) != engine.trace(truth, k)), None)


# -- the server, without a browser ------------------------------------------------------------------
@pytest.fixture()
def served(catalog):
    """A play server (in this process) on a generated layout, every shot hidden, in each language."""
    from generator.games.laser.cli.play import PlayServer, hidden_game
    from generator.games.laser.sheets.labels import load_labels
    from generator.games.laser.sheets.play_page import page

    servers = []

    def start(lang: str, **where):
        game = hidden_game(where.get("code"), None, 7, "5x4", "absorber,reflector,diagonal")
        labels = load_labels(lang)
        server = PlayServer(game, page(labels), labels)
        threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def _ask(server, method: str, path: str, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=30)
    data = None if body is None else json.dumps(body).encode()
    connection.request(method, path, body=data, headers={"X-Pnpgen": "play", **(headers or {})})
    answer = connection.getresponse()
    out = answer.status, answer.read()
    connection.close()
    return out


@pytest.mark.parametrize(("lang", "title"), [("it", "Circuiti laser: gioca"), ("en", "Laser circuits: play"),
                                             ("fr", "Circuits laser\u202f: jouer"), ("pt", "Circuitos laser: jogar")])
def test_a_generated_layout_plays_with_every_shot_hidden_in_four_languages(served, lang, title):
    server = served(lang)
    status, body = _ask(server, "GET", "/")
    assert status == 200 and f"<title>{title}</title>" in body.decode() and f'lang="{lang}"' in body.decode()
    status, body = _ask(server, "GET", "/state.json")
    state = json.loads(body)
    assert state["fired"] == [] and state["score"] == 0 and state["par"] >= 1 and state["columns"] == 5
    assert set(state) == {"columns", "rows", "cannons", "types", "fired", "score", "par", "par_exact"}  # no layout
    status, body = _ask(server, "POST", "/fire", {"cannon": 3})
    shot = json.loads(body)
    engine, cells = server.game.engine, server.game.cells
    assert shot["text"] == result_text(engine, 3, engine.results(cells)[3 - 1]) and shot["score"] == 1
    _, body = _ask(server, "POST", "/check", {"pieces": []})
    assert json.loads(body) == {"solved": False, "contradicts": None,
                                "message": server.labels.fill("play_place_all", k=3)}


def test_the_server_answers_its_own_page_only(served):
    server = served("en")
    assert _ask(server, "GET", "/state.json", headers={"Host": "example.com"})[0] == 403
    assert _ask(server, "POST", "/fire", {"cannon": 1}, headers={"X-Pnpgen": "other"})[0] == 404
    assert _ask(server, "POST", "/fire", {"cannon": 999})[0] == 400
    assert _ask(server, "GET", "/../etc/passwd")[0] == 404
    assert server.game.fired == []


def test_without_a_code_it_plays_the_layout_laser_generate_makes(capsys):
    """`laser play --seed 7` hides the very layout `laser generate --seed 7` prints first."""
    from generator.cli import cli
    from generator.cli.common import run_cli
    from generator.games.laser.cli.play import hidden_game
    from generator.games.laser.rules.notation import format_layout

    assert run_cli(cli, ["laser", "generate", "--seed", "7", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)["layouts"][0]["layout"]
    game = hidden_game(None, None, 7, "8x7", "beginner")
    assert format_layout(game.engine.layout_of(game.cells)) == printed and game.fired == []


def test_a_placement_the_page_cannot_send_is_answered_in_the_pages_words(served):
    server = served("fr")
    pieces = [{"type": "absorber", "column": 1, "row": 1}, {"type": "reflector", "column": 1, "row": 1},
              {"type": "diagonal", "column": 2, "row": 1, "orientation": "/"}]
    for body in ({"pieces": pieces}, {"pieces": "x"}, [], {"pieces": [{"type": "absorber"}]}):
        status, answer = _ask(server, "POST", "/check", body)
        assert status == 200 and json.loads(answer)["message"] == server.labels["play_bad_request"], body
