"""`pnpgen noir`: the Noir (Killer vs Inspector) deck to print, and fresh random table setups."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator import paths
from generator.cli.common import (
    F,
    output_options,
    report_paths,
    resolve_seed,
    seed_option,
)
from generator.cli.deck import REPORTER
from generator.cli.gamecli import write_kit_deck, write_rules
from generator.cli.options import Decorator, lang_option, paper_option
from generator.games.noir import GAME
from generator.publish import DeckOptions

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.noir.rules import Setup

SETUP_FORMATS = ("pdf", "png", "svg", "json")
DEFAULT_KILL_LIMIT = 16


def _lang_option(func: F) -> F:
    return lang_option(GAME, "Language of the printed words (the default is the rulebook's).")(func)


def _kill_limit_option(where: str) -> Decorator:
    return click.option("--kill-limit", type=click.IntRange(1, 25), default=DEFAULT_KILL_LIMIT,
                        show_default=True, help=f"Dead suspects at which the killer wins ({where}).")


# The rules sheet's and the deck's own options (the shared `pnpgen noir rules` and `pnpgen noir cards`, built
# from GAME by generator/cli/gamecli.py, add them).
RULES_OPTIONS = [_kill_limit_option("printed on the rules sheet")]
CARDS_OPTIONS = [_kill_limit_option("printed on the reference cards")]


@click.group()
def command() -> None:
    """Noir: Killer vs Inspector: the 50 cards (+2 reference cards) and random setups.

    The suspect cards print double-sided (alive front, dead back, each back behind its front);
    the evidence cards share one back. `setup` deals the 5x5 table and the evidence pile.

    \b
    Examples:
      pnpgen noir cards                      # PDF, Portuguese, duplex long edge
      pnpgen noir cards --lang en --gutter-fold
      pnpgen noir setup --seed 42            # a setup sheet (PDF)
      pnpgen noir setup --seed 42 --format json
      pnpgen noir rules --lang en            # the one-page rules aid
    """


# --- setup --------------------------------------------------------------------------------------

@command.command("setup")
@seed_option
@click.option("--format", "fmt", type=click.Choice(SETUP_FORMATS), default="pdf", show_default=True,
              help="pdf/png/svg: the setup sheet; json: the grid and deck as data.")
@paper_option("Paper size of the sheet.")
@_lang_option
@_kill_limit_option("printed on the setup sheet and in its JSON")
@click.option("--deck-order", is_flag=True,
              help="Add a second page listing the evidence pile top to bottom, for a dealer who does not "
                   "play (card 1 is the Killer's identity, cards 2-5 the Inspector's draw).")
@output_options
def setup_command(seed: int | None, fmt: str, paper: str, lang: str, kill_limit: int, deck_order: bool,
                  output: Path | None, force: bool, quiet: bool) -> None:
    """Deal a random table: the 25 suspects in a 5x5 grid (and the evidence pile's order).

    The sheet shows the table and says to shuffle the evidence pile: its order would give both
    identities away; in a PDF the rules sheet follows it. --deck-order adds a last page with the
    pile's order, headed for a neutral dealer (svg/png: then one file per page, -001 and -002).
    The same seed always gives the same setup. JSON: {"seed", "code", "kill_limit",
    "grid" (5 rows of 5 names), "grid_numbers", "deck" (25 names, top card first), "deck_numbers"}.

    \b
    Examples:
      pnpgen noir setup --seed 42 --format png -o table.png
      pnpgen noir setup --seed 42 --deck-order      # page 2: the pile, for a dealer who does not play
    """
    from generator.publish.documents import wants_target, writes_data

    seed = resolve_seed(seed, quiet or writes_data(fmt))
    setup = deal(seed)
    target = output or (paths.default_output("noir", f"noir-setup-seed{seed}.{fmt}") if wants_target(fmt) else None)
    report_paths(write_setup(setup, seed, fmt, target, paper, lang, kill_limit, force, deck_order),
                 quiet or writes_data(fmt))


def deal(seed: int) -> Setup:
    """The setup of a seed (grid and deck from independent random streams)."""
    from generator.core.rng import make_rng
    from generator.games.noir.rules import deal_setup

    return deal_setup(make_rng(seed, "noir", "grid"), make_rng(seed, "noir", "deck"))


def setup_json(setup: Setup, seed: int, kill_limit: int = DEFAULT_KILL_LIMIT) -> dict[str, Any]:
    """The setup as JSON data, names and card numbers."""
    from generator.games.noir.rules import format_setup, name_setup
    from generator.games.noir.sheets import suspect_names

    named = name_setup(setup, suspect_names())
    return {"seed": seed, "code": format_setup(setup), "kill_limit": kill_limit,
            "grid": named["grid"], "grid_numbers": [list(row) for row in setup.grid],
            "deck": named["deck"], "deck_numbers": list(setup.deck)}


def write_setup(setup: Setup, seed: int, fmt: str, target: Path | None, paper: str, lang: str, kill_limit: int,
                force: bool, deck_order: bool = False) -> list[Path]:
    """The setup sheet (and with deck_order the dealer's page) as PDF, PNG or SVG, or its data as JSON (stdout
    without a target); returns the files written. A PDF is the whole product: the rules sheet follows."""
    from generator.games.noir.sheets import setup_pages
    from generator.publish.documents import Document, write_document

    doc = Document("Noir setup", lambda whole: setup_pages(setup, seed, lang, paper, kill_limit, deck_order=deck_order,
                                                           rules=whole),
                   data=lambda: setup_json(setup, seed, kill_limit), dpi=150)
    return write_document(doc, fmt, target, force, REPORTER)


# --- cards --------------------------------------------------------------------------------------

def write_noir_cards(lang: str, opts: DeckOptions, kill_limit: int = DEFAULT_KILL_LIMIT) -> list[Path]:
    """Plan the deck's print job, build the deck and write it in the chosen format (the publishing layer: one
    Tabletop Simulator deck per group, suspects and reference cards with their own backs); the files written."""
    from generator.games.noir.content import deck_title, fill_limit, load_labels
    from generator.games.noir.sheets import deck_json, draw_deck, prepare_deck
    from generator.publish.groups import CardGroup, write_deck

    design = prepare_deck(lang, kill_limit, bleed=opts.bleed)
    source = fill_limit(load_labels(lang)["deck_source"], kill_limit)
    groups = [CardGroup(name, design.groups[name], f"Noir {name}") for name in GAME.deck("cards").group_names]
    return write_deck(opts, groups, lambda: draw_deck(design).cards, card_size=design.card_size, bleed=design.bleed,
                      stem=f"noir-cards-{lang}", title=deck_title(lang), source=source, lang=lang,
                      data=lambda: deck_json(lang, kill_limit), reporter=REPORTER)


# --- the kit ------------------------------------------------------------------------------------

def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The Noir deck (PDF, duplex long edge), the rules sheet and a setup sheet, in `lang` (default: the
    rulebook's Portuguese). The table is public: it comes from the kit seed's "noir-table" derivation,
    the code printed on it (`pnpgen noir setup --seed CODE` reprints it), which reaches no other
    product. The players shuffle the evidence pile themselves, so no code knows the killer."""
    from generator.core.rng import derive_seed

    lang = GAME.kit_language(lang)
    folder = Path(out_dir) / "noir"
    code = derive_seed(seed, "noir-table")
    boxes: list[tuple[Path, str]] = []       # the deck's box, listed last
    made = write_kit_deck(GAME, GAME.deck("cards"), folder, paper, force, lang, boxes)
    made += [(path, "Noir rules sheet: every rule needed during play, one page")
             for path in write_rules(GAME, folder / f"noir-rules-{lang}.pdf", lang, paper, force,
                                     kill_limit=DEFAULT_KILL_LIMIT)]
    made += [(path, f"Noir setup sheet: the 5x5 table (public code {code}: `pnpgen noir setup --seed {code}` "
                    "reprints it), shuffle the evidence pile; then the rules sheet")
             for path in write_setup(deal(code), code, "pdf", folder / f"noir-setup-seed{code}.pdf", paper,
                                     lang, DEFAULT_KILL_LIMIT, force)]
    return made + boxes
