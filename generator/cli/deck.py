"""Output plumbing every deck command reuses: the deck options, output paths, and writing a deck.

A deck command builds its cards (generator.scene.imposition.Card) and calls `write_deck`; the
options (`@deck_options`) arrive as one `opts: DeckOptions` argument. Formats: pdf (imposed
sheets with crop marks and duplex backs), svg/png (one file per card face, or whole sheets with
--sheets), tts (Tabletop Simulator deck sheets and a back image), json (the command's data).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click

from generator import paths
from generator.cli.common import check_outputs, emit_json, progress, write_file
from generator.cli.options import bleed_option, choice, dpi_option, duplex_option, offset_option, orientation_option, paper_option

FORMATS = ("pdf", "svg", "png", "tts", "json")
TTS_PER_SHEET = 70
DEFAULT_DPI = 300


@dataclass(frozen=True)
class DeckOptions:
    """The deck options of a command line, parsed."""

    format: str = "pdf"
    sheets: bool = False
    paper: str = "a4"
    orientation: str = "auto"
    duplex: str | None = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    gutter_fold: bool = False
    bleed: float | None = None
    crop_marks: bool = True
    cut_lines: bool = False
    dpi: float | None = None
    output: Path | None = None
    force: bool = False
    quiet: bool = False
    lang: str = "en"            # the language of the sheet footers
    max_ppi: float = 600.0      # pictures above this at their placed size are resampled (PDF); 0 keeps them
    numbers: tuple[int, ...] | None = None   # each card's number in the whole deck (--only), for file names
    own: frozenset[Path] = frozenset()      # files this run may overwrite without --force (--watch wrote them)

    @property
    def landscape(self) -> bool | None:
        return {"auto": None, "portrait": False, "landscape": True}[self.orientation]


def _deck_option_list(bleed_default: str, backs: bool) -> list[Callable[[Callable[..., Any]], Callable[..., Any]]]:
    back_options = [duplex_option(), offset_option(), click.option(
        "--gutter-fold", is_flag=True,
        help="Fronts and backs side by side on one page, to fold (no duplex printer needed).")] if backs else []
    return [
        click.option("--format", "fmt", type=choice(FORMATS), default="pdf", show_default=True,
                     help="pdf: printable sheets; svg/png: one file per card face (or --sheets); "
                          "tts: Tabletop Simulator deck images; json: the data, on stdout unless -o."),
        click.option("--sheets", is_flag=True, help="svg/png: whole printable pages, not one file per card."),
        paper_option(),
        orientation_option(),
        *back_options,
        bleed_option(bleed_default),
        click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks."),
        click.option("--cut-lines", is_flag=True, help="Draw thin cut lines along the card edges."),
        dpi_option(),
        click.option("--max-ppi", type=click.FloatRange(min=0), default=600.0, show_default=True,
                     help="PDF: pictures finer than this (pixels per inch at their placed size) are "
                          "resampled to it once; 0 keeps every picture as it is."),
        click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
                     help="Output file (pdf, json) or folder/file stem (svg, png, tts). Default: under output/."),
        click.option("--force", is_flag=True, help="Overwrite existing files."),
        click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary."),
    ]


_NAMES = ("fmt", "sheets", "paper", "orientation", "duplex", "offset", "gutter_fold", "bleed",
          "no_crop_marks", "cut_lines", "dpi", "max_ppi", "output", "force", "quiet")


_BACK_DEFAULTS = {"duplex": "none", "offset": (0.0, 0.0), "gutter_fold": False}


def deck_options_for(bleed_default: str, *, backs: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The deck options, with the --bleed help saying what this command does without it; a deck
    without backs (`backs=False`) has no --duplex, --offset or --gutter-fold to mislead."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) if name in kwargs or backs else _BACK_DEFAULTS[name]
                      for name in _NAMES}
            return func(*args, opts=options_from(values), **kwargs)

        for option in reversed(_deck_option_list(bleed_default, backs)):
            wrapper = option(wrapper)
        return wrapper

    return decorate


def deck_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add the deck options to a click command; the function receives them as `opts: DeckOptions`."""
    return deck_options_for("the template's")(func)


def options_from(values: dict[str, Any]) -> DeckOptions:
    """DeckOptions from the raw click values."""
    return DeckOptions(format=values["fmt"], sheets=values["sheets"], paper=values["paper"],
                       orientation=values["orientation"],
                       duplex=None if values["duplex"] == "none" else values["duplex"],
                       offset=values["offset"], gutter_fold=values["gutter_fold"], bleed=values["bleed"],
                       crop_marks=not values["no_crop_marks"], cut_lines=values["cut_lines"],
                       dpi=values["dpi"], output=values["output"], force=values["force"],
                       quiet=values["quiet"], max_ppi=values["max_ppi"])


# --- paths -----------------------------------------------------------------------------------------

def sheet_spec(card_size: tuple[float, float], bleed: float, opts: DeckOptions):
    """The imposition spec for these options (LayoutError for a card that cannot fit)."""
    from generator.scene.imposition import SheetSpec

    return SheetSpec(paper=opts.paper, landscape=opts.landscape, card_size=card_size, bleed=bleed,
                     crop_marks=opts.crop_marks, cut_lines=opts.cut_lines, duplex=opts.duplex,
                     offset=opts.offset, gutter_fold=opts.gutter_fold)


def deck_paths(count: int, *, has_backs: bool, card_size: tuple[float, float], bleed: float,
               opts: DeckOptions, stem: str, backs: Sequence[int] | None = None) -> list[Path]:
    """Every file write_deck will write for `count` cards (checked before any work).

    backs: for one file per card face, the numbers of the cards whose backs differ from every
    earlier one (one file each; NAME-back.EXT when the deck has one back); None: one per card."""
    fmt = opts.format
    if fmt == "json":
        return [opts.output] if opts.output and str(opts.output) != "-" else []
    if fmt == "pdf":
        return [opts.output or paths.default_output(f"{stem}.pdf")]
    folder, base = _folder_and_stem(opts, stem, "png" if fmt == "tts" else fmt)
    if fmt == "tts":
        sheets = math.ceil(count / TTS_PER_SHEET)
        return [folder / f"{base}-tts-{i}.png" for i in range(1, sheets + 1)] + [folder / f"{base}-tts-back.png"]
    if opts.sheets:
        pages = _sheet_count(count, has_backs, card_size, bleed, opts)
        return [folder / f"{base}-sheet-{i:03d}.{fmt}" for i in range(1, pages + 1)]
    numbers = list(opts.numbers or range(1, count + 1))
    names = [f"{base}-{i:03d}.{fmt}" for i in numbers]
    if has_backs and opts.duplex:
        if backs is not None and len(backs) == 1:
            names.append(f"{base}-back.{fmt}")
        else:
            names += [f"{base}-back-{i:03d}.{fmt}" for i in (numbers if backs is None else backs)]
    return [folder / name for name in names]


def distinct_backs(cards: Sequence) -> list[int]:
    """Indexes of the cards whose back differs from every earlier card's back (cards with a back)."""
    seen: dict[Any, int] = {}
    for index, card in enumerate(cards):
        if card.back is not None:
            try:
                key: Any = tuple(card.back)
                hash(key)
            except TypeError:
                key = repr(card.back)
            seen.setdefault(key, index)
    return list(seen.values())


def _folder_and_stem(opts: DeckOptions, stem: str, suffix: str) -> tuple[Path, str]:
    """-o FILE.ext gives its folder and stem; -o FOLDER (or no suffix) a folder; default output/STEM/."""
    if opts.output is None:
        return paths.default_output(stem), stem
    out = Path(opts.output)
    if out.suffix.lower() == f".{suffix}":
        return out.parent, out.stem
    return out, stem


def _sheet_count(count: int, has_backs: bool, card_size, bleed: float, opts: DeckOptions) -> int:
    from generator.scene.layout import cards_per_sheet

    spec = sheet_spec(card_size, bleed, opts)
    sheets = max(1, math.ceil(count / cards_per_sheet(spec)))
    return sheets * (2 if has_backs and opts.duplex and not opts.gutter_fold else 1)


# --- writing -----------------------------------------------------------------------------------------

def write_deck(cards: Sequence, *, card_size: tuple[float, float], bleed: float, title: str, source: str,
               opts: DeckOptions, stem: str, lang: str | None = None) -> list[Path]:
    """Render the cards in the chosen format and write the files whole; returns the paths written.

    lang, when given, is the language of the sheet footers (en, it, fr, pt)."""
    if lang is not None:
        opts = replace(opts, lang=lang)
    cards = list(cards)
    has_backs = any(card.back is not None for card in cards)
    backs = None
    if opts.format in ("svg", "png") and not opts.sheets:
        numbers = list(opts.numbers or range(1, len(cards) + 1))
        backs = [numbers[i] for i in distinct_backs(cards)]
    targets = deck_paths(len(cards), has_backs=has_backs, card_size=card_size, bleed=bleed, opts=opts,
                         stem=stem, backs=backs)
    check_outputs([p for p in targets if p not in opts.own], opts.force)
    writer = _WRITERS.get(opts.format)
    if writer is None:
        raise click.UsageError(f"--format {opts.format} is not a deck image format")
    blobs = writer(cards, card_size, bleed, title, source, opts)   # one file's bytes at a time
    return [write_file(path, blob, opts.force or path in opts.own)
            for path, blob in zip(targets, blobs, strict=True)]


def _pdf(cards, card_size, bleed, title, source, opts) -> list[bytes]:
    from generator.render import render_pdf
    from generator.scene.imposition import impose

    pages = impose(cards, sheet_spec(card_size, bleed, opts), title=title, source=source,
                       lang=opts.lang)
    return [render_pdf(pages, title=title, max_ppi=opts.max_ppi)]


def _per_page(pages: list, fmt: str, opts: DeckOptions) -> Iterator[bytes]:
    """Each page's file, rendered when it is about to be written (no deck's worth of bytes held)."""
    from generator.render import render_png, render_svg

    dpi = opts.dpi or DEFAULT_DPI
    render = (lambda page: render_svg(page)) if fmt == "svg" else (lambda page: render_png(page, dpi=dpi))
    with progress(pages, f"Rendering {fmt.upper()}", opts.quiet) as bar:
        for page in bar:
            yield render(page)


def _faces(cards, card_size, bleed, title, source, opts, fmt: str) -> Iterator[bytes]:
    from generator.scene.imposition import card_pages, impose

    if opts.sheets:
        pages = impose(cards, sheet_spec(card_size, bleed, opts), title=title, source=source,
                       lang=opts.lang)
    else:
        pages = card_pages(cards, card_size, bleed)
        if opts.duplex and any(card.back is not None for card in cards):
            pages += card_pages([cards[i] for i in distinct_backs(cards)], card_size, bleed, side="back")
    return _per_page(pages, fmt, opts)


def _tts(cards, card_size, bleed, title, source, opts) -> Iterator[bytes]:
    """Each deck sheet as soon as it is rendered, then the back image."""
    from generator.render import render_tts
    from generator.scene.imposition import card_pages

    fronts = card_pages(cards, card_size, 0.0)
    back = card_pages(cards[:1], card_size, 0.0, side="back")[0]
    chunks = [fronts[i:i + TTS_PER_SHEET] for i in range(0, len(fronts), TTS_PER_SHEET)]
    back_png = b""
    with progress(chunks, "Rendering Tabletop Simulator sheets", opts.quiet, threshold=2) as bar:
        for chunk in bar:
            chunk_sheets, back_png = render_tts(chunk, back, dpi=opts.dpi)
            yield from chunk_sheets
    yield back_png


_WRITERS: dict[str, Callable] = {
    "pdf": _pdf,
    "svg": lambda *a: _faces(*a, fmt="svg"),
    "png": lambda *a: _faces(*a, fmt="png"),
    "tts": _tts,
}


def emit_deck_json(data: Any, opts: DeckOptions) -> list[Path]:
    """--format json: the data on stdout, or into the -o file; returns the path written (if any)."""
    written = emit_json(data, opts.output, opts.force)
    return [written] if written else []


# --- images ------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=128)
def load_image(path: Path) -> bytes:
    """An image file's bytes for the scene: PNG and JPEG as they are (backends embed them as they
    are), any other format Pillow reads converted to PNG once."""
    from generator.core.errors import DataError
    from generator.core.imagefile import sniff_format

    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise DataError(f"cannot read image: {err.strerror}", file=path) from None
    if sniff_format(data) in ("png", "jpeg"):
        _check_decodable(data, path)
        return data
    return _convert_to_png(data, path)


def _check_decodable(data: bytes, path: Path) -> None:
    """A PNG/JPEG whose header Pillow cannot read is an error naming the file, before any drawing."""
    import io

    from PIL import Image, UnidentifiedImageError

    from generator.core.errors import DataError

    try:
        with Image.open(io.BytesIO(data)) as im:
            im.size  # noqa: B018 - the header is parsed on open
    except (UnidentifiedImageError, OSError, SyntaxError):
        raise DataError("not an image file Pillow can read (broken PNG/JPEG)", file=path) from None


def _convert_to_png(data: bytes, path: Path) -> bytes:
    import io

    from PIL import Image, UnidentifiedImageError

    from generator.core.errors import DataError

    try:
        with Image.open(io.BytesIO(data)) as im:
            im.load()
            im = im.convert("RGBA" if "A" in im.getbands() or "transparency" in im.info else "RGB")
    except (UnidentifiedImageError, OSError):
        raise DataError("not an image file Pillow can read (use PNG or JPEG)", file=path) from None
    out = io.BytesIO()
    im.save(out, format="PNG")
    return out.getvalue()
