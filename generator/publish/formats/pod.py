"""`--format pod --pod PRESET`: one image per card face at a print-on-demand printer's template.

Files (written as one staged set): NAME-front-001.png ... and, when the cards have backs,
NAME-back-001.png ...; each distinct face is rendered once and copies reuse its bytes.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.numbers import format_number
from generator.publish.job import PrintJob, card_backs, folder_and_stem
from generator.publish.options import DeckOptions

if TYPE_CHECKING:
    from generator.render.pod import PodPreset
    from generator.scene.imposition import Card
    from generator.scene.model import Item


class PodFormat:
    """Every card face as an image at the preset's size, dpi and bleed."""

    name = "pod"

    def imposes(self, opts: DeckOptions) -> bool:
        return False

    def check(self, job: PrintJob) -> None:
        from generator.render.pod import check_card

        check_card(preset_of(job.opts), job.card_size)

    def paths(self, job: PrintJob) -> list[Path]:
        folder, base = _folder(job)
        return [folder / name for name in pod_names(base, job.count, job.has_backs)]

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        from generator.core.files import staged_set

        cards: list[Card] = list(deck)
        backs = card_backs(cards, job)
        preset = preset_of(job.opts)
        need = max(preset.bleed)
        if job.bleed + 1e-6 < need and not job.opts.quiet:
            job.reporter.warn(f"{preset.name} asks for {need:.2f} mm of bleed, the cards have "
                              f"{format_number(job.bleed)} mm: the edge is mirrored to fill the rest")
        faces = [card.front for card in cards] + ([card.back or [] for card in cards] if backs else [])
        cache: dict[str, bytes] = {}
        written = []
        with staged_set(_folder(job)[0], job.opts.force) as files:
            for path, items in zip(job.targets, faces, strict=True):
                key = _key(items)
                if key not in cache:
                    cache[key] = render_face(items, preset, job.card_size, job.bleed)
                written.append(files.write(path.name, cache[key]))
        return written


def _folder(job: PrintJob) -> tuple[Path, str]:
    """-o NAME.png gives its folder and stem; -o FOLDER a folder; default output/STEM-pod/."""
    return folder_and_stem(job.opts.output, job.stem, (".png",), default=f"{job.stem}-pod")


def preset_of(opts: DeckOptions) -> PodPreset:
    """The --pod preset (LayoutError without one, or for an unknown one)."""
    from generator.core.errors import LayoutError
    from generator.render.pod import pod_preset

    if not opts.pod:
        raise LayoutError("--format pod needs --pod PRESET (pnpgen cards --pod list shows them)", key="pod")
    return pod_preset(opts.pod)


def pod_names(base: str, count: int, backs: bool) -> list[str]:
    names = [f"{base}-front-{i:03d}.png" for i in range(1, count + 1)]
    if backs:
        names += [f"{base}-back-{i:03d}.png" for i in range(1, count + 1)]
    return names


def _key(items: Sequence[Item]) -> str:
    return hashlib.sha1(repr(tuple(items)).encode("utf-8")).hexdigest()


def render_face(items: Sequence[Item], preset: PodPreset, card_size: tuple[float, float], art_bleed: float) -> bytes:
    """One face at the template's pixel size: art drawn with its own bleed, the rest mirrored."""
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


FORMAT = PodFormat()
