"""Write rendered pages to files: a registry of formats, every target checked before any is written, atomic writes."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import LayoutError
from generator.core.files import check_writable, staged_set, write_atomic
from generator.scene.model import Page


@dataclass(frozen=True)
class PageFormat:
    """How a page format (pages -> files, generator.render) renders: the whole document at once, or one file per page."""

    suffix: str
    per_page: bool
    render: Callable[[list[Page], float, str], Iterable[bytes]]


def _pdf(pages: list[Page], dpi: float, title: str, duplex: str | None = None) -> list[bytes]:
    from generator.render.pdf import render_pdf
    return [render_pdf(pages, title=title, duplex=duplex)]


def _svg(pages: list[Page], dpi: float, title: str) -> Iterable[bytes]:
    from generator.render.svg import render_svg, text_chars

    # each page embeds the document's one subset of each font it uses (as a deck's faces do): a font is
    # subset once, not once a page (a six-page Codex deal: 4 subsets, not 20, and a third of the CPU)
    charset = text_chars(pages)
    return (render_svg(page, charset=charset) for page in pages)          # one page's file at a time


def _png(pages: list[Page], dpi: float, title: str) -> Iterable[bytes]:
    from generator.render.png import render_png
    return (render_png(page, dpi=dpi) for page in pages)


def _recording(pages: list[Page], dpi: float, title: str) -> list[bytes]:
    from generator.render.recording import render_recording
    return [render_recording(pages).encode("utf-8")]


PAGE_FORMATS: dict[str, PageFormat] = {
    "pdf": PageFormat(".pdf", False, _pdf),
    "svg": PageFormat(".svg", True, _svg),
    "png": PageFormat(".png", True, _png),
    "txt": PageFormat(".txt", False, _recording),
}


def output_paths(count: int, fmt: str, path: str | Path) -> list[Path]:
    """The files write_pages would write for `count` pages."""
    spec = _format(fmt)
    path = Path(path)
    if not spec.per_page or count == 1:
        return [path]
    suffix = path.suffix or spec.suffix
    return [path.with_name(f"{path.stem}-{i:03d}{suffix}") for i in range(1, count + 1)]


def page_format_of(path: str | Path, default: str = "png") -> str:
    """The page format a file's suffix names (pdf, svg, png, txt), else `default`."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return suffix if suffix in PAGE_FORMATS else default


def _format(fmt: str) -> PageFormat:
    try:
        return PAGE_FORMATS[fmt]
    except KeyError:
        raise LayoutError(f"unknown output format {fmt!r} (known: {', '.join(PAGE_FORMATS)})",
                          key="format") from None


def write_pages(pages: list[Page], fmt: str, path: str | Path, force: bool = False,
                dpi: float = 300, title: str = "", duplex: str | None = None) -> list[Path]:
    """Render, then write every file whole (several as one set); refuses existing files (without
    force) before writing any. duplex (long/short): the PDF's Duplex viewer preference."""
    return write_rendered(render_files(pages, fmt, path, force, dpi, title, duplex), force)


def render_files(pages: list[Page], fmt: str, path: str | Path, force: bool = False,
                 dpi: float = 300, title: str = "", duplex: str | None = None) -> list[tuple[Path, bytes]]:
    """Every file's path and bytes, nothing written (targets checked first); see write_rendered."""
    pages = list(pages)
    if not pages:
        raise LayoutError("nothing to write: no pages", key="pages")
    targets = output_paths(len(pages), fmt, path)
    for target in targets:
        check_writable(target, force)
    blobs = (_pdf(pages, dpi, title, duplex) if fmt == "pdf" else
             _format(fmt).render(pages, dpi, title))
    return list(zip(targets, blobs, strict=True))


def write_rendered(files: list[tuple[Path, bytes]], force: bool = False) -> list[Path]:
    """Write rendered files: one whole (temp + rename), several as one set (core.files.staged_set)."""
    if not files:
        return []
    if len(files) == 1:
        return [write_atomic(files[0][0], files[0][1], force=force)]
    with staged_set(files[0][0].parent, force) as staged:
        for target, blob in files:
            staged.write(target.name, blob)
    return [target for target, _ in files]
