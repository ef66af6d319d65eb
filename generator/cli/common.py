"""Conventions shared by every command: output paths, --force, seeds, progress, errors."""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Generic, TypeVar, overload

import click

from generator.core.errors import DataErrors, PnpError
from generator.core.files import check_writable, write_atomic
from generator.core.notes import take_notes
from generator.core.rng import choose_seed

EXIT_BAD_INPUT = 2
F = TypeVar("F", bound=Callable[..., Any])     # a command function being decorated
T = TypeVar("T")


class SeedType(click.ParamType[int]):
    """A seed: a number (at most 30 digits: a 5000-digit one is refused) or a code (K7QM3-T2W7R-H1XZC-5)."""

    name = "seed"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from generator.core.codes import parse_seed

        if isinstance(value, int):
            return value
        try:
            return parse_seed(str(value))
        except PnpError as err:
            self.fail(err.message, param, ctx)


SEED_TYPE = SeedType()
SEED_HELP = "Random seed; the same seed gives byte-identical files. Without it, one is chosen and printed."


def run_cli(group: click.Group, argv: list[str] | None) -> int:
    """Run the click group; a PnpError becomes one line on stderr and exit status 2."""
    args = list(argv if argv is not None else sys.argv[1:])
    cut = args.index("--") if "--" in args else len(args)
    debug = "--debug" in args[:cut]
    if debug:   # --debug works anywhere on the line, also after the sub-command
        args = ["--debug", *(a for a in args[:cut] if a != "--debug"), *args[cut:]]
    argv = args
    take_notes()
    try:
        group.main(args=argv, prog_name="pnpgen", standalone_mode=False)
        for note in take_notes():
            click.echo(f"pnpgen: note: {note}", err=True)
    except PnpError as err:
        if debug:
            traceback.print_exc()
        for line in err.lines() if isinstance(err, DataErrors) else [str(err)]:
            click.echo(f"pnpgen: error: {line}", err=True)
        return EXIT_BAD_INPUT
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except click.ClickException as exc:
        click.echo(f"pnpgen: error: {click_error_line(exc)}", err=True)
        return EXIT_BAD_INPUT
    except click.Abort:
        click.echo("Aborted.", err=True)
        return 1
    except SystemExit as exc:  # commands may sys.exit(1) for "not fair" etc.
        return exc.code if isinstance(exc.code, int) else 1
    except (OSError, UnicodeError, RecursionError, MemoryError) as err:
        if debug:
            traceback.print_exc()
        click.echo(f"pnpgen: error: {system_error_line(err)}", err=True)
        return EXIT_BAD_INPUT
    except Exception as err:       # a fault of pnpgen's own: still one line (--debug shows where)
        if debug:
            traceback.print_exc()
        click.echo(f"pnpgen: error: internal error ({type(err).__name__}: {str(err)[:200]}); please report it "
                   "(--debug shows where)", err=True)
        return EXIT_BAD_INPUT
    return 0


def click_error_line(exc: click.ClickException) -> str:
    """One line for a mistake on the command line (an unknown option, a value out of range, a missing
    argument): click's own message, where it names the option, and the command whose --help tells more."""
    message = " ".join(exc.format_message().split())
    ctx = exc.ctx if isinstance(exc, click.UsageError) else None
    if ctx is not None and "--help" not in message:
        return f"{message.rstrip('.')}; see '{ctx.command_path} --help'"
    return message


def system_error_line(err: BaseException) -> str:
    """One line for an error of the system (or of Python's limits) that reached the command line."""
    if isinstance(err, OSError):
        from generator.core.files import os_reason

        where = err.filename if err.filename is not None else ""
        return f"{os.fsdecode(where)}: {os_reason(err)}" if where != "" else os_reason(err)
    if isinstance(err, RecursionError):
        return "input nested too deeply to read (recursion limit)"
    if isinstance(err, MemoryError):
        return "out of memory: the job is too large for this machine (make it smaller)"
    return f"text encoding problem: {err}"


@overload
def seed_option(func: F, /) -> F: ...


@overload
def seed_option(*, default: int | None = None, help: str = SEED_HELP) -> Callable[[F], F]: ...


def seed_option(func: F | None = None, /, *, default: int | None = None,
                help: str = SEED_HELP) -> F | Callable[[F], F]:
    """--seed N, a 64-bit integer: the one seed option of every command. `@seed_option` has no default (a
    seed is chosen by resolve_seed and printed); `@seed_option(default=..., help=...)` says what a command
    does without one or what its seed drives."""
    option: Callable[[F], F] = click.option("--seed", type=SEED_TYPE, default=default,
                                            show_default=default is not None, help=help)
    return option if func is None else option(func)


def resolve_seed(seed: int | None, quiet: bool = False, secret: bool = False) -> int:
    """The given seed, or a fresh one announced on stderr so the result can be reproduced. `secret`:
    the seed reprints something hidden (a deal, keys, a layout), so a fresh one is a code of 74 random
    bits (core/codes.py), too many to search from what the players see."""
    if seed is None:
        from generator.core.codes import format_seed
        from generator.core.rng import choose_secret_seed

        seed = choose_secret_seed() if secret else choose_seed()
        if not quiet:
            shown = format_seed(seed)
            click.echo(f"seed: {shown} (pass --seed {shown} to reproduce{'; keep it secret' if secret else ''})",
                       err=True)
    return seed


def output_options(func: F) -> F:
    """-o/--output, --force and --quiet."""
    func = click.option("-q", "--quiet", is_flag=True, help="No progress bar or summary.")(func)
    func = click.option("--force", is_flag=True, help="Overwrite existing files.")(func)
    func = click.option("-o", "--output", type=click.Path(dir_okay=True, path_type=Path), default=None,
                        help="Output file (or folder). Default: a path under output/.")(func)
    return func


def check_outputs(paths: Iterable[Path], force: bool) -> None:
    """Refuse up front (before any work) if an output exists and --force is not set."""
    for path in paths:
        check_writable(Path(path), force)


def write_built_pages(target: Path, build: Callable[[], list[Any]], fmt: str, force: bool,
                      **options: Any) -> list[Path]:
    """Refuse an existing target before any work, then build the pages and write them
    (`options` go to generator.render.write_pages: dpi, title, duplex...)."""
    from generator.render import write_pages

    check_outputs([target], force)
    return write_pages(build(), fmt, target, force=force, **options)


def write_file(path: Path, data: bytes | str, force: bool) -> Path:
    """Write one output file whole (temp + rename)."""
    return write_atomic(path, data, force=force)


def write_files(paths: Sequence[Path], blobs: Iterable[bytes | str], force: bool,
                own: Iterable[Path] = ()) -> list[Path]:
    """Write several output files as a set when they share a folder (staged, then moved into place
    under the folder's lock: a killed run leaves the old set or, rolled forward by the next run, the
    new one); one file is written whole (temp + rename). `own`: files this run may replace without
    force (a --watch run's own earlier files)."""
    from generator.core.files import staged_set

    paths = [Path(p) for p in paths]
    own = set(own)
    for path in paths:
        check_writable(path, force or path in own)
    force = True        # each target checked just above
    folders = {p.parent for p in paths}
    if len(paths) == 1 or len(folders) != 1:
        return [write_atomic(p, blob, force=force) for p, blob in zip(paths, blobs, strict=True)]
    with staged_set(folders.pop(), force) as files:
        for path, blob in zip(paths, blobs, strict=True):
            files.write(path.name, blob)
    return paths


def emit_text(text: str, output: Path | None, force: bool) -> Path | None:
    """Text to stdout, or to the file -o names (written whole); returns the file written, if any."""
    if output is None or str(output) == "-":
        click.echo(text, nl=False)
        return None
    return write_atomic(output, text, force=force)


def emit_json(data: Any, output: Path | None, force: bool) -> Path | None:
    """JSON to stdout, or to the file -o names. Keys keep their order; UTF-8 kept readable."""
    return emit_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", output, force)


def report_paths(paths: Sequence[Path], quiet: bool = False) -> None:
    """Print the paths written, one per line (on stdout: scripts read them)."""
    if quiet:
        return
    for path in paths:
        click.echo(f"wrote {path}")


def progress(items: Sequence[T], label: str, quiet: bool, threshold: int = 4,
             show: Callable[[T | None], str | None] | None = None) -> AbstractContextManager[Iterable[T]]:
    """A click progress bar over items when there is enough work, else the items as they are; `show`
    words the item being worked on, after the bar (on a terminal)."""
    if quiet or len(items) < threshold:
        return _NullBar(items)
    return click.progressbar(items, label=label, file=sys.stderr, item_show_func=show)


class _NullBar(Generic[T]):
    def __init__(self, items: Sequence[T]) -> None:
        self._items = items

    def __enter__(self) -> Iterator[T]:
        return iter(self._items)

    def __exit__(self, *exc: object) -> None:
        return None
