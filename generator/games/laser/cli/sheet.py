"""`pnpgen laser sheet`, the pictures of `laser check --pdf/--png`, and the laser part of the kit (`pnpgen laser
rules` is the shared command line's, from the game's declaration).

generator/games/laser/cli/__init__.py wires these in: `command.add_command(sheet)`, `@check_picture_options`
on its check command (then `write_check_picture(...)` after checking) and `kit_part = laser_kit_part`.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from generator import paths
from generator.cli.common import F, check_outputs, output_options, report_paths, write_file
from generator.cli.gamecli import write_rules
from generator.cli.options import lang_option, paper_option
from generator.games import LANGUAGE_NAMES
from generator.games.laser import GAME

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.check import CheckReport
    from generator.games.laser.rules.model import Layout
    from generator.scene.model import Page

SHEET_FORMATS = ("pdf", "svg", "png")
PNG_DPI = 200
KIT_PLAYERS = 6        # the rulebook's largest game: one sheet per player


@click.command("sheet")
@click.option("--size", default=None, help="Board size COLUMNSxROWS (default 8x7, or the layout's).")
@click.option("--players", type=click.IntRange(1, 50), default=1, show_default=True,
              help="How many sheets (one per player) in the file.")
@lang_option(GAME, "Language of the printed words (the default is the rulebook's).")
@paper_option("Paper size (the sheet is landscape).")
@click.option("--format", "fmt", type=click.Choice(SHEET_FORMATS), default="pdf", show_default=True,
              help="pdf: one file; svg/png: one file per page.")
@click.option("--layout", "layout_file", default=None,
              help="A layout file ('-' for stdin): draw it on the first sheet's left board and add its answer key.")
@click.option("--components", default="beginner", show_default=True,
              help="Set in play shown in the legend: beginner, all, or type names separated by commas "
                   "(with --layout: the layout's types).")
@click.option("--component-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="YAML file of component types (default: the built-in one).")
@output_options
def sheet(size: str | None, players: int, lang: str, paper: str, fmt: str, layout_file: str | None,
          components: str, component_file: Path | None, output: Path | None, force: bool, quiet: bool) -> None:
    """Print laser-circuit game sheets: your circuit and the opponent's, with numbered cannons.

    Each landscape page has both boards (cannon 1 above column 1, numbered clockwise), a shot log
    with one row per cannon, a legend of the components in play and three secret-question slips
    for the multi-player mode. With --layout, the first sheet is the designer's (the layout drawn
    on the left board), then the answer key (every shot, as in the rulebook) and the rules sheet.

    \b
    Examples:
      pnpgen laser sheet --players 2                  # two sheets, Italian, A4
      pnpgen laser sheet --lang en --paper letter --size 10x10
      pnpgen laser sheet --layout circuit.txt -o host.pdf
    """
    from generator.render import write_pages
    from generator.render.write import output_paths

    target = output or paths.default_output("laser", _default_name(lang, fmt, layout_file))
    count = players + (2 if layout_file else 0)          # with a layout: the answer key and the rules sheet
    check_outputs(output_paths(count, fmt, target), force)
    pages = build_sheet_pages(size, players, lang, paper, layout_file, components, component_file)
    written = write_pages(pages, fmt, target, force=force, dpi=PNG_DPI, title=_title(layout_file))
    report_paths(written, quiet)


def _title(layout_file: str | None) -> str:
    return "Laser circuits: designer's sheet" if layout_file else "Laser circuits: game sheets"


def _default_name(lang: str, fmt: str, layout_file: str | None) -> str:
    stem = "laser-designer" if layout_file else "laser-sheet"
    return f"{stem}-{lang}.{fmt}"


def build_sheet_pages(size: str | None, players: int, lang: str, paper: str, layout_file: str | None,
                      components: str, component_file: Path | None) -> list[Page]:
    """The pages of `laser sheet` for these options (errors are PnpErrors)."""
    from generator.core.errors import ParseError
    from generator.games.laser.content import in_play, load_catalog, load_layout, parse_size
    from generator.games.laser.sheets.game_sheet import game_sheets

    layout = load_layout(layout_file, component_file) if layout_file else None
    if layout is not None:
        board = layout.board
        if size is not None and parse_size(size) != board:
            raise ParseError(f"--size {size} but the layout is {board.width}x{board.height}", key="--size")
        chosen = layout.in_play
        assert layout_file is not None      # the layout was read from it
        source = f"layout {Path(layout_file).name if layout_file != '-' else 'from stdin'}"
    else:
        board = parse_size(size or "8x7")
        chosen = in_play(load_catalog(component_file), components)
        source = ""
    return game_sheets(board, chosen, players=players, lang=lang, paper=paper, layout=layout, source=source)


# -- laser check --pdf/--png ------------------------------------------------------------------------
def check_picture_options(func: F) -> F:
    """Add --pdf FILE and --png FILE to a check command; existing files are refused (without --force)
    before the command runs. The command receives `pdf` and `png` (Path or None)."""
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        targets = [p for p in (kwargs.get("pdf"), kwargs.get("png")) if p is not None]
        check_outputs(targets, bool(kwargs.get("force", False)))
        return func(*args, **kwargs)

    wrapper = click.option("--png", type=click.Path(dir_okay=False, path_type=Path), default=None,
                           help="Also draw the verdict as a PNG picture (problem cells marked).")(wrapper)
    wrapper = click.option("--pdf", type=click.Path(dir_okay=False, path_type=Path), default=None,
                           help="Also draw the verdict as a PDF page (problem cells marked).")(wrapper)
    return cast(F, wrapper)      # functools.wraps: the command's own signature, two options more


def write_check_picture(layout_text_or_layout: str | Layout, check_result: CheckReport | None, pdf: Path | None, png: Path | None,
                        force: bool, lang: str = "en") -> list[Path]:
    """Draw a check report (generator.games.laser.rules.check.CheckReport) to PDF and/or PNG; returns the files
    written and names them on stderr (stdout may carry the check's text or JSON)."""
    if pdf is None and png is None:
        return []
    from generator.games.laser.sheets.check_picture import check_picture_pages
    from generator.render import write_pages

    check_outputs([p for p in (pdf, png) if p is not None], force)
    report = check_result if check_result is not None else _checked(layout_text_or_layout)
    pages = check_picture_pages(report, lang=lang, source=_layout_source(report.layout))
    written: list[Path] = []
    if pdf is not None:
        written += write_pages(pages, "pdf", pdf, force=force, title="Laser layout check")
    if png is not None:
        written += write_pages(pages[:1], "png", png, force=force, dpi=PNG_DPI)
    for path in written:
        click.echo(f"wrote {path}", err=True)
    return written


def _checked(layout_text_or_layout: str | Layout) -> CheckReport:
    """A CheckReport of a layout given as a Layout or as its text."""
    from generator.games.laser.rules.check import check

    layout = layout_text_or_layout
    if isinstance(layout, str):
        from generator.games.laser.content import load_catalog
        from generator.games.laser.rules.notation import parse_layout

        layout = parse_layout(layout, load_catalog(None))
    return check(layout)


def _layout_source(layout: Layout) -> str:
    """The layout's text form on one line, for the footer."""
    from generator.games.laser.rules.notation import format_layout

    return " / ".join(format_layout(layout).rstrip("\n").split("\n"))


# -- the kit ----------------------------------------------------------------------------------------
def laser_kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """Game sheets for a six-player game (one per player), the rules sheet, one fair layout (text) and its
    host sheet (designer's sheet and answer key) in laser/host/, in `lang` (default Italian), and the puzzle
    book. The layout comes from the kit seed's "laser-layout" derivation, the code on the host sheet:
    `pnpgen laser generate --seed CODE` gives the same layout; the host's file names carry no code. The book has
    its own short public code."""
    from generator.core.codes import format_seed
    from generator.core.rng import derive_key, derive_seed, make_rng
    from generator.games.laser.content import load_catalog
    from generator.games.laser.rules.generate import generate_fair
    from generator.games.laser.rules.model import Board
    from generator.games.laser.rules.notation import format_layout
    from generator.games.laser.sheets.game_sheet import game_sheets
    from generator.render import write_pages
    from generator.scene.footer import seed_words

    lang = GAME.kit_language(lang)
    folder = Path(out_dir) / "laser"
    sheets_path = folder / f"laser-sheets-{lang}.pdf"
    rules_path = folder / f"laser-rules-{lang}.pdf"
    code = derive_key(seed, "laser-layout")         # a secret code: 74 random bits
    shown = format_seed(code)
    layout_path = folder / "host" / "laser-layout.txt"
    host_path = folder / "host" / "laser-host.pdf"
    check_outputs([sheets_path, rules_path, layout_path, host_path], force)
    chosen = load_catalog().beginner()
    board = Board()
    layout = generate_fair(make_rng(code, "laser", "generate"), board, chosen, 0)   # as `laser generate` draws
    text = f"# fair layout for the laser-circuit game (pnpgen laser generate --seed {shown})\n" + format_layout(layout)
    sheets = game_sheets(board, chosen, players=KIT_PLAYERS, lang=lang, paper=paper)
    host = game_sheets(board, chosen, lang=lang, paper=paper, layout=layout, source=seed_words(shown, lang))
    language = LANGUAGE_NAMES[lang]   # the kit index's descriptions are English; the sheets are in `lang`
    return [
        (write_pages(sheets, "pdf", sheets_path, force=force, title="Laser circuits: game sheets")[0],
         f"Laser circuits: {KIT_PLAYERS} game sheets, one per player for a game of up to {KIT_PLAYERS} (both boards, "
         f"shot log, how-to-play box, legend, secret slips; print only as many as there are players), {language}"),
        *[(path, f"Laser circuits: the rules sheet, one page, {language}")
          for path in write_rules(GAME, rules_path, lang, paper, force)],
        (write_file(layout_path, text, force),
         f"Laser circuits: a fair layout for the host, text form; code {shown}: `pnpgen laser generate --seed {shown}` "
         "gives it again"),
        (write_pages(host, "pdf", host_path, force=force, title="Laser circuits: designer's sheet")[0],
         f"Laser circuits: that layout on a designer's sheet, its answer key and the rules sheet, for the host "
         f"(code {shown}), {language}"),
        *_kit_puzzle_book(out_dir, derive_seed(seed, "laser-puzzles"), paper, force, lang),
    ]


def _kit_puzzle_book(out_dir: Path, seed: int, paper: str, force: bool, lang: str) -> list[tuple[Path, str]]:
    """The puzzle book for one player (12 puzzles, levels 1-4) from its own code `seed` (the kit seed's
    "laser-puzzles" derivation, which reaches no other product): see cli/puzzles.py."""
    from generator.games.laser.cli.puzzles import kit_puzzle_book

    return kit_puzzle_book(out_dir, seed, paper, force, lang)
