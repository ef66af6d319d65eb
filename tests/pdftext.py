"""The text of each page of a PDF, as the tests read it back: poppler's pdftotext when it is installed
(about a tenth of pypdf's CPU on pages of drawn card faces), else pypdf's extract_text; the tests that
read pages through here pass with either. Each file is read once per session as it is (its size and
modification time are in the key), so tests reading the same shared kit share the reading.
`pdf_texts(data)` is the same for a PDF held in memory (not cached)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

_READ: dict[tuple[Path, int, int, bool], tuple[str, ...]] = {}


def page_texts(path: Path | str, tool: bool | None = None) -> tuple[str, ...]:
    """The text of each page: pdftotext's (tool=True), pypdf's (False), or pdftotext's when installed (None)."""
    path = Path(path)
    stat = path.stat()
    tool = shutil.which("pdftotext") is not None if tool is None else tool
    key = (path.resolve(), stat.st_size, stat.st_mtime_ns, tool)
    if key not in _READ:
        _READ[key] = _read(path, tool)
    return _READ[key]


def pdf_texts(data: bytes, tool: bool | None = None) -> tuple[str, ...]:
    """The text of each page of a PDF's bytes, as page_texts reads a file (pdftotext reads them on stdin)."""
    tool = shutil.which("pdftotext") is not None if tool is None else tool
    return _read(data, tool)


def _read(source: Path | bytes, tool: bool) -> tuple[str, ...]:
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(source) if isinstance(source, bytes) else str(source))
    if not tool:
        return tuple(page.extract_text() or "" for page in reader.pages)
    name, data = ("-", source) if isinstance(source, bytes) else (str(source), None)
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", name, "-"], input=data, check=True,
                          capture_output=True).stdout.decode("utf-8")
    text = text.replace("\r\n", "\n").replace("\r", "\n")          # universal newlines, as text mode reads
    pages = text.split("\f")                  # a form feed after every page
    where = "the PDF's bytes" if isinstance(source, bytes) else source
    assert len(pages) == len(reader.pages) + 1 and not pages[-1], (where, len(pages), len(reader.pages))
    return tuple(pages[:-1])
