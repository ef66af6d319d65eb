"""`pnpgen preview DATA TEMPLATE`: a live preview of a deck in the browser, redrawn on every save."""

from __future__ import annotations

import functools
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cards.cli.linked import allow_outside_option, link_options, local_data, sheet_option, start_polling
from generator.cli.deck import deck_options
from generator.publish import DeckOptions
from generator.publish.carddeck import count_cards

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.preflight import Finding


@click.command()
@click.argument("data")
@click.argument("template", required=False)
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1 (0: a free one).")
@click.option("--no-open", is_flag=True, help="Do not open the browser; just print the address.")
@click.option("--backs", metavar="FILE_OR_DIR", default=None,
              help="An image folder (no TEMPLATE): one back for every card, or a folder of backs paired by name.")
@click.option("--card", metavar="SIZE", default=None,
              help="An image folder (no TEMPLATE): the card size (as pnpgen images --card). Default: read from the images.")
@allow_outside_option
@sheet_option
@link_options
@deck_options
def command(data: str, template: str | None, port: int, no_open: bool, backs: str | None, card: str | None,
            allow_outside_files: bool, sheet: str | None, refresh: bool, poll: float, opts: DeckOptions) -> None:
    """Show every card of DATA laid out by TEMPLATE in the browser, and redraw it on every save.

    DATA alone, a folder of card images (or a glob or list file, as `pnpgen images` reads
    them), previews those images as cards: a new, changed or removed picture redraws them. DATA
    may be a link, as in `pnpgen cards` (a CSV/XLSX URL or a Google Sheets link): it is
    downloaded again every --poll seconds while the page is open, and the cards are redrawn when
    it changed.

    The address is printed at once and the page fills in as the cards are drawn. The page (on
    127.0.0.1 only) shows each card's face and back as it will print (the SVG backend), with
    overlays for the trim, the bleed, the safe area and each element's box (hover for its id, kind
    and box in mm), and preflight warnings under each card. Saving the data, the template, a
    template it extends, a picture or a font redraws the cards that changed within about half a
    second, once the save has settled (a spreadsheet half written keeps the last good cards). A
    card's error shows in place of that card; a broken data file or template shows in a banner above
    the last good cards. Filters: ?card=12,
    ?q=name, or the dropdown. The print button writes what `pnpgen cards` writes with the same
    options (--format, --paper, --duplex, --printer, --offset, --cutter, --gutter-fold, -o...;
    without -o a PDF under output/, never over a file the preview did not write). Ctrl-C stops it.

    \b
    Examples:
      pnpgen preview example example
      pnpgen preview deck.yaml layout.yaml --port 8765 --no-open
      pnpgen preview deck.xlsx layout.yaml --sheet Spells --printer office --duplex short
      pnpgen preview scans/ --backs back.png --card standard   # a folder of card images
    """
    from dataclasses import replace

    from generator.preview.deck import LiveDeck
    from generator.preview.page import page
    from generator.preview.server import PreviewServer

    opts = replace(opts, quiet=True)
    findings = functools.partial(deck_findings, opts=opts)
    deck: LiveDeck
    poller = None
    if template is None:
        from generator.preview.images import images_live_deck
        from generator.publish.imagedeck import ImageChoice

        if sheet or refresh:
            raise click.UsageError("--sheet and --refresh are for a DATA file with a TEMPLATE")
        deck, printer = images_live_deck(ImageChoice(data, backs, card), opts, fresh_image_loader(), findings)
    else:
        if backs or card:
            raise click.UsageError("--backs and --card are for an image folder (DATA alone, no TEMPLATE)")
        local = local_data(data, sheet, refresh)
        deck = LiveDeck(local, template, bleed=opts.bleed, image_loader=fresh_image_loader(), deck_findings=findings,
                        sheet=sheet, allow_outside=allow_outside_files)
        deck.pdfx = opts.format == "pdfx"
        printer = functools.partial(print_deck, deck, local, template, opts, set())
    from generator.preview.printing import print_label

    deck.print_label = print_label(opts)
    try:
        server = PreviewServer(deck, page(), printer, port=port)
    except OSError as err:
        raise click.ClickException(f"cannot listen on 127.0.0.1:{port}: {err.strerror}") from None
    if template is not None:
        poller = start_polling(data, str(deck.data), sheet, poll, active=server.has_viewers)
    try:
        serve(deck, server, open_browser=not no_open)
    finally:
        if poller is not None:
            poller.stop()


def serve(deck: Any, server: Any, open_browser: bool) -> None:
    """Serve until Ctrl-C, redrawing the deck after each save of one of its files (the address is
    printed at once: the cards fill in as drawn)."""
    from generator.cards.cli.watch import watch
    from generator.cli.serving import run

    stop = threading.Event()

    def work() -> None:
        try:
            start = time.perf_counter()
            deck.refresh(progressive=True)
            click.echo(f"pnpgen preview: {count_cards(len(deck.cards))} drawn in {time.perf_counter() - start:.1f} s")
            if deck.error:
                click.echo(f"pnpgen: error: {deck.error}", err=True)
            watch(deck.files, lambda changed: _redraw(deck, changed), stop, getattr(deck, "folders", None))
        finally:
            stop.set()

    run(server, "preview", open_browser, work)


def _redraw(deck: Any, changed: set[Path]) -> None:
    start = time.perf_counter()
    redrawn = deck.refresh()
    names = ", ".join(sorted(p.name for p in changed))
    took = (time.perf_counter() - start) * 1000
    if deck.error:
        click.echo(f"{time.strftime('%H:%M:%S')} {names}: pnpgen: error: {deck.error}", err=True)
    else:
        errors = sum(1 for c in deck.cards if c.error)
        extra = f", {errors} with errors" if errors else ""
        click.echo(f"{time.strftime('%H:%M:%S')} {names}: {count_cards(len(redrawn))} redrawn in {took:.0f} ms{extra}")


def fresh_image_loader() -> Any:
    """Path -> PNG bytes, read again whenever the file changes (the CLI's loader caches by path only)."""
    from generator.publish.images import load_image

    convert = getattr(load_image, "__wrapped__", load_image)

    @functools.lru_cache(maxsize=128)
    def load(path: Path, stamp: tuple[int, int]) -> bytes:
        return convert(path)

    def loader(path: Path) -> bytes:
        try:
            st = Path(path).stat()
            stamp = (st.st_mtime_ns, st.st_size)
        except OSError:
            stamp = (0, -1)
        return load(Path(path), stamp)

    return loader


def deck_findings(count: int, design: Any, opts: Any) -> list[Finding]:
    """The deck-wide preflight warnings for the print button's options (last sheet mostly empty), and
    the spreadsheet's formula cells saved without a value."""
    from generator.cards.formulas import formula_findings
    from generator.cards.preflight import check_deck
    from generator.core.errors import LayoutError
    from generator.publish import sheet_spec
    from generator.scene.layout import cards_per_sheet

    try:
        per = cards_per_sheet(sheet_spec(design.card_size, design.bleed, opts))
    except LayoutError:
        per = None
    return formula_findings(design.data_file) + check_deck(count, design.template.file, per_sheet=per)


def print_deck(deck: Any, data: str, template: str, opts: DeckOptions, written: set[Path]) -> dict[str, Any]:
    """The print button: what `pnpgen cards DATA TEMPLATE` writes with the preview's options, from the deck
    as it is now."""
    from generator.cards.records import resolve_data
    from generator.cli.deck import REPORTER
    from generator.core.errors import PnpError
    from generator.preview.printing import print_options, printed
    from generator.publish.carddeck import deck_stem, make_deck

    if deck.error or any(card.error for card in deck.cards):
        return {"error": "fix the errors first (they are shown in place of the cards)"}
    try:
        stem = deck_stem(resolve_data(data))
        paths = make_deck(data, template, print_options(opts, stem, written), sheet=deck.sheet,
                          allow_outside=deck.allow_outside, reporter=REPORTER)
    except PnpError as err:
        return {"error": str(err)}
    return printed(paths, written)
