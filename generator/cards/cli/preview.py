"""`pnpgen preview DATA TEMPLATE`: a live preview of a deck in the browser, redrawn on every save."""

from __future__ import annotations

import functools
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cli.options import bleed_option, duplex_option, paper_option

if TYPE_CHECKING:   # pragma: no cover
    from generator.cards.preflight import Finding


@click.command()
@click.argument("data")
@click.argument("template", required=False)
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1 (0: a free one).")
@click.option("--no-open", is_flag=True, help="Do not open the browser; just print the address.")
@paper_option("Paper size for the print button and the last-sheet warning.")
@duplex_option(help="Backs for the print button: long- or short-edge flip, or none.")
@bleed_option("the template's")
@click.option("--backs", metavar="FILE_OR_DIR", default=None,
              help="An image folder (no TEMPLATE): one back for every card, or a folder of backs paired by name.")
@click.option("--card", metavar="SIZE", default=None,
              help="An image folder (no TEMPLATE): the card size (as pnpgen images --card). Default: read from the images.")
def command(data: str, template: str | None, port: int, no_open: bool, paper: str, duplex: str,
            bleed: float | None, backs: str | None, card: str | None) -> None:
    """Show every card of DATA laid out by TEMPLATE in the browser, and redraw it on every save.

    DATA alone, a folder of card images (or a glob or list file, as `pnpgen images` reads
    them), previews those images as cards: a new, changed or removed picture redraws them.

    The address is printed at once and the page fills in as the cards are drawn. The page (on
    127.0.0.1 only) shows each card's face and back as it will print (the SVG backend), with
    overlays for the trim, the bleed, the safe area and each element's box (hover for its id, kind
    and box in mm), and preflight warnings under each card. Saving the data, the template, a
    template it extends, a picture or a font redraws the cards that changed within about half a
    second, once the save has settled (a spreadsheet half written keeps the last good cards). A
    card's error shows in place of that card; a broken data file or template shows in a banner above
    the last good cards. Filters: ?card=12,
    ?q=name, or the dropdown. The print button writes the PDF under output/. Ctrl-C stops it.

    \b
    Examples:
      pnpgen preview example example
      pnpgen preview deck.yaml layout.yaml --port 8765 --no-open
      pnpgen preview scans/ --backs back.png --card standard   # a folder of card images
    """
    from generator.preview.deck import LiveDeck
    from generator.preview.page import page
    from generator.preview.server import PreviewServer
    from generator.publish import DeckOptions

    opts = DeckOptions(format="pdf", paper=paper, duplex=None if duplex == "none" else duplex, bleed=bleed,
                       quiet=True)
    findings = functools.partial(deck_findings, opts=opts)
    deck: LiveDeck
    if template is None:
        from generator.preview.images import images_live_deck
        from generator.publish.imagedeck import ImageChoice

        deck, printer = images_live_deck(ImageChoice(data, backs, card), opts, fresh_image_loader(), findings,
                                         free_path)
    else:
        if backs or card:
            raise click.UsageError("--backs and --card are for an image folder (DATA alone, no TEMPLATE)")
        deck = LiveDeck(data, template, bleed=bleed, image_loader=fresh_image_loader(), deck_findings=findings)
        printer = functools.partial(print_pdf, deck, data, template, opts, set())
    try:
        server = PreviewServer(deck, page(), printer, port=port)
    except OSError as err:
        raise click.ClickException(f"cannot listen on 127.0.0.1:{port}: {err.strerror}") from None
    serve(deck, server, open_browser=not no_open)


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
            click.echo(f"pnpgen preview: {len(deck.cards)} cards drawn in {time.perf_counter() - start:.1f} s")
            if deck.error:
                click.echo(f"pnpgen: error: {deck.error}", err=True)
            watch(deck.files, lambda changed: _redraw(deck, changed), stop, getattr(deck, "folders", None))
        finally:
            stop.set()

    run(server, "preview", open_browser, work)


def _redraw(deck: Any, changed: set[Path]) -> None:
    start = time.perf_counter()
    cards = deck.refresh()
    names = ", ".join(sorted(p.name for p in changed))
    took = (time.perf_counter() - start) * 1000
    if deck.error:
        click.echo(f"{time.strftime('%H:%M:%S')} {names}: pnpgen: error: {deck.error}", err=True)
    else:
        errors = sum(1 for c in deck.cards if c.error)
        extra = f", {errors} with errors" if errors else ""
        click.echo(f"{time.strftime('%H:%M:%S')} {names}: {len(cards)} cards redrawn in {took:.0f} ms{extra}")


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


def print_pdf(deck: Any, data: str, template: str, opts: Any, written: set[Path]) -> dict[str, Any]:
    """The print button: the PDF of the deck as it is now, under output/, never over a file this
    preview did not write itself (then NAME-2.pdf, NAME-3.pdf, ...)."""
    from dataclasses import replace

    from generator import paths
    from generator.cards.records import resolve_data
    from generator.cli.deck import REPORTER
    from generator.core.errors import PnpError
    from generator.publish.carddeck import deck_stem, make_deck

    if deck.error or any(card.error for card in deck.cards):
        return {"error": "fix the errors first (they are shown in place of the cards)"}
    try:
        stem = deck_stem(resolve_data(data))
        target = free_path(paths.default_output(f"{stem}.pdf"), written)
        make_deck(data, template, replace(opts, output=target, own=frozenset(written)), reporter=REPORTER)
    except PnpError as err:
        return {"error": str(err)}
    written.add(target)
    return {"path": str(target)}


def free_path(path: Path, written: set[Path]) -> Path:
    candidate, n = path, 1
    while candidate.exists() and candidate not in written:
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate
