"""A transmitted-light model of printed sheets held to a lamp (docs/kit.md, "Hiding on paper").

Each printed face is drawn on white (generator.render.png) at 0.2 mm a pixel. A layer of ink on white
paper reflects R = T**2 of the light (the light crosses the ink twice, in and out), so the ink's own
transmittance, per channel, is T = sqrt(R), R being the linear (not sRGB-coded) reflectance of the
printed colour: a reflection density D_r = -log10 R is a transmission density D_r / 2. No ink blocks
everything: a layer's T is at least T_MIN = 0.1 (transmission density 1.0, a reflection density of
2.0, blacker than a laser printer's black). Held to a lamp, the light through a stack of layers (both
sides of every sheet in it) is the product of their transmittances and of the paper's own; the
paper's is the same everywhere, so it drops out: the model compares patterns, never brightness.

The stack's light is blurred (linear light, a Gaussian) at three scales: none (0.2 mm), 0.5 mm and 1.5
mm (the paper's own spread of light, a squint, a step back), and judged per channel (red, green,
blue) in density, D = -log10 T, as an eye or a camera with any exposure sees it (a uniform dark layer
adds the same density everywhere: it hides nothing). At each point:

- signal: what lies beneath, |D_a - D_b| between stacks that differ only in the secret layer (one
  agent's identikit and each other agent's under the same mask; one key and each other key under the
  same back), the largest over the pairs;
- pattern: the mask's own pattern there, the range (max - min) of D through the stack with the
  secret's layer left blank, over a window around the point (1 mm as printed, 2 mm and 5 mm at the
  two blurs);
- exceed: signal - pattern.

The secret is hidden at a scale when exceed stays below 0.0088 (a 2 % difference in light: -log10 0.98)
everywhere but 0.1 % of the points (specks): what lies beneath differs by less than 2 %, or by less
than the mask's own pattern where it lies.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from generator.render.png import render_image
from generator.scene.model import Group, Item, Page

DPI = 127.0                                  # 0.2 mm a pixel
PX_PER_MM = DPI / 25.4
SCALES_MM = (0.0, 0.5, 1.5)                  # the blurs a pattern is judged at (Gaussian sigma, mm)
WINDOW_MM = {0.0: 1.0, 0.5: 2.0, 1.5: 5.0}   # the neighbourhood a mask's own pattern is measured in
T_MIN = 0.1                                  # the most one layer of ink blocks (transmission density 1.0)
TWO_PERCENT = -math.log10(0.98)              # a 2 % difference in light, as a density (0.0088)
SPARE = 0.001                                # the share of points allowed to stand out (specks)


def _linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def transmittance(rgb: Sequence[int] | np.ndarray) -> np.ndarray:
    """The transmittance (per channel, T_MIN..1) of one layer of ink printing these sRGB values."""
    return np.maximum(T_MIN, np.sqrt(_linear(np.asarray(rgb, dtype=float))))


@dataclass(frozen=True)
class Layer:
    """One printed face: items in mm on a `width` x `height` face, (0,0) its top-left as the viewer
    sees the stack; `mirror` when the face is seen through its paper (printed facing away)."""

    items: Sequence[Item]
    width: float
    height: float
    mirror: bool = False


def layer(layer: Layer) -> np.ndarray:
    """The face's transmittance, H x W x 3."""
    image = render_image(Page(layer.width, layer.height, items=[Group(tuple(layer.items))]), DPI, supersample=1)
    t = transmittance(np.asarray(image))
    return t[:, ::-1] if layer.mirror else t


def clear(like: np.ndarray) -> np.ndarray:
    """A face with nothing printed."""
    return np.ones_like(like)


def stack(faces: Sequence[np.ndarray]) -> np.ndarray:
    """The light through every face: the product of their transmittances."""
    out = faces[0]
    for face in faces[1:]:
        out = out * face
    return out


def _blur(t: np.ndarray, sigma_mm: float) -> np.ndarray:
    """A Gaussian blur of each channel (by FFT, the edges extended first)."""
    if not sigma_mm:
        return t
    sigma = sigma_mm * PX_PER_MM
    half = int(3 * sigma) + 1
    padded = np.pad(t, ((half, half), (half, half), (0, 0)), mode="edge")
    fy = np.fft.fftfreq(padded.shape[0])[:, None]
    fx = np.fft.rfftfreq(padded.shape[1])[None, :]
    gain = np.exp(-2 * (math.pi * sigma) ** 2 * (fx ** 2 + fy ** 2))[..., None]
    out = np.fft.irfft2(np.fft.rfft2(padded, axes=(0, 1)) * gain, s=padded.shape[:2], axes=(0, 1))
    return np.maximum(out[half:-half, half:-half], 1e-6)


def _local_range(d: np.ndarray, window_mm: float) -> np.ndarray:
    """Max minus min of each channel over a square window around each point (separable)."""
    half = max(1, round(window_mm * PX_PER_MM / 2))
    hi, lo = d, d
    for axis in (0, 1):
        pad = [(0, 0)] * d.ndim
        pad[axis] = (half, half)
        hi = _running(np.pad(hi, pad, mode="edge"), 2 * half + 1, axis, np.maximum)
        lo = _running(np.pad(lo, pad, mode="edge"), 2 * half + 1, axis, np.minimum)
    return hi - lo


def _running(a: np.ndarray, width: int, axis: int, pick: np.ufunc) -> np.ndarray:
    """pick (np.maximum or np.minimum) over each run of `width` values along axis: the extreme of runs of
    2**k values by doubling, then of two such runs overlapping to cover `width` (a sparse table: log2(width)
    passes over the array, not width)."""
    def shifted(x: np.ndarray, start: int, count: int) -> np.ndarray:
        where = [slice(None)] * x.ndim
        where[axis] = slice(start, start + count)
        return x[tuple(where)]

    span, runs = 1, a
    while 2 * span <= width:
        size = runs.shape[axis] - span
        runs = pick(shifted(runs, 0, size), shifted(runs, span, size))
        span *= 2
    count = a.shape[axis] - width + 1
    return pick(shifted(runs, 0, count), shifted(runs, width - span, count))


@dataclass(frozen=True)
class Judgement:
    """At one scale and channel, in density: how far what lies beneath stands out above the mask's own
    pattern (exceed; at most 0 where the camouflage is stronger), and the largest signal, for the record."""

    scale_mm: float
    channel: str
    exceed: float
    signal: float

    @property
    def hidden(self) -> bool:
        return self.exceed < TWO_PERCENT


def judge(secrets: Sequence[np.ndarray], mask_only: np.ndarray) -> list[Judgement]:
    """Each scale and channel's judgement of stacks that differ only in the secret layer (the first is
    compared with each other one), against the stack with that layer left blank."""
    out = []
    for sigma in SCALES_MM:
        first, *others = (-np.log10(_blur(t, sigma)) for t in secrets)
        signal = np.max([np.abs(first - other) for other in others], axis=0)
        pattern = _local_range(-np.log10(_blur(mask_only, sigma)), WINDOW_MM[sigma])
        for c, channel in enumerate("RGB"):
            exceed = float(np.quantile(signal[..., c] - pattern[..., c], 1 - SPARE))
            out.append(Judgement(sigma, channel, exceed, float(np.quantile(signal[..., c], 1 - SPARE))))
    return out


def worst(judgements: Sequence[Judgement]) -> dict[float, Judgement]:
    """The least hidden channel at each scale."""
    out: dict[float, Judgement] = {}
    for j in judgements:
        if j.scale_mm not in out or j.exceed > out[j.scale_mm].exceed:
            out[j.scale_mm] = j
    return out
