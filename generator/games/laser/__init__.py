"""Laser circuits: rules, component data, sheets and the `pnpgen laser` commands."""

from generator.games import Game, RulesSheet

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="laser", title="Laser circuits", languages=("it", "en", "fr", "pt"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games.laser.sheets.rules_sheet:rules_pages", title="Laser circuits", dpi=200,
                             about="one page with every rule needed during play (design, the beam and each component, "
                                   "the investigation, declaring the end, the unlocatable rule, 3-6 players)."))
