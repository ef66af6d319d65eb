"""`--cutter scanncut`: a PDF with four bullseye marks for Brother ScanNCut / CanvasWorkspace, and an SVG cut file per sheet."""

from __future__ import annotations

from generator.publish.cutters.sheets import PdfCutter

FORMAT = PdfCutter("scanncut", ("svg",))
