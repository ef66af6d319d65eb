"""The games pnpgen prints: the Game interface and the GAMES registry (one entry per game package).

A game lives in one folder, `generator/games/<name>/`: `rules/` (pure: standard library and
`generator.core` only), `content.py` (reading its card_data), `sheets` (pages, no backend) and
`cli.py` (its click group and its part of the kit). `pnpgen` and `pnpgen kit` iterate over GAMES;
the command group and kit part are imported only when asked for, so `import generator.cli` stays light.
See docs/ARCHITECTURE.md, "Adding a game".
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover - typing only
    import click


class KitPart(Protocol):
    """Writes a game's part of the kit into out_dir; returns (file, one-line description) pairs. `lang` is one
    of the game's `languages` (`pnpgen kit` passes the one it chose); None means the game's default."""

    def __call__(self, out_dir: Path, seed: int, paper: str, force: bool,
                 lang: str | None = None) -> list[tuple[Path, str]]: ...


@dataclass(frozen=True)
class Game:
    """One game: its command name, title, languages (the first is its rulebook's) and CLI module."""

    name: str
    title: str
    languages: tuple[str, ...]
    cli_module: str   # a module defining `command` (a click group) and `kit_part`

    @property
    def default_language(self) -> str:
        """The language of the game's rulebook: what it prints unless told otherwise."""
        return self.languages[0]

    def kit_language(self, wanted: str | None) -> str:
        """The language of the game's part of a kit asked for in `wanted` (None: the rulebook's): `wanted`
        when the game has it, else the rulebook's."""
        return wanted if wanted in self.languages else self.default_language

    def _cli(self) -> object:
        return importlib.import_module(self.cli_module)

    def command(self) -> click.Command:
        """The game's click command group (imported on demand)."""
        module = self._cli()
        group: click.Command = module.command  # type: ignore[attr-defined]
        return group

    def kit_part(self) -> KitPart:
        """The function that writes the game's part of the kit (imported on demand)."""
        module = self._cli()
        part: KitPart = module.kit_part  # type: ignore[attr-defined]
        return part


def _game(name: str, title: str, languages: tuple[str, ...], package: str | None = None) -> Game:
    return Game(name, title, languages, f"generator.games.{package or name}.cli")


GAMES: tuple[Game, ...] = (
    _game("codenames", "Codenames", ("en", "it")),
    _game("codex", "Codex (secret agents)", ("it", "en")),
    _game("dungeon", "CODEX (the dungeon crawl)", ("fr", "en")),
    _game("laser", "Laser circuits", ("it", "en", "fr", "pt")),
    _game("noir", "Noir: Killer vs Inspector", ("pt", "en")),
)


def game_named(name: str) -> Game | None:
    """The registered game whose command is `name`, or None."""
    return next((game for game in GAMES if game.name == name), None)


def register(game: Game) -> Callable[[], None]:
    """Add a game to GAMES (tests and plug-ins); returns a function that removes it again."""
    global GAMES
    GAMES = (*GAMES, game)

    def unregister() -> None:
        global GAMES
        GAMES = tuple(g for g in GAMES if g is not game)

    return unregister
