"""The output formats of a printed deck: REGISTRY maps each --format name to its module's Format (one file each)."""

from __future__ import annotations

from generator.publish.formats import data, faces, pdf, pdfx, pod, tts
from generator.publish.job import Format, named

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
    return named(REGISTRY, name, "--format")
