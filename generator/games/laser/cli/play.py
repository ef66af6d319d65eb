"""`pnpgen laser play [CODE]`: a puzzle (or a `laser generate` layout) played in the browser.

A local page, like the preview's (generator/preview/loopback.py: 127.0.0.1 only, the Host header checked,
POSTs only from the page itself). The hidden layout stays in this process (rules/play.py): the page
asks for each shot and for each check, and is never sent the answer.

Routes:
  GET /              the page (sheets/play_page.py), in --lang
  GET /state.json    the board, the types in play, the shots fired so far, the score and the par
  POST /fire         {"cannon": k}: fire it; answers the shot as the rules write it
  POST /check        {"pieces": [{"type", "column", "row", "orientation"}]}: solved, or one fired
                     shot the placement contradicts, or none
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cli.common import seed_option
from generator.cli.options import lang_option
from generator.core.errors import PnpError
from generator.core.jsondata import parse_json
from generator.games.laser import GAME
from generator.preview.loopback import LoopbackHandler, LoopbackServer

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.play import Hidden
    from generator.games.laser.sheets.labels import Labels

PAR_WORK = 3_000      # work units for a generated layout's par (its exact difficulty; laser generate --work)


class PlayServer(LoopbackServer):
    """One hidden layout and its page; a lock keeps the shots in order."""

    def __init__(self, game: Hidden, page: bytes, labels: Labels, port: int = 0) -> None:
        super().__init__(_Handler, port)
        self.game, self.page, self.labels = game, page, labels
        self.lock = threading.Lock()

    def state(self) -> dict[str, Any]:
        game, engine = self.game, self.game.engine
        types = []
        for ctype in engine.in_play:
            names = [o.name for o in ctype.orientations]
            types.append({"name": ctype.name, "label": self.labels.component(ctype)[0], "hit": ctype.hit,
                          "orientations": names if len(names) > 1 else []})
        return {"columns": engine.board.width, "rows": engine.board.height, "cannons": engine.board.cannons,
                "types": types, "fired": [_shot_json(s) for s in game.fired], "score": game.score,
                "par": game.par, "par_exact": game.par_exact}

    def par_text(self) -> str:
        """The par as the page shows it: `7`, or `≤ 7` when the search for it stopped early."""
        return f"{'' if self.game.par_exact else '≤ '}{self.game.par}"

    def check(self, data: Any) -> dict[str, Any]:
        """The check's answer in the page's words (a placement the page could not have sent is
        answered as unreadable: the page lets no two components share a cell, nor a type twice)."""
        from generator.core.errors import RulesError
        from generator.games.laser.rules.play import Incomplete

        labels = self.labels
        try:
            pieces = [(str(p["type"]), int(p["column"]), int(p["row"]),
                       None if p.get("orientation") is None else str(p["orientation"])) for p in data["pieces"]]
            verdict = self.game.check(pieces)
        except Incomplete:
            return {"solved": False, "contradicts": None,
                    "message": labels.fill("play_place_all", k=len(self.game.engine.in_play))}
        except (RulesError, KeyError, TypeError, ValueError, AttributeError):
            return {"solved": False, "contradicts": None, "message": labels["play_bad_request"]}
        if verdict.solved:
            message = labels.fill("play_solved", k=self.game.score, par=self.par_text())
        elif verdict.contradicted is not None:
            message = labels.fill("play_contradicts", k=verdict.contradicted, theirs=verdict.theirs or "")
        else:
            message = labels["play_consistent"]
        return {"solved": verdict.solved, "contradicts": verdict.contradicted, "message": message}


def _shot_json(shot: Any) -> dict[str, Any]:
    return {"cannon": shot.cannon, "text": shot.text, "exit": shot.exit, "given": shot.given}


class _Handler(LoopbackHandler):
    server: PlayServer

    def state(self) -> Any:
        with self.server.lock:
            return self.server.state()

    def do_POST(self) -> None:
        if self.path not in ("/fire", "/check") or not self._post_allowed("play"):
            self._not_found()
            return
        body = self._body()
        if body is None:
            return
        try:
            data = parse_json(body.decode("utf-8") or "null", None)
        except (UnicodeDecodeError, PnpError):
            self._json({"error": "not JSON"}, 400)
            return
        with self.server.lock:
            if self.path == "/check":
                self._json(self.server.check(data))
                return
            cannon = data.get("cannon") if isinstance(data, dict) else None
            if not isinstance(cannon, int) or not 1 <= cannon <= self.server.game.engine.board.cannons:
                self._json({"error": "no such cannon"}, 400)
                return
            shot = self.server.game.fire(cannon)
            self._json({**_shot_json(shot), "score": self.server.game.score})


@click.command("play")
@click.argument("code", required=False)
@click.option("--layout", "layout_file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Play this layout file (as `laser check` reads it) with every shot hidden, instead of a CODE.")
@seed_option(help="Without CODE or --layout: the fair layout `laser generate --seed N` makes first.")
@click.option("--size", default="8x7", show_default=True, help="Board size of a generated layout, COLUMNSxROWS.")
@click.option("--components", default="beginner", show_default=True,
              help="Set in play of a generated layout: beginner, all, or type names separated by commas.")
@lang_option(GAME, "Language of the page.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--no-open", is_flag=True, help="Do not open a browser; print the address only.")
def play(code: str | None, layout_file: Path | None, seed: int | None, size: str, components: str, lang: str,
         port: int, no_open: bool) -> None:
    """Play a laser puzzle in the browser: fire cannons, place the components, check.

    With a CODE (printed on every page of a puzzle book) the puzzle opens with its given shots already
    fired; without one, a fair layout from `laser generate` (or --layout FILE) opens with every shot
    hidden: the full game for one investigator. Click a cannon to fire it: its result is written as the
    rules write it (`26 T \\ 28`: the components hit in order and the receiving cannon) and added to the
    shot log. Pick a component (or the empty mark) and click cells to place it; undo takes back the last
    change. "Check" says whether your circuit is the hidden one, or names one fired shot it contradicts;
    it never shows the answer. The score counts the shots fired, the given ones included: fewer is
    better, and the par is the fewest proven to pin the layout down (a book puzzle's given shots, or a
    generated layout's exact difficulty). The page answers on 127.0.0.1 only. Ctrl-C stops it.

    \b
    Examples:
      pnpgen laser play 8x7-00000-2AXGX-DN00C-YBV-1Q
      pnpgen laser play --seed 7 --lang en
      pnpgen laser play --layout circuit.txt --no-open --port 8765
    """
    from generator.games.laser.sheets.labels import load_labels
    from generator.games.laser.sheets.play_page import page

    game = hidden_game(code, layout_file, seed, size, components)
    labels = load_labels(lang)
    try:
        server = PlayServer(game, page(labels), labels, port=port)
    except OSError as err:
        raise click.ClickException(f"cannot listen on 127.0.0.1:{port}: {err.strerror}") from None
    serve(server, not no_open)


def hidden_game(code: str | None, layout_file: Path | None, seed: int | None, size: str,
                components: str) -> Hidden:
    """The game a command line asks for: a code's puzzle (its shots given), a layout file, or a
    generated fair layout (every shot hidden; its par is its exact difficulty within PAR_WORK)."""
    from generator.core.errors import LayoutError
    from generator.games.laser.content import in_play, load_catalog, load_layout, parse_size
    from generator.games.laser.rules.engine import engine_for
    from generator.games.laser.rules.play import Hidden

    catalog = load_catalog()
    if code is not None:
        if layout_file is not None:
            raise click.UsageError("give a CODE or --layout, not both")
        from generator.games.laser.rules.code import decode

        layout, cannons = decode(code, catalog)
        return Hidden(engine_for(layout.board, layout.in_play), layout, cannons, len(cannons))
    if layout_file is not None:
        layout = load_layout(str(layout_file))
    else:
        from generator.cli.common import resolve_seed
        from generator.core.rng import make_rng
        from generator.games.laser.rules.generate import generate_fair

        layout = generate_fair(make_rng(resolve_seed(seed), "laser", "generate"), parse_size(size),
                               in_play(catalog, components))
    from generator.games.laser.rules.difficulty import WorkBudget, rate

    rating = rate(layout, budget=WorkBudget(PAR_WORK))
    if rating is None:
        raise LayoutError("this layout is not fair (or cannot be played): `pnpgen laser check` says why",
                          key="--layout")
    return Hidden(engine_for(layout.board, layout.in_play), layout, (), rating.shots, rating.exact)


def serve(server: PlayServer, open_browser: bool) -> None:
    """Serve until Ctrl-C (or SIGTERM)."""
    from generator.cli.serving import run

    def work() -> None:
        stopped = threading.Event()
        while not stopped.wait(0.5):     # a wait with a timeout: Ctrl-C is heard between two
            pass

    run(server, "laser play", open_browser, work)
