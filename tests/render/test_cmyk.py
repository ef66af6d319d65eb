"""The CMYK conversion of --format pdfx: total ink capped exactly (integers), images capped as single
values are, transparency flattened, the shipped profile converting sRGB within the limit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image as PILImage

from generator import paths
from generator.render.cmyk import CmykConverter, cap_image, cap_ink, flatten, ink_units

channel = st.integers(0, 255)
cmyk = st.tuples(channel, channel, channel, channel)
limits = st.integers(255, 1020)


@given(cmyk, limits)
def test_capped_ink_is_within_the_limit_and_channels_stay_in_range(value, limit) -> None:
    out = cap_ink(*value, limit)
    assert sum(out) <= limit and all(0 <= v <= 255 for v in out)


@given(cmyk, limits)
def test_a_value_within_the_limit_is_unchanged(value, limit) -> None:
    if sum(value) <= limit:
        assert cap_ink(*value, limit) == value


@given(cmyk, limits)
def test_capping_moves_grey_into_black_and_never_adds_colour(value, limit) -> None:
    c, m, y, k = cap_ink(*value, limit)
    assert k >= value[3] and c <= value[0] and m <= value[1] and y <= value[2]


@given(st.lists(cmyk, min_size=1, max_size=64), limits)
def test_an_image_is_capped_pixel_for_pixel_as_single_values_are(pixels, limit) -> None:
    image = PILImage.new("CMYK", (len(pixels), 1))
    image.putdata(pixels)
    out = cap_image(image, limit)
    assert [out.getpixel((x, 0)) for x in range(len(pixels))] == [cap_ink(*p, limit) for p in pixels]


def test_240_percent_is_612_units() -> None:
    assert ink_units(240) == 612 and ink_units(300) == 765


@pytest.fixture(scope="module")
def converter() -> CmykConverter:
    return CmykConverter(paths.template("color", "pnpgen-tr003-240.icc").read_bytes())


@given(st.tuples(channel, channel, channel))
def test_every_srgb_colour_converts_within_240_percent(converter, rgb) -> None:
    assert sum(converter.colour(rgb)) <= 612


def test_black_white_and_primaries(converter) -> None:
    assert converter.colour((255, 255, 255)) == (0, 0, 0, 0)
    c, m, y, k = converter.colour((0, 0, 0))
    assert k == 255 and c + m + y + k == 612          # rich black, at the limit exactly
    c, m, y, k = converter.colour((255, 0, 0))
    assert m > 200 and y > 200 and c < 20


def test_transparency_is_flattened_onto_the_background() -> None:
    image = PILImage.new("RGBA", (2, 1), (255, 0, 0, 0))
    image.putpixel((1, 0), (255, 0, 0, 255))
    flat = flatten(image, (0, 0, 255))
    assert flat.mode == "RGB" and flat.getpixel((0, 0)) == (0, 0, 255) and flat.getpixel((1, 0)) == (255, 0, 0)


def test_a_cmyk_picture_keeps_its_numbers_but_is_capped(converter) -> None:
    image = PILImage.new("CMYK", (2, 1), (10, 20, 30, 40))
    image.putpixel((1, 0), (255, 255, 255, 255))
    out = converter.image(image)
    assert out.getpixel((0, 0)) == (10, 20, 30, 40) and sum(out.getpixel((1, 0))) <= 612


def test_a_profile_that_is_not_cmyk_is_refused() -> None:
    from PIL import ImageCms

    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    with pytest.raises(ValueError, match="not a CMYK profile"):
        CmykConverter(srgb)
