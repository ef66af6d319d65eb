"""Print-on-demand card images: one image per card face, at a printer's template size.

A preset is the printer's published template: the image size in pixels at its dpi and the trim
(the card as cut) inside it; the difference is the bleed. Art is drawn with as much bleed as the
design has; if the template asks for more, the missing strip is filled by mirroring the edge
(and the caller warns). Sources of the numbers: docs/pod.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.core.errors import LayoutError
from generator.core.numbers import format_number
from generator.core.units import MM_PER_INCH

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage


@dataclass(frozen=True)
class PodPreset:
    """A printer's card template: image pixels at dpi, the trim in mm, and what it is."""

    name: str
    width_px: int
    height_px: int
    dpi: float
    trim: tuple[float, float]       # mm
    what: str
    safe: float | None = None       # mm inside the trim the printer keeps text within (None: the template's)

    @property
    def bleed(self) -> tuple[float, float]:
        """mm of bleed on each side (x, y) the template asks for."""
        w, h = self.width_px / self.dpi * MM_PER_INCH, self.height_px / self.dpi * MM_PER_INCH
        return ((w - self.trim[0]) / 2.0, (h - self.trim[1]) / 2.0)

    def describe(self) -> str:
        bx, by = self.bleed
        return (f"{self.name:<12} {self.width_px}x{self.height_px} px at {format_number(self.dpi)} dpi, trim "
                f"{format_number(self.trim[0])}x{format_number(self.trim[1])} mm, bleed {bx:.2f}/{by:.2f} mm  {self.what}")


POKER = (63.5, 88.9)      # 2.5 x 3.5 in
EIGHTH = MM_PER_INCH / 8  # The Game Crafter's and DriveThruCards' safe area: 1/8 in inside the cut (docs/pod.md)
PRESETS: dict[str, PodPreset] = {p.name: p for p in (
    PodPreset("mpc-poker", 822, 1122, 300, POKER, "MakePlayingCards poker (63.5x88.9 mm)"),
    PodPreset("tgc-poker", 825, 1125, 300, POKER, "The Game Crafter poker deck", EIGHTH),
    PodPreset("tgc-mini", 600, 825, 300, (44.45, 63.5), "The Game Crafter mini deck (1.75x2.5 in)", EIGHTH),
    PodPreset("tgc-bridge", 750, 1125, 300, (57.15, 88.9), "The Game Crafter bridge deck (2.25x3.5 in)", EIGHTH),
    PodPreset("tgc-tarot", 900, 1500, 300, (69.85, 120.65), "The Game Crafter tarot deck (2.75x4.75 in)", EIGHTH),
    PodPreset("dtc-poker", 825, 1125, 300, POKER, "DriveThruCards poker (2.5x3.5 in + 1/8 in bleed)", EIGHTH),
)}
_CUSTOM = re.compile(r"^custom:(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)@(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)$")


def pod_preset(text: str) -> PodPreset:
    """A preset by name, or custom:WxH@DPI+BLEED (trim W x H mm, dpi, bleed mm on every side)."""
    key = str(text).strip().lower()
    if key in PRESETS:
        return PRESETS[key]
    match = _CUSTOM.match(key)
    if not match:
        raise LayoutError(f"unknown print-on-demand preset {text!r} (known: {', '.join(PRESETS)}, "
                          "or custom:WxH@DPI+BLEED in mm, e.g. custom:63.5x88.9@300+3)", key="pod")
    w, h, dpi, bleed = (float(v) for v in match.groups())
    if not (30 <= dpi <= 1200 and w > 0 and h > 0 and bleed <= 20):
        raise LayoutError(f"custom preset {text!r}: dpi must be 30..1200, sizes positive, bleed at "
                          "most 20 mm", key="pod")
    px = (round((w + 2 * bleed) / MM_PER_INCH * dpi), round((h + 2 * bleed) / MM_PER_INCH * dpi))
    return PodPreset(key, px[0], px[1], dpi, (w, h), "custom")


# mm: a card this close to the preset's trim (each way) is scaled onto it. 0.7 takes pnpgen's rounded
# mini, tarot and bridge (at most 0.65 off) and refuses a 63x88 "standard" card on a 63.5x88.9 poker
# preset (0.9 off: scaled, it would print 1% large; docs/pod.md).
TOLERANCE = 0.7


def check_card(preset: PodPreset, card_size: tuple[float, float]) -> None:
    """LayoutError unless the deck's card is the preset's trim within TOLERANCE mm each way (pnpgen's
    named mini 44x63, tarot 70x120 and bridge 57.2x88.9 are the printers' 1.75x2.5, 2.75x4.75 and
    2.25x3.5 in cards, rounded: the face is drawn onto the printer's exact trim; docs/pod.md)."""
    w, h = card_size
    if abs(w - preset.trim[0]) > TOLERANCE or abs(h - preset.trim[1]) > TOLERANCE:
        raise LayoutError(f"the cards are {format_number(w)}x{format_number(h)} mm but {preset.name} prints "
                          f"{format_number(preset.trim[0])}x{format_number(preset.trim[1])} mm cards (a card is "
                          f"fitted to the printer's trim only within {format_number(TOLERANCE)} mm; choose another "
                          "preset or custom:WxH@DPI+BLEED)", key="pod")


MAX_DISTORTION = 0.0025     # the most a fitted card's proportions may change (docs/pod.md: within 0.25 %)


def face_fit(card_size: tuple[float, float], trim: tuple[float, float],
             bleed: tuple[float, float]) -> tuple[float, float, float, float]:
    """(sx, sy, ex, ey): how a card is drawn onto a printer's trim: the scale each way, and the card mm
    from the card's edge out to the template's edge each way (the drawing is at (ex * sx, ey * sy)).
    Fitted each way when that keeps the art's proportions within MAX_DISTORTION; else one scale, the
    larger (the trim covered, the art's proportions kept, the little beyond the trim going into the
    bleed: pnpgen's 70x120 tarot on a 69.85x120.65 trim was stretched 0.76 %)."""
    (w, h), (tw, th), (bx, by) = card_size, trim, bleed
    sx, sy = tw / w, th / h
    if max(sx, sy) / min(sx, sy) - 1.0 > MAX_DISTORTION + 1e-12:
        sx = sy = max(sx, sy)
    return sx, sy, (bx + (tw - w * sx) / 2.0) / sx, (by + (th - h * sy) / 2.0) / sy


def mirror_extend(image: PILImage.Image, size: tuple[int, int]) -> PILImage.Image:
    """The image centred on a canvas of `size`, the border filled with its own edges mirrored."""
    from PIL import Image as PILImage

    w, h = image.size
    tw, th = size
    if (tw, th) == (w, h):
        return image
    left, top = (tw - w) // 2, (th - h) // 2
    right, bottom = tw - w - left, th - h - top
    if min(left, top, right, bottom) < 0 or max(left, right) > w or max(top, bottom) > h:
        raise LayoutError("internal: mirror bleed larger than the card", key="pod")
    out = PILImage.new("RGB", (tw, th), "white")
    out.paste(image, (left, top))
    flip_x, flip_y = PILImage.Transpose.FLIP_LEFT_RIGHT, PILImage.Transpose.FLIP_TOP_BOTTOM
    if left:
        out.paste(image.crop((0, 0, left, h)).transpose(flip_x), (0, top))
    if right:
        out.paste(image.crop((w - right, 0, w, h)).transpose(flip_x), (left + w, top))
    if top:   # the rows just inside the (now widened) top edge, mirrored: corners included
        out.paste(out.crop((0, top, tw, top + top)).transpose(flip_y), (0, 0))
    if bottom:
        out.paste(out.crop((0, top + h - bottom, tw, top + h)).transpose(flip_y), (0, top + h))
    return out


__all__ = ["MAX_DISTORTION", "PRESETS", "TOLERANCE", "PodPreset", "check_card", "face_fit", "mirror_extend",
           "pod_preset"]
