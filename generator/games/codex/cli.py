"""`pnpgen codex`: deal Codex secret-agent identities and print the agent cards, the Master's sheet
and the public roles card (or the deal as JSON)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator import paths
from generator.cli.common import (
    F,
    check_outputs,
    output_options,
    report_paths,
    resolve_seed,
    seed_option,
)
from generator.cli.deck import REPORTER
from generator.cli.gamecli import write_rules
from generator.cli.options import lang_option, paper_option
from generator.games.codex import GAME
from generator.publish.documents import writes_data

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.codex.rules import Deal
    from generator.scene.model import Page

DEAL_FORMATS = ("pdf", "svg", "png", "json")
SUFFIX = {"pdf": ".pdf", "svg": ".svg", "png": ".png", "json": ".json"}


def _print_options(func: F) -> F:
    """--lang, --format, --paper, --phases, --dpi: how a deal is printed."""
    func = click.option("--split", is_flag=True,
                        help="Separate files in a folder (-o DIR): master, roles, and one per "
                             "agent named after it, with no seed in any name (to send each "
                             "player only their card).")(func)
    func = click.option("--dpi", type=click.IntRange(72, 600), default=200, show_default=True,
                        help="Resolution of --format png.")(func)
    func = click.option("--phases", type=click.IntRange(1, 20), default=6, show_default=True,
                        help="Phase blocks in the Master's log.")(func)
    func = paper_option()(func)
    func = click.option("--format", "fmt", type=click.Choice(DEAL_FORMATS), default="pdf",
                        show_default=True,
                        help="pdf: one file (Master's sheet, agent cards, roles card); svg/png: "
                             "one file per page; json: the deal as data.")(func)
    func = lang_option(GAME, "Language of everything printed.")(func)
    return func


@click.group()
def command() -> None:
    """Codex (secret agents): deal the secret agents (identities, code fragments, both codes) and print them.

    One PDF holds, in order: the Master's sheet (every identikit, both codes, a log per phase;
    it carries the seed), one fold-over card per agent (name outside, identikit inside; no
    seed), and the public card of the roles in play. See docs/codex.md.

    \b
    Examples:
      pnpgen codex deal --players "Ann,Ben,Cleo,Dan,Eva,Fede" --seed 7
      pnpgen codex deal --roles infiltrator,hacker --lang en --seed 7
      pnpgen codex deal --seed 7 --format json -o deal.json
      pnpgen codex print deal.json --lang en
    """


@command.command("deal")
@click.option("--players", default=None,
              help='Player names, comma-separated ("Ann,Ben,..."): one per agent, twice --agents, '
                   "all different; without it, generated codenames.")
@click.option("--agents", type=int, default=None,
              help="Agents per faction, 2 to 5 (default: half the --players, else 3).")
@click.option("--roles", default=None,
              help="Roles beside the Leader (hacker, infiltrator, informant, inquisitor, "
                   "profiler), comma-separated; missing ones are drawn at random.")
@click.option("--factions", default="red,blue", show_default=True,
              help="The two faction colours (red, blue, green, yellow, orange, purple, grey, black).")
@seed_option
@_print_options
@output_options
def deal_command(players: str | None, agents: int | None, roles: str | None, factions: str,
                 seed: int | None, lang: str, fmt: str, paper: str, phases: int, dpi: int,
                 split: bool, output: Path | None, force: bool, quiet: bool) -> None:
    """Deal a fresh game: random identities, roles, positions and fragments.

    \b
    Example:
      pnpgen codex deal --players "Ann,Ben,Cleo,Dan,Eva,Fede" --roles hacker,profiler --seed 7
    """
    from generator.core.codes import format_seed
    from generator.games.codex import rules as codex

    names = codex.parse_names(players) if players is not None else None
    k = _agents_per_faction(agents, names)
    chosen = codex.parse_roles(roles) if roles is not None else []
    sides = codex.parse_factions(factions)
    codex.check_agents_per_faction(k)
    seed = resolve_seed(seed, quiet, secret=True)
    deal = make_deal(seed, k, sides, chosen, names)
    stem = f"deal-seed{format_seed(seed)}"
    default = paths.default_output("codex", stem if split else f"{stem}{SUFFIX[fmt]}")
    options = Printing(fmt, lang, paper, phases, dpi, split)
    report_paths(write_deal(deal, options, output, default, force),
                 quiet or (writes_data(fmt) and output is None))


def _agents_per_faction(agents: int | None, names: list[str] | None) -> int:
    """--agents if given, else half the names, else the rulebook's 3."""
    from generator.games.codex import rules as codex

    if agents is not None:
        return agents
    return codex.agents_for_names(names) if names is not None else codex.DEFAULT_AGENTS


@command.command("print")
@click.argument("deal_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_print_options
@output_options
def print_command(deal_file: Path, lang: str, fmt: str, paper: str, phases: int, dpi: int,
                  split: bool, output: Path | None, force: bool, quiet: bool) -> None:
    """Print a deal saved with --format json again (checked against every rule first).

    \b
    Example:
      pnpgen codex print deal.json --lang en -o table.pdf
    """
    from generator.cards.datafile import load_json
    from generator.core.errors import ParseError
    from generator.games.codex import rules as codex

    deal = codex.deal_from_dict(load_json(deal_file, ParseError), str(deal_file))
    default = paths.default_output("codex", deal_file.stem if split else f"{deal_file.stem}{SUFFIX[fmt]}")
    options = Printing(fmt, lang, paper, phases, dpi, split)
    report_paths(write_deal(deal, options, output, default, force),
                 quiet or (writes_data(fmt) and output is None))


def make_deal(seed: int, k: int, factions: Sequence[str], roles: Sequence[str], names: Sequence[str] | None) -> Deal:
    """A deal with the built-in codename pool."""
    from generator.games.codex import rules as codex
    from generator.games.codex.content import load_codenames

    return codex.deal(seed, agents_per_faction=k, factions=factions, roles=roles, names=names,
                      codenames=load_codenames())


@dataclass(frozen=True)
class Printing:
    """How a deal is written: format, language, paper, phase blocks, PNG resolution, split."""

    fmt: str = "pdf"
    lang: str = GAME.default_language
    paper: str = "a4"
    phases: int = 6
    dpi: int = 200
    split: bool = False


def write_deal(deal: Deal, options: Printing, output: Path | None, default: Path, force: bool) -> list[Path]:
    """Write the deal as JSON (stdout without -o), as one document, or split into a folder (a file per part); every
    document is rendered (its targets refused first) before any is written, so nothing is half-written."""
    from generator.games.codex.rules import deal_to_dict
    from generator.games.codex.sheets.deal import codex_pages, split_parts
    from generator.publish.documents import Document, render_document, wants_target
    from generator.render.write import write_rendered

    lang, paper, phases, fmt = options.lang, options.paper, options.phases, options.fmt
    target = output or (default if wants_target(fmt) else None)
    documents = [(Document("Codex", lambda _whole: codex_pages(deal, lang=lang, paper=paper, phases=phases),
                           data=lambda: deal_to_dict(deal), dpi=options.dpi), target)]
    if options.split and target is not None:
        documents = [(Document("Codex", _made(pages), dpi=options.dpi), target / f"{name}{SUFFIX[fmt]}")
                     for name, pages in split_parts(deal, lang=lang, paper=paper, phases=phases)]
    rendered = [render_document(doc, fmt, path, force, REPORTER) for doc, path in documents]
    return [path for files in rendered for path in write_rendered(files, force)]


def _made(pages: list[Page]) -> Callable[[bool], list[Page]]:
    """A document's pages made already (a part of a split deal)."""
    return lambda _whole: pages


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """One six-agent deal and the rules sheet, in `lang` (default: the rulebook's Italian). The deal is
    the Master's (codex/host/): it comes from the kit seed's "codex-deal" secret code (74 random bits),
    printed on the Master's sheet, so `pnpgen codex deal --seed CODE` reprints it; the agent cards carry no code."""
    from generator.core.codes import format_seed
    from generator.core.rng import derive_key
    from generator.games.codex import rules as codex

    lang = GAME.kit_language(lang)
    code = derive_key(seed, "codex-deal")
    shown = format_seed(code)
    deal = make_deal(code, codex.DEFAULT_AGENTS, codex.DEFAULT_FACTIONS, [], None)
    host = out_dir / "codex" / "host"
    pdf, data = host / "codex-deal.pdf", host / "codex-deal.json"
    rules = out_dir / "codex" / f"codex-rules-{lang}.pdf"
    check_outputs([pdf, data, rules], force)
    written = write_deal(deal, Printing("pdf", lang=lang, paper=paper), pdf, pdf, force)
    written += write_deal(deal, Printing("json"), data, data, force)
    written += write_rules(GAME, rules, lang, paper, force)
    return [(written[0], "Codex (secret agents): a six-agent deal for the Master (Master's sheet, agent cards to "
                         f"fold and hand out, roles card, rules sheet); code {shown}: "
                         f"`pnpgen codex deal --seed {shown}` reprints it"),
            (written[1], "Codex (secret agents): the same deal as JSON (for `pnpgen codex print`)"),
            (written[2], "Codex (secret agents): the rules sheet, one page")]
