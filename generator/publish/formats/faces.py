"""`--format svg|png`: one file per card face (one per distinct back), or whole printable sheets with --sheets."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.publish.job import PrintJob, card_backs, check_raster
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.scene.imposition import Card
    from generator.scene.model import Page


SVG_TEXT = FormatOption("svg_text", "--svg-text", "svg: embed the fonts used (one subset per font for the whole deck, made "
                        "once; browsers, Inkscape) or draw text as outlines (paths: looks the same in every viewer, "
                        "librsvg included).", default="fonts", choices=("fonts", "paths"))


class FacesFormat:
    """SVG or PNG files: a card face each, or an imposed sheet each (--sheets)."""

    def __init__(self, name: str) -> None:
        self.name = name
        # per-card files: backs unless --duplex none; --sheets: the imposed sheets' options too (imposes)
        self.options = frozenset({"sheets", "duplex", "jobs", "svg_text" if name == "svg" else "dpi"})
        self.per_group = False
        self.flags: tuple[FormatOption, ...] = (SVG_TEXT,) if name == "svg" else ()

    def imposes(self, opts: DeckOptions) -> bool:
        return opts.sheets

    def check(self, job: PrintJob) -> None:
        if self.name == "png":
            check_raster(job)
        if job.opts.sheets:
            from generator.core.limits import check_page_count

            check_page_count(job.sheet_count(True), job.opts.max_cards)
        # per-card files (a front and a back file a card at most) are bounded by the card limit

    def paths(self, job: PrintJob) -> list[Path]:
        """The sheets (--sheets), or each card's front file; back files are named when writing."""
        folder, base = self._folder(job)
        if job.opts.sheets:
            pages = job.sheet_count(job.has_backs)
            return [folder / f"{base}-sheet-{i:03d}.{self.name}" for i in range(1, pages + 1)]
        return [folder / f"{base}-{i:03d}.{self.name}" for i in _numbers(job)]

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        cards: list[Card] = list(deck)
        card_backs(cards, job)
        if job.opts.sheets:
            from generator.publish.formats.pdf import imposed_pages

            return self._write_pages(job, imposed_pages(job, cards), list(job.targets))
        from generator.scene.imposition import card_pages

        pages = card_pages(cards, job.card_size, job.bleed)
        targets = list(job.targets)
        if job.opts.duplex and job.has_backs:
            firsts = distinct_backs(cards)
            pages += card_pages([cards[i] for i in firsts], job.card_size, job.bleed, side="back")
            targets += self._back_paths(job, firsts)
            job.refuse_more(targets)
        return self._write_pages(job, pages, targets)

    def _folder(self, job: PrintJob) -> tuple[Path, str]:
        return job.place((f".{self.name}",))

    def _back_paths(self, job: PrintJob, firsts: Sequence[int]) -> list[Path]:
        """NAME-back.EXT for one back; else NAME-back-NNN.EXT for each card whose back differs from every earlier one."""
        folder, base = self._folder(job)
        if len(firsts) == 1:
            return [folder / f"{base}-back.{self.name}"]
        numbers = _numbers(job)
        return [folder / f"{base}-back-{numbers[i]:03d}.{self.name}" for i in firsts]

    def _write_pages(self, job: PrintJob, pages: list[Page], targets: list[Path]) -> list[Path]:
        """One file per page, each written as it is made into a staging folder, then all moved into
        place together; each distinct page rendered once, in --jobs processes."""
        from generator.core.files import staged_set
        from generator.render.pool import render_many

        if len(pages) != len(targets):
            raise RuntimeError(f"internal: {len(pages)} pages for {len(targets)} paths")
        written: list[Path] = []
        with staged_set(targets[0].parent, job.replaces(targets)) as files, \
                job.progress(targets, f"Rendering {self.name.upper()}") as bar:
            for path, blob in zip(bar, render_many(pages, self._renderer(job, pages), job.opts.jobs), strict=True):
                written.append(files.write(path.name, blob))
        return written

    def _renderer(self, job: PrintJob, pages: Sequence[Page]) -> Callable[[Page], bytes]:
        from generator.render import render_png, render_svg

        if self.name == "svg":
            text = SVG_TEXT.value(job.opts) or "fonts"
            if text != "fonts":
                return functools.partial(render_svg, text=text)
            from generator.render.svg import text_chars
            from generator.render.svgfonts import font_face_css

            # every face embeds the run's one subset of each font it uses: made once, here, before
            # any worker starts (forked workers inherit it), from all the pages, so --jobs changes nothing
            charset = text_chars(pages)
            font_face_css({font: set(chars) for font, chars in charset.items()}, charset)
            return functools.partial(render_svg, text="fonts", charset=charset)
        return functools.partial(render_png, dpi=job.opts.raster_dpi)


def _numbers(job: PrintJob) -> list[int]:
    """Each card's number in the whole deck (--only keeps the numbers the cards had)."""
    return list(job.opts.numbers or range(1, job.count + 1))


def distinct_backs(cards: Sequence[Card]) -> list[int]:
    """Indexes of the cards whose back differs from every earlier card's back (cards with a back)."""
    seen: dict[Any, int] = {}
    for index, card in enumerate(cards):
        if card.back is not None:
            try:
                key: Any = tuple(card.back)
                hash(key)
            except TypeError:
                key = repr(card.back)
            seen.setdefault(key, index)
    return list(seen.values())


SVG = FacesFormat("svg")
PNG = FacesFormat("png")
