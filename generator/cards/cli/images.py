"""`pnpgen images FRONTS [--backs FILE_OR_DIR]`: a folder of finished card images printed as a deck by the card engine."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from generator.cards.cli.watch import WatchState
from generator.cli.deck import REPORTER, deck_options_for, report_deck
from generator.publish import DeckOptions
from generator.publish.imagedeck import ImageChoice, image_deck, images_deck
from generator.scene.papers import describe_card_sizes


@click.command()
@click.argument("fronts")
@click.option("--backs", metavar="FILE_OR_DIR",
              help="One back image for every card, or a folder of backs paired with the fronts by file name.")
@click.option("--card", metavar="SIZE",
              help=f"Card size: {describe_card_sizes()} (mm), or WxH mm. Default: read from the images.")
@click.option("--image-bleed", type=click.FloatRange(0, 20), default=None, metavar="MM",
              help="Bleed the images already have, in mm (0: none). Default: detected (a named size "
                   "plus 3 mm or 1/8 in).")
@click.option("--make-bleed", type=click.Choice(["mirror", "extend", "colour"]), default="mirror",
              show_default=True,
              help="How bleed is made for images with less than the deck's: mirror the edge strip, "
                   "extend the edge pixels, or a solid colour read from the border.")
@click.option("--fill-corners", is_flag=True,
              help="Fill rounded transparent corners the same way (for images of rounded cards).")
@click.option("--only", metavar="CARDS", default=None,
              help='Just these cards: numbers and ranges ("3,7-9", counting copies) or a field test '
                   '("name~dragon": the file name contains it, any case).')
@click.option("--check", is_flag=True,
              help="Preflight: the size reading and what would print badly (pictures under 200 ppi, "
                   "a mostly empty last sheet, ...); writes nothing. Exit 0.")
@click.option("--strict", is_flag=True, help="With --check: exit 1 when there is any warning.")
@click.option("--watch", is_flag=True,
              help="Write, then write again after every change in the image folders (a new, changed or "
                   "removed picture); its own files are overwritten without --force; Ctrl-C stops.")
@deck_options_for("the images' own bleed, else 3 mm made around them")
def command(fronts: str, backs: str | None, card: str | None, image_bleed: float | None, make_bleed: str,
            fill_corners: bool, only: str | None, check: bool, strict: bool, watch: bool,
            opts: DeckOptions) -> None:
    """Print FRONTS, a folder (or a list file, or a glob) of finished card images, as a deck.

    Files are taken in natural order (2.png before 10.png); `name x3.png` prints three copies
    (a list file: one image per line, optionally followed by x3). Backs: --backs back.png for
    all, --backs FOLDER pairs by file name, and a FRONTS folder with front/, back/ and
    double_sided/ is read the silhouette-card-maker way. The card size and the bleed the images
    have are read from their pixels (said in one line; two close readings are both named) unless
    given. Every option of `pnpgen cards` applies: paper, duplex, offset, gutter fold, crop
    marks, formats, TTS, --only, --check, --watch; `pnpgen preview FRONTS` shows them live.

    \b
    Examples:
      pnpgen images scans/ --backs back.png            # output/scans.pdf, backs for duplex
      pnpgen images art/ --card standard --paper letter   # 63x88 mm cards, bleed detected
      pnpgen images 'proxies/*.jpg' --card poker --image-bleed 0 --make-bleed extend
      pnpgen images silhouette/ --paper a3 --format tts
      pnpgen images art/ --check --strict              # the size reading and preflight warnings
      pnpgen images art/ --only 3,7-9 --format png     # cards 3, 7, 8 and 9 as PNGs
    """
    if strict and not check:
        raise click.UsageError("--strict goes with --check")
    choice = ImageChoice(fronts, backs, card, image_bleed, make_bleed, fill_corners)
    if check:
        sys.exit(check_images(choice, opts, only, strict))
    if watch:
        from generator.cards.cli.watch import watch_state

        watch_state(ImagesWatch(choice, opts, only))
        return
    report_deck(images_deck(fronts, backs, card=card, image_bleed=image_bleed, make_bleed=make_bleed,
                             fill_corners=fill_corners, opts=opts, only=only, reporter=REPORTER), opts)


class ImagesWatch(WatchState):
    """--watch of `pnpgen images`: the images read, and every file of their folders (a new picture)."""

    def __init__(self, choice: ImageChoice, opts: DeckOptions, only: str | None) -> None:
        super().__init__(choice.fronts, "", opts, only)
        self.choice = choice

    def folders(self) -> set[Path]:
        return self.choice.folders()

    def make(self, opts: Any, loader: Callable[[Path], bytes]) -> list[Path]:
        c = self.choice
        return images_deck(c.fronts, c.backs, card=c.card, image_bleed=c.image_bleed, make_bleed=c.make_bleed,
                           fill_corners=c.fill_corners, opts=opts, only=self.only, read=loader,
                           reporter=REPORTER)

    def _inputs(self, images: set[Path]) -> set[Path]:
        return {Path(p).resolve() for p in images}


def check_images(choice: ImageChoice, opts: DeckOptions, only: str | None, strict: bool) -> int:
    """`pnpgen images --check`: the size reading, the notes, then every preflight warning (one line
    each, as `pnpgen cards --check`); exit 1 with strict when there is any warning."""
    from generator.cards.build import check_template
    from generator.cards.cli.check import records_findings, report_findings

    made = image_deck(choice, opts)
    click.echo(made.summary)           # the report, all on stdout (as the warnings)
    for note in made.notes:
        click.echo(f"pnpgen: note: {note}")
    design = check_template(made.template, made.records, bleed=opts.bleed)
    return report_findings(records_findings(made.records, design, opts, only, made.loader), opts, strict)
