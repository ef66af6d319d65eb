"""A do-nothing example game: the five files a new game needs. Copy this folder to start one.

1. `__init__.py` (this file): one sentence saying what the game is, and its declaration `GAME`
   (command name, title, languages with the rulebook's first, its cli module, and what the shared
   code prints for it: its rules sheet and its deck, with the box the deck goes in, so
   `pnpgen example-game rules` and `pnpgen example-game numbers [--box]` exist without a line of click). It imports nothing but
   `generator.games`: pnpgen reads it to list the game without loading the rest.
2. `rules.py` (or a `rules/` package): the game's logic, pure: standard library and generator.core
   only, no files, no click, no drawing. Randomness comes in as `rng: random.Random`.
3. `content.py`: the words and data the game prints (a real game reads card_data/<game>/ here).
4. `sheets.py`: pages (generator.scene) from rules and content; never imports a backend.
5. `cli.py`: the click group `command` with the game's own commands (here `deal`) and `kit_part`;
   the only module that imports click. Its `--lang` options and its kit part take the languages
   from `GAME`, never a list of their own. It defines no `rules` command: the shared one prints
   the declared sheet (and `write_rules` puts it in the kit).
Then add the package's name to GAME_PACKAGES in generator/games/__init__.py (this example is not
there; tests/test_template_game.py registers its GAME instead).
"""

from generator.games import CardBox, CardDeck, DeckGroup, Game, RulesSheet

# The game's one declaration: every place that needs its name or languages reads them from here.
GAME = Game(name="example-game", title="Example game", languages=("en", "it"), cli_module=f"{__name__}.cli",
            rules=RulesSheet(pages="generator.games._template.sheets:rules_pages", title="Example game rules",
                             about="one page: how five numbers are dealt, and who wins."),
            decks=(CardDeck(name="numbers", write=f"{__name__}.cli:write_numbers", about="Print a card for each number.",
                            groups=(DeckGroup("numbers", "example-game/number", "one shared back"),),
                            box=CardBox(title="Example game", colour="#2d5a3d"),     # `... numbers --box`
                            kit_file="example-game-numbers-{lang}.pdf",
                            kit_about="Example game: a card for each number, backs for long-edge duplex"),))
