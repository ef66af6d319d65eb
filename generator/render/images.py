"""Pictures for the backends: each distinct image decoded once per run, fitted to a pixel box once, resampled to a resolution cap.

An Image item carries a file's own bytes and a content digest. Raster backends ask `decoded`
(one decode per digest, kept in a small cache) and `fitted` (the picture at its output pixel
size, kept for repeated placements); the PDF backend (render/pdfimages.py) asks `capped_size`
whether a picture is far above the print resolution and `resampled` for its smaller copy.
"""

from __future__ import annotations

import io
import math
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from generator.core.errors import LayoutError
from generator.core.imagefile import pixel_size
from generator.core.units import MM_PER_INCH
from generator.scene.model import Image

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage

_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")

DEFAULT_MAX_PPI = 600.0
PPI_TOLERANCE = 1.25        # a picture up to 1.25x the cap keeps its bytes (613 ppi against 600 is kept)
_DECODED_KEEP = 8           # full-size decodes kept, for pictures drawn turned or sheared
_FITTED_KEEP = 64           # fitted copies kept for repeated placements


class _Lru(OrderedDict[_K, _V]):
    """A small least-recently-used map."""

    def __init__(self, keep: int) -> None:
        super().__init__()
        self.keep = keep

    def fetch(self, key: _K, make: Callable[[], _V]) -> _V:
        if key in self:
            self.move_to_end(key)
            return self[key]
        value = self[key] = make()
        while len(self) > self.keep:
            self.popitem(last=False)
        return value


_decoded: _Lru[str, PILImage.Image] = _Lru(_DECODED_KEEP)
_fitted: _Lru[tuple[str, tuple[int, int]], PILImage.Image] = _Lru(_FITTED_KEEP)


def open_image(data: bytes, draft_size: tuple[int, int] | None = None) -> PILImage.Image:
    """A Pillow image of the bytes, loaded (a JPEG decoded at a reduced scale when draft_size allows)."""
    from PIL import Image as PILImage
    from PIL import UnidentifiedImageError

    try:
        image = PILImage.open(io.BytesIO(data))
        if draft_size is not None and image.format == "JPEG":
            image.draft(image.mode, draft_size)
        image.load()
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError) as err:
        raise LayoutError(f"image data is not a readable PNG/JPEG ({err})", key="image") from None
    return image


def to_8bit(image: PILImage.Image) -> PILImage.Image:
    """16-bit and 32-bit integer greys brought to 8-bit 'L' (Pillow would clip them); others unchanged."""
    if image.mode in ("I;16", "I;16B", "I;16L", "I"):
        # one band, so getextrema is (low, high)
        top = 65535 if image.mode.startswith("I;16") or cast("tuple[float, float]", image.getextrema() or (0, 0))[1] > 255 else 255
        return image.convert("I").point(lambda v: v * (255 / top)).convert("L")
    return image


def rgba(image: PILImage.Image) -> PILImage.Image:
    """A Pillow image as RGBA (CMYK JPEGs as Pillow reads them, Adobe inversion already undone)."""
    image = to_8bit(image)
    return image if image.mode == "RGBA" else image.convert("RGBA")


def decoded(item: Image) -> PILImage.Image:
    """The item's picture as an RGBA Pillow image at its full size, decoded once per distinct content."""
    return _decoded.fetch(item.digest, lambda: rgba(open_image(item.data)))


def pixels_of(item: Image) -> tuple[int, int]:
    """The item's pixel size, from the file's header when it is PNG or JPEG (nothing decoded)."""
    return pixel_size(item.data) or decoded(item).size


def fitted(item: Image, size: tuple[int, int]) -> PILImage.Image:
    """The item's picture resized (Lanczos) to exactly size pixels, computed once per (content, size);
    a JPEG is decoded at the smallest scale its decoder offers above size (a 6000x8400 photo on a
    card at 150 dpi never exists at full size in memory)."""
    from PIL import Image as PILImage

    def make() -> PILImage.Image:
        if item.digest in _decoded:
            source = decoded(item)
        else:
            source = rgba(open_image(item.data, draft_size=size))
        if source.size == size:
            return source
        return source.resize(size, PILImage.Resampling.LANCZOS)

    return _fitted.fetch((item.digest, size), make)


def placed_ppi(pixels: tuple[int, int], placed_mm: tuple[float, float]) -> tuple[float, float]:
    """Pixels per inch of a picture at its placed size (mm) on the page, each way."""
    w_mm, h_mm = placed_mm
    return (pixels[0] / (w_mm / MM_PER_INCH) if w_mm > 0 else 0.0,
            pixels[1] / (h_mm / MM_PER_INCH) if h_mm > 0 else 0.0)


def over_cap(ppi: float, max_ppi: float | None) -> bool:
    """Whether a picture at `ppi` is to be brought down to max_ppi: above it by more than the tolerance."""
    return max_ppi is not None and max_ppi > 0 and ppi > max_ppi * PPI_TOLERANCE * 1.0001


def capped_size(pixels: tuple[int, int], placed_mm: tuple[float, float],
                max_ppi: float | None) -> tuple[int, int] | None:
    """The pixel size to resample to so neither way exceeds max_ppi; None when the picture is within
    the cap's tolerance (PPI_TOLERANCE: resampling it would only lose its bytes) or max_ppi is
    0/None (keep originals)."""
    if not max_ppi or placed_mm[0] <= 0 or placed_mm[1] <= 0:
        return None
    ppi_x, ppi_y = placed_ppi(pixels, placed_mm)
    if not over_cap(max(ppi_x, ppi_y), max_ppi):
        return None
    w = max(1, min(pixels[0], math.floor(placed_mm[0] / MM_PER_INCH * max_ppi)))
    h = max(1, min(pixels[1], math.floor(placed_mm[1] / MM_PER_INCH * max_ppi)))
    return (w, h) if (w, h) != tuple(pixels) else None


def resampled(data: bytes, size: tuple[int, int]) -> tuple[PILImage.Image, dict[str, Any]]:
    """The picture decoded (a JPEG at the smallest draft scale still above size) and resized to size."""
    from PIL import Image as PILImage

    image = open_image(data, draft_size=size)
    info = {"adobe": image.info.get("adobe"), "format": image.format,
            "quantization": getattr(image, "quantization", None)}
    image = to_8bit(image)
    if image.mode == "P":
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    if image.mode not in ("RGB", "RGBA", "L", "LA", "CMYK"):
        image = image.convert("RGBA")
    out = image.resize(size, PILImage.Resampling.LANCZOS)
    return out, info
