"""The `pnpgen` command: a click group of the card engine's commands, `kit`, and one group per game.

The games come from the registry (generator/games/__init__.py: each game package's declaration); the card engine's commands from
ENGINE_COMMANDS below. Each is imported only when it is run or listed, so `import generator.cli` stays
light. Commands stay thin: parse options, call one function, write, print paths. Errors of type
PnpError become one line on stderr and exit status 2.
"""

from __future__ import annotations

import importlib
import sys

import click

from generator import __version__, games

# The commands that are not a game's: name -> module defining `command`.
ENGINE_COMMANDS = {
    "box": "generator.cli.box",
    "calibrate": "generator.cards.cli.calibrate",
    "cards": "generator.cards.cli",
    "images": "generator.cards.cli.images",
    "kit": "generator.cli.kit",
    "preview": "generator.cards.cli.preview",
}


def command_names() -> list[str]:
    """Every sub-command of pnpgen, sorted."""
    return sorted([*ENGINE_COMMANDS, *(game.name for game in games.all_games())])


def load_command(name: str) -> click.Command | None:
    """The click command called `name`, imported on demand (None if there is none)."""
    game = games.game_named(name)
    if game is not None:
        from generator.cli.gamecli import game_command

        return game_command(game)
    if name in ENGINE_COMMANDS:
        command: click.Command = importlib.import_module(ENGINE_COMMANDS[name]).command
        return command
    return None


class _Group(click.Group):
    """A group that loads each sub-command from its module on demand."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(command_names()) | set(self.commands))

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in self.commands:
            return self.commands[name]
        return load_command(name)


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
      pnpgen kit                        # the whole print-and-play kit into output/kit/
      pnpgen cards example example      # the example deck as PDF sheets
      pnpgen calibrate                  # a duplex calibration page
    """
    ctx.ensure_object(dict)
    ctx.obj["debug"] = debug


def main(argv: list[str] | None = None) -> None:
    """Console entry point: run the group, turning pnpgen errors into one line and exit 2."""
    from generator.cli.common import run_cli

    sys.exit(run_cli(cli, argv))


if __name__ == "__main__":
    main()
