"""`pnpgen kit`: every printable pnpgen makes, written into output/kit/ with an index.

The card engine contributes the calibration page and the example deck; every game in GAMES its
part (`Game.kit_part()`, a function `(out_dir, seed, paper, force) -> [(path, description)]`).
"""

from __future__ import annotations

from pathlib import Path

import click

from generator import games, paths
from generator.cli.common import check_outputs, progress, resolve_seed, seed_option, write_file
from generator.cli.options import paper_option
from generator.games import KitPart


def _kit_parts() -> list[tuple[str, KitPart]]:
    """The card engine's parts (calibration page, example deck), then each game's, in command order."""
    from generator.cards.cli import kit_part as cards_part
    from generator.cards.cli.calibrate import kit_part as calibrate_part

    parts: list[tuple[str, KitPart]] = [("calibrate", calibrate_part), ("cards", cards_part)]
    parts += [(game.name, game.kit_part()) for game in sorted(games.GAMES, key=lambda g: g.name)]
    return parts


def _index_text(seed: int, paper: str, made: list[tuple[str, Path, str]], out_dir: Path) -> str:
    lines = ["# pnpgen print-and-play kit", "",
             f"seed: {seed}    paper: {paper}",
             "Print every PDF at 100% (actual size); each sheet has a 50 mm scale bar to check.", ""]
    for part, path, description in made:
        lines.append(f"- {path.relative_to(out_dir)}  [{part}]  {description}")
    return "\n".join(lines) + "\n"


@click.command()
@seed_option
@paper_option("Paper size for every sheet.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Kit folder. Default: output/kit/.")
@click.option("--force", is_flag=True, help="Overwrite files of an earlier kit.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary.")
def command(seed: int | None, paper: str, output: Path | None, force: bool, quiet: bool) -> None:
    """Write the whole print-and-play kit: every printable pnpgen makes.

    The kit goes into output/kit/ (or -o DIR) with index.md listing each file. Random parts
    (setups, keys, deals, layouts) use --seed; without it a seed is chosen and printed.

    \b
    Example:
      pnpgen kit --seed 42 --paper letter
    """
    out_dir = output or paths.default_output("kit")
    check_outputs([out_dir / "index.md"], force)   # an earlier kit is there: refuse before any work
    seed = resolve_seed(seed, quiet)
    made: list[tuple[str, Path, str]] = []
    parts = _kit_parts()
    with progress(parts, "Building kit", quiet, threshold=1) as bar:
        for name, part in bar:
            for path, description in part(out_dir, seed, paper, force):
                made.append((name, Path(path), description))
    index = write_file(out_dir / "index.md", _index_text(seed, paper, made, out_dir), force)
    if not quiet:
        for _, path, description in made:
            click.echo(f"wrote {path}  ({description})")
        click.echo(f"wrote {index}")
