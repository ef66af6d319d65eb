"""One shrink rule for plain and rich text (scene.text.shrink_sizes): the same sizes are tried, so the
same text in the same box ends at the same size whichever engine sets it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.cards.richtext import RichStyle, fit
from generator.core.errors import LayoutError
from generator.scene.model import Text
from generator.scene.text import layout_text, shrink_sizes, text_width


def test_the_sizes_tried_are_the_half_points_below_the_size_then_min_size() -> None:
    assert shrink_sizes(9.3, 5.0) == (9.3, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.0)
    assert shrink_sizes(9.0, 5.3) == (9.0, 8.5, 8.0, 7.5, 7.0, 6.5, 6.0, 5.5, 5.3)
    assert shrink_sizes(6.0, 6.0) == (6.0,)
    assert shrink_sizes(4.0, 5.0) == (4.0,)          # a min_size above the size: the size alone


@settings(max_examples=60, deadline=None)
@given(word=st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzÀÉèçœ"), min_size=1, max_size=14),
       size=st.integers(60, 140).map(lambda v: v / 10), min_size=st.integers(30, 60).map(lambda v: v / 10),
       fraction=st.floats(0.3, 1.2))
def test_plain_and_rich_text_shrink_to_the_same_size(word: str, size: float, min_size: float,
                                                     fraction: float) -> None:
    """One word in a box narrower than it (off the half-point grid: 9.3 pt, min 5.3): the largest
    size tried at which it fits is the same for a Text box and for rich text."""
    w = text_width(word, "sans", size) * fraction
    try:
        plain: float | None = layout_text(Text(0, 0, w, 100, word, size=size, min_size=min_size, wrap=False))[0].size
    except LayoutError:
        plain = None
    rich = fit(word, w, 100, RichStyle(font="sans", size=size, min_size=min_size))
    assert plain == (rich[0] if rich is not None else None), (word, size, min_size, w)
    assert plain is None or plain in shrink_sizes(size, min_size)
