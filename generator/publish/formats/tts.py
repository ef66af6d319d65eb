"""`--format tts`: a Tabletop Simulator deck that imports in one step.

Writes, as one set (staged, then moved into place together): the face sheets NAME-tts-1.png...,
the back (NAME-tts-back.png, or back sheets NAME-tts-back-1.png... when cards have different
backs) and the saved object NAME.json whose URLs are file:/// paths of those images (or
--tts-url PREFIX + file name). Each distinct card is rendered once; copies share its CardID.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.core.numbers import format_number
from generator.publish.job import PrintJob, check_raster
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.core.files import FileSet
    from generator.scene.imposition import Card

PER_SHEET = 70          # 10 x 7; BackIsHidden makes the last cell a card too (docs/tts.md)


def _key(items: Sequence[Any] | None) -> str:
    return hashlib.sha1(repr(None if items is None else tuple(items)).encode("utf-8")).hexdigest()


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
    streams = True          # a CardStream is drawn a sheet of distinct cards at a time

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

        with staged_set(_folder(job)[0], job.replaces(job.targets)) as files:
            return _write_set(job, deck, files)


def _image(job: PrintJob) -> str:
    """--tts-image: png or jpg."""
    return IMAGE.value(job.opts) or "png"


def _folder(job: PrintJob) -> tuple[Path, str]:
    """-o NAME.json gives its folder and stem; -o FOLDER a folder; default output/STEM/."""
    return job.place((".json", ".png", ".jpg"))


def _dpi(job: PrintJob, first: int) -> float:
    """The dpi of the sheets: --dpi (300), lowered (and said) so the largest sheet (the first, of
    `first` cards) fits 4096 px."""
    from generator.render.tts import tts_dpi, tts_grid

    w, h = job.card_size
    asked = float(job.opts.dpi or 300)
    columns, rows = tts_grid(first, (w, h), job.opts.dpi)
    used = tts_dpi(w, job.opts.dpi, h, columns, rows)
    if used < asked and not job.opts.quiet:
        job.reporter.note(f"Tabletop Simulator: {format_number(asked)} dpi lowered to {format_number(used)} dpi so "
                          f"{columns} x {rows} cards of {format_number(w)} x {format_number(h)} mm fit 4096 px")
    return used


def _url(folder: Path, name: str, prefix: str | None) -> str:
    if prefix:
        return prefix.rstrip("/") + "/" + name
    return (folder / name).resolve().as_uri()


def _write_set(job: PrintJob, deck: Iterable[Card], files: FileSet) -> list[Path]:
    """Render the deck's sheets, back(s) and saved object into the staged set as the cards are drawn
    (a sheet of distinct cards in memory at a time: each face sheet is rendered when its 70th distinct
    card comes); the paths written, each sheet followed by its backs sheet, then the back, the saved object.

    Equal cards (same front and back drawing) are drawn on a sheet once. Whether the backs differ is
    known only when a different one comes: until then every card has the first card's back, so the
    back sheets of the sheets already written are then made of it."""
    from generator.render.png import pixel_size, render_image
    from generator.render.tts import TtsSheet, render_sheet, saved_object, tts_grid
    from generator.scene.imposition import card_pages

    folder, base = _folder(job)
    image, url = _image(job), URL.value(job.opts)
    seen: dict[tuple[str, str], int] = {}
    order: list[tuple[int, int, str]] = []
    chunk: list[Card] = []
    sheets: list[tuple[int, tuple[int, int]]] = []        # each face sheet written: its cards and grid
    first: Card | None = None
    unique_back = False
    used = 0.0
    staged: list[Path] = []

    def stage(name: str, blob: bytes | str) -> None:
        path = folder / name
        job.refuse_more([path])                 # (the names beyond the first sheet are known only now)
        staged.append(path)
        files.force = job.replaces(staged)
        files.write(name, blob)

    def sheet(cards: Sequence[Card], side: str, grid: tuple[int, int] | None = None) -> bytes:
        pages = card_pages(cards, job.card_size, 0.0, side=side)
        return render_sheet([render_image(p, used) for p in pages], pixel_size(pages[0], used), image, used, grid)

    def flush() -> None:
        nonlocal used
        if not sheets:
            used = _dpi(job, len(chunk))
        grid = tts_grid(len(chunk), job.card_size, used)
        sheets.append((len(chunk), grid))
        stage(f"{base}-tts-{len(sheets)}.{image}", sheet(chunk, "front", grid))
        if unique_back:
            stage(f"{base}-tts-back-{len(sheets)}.{image}", sheet(chunk, "back", grid))
        chunk.clear()

    for n, card in enumerate(deck, start=1):
        key = (_key(card.front), _key(card.back))
        if key not in seen:
            if first is None:
                first = card
            elif not unique_back and key[1] != _key(first.back):
                unique_back = True
                for number, (count, grid) in enumerate(sheets, start=1):
                    stage(f"{base}-tts-back-{number}.{image}", sheet([first] * count, "back", grid))
            seen[key] = len(seen)
            chunk.append(card)
        index = seen[key]
        order.append((index // PER_SHEET + 1, index % PER_SHEET, card.label or f"card {n}"))
        if len(chunk) == PER_SHEET:
            flush()
    if len(order) != job.count or first is None:
        raise RuntimeError(f"internal: the job planned {job.count} cards, got {len(order)}")
    if chunk:
        flush()
    faces, backs, json_name = tts_names(base, len(sheets), unique_back, image)
    if not unique_back:
        back_page = card_pages([first], job.card_size, 0.0, side="back")[0]
        stage(backs[0], render_sheet([render_image(back_page, used)], pixel_size(back_page, used), image, used))
    described = [TtsSheet(_url(folder, faces[i], url), _url(folder, backs[i] if unique_back else backs[0], url),
                          count, unique_back, grid) for i, (count, grid) in enumerate(sheets)]
    stage(json_name, saved_object(job.title, described, order))
    names = [name for pair in zip(faces, backs, strict=True) for name in pair] if unique_back else [*faces, *backs]
    return [folder / name for name in [*names, json_name]]


FORMAT = TtsFormat()
