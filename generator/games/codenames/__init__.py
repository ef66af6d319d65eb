"""Codenames: key cards (classic 5x5, Pictures 5x4) with shareable codes, and word cards."""

from generator.games import Game, RulesSheet

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="codenames", title="Codenames", languages=("it", "en"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games.codenames.sheets:rules_pages", title="Codenames rules ({lang})",
                             about="the rules summary: one page with every rule needed at the table (classic and "
                                   "Pictures), the expert clues, the two- and three-player games with the two-player "
                                   "score table, and the assassin's-end variant."))
