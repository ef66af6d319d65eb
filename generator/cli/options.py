"""The one declaration of the options every printing command shares, built from the registries.

`--paper` comes from scene.papers.PAPERS (card sizes are parsed by scene.papers too); choices are
case-insensitive (`--paper A4` works) and arrive lower-case. Commands pick what they print with:
`paper_option`, `orientation_option`, `duplex_option`, `offset_option`, `bleed_option`, `dpi_option`,
`lang_option(...)` and the output trio in generator.cli.common.output_options.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import click

from generator.scene.layout import OFFSET_MAX  # mm: --offset's limit is the layout's
from generator.scene.papers import PAPERS, paper_name

if TYPE_CHECKING:  # pragma: no cover - typing only
    from generator.games import Game

F = TypeVar("F", bound=Callable[..., Any])


class Decorator(Protocol):
    """What click.option(...) gives: a decorator returning the command function it was given."""

    def __call__(self, func: F, /) -> F: ...


def choice(values: Sequence[str]) -> click.Choice[str]:
    """A case-insensitive choice among registry names."""
    return click.Choice(list(values), case_sensitive=False)


def _lower(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


class PaperType(click.ParamType[str]):
    """A paper of the PAPERS registry (any case) or WxH in mm; arrives as its canonical name."""

    name = "paper"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(PAPERS) + "|WxH]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from generator.core.errors import LayoutError

        try:
            return paper_name(str(value))
        except LayoutError as err:
            self.fail(str(err), param, ctx)


def paper_option(help: str = "Paper size.") -> Decorator:
    """--paper a4|letter|a3|a5|legal|tabloid (the PAPERS registry) or WxH in mm."""
    from generator.core.numbers import format_number

    sizes = ", ".join(f"{n} {format_number(w)}x{format_number(h)}" for n, (w, h) in PAPERS.items())
    return click.option("--paper", type=PaperType(), default="a4", show_default=True,
                        help=f"{help.rstrip('.')}: {sizes} mm, or any WxH in mm.")


def orientation_option(*, auto: bool = True, help: str | None = None) -> Decorator:
    """--orientation [auto|]portrait|landscape."""
    values = ["auto", "portrait", "landscape"] if auto else ["portrait", "landscape"]
    text = help or ("Paper orientation (auto: whichever holds more cards)." if auto
                    else "Page orientation: the one your card sheets use.")
    return click.option("--orientation", type=choice(values), default=values[0], show_default=True,
                        callback=_lower, help=text)


def duplex_option(*, allow_none: bool = True, help: str | None = None) -> Decorator:
    """--duplex long|short[|none]: how the printer turns the sheet."""
    values = ["long", "short", "none"] if allow_none else ["long", "short"]
    text = help or ("Backs after each sheet of fronts, for a long- or short-edge flip; none: no backs."
                    if allow_none else "How your printer turns the sheet: long-edge or short-edge flip.")
    return click.option("--duplex", type=choice(values), default="long", show_default=True,
                        callback=_lower, help=text)


class FiniteFloatRange(click.FloatRange):
    """A FloatRange that refuses nan and infinity (which compare false with every bound)."""

    name = "finite float range"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number", param, ctx)
        return number


def _parse_offset(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[float, float]:
    """--offset X,Y in mm, as read on the calibration sheet (its minus sign "−" is accepted)."""
    from generator.core.errors import LayoutError
    from generator.scene.imposition import parse_offset

    try:
        x, y = parse_offset(value)
    except LayoutError:
        raise click.BadParameter(f"expected X,Y in mm (e.g. 0.5,-1), not {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter(f"{value!r}: X and Y must be finite numbers of mm (e.g. 0.5,-1)")
    if max(abs(x), abs(y)) > OFFSET_MAX:
        raise click.BadParameter(f"{value!r}: at most {OFFSET_MAX:.0f} mm either way")
    return x, y


def offset_option() -> Decorator:
    """--offset X,Y: the back-page shift measured with `pnpgen calibrate`."""
    return click.option("--offset", default=None, metavar="X,Y", callback=_parse_offset,
                        help="Shift back pages by X,Y mm to correct a printer (see pnpgen calibrate).")


def bleed_option(default_text: str) -> Decorator:
    """--bleed MM; `default_text` says truthfully what happens without it."""
    return click.option("--bleed", type=FiniteFloatRange(0, 20), default=None, metavar="MM",
                        help=f"Bleed around each card in mm (default: {default_text}).")


def dpi_option(default: float | None = None, *, low: float = 30, high: float = 1200,
               help: str = "PNG/TTS resolution (default 300; TTS lowers it to stay within 4096 px).") -> Decorator:
    """--dpi N for raster output."""
    return click.option("--dpi", type=FiniteFloatRange(low, high), default=default,
                        show_default=default is not None, help=help)


def max_cards_option() -> Decorator:
    """--max-cards N: the limit on cards (and, in proportion, pages) a run (generator.core.limits)."""
    from generator.core.limits import CARDS_CEILING, MAX_CARDS

    return click.option("--max-cards", type=click.IntRange(1, CARDS_CEILING), default=None, metavar="N",
                        help=f"Refuse runs of more than N cards (default {MAX_CARDS:,}); raise it for "
                             f"a really big deck.")


def lang_option(game: Game, help: str) -> Decorator:
    """--lang among the languages the game declares (case-insensitive); the default is its rulebook's."""
    return click.option("--lang", type=choice(game.languages), default=game.default_language, show_default=True,
                        callback=_lower, help=help)


