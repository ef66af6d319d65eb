"""Recording backend: one stable line per primitive after text layout, numbers to 0.01 mm."""

from __future__ import annotations

from generator.render import render_recording
from generator.scene.model import (
    Circle,
    Group,
    Line,
    Page,
    Polygon,
    Polyline,
    Rect,
    Stroke,
    Text,
    TextLine,
    rotate,
)
from generator.scene.text import layout_text


def test_one_line_per_primitive_with_rounded_numbers() -> None:
    items = [
        Rect(1.004, 2.006, 10, 20, fill="#ff0000", radius=1.5),
        Line(0, 0, 3.333333, 4, stroke=Stroke("#00ff00", 0.3, dash=(1, 0.5))),
        Polygon([(0, 0), (1, 0), (1, 1)], fill="#0000ff", stroke=None),
        Polyline(((0, 0), (2, 2)), closed=False, fill="#ff00ff"),
        Circle(5, 5, 2.5, fill=None),
        Group((TextLine(1, 2, "ciao"),), transform=rotate(90, 10, 10), clip=Rect(0, 0, 5, 5, radius=1)),
    ]
    log = render_recording([Page(100, 50, items=items, label="p", kind="card", trim_box=(1, 2, 3, 4))])
    assert log.splitlines() == [
        "page 1 100,50 kind=card label='p' trim=1,2,3,4",
        "  rect 1,2.01,10,20 r=1.5 fill=#ff0000 stroke=#000000/0.25",
        "  line 0,0,3.33,4 stroke=#00ff00/0.3 dash=1,0.5",
        "  polygon 0,0 1,0 1,1 fill=#0000ff stroke=none",
        "  polyline 0,0 2,2 fill=none stroke=#000000/0.25",
        "  circle 5,5,2.5 fill=none stroke=#000000/0.25",
        "  group matrix=0,1,-1,0,20,0 clip=0,0,5,5 r=1",
        "    text 1,2 sans 10pt #000000 'ciao'",
        "  end",
    ]


def test_text_is_recorded_after_layout() -> None:
    box = Text(0, 0, 30, 40, "una frase che va a capo più volte, con accenti: àèé", size=10)
    log = render_recording([Page(50, 50, items=[box])]).splitlines()[1:]
    lines = layout_text(box)
    assert len(log) == len(lines) > 1
    for entry, line in zip(log, lines, strict=False):
        x, y = (f"{v:.2f}".rstrip("0").rstrip(".") for v in (line.x, line.y))
        assert entry == f"  text {x},{y} sans {line.size:g}pt #000000 {line.text!r}"


def test_stable_across_calls(page) -> None:
    assert render_recording([page, page]) == render_recording([page, page])
    assert render_recording([page]).count("\npage ") == 0
    assert render_recording([page, page]).count("page 2 ") == 1
