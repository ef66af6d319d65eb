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


def _command_paths() -> list[list[str]]:
    """Every command and sub-command, as the argument lists that reach it."""
    import click

    found: list[list[str]] = []

    def walk(group: click.Group, prefix: list[str]) -> None:
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            found.append([*prefix, name])
            if isinstance(sub, click.Group):
                walk(sub, [*prefix, name])

    walk(cli, [])
    return found


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


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run([sys.executable, "-m", "generator", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and "pnpgen" in result.stdout
