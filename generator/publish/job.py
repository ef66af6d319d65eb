"""PrintJob: everything about a printed deck that is known before a card is drawn, and the Format interface it writes through."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from generator import paths
from generator.core.files import check_writable
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.publish.report import Reporter
    from generator.scene.imposition import Card
    from generator.scene.layout import Plan, SheetSpec
    from generator.scene.model import Page

T = TypeVar("T")


class Format(Protocol):
    """An output format: one module of generator/publish/formats/, listed in its REGISTRY."""

    name: str
    options: frozenset[str]     # the deck options it reads (options.FLAGS names; SHEET_OPTIONS come with imposes)
    per_group: bool             # a deck of named groups is written as one set per group (publish.groups)
    flags: tuple[FormatOption, ...]     # command-line options of its own (read as opts.extra[name])

    def imposes(self, opts: DeckOptions) -> bool:
        """Whether it draws imposed sheets (then the job plans the sheet)."""

    def check(self, job: PrintJob) -> None:
        """Its limits on work and its own options, refused before any card is drawn."""

    def paths(self, job: PrintJob) -> list[Path]:
        """The files it will write, as far as they are known before the cards are drawn."""

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        """Render the deck (its cards; the data for json) and write the files whole; the paths written."""


def named(registry: dict[str, Format], name: str, option: str) -> Format:
    """registry[name], or a LayoutError naming the option and the known names (--format, --cutter)."""
    from generator.core.errors import LayoutError

    try:
        return registry[name]
    except KeyError:
        raise LayoutError(f"unknown {option.lstrip('-')} {name!r} (known: {', '.join(registry)})", key=option) from None


@dataclass(frozen=True)
class PrintJob:
    """A deck's print job, computed once by generator.publish.plan.plan_job before anything is drawn.

    targets: the files the format named before drawing, already refused when they exist (a format
    whose files depend on the drawn cards, per-card backs or TTS sheets, names the rest when it
    writes and refuses those then, before rendering). home: the folder under output/ its files go to without
    -o (a game's, e.g. "dungeon"; "" for the formats' own defaults); lead: the pages a PDF opens with (the
    dungeon's player aid), made when it writes; the other formats leave them out. box: the deck's box
    (--box), planned and checked with the job (publish.box.plan_deck_box); `box(card)` writes it after the
    deck, its back panel showing a side of card number `box_card` (counting from 0), kept as it is drawn."""

    opts: DeckOptions
    format: Format
    count: int
    card_size: tuple[float, float]
    bleed: float
    has_backs: bool
    title: str
    source: str
    stem: str
    reporter: Reporter
    spec: SheetSpec | None = None
    plan: Plan | None = None
    targets: tuple[Path, ...] = ()
    home: str = ""
    lead: Callable[[], list[Page]] | None = None
    box: Callable[[Card | None], list[Path]] | None = None
    box_card: int = 0

    def default_file(self, name: str) -> Path:
        """The file a one-file format writes without -o: output/NAME, or output/HOME/NAME."""
        return paths.default_output(*([self.home] if self.home else []), name)

    def one_file(self, name: str) -> Path:
        """The file a one-file format writes: -o FILE (a name with a suffix), or NAME inside -o FOLDER (an
        existing folder, or a name without a suffix, as 'out/' is: the groups read -o so too), or
        default_file(NAME) without -o. A PDF is never written over a folder, nor named 'out'."""
        out = self.opts.output
        if out is None:
            return self.default_file(name)
        return out / name if out.is_dir() or not out.suffix else out

    def place(self, suffixes: Sequence[str], default: str | None = None) -> tuple[Path, str]:
        """The folder and file stem of the job's files: -o FILE.ext (ext one of `suffixes`), -o FOLDER, or
        without -o output/HOME/ (a game's folder) or output/DEFAULT/ (default: the stem)."""
        if self.opts.output is None and self.home:
            return paths.default_output(self.home), self.stem
        return folder_and_stem(self.opts.output, self.stem, suffixes, default)

    @property
    def wants_data(self) -> bool:
        """--format json: the deck is written as data, not drawn."""
        return self.format.name == "json"

    def write(self, deck: Any) -> list[Path]:
        """Write the deck (its cards, a CardStream, or its data when wants_data) in the job's format; the
        paths written. A format that does not draw as it writes (no `streams = True`) gets a stream's
        cards all drawn first. Then the deck's box, when it has one."""
        seen: list[Card] = []
        if self.box is not None:
            deck = _watched(deck, self.box_card, seen)
        if isinstance(deck, CardStream) and not getattr(self.format, "streams", False):
            deck = list(deck)
        written = self.format.write(self, deck)
        return written if self.box is None else written + self.box(seen[0] if seen else None)

    def sheet_count(self, has_backs: bool) -> int:
        """Pages of imposed sheets for the job's cards (fronts, and backs pages when duplex)."""
        if self.plan is None:
            raise RuntimeError("internal: no sheet plan for a format that does not impose")
        sheets = max(1, math.ceil(self.count / self.plan.per_sheet))
        return sheets * (2 if has_backs and self.opts.duplex and not self.opts.gutter_fold else 1)

    def progress(self, items: Sequence[T], label: str) -> AbstractContextManager[Iterable[T]]:
        """The reporter's progress bar over the items (none with --quiet)."""
        return nullcontext(items) if self.opts.quiet else self.reporter.progress(items, label)

    def refuse_more(self, more: Iterable[Path]) -> None:
        """Refuse the files a format names only when writing (those not among the targets already checked)."""
        refuse_existing([p for p in more if p not in self.targets], self.opts)

    def replaces(self, targets: Iterable[Path]) -> bool:
        """Whether writing `targets` may replace files: the `force` every format passes to its writer.

        The one rule for "files this run owns": --force, or every target that exists is one this run
        wrote itself (an earlier save under --watch, the preview's print button: `opts.own`). Each was
        checked by refuse_existing (or refuse_more) before drawing; this says so again when writing."""
        return replaces(targets, self.opts)


class CardStream:
    """A deck drawn as it is read: `count` cards, all with backs or none (has_backs), each drawn when
    the iteration reaches it, so a format that writes as it goes keeps a page of cards at a time.
    Iterated once."""

    def __init__(self, cards: Iterable[Card], count: int, has_backs: bool) -> None:
        self._cards: Iterable[Card] | None = cards
        self.count, self.has_backs = count, has_backs

    def __len__(self) -> int:
        return self.count

    def __iter__(self) -> Iterator[Card]:
        if self._cards is None:
            raise RuntimeError("internal: a card stream is read once")
        cards, self._cards = self._cards, None
        return iter(cards)


def _watched(deck: Any, index: int, seen: list[Card]) -> Any:
    """The deck, keeping card number `index` in `seen`: a stream's as it is drawn, a list's at once."""
    if not isinstance(deck, CardStream):
        seen += list(deck)[index:index + 1]
        return deck

    def cards() -> Iterator[Card]:
        for number, card in enumerate(deck):
            if number == index:
                seen.append(card)
            yield card

    return CardStream(cards(), deck.count, deck.has_backs)


def refuse_existing(targets: Iterable[Path], opts: DeckOptions) -> None:
    """Refuse existing targets without --force (files this run owns excepted: see replaces)."""
    for path in targets:
        if path not in opts.own:
            check_writable(Path(path), opts.force)


def replaces(targets: Iterable[Path], opts: DeckOptions) -> bool:
    """--force, or the targets that exist are all files this run owns (`opts.own`: an earlier --watch run's,
    the preview print button's); False when none exists (nothing to replace)."""
    if opts.force:
        return True
    existing = [Path(p) for p in targets if os.path.lexists(p)]
    return bool(existing) and all(p in opts.own for p in existing)


def sheet_spec(card_size: tuple[float, float], bleed: float, opts: DeckOptions) -> SheetSpec:
    """The imposition spec for these options (LayoutError for options that cannot be)."""
    from generator.scene.layout import SheetSpec

    return SheetSpec(paper=opts.paper, landscape=opts.landscape, card_size=card_size, bleed=bleed,
                     crop_marks=opts.crop_marks, cut_lines=opts.cut_lines, duplex=opts.duplex,
                     offset=opts.offset, gutter_fold=opts.gutter_fold, scale=opts.scale)


def folder_and_stem(output: Path | None, stem: str, suffixes: Sequence[str], default: str | None = None) -> tuple[Path, str]:
    """-o FILE.ext (ext one of `suffixes`) gives its folder and stem; -o FOLDER a folder; no -o: output/DEFAULT/
    (default: the stem)."""
    if output is None:
        return paths.default_output(default or stem), stem
    out = Path(output)
    if out.suffix.lower() in suffixes:
        return out.parent, out.stem
    return out, stem


def check_raster(job: PrintJob) -> None:
    """The pixel limit of raster output: a whole sheet (--sheets) or one card image, at the job's dpi."""
    from generator.core.limits import check_pixels

    dpi = job.opts.raster_dpi
    if job.opts.sheets:
        from generator.scene.papers import paper_size

        width, height = paper_size(job.opts.paper)
        check_pixels(width, height, dpi, "sheet")
    else:
        check_pixels(job.card_size[0] + 2 * job.bleed, job.card_size[1] + 2 * job.bleed, dpi, "card image")


def card_backs(cards: Sequence[Any], job: PrintJob) -> bool:
    """Whether the drawn cards have backs; an internal error when that is not what the job planned."""
    found = any(card.back is not None for card in cards)
    if found != job.has_backs or len(cards) != job.count:
        raise RuntimeError(f"internal: the job planned {job.count} cards (backs: {job.has_backs}), "
                           f"got {len(cards)} (backs: {found})")
    return found
