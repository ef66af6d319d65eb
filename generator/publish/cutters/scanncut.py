"""`--cutter scanncut`: a PDF with four bullseye registration marks for Brother ScanNCut / CanvasWorkspace print-and-cut, and an SVG cut file per sheet."""

from __future__ import annotations

from generator.publish.cutters.sheets import PdfCutter

FORMAT = PdfCutter("scanncut", ("svg",))
