"""Image files checked before use: size on disk, a header Pillow can read, and the pixel count
(decompression bombs refused with a clear error naming the file, never a traceback or a warning)."""

from __future__ import annotations

import io
import warnings
from pathlib import Path

from generator.core.errors import DataError
from generator.core.limits import MAX_IMAGE_BYTES, MAX_PIXELS


def read_image_bytes(path: Path) -> bytes:
    """The file's bytes, refused up front when larger than MAX_IMAGE_BYTES."""
    from generator.core.files import read_bounded

    return read_bounded(path, MAX_IMAGE_BYTES, "image file", DataError)


def check_image(data: bytes, path: Path) -> tuple[int, int]:
    """(width, height) of an image Pillow can read; DataError naming the file for a file that is not
    an image (whatever its name says) or one of more than MAX_PIXELS pixels (a decompression bomb)."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS     # Pillow warns past it (an error here), refuses past twice
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                size = im.size
                if im.format == "PNG":
                    im.verify()     # every chunk's checksum, without decoding a pixel
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise DataError(f"image too large to decode safely (over {MAX_PIXELS // 1_000_000} megapixels; "
                        f"a decompression bomb?): shrink it", file=path) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        raise DataError("not an image file Pillow can read (use PNG or JPEG; is it broken, or "
                        "misnamed?)", file=path) from None
    width, height = size
    if width * height > MAX_PIXELS or width == 0 or height == 0:
        raise DataError(f"image of {width:,}x{height:,} pixels is over the limit of "
                        f"{MAX_PIXELS // 1_000_000} megapixels (shrink it)", file=path)
    return width, height
