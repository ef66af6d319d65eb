"""`--pod PRESET`: the command-line option of the print-on-demand format (generator/publish/formats/pod.py writes it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click


def list_presets(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--pod list: print the presets with their numbers and exit."""
    if value is None or value.strip().lower() != "list" or ctx.resilient_parsing:
        return value
    from generator.render.pod import PRESETS

    for preset in PRESETS.values():
        click.echo(preset.describe())
    click.echo("custom:WxH@DPI+BLEED  trim W x H mm at DPI with BLEED mm on every side "
               "(e.g. custom:63.5x88.9@300+3)")
    ctx.exit(0)
    return None


def pod_option() -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    return click.option("--pod", default=None, metavar="PRESET", callback=list_presets,
                        is_eager=True,
                        help="pod: the printer's template (mpc-poker, tgc-poker, dtc-poker, ..., "
                             "custom:WxH@DPI+BLEED); pdfx: its trim and bleed. --pod list shows them "
                             "with their numbers.")


__all__ = ["list_presets", "pod_option"]
