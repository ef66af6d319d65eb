"""A do-nothing example game: the five files a new game needs. Copy this folder to start one.

1. `__init__.py` (this file): one sentence saying what the game is.
2. `rules.py` (or a `rules/` package): the game's logic, pure: standard library and generator.core
   only, no files, no click, no drawing. Randomness comes in as `rng: random.Random`.
3. `content.py`: the words and data the game prints (a real game reads card_data/<game>/ here).
4. `sheets.py`: pages (generator.scene) from rules and content; never imports a backend.
5. `cli.py`: the click group `command` and `kit_part`; the only module that imports click.
Then add one line to GAMES in generator/games/__init__.py (tests/test_template_game.py shows how).
"""
