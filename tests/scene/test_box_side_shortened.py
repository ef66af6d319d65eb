"""A box side's title too long for the side at 6 pt, with no colon to cut at, is shortened and set at
6 pt or more (it came out whole at 5 or 5.5 pt: a Hebrew or Thai title, any long one)."""

from __future__ import annotations

from generator.scene.box import Panel
from generator.scene.boxpages import SPINE_MIN, BoxArt, _spine
from generator.scene.model import Group, Text
from generator.scene.text import fits_box, layout_text

SIDE = Panel("side-left", ((0.0, 0.0), (8.5, 0.0), (8.5, 60.0), (0.0, 60.0)))


def _side(title: str) -> Text:
    (group,) = _spine(SIDE, BoxArt(title))
    assert isinstance(group, Group)
    (text,) = group.items
    assert isinstance(text, Text) and fits_box(text, text.text)
    return text


def test_a_long_title_without_a_colon_is_shortened_at_six_points_or_more() -> None:
    title = "The long and winding road of the northern kingdom and its many quarrelsome barons"
    text = _side(title)
    assert text.text.endswith("…") and title.startswith(text.text[:-1])
    assert text.min_size >= SPINE_MIN and all(line.size >= SPINE_MIN for line in layout_text(text))
    assert _side("Noir").text == "Noir"                       # a short one stays whole
