"""What an image file is, read from its first bytes (standard library only): format, pixel size, content hash.

The scene's Image primitive carries a file's own bytes; backends decide what to do with them
(a PDF copies a JPEG as it is, a raster backend decodes it once). These helpers let every layer
know the format and pixel size without decoding a single pixel.
"""

from __future__ import annotations

import hashlib
import struct
from functools import lru_cache

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_SOF_MARKERS = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def sniff_format(data: bytes) -> str:
    """'png', 'jpeg', 'gif', 'bmp', 'webp', 'tiff' or '' (unknown) from the magic bytes."""
    if data.startswith(PNG_SIGNATURE):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if data.startswith(b"BM"):
        return "bmp"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    return ""


@lru_cache(maxsize=512)
def describe(data: bytes) -> tuple[str, str]:
    """(format, sha256 hex) of image bytes; cached, so the same bytes object costs one hash per run."""
    return sniff_format(data), hashlib.sha256(data).hexdigest()


def png_header(data: bytes) -> tuple[int, int, int, int, int] | None:
    """(width, height, bit depth, colour type, interlace) from a PNG's IHDR, or None."""
    if not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    width, height, depth, colour, _comp, _filter, interlace = struct.unpack(">IIBBBBB", data[16:29])
    return width, height, depth, colour, interlace


def jpeg_header(data: bytes) -> tuple[int, int, int] | None:
    """(width, height, components) from a JPEG's start-of-frame marker, or None."""
    if not data.startswith(b"\xff\xd8"):
        return None
    pos, end = 2, len(data)
    while pos + 4 <= end:
        if data[pos] != 0xFF:
            return None
        marker = data[pos + 1]
        if marker == 0xFF:              # fill byte
            pos += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            pos += 2
            continue
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if marker in _SOF_MARKERS and pos + 10 <= end:
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return width, height, data[pos + 9]
        pos += 2 + length
    return None


def pixel_size(data: bytes) -> tuple[int, int] | None:
    """Width and height in pixels of a PNG or JPEG (None for other formats or a broken header)."""
    header = png_header(data)
    if header is not None:
        return header[0], header[1]
    jpeg = jpeg_header(data)
    return (jpeg[0], jpeg[1]) if jpeg is not None else None
