"""The output formats of a printed deck: REGISTRY maps each --format name to its module's Format (one file each)."""

from __future__ import annotations

from generator.publish.formats import data, faces, pdf, pdfx, pod, tts
from generator.publish.job import Format, named
from generator.publish.options import DeckOptions

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


def prints_sheets(opts: DeckOptions) -> bool:
    """Whether the options' format draws imposed sheets (pdf, svg/png --sheets), where a card can have a back
    behind it; a file per card face (for a phone, a printer's template) has none."""
    return get_format(opts.format).imposes(opts)


def get_format(name: str) -> Format:
    """The format called `name` (LayoutError naming the known ones for another)."""
    return named(REGISTRY, name, "--format")
