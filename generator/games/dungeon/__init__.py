"""CODEX (the dungeon crawl): rules, card data, card sheets and the `pnpgen dungeon` commands."""

from generator.games import Game, RulesSheet

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="dungeon", title="CODEX (the dungeon crawl)", languages=("fr", "en"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games.dungeon.aid:aid_pages_for", title_from="generator.games.dungeon.aid:aid_title",
                             options="RULES_OPTIONS",
                             about="the CODEX player aid alone: one sheet, two sides (pdf: print its two pages on "
                                   "the two sides of one sheet). The turn, the actions and their costs, attack and "
                                   "riposte, Objects (the 5-Object limit), resting, engaging, the Creature phase, the "
                                   "Golden Rule; then setting up the game and a chapter, ending a chapter, the icons, "
                                   "the keywords (from keywords.yaml) and the table rulings. The same pages open the "
                                   "deck PDF (`dungeon cards`)."))
