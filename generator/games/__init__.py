"""The games pnpgen prints: the Game declaration each game package makes, and the registry of those packages.

A game lives in one folder, `generator/games/<name>/`: `__init__.py` (its declaration `GAME`: name,
title, languages, where its command line is), `rules/` (pure: standard library and `generator.core`
only), `content.py` (reading its card_data), `sheets` (pages, no backend) and `cli.py` (its click group
and its part of the kit). `pnpgen` and `pnpgen kit` iterate over `all_games()`; a game's package is
imported only to read its declaration (it imports nothing heavy), its command group and kit part only
when asked for, so `import generator.cli` stays light. See docs/ARCHITECTURE.md, "Adding a game".
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # pragma: no cover - typing only
    import click

# The game packages under generator/games/, each declaring its `GAME`; the command order is by name.
GAME_PACKAGES: tuple[str, ...] = ("codenames", "codex", "dungeon", "laser", "noir")

# The English names of the languages games print in (the kit index and its descriptions use them).
LANGUAGE_NAMES = {"en": "English", "it": "Italian", "fr": "French", "pt": "Portuguese"}


class KitPart(Protocol):
    """Writes a game's part of the kit into out_dir; returns (file, one-line description) pairs. `lang` is one
    of the game's `languages` (`pnpgen kit` passes the one it chose); None means the game's default."""

    def __call__(self, out_dir: Path, seed: int, paper: str, force: bool,
                 lang: str | None = None) -> list[tuple[Path, str]]: ...


@dataclass(frozen=True)
class RulesSheet:
    """What a game's rules aid is; the shared command line builds `pnpgen <game> rules` from it (--lang, --paper,
    --format pdf|png|svg, -o) and the kit prints it as <game>/<game>-rules-<lang>.pdf (generator/cli/gamecli.py).

    pages: "module:function", `function(lang, paper, **options) -> list[Page]`; title: the document's title
    ({lang} filled in), or title_from: "module:function", `function(lang, **options) -> str`, when the words
    are data; about: what the sheet holds (the command's help); options: the name of a list of click options
    in the game's cli module, the sheet's own (noir's --kill-limit), given to both functions by name."""

    pages: str
    about: str
    title: str = ""
    title_from: str = ""
    options: str = ""
    dpi: int = 150          # --format png


@dataclass(frozen=True)
class DeckGroup:
    """One named group of a deck's cards: the template it is laid out with and what its backs are (Tabletop
    Simulator writes each group as a deck of its own, since the backs differ)."""

    name: str
    template: str       # a built-in template (templates/<template>.yaml); "": drawn by the game's sheets
    backs: str          # in words, for the help: "each card its dead side", "one shared back", "none"


@dataclass(frozen=True)
class CardBox:
    """The box a deck goes in: what it shows, in the deck's language. The shared code sizes it to the deck as
    printed (its card size and count) and writes it with `pnpgen <game> <deck> --box` (generator/cli/gamecli.py)
    and, with a kit_file, in the kit.

    title: the box's title ({lang} filled in), or title_from: "module:function", `function(lang) -> str`, when
    the words are data (neither: the deck's title); colour and ink: '#rrggbb', the box's and its words' (""
    the default dark blue, and white or black, whichever reads); the back panel shows one side (face: "back",
    "front" when the deck's look is its front, "none") of the first card of `group` ("": the deck's first
    card; a subset printed without `group`: of the group printed with most cards, so that a box shows a
    card it holds); kit_file ({lang} filled in; "": no box in the kit) and kit_name (the deck, in the kit
    index's line)."""

    title: str = ""
    title_from: str = ""
    colour: str = ""
    ink: str = ""
    group: str = ""
    face: str = "back"
    kit_file: str = ""
    kit_name: str = ""


@dataclass(frozen=True)
class CardDeck:
    """A deck the game prints. The shared command line builds `pnpgen <game> <name>` from it (--lang, the deck's
    own options, every shared print option: generator/cli/gamecli.py) and the kit writes it as
    <game>/<kit_file> (PDF, backs for a long-edge flip).

    write: "module:function", `write(lang, opts, **options) -> list[Path]` (it reads the data and hands the
    cards to the publishing layer); groups: its named groups of cards in print order; about: the command's
    help; options: the name of a list of click options in the game's cli module (given to write by name);
    bleed: what --bleed is without it; backs: whether its cards have backs (else no --duplex, --offset,
    --gutter-fold); kit_file ({lang} filled in; "": not in the kit) and kit_about (the
    kit index's line); box: the box it goes in (CardBox: `pnpgen <game> <name> --box`)."""

    name: str
    write: str
    about: str
    groups: tuple[DeckGroup, ...]
    options: str = ""
    bleed: str = "the template's"
    backs: bool = True
    kit_file: str = ""
    kit_about: str = ""
    box: CardBox = CardBox()

    @property
    def group_names(self) -> tuple[str, ...]:
        return tuple(group.name for group in self.groups)

    def group(self, name: str) -> DeckGroup:
        """The group called `name` (KeyError naming the groups for another)."""
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(f"{self.name} has no group {name!r} (groups: {', '.join(self.group_names)})")


@dataclass(frozen=True)
class Game:
    """One game, declared once in its package as `GAME`: its command name, title, languages (the first is
    its rulebook's, printed unless told otherwise), the module defining `command` and `kit_part`, and what
    the shared code prints for it: its rules sheet and its decks."""

    name: str
    title: str
    languages: tuple[str, ...]
    cli_module: str   # a module defining `command` (a click group) and `kit_part` (a KitPart)
    rules: RulesSheet | None = None
    decks: tuple[CardDeck, ...] = ()

    def deck(self, name: str) -> CardDeck:
        """The deck called `name` (KeyError naming the game's decks for another)."""
        for deck in self.decks:
            if deck.name == name:
                return deck
        raise KeyError(f"{self.name} has no deck {name!r} (decks: {', '.join(d.name for d in self.decks)})")

    def deck_writer(self, deck: CardDeck) -> Callable[..., list[Path]]:
        """The function writing `deck`: write(lang, opts, **options) -> the files written."""
        return _function(deck.write)

    @property
    def default_language(self) -> str:
        """The language of the game's rulebook: what it prints unless told otherwise."""
        return self.languages[0]

    def kit_language(self, wanted: str | None) -> str:
        """The language of the game's part of a kit asked for in `wanted` (None: the rulebook's): `wanted`
        when the game has it, else the rulebook's."""
        return wanted if wanted in self.languages else self.default_language

    def command(self) -> click.Command:
        """The game's click command group (imported on demand)."""
        import click

        group = self._cli_attribute("command")
        if not isinstance(group, click.Command):
            raise TypeError(f"{self.cli_module}.command is not a click command")
        return group

    def kit_part(self) -> KitPart:
        """The function that writes the game's part of the kit (imported on demand)."""
        part: KitPart = self._cli_attribute("kit_part")
        if not callable(part):
            raise TypeError(f"{self.cli_module}.kit_part is not a function")
        return part

    def _cli_attribute(self, attribute: str) -> Any:
        return getattr(importlib.import_module(self.cli_module), attribute)

    def cli_options(self, attribute: str) -> list[Any]:
        """A list of click options the game's cli module declares (empty when `attribute` is "")."""
        return list(self._cli_attribute(attribute)) if attribute else []

    def rules_title(self, lang: str, **options: Any) -> str:
        """The rules sheet's document title in `lang` (its declaration's title, or the function it names)."""
        sheet = self._rules_sheet()
        return str(_function(sheet.title_from)(lang, **options)) if sheet.title_from else sheet.title.format(lang=lang)

    def rules_pages(self, lang: str, paper: str, **options: Any) -> list[Any]:
        """The rules sheet's pages (generator.scene Pages) in `lang` on `paper`."""
        return list(_function(self._rules_sheet().pages)(lang, paper, **options))

    def box_title(self, deck: CardDeck, lang: str) -> str:
        """The title on `deck`'s box in `lang` ("": the deck's own title)."""
        box = deck.box
        return str(_function(box.title_from)(lang)) if box.title_from else box.title.format(lang=lang)

    def _rules_sheet(self) -> RulesSheet:
        if self.rules is None:
            raise LookupError(f"{self.name} declares no rules sheet")
        return self.rules


def _function(name: str) -> Callable[..., Any]:
    """The function a declaration names as "package.module:function" (its module imported on demand)."""
    module, _, attribute = name.partition(":")
    found: Callable[..., Any] = getattr(importlib.import_module(module), attribute)
    return found


def declaration(package: str) -> Game:
    """The `GAME` declared by `generator.games.<package>` (importing that light package only)."""
    module = importlib.import_module(f"{__name__}.{package}")
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TypeError(f"{module.__name__} declares no GAME (a generator.games.Game)")
    return game


_registered: tuple[Game, ...] = ()


def all_games() -> tuple[Game, ...]:
    """Every game: the packages' declarations in GAME_PACKAGES order, then the registered ones."""
    return (*(declaration(package) for package in GAME_PACKAGES), *_registered)


def game_named(name: str) -> Game | None:
    """The game whose command is `name`, or None."""
    return next((game for game in all_games() if game.name == name), None)


def register(game: Game) -> Callable[[], None]:
    """Add a game beside the packages' (tests and plug-ins); returns a function that removes it again."""
    global _registered
    _registered = (*_registered, game)

    def unregister() -> None:
        global _registered
        _registered = tuple(g for g in _registered if g is not game)

    return unregister
