"""`pnpgen dungeon`: CODEX, the co-operative dungeon crawl: the 82-card deck, data checks, campaigns, chapters."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

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
from generator.cli.gamecli import write_kit_deck, write_rules
from generator.cli.options import lang_option, paper_option
from generator.core.codes import format_seed
from generator.core.placeholders import fill
from generator.games import LANGUAGE_NAMES
from generator.games.dungeon import GAME
from generator.games.dungeon.content import checked_deck
from generator.publish import DeckOptions

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.dungeon.rules.campaign import Campaign, ChapterEnd
    from generator.games.dungeon.rules.chapter import Setup
    from generator.games.dungeon.rules.deck import Deck

KIND_CHOICES = GAME.deck("cards").group_names      # the deck's groups: a template and a back each
SHEET_FORMATS = ("pdf", "png", "svg", "none")


def _lang_option(func: F) -> F:
    return lang_option(GAME, "Language of the cards (the default is the designer's).")(func)


def _data_option(func: F) -> F:
    return click.option("--data", "data_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
                        help="A folder of CODEX card data to use instead of the built-in card_data/dungeon.")(func)


# The rules sheet's and the deck's own options (the shared `pnpgen dungeon rules` and `pnpgen dungeon cards`,
# built from GAME by generator/cli/gamecli.py, add them).
RULES_OPTIONS = [_data_option]
CARDS_OPTIONS = [click.option("--kind", "kinds", type=click.Choice(KIND_CHOICES), multiple=True,
                              help="Print only this kind of card (repeatable). Default: the whole deck."),
                 _data_option]


@click.group()
def command() -> None:
    """CODEX (the dungeon crawl), co-operative, 1-4 players: the deck, campaigns and chapter setups.

    \b
    Examples:
      pnpgen dungeon cards                         # the 82 cards, PDF, French, duplex long edge
      pnpgen dungeon cards --lang en --kind creature --format png
      pnpgen dungeon validate                      # check the card data
      pnpgen dungeon rules --lang en               # the player aid alone (one sheet, two sides)
      pnpgen dungeon new --players 3 --seed 7 -o campaign.json
      pnpgen dungeon chapter campaign.json         # deal the next chapter, update the file
    """


# --- validate -----------------------------------------------------------------------------------

@command.command("validate")
@_data_option
def validate_command(data_dir: Path | None) -> None:
    """Check the card data: counts per kind, references between cards, keywords, texts, and the
    labels' {placeholders} (each label may use only its own, docs/dungeon.md).

    Prints the count of each kind, then one line per problem (file:line: card: message). Exit
    status 0 when the data is sound, 2 when it is not.

    \b
    Example:
      pnpgen dungeon validate --data my_codex_cards/
    """
    from generator.core.errors import DataError
    from generator.games.dungeon.content import data_dir as folder
    from generator.games.dungeon.content import load_labels
    from generator.games.dungeon.rules.deck import COUNTS, count_kinds
    from generator.games.dungeon.rules.validate import validate_deck

    deck = checked_deck(data_dir, check=False)
    load_labels(data_dir)     # labels are data: only their declared {placeholders} (file:line:key)
    counts = count_kinds(deck.cards)
    for kind, count in counts.items():
        mark = "ok" if count == COUNTS.get(kind) else f"expected {COUNTS.get(kind)}"
        click.echo(f"{kind:10} {count:3}  {mark}")
    click.echo(f"{'total':10} {sum(counts.values()):3}")
    problems = validate_deck(deck.cards, deck.keywords)
    for problem in problems:
        click.echo(str(problem), err=True)
    if problems:
        raise DataError(f"{len(problems)} problem(s) in the CODEX data", file=folder(data_dir))
    click.echo("CODEX data: ok")


def write_cards(lang: str, opts: DeckOptions, kinds: tuple[str, ...] = (), data_dir: Path | None = None,
                stem: str | None = None) -> list[Path]:
    """Plan the chosen kinds' print job, build them and write them in the chosen format (the publishing layer:
    the whole deck's PDF opens with the player aid; Tabletop Simulator, a set per kind); the files written.
    Without -o the files go to output/dungeon/."""
    from generator.games.dungeon.aid import aid_pages_for
    from generator.games.dungeon.content import load_labels
    from generator.games.dungeon.sheets import build_deck, deck_card_size, deck_records
    from generator.publish.groups import CardGroup, write_deck

    deck, labels = checked_deck(data_dir), load_labels(data_dir)
    kinds = tuple(k for k in KIND_CHOICES if k in kinds) or KIND_CHOICES
    whole = len(kinds) == len(KIND_CHOICES)
    stem = stem or (f"dungeon-cards-{lang}" if whole else f"dungeon-{'-'.join(kinds)}-{lang}")
    bleed = 3.0 if opts.bleed is None else opts.bleed
    words = labels[lang]
    source = words["deck_all"] if whole else ", ".join(words["kinds"][k] for k in kinds)
    groups = [CardGroup(kind, sum(card.qty for card in deck.of_kind(kind))) for kind in kinds]

    def data() -> list[dict[str, Any]]:
        records = deck_records(deck, labels, lang, kinds)
        return [r.fields for kind in kinds for r in records[kind]]

    return write_deck(opts, groups, lambda: build_deck(deck, labels, lang, kinds, bleed), card_size=deck_card_size(),
                      bleed=bleed, stem=stem, title="CODEX", source=source, lang=lang, home="dungeon", data=data,
                      lead=(lambda: aid_pages_for(lang, opts.paper, data_dir)) if whole else None, reporter=REPORTER)


# --- new ----------------------------------------------------------------------------------------

@command.command("new")
@click.option("--players", type=click.IntRange(1, 4), required=True,
              help="Number of players, 1 to 4 (solo: one player plays two characters).")
@click.option("--characters", default=None, metavar="A,B,...",
              help="The characters in play, by id or name (default: chosen at random). Solo needs two.")
@seed_option
@_data_option
@output_options
def new_command(players: int, characters: str | None, seed: int | None, data_dir: Path | None,
                output: Path | None, force: bool, quiet: bool) -> None:
    """Start a campaign: characters, their starting Objet and Rations, every pile shuffled.

    Rations per character: 2 players 4, 3 players 3, 4 players 2; solo plays two characters
    with 4 each. The piles are shuffled here, once: chapters are dealt from them in order.
    The campaign is a plain JSON file (versioned); `dungeon chapter` reads and updates it.

    \b
    Example:
      pnpgen dungeon new --players 2 --characters obstine,curieux --seed 42 -o campaign.json
    """
    from generator.core.files import write_atomic
    from generator.core.rng import make_rng
    from generator.games.dungeon.rules.campaign import new_campaign

    seed = resolve_seed(seed, quiet, secret=True)       # the campaign's piles are the host's secret
    target = output or paths.default_output("dungeon", f"dungeon-campaign-seed{format_seed(seed)}.json")
    check_outputs([target], force)
    deck = checked_deck(data_dir)
    wanted = _card_ids(characters, deck) if characters else None
    campaign = new_campaign(deck, players, make_rng(seed, "dungeon", "campaign"), seed, wanted)
    write_atomic(target, campaign_text(campaign), force=force)
    if not quiet:
        for hero in campaign.heroes:
            click.echo(f"{deck.get(hero.id).name()}: {', '.join(deck.get(o).name() for o in hero.objects)}; "
                       f"{len(hero.rations)} Rations")
    report_paths([target], quiet)


def _card_ids(text: str, deck: Deck, kind: str = "character") -> list[str]:
    """Ids from comma-separated ids or names, French or English (accents and case ignored)."""
    import unicodedata

    def key(s: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFKD", s.strip().lower()) if not unicodedata.combining(c))

    names: dict[str, str] = {}
    for card in deck.of_kind(kind):
        for name in (card.id, card.name("fr"), card.name("en")):
            names[key(name)] = card.id
    return [names.get(key(part), part.strip()) for part in text.split(",") if part.strip()]


def campaign_text(campaign: Campaign) -> str:
    """The campaign file's text (JSON, fixed key order, UTF-8 kept readable)."""
    import json

    from generator.games.dungeon.rules.campaign_json import campaign_to_json

    return json.dumps(campaign_to_json(campaign), ensure_ascii=False, indent=2) + "\n"


def read_campaign(path: Path, deck: Deck) -> Campaign:
    """Read and check a campaign file; errors name the file and the key (or the JSON line)."""
    from generator.cards.datafile import load_json
    from generator.core.errors import ParseError
    from generator.games.dungeon.rules.campaign_json import campaign_from_json

    data = load_json(path, ParseError)
    return campaign_from_json(data, deck, file=str(path))


# --- chapter ------------------------------------------------------------------------------------

@command.command("chapter")
@click.argument("campaign_file", type=click.Path(dir_okay=False, exists=True, path_type=Path))
@click.option("--keep", multiple=True, metavar="CHARACTER=OBJECT",
              help="At the end of the chapter on the table, this character holds this Objet (repeatable; "
                   "ids or names).")
@click.option("--left", multiple=True, metavar="OBJECT",
              help="An Objet left in a Zone at the end of the chapter: it goes under the pile (repeatable).")
@click.option("--format", "fmt", type=click.Choice(SHEET_FORMATS), default="pdf", show_default=True,
              help="The setup sheet's format; none: the text only.")
@paper_option()
@_lang_option
@_data_option
@output_options
def chapter_command(campaign_file: Path, keep: tuple[str, ...], left: tuple[str, ...], fmt: str, paper: str,
                    lang: str, data_dir: Path | None, output: Path | None, force: bool, quiet: bool) -> None:
    """Deal the next chapter from the campaign's saved piles, and update CAMPAIGN_FILE in place.

    Updating the campaign file is this command's job (it is rewritten whole, atomically; no
    --force is needed for it). If a chapter is on the table it is ended first: its Zones and
    Créatures (and Boss) go under their piles, Objets named with --left go under the Objet pile,
    --keep gives Objets to characters (a Boss's rewards too). Then the next chapter is dealt from
    the top of the piles (never reshuffled): Début, one Zone per player (solo: 2), one Créature
    per Zone, and Fin du Chapitre, or on an act's second chapter Fin du Chapitre de Boss with a
    Boss. Prints the setup and writes a setup sheet. A file that breaks the rules is an error.

    \b
    Example:
      pnpgen dungeon chapter campaign.json --keep obstine=dague-noire --left grappin
    """
    from generator.core.errors import RulesError

    try:
        _chapter(campaign_file, keep, left, fmt, paper, lang, data_dir, output, force, quiet)
    except RulesError as err:
        err.file = err.file or campaign_file
        raise


def _chapter(campaign_file: Path, keep: tuple[str, ...], left: tuple[str, ...], fmt: str, paper: str, lang: str,
             data_dir: Path | None, output: Path | None, force: bool, quiet: bool) -> None:
    from generator.core.files import write_atomic
    from generator.games.dungeon.rules.campaign import deal_chapter, end_chapter
    from generator.render.write import write_rendered

    deck = checked_deck(data_dir)
    campaign = read_campaign(campaign_file, deck)
    report = _chapter_end(keep, left, deck, campaign)
    if campaign.in_play:
        end_chapter(campaign, deck, report)
        if campaign.finished:
            write_atomic(campaign_file, campaign_text(campaign), force=True)
            click.echo("The campaign is won: its last Boss chapter has ended (the demo holds one act).")
            report_paths([campaign_file], quiet)
            return
    setup = deal_chapter(campaign, deck)
    rendered = _render_sheet(setup, campaign, deck, campaign_file, fmt, paper, lang, data_dir, output, force)
    write_atomic(campaign_file, campaign_text(campaign), force=True)   # the state first, then its sheet
    written = write_rendered(rendered, force)
    if not quiet:
        click.echo("\n".join(_text(setup, campaign, deck, lang, data_dir)))
    report_paths([*written, campaign_file], quiet)


def _chapter_end(keep: tuple[str, ...], left: tuple[str, ...], deck: Deck, campaign: Campaign) -> ChapterEnd:
    from generator.core.errors import RulesError
    from generator.games.dungeon.rules.campaign import ChapterEnd

    if (keep or left) and not campaign.in_play:
        raise RulesError("--keep and --left describe the end of a chapter, and none is on the table")
    pairs: list[tuple[str, str]] = []
    for item in keep:
        hero, sep, obj = item.partition("=")
        if not sep or not hero.strip() or not obj.strip():
            raise RulesError(f"--keep {item!r}: write CHARACTER=OBJECT (ids, e.g. obstine=dague-noire)")
        pairs.append((_card_ids(hero, deck)[0], _card_ids(obj, deck, "object")[0]))
    return ChapterEnd(tuple(pairs), tuple(_card_ids(o, deck, "object")[0] for o in left if o.strip()))


def _text(setup: Setup, campaign: Campaign, deck: Deck, lang: str, data_dir: Path | None) -> list[str]:
    from generator.games.dungeon.content import load_labels
    from generator.games.dungeon.sheets import chapter_lines

    return chapter_lines(setup, campaign, deck, load_labels(data_dir), lang)


def _render_sheet(setup: Setup, campaign: Campaign, deck: Deck, campaign_file: Path, fmt: str, paper: str, lang: str,
                  data_dir: Path | None,
                  output: Path | None, force: bool) -> list[tuple[Path, bytes]]:
    """The chapter sheet's files rendered (nothing written yet: the campaign is saved first; none: no sheet)."""
    from generator.games.dungeon.content import load_labels
    from generator.games.dungeon.sheets import chapter_pages
    from generator.publish.documents import Document, render_document, wants_target

    name = f"{campaign_file.stem}-chapter-{setup.number}.{fmt}"
    target = output or (paths.default_output("dungeon", name) if wants_target(fmt) else None)
    labels = load_labels(data_dir)
    source = fill(labels[lang]["sheet_source"], {"file": campaign_file.name, "seed": format_seed(campaign.seed)})
    doc = Document(_sheet_title(labels, lang, setup), dpi=150,
                   pages=lambda whole: chapter_pages(setup, campaign, deck, labels, lang, paper, source=source,
                                                     campaign_file=campaign_file.name))
    return render_document(doc, fmt, target, force, REPORTER)


def _sheet_title(labels: dict[str, dict[str, Any]], lang: str, setup: Setup) -> str:
    """The setup sheet's document title in its language ('CODEX · Acte 1, Chapitre 1')."""
    return fill(labels[lang]["sheet_title"], {"act": setup.act, "chapter": setup.chapter})


# --- kit ----------------------------------------------------------------------------------------

def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The player aid, the whole deck (duplex long edge) and a first chapter setup for 2 players.

    The campaign (every pile's order: the chapters to come) is the host's, in dungeon/host/: it comes from
    the kit seed's "dungeon-campaign" secret code, 74 random bits (`pnpgen dungeon new --players 2 --seed CODE`, then
    `pnpgen dungeon chapter`, deals it again); the chapter sheet on the table names the campaign file, never a seed.
    lang: fr (the default, the rulebook's) or en; any other language gets French."""
    from generator.core.files import write_atomic
    from generator.core.rng import derive_key, make_rng
    from generator.games.dungeon.content import load_labels
    from generator.games.dungeon.rules.campaign import deal_chapter, new_campaign
    from generator.games.dungeon.sheets import chapter_pages
    from generator.render import write_pages

    folder = out_dir / "dungeon"
    lang = GAME.kit_language(lang)
    language = LANGUAGE_NAMES[lang]
    deck_pdf, campaign_json, sheet = (folder / GAME.deck("cards").kit_file.format(lang=lang), folder / "host" / "dungeon-campaign.json",
                                      folder / "dungeon-chapter-1.pdf")
    rules_pdf = folder / f"dungeon-rules-{lang}.pdf"
    check_outputs([deck_pdf, rules_pdf, campaign_json, sheet], force)
    boxes: list[tuple[Path, str]] = []       # the deck's box, listed last
    made = write_kit_deck(GAME, GAME.deck("cards"), folder, paper, force, lang, boxes)
    made += [(p, f"CODEX (the dungeon crawl): the player aid alone ({language}), one sheet, two sides")
             for p in write_rules(GAME, rules_pdf, lang, paper, force)]
    deck = checked_deck(None)
    code = derive_key(seed, "dungeon-campaign")
    campaign = new_campaign(deck, 2, make_rng(code, "dungeon", "campaign"), code)
    setup = deal_chapter(campaign, deck)
    labels = load_labels()
    campaign_file = f"host/{campaign_json.name}"
    pages = chapter_pages(setup, campaign, deck, labels, lang, paper,
                          source=fill(labels[lang]["kit_source"], {"file": campaign_file}), campaign_file=campaign_file)
    made += [(p, "CODEX (the dungeon crawl): first chapter setup, 2 players") for p in
             write_pages(pages, "pdf", sheet, force=force, title=_sheet_title(labels, lang, setup))]
    made.append((write_atomic(campaign_json, campaign_text(campaign), force=force),
                 f"CODEX (the dungeon crawl): that campaign (the piles' order: the chapters to come), to continue "
                 f"with pnpgen dungeon chapter; code {format_seed(code)}: `pnpgen dungeon new --players 2 --seed "
                 f"{format_seed(code)} -o c.json`, then "
                 "`pnpgen dungeon chapter c.json`, deals it again"))
    return made + boxes
