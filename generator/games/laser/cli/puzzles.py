"""`pnpgen laser puzzles`, `pnpgen laser puzzle CODE` and `pnpgen laser assist`, and the kit's puzzle book.

generator/games/laser/cli/__init__.py wires these in with `command.add_command(...)`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator import paths
from generator.cli.common import check_outputs, emit_json, resolve_seed, seed_option
from generator.cli.options import lang_option, paper_option
from generator.games.laser import GAME

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.assist import Advice
    from generator.games.laser.rules.engine import Engine
    from generator.games.laser.rules.model import Board, ComponentSet, Observation
    from generator.games.laser.rules.puzzle import Puzzle
    from generator.scene.model import Page

Made = list[tuple[int, "Puzzle", str]]     # (number, puzzle, code) of each puzzle made

KIT_COUNT = 12
KIT_LEVELS = (1, 2, 3)    # on the 8x7 sheet board; level 4 takes about 1.5 s CPU there, level 5 its own 4x4
PNG_DPI = 150


def _level_range(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, ...]:
    from generator.core.errors import ParseError

    text = str(value).replace("-", "..")
    low, sep, high = text.partition("..")
    try:
        first, last = int(low), int(high if sep else low)
    except ValueError:
        raise ParseError(f"give a level 1-5 or a range such as 1..5, not {value!r}", key="--level") from None
    if not 1 <= first <= last <= 5:
        raise ParseError(f"levels run from 1 to 5, not {value!r}", key="--level")
    return tuple(range(first, last + 1))


@click.command("puzzles")
@click.option("--count", type=click.IntRange(1, 500), default=12, show_default=True, help="How many puzzles.")
@click.option("--level", default="3", show_default=True, callback=_level_range,
              help="Level 1 (gentle) to 5 (fiendish), or a range such as 1..5 (spread evenly, easiest first). "
                   "Levels 1-3 are solved reading one shot at a time; at level 4 that stalls once and one "
                   "pair of shots read together finishes it, at level 5 no single pair does (several, or a "
                   "supposition).")
@seed_option(help="Seed (same seed, same book); one is chosen and printed if omitted.")
@click.option("--size", default=None,
              help="Board size, COLUMNSxROWS, for every level [default: 8x7; level 5: 4x4, a board "
                   "where reading one shot at a time stalls twice often enough to search for it].")
@click.option("--components", default="beginner", show_default=True,
              help="Set in play: beginner, all, or type names separated by commas.")
@click.option("--minimal", is_flag=True, help="Only puzzles with no spare shot (removing any makes it ambiguous); from level 2.")
@click.option("--work", type=click.IntRange(1, 10**9), default=None, metavar="UNITS",
              help="Work budget of each puzzle (propagation runs, grades, pair readings, exact searches: "
                   "counted, not timed, so a seed gives the same book anywhere); a search that spends it ends "
                   "in an error, and one below what a level-1-3 puzzle on its board can take is refused before "
                   "any search [default: 100000 for levels 1-3, 200000 for level 4, 500000 for level 5].")
@paper_option("Paper size of the book's pages.")
@lang_option(GAME, "Language of the book (the components keep the game sheet's names).")
@click.option("--booklet", type=click.Choice(["a5"]), default=None,
              help="A5 pages imposed two per A4 landscape sheet, in booklet order (print both sides, fold).")
@click.option("--format", "fmt", type=click.Choice(["pdf", "png", "json", "text"]), default="pdf", show_default=True,
              help="pdf: the book; png: one file per page; json/text: the puzzles as data.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (default: output/laser/laser-puzzles-seedN.pdf; json/text: stdout).")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
@click.option("-q", "--quiet", is_flag=True, help="No seed announcement, progress bar or list of files written.")
def puzzles(count: int, level: tuple[int, ...], seed: int | None, size: str | None, components: str, minimal: bool,
            work: int | None, paper: str, lang: str, booklet: str | None, fmt: str, output: Path | None, force: bool,
            quiet: bool) -> None:
    """Laser puzzles for one player: a few shots, exactly one layout fits them; find it.

    Every puzzle is proved to have one solution by the exact solver and graded by a tiered solver
    that reasons as a person does (one shot, two shots together, supposing, deeper search). The
    book (in --lang: it, the rulebook's, en, fr or pt) has a cover with how to play, one page per
    puzzle, a blank page, then one solution per page, upside down, with the order in which it can be
    deduced: printed duplex, no puzzle is backed by a solution, and checking one answer shows no other.
    Each puzzle has a code that `pnpgen laser puzzle CODE` reprints.

    \b
    Examples:
      pnpgen laser puzzles --count 12 --level 1..5 --seed 7 -o book.pdf
      pnpgen laser puzzles --count 20 --level 3 --booklet a5 --seed 1 --lang en
      pnpgen laser puzzles --count 3 --level 4 --format json
    """
    from generator.games.laser.content import in_play, load_catalog, parse_size

    catalog = load_catalog()
    chosen = in_play(catalog, components)
    from generator.games.laser.rules.puzzle import DEFAULT_HARD

    board = parse_size(size or "8x7")
    hard_boards = {level: parse_size(size or text) for level, text in DEFAULT_HARD.items()}
    from generator.publish.documents import refuse_target, wants_target, writes_data

    seed = resolve_seed(seed, quiet=quiet or (writes_data(fmt) and output is None))
    target = output or (paths.default_output("laser", f"laser-puzzles-seed{seed}.{fmt}") if wants_target(fmt) else None)
    refuse_target(fmt, target, force)           # before the search, which takes a while
    if wants_target(fmt):                  # pages: a paper too small for a puzzle page, refused before the work
        from generator.games.laser.sheets.booklet import page_size

        page_size(paper, booklet)
    made = make_puzzles(board, chosen, catalog, seed, count, level, minimal, hard_boards, quiet=quiet, work=work)
    from generator.scene.footer import seed_words

    _write_book(made, chosen, catalog, board, (paper, booklet), fmt, target, force, seed_words(seed, lang), lang,
                quiet)


def level_plan(count: int, levels: tuple[int, ...]) -> list[int]:
    """`count` levels spread evenly over the range, easiest first."""
    return [levels[k * len(levels) // count] for k in range(count)]


def make_puzzles(board: Board, chosen: ComponentSet, catalog: ComponentSet, seed: int, count: int,
                 levels: tuple[int, ...], minimal: bool, boards: dict[int, Board] | None = None,
                 quiet: bool = True, work: int | None = None) -> Made:
    """[(number, Puzzle, code)] from one seeded stream per puzzle; a level in `boards` on that board
    (levels 4-5 on their default boards, puzzle.DEFAULT_HARD), each within `work` units (puzzle.WORK by
    default); a progress bar on stderr unless quiet, from the first puzzle when one is on a board bigger
    than the game's own (seconds to a minute each: docs/laser.md)."""
    from generator.cli.common import progress
    from generator.core.rng import make_rng
    from generator.games.laser.rules.code import encode
    from generator.games.laser.rules.generate import check_fits
    from generator.games.laser.rules.model import Board
    from generator.games.laser.rules.puzzle import check_level, check_work, generate_puzzle, seldom

    plan = level_plan(count, levels)
    on_board = {level: (boards or {}).get(level, board) for level in plan}
    for level in sorted(on_board):              # every refusal before the first puzzle is searched for
        check_level(level, minimal, len(chosen))
        check_fits(on_board[level], len(chosen))
        check_work(level, on_board[level], work)
    for level in sorted(on_board):               # then what is known to be unlikely, before the search
        reason = seldom(level, on_board[level], len(chosen))
        if reason is not None:
            click.echo(f"pnpgen: note: {reason}", err=True)
    slow = any(on.cells > Board().cells for on in on_board.values())

    def show(item: tuple[int, int] | None) -> str | None:
        return None if item is None else (f"puzzle {item[0]}, level {item[1]} on "
                                          f"{on_board[item[1]].width}x{on_board[item[1]].height}")

    made: Made = []
    with progress(list(enumerate(plan, start=1)), "puzzles", quiet, threshold=1 if slow else 4, show=show) as bar:
        for number, level in bar:
            rng = make_rng(seed, "laser", "puzzle", str(number))
            on = on_board[level]
            puzzle = generate_puzzle(rng, on, chosen, level, minimal, work=work)
            made.append((number, puzzle, encode(puzzle.layout, puzzle.cannons, catalog)))
    return made


def puzzles_json(made: Made, catalog: ComponentSet) -> dict[str, Any]:
    from generator.games.laser.rules.notation import format_layout, format_observation

    return {"puzzles": [
        {"code": code, "level": puzzle.level,
         "board": {"columns": puzzle.layout.board.width, "rows": puzzle.layout.board.height},
         "components": list(puzzle.layout.in_play.names),
         "observation": format_observation(puzzle.observation),
         "solution": format_layout(puzzle.layout)}
        for _, puzzle, code in made]}


def puzzles_text(made: Made, catalog: ComponentSet) -> str:
    from generator.games.laser.rules.engine import engine_for
    from generator.games.laser.rules.notation import format_layout, format_observation
    from generator.games.laser.rules.words import deduction_order, shot_hits

    blocks = []
    for number, puzzle, code in made:
        board = puzzle.layout.board
        engine = engine_for(board, puzzle.layout.in_play)
        spare = "no spare shot" if puzzle.minimal else "with spare shots"
        blocks.append("\n".join([
            f"# puzzle {number}: level {puzzle.level} (tier {puzzle.tier}, {spare}), code {code}",
            f"# board {board.width}x{board.height}; in play: {', '.join(puzzle.layout.in_play.names)}",
            "# shots given (feed them to `pnpgen laser solve` or `assist`):",
            format_observation(puzzle.observation).rstrip("\n"),
            "# solution:",
            *("# " + line for line in format_layout(puzzle.layout).rstrip("\n").split("\n")),
            "# how it can be deduced:",
            *("#   " + line for line in deduction_order(
                engine, puzzle.grade, hits=shot_hits(engine.results(engine.cells_of(puzzle.layout))),
                every=puzzle.level >= 4))]))
    return "\n\n".join(blocks) + "\n"


def book_pages(made: Made, chosen: ComponentSet, board: Board, paper: str, booklet: str | None, source: str,
               lang: str = GAME.default_language) -> list[Page]:
    from generator.games.laser.sheets.book_marks import BookPuzzle
    from generator.games.laser.sheets.booklet import booklet_pages

    items = [BookPuzzle(number, puzzle, code) for number, puzzle, code in made]
    return booklet_pages(items, chosen, board, paper, booklet, source, lang)


def book_title(lang: str) -> str:
    """The book's title in `lang` (the PDF's metadata and its footers)."""
    from generator.games.laser.sheets.labels import load_labels

    return load_labels(lang)["book_title"]


def _write_book(made: Made, chosen: ComponentSet, catalog: ComponentSet, board: Board, paper: tuple[str, str | None],
                fmt: str, target: Path | None, force: bool, source: str, lang: str, quiet: bool = False) -> None:
    """The puzzles in `fmt`: the book's pages (pdf, png), or as data (json, text; stdout without a target)."""
    from generator.cli.common import report_paths
    from generator.cli.deck import REPORTER
    from generator.publish.documents import Document, write_document, writes_data

    doc = Document(book_title(lang), lambda _whole: book_pages(made, chosen, board, paper[0], paper[1], source, lang),
                   data=lambda: puzzles_json(made, catalog), text=lambda: puzzles_text(made, catalog), dpi=PNG_DPI)
    report_paths(write_document(doc, fmt, target, force, REPORTER), quiet or writes_data(fmt))


@click.command("puzzle")
@click.argument("code")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "pdf", "png"]), default="text", show_default=True,
              help="text/json: the puzzle as data; pdf/png: a one-puzzle book.")
@paper_option("Paper size (pdf/png).")
@lang_option(GAME, "Language of the one-puzzle book (pdf/png).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Output file (default stdout for text/json, output/laser/laser-puzzle-CODE.pdf otherwise).")
@click.option("--force", is_flag=True, help="Overwrite existing files.")
def puzzle(code: str, fmt: str, paper: str, lang: str, output: Path | None, force: bool) -> None:
    """Reprint one puzzle from its CODE (as printed on every puzzle page).

    The code holds the puzzle exactly (board, components, layout, given cannons) with two check
    characters: no single wrong, doubled, dropped or swapped character reads as another puzzle, and
    the board size is checked against the code too; the level is graded again. Old codes (versions
    1-2) still reprint, with a note that says when their level changed.

    \b
    Example:
      pnpgen laser puzzle 8x7-08REW-5P6R4-EV3ZH-GZ-G6 --format json
      pnpgen laser puzzle 8x7-08REW-5P6R4-EV3ZH-GZ-G6 --format pdf --lang fr
    """
    from generator.games.laser.content import load_catalog
    from generator.games.laser.rules.code import VERSION, code_version, decode, encode
    from generator.games.laser.rules.puzzle import analyse
    from generator.games.laser.sheets.labels import load_labels

    catalog = load_catalog()
    layout, cannons = decode(code, catalog)
    version = code_version(code, catalog)
    graded = analyse(layout, cannons)
    if version != VERSION:
        click.echo(old_code_note(version, graded), err=True)
    from generator.publish.documents import refuse_target, wants_target

    made = [(1, graded, encode(layout, cannons, catalog))]
    target = output or (paths.default_output("laser", f"laser-puzzle-{made[0][2]}.{fmt}") if wants_target(fmt) else None)
    refuse_target(fmt, target, force)
    source = load_labels(lang).fill("book_code", code=made[0][2])
    _write_book(made, layout.in_play, catalog, layout.board, (paper, None), fmt, target, force, source, lang)


def old_code_note(version: int, graded: Puzzle) -> str:
    """The note a reprinted old code gets: what its check missed, and its level when that changed."""
    from generator.games.laser.rules.code import OLD_VERSION
    from generator.games.laser.rules.puzzle import level_before

    if version == OLD_VERSION:
        return ("note: an old code (version 1): its check does not cover the board size, so check the size "
                f"against the page; books of that version graded levels differently, so the page may show "
                f"another level than {graded.level}, the level graded again; the new code below covers all this")
    before = level_before(graded)
    level = (f"printed at level {before}, it is level {graded.level} now: one pair of shots read together "
             "finishes it, which the old grade missed" if before != graded.level else
             f"its level, {graded.level}, is unchanged")
    return (f"note: an old code (version {version}): a character typed twice could slip past its check; "
            f"{level}; the new code below is checked against that")


@click.command("assist")
@click.argument("observation")
@click.option("--size", default="8x7", show_default=True, help="Board size, COLUMNSxROWS.")
@click.option("--components", default="beginner", show_default=True,
              help="Set in play: beginner, all, or type names separated by commas.")
@click.option("--json", "as_json", is_flag=True, help="JSON instead of text.")
@click.option("--picture", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also draw the board with what is certain and the best next cannons (.png or .pdf).")
@lang_option(GAME, "Language of the picture's words (the terminal answer is in English).")
@seed_option(default=1, help="Seed of the random draws (when estimating).")
@click.option("--force", is_flag=True, help="Overwrite the picture file.")
def assist(observation: str, size: str, components: str, as_json: bool, picture: Path | None, lang: str,
           seed: int, force: bool) -> None:
    """Help the investigator: what the shots so far (OBSERVATION, '-' for stdin) prove, and what to fire next.

    Prints how many layouts still fit (exact), what each cell may hold, the components whose place
    is certain, the cells certainly empty, and the best next cannons ranked by the expected number
    of layouts left after firing them (every fitting layout counted as equally likely), each with
    its possible results and their probabilities. Those figures are exact when they can be
    computed quickly, otherwise estimated from layouts drawn at random (it says so). A file with
    no shot lines stands for a game where nothing has been fired yet.

    \b
    Examples:
      pnpgen laser assist shots.txt
      pnpgen laser assist shots.txt --json --picture advice.png
      pnpgen laser assist shots.txt --picture advice.pdf --lang en
    """
    from generator.core.errors import LayoutError
    from generator.core.rng import make_rng
    from generator.games.laser.content import in_play, load_catalog, parse_size, read_input
    from generator.games.laser.rules.assist import advise
    from generator.games.laser.rules.engine import engine_for
    from generator.games.laser.rules.words import advice_json, advice_text

    if picture is not None:
        if picture.suffix.lower() not in (".png", ".pdf"):
            raise LayoutError(f"--picture {picture}: the file name must end in .png or .pdf", key="--picture")
        check_outputs([picture], force)
    board = parse_size(size)
    chosen = in_play(load_catalog(), components)
    text, name = read_input(observation)
    obs = _observation(text, chosen, board, name)
    engine = engine_for(board, chosen)
    advice = advise(engine, obs, make_rng(seed, "laser", "assist"))
    if as_json:
        emit_json(advice_json(engine, advice, len(obs.shots)), None, False)
    else:
        click.echo("\n".join(advice_text(engine, advice, len(obs.shots))))
    if picture is not None:
        _write_picture(engine, obs, advice, picture, force, lang)


def _observation(text: str, chosen: ComponentSet, board: Board, name: str) -> Observation:
    from generator.games.laser.rules.model import Observation
    from generator.games.laser.rules.notation import parse_observation

    meaningful = [line for line in text.lstrip("\ufeff").splitlines()
                  if line.strip() and not line.startswith("# ")]
    if not meaningful:
        return Observation(board, ())
    return parse_observation(text, chosen, board, file=name)


def _write_picture(engine: Engine, obs: Observation, advice: Advice, picture: Path, force: bool,
                   lang: str) -> None:
    from generator.games.laser.sheets.assist_picture import assist_page
    from generator.games.laser.sheets.labels import load_labels
    from generator.render import write_pages
    from generator.render.write import page_format_of

    page = assist_page(engine, obs, advice, lang=lang)
    [written] = write_pages([page], page_format_of(picture), picture, force=force, dpi=PNG_DPI,
                            title=load_labels(lang)["assist_footer"])
    click.echo(f"wrote {written}", err=True)


# -- the kit ----------------------------------------------------------------------------------------
def kit_puzzle_book(out_dir: Path, seed: int, paper: str, force: bool,
                    lang: str = GAME.default_language) -> list[tuple[Path, str]]:
    """The kit's small puzzle book in `lang` (the kit's language): 12 puzzles, levels 1-3 on 8x7, the beginner set."""
    from generator.games.laser.content import load_catalog
    from generator.games.laser.rules.model import Board
    from generator.render import write_pages

    path = Path(out_dir) / "laser" / f"laser-puzzles-seed{seed}.pdf"
    check_outputs([path], force)
    catalog = load_catalog()
    chosen = catalog.beginner()
    board = Board()
    made = make_puzzles(board, chosen, catalog, seed, KIT_COUNT, KIT_LEVELS, False)
    from generator.scene.footer import seed_words

    pages = book_pages(made, chosen, board, paper, None, seed_words(seed, lang), lang)
    return [(write_pages(pages, "pdf", path, force=force, title=book_title(lang))[0],
             f"Laser circuits: a puzzle book for one player, {len(made)} puzzles (levels 1-3 on 8x7), "
             "solutions upside down after a blank page")]
