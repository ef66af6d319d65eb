"""Noir: Killer vs Inspector: setups, the deck and setup sheets, and the `pnpgen noir` commands."""

from generator.games import CardBox, CardDeck, DeckGroup, Game, RulesSheet

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="noir", title="Noir: Killer vs Inspector", languages=("pt", "en"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games.noir.sheets:rules_pages", title_from="generator.games.noir.content:deck_title",
                             options="RULES_OPTIONS",
                             about="one page with every rule needed during play (setup, first turns, both players' "
                                   "actions, shared rules, the end, the Standard-mode variant)."),
            decks=(CardDeck(
                name="cards", write="generator.games.noir.cli:write_noir_cards", options="CARDS_OPTIONS",
                groups=(DeckGroup("suspects", "noir/suspect", "each its dead side, behind its front"),
                        DeckGroup("reference", "noir/reference", "their own"),
                        DeckGroup("evidence", "noir/evidence", "one shared back")),
                kit_file="noir-cards-{lang}.pdf",
                box=CardBox(title_from="generator.games.noir.content:deck_title", colour="#1d1d1f", ink="#f2e6c9",
                            group="evidence", kit_file="noir-box-{lang}.pdf", kit_name="Noir deck"),
                kit_about="Noir deck: 25 suspect cards (alive/dead sides), 25 evidence cards, 2 reference cards; "
                          "print duplex, long edge",
                about="Print the Noir deck: 25 suspect cards, 25 evidence cards and 2 reference cards.\n\n"
                      "PDF (default): 3x3 poker cards a sheet with crop marks; every sheet of fronts is followed by "
                      "its backs, placed for a long-edge flip (--duplex short for a short-edge printer). Without a "
                      "duplex printer use --gutter-fold: fronts and backs side by side, fold and glue. tts: a "
                      "Tabletop Simulator deck per group. json: the card data.\n\n\b\nExamples:\n"
                      "  pnpgen noir cards                              # output/noir-cards-pt.pdf\n"
                      "  pnpgen noir cards --lang en --paper letter --duplex short\n"
                      "  pnpgen noir cards --gutter-fold -o noir-fold.pdf\n"
                      "  pnpgen noir cards --format png --dpi 150       # one PNG per card face\n"
                      "  pnpgen noir cards --format tts\n"),))
