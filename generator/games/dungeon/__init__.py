"""CODEX (the dungeon crawl): rules, card data, card sheets and the `pnpgen dungeon` commands."""

from generator.games import Game

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="dungeon", title="CODEX (the dungeon crawl)", languages=("fr", "en"), cli_module=f"{__name__}.cli")
