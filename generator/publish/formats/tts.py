"""`--format tts`: a Tabletop Simulator deck that imports in one step.

Writes, as one set (staged, then moved into place together): the face sheets NAME-tts-1.png...,
the back (NAME-tts-back.png, or back sheets NAME-tts-back-1.png... when cards have different
backs) and the saved object NAME.json whose URLs are file:/// paths of those images (or
--tts-url PREFIX + file name). Each distinct card is rendered once; copies share its CardID.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.numbers import format_number
from generator.publish.job import PrintJob, check_raster
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.core.files import FileSet
    from generator.scene.imposition import Card

PER_SHEET = 70          # 10 x 7; BackIsHidden makes the last cell a card too (docs/tts.md)


@dataclass
class TtsPlan:
    """The distinct cards, which one each card of the deck is, and whether backs differ."""

    distinct: list[Card]
    order: list[int]
    unique_back: bool

    @property
    def sheets(self) -> int:
        return max(1, -(-len(self.distinct) // PER_SHEET))


def _key(items: Sequence[Any] | None) -> str:
    return hashlib.sha1(repr(None if items is None else tuple(items)).encode("utf-8")).hexdigest()


def plan_tts(cards: Sequence[Card]) -> TtsPlan:
    """Group equal cards (same front and back drawing): each is drawn on a sheet once."""
    seen: dict[tuple[str, str], int] = {}
    distinct: list[Card] = []
    order: list[int] = []
    for card in cards:
        key = (_key(card.front), _key(card.back))
        if key not in seen:
            seen[key] = len(distinct)
            distinct.append(card)
        order.append(seen[key])
    backs = {_key(card.back) for card in distinct}
    return TtsPlan(distinct, order, len(backs) > 1)


def tts_names(base: str, sheets: int, unique_back: bool, ext: str) -> tuple[list[str], list[str], str]:
    """(face sheet names, back image names, saved object name)."""
    faces = [f"{base}-tts-{i}.{ext}" for i in range(1, sheets + 1)]
    backs = ([f"{base}-tts-back-{i}.{ext}" for i in range(1, sheets + 1)] if unique_back
             else [f"{base}-tts-back.{ext}"])
    return faces, backs, f"{base}.json"


# Its own options (every deck command offers them; opts.extra holds their values).
IMAGE = FormatOption("tts_image", "--tts-image", "tts: image format of the deck sheets.", default="png",
                     choices=("png", "jpg"))
URL = FormatOption("tts_url", "--tts-url", "tts: the web address the images will be uploaded to (the saved object "
                   "then names PREFIX/file instead of file:/// paths, for sharing).", metavar="PREFIX")


class TtsFormat:
    """Tabletop Simulator deck sheets, back image(s) and the saved object."""

    name = "tts"
    options = frozenset({"dpi", "tts_image", "tts_url"})
    per_group = True        # one Tabletop Simulator deck per group: each has its own backs
    flags: tuple[FormatOption, ...] = (IMAGE, URL)

    def imposes(self, opts: DeckOptions) -> bool:
        return False

    def check(self, job: PrintJob) -> None:
        check_raster(job)

    def paths(self, job: PrintJob) -> list[Path]:
        """The first face sheet and the saved object; the other sheets and the backs depend on the
        distinct cards drawn (named when writing)."""
        folder, base = _folder(job)
        faces, _, saved = tts_names(base, 1, False, _image(job))
        return [folder / faces[0], folder / saved]

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        from generator.core.files import staged_set

        cards: list[Card] = list(deck)
        plan = plan_tts(cards)
        folder, base = _folder(job)
        faces, backs, json_name = tts_names(base, plan.sheets, plan.unique_back, _image(job))
        targets = [folder / n for n in [*faces, *backs, json_name]]
        job.refuse_more(targets)
        dpi = _dpi(job, plan)
        with staged_set(folder, job.replaces(targets)) as files:
            return _write_set(job, cards, plan, (faces, backs, json_name), dpi, files)


def _image(job: PrintJob) -> str:
    """--tts-image: png or jpg."""
    return IMAGE.value(job.opts) or "png"


def _folder(job: PrintJob) -> tuple[Path, str]:
    """-o NAME.json gives its folder and stem; -o FOLDER a folder; default output/STEM/."""
    return job.place((".json", ".png", ".jpg"))


def _dpi(job: PrintJob, plan: TtsPlan) -> float:
    """The dpi of the sheets: --dpi (300), lowered (and said) so the largest sheet fits 4096 px."""
    from generator.render.tts import tts_dpi, tts_grid

    w, h = job.card_size
    asked = float(job.opts.dpi or 300)
    columns, rows = tts_grid(min(len(plan.distinct), PER_SHEET), (w, h), job.opts.dpi)   # the largest sheet's
    used = tts_dpi(w, job.opts.dpi, h, columns, rows)
    if used < asked and not job.opts.quiet:
        job.reporter.note(f"Tabletop Simulator: {format_number(asked)} dpi lowered to {format_number(used)} dpi so "
                          f"{columns} x {rows} cards of {format_number(w)} x {format_number(h)} mm fit 4096 px")
    return used


def _url(folder: Path, name: str, prefix: str | None) -> str:
    if prefix:
        return prefix.rstrip("/") + "/" + name
    return (folder / name).resolve().as_uri()


def _write_set(job: PrintJob, cards: list[Card], plan: TtsPlan, names: tuple[list[str], list[str], str],
               used: float, files: FileSet) -> list[Path]:
    """Render the deck's sheets, back(s) and saved object into the staged set; the paths written."""
    from generator.render.png import pixel_size, render_image
    from generator.render.tts import TtsSheet, render_sheet, saved_object, tts_grid
    from generator.scene.imposition import card_pages

    faces, backs, json_name = names
    folder, image, url = _folder(job)[0], _image(job), URL.value(job.opts)
    written: list[Path] = []
    sheets: list[TtsSheet] = []
    for number in range(plan.sheets):
        chunk = plan.distinct[number * PER_SHEET:(number + 1) * PER_SHEET]
        front_pages = card_pages(chunk, job.card_size, 0.0)
        cell = pixel_size(front_pages[0], used)
        grid = tts_grid(len(chunk), job.card_size, used)
        written.append(files.write(faces[number], render_sheet(
            [render_image(p, used) for p in front_pages], cell, image, used, grid)))
        if plan.unique_back:
            back_pages = card_pages(chunk, job.card_size, 0.0, side="back")
            written.append(files.write(backs[number], render_sheet(
                [render_image(p, used) for p in back_pages], cell, image, used, grid)))
        back_name = backs[number] if plan.unique_back else backs[0]
        sheets.append(TtsSheet(_url(folder, faces[number], url), _url(folder, back_name, url),
                               len(chunk), plan.unique_back, grid))
    if not plan.unique_back:
        back_page = card_pages(plan.distinct[:1], job.card_size, 0.0, side="back")[0]
        written.append(files.write(backs[0], render_sheet(
            [render_image(back_page, used)], pixel_size(back_page, used), image, used)))
    order = [(index // PER_SHEET + 1, index % PER_SHEET, card.label or f"card {n}")
             for n, (index, card) in enumerate(zip(plan.order, cards, strict=True), start=1)]
    written.append(files.write(json_name, saved_object(job.title, sheets, order)))
    return written


FORMAT = TtsFormat()
