"""Noir: Killer vs Inspector: setups, the deck and setup sheets, and the `pnpgen noir` commands."""

from generator.games import Game, RulesSheet

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="noir", title="Noir: Killer vs Inspector", languages=("pt", "en"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games.noir.sheets:rules_pages", title_from="generator.games.noir.content:deck_title",
                             options="RULES_OPTIONS",
                             about="one page with every rule needed during play (setup, first turns, both players' "
                                   "actions, shared rules, the end, the Standard-mode variant)."))
