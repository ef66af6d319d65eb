"""The image loader the publishing layer hands the card engine: PNG and JPEG as they are, any other picture as PNG."""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

MAX_SOURCES = 10_000
SOURCES: dict[str, Path] = {}      # a loaded picture's digest (sha256 of its bytes) -> its file, for messages


@functools.lru_cache(maxsize=128)
def load_image(path: Path) -> bytes:
    """An image file's bytes for the scene: PNG and JPEG as they are (backends embed them as they
    are), any other format Pillow reads converted to PNG once."""
    from generator.cards.imagecheck import check_image, read_image_bytes
    from generator.core.imagefile import sniff_format

    data = read_image_bytes(path)
    check_image(data, path)    # not an image, or a decompression bomb: a clear error naming the file
    if sniff_format(data) not in ("png", "jpeg"):
        data = _convert_to_png(data, path)
    if len(SOURCES) < MAX_SOURCES:
        SOURCES[hashlib.sha256(data).hexdigest()] = path
    return data


def _convert_to_png(data: bytes, path: Path) -> bytes:
    import io

    from PIL import Image, UnidentifiedImageError

    from generator.core.errors import DataError

    try:
        with Image.open(io.BytesIO(data)) as opened:
            opened.load()
            im = opened.convert("RGBA" if "A" in opened.getbands() or "transparency" in opened.info else "RGB")
    except (UnidentifiedImageError, OSError):
        raise DataError("not an image file Pillow can read (use PNG or JPEG)", file=path) from None
    out = io.BytesIO()
    im.save(out, format="PNG")
    return out.getvalue()
