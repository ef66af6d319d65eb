"""Length units: everything in pnpgen is measured in millimetres; these convert at the edges."""

from __future__ import annotations

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0
PT_PER_MM = PT_PER_INCH / MM_PER_INCH
MM_PER_PT = MM_PER_INCH / PT_PER_INCH


def mm_to_pt(value: float) -> float:
    """Millimetres to PostScript points."""
    return value * PT_PER_MM


def pt_to_mm(value: float) -> float:
    """PostScript points to millimetres."""
    return value * MM_PER_PT



def mm_to_px(value: float, dpi: float) -> float:
    """Millimetres to pixels at a resolution in dots per inch."""
    return value / MM_PER_INCH * dpi
