"""The `pnpgen` command: a click group whose sub-commands are found in generator/commands/.

Each module generator/commands/<name>.py exposes `command` (a click command or group); modules
whose name starts with "_" are helpers. Commands stay thin: parse options, call one function,
write, print paths. Errors of type PnpError become one line on stderr and exit status 2.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys

import click

from generator import __version__

_COMMANDS_PACKAGE = "generator.commands"


def _command_modules() -> list[str]:
    from generator import commands

    return sorted(m.name for m in pkgutil.iter_modules(commands.__path__) if not m.name.startswith("_"))


class _Group(click.Group):
    """A group that loads each sub-command from its module on demand."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = {name.replace("_", "-") for name in _command_modules()}
        return sorted(names | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        module_name = name.replace("-", "_")
        if module_name not in _command_modules():
            return None
        module = importlib.import_module(f"{_COMMANDS_PACKAGE}.{module_name}")
        return module.command


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "--version", prog_name="pnpgen")
@click.option("--debug", is_flag=True, help="Show full tracebacks for errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """pnpgen: print-and-play content generator.

    Prints card sheets from data and templates (PDF, SVG, PNG, Tabletop Simulator), deals game
    setups, and checks and solves laser-circuit layouts. Every random output takes --seed; the
    same seed gives byte-identical files.

    \b
    Examples:
      pnpgen kit --seed 42              # the whole print-and-play kit into output/kit/
      pnpgen cards example example      # the example deck as PDF sheets
      pnpgen calibrate                  # a duplex calibration page
    """
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the group, turning pnpgen errors into one line and exit 2."""
    from generator.commands._common import run_cli

    sys.exit(run_cli(cli, argv))


if __name__ == "__main__":
    main()
