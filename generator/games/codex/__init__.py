"""Codex (secret agents): deals of identities and code fragments, their sheets and the `pnpgen codex` commands."""

from generator.games import Game

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="codex", title="Codex (secret agents)", languages=("it", "en"), cli_module=f"{__name__}.cli")
