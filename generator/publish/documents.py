"""A game's own document (a setup sheet, a chapter sheet) in the format its command was given, decided here.

    doc = Document(title="Noir setup", pages=lambda whole: setup_pages(..., rules=whole), data=lambda: setup_json(...))
    write_document(doc, fmt, target, force, reporter)

pdf, svg, png: the pages (generator.render.write_pages; svg/png one file a page). `pages(whole)` is told
whether the format holds the whole product in one file (a PDF: then the rules sheet can follow the
sheet). json: `data()` as JSON, to the target or, without one, through the reporter (stdout). none:
nothing is written. A game asks `wants_target(fmt)` before choosing a default file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.publish.report import PLAIN, Reporter

if TYPE_CHECKING:
    from generator.scene.model import Page

DATA_FORMATS = ("json", "text")
NOTHING = "none"


@dataclass(frozen=True)
class Document:
    """What a document is in every format: its title, its pages (whole: one file holds them all), its data (json)
    and its text form (text)."""

    title: str
    pages: Callable[[bool], list[Page]]
    data: Callable[[], Any] | None = None
    text: Callable[[], str] | None = None
    dpi: float = 300        # png


def writes_data(fmt: str) -> bool:
    """Whether `fmt` writes the document's data (json, text), possibly to stdout, rather than its pages."""
    return fmt in DATA_FORMATS


def wants_target(fmt: str) -> bool:
    """Whether `fmt` writes a file that needs a default name without -o (pages do; data goes to stdout)."""
    return not writes_data(fmt) and fmt != NOTHING


def write_document(doc: Document, fmt: str, target: Path | None, force: bool, reporter: Reporter = PLAIN) -> list[Path]:
    """Write the document in `fmt` (its pages, its data, or nothing for "none"); the files written."""
    from generator.render.write import write_rendered

    return write_rendered(render_document(doc, fmt, target, force, reporter), force)


def refuse_target(fmt: str, target: Path | None, force: bool) -> None:
    """Before any work: the one file a format writes (a PDF, json or text to a file), refused when it exists
    (without force); page-per-file formats are refused when their pages are counted."""
    from generator.core.files import check_writable
    from generator.render.write import PAGE_FORMATS

    if target is not None and str(target) != "-" and fmt != NOTHING and not (fmt in PAGE_FORMATS and PAGE_FORMATS[fmt].per_page):
        check_writable(Path(target), force)


def _data_text(doc: Document, fmt: str) -> str:
    """The document's data as JSON, or its text form."""
    if fmt == "text":
        if doc.text is None:
            raise RuntimeError(f"internal: {doc.title} has no text form")
        return doc.text()
    return json.dumps(doc.data() if doc.data is not None else None, ensure_ascii=False, indent=2) + "\n"


def render_document(doc: Document, fmt: str, target: Path | None, force: bool,
                    reporter: Reporter = PLAIN) -> list[tuple[Path, bytes]]:
    """The document's files in `fmt`, rendered but not written (every target refused first without force):
    for a command that saves something else before them (a campaign before its chapter sheet). Data without
    a target goes through the reporter (stdout) at once."""
    from generator.core.files import check_writable
    from generator.render.write import PAGE_FORMATS, render_files

    if fmt == NOTHING:
        return []
    if writes_data(fmt):
        text = _data_text(doc, fmt)
        if target is None or str(target) == "-":
            reporter.data(text)
            return []
        check_writable(target, force)
        return [(Path(target), text.encode("utf-8"))]
    if target is None:
        raise RuntimeError(f"internal: a {fmt} document needs a target")
    pages = doc.pages(not PAGE_FORMATS[fmt].per_page)
    return render_files(pages, fmt, target, force=force, dpi=doc.dpi, title=doc.title)
