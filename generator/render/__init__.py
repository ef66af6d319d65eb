"""Backends: list[Page] → PDF, SVG, PNG, Tabletop Simulator sheets or a recording log; heavy libraries load on first use."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:   # pragma: no cover
    from collections.abc import Mapping

    from generator.scene.model import Page


def render_pdf(pages: list[Page], title: str = "", duplex: str | None = None,
               forms: bool = True, max_ppi: float | None = 600.0) -> bytes:
    """All pages as one PDF (fonts embedded as subsets, invariant, TrimBox/BleedBox, PrintScaling None;
    pictures embedded once each, as they are, resampled above max_ppi at their placed size; with
    duplex long/short, the Duplex viewer preference; repeated card faces as forms)."""
    from generator.render.pdf import render_pdf as run
    return run(pages, title=title, duplex=duplex, forms=forms, max_ppi=max_ppi)


def render_svg(page: Page, text: str = "fonts", charset: Mapping[str, str] | None = None) -> bytes:
    """One page as SVG (size in mm, explicit ids; fonts embedded as subsets, or text="paths");
    charset {font: characters} (svg.text_chars of a whole run): embed that run-wide subset."""
    from generator.render.svg import render_svg as run
    return run(page, text=text, charset=charset)


def render_png(page: Page, dpi: float = 300) -> bytes:
    """One page as an RGB PNG at dpi (pixel size round(mm / 25.4 * dpi))."""
    from generator.render.png import render_png as run
    return run(page, dpi=dpi)


def render_recording(pages: list[Page]) -> str:
    """One text line per primitive after text layout (numbers to 0.01 mm), for golden tests."""
    from generator.render.recording import render_recording as run
    return run(pages)


def render_tts(card_pages: list[Page], back_page: Page, dpi: float | None = None) -> tuple[list[bytes], bytes]:
    """Tabletop Simulator deck sheets (<= 10x7 cards, <= 4096 px wide, RGB) and the back image."""
    from generator.render.tts import render_tts as run
    return run(card_pages, back_page, dpi=dpi)


def write_pages(pages: list[Page], fmt: str, path: str | Path, force: bool = False,
                dpi: float = 300, title: str = "", duplex: str | None = None) -> list[Path]:
    """Render and write pages: pdf one file; svg/png one file per page (stem-001.ext...)."""
    from generator.render.write import write_pages as run
    return run(pages, fmt, path, force=force, dpi=dpi, title=title, duplex=duplex)


__all__ = ["render_pdf", "render_png", "render_recording", "render_svg", "render_tts", "write_pages"]
