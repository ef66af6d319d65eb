"""Output plumbing every deck command reuses: the deck options, output paths, and writing a deck.

A deck command builds its cards (generator.scene.imposition.Card) and calls `write_deck`; the
options (`@deck_options`) arrive as one `opts: DeckOptions` argument. Formats: pdf (imposed
sheets with crop marks and duplex backs), svg/png (one file per card face, or whole sheets with
--sheets), tts (Tabletop Simulator deck sheets and a back image), json (the command's data).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import click

from generator import paths
from generator.cli.common import check_outputs, emit_json, progress, write_file
from generator.cli.options import (
    FiniteFloatRange,
    bleed_option,
    choice,
    dpi_option,
    duplex_option,
    max_cards_option,
    offset_option,
    orientation_option,
    paper_option,
)
from generator.cli.pod import pod_option

FORMATS = ("pdf", "svg", "png", "tts", "pod", "json")
TTS_PER_SHEET = 70          # 10 x 7; BackIsHidden makes the last cell a card too (docs/tts.md)
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
    printer: str = ""           # the printer profile applied (--printer), named in the footers
    scale: tuple[float, float] = (1.0, 1.0)
    measured: tuple[str, str, str] | None = None    # the profile's paper, orientation, flip
    tts_url: str | None = None  # --tts-url PREFIX: web address of the TTS images
    tts_image: str = "png"      # --tts-image png|jpg
    pod: str | None = None      # --pod PRESET (print-on-demand template)
    svg_text: str = "fonts"     # --svg-text fonts|paths
    jobs: int | None = None     # --jobs N: processes rendering PNG/SVG pages (None: all cores)
    max_ppi: float = 600.0      # pictures above this at their placed size are resampled (PDF); 0 keeps them
    max_cards: int | None = None    # --max-cards: the limit on cards (and pages) a run
    numbers: tuple[int, ...] | None = None   # each card's number in the whole deck (--only), for file names
    own: frozenset[Path] = frozenset()      # files this run may overwrite without --force (--watch wrote them)

    @property
    def landscape(self) -> bool | None:
        return {"auto": None, "portrait": False, "landscape": True}[self.orientation]


def _deck_option_list(bleed_default: str, backs: bool) -> list[Callable[[Callable[..., Any]], Callable[..., Any]]]:
    back_options = [duplex_option(), offset_option(), click.option(
        "--gutter-fold", is_flag=True,
        help="Fronts and backs side by side on one page, to fold (no duplex printer needed).")] if backs else []
    back_options.append(printer_option())
    return [
        click.option("--format", "fmt", type=choice(FORMATS), default="pdf", show_default=True,
                     help="pdf: printable sheets; svg/png: one file per card face (or --sheets); "
                          "tts: Tabletop Simulator deck (images and saved object); pod: one image "
                          "per face for a print-on-demand printer (--pod); json: the data, on "
                          "stdout unless -o."),
        click.option("--sheets", is_flag=True, help="svg/png: whole printable pages, not one file per card."),
        paper_option(),
        orientation_option(),
        *back_options,
        bleed_option(bleed_default),
        click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks."),
        click.option("--cut-lines", is_flag=True, help="Draw thin cut lines along the card edges."),
        dpi_option(),
        click.option("--tts-image", type=choice(["png", "jpg"]), default="png", show_default=True,
                     help="tts: image format of the deck sheets."),
        click.option("--tts-url", default=None, metavar="PREFIX",
                     help="tts: the web address the images will be uploaded to (the saved object "
                          "then names PREFIX/file instead of file:/// paths, for sharing)."),
        pod_option(),
        click.option("--svg-text", type=choice(["fonts", "paths"]), default="fonts", show_default=True,
                     help="svg: embed the fonts used (subsets; browsers, Inkscape) or draw text as "
                          "outlines (paths: looks the same in every viewer, librsvg included)."),
        click.option("--jobs", type=click.IntRange(0, 64), default=0, metavar="N",
                     help="png/svg: render pages in N processes (0: all cores; the files are the "
                          "same whatever N)."),
        click.option("--max-ppi", type=FiniteFloatRange(min=0), default=600.0, show_default=True,
                     help="PDF: pictures finer than this (pixels per inch at their placed size) are "
                          "resampled to it once; 0 keeps every picture as it is."),
        click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
                     help="Output file (pdf, json) or folder/file stem (svg, png, tts). Default: under output/."),
        click.option("--force", is_flag=True, help="Overwrite existing files."),
        click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary."),
        max_cards_option(),
    ]


_NAMES = ("fmt", "sheets", "paper", "orientation", "duplex", "offset", "gutter_fold", "bleed",
          "no_crop_marks", "cut_lines", "dpi", "max_ppi", "output", "force", "quiet", "printer",
          "tts_image", "tts_url", "pod", "svg_text", "jobs", "max_cards")


_BACK_DEFAULTS = {"duplex": "none", "offset": (0.0, 0.0), "gutter_fold": False, "printer": None}


def deck_options_for(bleed_default: str, *, backs: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The deck options, with the --bleed help saying what this command does without it; a deck
    without backs (`backs=False`) has no --duplex, --offset or --gutter-fold to mislead."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) if name in kwargs else _BACK_DEFAULTS[name]
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
    """DeckOptions from the raw click values (a --printer profile read and applied)."""
    opts = DeckOptions(format=values["fmt"], sheets=values["sheets"], paper=values["paper"],
                       orientation=values["orientation"],
                       duplex=None if values["duplex"] == "none" else values["duplex"],
                       offset=values["offset"], gutter_fold=values["gutter_fold"], bleed=values["bleed"],
                       crop_marks=not values["no_crop_marks"], cut_lines=values["cut_lines"],
                       dpi=values["dpi"], output=values["output"], force=values["force"],
                       quiet=values["quiet"], max_ppi=values["max_ppi"], tts_image=values["tts_image"],
                       tts_url=values["tts_url"],
                       pod=values["pod"], svg_text=values["svg_text"], jobs=values["jobs"] or None,
                       max_cards=values["max_cards"])
    return with_printer(opts, values.get("printer"))


def printer_option() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """--printer NAME: a profile saved with `pnpgen calibrate --save NAME`."""
    return click.option("--printer", default=None, metavar="NAME",
                        help="Apply a saved printer profile (offset, scale; see pnpgen calibrate "
                             "--save/--list); --offset, if given too, wins.")


def with_printer(opts: DeckOptions, name: str | None) -> DeckOptions:
    """The options with the profile's offset (unless --offset was given, or there are no back
    pages to move) and scale applied; LayoutError for an unknown profile."""
    if not name:
        return opts
    from generator.cli.printers import find_printer

    printer = find_printer(name)
    offset = opts.offset
    if offset == (0.0, 0.0) and opts.duplex and not opts.gutter_fold:
        offset = printer.offset
    return replace(opts, offset=offset, scale=printer.scale, printer=printer.name,
                   measured=(printer.paper, printer.orientation, printer.duplex))


def warn_if_measured_elsewhere(opts: DeckOptions, plan) -> None:
    """One warning line when the profile was measured on another paper, orientation or flip
    than these sheets use (an offset is measured in the page's own directions)."""
    if opts.measured is None or opts.offset == (0.0, 0.0):
        return
    paper, orientation, duplex = opts.measured
    here = ("landscape" if plan.landscape else "portrait")
    differences = [f"{what} {then} (these sheets: {now})" for what, then, now in
                   (("paper", paper, opts.paper), ("orientation", orientation, here),
                    ("flip", duplex, opts.duplex)) if then != now]
    if differences:
        click.echo(f"pnpgen: warning: printer {opts.printer}: its offset was measured for "
                   f"{', '.join(differences)}; pass --orientation {orientation} or calibrate again "
                   f"for these sheets", err=True)


# --- paths -----------------------------------------------------------------------------------------

def sheet_spec(card_size: tuple[float, float], bleed: float, opts: DeckOptions):
    """The imposition spec for these options (LayoutError for a card that cannot fit)."""
    from generator.scene.imposition import SheetSpec

    return SheetSpec(paper=opts.paper, landscape=opts.landscape, card_size=card_size, bleed=bleed,
                     crop_marks=opts.crop_marks, cut_lines=opts.cut_lines, duplex=opts.duplex,
                     offset=opts.offset, gutter_fold=opts.gutter_fold, scale=opts.scale)


def impose_deck(cards: Sequence, card_size: tuple[float, float], bleed: float, title: str, source: str,
                opts: DeckOptions) -> list:
    """The imposed sheets for these options (footers naming the printer profile), warning when
    the profile's offset was measured for another orientation."""
    from generator.scene.imposition import impose
    from generator.scene.layout import plan_sheet

    spec = sheet_spec(card_size, bleed, opts)
    warn_if_measured_elsewhere(opts, plan_sheet(spec))
    return impose(cards, spec, title=title, source=source, lang=opts.lang, printer=opts.printer)


def deck_paths(count: int, *, has_backs: bool, card_size: tuple[float, float], bleed: float,
               opts: DeckOptions, stem: str, backs: Sequence[int] | None = None) -> list[Path]:
    """Every file write_deck will write for `count` cards (checked before any work, with the limits
    on cards, pages and pixels an image).

    backs: for one file per card face, the numbers of the cards whose backs differ from every
    earlier one (one file each; NAME-back.EXT when the deck has one back); None: one per card."""
    check_work(count, card_size, bleed, opts)
    fmt = opts.format
    if fmt == "json":
        return [opts.output] if opts.output and str(opts.output) != "-" else []
    if fmt == "pdf":
        return [opts.output or paths.default_output(f"{stem}.pdf")]
    if fmt == "pod":
        from generator.cli.pod import pod_folder, pod_names

        folder, base = pod_folder(opts.output, stem)
        return [folder / name for name in pod_names(base, count, has_backs)]
    if fmt == "tts":
        from generator.cli.tts import tts_folder, tts_names

        folder, base = tts_folder(opts.output, stem)
        faces, backs, saved = tts_names(base, max(1, math.ceil(count / TTS_PER_SHEET)), False,
                                        opts.tts_image)
        return [folder / name for name in [*faces, *backs, saved]]
    folder, base = _folder_and_stem(opts, stem, fmt)
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


def check_work(count: int, card_size: tuple[float, float], bleed: float, opts: DeckOptions) -> None:
    """The limits on work (generator.core.limits), before any drawing: cards, pages, raster pixels."""
    from generator.core.limits import check_cards, check_page_count, check_pixels

    check_cards(count, opts.max_cards)
    if opts.format in ("png", "tts"):
        dpi = opts.dpi or DEFAULT_DPI
        if opts.sheets:
            from generator.scene.papers import PAPERS

            width, height = PAPERS[opts.paper]
            check_pixels(width, height, dpi, "sheet")
        else:
            check_pixels(card_size[0] + 2 * bleed, card_size[1] + 2 * bleed, dpi, "card image")
    if opts.format == "pdf" or (opts.format in ("svg", "png") and opts.sheets):
        check_page_count(_sheet_count(count, True, card_size, bleed, opts), opts.max_cards)
    # per-card svg/png files (a front and a back file a card at most) are bounded by the card limit:
    # a deck within it is never refused for its files


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
    if opts.format == "tts":
        from generator.cli.tts import write_tts

        return write_tts(cards, card_size=card_size, title=title, output=opts.output, stem=stem,
                         dpi=opts.dpi, image=opts.tts_image, url=opts.tts_url, force=opts.force,
                         quiet=opts.quiet)
    if opts.format == "pod":
        from generator.cli.pod import write_pod

        return write_pod(cards, card_size=card_size, bleed=bleed, preset_name=opts.pod,
                         output=opts.output, stem=stem, force=opts.force, quiet=opts.quiet)
    has_backs = any(card.back is not None for card in cards)
    backs = None
    if opts.format in ("svg", "png") and not opts.sheets:
        numbers = list(opts.numbers or range(1, len(cards) + 1))
        backs = [numbers[i] for i in distinct_backs(cards)]
    targets = deck_paths(len(cards), has_backs=has_backs, card_size=card_size, bleed=bleed, opts=opts,
                         stem=stem, backs=backs)
    check_outputs([p for p in targets if p not in opts.own], opts.force)
    if opts.format == "pdf":
        blob = _pdf(cards, card_size, bleed, title, source, opts)
        return [write_file(targets[0], blob, opts.force or targets[0] in opts.own)]
    if opts.format not in ("svg", "png"):
        raise click.UsageError(f"--format {opts.format} is not a deck image format")
    return _write_faces(_face_pages(cards, card_size, bleed, title, source, opts), targets, opts)


def _pdf(cards, card_size, bleed, title, source, opts) -> bytes:
    from generator.render import render_pdf

    pages = impose_deck(cards, card_size, bleed, title, source, opts)
    duplex = opts.duplex if any(page.kind == "back" for page in pages) else None
    return render_pdf(pages, title=title, duplex=duplex, max_ppi=opts.max_ppi)


def _face_pages(cards, card_size, bleed, title, source, opts) -> list:
    """The pages of --format svg/png: imposed sheets (--sheets) or each card face (one back page
    per distinct back)."""
    from generator.scene.imposition import card_pages

    if opts.sheets:
        return impose_deck(cards, card_size, bleed, title, source, opts)
    pages = card_pages(cards, card_size, bleed)
    if opts.duplex and any(card.back is not None for card in cards):
        pages += card_pages([cards[i] for i in distinct_backs(cards)], card_size, bleed, side="back")
    return pages


def _write_faces(pages: list, targets: list[Path], opts: DeckOptions) -> list[Path]:
    """One file per page, each written as it is made into a staging folder, then all moved into
    place together; each distinct page rendered once, in --jobs processes."""
    from generator.core.files import staged_set
    from generator.render import render_png, render_svg
    from generator.render.pool import render_many

    if len(pages) != len(targets):
        raise RuntimeError(f"internal: {len(pages)} pages for {len(targets)} paths")
    dpi = opts.dpi or DEFAULT_DPI
    text = opts.svg_text
    render = functools.partial(render_svg, text=text) if opts.format == "svg" else \
        functools.partial(render_png, dpi=dpi)
    written: list[Path] = []
    folder = targets[0].parent
    # the targets were checked (files of an earlier --watch run of ours may be replaced)
    force = opts.force or any(path in opts.own for path in targets)
    with staged_set(folder, force) as files, \
            progress(targets, f"Rendering {opts.format.upper()}", opts.quiet) as bar:
        for path, blob in zip(bar, render_many(pages, render, opts.jobs), strict=True):
            written.append(files.write(path.name, blob))
    return written


def emit_deck_json(data: Any, opts: DeckOptions) -> list[Path]:
    """--format json: the data on stdout, or into the -o file; returns the path written (if any)."""
    written = emit_json(data, opts.output, opts.force)
    return [written] if written else []


# --- images ------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=128)
def load_image(path: Path) -> bytes:
    """An image file's bytes for the scene: PNG and JPEG as they are (backends embed them as they
    are), any other format Pillow reads converted to PNG once."""
    from generator.cards.imagecheck import check_image, read_image_bytes
    from generator.core.imagefile import sniff_format

    data = read_image_bytes(path)
    check_image(data, path)    # not an image, or a decompression bomb: a clear error naming the file
    if sniff_format(data) in ("png", "jpeg"):
        return data
    return _convert_to_png(data, path)


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
