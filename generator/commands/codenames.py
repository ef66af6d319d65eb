"""`pnpgen codenames`: fresh Codenames key cards with shareable codes, and word cards to print."""

from __future__ import annotations

from pathlib import Path

import click

from generator import paths
from generator.commands._common import (check_outputs, emit_json, output_options, report_paths,
                                        resolve_seed, seed_option)

FORMATS = ("pdf", "svg", "png", "json")
DEFAULT_COUNT = 6           # one A4 page of 70 mm keys
PNG_DPI = 300


def _format_option(func):
    return click.option("--format", "fmt", type=click.Choice(FORMATS), default="pdf",
                        show_default=True,
                        help="pdf: sheets to print; svg/png: one file per card; json: data.")(func)


def _paper_option(func):
    return click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4",
                        show_default=True, help="Paper size of the PDF sheets.")(func)


def _card_size_option(func):
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
        raise LayoutError(f"key card side must be 40 to 150 mm, not {sides[0]:g}", key="card-size")
    return sides[0]


@click.group()
def command() -> None:
    """Codenames: key cards for the spymasters (classic 5x5, Pictures 5x4) and word cards.

    Every key has a 10-character code (two groups of five); `pnpgen codenames key CODE`
    prints the same card again, so spymasters can share a key or reprint a lost one.

    \b
    Examples:
      pnpgen codenames keys --grid 5x5 --count 12 --seed 42
      pnpgen codenames key HX7KM-3RFAD --format png
      pnpgen codenames words --lang it --seed 7
    """


@command.command("keys")
@click.option("--grid", type=click.Choice(["5x5", "5x4"]), default="5x5", show_default=True,
              help="5x5: classic (words); 5x4: Pictures.")
@click.option("--count", type=click.IntRange(1, 10_000), default=DEFAULT_COUNT, show_default=True,
              help="How many different keys (no two the same card turned).")
@click.option("--starting", type=click.Choice(["red", "blue"]), default=None,
              help="Fix the starting team (default: random for each key).")
@seed_option
@_card_size_option
@_format_option
@_paper_option
@output_options
def keys_command(grid: str, count: int, starting: str | None, seed: int | None, card_size: str,
                 fmt: str, paper: str, output: Path | None, force: bool, quiet: bool) -> None:
    """Print N different random key cards.

    \b
    Example:
      pnpgen codenames keys --grid 5x4 --count 6 --starting red --seed 42
    """
    from generator.core.rng import make_rng
    from generator.games import codenames as cn

    size = parse_key_size(card_size)
    seed = resolve_seed(seed, quiet)
    keys = cn.distinct_keys(grid, count, make_rng(seed, "codenames", "keys", grid), starting)
    default = paths.default_output("codenames", f"keys-{grid}-seed{seed}")
    report_paths(write_keys(keys, fmt, output, default, paper, size, force,
                            source=f"seed {seed}"), quiet or fmt == "json")


@command.command("key")
@click.argument("codes", nargs=-1, required=True)
@_card_size_option
@_format_option
@_paper_option
@output_options
def key_command(codes: tuple[str, ...], card_size: str, fmt: str, paper: str,
                output: Path | None, force: bool, quiet: bool) -> None:
    """Print the key card(s) of one or more codes again (case, spaces and '-' do not matter).

    A mistyped code is refused (its check character catches any one wrong character and any
    two swapped characters), never turned into another key.

    \b
    Example:
      pnpgen codenames key HX7KM-3RFAD --format png -o my-key.png
    """
    from generator.games import codenames as cn

    size = parse_key_size(card_size)
    keys = [cn.Key.from_code(code) for code in codes]
    name = keys[0].code if len(keys) == 1 else f"{keys[0].code}-and-{len(keys) - 1}"
    default = paths.default_output("codenames", f"key-{name}")
    report_paths(write_keys(keys, fmt, output, default, paper, size, force,
                            source=f"codes {' '.join(k.code for k in keys)}"), quiet or fmt == "json")


@command.command("words")
@click.option("--lang", type=click.Choice(["en", "it"]), default="en", show_default=True,
              help="Word list language.")
@click.option("--seed", type=int, default=None,
              help="Deal a random 25 words for one game; without it, the whole list as a deck.")
@_format_option
@_paper_option
@output_options
def words_command(lang: str, seed: int | None, fmt: str, paper: str, output: Path | None,
                  force: bool, quiet: bool) -> None:
    """Print word cards for the classic 5x5 table (each word twice, once upside down).

    \b
    Examples:
      pnpgen codenames words --lang en            # the whole English list, 60 x 40 mm cards
      pnpgen codenames words --lang it --seed 7   # 25 words for one game
    """
    words, stem = choose_words(lang, seed)
    default = paths.default_output("codenames", stem)
    report_paths(write_words(words, fmt, output, default, paper, lang, force, seed),
                 quiet or fmt == "json")


def choose_words(lang: str, seed: int | None) -> tuple[list[str], str]:
    """The words to print and the default file stem: a seeded deal of 25, or the whole list."""
    from generator.sheets.codenames import load_words

    words = load_words(lang)
    if seed is None:
        return words, f"words-{lang}"
    from generator.core.rng import make_rng
    from generator.games.codenames import deal_words

    return deal_words(words, make_rng(seed, "codenames", "words", lang)), f"words-{lang}-seed{seed}"


# --- writing -------------------------------------------------------------------------------

def write_keys(keys: list, fmt: str, output: Path | None, default: Path, paper: str,
               size: float, force: bool, source: str) -> list[Path]:
    """Keys as JSON, PDF sheets, or one SVG/PNG per card; returns the files written."""
    if fmt == "json":
        written = emit_json([k.to_json() for k in keys], output, force)
        return [written] if written else []
    from generator.sheets import codenames as sheet

    if fmt == "pdf":
        return _write_pdf(lambda: sheet.key_pages(keys, paper, size, source), output, default,
                          force, "Codenames key cards")
    from generator.scene.imposition import card_pages

    return _write_cards(lambda: card_pages(sheet.key_cards(keys, size), (size, size)), len(keys),
                        fmt, output, default, force)


def write_words(words: list[str], fmt: str, output: Path | None, default: Path, paper: str,
                lang: str, force: bool, seed: int | None) -> list[Path]:
    """Words as JSON, PDF sheets, or one SVG/PNG per card; returns the files written."""
    if fmt == "json":
        written = emit_json(list(words), output, force)
        return [written] if written else []
    from generator.sheets import codenames as sheet

    source = f"seed {seed}" if seed is not None else f"whole {lang} list"
    if fmt == "pdf":
        return _write_pdf(lambda: sheet.word_pages(words, paper, lang, source), output, default,
                          force, "Codenames word cards")
    from generator.scene.imposition import card_pages

    return _write_cards(lambda: card_pages(sheet.word_cards(words), sheet.WORD_CARD_SIZE),
                        len(words), fmt, output, default, force)


def _write_pdf(build, output: Path | None, default: Path, force: bool, title: str) -> list[Path]:
    from generator.render import write_pages

    target = output or default.with_suffix(".pdf")
    check_outputs([target], force)
    return write_pages(build(), "pdf", target, force=force, title=title)


def _write_cards(build, count: int, fmt: str, output: Path | None, default: Path,
                 force: bool) -> list[Path]:
    from generator.render import write_pages
    from generator.render.write import output_paths

    target = output or default.with_suffix(f".{fmt}")
    check_outputs(output_paths(count, fmt, target), force)
    return write_pages(build(), fmt, target, force=force, dpi=PNG_DPI)


# --- the kit -------------------------------------------------------------------------------

KIT_KEYS = 12               # two A4 pages of keys per grid


def kit_part(out_dir: Path, seed: int, paper: str, force: bool) -> list[tuple[Path, str]]:
    """A sheet of keys for each grid and the English and Italian word-card decks."""
    from generator.core.rng import make_rng
    from generator.games import codenames as cn
    from generator.sheets import codenames as sheet

    made: list[tuple[Path, str]] = []
    folder = Path(out_dir) / "codenames"
    for grid in ("5x5", "5x4"):
        keys = cn.distinct_keys(grid, KIT_KEYS, make_rng(seed, "codenames", "keys", grid))
        path = folder / f"keys-{grid}.pdf"
        _write_pdf(lambda: sheet.key_pages(keys, paper, source=f"kit seed {seed}"), path, path,
                   force, "Codenames key cards")
        made.append((path, f"Codenames {grid} key cards ({KIT_KEYS}, codes on the cards)"))
    for lang in sheet.LANGUAGES:
        words = sheet.load_words(lang)
        path = folder / f"words-{lang}.pdf"
        _write_pdf(lambda: sheet.word_pages(words, paper, lang, f"whole {lang} list"), path, path,
                   force, "Codenames word cards")
        made.append((path, f"Codenames word cards, {lang} ({len(words)} cards)"))
    return made
