"""Noir: Killer vs Inspector: setups, the deck and setup sheets, and the `pnpgen noir` commands."""

from generator.games import Game

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="noir", title="Noir: Killer vs Inspector", languages=("pt", "en"), cli_module=f"{__name__}.cli")
