"""`--format pod --pod PRESET`: one image per card face at a print-on-demand printer's template.

Files (written as one staged set): NAME-front-001.png ... and, when the cards have backs,
NAME-back-001.png ...; each distinct face is rendered once and copies reuse its bytes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import click

from generator import paths
from generator.core.numbers import format_number


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


def pod_option():
    return click.option("--pod", default=None, metavar="PRESET", callback=list_presets,
                        is_eager=True,
                        help="pod: the printer's template (mpc-poker, tgc-poker, dtc-poker, ..., "
                             "custom:WxH@DPI+BLEED); --pod list shows them with their numbers.")


def pod_folder(output: Path | None, stem: str) -> tuple[Path, str]:
    if output is None:
        return paths.default_output(f"{stem}-pod"), stem
    out = Path(output)
    return (out.parent, out.stem) if out.suffix.lower() == ".png" else (out, stem)


def pod_names(base: str, count: int, backs: bool) -> list[str]:
    names = [f"{base}-front-{i:03d}.png" for i in range(1, count + 1)]
    if backs:
        names += [f"{base}-back-{i:03d}.png" for i in range(1, count + 1)]
    return names


def _key(items) -> str:
    return hashlib.sha1(repr(tuple(items)).encode("utf-8")).hexdigest()


def render_face(items, preset, card_size: tuple[float, float], art_bleed: float) -> bytes:
    """One face at the template's pixel size: art drawn with its own bleed, the rest mirrored."""
    import math

    from generator.core.units import MM_PER_INCH
    from generator.render.png import encode_png, render_image
    from generator.render.pod import mirror_extend
    from generator.scene.model import Group, Page, Rect, translate

    bx, by = preset.bleed
    w, h = card_size
    page = Page(w + 2 * bx, h + 2 * by, kind="card")
    bleed = min(art_bleed, bx, by)
    clip = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=None, stroke=None)
    page.add(Group(tuple(items), translate(bx, by), clip))
    image = render_image(page, preset.dpi)
    ring = (math.ceil(max(0.0, bx - bleed) / MM_PER_INCH * preset.dpi - 1e-6),
            math.ceil(max(0.0, by - bleed) / MM_PER_INCH * preset.dpi - 1e-6))
    if ring != (0, 0):
        inner = image.crop((ring[0], ring[1], image.size[0] - ring[0], image.size[1] - ring[1]))
        image = mirror_extend(inner, image.size)
    return encode_png(image, preset.dpi)


def write_pod(cards: Sequence, *, card_size: tuple[float, float], bleed: float, preset_name: str | None,
              output: Path | None, stem: str, force: bool = False, quiet: bool = False) -> list[Path]:
    """Render and write every card face at the preset; returns the paths written."""
    from generator.cli.common import check_outputs
    from generator.core.errors import LayoutError
    from generator.core.files import staged_set
    from generator.render.pod import check_card, pod_preset

    if not preset_name:
        raise LayoutError("--format pod needs --pod PRESET (pnpgen cards --pod list shows them)",
                          key="pod")
    preset = pod_preset(preset_name)
    check_card(preset, card_size)
    folder, base = pod_folder(output, stem)
    backs = any(card.back is not None for card in cards)
    names = pod_names(base, len(cards), backs)
    check_outputs([folder / n for n in names], force)
    need = max(preset.bleed)
    if bleed + 1e-6 < need and not quiet:
        click.echo(f"pnpgen: warning: {preset.name} asks for {need:.2f} mm of bleed, the cards have "
                   f"{format_number(bleed)} mm: the edge is mirrored to fill the rest", err=True)
    faces = [card.front for card in cards] + ([card.back or [] for card in cards] if backs else [])
    cache: dict[str, bytes] = {}
    written = []
    with staged_set(folder, force) as files:
        for name, items in zip(names, faces, strict=True):
            key = _key(items)
            if key not in cache:
                cache[key] = render_face(items, preset, card_size, bleed)
            written.append(files.write(name, cache[key]))
    return written


__all__ = ["list_presets", "pod_folder", "pod_names", "pod_option", "render_face", "write_pod"]
