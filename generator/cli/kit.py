"""`pnpgen kit`: every printable pnpgen makes, written into output/kit/ with an index.

The card engine contributes the calibration page and the example deck; every game (`games.all_games()`) its
part (`Game.kit_part()`, a function `(out_dir, seed, paper, force, lang) -> [(path, description)]`).
With `--lang L` each game gets L when it has it (`Game.languages`), else its rulebook's language;
without it each part gets None and prints as it always has (its rulebook's language). The index says
which language each game got.
"""

from __future__ import annotations

from pathlib import Path

import click

from generator import games, paths
from generator.cli.common import check_outputs, progress, resolve_seed, seed_option, write_file
from generator.cli.options import paper_option
from generator.games import LANGUAGE_NAMES, KitPart

# Every language some game declares, in the order the games first name them.
KIT_LANGUAGES = tuple(dict.fromkeys(lang for game in games.all_games() for lang in game.languages))


def _kit_parts(lang: str | None) -> list[tuple[str, str | None, KitPart]]:
    """(name, language, part): the card engine's parts (calibration page, example deck, no language of
    their own), then each game's in command order with the language it will print in."""
    from generator.cards.cli import kit_part as cards_part
    from generator.cards.cli.calibrate import kit_part as calibrate_part

    parts: list[tuple[str, str | None, KitPart]] = [("calibrate", None, calibrate_part), ("cards", None, cards_part)]
    parts += [(game.name, game.kit_language(lang) if lang else None, game.kit_part())
              for game in sorted(games.all_games(), key=lambda g: g.name)]
    return parts


def _check_kit_folder(out_dir: Path, force: bool) -> None:
    """Refuse an earlier kit without --force, and a folder of other things (the kit replaces its
    folder as a whole; files already there are kept, but a folder that is not a kit is not ours)."""
    check_outputs([out_dir / "index.md"], force)
    if out_dir.is_dir() and not (out_dir / "index.md").exists() and any(
            not entry.name.startswith(".pnpgen") for entry in out_dir.iterdir()):
        from generator.core.files import OutputError

        raise OutputError("is a folder with other files and no kit index.md; give a new or empty "
                          "folder for the kit", file=str(out_dir))
    if out_dir.exists() and not out_dir.is_dir():
        from generator.core.files import OutputError

        raise OutputError("exists and is not a folder", file=str(out_dir))


MANIFEST = ".kit-files"     # every file the kit wrote, one relative path a line (a new kit removes them)


def _manifest_text(staging: Path) -> str:
    files = sorted(p.relative_to(staging).as_posix() for p in staging.rglob("*") if p.is_file())
    return "# pnpgen kit: the files this kit wrote (a later `pnpgen kit --force` replaces them)\n" + "".join(
        f"{name}\n" for name in [*files, MANIFEST])


def _manifest(out_dir: Path) -> frozenset[str]:
    """The relative paths an earlier kit recorded (none without a manifest: then nothing is removed).
    Only plain relative paths inside the folder count."""
    try:
        text = (out_dir / MANIFEST).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return frozenset()
    names = (line.strip() for line in text.splitlines()[:100_000])
    return frozenset(n for n in names if n and not n.startswith(("#", "/")) and ".." not in n.split("/"))


def _languages(lang: str | None) -> dict[str, str]:
    """Each game's language in the kit, as the index names it."""
    return {game.name: LANGUAGE_NAMES.get(game.kit_language(lang), game.kit_language(lang))
            for game in sorted(games.all_games(), key=lambda g: g.name)}


def _index_text(seed: int, paper: str, lang: str | None, made: list[tuple[str, Path, str]], out_dir: Path) -> str:
    wanted = (f"{LANGUAGE_NAMES[lang]} wherever a game has it" if lang
              else "each game in its rulebook's language")
    lines = ["# pnpgen print-and-play kit", "",
             f"seed: {seed}    paper: {paper}    language: {wanted}",
             "Print every PDF at 100% (actual size); each sheet has a 50 mm scale bar to check.", "",
             "## Languages", ""]
    lines += [f"- {name}: {language}" for name, language in _languages(lang).items()]
    lines += ["", "## Files", ""]
    for part, path, description in made:
        lines.append(f"- {path.relative_to(out_dir)}  [{part}]  {description}")
    return "\n".join(lines) + "\n"


@click.command()
@seed_option
@paper_option("Paper size for every sheet.")
@click.option("--lang", type=click.Choice(KIT_LANGUAGES), default=None,
              help="Print every game in this language where it has it (English: all five); without it, "
                   "each game in its rulebook's language.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Kit folder. Default: output/kit/.")
@click.option("--force", is_flag=True,
              help="Replace an earlier kit: the files it recorded in .kit-files go (a new seed's names "
                   "differ); your own files in the folder stay.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary.")
def command(seed: int | None, paper: str, lang: str | None, output: Path | None, force: bool, quiet: bool) -> None:
    """Write the whole print-and-play kit: every printable pnpgen makes.

    The kit goes into output/kit/ (or -o DIR) with index.md listing each file and the language of
    each game, and .kit-files recording what it wrote (what a later --force replaces). Random
    parts (setups, keys, deals, layouts) use --seed; without it a seed is chosen and printed.

    \b
    Examples:
      pnpgen kit --seed 42 --paper letter
      pnpgen kit --seed 42 --lang en -o kit-en     # every game in English
    """
    from generator.core.folders import replaced_folder

    out_dir = output or paths.default_output("kit")
    _check_kit_folder(out_dir, force)   # an earlier kit is there: refuse before any work
    seed = resolve_seed(seed, quiet)
    made: list[tuple[str, Path, str]] = []
    parts = _kit_parts(lang)
    earlier = _manifest(out_dir)       # the files an earlier kit wrote: replaced, never kept beside
    with replaced_folder(out_dir, drop=earlier) as staging:   # built aside, swapped in whole
        with progress(parts, "Building kit", quiet, threshold=1) as bar:
            for name, part_lang, part in bar:
                for path, description in part(staging, seed, paper, True, part_lang):
                    made.append((name, out_dir / Path(path).relative_to(staging), description))
        write_file(staging / "index.md", _index_text(seed, paper, lang, made, out_dir), True)
        write_file(staging / MANIFEST, _manifest_text(staging), True)
    index = out_dir / "index.md"
    if not quiet:
        for _, path, description in made:
            click.echo(f"wrote {path}  ({description})")
        click.echo(f"wrote {index}")
