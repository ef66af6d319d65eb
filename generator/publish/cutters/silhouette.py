"""`--cutter silhouette`: a PDF with Silhouette Studio's registration marks and a cut file per sheet, as SVG and DXF."""

from __future__ import annotations

from generator.publish.cutters.sheets import PdfCutter

FORMAT = PdfCutter("silhouette", ("svg", "dxf"))
