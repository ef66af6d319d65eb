"""`pnpgen laser`: observe, check, solve and generate laser-circuit layouts."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from generator.cli.common import check_outputs, emit_json, emit_text, resolve_seed, seed_option
from generator.cli.options import FiniteFloatRange
from generator.core.limits import LimitError
from generator.core.numbers import format_number
from generator.games.laser.cli.play import play
from generator.games.laser.cli.puzzles import assist, puzzle, puzzles
from generator.games.laser.cli.sheet import check_picture_options, laser_kit_part, sheet, write_check_picture
from generator.games.laser.content import in_play, load_catalog, load_layout, parse_size, read_input

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.check import CheckReport
    from generator.games.laser.rules.difficulty import Difficulty, WorkBudget
    from generator.games.laser.rules.generate import LayoutStats
    from generator.games.laser.rules.model import Board, ComponentSet, Layout, Observation
    from generator.games.laser.rules.solve import Solution

Generated = list[tuple["Layout", "LayoutStats"]]     # each layout made, with its statistics


def _emit_text(text: str, output: Path | None, force: bool) -> None:
    written = emit_text(text, output, force)
    if written is not None:
        click.echo(f"wrote {written}")


def _prepare(output: Path | None, force: bool) -> None:
    if output is not None and str(output) != "-":
        check_outputs([output], force)


component_file_option = click.option(
    "--component-file", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="YAML file of component types (default: the built-in card_data/laser/components.yaml).")
components_option = click.option(
    "--components", default="beginner", show_default=True,
    help="Set in play: beginner, all, or type names separated by commas (e.g. absorber,jump).")
json_option = click.option("--json", "as_json", is_flag=True, help="JSON instead of text.")
time_limit_option = click.option(
    "--time-limit", type=FiniteFloatRange(0, 3600), default=10.0, show_default=True, metavar="SECONDS",
    help="Budget for rating difficulty: the exact answer when found in time, else the bounds found so far "
         "(0: no limit).")
output_option = click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
                             help="Write to this file instead of stdout.")
force_option = click.option("--force", is_flag=True, help="Overwrite the output file.")
WORK_UNITS = 10_000   # laser generate --work: about 10 s of rating on the development machine (measured:
#                       700 to 1,450 units a CPU second on 12x12 to 32x32 boards)


@click.group()
def command() -> None:
    """Laser circuits: simulate shots, check a layout is fair, solve, generate fair layouts.

    \b
    Examples:
      pnpgen laser observe circuit.txt          # all 30 shots, in the rulebook's format
      pnpgen laser check circuit.txt            # playable? fair? what is ambiguous
      pnpgen laser solve shots.txt --limit 5    # layouts that fit the shots fired so far
      pnpgen laser generate --count 3 --seed 7 --min-difficulty 8
    """


@command.command()
@click.argument("layout")
@json_option
@component_file_option
@output_option
@force_option
def observe(layout: str, as_json: bool, component_file: Path | None, output: Path | None, force: bool) -> None:
    """Fire every cannon at LAYOUT ('-' for stdin) and print what each shot reveals.

    Exit status 1 if a beam is trapped (the layout is unplayable).

    \b
    Example:
      pnpgen laser observe circuit.txt --json
    """
    from generator.games.laser.rules.engine import observe as simulate
    from generator.games.laser.rules.notation import format_observation

    _prepare(output, force)
    observation = simulate(load_layout(layout, component_file))
    trapped = [s.cannon for s in observation.shots if s.trapped]
    if as_json:
        emit_json(_observation_json(observation), output, force)
    else:
        _emit_text(format_observation(observation), output, force)
    if trapped:
        click.echo(f"unplayable: the beam of cannon {trapped[0]} never leaves the board", err=True)
        sys.exit(1)


def _observation_json(observation: Observation) -> dict[str, Any]:
    shots = []
    for s in observation.shots:
        result = "trapped" if s.trapped else "absorbed" if s.absorbed else "received"
        shots.append({"cannon": s.cannon, "hits": list(s.hits), "result": result,
                      "receiver": s.outcome if result == "received" else None})
    board = observation.board
    return {"board": {"columns": board.width, "rows": board.height}, "shots": shots}


@command.command()
@click.argument("layout")
@json_option
@click.option("--difficulty", is_flag=True, help="Also rate the layout: the fewest shots that determine it.")
@time_limit_option
@component_file_option
@output_option
@force_option
@check_picture_options
def check(layout: str, as_json: bool, difficulty: bool, time_limit: float, component_file: Path | None,
          output: Path | None, force: bool, pdf: Path | None, png: Path | None) -> None:
    """Check LAYOUT ('-' for stdin): playable, fair, and every place each component could be.

    Exit status: 0 fair, 1 not fair or unplayable, 2 bad input. --pdf/--png draw the layout with
    every unlocatable component's possible cells marked (or the trapped beam's path).

    \b
    Examples:
      pnpgen laser check circuit.txt --difficulty
      pnpgen laser check circuit.txt --pdf problems.pdf
    """
    from generator.games.laser.rules.check import check as run_check
    from generator.games.laser.rules.check import report_json
    from generator.games.laser.rules.explain import explain

    _prepare(output, force)
    report = run_check(load_layout(layout, component_file))
    rating = _rating(report, time_limit) if difficulty else None
    if as_json:
        data = report_json(report)
        if difficulty:
            data["difficulty"] = _rating_json(rating)
        emit_json(data, output, force)
    else:
        lines = explain(report)
        if difficulty:
            lines.append(_rating_text(rating, time_limit))
        _emit_text("\n".join(lines) + "\n", output, force)
    write_check_picture(report.layout, report, pdf, png, force)
    if not report.fair:
        sys.exit(1)


def _rating(report: CheckReport, time_limit: float) -> Difficulty | None:
    """The layout's difficulty within the time budget (a progress line on a terminal meanwhile)."""
    from generator.games.laser.rules.difficulty import rate

    if not report.fair:
        return None
    if sys.stderr.isatty():
        click.echo(f"rating difficulty (at most {format_number(time_limit)} s)…", err=True)
    return rate(report.layout, time_limit=time_limit or None)


def _rating_json(rating: Difficulty | None) -> dict[str, Any] | None:
    if rating is None:
        return None
    data: dict[str, Any] = {"shots": rating.shots, "cannons": list(rating.cannons), "exact": rating.exact}
    if not rating.exact:
        data["lower_bound"] = rating.lower_bound
    return data


def _rating_text(rating: Difficulty | None, time_limit: float = 0.0) -> str:
    if rating is None:
        return "difficulty: none (no set of shots determines an unfair or unplayable layout)"
    if not rating.exact:
        return (f"difficulty: between {rating.lower_bound} and {rating.shots} shots; search stopped after "
                f"{format_number(time_limit)} s (--time-limit raises it); these {rating.shots} determine it: "
                + ", ".join(str(k) for k in rating.cannons))
    if rating.shots == 0:
        return "difficulty: 0 shots (no other layout is possible on this board)"
    cannons = ", ".join(str(k) for k in rating.cannons)
    noun = "shot determines" if rating.shots == 1 else "shots determine"
    return f"difficulty: {rating.shots} {noun} it, e.g. cannon{'s' if rating.shots > 1 else ''} {cannons}"


@command.command()
@click.argument("observation")
@click.option("--count", "count_only", is_flag=True, help="Print only the number of consistent layouts.")
@click.option("--limit", type=click.IntRange(min=0), default=20, show_default=True,
              help="List at most this many layouts.")
@components_option
@click.option("--size", default="8x7", show_default=True, help="Board size, COLUMNSxROWS.")
@json_option
@component_file_option
@output_option
@force_option
def solve(observation: str, count_only: bool, limit: int, components: str, size: str, as_json: bool,
          component_file: Path | None, output: Path | None, force: bool) -> None:
    """Every layout consistent with OBSERVATION ('-' for stdin): all shots, or those fired so far.

    Cannons missing from the observation count as not fired yet.

    \b
    Example:
      pnpgen laser solve shots.txt --count
    """
    from generator.games.laser.rules.notation import format_layout, parse_observation
    from generator.games.laser.rules.solve import solve as run_solve

    _prepare(output, force)
    board = parse_size(size)
    catalog = load_catalog(component_file)
    chosen = in_play(catalog, components)
    text, name = read_input(observation)
    obs = parse_observation(text, chosen, board, file=name)
    solution = run_solve(obs, chosen, limit=0 if count_only else limit)
    if as_json:
        emit_json({"board": {"columns": board.width, "rows": board.height},
                   "components": list(chosen.names), "shots": len(obs.shots), "count": solution.count,
                   "layouts": [{"layout": format_layout(lay), "trapped_cannon": trapped}
                               for lay, trapped in zip(solution.layouts, solution.unplayable, strict=False)]},
                  output, force)
        return
    if count_only:
        _emit_text(f"{solution.count}\n", output, force)
        return
    _emit_text(_solution_text(solution, obs, format_layout), output, force)


def _solution_text(solution: Solution, obs: Observation, format_layout: Callable[[Layout], str]) -> str:
    noun = "layout fits" if solution.count == 1 else "layouts fit"
    lines = [f"# {solution.count} {noun} the {len(obs.shots)} shots"
             f"{'' if obs.complete else ' (partial observation)'}"
             f"; listing {len(solution.layouts)}"]
    for number, (layout, trapped) in enumerate(zip(solution.layouts, solution.unplayable, strict=False), start=1):
        note = f" (unplayable: cannon {trapped}'s beam would be trapped)" if trapped else ""
        lines += ["", f"# layout {number}{note}", format_layout(layout).rstrip("\n")]
    return "\n".join(lines) + "\n"


@command.command()
@click.option("--count", type=click.IntRange(1, 10000), default=1, show_default=True, help="How many layouts.")
@seed_option
@components_option
@click.option("--size", default="8x7", show_default=True, help="Board size, COLUMNSxROWS.")
@click.option("--min-difficulty", type=click.IntRange(min=0), default=0,
              help="Keep only layouts at least this hard (fewest shots that determine them).")
@click.option("--work", type=click.IntRange(1, 10**9), default=WORK_UNITS, show_default=True, metavar="UNITS",
              help="Search work for the whole command (rating difficulty, --min-difficulty's tries), counted "
                   "in steps, not seconds: the same seed gives the same answer on any machine. The default "
                   "is about 10 s here; a rating stopped by it gives its proven bounds.")
@click.option("--time-limit", type=FiniteFloatRange(0, 3600), default=120.0, show_default=True, metavar="SECONDS",
              help="Outer wall-clock guard for the whole command (0: none). Only when it stops the search "
                   "first is the answer machine-dependent, and a note says so.")
@json_option
@component_file_option
@output_option
@force_option
def generate(count: int, seed: int | None, components: str, size: str, min_difficulty: int, work: int,
             time_limit: float, as_json: bool, component_file: Path | None, output: Path | None, force: bool) -> None:
    """Random fair layouts (playable, every component locatable), with statistics per layout.

    \b
    Example:
      pnpgen laser generate --count 5 --seed 42 --min-difficulty 8 --json
    """
    _prepare(output, force)
    board = parse_size(size)
    chosen = in_play(load_catalog(component_file), components)
    need = count * making_units(board)
    if need > work:                  # refused before any work (and before a seed is announced)
        raise LimitError(f"{count} layouts of {board.width}x{board.height} need at least {need:,} work units "
                         f"to make ({making_units(board)} each, before any rating); --work is {work:,}: raise "
                         "--work or lower --count", key="--count")
    seed = resolve_seed(seed, secret=True)      # a layout is the host's secret
    from generator.games.laser.rules.difficulty import WorkBudget

    budget = WorkBudget(work, deadline=time.monotonic() + time_limit if time_limit else None)
    made = _generate_all(board, chosen, seed, count, min_difficulty, budget=budget)
    if budget.guard_hit:
        click.echo(f"pnpgen: note: the wall-clock guard (--time-limit {format_number(time_limit)}) stopped a "
                   "search before its work budget: this answer depends on the machine's speed", err=True)
    if len(made) < count:
        stopper = (f"the wall-clock guard (--time-limit {format_number(time_limit)})" if budget.guard_hit
                   else f"the work budget (--work {work:,})")
        click.echo(f"pnpgen: note: {stopper} ran out after {len(made)} of {count} layouts: these {len(made)} "
                   f"are printed ({'--time-limit' if budget.guard_hit else '--work'} raises it)", err=True)
    if as_json:
        emit_json({**_generated_json(board, chosen, seed, made),
                   "work": {"budget": budget.units, "spent": min(budget.spent, budget.units),
                            "stopped_by_clock": budget.guard_hit}}, output, force)
    else:
        _emit_text(_generated_text(board, seed, made), output, force)


def _generate_all(board: Board, chosen: ComponentSet, seed: int, count: int, min_difficulty: int,
                  time_limit: float | None = None, budget: WorkBudget | None = None) -> Generated:
    """[(layout, stats)] for `count` fair layouts from one seeded stream (rated within the work
    budget, shared by the whole command, else within time_limit seconds each)."""
    from generator.core.rng import make_rng
    from generator.games.laser.rules.generate import generate_fair, layout_stats

    rng = make_rng(seed, "laser", "generate")
    made: Generated = []
    for _ in range(count):
        if made and budget is not None and budget.spent_out():
            break                  # the one budget of the whole command is spent (or its clock guard hit)
        rated: list[Difficulty | None] = []
        layout = generate_fair(rng, board, chosen, min_difficulty, time_limit=time_limit, budget=budget, rated=rated)
        made.append((layout, layout_stats(layout, time_limit=time_limit, budget=budget,
                                          rating=rated[0] if rated else None)))
        if budget is not None:
            budget.spend(making_units(board))        # making it counts too (and looks at the clock)
    return made


def making_units(board: Board) -> int:
    """Work units charged for making one layout, its fairness check and statistics, rating aside
    (about a millisecond a unit, as the rating's: 1 on 8x7, 5 on 64x64)."""
    return max(1, board.cells // 800)


def _stats_json(stats: LayoutStats) -> dict[str, Any]:
    rating = stats.difficulty
    return {"blank_shots": stats.blank_shots, "mean_hits_per_shot": round(stats.mean_hits, 3),
            "returning_shots": stats.returning, "difficulty": rating.shots if rating else None,
            "difficulty_cannons": list(rating.cannons) if rating else None,
            "difficulty_exact": rating.exact if rating else None,
            "difficulty_lower": rating.lower_bound if rating else None}


def _difficulty_words(rating: Difficulty | None) -> str:
    if rating is None:
        return "-"
    return str(rating.shots) if rating.exact else f"{rating.lower_bound} to {rating.shots} (search stopped: work budget)"


def _generated_json(board: Board, chosen: ComponentSet, seed: int, made: Generated) -> dict[str, Any]:
    from generator.games.laser.rules.notation import format_layout

    return {"seed": seed, "board": {"columns": board.width, "rows": board.height},
            "components": list(chosen.names),
            "layouts": [{"layout": format_layout(layout),
                         "components": [{"type": p.type, "cell": list(p.cell), "orientation": p.orientation}
                                        for p in layout.placements],
                         "stats": _stats_json(stats)} for layout, stats in made]}


def _generated_text(board: Board, seed: int, made: Generated) -> str:
    from generator.games.laser.rules.notation import format_layout

    blocks = []
    for number, (layout, stats) in enumerate(made, start=1):
        rating = stats.difficulty
        cannons = ", ".join(str(k) for k in rating.cannons) if rating else "-"
        blocks.append("\n".join([
            f"# layout {number} of {len(made)} (seed {seed}, {board.width}x{board.height})",
            f"# shots that hit nothing: {stats.blank_shots}; mean hits per shot: {stats.mean_hits:.2f}; "
            f"shots back to their own cannon: {stats.returning}",
            f"# difficulty: {_difficulty_words(rating)} (e.g. cannons {cannons})",
            format_layout(layout).rstrip("\n")]))
    return "\n\n".join(blocks) + "\n"


command.add_command(sheet)
command.add_command(puzzles)
command.add_command(puzzle)
command.add_command(assist)
command.add_command(play)
kit_part = laser_kit_part
