"""The --cutter formats: CUTTER_FORMATS maps each machine to its module's Format (one file each), beside the --format REGISTRY."""

from __future__ import annotations

from generator.publish.cutters import cricut, scanncut, silhouette
from generator.publish.job import Format, named

CUTTER_FORMATS: dict[str, Format] = {
    "silhouette": silhouette.FORMAT,
    "cricut": cricut.FORMAT,
    "scanncut": scanncut.FORMAT,
}

CUTTERS = tuple(CUTTER_FORMATS)


def get_cutter(name: str) -> Format:
    """The format of the cutter called `name` (LayoutError naming the known ones for another)."""
    return named(CUTTER_FORMATS, name, "--cutter")
