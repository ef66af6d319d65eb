"""CMYK for print shops: RGB colours and pictures through a CMYK ICC profile (littleCMS via Pillow), total ink capped.

The cap is applied after the conversion, in the 0..255 units of 8-bit CMYK: while C+M+Y+K is above
the limit, the grey the three colours share is moved into black (grey component replacement, which
keeps the colour's look), and if that is not enough the three colours are scaled down together.
Integer arithmetic throughout, so a capped value is never above the limit, whatever the rounding.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage
    from PIL import ImageCms

INK_LIMIT = 240.0       # percent of total ink (DriveThruCards' limit for cards)
CMYK = tuple[int, int, int, int]


def ink_units(limit_percent: float) -> int:
    """The limit in 8-bit units summed over four channels (255 = 100 %), rounded down."""
    return int(limit_percent * 255 // 100)


def cap_ink(c: int, m: int, y: int, k: int, limit: int) -> CMYK:
    """One CMYK value (0..255 each) with C+M+Y+K at most `limit` (units of ink_units)."""
    excess = max(c + m + y + k - limit, 0)
    t = min((excess + 1) // 2, c, m, y, 255 - k)        # grey moved from C, M, Y into K
    c, m, y, k = c - t, m - t, y - t, k + t
    cmy, room = c + m + y, limit - k
    if cmy > room:
        c, m, y = (v * room // cmy for v in (c, m, y))
    return c, m, y, k


def cap_image(image: PILImage.Image, limit: int) -> PILImage.Image:
    """A CMYK image with every pixel capped as cap_ink caps one value (the same integer arithmetic)."""
    from PIL import Image as PILImage
    from PIL import ImageMath

    c, m, y, k = (band.convert("I") for band in image.split())
    total: Any = ImageMath.lambda_eval(lambda e: e["c"] + e["m"] + e["y"] + e["k"], c=c, m=m, y=y, k=k)
    if total.getextrema()[1] <= limit:
        return image

    def grey(e: dict[str, Any]) -> Any:
        excess = e["max"](e["total"] - limit, 0)
        return e["min"](e["min"](e["min"]((excess + 1) / 2, e["c"]), e["min"](e["m"], e["y"])), 255 - e["k"])

    def scaled(e: dict[str, Any]) -> Any:
        cmy, room = e["c"] + e["m"] + e["y"], limit - e["k"]
        return e["v"] * e["min"](room, cmy) / e["max"](cmy, 1)

    t = ImageMath.lambda_eval(grey, total=total, c=c, m=m, y=y, k=k)
    c, m, y = (ImageMath.lambda_eval(lambda e: e["v"] - e["t"], v=v, t=t) for v in (c, m, y))
    k = ImageMath.lambda_eval(lambda e: e["k"] + e["t"], k=k, t=t)
    bands: list[Any] = [ImageMath.lambda_eval(scaled, v=v, c=c, m=m, y=y, k=k) for v in (c, m, y)] + [k]
    return PILImage.merge("CMYK", [band.convert("L") for band in bands])


class CmykConverter:
    """RGB to CMYK through one output profile (ICC bytes), ink capped at `limit_percent`."""

    def __init__(self, profile: bytes, limit_percent: float = INK_LIMIT) -> None:
        from PIL import ImageCms

        self.profile_bytes = profile
        self.profile = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        if self.profile.profile.xcolor_space.strip() != "CMYK":
            raise ValueError("the output profile is not a CMYK profile")
        self.limit = ink_units(limit_percent)
        self._transforms: dict[bytes, ImageCms.ImageCmsTransform] = {}
        self.colour = lru_cache(maxsize=4096)(self._colour)

    def _transform(self, source: bytes | None) -> ImageCms.ImageCmsTransform:
        """The transform from `source` (an RGB profile's bytes; None: sRGB) to the output profile."""
        from PIL import ImageCms

        key = source or b""
        if key not in self._transforms:
            src = ImageCms.ImageCmsProfile(io.BytesIO(source)) if source else ImageCms.createProfile("sRGB")
            self._transforms[key] = ImageCms.buildTransform(
                src, self.profile, "RGB", "CMYK", renderingIntent=ImageCms.Intent.PERCEPTUAL)
        return self._transforms[key]

    def _colour(self, rgb: tuple[int, int, int]) -> CMYK:
        from PIL import Image as PILImage

        pixel = self.image(PILImage.new("RGB", (1, 1), rgb)).getpixel((0, 0))
        assert isinstance(pixel, tuple)
        return (int(pixel[0]), int(pixel[1]), int(pixel[2]), int(pixel[3]))

    def image(self, image: PILImage.Image) -> PILImage.Image:
        """The picture as opaque CMYK, ink capped: transparency flattened onto white paper, RGB and grey
        converted through the profile (the picture's own RGB profile when it carries one, else sRGB);
        a CMYK picture keeps its numbers (its profile is not known) and is only capped."""
        if image.mode != "CMYK":
            image = self.image_rgb(flatten(image))
        return cap_image(image, self.limit)

    def image_rgb(self, image: PILImage.Image) -> PILImage.Image:
        from PIL import ImageCms

        source: bytes | None = image.info.get("icc_profile") or None
        if source and (not _is_rgb_profile(source) or profile_problem(source)):
            source = None          # a broken profile is ignored: the picture is taken as sRGB
        out = ImageCms.applyTransform(image, self._transform(source))
        if out is None:     # pragma: no cover - only with inPlace=True
            raise RuntimeError("internal: the colour transform returned no image")
        return out


def profile_problem(data: bytes) -> str | None:
    """Why an embedded ICC profile cannot be used (None when it can: LittleCMS reads it)."""
    from PIL import ImageCms

    try:
        ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError) as err:
        return str(err) or type(err).__name__
    return None


def picture_profile_problem(data: bytes) -> str | None:
    """Why the ICC profile a picture (PNG, JPEG...) carries cannot be used; None when it has none or a good one."""
    from PIL import Image as PILImage

    try:
        with PILImage.open(io.BytesIO(data)) as opened:
            icc = opened.info.get("icc_profile")
    except (OSError, ValueError):
        return None
    return profile_problem(icc) if icc else None


def _is_rgb_profile(data: bytes) -> bool:
    return len(data) >= 20 and data[16:20] == b"RGB "


def flatten(image: PILImage.Image, background: tuple[int, int, int] = (255, 255, 255)) -> PILImage.Image:
    """The picture as opaque RGB: any alpha (RGBA, LA, a palette's transparency) composited onto
    `background` (the paper). Its ICC profile stays in info."""
    from PIL import Image as PILImage

    icc = image.info.get("icc_profile")
    if image.mode == "P":
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    if image.mode in ("RGBA", "LA", "PA", "La", "RGBa"):
        rgba = image.convert("RGBA")
        base = PILImage.new("RGB", image.size, background)
        base.paste(rgba, mask=rgba.getchannel("A"))
        image = base
    elif image.mode != "RGB":
        image = image.convert("RGB")
    if icc:
        image.info["icc_profile"] = icc
    return image


__all__ = ["INK_LIMIT", "CmykConverter", "cap_image", "cap_ink", "flatten", "ink_units", "picture_profile_problem",
           "profile_problem"]
