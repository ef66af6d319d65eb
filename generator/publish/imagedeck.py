"""A folder of finished card images as a deck (`pnpgen images`, its --watch and the preview): the images paired
and measured, their records and template made, bleed made where they lack it; then printed by the card deck
pipeline (carddeck.py). No click: the command line passes its Reporter."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.publish.options import DeckOptions
from generator.publish.report import PLAIN, Reporter

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.images import Entry, Fit, Plan
    from generator.cards.records import Record
    from generator.cards.templates import Template

DEFAULT_MADE_BLEED = 3.0


@dataclass(frozen=True)
class ImageChoice:
    """What the command line says about the images: which, their backs, size, bleed and how to make it."""

    fronts: str
    backs: str | None = None
    card: str | None = None
    image_bleed: float | None = None
    make_bleed: str = "mirror"
    fill_corners: bool = False

    def folders(self) -> set[Path]:
        """The folders whose pictures make the deck (a new or removed file there changes it)."""
        found = set()
        for name in (self.fronts, self.backs):
            if not name:
                continue
            path = Path(name)
            folder = path if path.is_dir() else path.parent
            found.add(folder)
            found.update(folder / sub for sub in ("front", "back", "double_sided") if (folder / sub).is_dir())
        return {p.resolve() for p in found}


@dataclass
class ImageDeck:
    """The images as a deck: its records (copies expanded), template, loader, summary and data rows."""

    records: list[Record]
    template: Template
    loader: Callable[[Path], bytes]
    summary: str
    notes: list[str]
    stem: str

    def rows(self, records: list[Record] | None = None) -> list[dict[str, Any]]:
        """--format json: one record per image file, with its quantity."""
        chosen = self.records if records is None else records
        qty = Counter(r.line for r in chosen)
        first = {r.line: r for r in reversed(chosen)}
        return [{**r.to_json(), "qty": qty[r.line]} for r in chosen if first[r.line] is r]


def image_deck(choice: ImageChoice, opts: DeckOptions, read: Callable[[Path], bytes] | None = None,
               stem: str | None = None) -> ImageDeck:
    """Pair and measure the images and make their records and template (nothing drawn or written);
    read: path -> bytes (default: the cached loader; --watch and the preview read files again)."""
    from generator.cards import images as deck
    from generator.publish.images import load_image

    read = read or load_image
    entries = deck.collect(choice.fronts, choice.backs, opts.max_cards)
    notes = deck.collect_notes(choice.fronts, choice.backs)
    paths = list(dict.fromkeys([e.front for e in entries] + [e.back for e in entries if e.back]))
    faces = [deck.Face(p, _pixels(p, read)) for p in paths]
    size, name = deck.card_of(choice.card)
    fits = deck.fit_all(faces, size, name, choice.image_bleed)
    deck_bleed = opts.bleed if opts.bleed is not None else _own_bleed(fits, entries)
    fills = _border_colours(fits, read) if choice.make_bleed == "colour" else {}
    plans = {path.resolve(): plan
             for path, plan in deck.plans(fits, deck_bleed, choice.make_bleed, fills).items()}
    source = Path(choice.fronts) if Path(choice.fronts).exists() else Path(choice.fronts).parent
    records, tmpl = deck.records_and_template(entries, plans, deck_bleed, source)
    doubt = fits[entries[0].front].doubt()
    loader = functools.partial(_load, plans=plans, mode=choice.make_bleed, corners=choice.fill_corners,
                               max_ppi=opts.max_ppi, read=read)
    return ImageDeck(records, tmpl, loader, _summary(entries, records, fits, plans, choice.make_bleed),
                     notes + ([doubt] if doubt else []), stem or _stem(Path(choice.fronts)))


def images_deck(fronts: str, backs: str | None, *, card: str | None = None, image_bleed: float | None = None,
                make_bleed: str = "mirror", fill_corners: bool = False, opts: DeckOptions,
                stem: str | None = None, only: str | None = None,
                read: Callable[[Path], bytes] | None = None, reporter: Reporter = PLAIN) -> list[Path]:
    """Pair, measure and print the images through the card engine; returns the paths written."""
    from generator.publish.carddeck import deck_from, pick

    made = image_deck(ImageChoice(fronts, backs, card, image_bleed, make_bleed, fill_corners), opts, read, stem)
    if not opts.quiet and opts.format != "json":
        reporter.note(made.summary)
        for note in made.notes:
            reporter.note(f"pnpgen: note: {note}")
    records = made.records
    if only:
        records, opts = pick(records, only, opts)
    return deck_from(records, made.template, opts, made.stem, image_loader=made.loader,
                     data=lambda: made.rows(records), reporter=reporter)


def _pixels(path: Path, read: Callable[[Path], bytes]) -> tuple[int, int]:
    from generator.core.imagefile import pixel_size

    data = read(path)
    size = pixel_size(data)
    if size is None:
        from generator.core.errors import DataError

        raise DataError("cannot read the image's size", file=path)
    return size


def _border_colours(fits: dict[Path, Fit], read: Callable[[Path], bytes]) -> dict[Path, str]:
    """Each image's border colour (median of its edge pixels), read from a small draft decode."""
    from generator.core.colours import hex_colour
    from generator.render.bleed import border_colour

    return {path: hex_colour(*border_colour(read(path))) for path in fits}


def _own_bleed(fits: dict[Path, Fit], entries: list[Entry]) -> float:
    """The deck's bleed: the fronts' own (the most common), else the bleed to make."""
    counts = Counter(round(fits[e.front].bleed, 3) for e in entries)
    bleed = counts.most_common(1)[0][0]
    return bleed if bleed > 0 else DEFAULT_MADE_BLEED


def _load(path: Path, *, plans: dict[Path, Plan], mode: str, corners: bool, max_ppi: float = 0,
          read: Callable[[Path], bytes] | None = None) -> bytes:
    """An image's bytes with the bleed it lacks made (and corners filled); as it is otherwise.
    Pictures remade in pixels are first brought down to max_ppi (the PDF's cap) when above it."""
    from generator.core.imagefile import pixel_size
    from generator.core.units import MM_PER_INCH
    from generator.publish.images import load_image
    from generator.render.images import over_cap

    data = (read or load_image)(path)
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
