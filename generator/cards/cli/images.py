"""`pnpgen images FRONTS [--backs FILE_OR_DIR]`: a folder of finished card images printed as a deck by the card engine."""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cli.common import report_paths
from generator.cli.deck import deck_options_for
from generator.publish import DeckOptions

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.images import Entry, Fit, Plan
    from generator.cards.records import Record

DEFAULT_MADE_BLEED = 3.0


@click.command()
@click.argument("fronts")
@click.option("--backs", metavar="FILE_OR_DIR",
              help="One back image for every card, or a folder of backs paired with the fronts by file name.")
@click.option("--card", metavar="SIZE",
              help="Card size (poker, bridge, mini, tarot, square or WxH mm). Default: read from the images.")
@click.option("--image-bleed", type=click.FloatRange(0, 20), default=None, metavar="MM",
              help="Bleed the images already have, in mm (0: none). Default: detected (a named size "
                   "plus 3 mm or 1/8 in).")
@click.option("--make-bleed", type=click.Choice(["mirror", "extend", "colour"]), default="mirror",
              show_default=True,
              help="How bleed is made for images with less than the deck's: mirror the edge strip, "
                   "extend the edge pixels, or a solid colour read from the border.")
@click.option("--fill-corners", is_flag=True,
              help="Fill rounded transparent corners the same way (for images of rounded cards).")
@deck_options_for("the images' own bleed, else 3 mm made around them")
def command(fronts: str, backs: str | None, card: str | None, image_bleed: float | None, make_bleed: str,
            fill_corners: bool, opts: DeckOptions) -> None:
    """Print FRONTS, a folder (or a list file, or a glob) of finished card images, as a deck.

    Files are taken in natural order (2.png before 10.png); `name x3.png` prints three copies
    (a list file: one image per line, optionally followed by x3). Backs: --backs back.png for
    all, --backs FOLDER pairs by file name, and a FRONTS folder with front/, back/ and
    double_sided/ is read the silhouette-card-maker way. The card size and the bleed the images
    have are read from their pixels (said in one line) unless given. Every option of
    `pnpgen cards` applies: paper, duplex, offset, gutter fold, crop marks, formats, TTS.

    \b
    Examples:
      pnpgen images scans/ --backs back.png            # output/scans.pdf, backs for duplex
      pnpgen images 'proxies/*.jpg' --card poker --image-bleed 0 --make-bleed extend
      pnpgen images silhouette/ --paper letter --format tts
    """
    report_paths(images_deck(fronts, backs, card=card, image_bleed=image_bleed, make_bleed=make_bleed,
                             fill_corners=fill_corners, opts=opts), opts.quiet or opts.format == "json")


def images_deck(fronts: str, backs: str | None, *, card: str | None = None, image_bleed: float | None = None,
                make_bleed: str = "mirror", fill_corners: bool = False, opts: DeckOptions,
                stem: str | None = None) -> list[Path]:
    """Pair, measure and print the images through the card engine; returns the paths written."""
    from generator.cards import images as deck
    from generator.cards.cli.make import deck_from

    entries = deck.collect(fronts, backs)
    paths = list(dict.fromkeys([e.front for e in entries] + [e.back for e in entries if e.back]))
    faces = [deck.Face(p, _pixels(p)) for p in paths]
    size, name = deck.card_of(card)
    fits = deck.fit_all(faces, size, name, image_bleed)
    deck_bleed = opts.bleed if opts.bleed is not None else _own_bleed(fits, entries)
    fills = _border_colours(fits) if make_bleed == "colour" else {}
    plans = {path.resolve(): plan for path, plan in deck.plans(fits, deck_bleed, make_bleed, fills).items()}
    source = Path(fronts) if Path(fronts).exists() else Path(fronts).parent
    records, tmpl = deck.records_and_template(entries, plans, deck_bleed, source)
    if not opts.quiet and opts.format != "json":
        click.echo(_summary(entries, records, fits, plans, make_bleed), err=True)
    def rows() -> list[dict[str, Any]]:     # --format json: one record per image file, with its quantity
        qty = Counter(r.line for r in records)
        return [{**r.to_json(), "qty": qty[r.line]} for r in records if r.copy == 1]

    loader = functools.partial(_load, plans=plans, mode=make_bleed, corners=fill_corners, max_ppi=opts.max_ppi)
    return deck_from(records, tmpl, opts, stem or _stem(Path(fronts)), image_loader=loader, data=rows)


def _pixels(path: Path) -> tuple[int, int]:
    from generator.core.imagefile import pixel_size
    from generator.publish.images import load_image

    data = load_image(path)
    size = pixel_size(data)
    if size is None:
        from generator.core.errors import DataError

        raise DataError("cannot read the image's size", file=path)
    return size


def _border_colours(fits: dict[Path, Fit]) -> dict[Path, str]:
    """Each image's border colour (median of its edge pixels), read from a small draft decode."""
    from generator.core.colours import hex_colour
    from generator.publish.images import load_image
    from generator.render.bleed import border_colour

    return {path: hex_colour(*border_colour(load_image(path))) for path in fits}


def _own_bleed(fits: dict[Path, Fit], entries: list[Entry]) -> float:
    """The deck's bleed: the fronts' own (the most common), else the bleed to make."""
    counts = Counter(round(fits[e.front].bleed, 3) for e in entries)
    bleed = counts.most_common(1)[0][0]
    return bleed if bleed > 0 else DEFAULT_MADE_BLEED


def _load(path: Path, *, plans: dict[Path, Plan], mode: str, corners: bool, max_ppi: float = 0) -> bytes:
    """An image's bytes with the bleed it lacks made (and corners filled); as it is otherwise.
    Pictures remade in pixels are first brought down to max_ppi (the PDF's cap) when above it."""
    from generator.core.imagefile import pixel_size
    from generator.core.units import MM_PER_INCH
    from generator.publish.images import load_image
    from generator.render.images import over_cap

    data = load_image(path)
    plan = plans.get(Path(path).resolve())
    if plan is None or not (plan.padded or corners):
        return data
    ppi, size = plan.fit.ppi, None
    pixels = pixel_size(data)
    if pixels and over_cap(ppi, max_ppi):
        size = (max(1, round(pixels[0] * max_ppi / ppi)), max(1, round(pixels[1] * max_ppi / ppi)))
        ppi = max_ppi
    pad = round(plan.make / MM_PER_INCH * ppi) if plan.padded else 0
    return _prepared(data, (pad, pad), mode, corners, size)


@functools.lru_cache(maxsize=8)
def _prepared(data: bytes, pad: tuple[int, int], mode: str, corners: bool, size: tuple[int, int] | None) -> bytes:
    from generator.render.bleed import prepare

    return prepare(data, pad, mode, corners, size)


def _summary(entries: list[Entry], records: list[Record], fits: dict[Path, Fit], plans: dict[Path, Plan], mode: str) -> str:
    from generator.core.numbers import format_number

    first = fits[entries[0].front]
    made = sorted({round(p.make, 3) for p in plans.values() if p.make > 0})
    bleed = f"; making {', '.join(format_number(m) for m in made)} mm bleed ({mode})" if made else ""
    return f"pnpgen: {len(entries)} images, {len(records)} cards: {first.describe()}{bleed}"


def _stem(fronts: Path) -> str:
    if fronts.is_dir():
        return fronts.resolve().name
    if fronts.is_file():
        return fronts.stem
    return fronts.parent.resolve().name or "images"
