"""`pnpgen noir`: the Noir (Killer vs Inspector) deck to print, and fresh random table setups."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator import paths
from generator.cli.common import (
    F,
    check_outputs,
    emit_json,
    output_options,
    report_paths,
    resolve_seed,
    seed_option,
    write_built_pages,
)
from generator.cli.deck import REPORTER, deck_options
from generator.cli.options import Decorator, lang_option, paper_option
from generator.games.noir import GAME
from generator.publish import DeckOptions, plan_job

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.noir.rules import Setup
    from generator.games.noir.sheets import NoirDesign

SETUP_FORMATS = ("pdf", "png", "svg", "json")
DEFAULT_KILL_LIMIT = 16


def _lang_option(func: F) -> F:
    return lang_option(GAME, "Language of the printed words (the default is the rulebook's).")(func)


def _kill_limit_option(where: str) -> Decorator:
    return click.option("--kill-limit", type=click.IntRange(1, 25), default=DEFAULT_KILL_LIMIT,
                        show_default=True, help=f"Dead suspects at which the killer wins ({where}).")


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
    seed = resolve_seed(seed, quiet or fmt == "json")
    setup = deal(seed)
    if fmt == "json":
        emit_json(setup_json(setup, seed, kill_limit), output, force)
        return
    target = output or paths.default_output("noir", f"noir-setup-seed{seed}.{fmt}")
    report_paths(write_setup(setup, seed, fmt, target, paper, lang, kill_limit, force, deck_order), quiet)


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


def write_setup(setup: Setup, seed: int, fmt: str, target: Path, paper: str, lang: str, kill_limit: int,
                force: bool, deck_order: bool = False) -> list[Path]:
    """The setup sheet (and with deck_order the dealer's page) as PDF, PNG or SVG; returns the files written."""
    from generator.games.noir.sheets import setup_pages
    from generator.render import write_pages
    from generator.render.write import output_paths

    with_rules = fmt == "pdf"                    # a PDF is the whole product; png/svg: the sheet (and dealer page)
    check_outputs(output_paths(1 + with_rules + deck_order, fmt, target), force)
    pages = setup_pages(setup, seed, lang, paper, kill_limit, deck_order=deck_order, rules=with_rules)
    return write_pages(pages, fmt, target, force=force, dpi=150 if fmt == "png" else 300,
                       title="Noir setup")


# --- cards --------------------------------------------------------------------------------------

@command.command("cards")
@_lang_option
@_kill_limit_option("printed on the reference cards")
@deck_options
def cards_command(lang: str, kill_limit: int, opts: DeckOptions) -> None:
    """Print the Noir deck: 25 suspect cards, 25 evidence cards and 2 reference cards.

    PDF (default): 3x3 poker cards a sheet with crop marks; every sheet of fronts is followed by
    its backs, placed for a long-edge flip (--duplex short for a short-edge printer). Without a
    duplex printer use --gutter-fold: fronts and backs side by side, fold and glue. The suspect
    cards' backs are their dead sides; the evidence cards share one back. tts: a Tabletop Simulator
    deck per group (sheets and saved object; suspects and reference cards with their own backs).
    json: the card data.

    \b
    Examples:
      pnpgen noir cards                              # output/noir-cards-pt.pdf
      pnpgen noir cards --lang en --paper letter --duplex short
      pnpgen noir cards --gutter-fold -o noir-fold.pdf
      pnpgen noir cards --format png --dpi 150       # one PNG per card face
      pnpgen noir cards --format tts
    """
    report_paths(write_noir_cards(lang, kill_limit, opts), opts.quiet or opts.format == "json")


def write_noir_cards(lang: str, kill_limit: int, opts: DeckOptions) -> list[Path]:
    """Plan the deck's print job, build the deck and write it in the chosen format; returns the files written."""
    from generator.games.noir.content import fill_limit, load_labels
    from generator.games.noir.sheets import deck_json, draw_deck, prepare_deck

    stem = f"noir-cards-{lang}"
    design = prepare_deck(lang, kill_limit, bleed=opts.bleed)
    if opts.format == "tts":
        return _write_tts(design, opts, stem)
    source = fill_limit(load_labels(lang)["deck_source"], kill_limit)
    job = plan_job(opts, count=design.count, card_size=design.card_size, bleed=design.bleed, stem=stem,
                   title=_title(lang), source=source, lang=lang, reporter=REPORTER)
    if job.wants_data:
        return job.write(deck_json(lang, kill_limit))
    return job.write(draw_deck(design).cards)


def _title(lang: str) -> str:
    """The deck's title in `lang` (the label file's deck_title)."""
    from generator.games.noir.content import load_labels

    return load_labels(lang)["deck_title"]


def _write_tts(design: NoirDesign, opts: DeckOptions, stem: str) -> list[Path]:
    """Tabletop Simulator: one deck (sheets and saved object) per group: suspects and reference
    cards with their own backs (back sheets), evidence with its shared back."""
    from dataclasses import replace

    from generator.games.noir.sheets import draw_deck

    group_opts = replace(opts, output=_tts_folder(opts, stem))
    jobs = {name: plan_job(group_opts, count=count, card_size=design.card_size, bleed=0.0, stem=f"{stem}-{name}",
                           title=f"Noir {name}", reporter=REPORTER)
            for name, count in design.groups.items()}
    deck = draw_deck(design)
    groups = {"suspects": deck.suspects, "reference": deck.reference, "evidence": deck.evidence}
    return [path for name, job in jobs.items() for path in job.write(groups[name])]


def _tts_folder(opts: DeckOptions, stem: str) -> Path:
    if opts.output is None:
        return paths.default_output(stem)
    out = Path(opts.output)
    return out.parent if out.suffix else out


# --- rules --------------------------------------------------------------------------------------

@command.command("rules")
@_lang_option
@_kill_limit_option("printed on the rules sheet")
@paper_option("Paper size of the sheet.")
@click.option("--format", "fmt", type=click.Choice(("pdf", "png", "svg")), default="pdf", show_default=True,
              help="pdf, or png/svg (one file).")
@output_options
def rules_command(lang: str, kill_limit: int, paper: str, fmt: str, output: Path | None, force: bool,
                  quiet: bool) -> None:
    """Print the rules aid: one page with every rule needed during play (setup, first turns, both
    players' actions, shared rules, the end, the Standard-mode variant).

    \b
    Examples:
      pnpgen noir rules                      # output/noir/noir-rules-pt.pdf
      pnpgen noir rules --lang en --paper letter -o rules.pdf
    """
    target = output or paths.default_output("noir", f"noir-rules-{lang}.{fmt}")
    report_paths(write_rules(target, lang, paper, kill_limit, force, fmt), quiet)


def write_rules(target: Path, lang: str, paper: str, kill_limit: int, force: bool, fmt: str = "pdf") -> list[Path]:
    """The rules sheet written to `target`; returns the files written."""
    from generator.games.noir.sheets import rules_pages
    return write_built_pages(target, lambda: rules_pages(lang, paper, kill_limit), fmt, force, dpi=150,
                             title=_title(lang))


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
    opts = DeckOptions(format="pdf", paper=paper, duplex="long", output=folder / f"noir-cards-{lang}.pdf",
                       force=force, quiet=True)
    made = [(path, "Noir deck: 25 suspect cards (alive/dead sides), 25 evidence cards, 2 reference cards; "
                   "print duplex, long edge")
            for path in write_noir_cards(lang, DEFAULT_KILL_LIMIT, opts)]
    made += [(path, "Noir rules sheet: every rule needed during play, one page")
             for path in write_rules(folder / f"noir-rules-{lang}.pdf", lang, paper, DEFAULT_KILL_LIMIT, force)]
    made += [(path, f"Noir setup sheet: the 5x5 table (public code {code}: `pnpgen noir setup --seed {code}` "
                    "reprints it), shuffle the evidence pile; then the rules sheet")
             for path in write_setup(deal(code), code, "pdf", folder / f"noir-setup-seed{code}.pdf", paper,
                                     lang, DEFAULT_KILL_LIMIT, force)]
    return made + _kit_box(folder, lang, paper, force)


def _kit_box(folder: Path, lang: str, paper: str, force: bool) -> list[tuple[Path, str]]:
    """The deck's box: the evidence cards' back on its back panel, the deck's title in `lang`."""
    from generator.cards.build import build_cards
    from generator.games.noir.sheets import prepare_deck
    from generator.publish.box import BoxArt, kit_box

    design = prepare_deck(lang, DEFAULT_KILL_LIMIT)
    back = build_cards(design.people[:1], design.templates["evidence"])[0].back
    art = BoxArt(_title(lang), "#1d1d1f", "#f2e6c9", tuple(back or ()), design.card_size)
    return kit_box(folder, f"noir-box-{lang}", design.card_size, design.count, art, paper, lang, force, "Noir deck")
