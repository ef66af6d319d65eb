"""Shaped text in a PDF: each face a Type 0 font (Identity-H: a glyph's code is its glyph id) whose
subset (fontTools, glyph ids kept) is embedded when the document is saved.

A TrueType face is a CIDFontType2 with its subset as FontFile2; a CFF (OTF) face a CIDFontType0
with the subset OpenType file as FontFile3 (/Subtype /OpenType). The ToUnicode map gives each glyph
the characters it stands for (a ligature "fi" both letters), so copying or searching the PDF
gives the source text back; a run whose glyphs do not each stand for their own characters
(Devanagari conjuncts, reordered vowel signs) is also marked with its text as /ActualText. Glyphs are placed at HarfBuzz's positions with TJ adjustments (and a
text rise for marks set above or below), from the same glyph runs the PNG and SVG backends draw.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from generator.scene.fonts import GlyphRun, font_data, font_spec, hb_font, units_per_em

if TYPE_CHECKING:   # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

_EPS = 0.005       # 1/1000 em: adjustments below this are not written


@dataclass(eq=False)
class GlyphFont:
    """One face in one document: the glyphs it drew (id -> the text it stands for)."""

    face: str
    internal: str                       # the resource name ("F3")
    used: dict[int, str] = field(default_factory=dict)
    _dynamicFont: int = 1               # reportlab: objects are made when the document is saved

    def addObjects(self, doc: Any) -> None:   # noqa: N802 (reportlab's name)
        """The Type 0 font, its CIDFont, descriptor, font file and ToUnicode, linked in as `internal`."""
        from reportlab.pdfbase import pdfdoc

        gids = sorted({0, *self.used})
        program, cff, ps_name, metrics = _subset(self.face, tuple(gids))
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(program).digest()[:6])
        base = f"{tag}+{ps_name}"
        stream = pdfdoc.PDFStream(content=program, filters=[pdfdoc.PDFZCompress])
        if cff:
            stream.dictionary["Subtype"] = pdfdoc.PDFName("OpenType")
        else:
            stream.dictionary["Length1"] = len(program)
        file_ref = doc.Reference(stream, f"pnpgenFontFile:{self.internal}")
        descriptor = pdfdoc.PDFDictionary({
            "Type": "/FontDescriptor", "FontName": pdfdoc.PDFName(base), "Flags": 4,
            "FontBBox": pdfdoc.PDFArray(metrics["bbox"]), "ItalicAngle": metrics["italic"],
            "Ascent": metrics["ascent"], "Descent": metrics["descent"], "CapHeight": metrics["cap"],
            "StemV": 80, ("FontFile3" if cff else "FontFile2"): file_ref})
        widths = _widths(self.face, gids)
        cid_font = pdfdoc.PDFDictionary({
            "Type": "/Font", "Subtype": "/CIDFontType0" if cff else "/CIDFontType2",
            "BaseFont": pdfdoc.PDFName(base),
            "CIDSystemInfo": pdfdoc.PDFDictionary({"Registry": pdfdoc.PDFString("Adobe"),
                                                   "Ordering": pdfdoc.PDFString("Identity"), "Supplement": 0}),
            "FontDescriptor": doc.Reference(descriptor, f"pnpgenFontDescriptor:{self.internal}"),
            "DW": 1000, "W": pdfdoc.PDFArray(widths)})
        if not cff:
            cid_font["CIDToGIDMap"] = "/Identity"
        cmap = pdfdoc.PDFStream(content=to_unicode_cmap(self.used), filters=[pdfdoc.PDFZCompress])
        font = pdfdoc.PDFDictionary({
            "Type": "/Font", "Subtype": "/Type0", "BaseFont": pdfdoc.PDFName(base), "Encoding": "/Identity-H",
            "DescendantFonts": pdfdoc.PDFArray([doc.Reference(cid_font, f"pnpgenCIDFont:{self.internal}")]),
            "ToUnicode": doc.Reference(cmap, f"pnpgenToUnicode:{self.internal}")})
        doc.idToObject["BasicFonts"].dict[self.internal] = doc.Reference(font, self.internal)


def glyph_font(canvas: Canvas, face: str) -> GlyphFont:
    """The document's Type 0 font of a face, made (and its resource name given) on first use."""
    fonts: dict[str, GlyphFont] = canvas.__dict__.setdefault("_pnpgen_glyph_fonts", {})
    font = fonts.get(face)
    if font is None:
        doc = canvas._doc
        internal = f"F{len(doc.fontMapping) + 1}"
        doc.fontMapping[f"pnpgen-glyphs-{face}"] = "/" + internal
        font = fonts[face] = GlyphFont(face, internal)
        doc.delayedFonts.append(font)
    return font


def show_runs(canvas: Canvas, runs: tuple[GlyphRun, ...], size: float, fmt: Any) -> str:
    """The text operators (after the line's Tm) that show the runs: per run its font's Tf, then TJ
    arrays of glyph ids with adjustments that put each glyph at HarfBuzz's place; `fmt` writes numbers."""
    ops: list[str] = []
    expected = 0.0          # where HarfBuzz puts the pen (1/1000 em from the line's start)
    written = 0.0           # where the PDF's pen is
    rise = 0.0
    for run in runs:
        font = glyph_font(canvas, run.font)
        ops.append(f"/{font.internal} {fmt(size)} Tf")
        widths = _advance_table(run.font)
        texts = _cluster_texts(run)
        simple = all(font.used.get(g[0], t) in (t, "") and t for g, t in zip(run.glyphs, texts, strict=True))
        if not simple:      # a glyph does not stand for its own characters (conjuncts, reordered marks)
            ops.append(f"/Span <</ActualText <FEFF{run.text.encode('utf-16-be').hex().upper()}>>> BDC")
        parts: list[str] = []
        for (gid, advance, dx, dy, _cluster), text in zip(run.glyphs, texts, strict=True):
            if text and not font.used.get(gid):
                font.used[gid] = text
            font.used.setdefault(gid, "")
            if abs(dy - rise) > _EPS:
                if parts:
                    ops.append("[" + " ".join(parts) + "] TJ")
                    parts = []
                rise = dy
                ops.append(f"{fmt(round(rise / 1000 * size, 3))} Ts")
            delta = expected + dx - written
            if abs(delta) > _EPS:
                step = round(delta, 2)
                parts.append(fmt(-step))
                written += step
            parts.append(f"<{gid:04X}>")
            written += widths(gid)
            expected += advance
        if parts:
            ops.append("[" + " ".join(parts) + "] TJ")
        if not simple:
            ops.append("EMC")
    if rise:
        ops.append("0 Ts")
    return " ".join(ops)


def _cluster_texts(run: GlyphRun) -> list[str]:
    """Per glyph the characters it stands for: a cluster's text on its first glyph (in logical
    order), '' on the others."""
    starts = sorted({g[4] for g in run.glyphs})
    ends = dict(zip(starts, [*starts[1:], len(run.text)], strict=True))
    seen: set[int] = set()
    out = []
    for g in run.glyphs:
        cluster = g[4]
        out.append("" if cluster in seen else run.text[cluster:ends[cluster]])
        seen.add(cluster)
    return out


@lru_cache(maxsize=64)
def _advance_table(face: str) -> Any:
    """glyph id -> the width the PDF gives it (1/1000 em, rounded as written in /W)."""
    font = hb_font(face)
    scale = 1000.0 / units_per_em(face)

    @lru_cache(maxsize=None)
    def width(gid: int) -> float:
        return round(font.get_glyph_h_advance(gid) * scale, 2)

    return width


def _widths(face: str, gids: list[int]) -> list[Any]:
    """The /W array: runs of consecutive glyph ids with their widths."""
    width = _advance_table(face)
    out: list[Any] = []
    run: list[int] = []
    first = -2
    for gid in gids:
        if run and gid == first + len(run):
            run.append(gid)
            continue
        if run:
            out += [first, [_number(width(g)) for g in run]]
        first, run = gid, [gid]
    if run:
        out += [first, [_number(width(g)) for g in run]]
    from reportlab.pdfbase import pdfdoc

    return [pdfdoc.PDFArray(v) if isinstance(v, list) else v for v in out]


def _number(value: float) -> int | float:
    """A width as the PDF writes it: an integer when it is one (reportlab's fp_str writes floats)."""
    return int(value) if value == int(value) else value


def to_unicode_cmap(used: dict[int, str]) -> str:
    """A ToUnicode CMap mapping each glyph id to its text (UTF-16BE), 100 entries per block."""
    entries = [(gid, text) for gid, text in sorted(used.items()) if text]
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
             "/CMapName /Adobe-Identity-UCS def", "/CMapType 2 def",
             "1 begincodespacerange", "<0000> <FFFF>", "endcodespacerange"]
    for start in range(0, len(entries), 100):
        block = entries[start:start + 100]
        lines.append(f"{len(block)} beginbfchar")
        lines += [f"<{gid:04X}> <{text.encode('utf-16-be').hex().upper()}>" for gid, text in block]
        lines.append("endbfchar")
    lines += ["endcmap", "CMapName currentdict /CMap defineresource pop", "end", "end"]
    return "\n".join(lines)


@lru_cache(maxsize=64)
def _subset(face: str, gids: tuple[int, ...]) -> tuple[bytes, bool, str, dict[str, Any]]:
    """The face's subset keeping exactly these glyphs at their ids: (font program, CFF outlines?,
    PostScript name, descriptor metrics in 1/1000 em)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    data, index = font_data(face)
    tt = TTFont(io.BytesIO(data), fontNumber=index if data[:4] == b"ttcf" else -1, recalcTimestamp=False,
                lazy=True)
    cff = "CFF " in tt
    scale = 1000.0 / tt["head"].unitsPerEm
    head, os2 = tt["head"], tt["OS/2"] if "OS/2" in tt else None
    metrics: dict[str, Any] = {
        "bbox": [round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)],
        "italic": round(float(tt["post"].italicAngle), 2) if "post" in tt else 0,
        "ascent": round(tt["hhea"].ascent * scale), "descent": round(tt["hhea"].descent * scale),
        "cap": round((getattr(os2, "sCapHeight", 0) or tt["hhea"].ascent) * scale),
    }
    ps_name = "".join(ch for ch in str(tt["name"].getDebugName(6) or font_spec(face).family)
                      if ch.isascii() and ch.isalnum() or ch in "-_") or "Font"
    options = subset.Options()
    options.retain_gids = True
    options.layout_features = []
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.hinting = False
    options.name_IDs = [1, 2, 3, 4, 6]
    options.drop_tables = [*options.drop_tables, "FFTM", "GSUB", "GPOS", "GDEF", "kern"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=list(gids))
    subsetter.subset(tt)
    out = io.BytesIO()
    tt.save(out)
    tt.close()
    return out.getvalue(), cff, ps_name[:60], metrics
