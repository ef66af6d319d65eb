"""`pnpgen box`: the box a deck goes in (a tuck box, or a tray and lid), sized to the deck; the work is in
generator/publish/box.py and generator/scene/box.py."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from generator.cli.common import output_options, report_paths
from generator.cli.deck import REPORTER
from generator.cli.options import FiniteFloatRange, choice, paper_option
from generator.core.numbers import format_number
from generator.publish.box import BOX_FORMATS
from generator.scene.box import CLEARANCE, MAX_BOX_CARDS, THICKNESS
from generator.scene.boxpages import BOX_WORDS
from generator.scene.cutmarks import CUTTERS


def _title_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--title-lang: a language tag, else one line naming the option (exit 2)."""
    from generator.cards.templates import LANG_TAG

    if value is not None and not LANG_TAG.fullmatch(value.strip()):
        raise click.BadParameter(f"a language tag such as ja, ko, zh-Hans or zh-Hant, not {value!r}")
    return value.strip() if value else None


@click.command()
@click.option("--card", "card", required=True, metavar="SIZE",
              help="Card size: a name (poker, standard, bridge, japanese, euro, mini-euro, mini, tarot, square) "
                   "or WxH in mm.")
@click.option("--count", type=click.IntRange(1, MAX_BOX_CARDS), required=True, help="Cards in the deck.")
@click.option("--thickness", type=FiniteFloatRange(0.05, 2.0), default=THICKNESS, show_default=True, metavar="MM",
              help="Thickness of one card (sleeved cards: about 0.5).")
@click.option("--clearance", type=FiniteFloatRange(0.0, 10.0), default=CLEARANCE, show_default=True, metavar="MM",
              help="Room added to the deck's width, height and depth inside the box.")
@click.option("--two-piece", is_flag=True,
              help="A tray and a lid instead of a tuck box (big decks: tarot x 78); cards too many to lie flat "
                   "stand on edge in a long tray.")
@paper_option("Paper size.")
@click.option("--lang", type=choice(tuple(BOX_WORDS)), default="en", show_default=True,
              help="Language of the box's words (card count, glue, footer).")
@click.option("--title", default=None, help="Title on the front and sides (default: 'Deck' in --lang).")
@click.option("--title-lang", default=None, metavar="LANG", callback=_title_lang,
              help="The title's language (ja, ko, zh-Hans, zh-Hant, zh-HK...): Chinese, Japanese and Korean "
                   "titles get the installed face drawing that language's forms (default: --lang).")
@click.option("--font", default=None, metavar="FONT",
              help="The title's font: a font file (TTF, OTF, TTC, WOFF), an installed family (\"Noto Serif\") or a "
                   "built-in name (serif-bold...); default sans-bold. Characters it lacks come from the installed "
                   "fonts that have them (Noto...).")
@click.option("--colour", "--color", "colour", default=None, metavar="COLOUR",
              help="The box's colour, #rrggbb or a name (default: dark blue).")
@click.option("--ink", default=None, metavar="COLOUR", help="The title's colour (default: white or black, "
                                                            "whichever reads on --colour).")
@click.option("--back-art", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="An image of the deck's back, printed on the box's back panel.")
@click.option("--front-art", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="An image for the front, under the title.")
@click.option("--format", "fmt", type=choice(BOX_FORMATS), default="pdf", show_default=True,
              help="pdf, or svg/png (a file per piece).")
@click.option("--dpi", type=FiniteFloatRange(30, 1200), default=300.0, show_default=True, help="png: resolution.")
@click.option("--cutter", type=choice(CUTTERS), default=None,
              help="Print and cut: the machine's sheets with its marks and a cut file per piece whose fold "
                   "lines are a layer of their own (score or perforate).")
@output_options
def command(card: str, count: int, thickness: float, clearance: float, two_piece: bool, paper: str, lang: str,
            title: str | None, title_lang: str | None, font: str | None, colour: str | None, ink: str | None,
            back_art: Path | None, front_art: Path | None,
            fmt: str, dpi: float, cutter: str | None, output: Path | None, force: bool, quiet: bool) -> None:
    """Print the box a deck goes in: a one-piece tuck box sized to the deck (cut lines solid, folds
    dashed, glue areas marked), or with --two-piece a tray and a lid.

    The title may be in any script: what its font lacks is set in an installed font that has it
    (Japanese in Noto Sans CJK...), shaped, right to left where it should be; a character no font on
    the machine has is named in a warning.

    The inside is the deck (--count x --thickness deep) plus --clearance each way. A box too large
    for the paper is refused in one line naming the largest that fits; try --paper a3 or --two-piece.

    \b
    Examples:
      pnpgen box --card poker --count 54                   # output/box-poker-54.pdf
      pnpgen box --card tarot --count 78 --two-piece       # tray and lid
      pnpgen box --card 63x88 --count 100 --paper a3 --title "My game" --back-art back.png
      pnpgen box --card poker --count 54 --cutter silhouette -o box/
      pnpgen box --card japanese --count 50 --title "カードゲーム" --font "Noto Serif CJK JP"
      pnpgen box --card poker --count 54 --title "三国演义" --title-lang zh-Hans   # Noto Sans CJK SC
    """
    from generator.publish.box import BoxJob, BoxSpec, art_from_files, write_box
    from generator.scene.boxpages import box_words
    from generator.scene.papers import parse_card_size

    size = parse_card_size(card)
    spec = BoxSpec(size, count, thickness, clearance, "tray" if two_piece else "tuck")
    art = replace(art_from_files(title or box_words(lang)["deck"], size, colour, ink, back_art, front_art),
                  lang=title_lang or lang)
    if font is not None:
        art = replace(art, font=_font(font))
    stem = f"box-{card.strip().lower() if card.strip().lower().isalnum() else 'cards'}-{count}"
    job = BoxJob(spec, art, paper, lang, cutter, output, stem, force, fmt=fmt, dpi=dpi)
    written = write_box(job, REPORTER)
    if not quiet:
        w, h, d = (format_number(v, 1) for v in spec.inside)
        kind = "tuck box" if spec.style == "tuck" else "tray and lid"
        click.echo(f"{kind} for {count} cards: inside {w} x {h} x {d} mm", err=True)
    report_paths(written, quiet)


def _font(value: str) -> str:
    """--font's registry name; one line naming --font for a file or family that cannot be used."""
    from generator.core.errors import LayoutError
    from generator.scene.fonts import FontFileError, user_font

    try:
        return user_font(value)
    except FontFileError as err:
        raise LayoutError(str(err), key="--font") from None
