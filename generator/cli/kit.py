"""`pnpgen kit`: every printable pnpgen makes, written into output/kit/ with an index.

The card engine contributes the calibration page and the example deck; every game (`games.all_games()`) its
part (`Game.kit_part()`, a function `(out_dir, seed, paper, force, lang) -> [(path, description)]`).
With `--lang L` each game gets L when it has it (`Game.languages`), else its rulebook's language;
without it each part gets None and prints as it always has (its rulebook's language). The index says
which language each game got.

The kit seed is the host's secret (drawn fresh by core.rng.choose_kit_seed without --seed): each part
deals a secret product from core.rng.derive_key(seed, product) (a code of 74 random bits), a public one
from core.rng.derive_seed (a short public code), and puts what only the host may see into a host/ folder.
index.md lists the players' files and says where the host's are; host/README.md (HOST_INDEX) holds the
kit seed and lists the host's files with their codes. No file outside a host/ folder, no file name and
no line on the terminal (but the kit seed's, marked) carries a secret's code (docs/kit.md).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from generator import games, paths
from generator.cli.common import check_outputs, progress, seed_option, write_file
from generator.cli.options import paper_option
from generator.core.errors import PnpError
from generator.core.rng import choose_kit_seed
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
    from generator.core.files import read_bounded

    try:
        raw = read_bounded(out_dir / MANIFEST, 10 * 1024 * 1024, MANIFEST, missing_ok=True)
        text = raw.decode("utf-8") if raw is not None else ""
    except (PnpError, UnicodeDecodeError):      # not a regular file, too large, not text: nothing is removed
        return frozenset()
    names = (line.strip() for line in text.splitlines()[:100_000])
    return frozenset(n for n in names if n and not n.startswith(("#", "/")) and ".." not in n.split("/"))


def _languages(lang: str | None) -> dict[str, str]:
    """Each game's language in the kit, as the index names it."""
    return {game.name: LANGUAGE_NAMES.get(game.kit_language(lang), game.kit_language(lang))
            for game in sorted(games.all_games(), key=lambda g: g.name)}


HOST_FOLDER = "host"   # in each game's folder: what only the host (or the Master) may see


def is_host_file(relative: Path) -> bool:
    """A kit file only the host may see: it lies in a game's host/ folder."""
    return HOST_FOLDER in relative.parts[:-1]


HOST_INDEX = Path(HOST_FOLDER) / "README.md"    # the host's index, at the kit's root: the kit seed, the host's files


def _listing(made: list[tuple[str, Path, str]], out_dir: Path) -> list[str]:
    return [f"- {path.relative_to(out_dir).as_posix()}  [{part}]  {description}" for part, path, description in made]


def _index_text(paper: str, lang: str | None, made: list[tuple[str, Path, str]], out_dir: Path) -> str:
    """The players' index: what the kit holds that anyone may see, and where the host's files are
    (never what they hold: no code of a secret, no kit seed)."""
    wanted = (f"{LANGUAGE_NAMES[lang]} wherever a game has it" if lang
              else "each game in its rulebook's language")
    lines = ["# pnpgen print-and-play kit", "",
             f"paper: {paper}    language: {wanted}",
             "Print every PDF at 100% (actual size); each sheet has a 50 mm scale bar to check.", "",
             "## Languages", ""]
    lines += [f"- {name}: {language}" for name, language in _languages(lang).items()]
    players = [entry for entry in made if not is_host_file(entry[1].relative_to(out_dir))]
    lines += ["", "## Players' files", "",
              "Anyone at the table may see these. A code printed on them reprints that page and reveals no secret.", ""]
    lines += _listing(players, out_dir)
    lines += ["", "## The host's files", "",
              f"What only the host (the Master, the spymasters) may see is in the {HOST_FOLDER}/ folders: "
              f"{HOST_INDEX.as_posix()} lists it, with the", "code that rebuilds the kit. Open it, print it and "
              "keep it out of sight of the players."]
    return "\n".join(lines) + "\n"


def _host_index_text(seed: int, made: list[tuple[str, Path, str]], out_dir: Path) -> str:
    """The host's index (host/README.md): the kit seed, then every host-only file with the code and
    command that reprint it."""
    from generator.core.codes import format_seed

    shown = format_seed(seed)
    host = [entry for entry in made if is_host_file(entry[1].relative_to(out_dir))]
    lines = ["# pnpgen kit: for the host only", "",
             "Keep this folder, and every game's host/ folder, out of sight of the players.", "",
             "## Kit seed", "",
             f"kit seed: {shown}", "",
             f"`pnpgen kit --seed {shown}` rebuilds this whole kit, byte for byte, secrets included. No page",
             "the players see carries it, and no code on their pages reaches a secret.", "",
             "## Host-only files", "",
             "Each is reprinted by the code and command given with it; a code is the host's too.", ""]
    lines += _listing(host, out_dir)
    return "\n".join(lines) + "\n"


def _warn_weak_seed(seed: int) -> None:
    """A chosen kit seed of fewer than 64 bits can be found from the players' pages: say so."""
    from generator.core.codes import MIN_SECRET_BITS, seed_bits

    if seed_bits(seed) < MIN_SECRET_BITS:
        click.echo(f"warning: a kit seed this short (under {MIN_SECRET_BITS} bits) can be found by anyone from the "
                   "players' pages, and with it every secret of the kit: fine for a try, but for a real game run "
                   "`pnpgen kit` without --seed", err=True)


@click.command()
@seed_option(help="Kit seed (a code, or a number): the same seed rebuilds the same kit, byte for byte, secrets "
                  "included. Without it a fresh one is drawn and printed once, for the host.")
@paper_option("Paper size for every sheet.")
@click.option("--lang", type=click.Choice(KIT_LANGUAGES, case_sensitive=False), default=None,
              help="Print every game in this language where it has it (English: all five); without it, "
                   "each game in its rulebook's language.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Kit folder. Default: output/kit/.")
@click.option("--force", is_flag=True,
              help="Replace an earlier kit: the files it recorded in .kit-files go (a new seed's names "
                   "differ); your own files in the folder stay.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary.")
@click.option("-v", "--verbose", is_flag=True,
              help="Also describe the host's files on the terminal, with their codes (marked: for the host only).")
def command(seed: int | None, paper: str, lang: str | None, output: Path | None, force: bool, quiet: bool,
            verbose: bool) -> None:
    """Write the whole print-and-play kit: every printable pnpgen makes.

    The kit goes into output/kit/ (or -o DIR) with index.md listing the players' files and the
    language of each game, and .kit-files recording what it wrote (what a later --force replaces).
    What only the host (or the Master) may see (deals, layouts, key cards, the campaign) goes into a
    host/ folder in each game's folder, and host/README.md lists it with the kit seed.

    Without --seed a fresh kit seed (a code of 74 random bits) is drawn from the system's secure
    random source and printed once, for the host (also in host/README.md): --seed CODE rebuilds that
    same kit. Each product draws from its own code, derived from the kit seed by a keyed hash; the
    codes on the players' pages reprint those pages and reach no secret. A seed you make up (a short
    number, a date) is found in seconds from the players' pages: the kit warns.

    \b
    Examples:
      pnpgen kit                                   # a fresh, secret kit seed
      pnpgen kit --paper letter -o kit-letter      # on Letter paper
      pnpgen kit --lang en -o kit-en               # every game in English
    """
    from generator.core.codes import format_seed
    from generator.core.folders import replaced_folder

    out_dir = output or paths.default_output("kit")
    _check_kit_folder(out_dir, force)   # an earlier kit is there: refuse before any work
    fresh = seed is None
    if seed is None:
        seed = choose_kit_seed()
    else:
        _warn_weak_seed(seed)
    if fresh or not quiet:     # once, marked; a fresh seed even with -q (it is the only way to rebuild)
        click.echo(f"kit seed: {format_seed(seed)}  [for the host only: `pnpgen kit --seed {format_seed(seed)}` "
                   f"rebuilds this kit, secrets included; it is also in {HOST_INDEX.as_posix()}]", err=True)
    made: list[tuple[str, Path, str]] = []
    parts = _kit_parts(lang)
    earlier = _manifest(out_dir)       # the files an earlier kit wrote: replaced, never kept beside
    with replaced_folder(out_dir, drop=earlier) as staging:   # built aside, swapped in whole
        with progress(parts, "Building kit", quiet, threshold=1) as bar, collector_paused():
            for name, part_lang, part in bar:
                for path, description in part(staging, seed, paper, True, part_lang):
                    made.append((name, out_dir / Path(path).relative_to(staging), description))
        write_file(staging / "index.md", _index_text(paper, lang, made, out_dir), True)
        write_file(staging / HOST_INDEX, _host_index_text(seed, made, out_dir), True)
        write_file(staging / MANIFEST, _manifest_text(staging), True)
    if not quiet:
        _report(made, out_dir, verbose)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while the kit is built (back as it was after): the kit makes millions
    of small objects (scene items, shaped glyphs, PDF operators) that live until their document is
    written, and nearly none in cycles (the peak grows about 1 MB without it); the collector's passes over
    them were a tenth of the kit's CPU time. Objects are still freed as soon as nothing refers to them."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _report(made: list[tuple[str, Path, str]], out_dir: Path, verbose: bool) -> None:
    """The files written: a player's file with its description, a host's file by name only (its
    description holds its code) unless -v, then marked."""
    for _, path, description in made:
        if not is_host_file(path.relative_to(out_dir)):
            click.echo(f"wrote {path}  ({description})")
        elif verbose:
            click.echo(f"wrote {path}  [for the host only: {description}]")
        else:
            click.echo(f"wrote {path}  (for the host only: see {HOST_INDEX.as_posix()})")
    click.echo(f"wrote {out_dir / 'index.md'}")
    click.echo(f"wrote {out_dir / HOST_INDEX}  (for the host only)")
