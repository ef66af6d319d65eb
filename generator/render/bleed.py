"""Bleed made for card images that have none, and rounded transparent corners filled, with Pillow.

mirror: the edge strip reflected outward (the first bleed pixel repeats the edge pixel, like
symmetric padding); extend: the edge pixels stretched outward; colour: one solid colour, the
median of the border pixels. Corners of a rounded card (transparent pixels) are filled the same
way from the picture inside them. The result keeps the source format: a JPEG is written again as
JPEG with its own quantisation tables, anything else as PNG.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from generator.core.errors import DataError

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage

MODES = ("mirror", "extend", "colour")


def _border_colour(image: PILImage.Image) -> tuple[int, ...] | int:
    """The median colour of the 1-pixel border: a tuple per channel, one int for a single band."""
    median = _border_median(image)
    return median if len(median) > 1 else median[0]


def _border_median(image: PILImage.Image) -> tuple[int, ...]:
    """The median of the 1-pixel border, per channel."""
    from PIL import Image as PILImage
    from PIL import ImageStat

    w, h = image.size
    strips = [image.crop(box) for box in ((0, 0, w, 1), (0, h - 1, w, h))]
    strips += [image.crop(box).transpose(PILImage.Transpose.ROTATE_90) for box in ((0, 0, 1, h), (w - 1, 0, w, h))]
    row = PILImage.new(image.mode, (sum(s.width for s in strips), 1))
    x = 0
    for strip in strips:
        row.paste(strip, (x, 0))
        x += strip.width
    return tuple(int(v) for v in ImageStat.Stat(row).median)


def border_colour(data: bytes) -> tuple[int, int, int]:
    """The (r, g, b) median colour of an image file's border, from a reduced decode."""
    from generator.render.images import open_image, rgba

    image = open_image(data, draft_size=(256, 256))
    if image.width > 512:
        image = image.reduce(max(1, image.width // 256))
    r, g, b, _a = _border_median(rgba(image))
    return r, g, b


def _pad_sideways(image: PILImage.Image, pad: int, mode: str) -> PILImage.Image:
    """The image with pad columns added left and right."""
    from PIL import Image as PILImage

    w, h = image.size
    out = PILImage.new(image.mode, (w + 2 * pad, h))
    out.paste(image, (pad, 0))
    for side in (0, 1):
        x0 = 0 if side == 0 else w - min(pad, w)
        strip = image.crop((x0, 0, x0 + min(pad, w), h))
        if mode == "mirror":
            strip = strip.transpose(PILImage.Transpose.FLIP_LEFT_RIGHT)
            if pad > strip.width:    # a bleed wider than the picture: repeat the reflection
                strip = strip.resize((pad, h), PILImage.Resampling.NEAREST)
        else:
            column = image.crop((0, 0, 1, h)) if side == 0 else image.crop((w - 1, 0, w, h))
            strip = column.resize((pad, h), PILImage.Resampling.NEAREST)
        out.paste(strip, (0 if side == 0 else w + pad, 0))
    return out


def make_bleed(image: PILImage.Image, pad: tuple[int, int], mode: str) -> PILImage.Image:
    """The picture grown by pad (across, down) pixels on each side."""
    from PIL import Image as PILImage

    if mode not in MODES:
        raise DataError(f"--make-bleed must be one of {', '.join(MODES)}, not {mode!r}")
    px, py = pad
    if mode == "colour":
        out = PILImage.new(image.mode, (image.width + 2 * px, image.height + 2 * py), _border_colour(image))
        out.paste(image, (px, py))
        return out
    wide = _pad_sideways(image, px, mode) if px else image
    if not py:
        return wide
    turned = wide.transpose(PILImage.Transpose.ROTATE_90)
    return _pad_sideways(turned, py, mode).transpose(PILImage.Transpose.ROTATE_270)


def _corner_depth(alpha: PILImage.Image) -> int:
    """How many pixels in from the edges the transparent corners reach (0: none)."""
    w = alpha.width
    row = alpha.crop((0, 0, w, 1)).tobytes()
    depth = 0
    while depth < w // 2 and row[depth] < 255:
        depth += 1
    return depth


def fill_corners(image: PILImage.Image, mode: str) -> PILImage.Image:
    """Rounded transparent corners filled from the picture inside them (by mode); opaque result."""
    if image.mode not in ("RGBA", "LA", "PA", "P") and "transparency" not in image.info:
        return image
    image = image.convert("RGBA")
    alpha = image.getchannel("A")
    depth = _corner_depth(alpha)
    if depth == 0 and alpha.getextrema()[0] == 255:
        return image.convert("RGB")
    depth = max(depth, 1)
    inner = image.crop((depth, depth, image.width - depth, image.height - depth)).convert("RGB")
    under = make_bleed(inner, (depth, depth), mode)
    under.paste(image.convert("RGB"), (0, 0), alpha)
    return under


def prepare(data: bytes, pad: tuple[int, int], mode: str, corners: bool,
            size: tuple[int, int] | None = None) -> bytes:
    """Image bytes with bleed made (pad pixels each side, at `size` when given: a picture far above
    the print resolution is brought down first) and corners filled as asked; the same bytes when
    nothing is to be done."""
    from PIL import Image as PILImage

    if pad == (0, 0) and not corners:
        return data
    with PILImage.open(io.BytesIO(data)) as source:
        if size is not None and source.format == "JPEG":
            source.draft(source.mode, size)
        source.load()
        fmt, tables = source.format, getattr(source, "quantization", None)
        image = source.copy()
    if size is not None and image.size != size:
        image = image.resize(size, PILImage.Resampling.LANCZOS)
    if image.mode in ("I;16", "I;16B", "I;16L", "I"):
        from generator.render.images import to_8bit

        image = to_8bit(image)
    if corners:
        image = fill_corners(image, mode)
    if image.mode == "P":
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    if pad != (0, 0):
        image = make_bleed(image, pad, mode)
    buf = io.BytesIO()
    if fmt == "JPEG" and image.mode in ("RGB", "L", "CMYK"):
        image.save(buf, "JPEG", **({"qtables": tables} if tables else {"quality": 92}))
    else:
        image.save(buf, "PNG", compress_level=3)   # level 6 costs 3x the time for ~7% less
    return buf.getvalue()
