"""The deck options of the command line (`@deck_options` -> `opts: DeckOptions`) and the reporter it gives the publishing layer.

A deck command plans a print job, builds its cards and writes them (generator.publish): the options
arrive as one `opts: DeckOptions` argument, and `REPORTER` shows the layer's warnings and progress
with click. Formats: pdf (imposed sheets with crop marks and duplex backs), svg/png (one file per
card face, or whole sheets with --sheets), tts (Tabletop Simulator), pod (print-on-demand), pdfx
(PDF/X-1a for card printers), json.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import click

from generator.cli.common import progress
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
from generator.publish import REGISTRY, DeckOptions
from generator.publish.options import BoxOrder, FormatOption

T = TypeVar("T")
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


class ClickReporter:
    """The publishing layer's warnings, notes and data through click.echo; progress as a click progress bar."""

    def warn(self, message: str) -> None:
        click.echo(f"pnpgen: warning: {message}", err=True)

    def note(self, message: str) -> None:
        click.echo(message, err=True)

    def data(self, text: str) -> None:
        click.echo(text, nl=False)

    def progress(self, items: Sequence[T], label: str) -> AbstractContextManager[Iterable[T]]:
        bar: AbstractContextManager[Iterable[T]] = progress(items, label, False)
        return bar


REPORTER = ClickReporter()


class FormatChoice(click.Choice[str]):
    """--format: the names of the publishing layer's REGISTRY when the command runs (any case), so a format
    added to the registry is offered by every deck command without another line here."""

    def __init__(self) -> None:
        super().__init__((), case_sensitive=False)

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(REGISTRY)

    @choices.setter
    def choices(self, value: object) -> None:
        """click.Choice sets its choices when made; these are the registry's."""


def _deck_option_list(bleed_default: str, backs: bool) -> list[Decorator]:
    gutter_fold: Decorator = click.option(
        "--gutter-fold", is_flag=True,
        help="Fronts and backs side by side on one page, to fold (no duplex printer needed).")
    back_options: list[Decorator] = [duplex_option(), offset_option(), gutter_fold] if backs else []
    back_options.append(printer_option())
    return [
        click.option("--format", "fmt", type=FormatChoice(), default="pdf", show_default=True,
                     help="pdf: printable sheets; svg/png: one file per card face (or --sheets); "
                          "tts: Tabletop Simulator deck (images and saved object); pod: one image "
                          "per face for a print-on-demand printer (--pod); pdfx: one PDF/X-1a:2003 "
                          "file for a card printer (DriveThruCards: CMYK, ink <= 240%, a page per "
                          "face, front then back, 1/8 in bleed or --pod's); json: the data, on "
                          "stdout unless -o."),
        click.option("--sheets", is_flag=True, help="svg/png: whole printable pages, not one file per card."),
        paper_option(),
        orientation_option(),
        *back_options,
        bleed_option(bleed_default),
        click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks."),
        click.option("--cut-lines", is_flag=True, help="Draw thin cut lines along the card edges."),
        *cutter_options(),
        dpi_option(),
        pod_option(),
        click.option("--jobs", type=click.IntRange(0, 64), default=0, metavar="N",
                     help="png/svg: render pages in N processes (0: all cores; the files are the "
                          "same whatever N)."),
        click.option("--max-ppi", type=FiniteFloatRange(min=0), default=600.0, show_default=True,
                     help="PDF: pictures finer than this (pixels per inch at their placed size) by more "
                          "than a quarter are resampled to it once (up to 1.25x keep their bytes); "
                          "0 keeps every picture as it is."),
        click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
                     help="Output file (pdf, json; given a folder, or a name without a suffix, the file "
                          "goes in it) or folder/file stem (svg, png, tts). Default: under output/."),
        click.option("--force", is_flag=True, help="Overwrite existing files."),
        click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary."),
        max_cards_option(),
    ]


_NAMES = ("fmt", "sheets", "paper", "orientation", "duplex", "offset", "gutter_fold", "bleed",
          "no_crop_marks", "cut_lines", "dpi", "max_ppi", "output", "force", "quiet", "printer",
          "pod", "jobs", "max_cards", "cutter", "corner_radius", "cut_inset")


_BACK_DEFAULTS = {"duplex": "none", "offset": (0.0, 0.0), "gutter_fold": False, "printer": None}


def deck_options_for(bleed_default: str, *, backs: bool = True, box: bool = False) -> Decorator:
    """The deck options, with the --bleed help saying what this command does without it; a deck
    without backs (`backs=False`) has no --duplex, --offset or --gutter-fold to mislead; a deck that
    can have its box made (`box=True`) has --box and --two-piece (opts.box)."""

    def decorate(func: Callable[..., Any]) -> Callable[..., Any]:
        own = format_flags()

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) if name in kwargs else _BACK_DEFAULTS[name]
                      for name in _NAMES}
            extra = {option.name: kwargs.pop(option.name) for option in own if option.name in kwargs}
            order = box_order(kwargs.pop("box", False), kwargs.pop("two_piece", False))
            return func(*args, opts=replace(options_from(values, given_options(own)), extra=extra, box=order),
                        **kwargs)

        decorated: Callable[..., Any] = wrapper
        for option in reversed([*_deck_option_list(bleed_default, backs), *map(_click_option, own),
                                *(box_options() if box else [])]):
            decorated = option(decorated)
        return decorated

    return decorate


def deck_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """Add the deck options to a click command; the function receives them as `opts: DeckOptions`."""
    return deck_options_for("the template's")(func)


def box_options() -> list[Decorator]:
    """--box and --two-piece: the deck's box beside its sheets (docs/box.md), as `pnpgen box` draws it."""
    return [
        click.option("--box", is_flag=True,
                     help="Also write the deck's box beside its sheets (NAME-box.pdf; with --cutter the machine's "
                          "sheet and a cut file whose folds are a layer of their own): a tuck box sized to the "
                          "cards and their count, or a tray and lid when only those fit the paper (docs/box.md)."),
        click.option("--two-piece", is_flag=True,
                     help="With --box: the box as a tray and a lid (big decks: tarot x 78)."),
    ]


def box_order(box: bool, two_piece: bool) -> BoxOrder | None:
    """The box --box and --two-piece ask for (None: no box); --two-piece alone is refused in one line."""
    if two_piece and not box:
        from generator.core.errors import LayoutError

        raise LayoutError("goes with --box (the deck's box as a tray and a lid)", key="--two-piece")
    return BoxOrder(style="tray" if two_piece else "") if box else None


def report_deck(paths: Sequence[Path], opts: DeckOptions) -> None:
    """The files a deck command wrote, one per line, unless --quiet or --format json (its data may be stdout's)."""
    from generator.cli.common import report_paths

    report_paths(paths, opts.quiet or opts.format == "json")


def format_flags() -> list[FormatOption]:
    """The options the registered formats (and cutters) declare for themselves, each once."""
    from generator.publish.cutters import CUTTER_FORMATS

    found: dict[str, FormatOption] = {}
    for fmt in (*REGISTRY.values(), *CUTTER_FORMATS.values()):
        found.update((option.name, option) for option in fmt.flags if option.name not in found)
    return list(found.values())


def _click_option(option: FormatOption) -> Decorator:
    """A format's own option as a click option (its value by its name)."""
    kind = choice(option.choices) if option.choices else click.STRING
    return click.option(option.flag, option.name, type=kind, default=option.default, metavar=option.metavar,
                        show_default=option.default is not None, help=option.help)


def given_options(own: Sequence[FormatOption] = ()) -> frozenset[str]:
    """The deck options (publish.options.FLAGS names, and the formats' own) given on this command line, not
    left to their defaults: the format they are given to refuses or warns about those it does not read."""
    from click.core import ParameterSource

    from generator.publish.options import FLAGS

    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return frozenset()
    names = {"no_crop_marks": "crop_marks"}
    params = [*((names.get(p, p), p) for p in _NAMES if names.get(p, p) in FLAGS), *((o.name, o.name) for o in own)]
    return frozenset(field for field, param in params
                     if ctx.get_parameter_source(param) not in (None, ParameterSource.DEFAULT))


def options_from(values: dict[str, Any], given: frozenset[str] = frozenset()) -> DeckOptions:
    """DeckOptions from the raw click values (a --printer profile read and applied); `given`: the options
    the command line named (given_options)."""
    opts = DeckOptions(format=values["fmt"], sheets=values["sheets"], paper=values["paper"],
                       orientation=values["orientation"],
                       duplex=None if values["duplex"] == "none" else values["duplex"],
                       offset=values["offset"], gutter_fold=values["gutter_fold"], bleed=values["bleed"],
                       crop_marks=not values["no_crop_marks"], cut_lines=values["cut_lines"],
                       dpi=values["dpi"], output=values["output"], force=values["force"],
                       quiet=values["quiet"], max_ppi=values["max_ppi"],
                       pod=values["pod"], jobs=values["jobs"] or None,
                       max_cards=values["max_cards"], cutter=values["cutter"],
                       corner_radius=values["corner_radius"], cut_inset=values["cut_inset"], given=given)
    return with_printer(opts, values.get("printer"))


def cutter_options() -> list[Decorator]:
    """--cutter MACHINE, --corner-radius MM, --cut-inset MM: print-and-cut sheets (docs/cutting.md)."""
    from generator.scene.cutmarks import CUTTERS

    return [
        click.option("--cutter", type=choice(CUTTERS), default=None, callback=_lower_or_none,
                     help="Print and cut: silhouette (PDF with Studio's marks + SVG and DXF cut files), "
                          "cricut (Print Then Cut PNG images + cut SVG), scanncut (PDF with 4 marks + "
                          "SVG); cards get gaps for the blade and at most 0.625 mm bleed unless --bleed."),
        click.option("--corner-radius", type=FiniteFloatRange(0, 20), default=None, metavar="MM",
                     help="--cutter: radius of the cut path's corners (default: 3 mm for poker-sized "
                          "cards and larger, less for small ones; 0: square corners)."),
        click.option("--cut-inset", type=FiniteFloatRange(0, 5), default=0.0, metavar="MM",
                     help="--cutter: cut this far inside the trim (where bleed is printed, hides a "
                          "small misregistration at the cost of a smaller card)."),
    ]


def _lower_or_none(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    return value.lower() if value else None


def printer_option() -> Decorator:
    """--printer NAME: a profile saved with `pnpgen calibrate --save NAME`."""
    return click.option("--printer", default=None, metavar="NAME",
                        help="Apply a saved printer profile (offset, scale; see pnpgen calibrate "
                             "--save/--list); --offset, if given too, wins.")


def with_printer(opts: DeckOptions, name: str | None) -> DeckOptions:
    """The options with the profile's offset (unless --offset was given, or there are no back
    pages to move) and scale applied; LayoutError for an unknown profile."""
    if not name:
        return opts
    from generator.publish.printers import find_printer

    printer = find_printer(name)
    offset = opts.offset
    if offset == (0.0, 0.0) and opts.duplex and not opts.gutter_fold:
        offset = printer.offset
    return replace(opts, offset=offset, scale=printer.scale, printer=printer.name,
                   measured=(printer.paper, printer.orientation, printer.duplex))


__all__ = ["REPORTER", "ClickReporter", "DeckOptions", "box_options", "box_order", "cutter_options", "deck_options",
           "deck_options_for", "options_from",
           "printer_option", "with_printer"]
