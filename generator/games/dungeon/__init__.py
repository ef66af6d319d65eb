"""CODEX (the dungeon crawl): rules, card data, card sheets and the `pnpgen dungeon` commands."""

from generator.games import CardBox, CardDeck, DeckGroup, Game, RulesSheet

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
                                   "deck PDF (`dungeon cards`)."),
            decks=(CardDeck(
                name="cards", write="generator.games.dungeon.cli:write_cards", options="CARDS_OPTIONS",
                groups=tuple(DeckGroup(kind, f"dungeon/{kind}", "its kind's own")
                             for kind in ("character", "ration", "object", "secret", "creature", "special", "boss",
                                          "zone")),
                kit_file="dungeon-cards-{lang}.pdf",
                box=CardBox(title="CODEX", colour="#3a2a1f", ink="#f3e3c3", group="creature",
                            kit_file="dungeon-box-{lang}.pdf", kit_name="CODEX (the dungeon crawl) deck"),
                kit_about="CODEX (the dungeon crawl): the player aid, then the 82 cards ({language}), backs for "
                          "long-edge duplex",
                about="Print the CODEX deck: 82 cards, each kind with its own template and back.\n\n"
                      "PDF (default): the player aid, then 3x3 poker cards a sheet with crop marks, each sheet of "
                      "fronts followed by its backs for a long-edge flip (--duplex short, or --gutter-fold without a "
                      "duplex printer). png/svg: one file per card face; tts: Tabletop Simulator sheets, one set per "
                      "kind (each kind has its own back); json: the printed fields of every card. Without -o the "
                      "files go to output/dungeon/.\n\n\b\nExamples:\n"
                      "  pnpgen dungeon cards                        # output/dungeon/dungeon-cards-fr.pdf\n"
                      "  pnpgen dungeon cards --lang en --paper letter\n"
                      "  pnpgen dungeon cards --kind creature --kind boss --format png --dpi 150\n"),))
