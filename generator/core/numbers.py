"""The one number formatter: a short, stable decimal text for files, logs and messages."""

from __future__ import annotations


def format_number(value: float, places: int = 3) -> str:
    """Rounded to `places` decimals, trailing zeros and point dropped, never '-0': 2.50 -> '2.5', 210.0 -> '210'."""
    text = f"{value:.{places}f}"
    if "." in text:          # places=0 has no decimals to drop: 300 stays '300'
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
