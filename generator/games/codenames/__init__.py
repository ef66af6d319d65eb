"""Codenames: key cards (classic 5x5, Pictures 5x4) with shareable codes, and word cards."""

from generator.games import CardBox, CardDeck, DeckGroup, Game, RulesSheet

# The game's one declaration: the registry, the kit and every --lang read its languages from here
# (the first is the rulebook's, printed unless told otherwise).
GAME = Game(name="codenames", title="Codenames", languages=("it", "en"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games.codenames.sheets:rules_pages", title="Codenames rules ({lang})",
                             about="one page with every rule needed at the table (classic and "
                                   "Pictures), the expert clues, the two- and three-player games with the two-player "
                                   "score table, and the assassin's-end variant."),
            decks=(
                CardDeck(name="words", write="generator.games.codenames.cli:write_word_deck", options="WORDS_OPTIONS",
                         bleed="none: the cards have white edges", backs=False,
                         groups=(DeckGroup("words", "", "none"),),
                         box=CardBox(title_from="generator.games.codenames.cli:words_title", colour="#8e2a22",
                                     face="none", kit_file="words-box-{lang}.pdf", kit_name="Codenames word cards"),
                         about="Print word cards for the classic 5x5 table (60 x 40 mm; each word twice, once "
                               "upside down).\n\n\b\nExamples:\n"
                               "  pnpgen codenames words --lang en            # the whole English list as a deck\n"
                               "  pnpgen codenames words --lang it --seed 7   # 25 words for one game\n"),
                CardDeck(name="pictures", write="generator.games.codenames.cli:write_picture_deck",
                         options="PICTURES_OPTIONS", bleed="none: the cards have white edges",
                         groups=(DeckGroup("pictures", "", "a second picture; the last card credits the icons' "
                                                           "authors"),),
                         box=CardBox(title_from="generator.games.codenames.content:pictures_title", colour="#1f4e79",
                                     face="front", kit_file="pictures-box-{lang}.pdf",
                                     kit_name="Codenames Pictures cards"),
                         about="Print picture cards for Codenames Pictures: two pictures on each card, one per side."
                               "\n\nThe whole deck is 164 cards (328 pictures of game-icons.net art, some with an "
                               "accessory such as a crown or wings); a last card credits the icons' authors (CC BY "
                               "3.0). Print duplex (long edge). With --seed/--count: that many random cards for one "
                               "game (same seed, same cards).\n\n\b\nExamples:\n"
                               "  pnpgen codenames pictures                      # the whole deck, PDF, duplex\n"
                               "  pnpgen codenames pictures --seed 3 --count 20  # 20 random cards for one table\n"
                               "  pnpgen codenames pictures --format png --sheets -o sheets/\n"),
                CardDeck(name="covers", write="generator.games.codenames.cli:write_cover_deck", options="COVERS_OPTIONS",
                         bleed="none: the cards have white edges",
                         groups=(DeckGroup("covers", "", "the same role (the double agent: red, then blue)"),),
                         box=CardBox(title_from="generator.games.codenames.content:covers_title", colour="#3c3c3c",
                                     face="front"),
                         about="Print the cover cards one table needs: agents, the double agent, bystanders, the "
                               "assassin.\n\n5x5 (classic): 8 red + 8 blue agents, 1 double agent, 7 bystanders, 1 "
                               "assassin (25 cards, 60 x 40 mm like the word cards). 5x4 (Pictures): 7 + 7, 1 double "
                               "agent, 4 bystanders, 1 assassin (20 cards, 60 mm square like the picture cards). Each "
                               "role has its key-card colour and symbol and a texture, so they read apart in "
                               "greyscale. The double agent is red on one side and blue on the other: print duplex "
                               "(long edge).\n\n\b\nExamples:\n"
                               "  pnpgen codenames covers                     # classic, PDF\n"
                               "  pnpgen codenames covers --grid 5x4 --lang it\n"),
            ))
