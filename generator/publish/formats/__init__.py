"""The output formats of a printed deck: REGISTRY maps each --format name to its module's Format (one file each)."""

from __future__ import annotations

from generator.publish.formats import data, faces, pdf, pdfx, pod, tts
from generator.publish.job import Format

REGISTRY: dict[str, Format] = {
    "pdf": pdf.FORMAT,
    "svg": faces.SVG,
    "png": faces.PNG,
    "tts": tts.FORMAT,
    "pod": pod.FORMAT,
    "pdfx": pdfx.FORMAT,
    "json": data.FORMAT,
}

FORMATS = tuple(REGISTRY)


def get_format(name: str) -> Format:
    """The format called `name` (LayoutError naming the known ones for another)."""
    from generator.core.errors import LayoutError

    try:
        return REGISTRY[name]
    except KeyError:
        raise LayoutError(f"unknown format {name!r} (known: {', '.join(FORMATS)})", key="--format") from None
