"""Laser circuits: rules, component data, sheets and the `pnpgen laser` commands."""

from generator.games import Game

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="laser", title="Laser circuits", languages=("it", "en", "fr", "pt"), cli_module=f"{__name__}.cli")
