"""`pnpgen codenames`: key cards with shareable codes, word and picture cards, cover cards and the rules aid."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.cli.common import F, report_paths, resolve_seed, seed_option
from generator.cli.deck import REPORTER, deck_options_for
from generator.cli.gamecli import kit_box, write_rules
from generator.cli.options import lang_option
from generator.core.limits import LimitError
from generator.core.numbers import format_number
from generator.core.placeholders import fill
from generator.games.codenames import GAME
from generator.publish import DeckOptions, plan_job, prints_sheets

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.codenames.content import Picture
    from generator.games.codenames.rules.keys import Key

DEFAULT_COUNT = 8           # one A4 sheet of 70 mm keys


def _card_size_option(func: F) -> F:
    return click.option("--card-size", default="70", show_default=True,
                        help="Key card side in mm (a number, or WxH with W = H).")(func)


def parse_key_size(text: str) -> float:
    """A key-card side in mm from "70" or "70x70"; LayoutError unless square and 40-150 mm."""
    from generator.core.errors import LayoutError

    parts = str(text).lower().replace("mm", "").split("x")
    try:
        sides = [float(p) for p in parts]
    except ValueError:
        raise LayoutError(f"card size {text!r} is not a number of mm (e.g. 70)", key="card-size") from None
    if len(sides) > 2 or (len(sides) == 2 and sides[0] != sides[1]):
        raise LayoutError(f"a key card is square; {text!r} is not", key="card-size")
    if not 40 <= sides[0] <= 150:
        raise LayoutError(f"key card side must be 40 to 150 mm, not {format_number(sides[0])}", key="card-size")
    return sides[0]


# The decks' own options (the shared `pnpgen codenames words|pictures|covers`, built from GAME by
# generator/cli/gamecli.py, add them).
WORDS_OPTIONS = [seed_option(help="Deal a random 25 words for one game; without it, the whole list as a deck.")]
PICTURES_OPTIONS = [seed_option(help="Deal random cards for one game (with --count; 20 if --count is not given)."),
                    click.option("--count", type=click.IntRange(1, 10_000), default=None,
                                 help="How many double-sided cards to deal (20 fill a Pictures table; default: the "
                                      "whole deck).")]
COVERS_OPTIONS = [click.option("--grid", type=click.Choice(["5x5", "5x4"]), default="5x5", show_default=True,
                               help="5x5: classic (word-card size); 5x4: Pictures (picture-card size).")]


@click.group()
def command() -> None:
    """Codenames: key cards for the spymasters (classic 5x5, Pictures 5x4), word cards, picture
    cards (Codenames Pictures), cover cards and the rules summary.

    Every key has a 10-character code (two groups of five); `pnpgen codenames key CODE`
    prints the same card again, so spymasters can share a key or reprint a lost one.

    \b
    Examples:
      pnpgen codenames keys --grid 5x5 --count 12 --seed 42
      pnpgen codenames key 9RPPD-Y73TY --format png
      pnpgen codenames words --lang it --seed 7
      pnpgen codenames pictures --seed 3 --count 20
      pnpgen codenames covers --grid 5x4
      pnpgen codenames rules --lang en
    """


MAX_KEYS = 10_000       # key cards a run: keys --count, and the codes `key` takes


@command.command("keys")
@click.option("--grid", type=click.Choice(["5x5", "5x4"]), default="5x5", show_default=True,
              help="5x5: classic (words); 5x4: Pictures.")
@click.option("--count", type=click.IntRange(1, MAX_KEYS), default=DEFAULT_COUNT, show_default=True,
              help="How many different keys (no two the same card turned).")
@click.option("--starting", type=click.Choice(["red", "blue"]), default=None,
              help="Fix the starting team (default: random for each key).")
@seed_option
@_card_size_option
@lang_option(GAME, "Language of the sheet titles and footers.")
@deck_options_for("none: the cards have white edges")
def keys_command(grid: str, count: int, starting: str | None, seed: int | None, card_size: str, lang: str,
                 opts: DeckOptions) -> None:
    """Print N different random key cards (8 per A4 sheet at 70 mm).

    A PDF sheet of keys is followed by its backs (long-edge duplex; --duplex short, or --gutter-fold
    without a duplex printer): behind every card a camouflage of its own, drawn from the seed; with the
    fronts' even hatch, held to a lamp nothing of the key stands out above it (docs/kit.md). --duplex
    none prints the fronts alone.

    \b
    Example:
      pnpgen codenames keys --grid 5x4 --count 8 --starting red --seed 42
    """
    from generator.core.codes import format_seed
    from generator.core.rng import make_rng
    from generator.games.codenames.rules import keys as cn
    from generator.scene.footer import seed_words

    size = parse_key_size(card_size)
    seed = resolve_seed(seed, opts.quiet, secret=True)
    keys = cn.distinct_keys(grid, count, make_rng(seed, "codenames", "keys", grid), starting)
    shown = format_seed(seed)
    written = write_keys(keys, size, opts, f"codenames-keys-{grid}-seed{shown}", seed_words(shown, lang), lang,
                         mask_seed=seed)
    report_paths(written, opts.quiet)


@command.command("key")
@click.argument("codes", nargs=-1, required=True)
@_card_size_option
@lang_option(GAME, "Language of the sheet titles and footers.")
@deck_options_for("none: the cards have white edges")
def key_command(codes: tuple[str, ...], card_size: str, lang: str, opts: DeckOptions) -> None:
    """Print the key card of one or more codes again (case, spaces and '-' do not matter).

    A mistyped code is refused (its check character catches any one wrong character and any
    two swapped characters), never turned into another key.

    \b
    Examples:
      pnpgen codenames key 9RPPD-Y73TY                       # a PDF sheet to print
      pnpgen codenames key 9RPPD-Y73TY --format png -o key.png  # an image for a phone
    """
    from generator.games.codenames.rules import keys as cn

    if len(codes) > MAX_KEYS:
        raise LimitError(f"{len(codes):,} codes: at most {MAX_KEYS:,} key cards a run, as keys --count "
                         "(split them into several runs)", key="CODES")
    size = parse_key_size(card_size)
    keys = [cn.Key.from_code(code) for code in codes]
    name = keys[0].code if len(keys) == 1 else f"{keys[0].code}-and-{len(keys) - 1}-more"
    # each card prints its own code; the footer names them all when they are few, else the first and the last
    source = " ".join(k.code for k in keys) if len(keys) <= 4 else f"{keys[0].code} … {keys[-1].code}"
    report_paths(write_keys(keys, size, opts, f"codenames-key-{name}", source, lang), opts.quiet)


def write_word_deck(lang: str, opts: DeckOptions, seed: int | None = None) -> list[Path]:
    """`pnpgen codenames words` (declared in GAME): the whole list, or a seeded deal of 25, as word cards."""
    words, stem = choose_words(lang, seed)
    return write_words(words, lang, opts, stem, seed)


def choose_words(lang: str, seed: int | None) -> tuple[list[str], str]:
    """The words to print and the file stem: a seeded deal of 25, or the whole list."""
    from generator.games.codenames.sheets import load_words

    words = load_words(lang)
    if seed is None:
        return words, f"codenames-words-{lang}"
    from generator.core.rng import make_rng
    from generator.games.codenames.rules.keys import deal_words

    deal = deal_words(words, make_rng(seed, "codenames", "words", lang))
    return deal, f"codenames-words-{lang}-seed{seed}"


def write_picture_deck(lang: str, opts: DeckOptions, seed: int | None = None, count: int | None = None) -> list[Path]:
    """`pnpgen codenames pictures` (declared in GAME): the whole deck, or a seeded deal of `count` cards."""
    pictures, source, stem = choose_pictures(lang, seed, count, opts.quiet)
    return write_pictures(pictures, lang, opts, stem, source)


def choose_pictures(lang: str, seed: int | None, count: int | None, quiet: bool = True) -> tuple[list[Picture], str, str]:
    """(pictures, footer source, file stem): the whole deck, or a seeded deal of `count` cards."""
    from generator.games.codenames.content import labels, load_pictures

    deck = list(load_pictures())
    words = labels(lang)
    if seed is None and count is None:
        return deck, fill(words["deck_source"], {"count": len(deck) // 2 + 1}), "codenames-pictures"
    from generator.core.rng import make_rng
    from generator.games.codenames.pictures import TABLE_PICTURES, deal_cards

    seed = resolve_seed(seed, quiet)
    count = count or TABLE_PICTURES
    dealt = deal_cards(deck, count, make_rng(seed, "codenames", "pictures"))
    source = fill(words["deal_source"], {"seed": seed, "count": count, "total": len(deck) // 2})
    return dealt, source, f"codenames-pictures-seed{seed}-{count}"


def write_pictures(pictures: list[Picture], lang: str, opts: DeckOptions, stem: str, source: str) -> list[Path]:
    """Picture cards (and the credits card) through the publishing layer; json: the pictures as text."""
    from generator.games.codenames.content import labels
    from generator.games.codenames.pictures import PICTURE_CARD_SIZE, picture_cards

    words = labels(lang)
    job = plan_job(opts, count=len(pictures) // 2 + 1, card_size=PICTURE_CARD_SIZE, bleed=_bleed(opts), stem=stem,
                   title=words["pictures_title"], source=f"{source} · {words['icons_footer']}", lang=lang,
                   reporter=REPORTER)
    if job.wants_data:
        return job.write([[a.text(), b.text()] for a, b in zip(pictures[0::2], pictures[1::2], strict=True)])
    return job.write(picture_cards(pictures, lang))


def write_cover_deck(lang: str, opts: DeckOptions, grid: str = "5x5") -> list[Path]:
    """`pnpgen codenames covers` (declared in GAME): the cover cards one table of `grid` needs."""
    return write_covers(grid, lang, opts, f"codenames-covers-{grid}-{lang}")


def write_covers(grid: str, lang: str, opts: DeckOptions, stem: str) -> list[Path]:
    """The cover cards of a grid through the publishing layer; json: the roles in print order."""
    from generator.games.codenames.content import labels
    from generator.games.codenames.covers import cover_cards, cover_size
    from generator.games.codenames.rules.covers import cover_counts, cover_roles

    words, count = labels(lang), len(cover_roles(grid))
    job = plan_job(opts, count=count, card_size=cover_size(grid), bleed=_bleed(opts), stem=stem,
                   title=words["covers_title"], source=fill(words["grid_source"], {"grid": grid, "count": count}),
                   lang=lang, reporter=REPORTER)
    if job.wants_data:
        return job.write({"grid": grid, "counts": cover_counts(grid), "cards": cover_roles(grid)})
    return job.write(cover_cards(grid, lang))


# --- writing -------------------------------------------------------------------------------

# The products' titles per language (the footer's other words come from generator/scene/footer.py).
TITLES = {"en": {"keys": "Codenames key cards {grids}", "words": "Codenames word cards"},
          "it": {"keys": "Nome in codice: carte chiave {grids}", "words": "Nome in codice: carte parola"}}


def words_title(lang: str) -> str:
    """The word cards' title in `lang`: their box's (declared in GAME)."""
    return TITLES[lang]["words"]


def write_keys(keys: list[Key], size: float, opts: DeckOptions, stem: str, source: str, lang: str = GAME.default_language,
               mask_seed: int | None = None) -> list[Path]:
    """Keys as JSON data, or key cards through the publishing layer (no bleed); on printed sheets (pdf, or
    svg/png --sheets) each card is backed by a camouflage, its own drawn from `mask_seed` (the sheet's
    code) when given (docs/kit.md: an image per card, for a phone, has no back); titles in `lang`."""
    from generator.games.codenames import sheets as sheet

    grids = "/".join(sorted({k.grid for k in keys}))
    backs = prints_sheets(opts)
    job = plan_job(opts, count=len(keys), card_size=(size, size), bleed=_bleed(opts), stem=stem, has_backs=backs,
                   title=TITLES[lang]["keys"].format(grids=grids), source=source, lang=lang, reporter=REPORTER)
    if job.wants_data:
        return job.write([k.to_json() for k in keys])
    return job.write(sheet.key_cards(keys, size, backs=backs, mask_seed=mask_seed))


def write_words(words: list[str], lang: str, opts: DeckOptions, stem: str,
                seed: int | None) -> list[Path]:
    """Words as JSON data, or word cards through the publishing layer."""
    from generator.games.codenames import sheets as sheet
    from generator.scene.footer import seed_words, source_word

    source = seed_words(seed, lang) if seed is not None else source_word("whole_list", lang)
    job = plan_job(opts, count=len(words), card_size=sheet.WORD_CARD_SIZE, bleed=_bleed(opts), stem=stem,
                   has_backs=False, title=f"{TITLES[lang]['words']} ({source_word('lang', lang)})", source=source,
                   lang=lang, reporter=REPORTER)
    if job.wants_data:
        return job.write(list(words))
    return job.write(sheet.word_cards(words))


def _bleed(opts: DeckOptions) -> float:
    """The cards have white edges: no bleed unless asked for."""
    return 0.0 if opts.bleed is None else opts.bleed


# --- the kit -------------------------------------------------------------------------------

def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """A full sheet of keys for each grid, the word-card decks, the picture deck, the cover cards of
    both grids and the rules summary, all in one language: `lang`, or the rulebook's (Italian).
    The keys are the spymasters' (codenames/host/): drawn from the kit seed's "codenames-keys"
    secret code (74 random bits), on their sheets (`pnpgen codenames keys --grid G --count N --seed CODE`)."""
    from generator.core.codes import format_seed
    from generator.core.rng import derive_key, make_rng
    from generator.games.codenames import sheets as sheet
    from generator.games.codenames.rules import keys as cn
    from generator.publish import sheet_spec
    from generator.scene.footer import seed_words
    from generator.scene.imposition import cards_per_sheet

    made: list[tuple[Path, str]] = []
    folder = Path(out_dir) / "codenames"
    key_lang = GAME.kit_language(lang)
    code = derive_key(seed, "codenames-keys")      # a secret code: 74 random bits
    for grid in ("5x5", "5x4"):
        opts = DeckOptions(paper=paper, duplex="long", output=folder / "host" / f"keys-{grid}.pdf", force=force,
                           quiet=True)
        count = cards_per_sheet(sheet_spec((sheet.KEY_CARD_SIZE,) * 2, 0.0, opts))
        keys = cn.distinct_keys(grid, count, make_rng(code, "codenames", "keys", grid))
        made += [(p, f"Codenames {grid} key cards for the spymasters ({count}, backs for long-edge duplex; the "
                     f"code on each reprints it, `pnpgen codenames keys --grid {grid} --count {count} --seed {format_seed(code)}` "
                     "the sheet)")
                 for p in write_keys(keys, sheet.KEY_CARD_SIZE, opts, "", seed_words(format_seed(code), key_lang),
                                     key_lang, mask_seed=code)]
    words = sheet.load_words(key_lang)
    boxes: list[tuple[Path, str]] = []      # the decks' boxes, listed last
    opts = DeckOptions(paper=paper, output=folder / f"words-{key_lang}.pdf", force=force, quiet=True,
                       box=kit_box(GAME, GAME.deck("words"), folder, key_lang, boxes))
    made += [(p, f"Codenames word cards, {key_lang} ({len(words)} cards)")
             for p in write_words(words, key_lang, opts, "", None) if p not in dict(boxes)]
    return made + _kit_extras(folder, paper, force, key_lang, boxes)


def _kit_extras(folder: Path, paper: str, force: bool, lang: str,
                boxes: list[tuple[Path, str]]) -> list[tuple[Path, str]]:
    """The picture deck, the covers of both grids and the rules summary; then the decks' boxes."""
    made: list[tuple[Path, str]] = []
    pictures, source, _ = choose_pictures(lang, None, None)
    opts = DeckOptions(paper=paper, duplex="long", output=folder / f"pictures-{lang}.pdf", force=force, quiet=True,
                       box=kit_box(GAME, GAME.deck("pictures"), folder, lang, boxes))
    made += [(p, f"Codenames Pictures picture cards ({len(pictures) // 2} cards, {len(pictures)} pictures, "
                 "and a credits card; print duplex, long edge)")
             for p in write_pictures(pictures, lang, opts, "", source) if p not in dict(boxes)]
    for grid in ("5x5", "5x4"):
        opts = DeckOptions(paper=paper, duplex="long", output=folder / f"covers-{grid}-{lang}.pdf", force=force,
                           quiet=True)
        made += [(p, f"Codenames {grid} cover cards (agents, double agent, bystanders, assassin; duplex)")
                 for p in write_covers(grid, lang, opts, "")]
    made += [(p, "Codenames rules summary (classic and Pictures, variants, two-player score), one page")
             for p in write_rules(GAME, folder / f"codenames-rules-{lang}.pdf", lang, paper, force)]
    return made + boxes
