"""The command line: help everywhere, version, and errors as one line with exit status 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

from generator.cli import cli
from generator.cli.common import run_cli


def _names() -> list[str]:
    import click
    return cli.list_commands(click.Context(cli))


def _commands() -> list[tuple[list[str], object]]:
    """Every command and sub-command: the argument list that reaches it, and the click command."""
    import click

    found: list[tuple[list[str], object]] = []

    def walk(group: click.Group, prefix: list[str]) -> None:
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            found.append(([*prefix, name], sub))
            if isinstance(sub, click.Group):
                walk(sub, [*prefix, name])

    walk(cli, [])
    return found


def _command_paths() -> list[list[str]]:
    """Every command and sub-command, as the argument lists that reach it."""
    return [path for path, _ in _commands()]


def _options_named(flag: str) -> list[tuple[str, object]]:
    import click

    return [(" ".join(path), param) for path, command in _commands() if isinstance(command, click.Command)
            for param in command.params if isinstance(param, click.Option) and flag in param.opts]


def test_version(capsys) -> None:
    assert run_cli(cli, ["--version"]) == 0
    assert "pnpgen, version" in capsys.readouterr().out


def test_top_help_lists_every_command(capsys) -> None:
    assert run_cli(cli, ["--help"]) == 0
    out = capsys.readouterr().out
    for name in _names():
        assert name in out


@pytest.mark.parametrize("path", _command_paths(), ids=" ".join)
def test_every_command_has_help_with_an_example(path, capsys) -> None:
    assert run_cli(cli, [*path, "--help"]) == 0
    out = capsys.readouterr().out
    assert "Usage:" in out and "pnpgen" in out
    assert "example" in out.lower()


def test_unknown_option_is_exit_2_without_traceback(capsys) -> None:
    assert run_cli(cli, ["kit", "--no-such-option"]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "no-such-option" in err


@pytest.mark.parametrize(("args", "named"), [
    (["kit", "--no-such-option"], "'--no-such-option'"),
    (["laser", "generate", "--count", "0"], "'--count': 0 is not in the range"),
    (["codenames", "key", "--cutter", "nope", "ABC"], "'--cutter'"),
    (["no-such-command"], "'no-such-command'"),
    (["laser", "generate", "--count"], "'--count' requires an argument"),
])
def test_a_command_line_mistake_is_one_line_naming_the_option(capsys, args, named) -> None:
    """click's usage errors are one line like every other error: the option named, the command's --help."""
    assert run_cli(cli, args) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("pnpgen: error: ") and named in err[0], err


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and "pnpgen" in result.stdout


def test_every_seed_is_the_shared_64_bit_option() -> None:
    """Each --seed comes from generator.cli.common.seed_option: the same 64-bit type (no hand-made --seed)."""
    from generator.cli.common import SEED_TYPE

    seeds = _options_named("--seed")
    assert {"kit", "laser puzzles", "laser assist", "codenames words", "codenames pictures"} <= {p for p, _ in seeds}
    assert [p for p, param in seeds if param.type is not SEED_TYPE] == []


def test_a_seed_too_long_or_not_a_code_is_refused_everywhere(capsys) -> None:
    """A seed is a number of at most 30 digits or a code (74 random bits, issue 31): a 31-digit number,
    a 5000-digit one or a mistyped code is refused naming --seed (click's usage error, no traceback)."""
    for path in ("laser puzzles", "laser assist -", "codenames words"):
        for bad in ("1" * 31, "9" * 5000, "K7QM3-T2W7R-H1XZC"):
            assert run_cli(cli, [*path.split(), "--seed", bad]) == 2, (path, bad)
            err = capsys.readouterr().err
            assert "--seed" in err and "Traceback" not in err, (path, bad)


def test_card_means_a_card_size_wherever_it_is_an_option() -> None:
    """--card is a card size (pnpgen images, calibrate), never a card number: `pnpgen cards` picks with --only."""
    import click

    cards = _options_named("--card")
    assert {"images", "calibrate"} <= {p for p, _ in cards}
    assert all(param.metavar == "SIZE" and not isinstance(param.type, (click.types.IntParamType, click.types.FloatParamType))
               for _, param in cards), [(p, param.metavar) for p, param in cards]
    assert "cards" not in {p for p, _ in cards} and "cards" in {p for p, _ in _options_named("--only")}
