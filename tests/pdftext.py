"""The text of each page of a PDF, as the tests read it back: poppler's pdftotext when it is installed
(about a tenth of pypdf's CPU on pages of drawn card faces), else pypdf's extract_text; the tests that
read pages through here pass with either. Each file is read once per session as it is (its size and
modification time are in the key), so tests reading the same shared kit share the reading."""

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


def _read(path: Path, tool: bool) -> tuple[str, ...]:
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    if not tool:
        return tuple(page.extract_text() or "" for page in reader.pages)
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], check=True, capture_output=True,
                          text=True, encoding="utf-8").stdout
    pages = text.split("\f")                  # a form feed after every page
    assert len(pages) == len(reader.pages) + 1 and not pages[-1], (path, len(pages), len(reader.pages))
    return tuple(pages[:-1])
