"""Backend-agnostic drawing: pages of shapes in millimetres, text layout, and print imposition."""

from generator.scene.model import (  # noqa: F401
    IDENTITY,
    Circle,
    Group,
    Hatch,
    Image,
    Line,
    Page,
    Polyline,
    Rect,
    Stroke,
    Text,
    TextLine,
    compose,
    rotate,
    scale,
    translate,
)
