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

import click

from generator import paths
from generator.core.numbers import format_number


@dataclass
class TtsPlan:
    """The distinct cards, which one each card of the deck is, and whether backs differ."""

    distinct: list
    order: list[int]
    unique_back: bool

    @property
    def sheets(self) -> int:
        from generator.render.tts import PER_SHEET

        return max(1, -(-len(self.distinct) // PER_SHEET))


def _key(items) -> str:
    return hashlib.sha1(repr(None if items is None else tuple(items)).encode("utf-8")).hexdigest()


def plan_tts(cards: Sequence) -> TtsPlan:
    """Group equal cards (same front and back drawing): each is drawn on a sheet once."""
    seen: dict[tuple[str, str], int] = {}
    distinct, order = [], []
    for card in cards:
        key = (_key(card.front), _key(card.back))
        if key not in seen:
            seen[key] = len(distinct)
            distinct.append(card)
        order.append(seen[key])
    backs = {_key(card.back) for card in distinct}
    return TtsPlan(distinct, order, len(backs) > 1)


def tts_folder(output: Path | None, stem: str) -> tuple[Path, str]:
    """-o NAME.json gives its folder and stem; -o FOLDER a folder; default output/STEM/."""
    if output is None:
        return paths.default_output(stem), stem
    out = Path(output)
    if out.suffix.lower() in (".json", ".png", ".jpg"):
        return out.parent, out.stem
    return out, stem


def tts_names(base: str, sheets: int, unique_back: bool, ext: str) -> tuple[list[str], list[str], str]:
    """(face sheet names, back image names, saved object name)."""
    faces = [f"{base}-tts-{i}.{ext}" for i in range(1, sheets + 1)]
    backs = ([f"{base}-tts-back-{i}.{ext}" for i in range(1, sheets + 1)] if unique_back
             else [f"{base}-tts-back.{ext}"])
    return faces, backs, f"{base}.json"


def _url(folder: Path, name: str, prefix: str | None) -> str:
    if prefix:
        return prefix.rstrip("/") + "/" + name
    return (folder / name).resolve().as_uri()


def write_tts(cards: Sequence, *, card_size: tuple[float, float], title: str, output: Path | None,
              stem: str, dpi: float | None, image: str = "png", url: str | None = None,
              force: bool = False, quiet: bool = False) -> list[Path]:
    """Render and write the deck's sheets, back(s) and saved object; returns the paths written."""
    from generator.cli.common import check_outputs
    from generator.core.files import staged_set
    from generator.render.png import pixel_size, render_image
    from generator.render.tts import PER_SHEET, TtsSheet, render_sheet, saved_object, tts_dpi, tts_grid
    from generator.scene.imposition import card_pages

    plan = plan_tts(cards)
    folder, base = tts_folder(output, stem)
    faces, backs, json_name = tts_names(base, plan.sheets, plan.unique_back, image)
    check_outputs([folder / n for n in [*faces, *backs, json_name]], force)
    w, h = card_size
    columns, rows = tts_grid(min(len(plan.distinct), PER_SHEET))     # the largest sheet's grid
    used = tts_dpi(w, dpi, h, columns, rows)
    if used < float(dpi or 300) and not quiet:
        click.echo(f"Tabletop Simulator: {format_number(float(dpi or 300))} dpi lowered to {format_number(used)} dpi so "
                   f"{columns} x {rows} cards of {format_number(w)} x {format_number(h)} mm fit 4096 px", err=True)
    written: list[Path] = []
    sheets: list[TtsSheet] = []
    with staged_set(folder, force) as files:
        for number in range(plan.sheets):
            chunk = plan.distinct[number * PER_SHEET:(number + 1) * PER_SHEET]
            front_pages = card_pages(chunk, card_size, 0.0)
            cell = pixel_size(front_pages[0], used)
            written.append(files.write(faces[number], render_sheet(
                [render_image(p, used) for p in front_pages], cell, image, used)))
            if plan.unique_back:
                back_pages = card_pages(chunk, card_size, 0.0, side="back")
                written.append(files.write(backs[number], render_sheet(
                    [render_image(p, used) for p in back_pages], cell, image, used)))
            back_name = backs[number] if plan.unique_back else backs[0]
            sheets.append(TtsSheet(_url(folder, faces[number], url), _url(folder, back_name, url),
                                   len(chunk), plan.unique_back))
        if not plan.unique_back:
            back_page = card_pages(plan.distinct[:1], card_size, 0.0, side="back")[0]
            written.append(files.write(backs[0], render_sheet(
                [render_image(back_page, used)], pixel_size(back_page, used), image, used)))
        order = [(index // PER_SHEET + 1, index % PER_SHEET, card.label or f"card {n}")
                 for n, (index, card) in enumerate(zip(plan.order, cards, strict=True), start=1)]
        written.append(files.write(json_name, saved_object(title, sheets, order)))
    return written


__all__ = ["TtsPlan", "plan_tts", "tts_folder", "tts_names", "write_tts"]
