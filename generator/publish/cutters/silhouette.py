"""`--cutter silhouette`: a PDF with Silhouette Studio's registration marks (square and two L marks) and, per sheet, the cut file as SVG (Designer edition) and DXF (basic edition)."""

from __future__ import annotations

from generator.publish.cutters.sheets import PdfCutter

FORMAT = PdfCutter("silhouette", ("svg", "dxf"))
