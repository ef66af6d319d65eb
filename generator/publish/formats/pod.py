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
from generator.publish.job import PrintJob
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from PIL import Image as PILImage

    from generator.render.pod import PodPreset
    from generator.scene.model import Item


class PodFormat:
    """Every card face as an image at the preset's size, dpi and bleed."""

    name = "pod"
    options = frozenset({"pod"})
    per_group = False
    flags: tuple[FormatOption, ...] = ()
    streams = True          # a CardStream's faces are rendered (and staged) card by card

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

        preset = preset_of(job.opts)
        need = max(preset.bleed)
        note_fitted(job, preset.name, preset.trim)
        if job.bleed + 1e-6 < need and not job.opts.quiet:
            job.reporter.warn(f"{preset.name} asks for {need:.2f} mm of bleed, the cards have "
                              f"{format_number(job.bleed)} mm: the edge is mirrored to fill the rest")
        fronts, backs = job.targets[:job.count], job.targets[job.count:]
        staged: dict[str, str] = {}             # a face's key: the staged file already holding its image
        with staged_set(_folder(job)[0], job.replaces(job.targets)) as files:

            def face(path: Path, items: Sequence[Item]) -> None:
                key = _key(items)
                if key in staged:
                    files.write(path.name, files.path(staged[key]).read_bytes())
                else:
                    files.write(path.name, render_face(items, preset, job.card_size, job.bleed))
                    staged[key] = path.name

            count = 0
            for count, card in enumerate(deck, start=1):        # each card's images as it is drawn
                if count > job.count:
                    break
                face(fronts[count - 1], card.front)
                if backs:
                    face(backs[count - 1], card.back or [])
            if count != job.count:
                raise RuntimeError(f"internal: the job planned {job.count} cards, got {count}")
        return list(job.targets)


def note_fitted(job: PrintJob, name: str, trim: tuple[float, float]) -> None:
    """One line when the cards are drawn onto a printer's trim that differs from their own size."""
    from generator.render.pod import face_fit

    (w, h), (tw, th) = job.card_size, trim
    if not job.opts.quiet and (abs(w - tw) > 1e-6 or abs(h - th) > 1e-6):
        sx, sy, _, _ = face_fit(job.card_size, trim, (0.0, 0.0))
        how = (f"x{sx:.4f} across, x{sy:.4f} down" if sx != sy else
               f"x{sx:.4f} both ways, its proportions kept: {format_number(abs(w * sx - tw) / 2, 2)} mm a side "
               "goes into the bleed")
        job.reporter.note(f"the {format_number(w)}x{format_number(h)} mm cards are drawn onto {name}'s "
                          f"{format_number(tw)}x{format_number(th)} mm trim ({how})")


def _folder(job: PrintJob) -> tuple[Path, str]:
    """-o NAME.png gives its folder and stem; -o FOLDER a folder; default output/STEM-pod/."""
    return job.place((".png",), default=f"{job.stem}-pod")


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
    """One face at exactly the template's pixels: the card drawn (vector, so never resampled) onto the
    preset's trim, a card within the preset's tolerance scaled to it; the art keeps its own bleed
    and the strip beyond it is the art mirrored at its exact edge (see _mirrored)."""
    from generator.core.units import MM_PER_INCH
    from generator.render.png import encode_png, render_image
    from generator.render.pod import face_fit
    from generator.scene.model import Group, Page, Rect, compose, scale, translate

    (bx, by), (tw, th), (w, h) = preset.bleed, preset.trim, card_size
    sx, sy, ex, ey = face_fit(card_size, preset.trim, preset.bleed)
    bleed = max(0.0, min(art_bleed, ex, ey))
    page = Page(tw + 2 * bx, th + 2 * by, kind="card")
    clip = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=None, stroke=None)
    page.add(Group(tuple(items), transform=compose(translate(ex * sx, ey * sy), scale(sx, sy)), clip=clip))
    image = render_image(page, preset.dpi)
    if image.size != (preset.width_px, preset.height_px):     # a custom preset's rounding
        image = image.resize((preset.width_px, preset.height_px))
    ring = (math.ceil(max(0.0, (ex - bleed) * sx) / MM_PER_INCH * preset.dpi - 1e-6),
            math.ceil(max(0.0, (ey - bleed) * sy) / MM_PER_INCH * preset.dpi - 1e-6))
    if ring != (0, 0):
        full = _mirrored(items, preset, card_size, bleed)
        full.paste(image.crop((ring[0], ring[1], image.size[0] - ring[0], image.size[1] - ring[1])), ring)
        image = full
    return encode_png(image, preset.dpi)


def _mirrored(items: Sequence[Item], preset: PodPreset, card_size: tuple[float, float], bleed: float) -> PILImage.Image:
    """The face at the template's pixels with everything beyond the art's bleed mirrored at the art's
    exact edge: the art alone is rendered (its edge on a pixel boundary), mirrored there, then mapped
    onto the template's pixel grid (a sub-pixel shift). Only the strip outside the art is used."""
    from PIL import Image as PILImage

    from generator.render.png import render_image
    from generator.render.pod import face_fit, mirror_extend
    from generator.scene.model import Group, Page, Rect, translate

    w, h = card_size
    sx, sy, ex, ey = face_fit(card_size, preset.trim, preset.bleed)
    art = Page(w + 2 * bleed, h + 2 * bleed, kind="card")
    art.add(Group(tuple(items), transform=translate(bleed, bleed),
                  clip=Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=None, stroke=None)))
    image = render_image(art, preset.dpi * max(sx, sy))
    ax, ay = image.size[0] / art.width, image.size[1] / art.height         # px per card mm
    mx = math.ceil((ex - bleed) * ax) + 2
    my = math.ceil((ey - bleed) * ay) + 2
    image = mirror_extend(image, (image.size[0] + 2 * mx, image.size[1] + 2 * my))
    box = (mx + (bleed - ex) * ax, my + (bleed - ey) * ay,
           mx + (bleed + w + ex) * ax, my + (bleed + h + ey) * ay)
    return image.resize((preset.width_px, preset.height_px), PILImage.Resampling.LANCZOS, box=box)


FORMAT = PodFormat()
