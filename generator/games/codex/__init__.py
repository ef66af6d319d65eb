"""Codex (secret agents): deals of identities and code fragments, their sheets and the `pnpgen codex` commands."""

from generator.games import Game, RulesSheet

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="codex", title="Codex (secret agents)", languages=("it", "en"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games.codex.sheets.deal:rules_pages", title="Codex",
                             about="one page with every rule needed during play (the identikit, the steps of a "
                                   "phase, code attempts, the truth machine, the end, all six roles). Every deal's "
                                   "PDF ends with it."))
