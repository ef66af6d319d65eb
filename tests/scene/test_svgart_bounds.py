"""SVG art counted before drawing (issue 25): <use> fan-out, long paths, many elements, deep nesting."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tests.robustness import hostile

from generator.core.errors import DataError
from generator.scene import svgart
from generator.scene.svgart import MAX_SHAPES, parse_svg


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 7), st.integers(1, 12))
@example(4, 10)       # exactly 10,000 copies, with 1,111 more shapes in the <defs> that are never drawn as such
@example(2, 101)
def test_a_use_fan_is_refused_exactly_when_it_expands_past_the_limit(levels: int, width: int) -> None:
    data = hostile.svg_fan(levels, width)
    shapes = width ** levels                       # each copy of the one path at the bottom of the fan
    if shapes > MAX_SHAPES:
        with pytest.raises(DataError, match="expands to more than"):
            svgart._check_self_contained(data, "fan.svg")
    else:
        svgart._check_self_contained(data, "fan.svg")


def test_a_small_fan_still_draws_every_copy() -> None:
    art = parse_svg(hostile.svg_fan(2, 3), "fan.svg")
    assert len(art.shapes) == 9


@pytest.mark.parametrize(("data", "message"), [
    (hostile.svg_long_path(), "path points"),
    (hostile.svg_rects(), "150,002 tags, more than the limit of 100,000"),
    (hostile.svg_rects(12_000), "expands to more than 10,000 shapes"),
    (hostile.svg_deep(), "nested deeper than 200"),
    ((hostile.SVG + '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>').encode(), "cycle"),
])
def test_hostile_art_is_refused_before_drawing(data: bytes, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_svg(data, "art.svg")


def test_points_are_counted_in_paths_and_polylines() -> None:
    assert svgart._count_numbers("M0 0 L1 1 2 2 3-3.5e2Z") == 8
    within = (hostile.SVG + '<polyline fill="#000" points="' + "1,1 " * 50_000 + '"/></svg>').encode()
    assert len(parse_svg(within, "ok.svg").shapes) == 1
    over = (hostile.SVG + '<polyline fill="#000" points="' + "1,1 " * 100_001 + '"/></svg>').encode()
    with pytest.raises(DataError, match="path points"):
        parse_svg(over, "over.svg")
