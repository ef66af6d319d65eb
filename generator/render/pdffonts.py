"""Shaped text in a PDF: each face a Type 0 font (Identity-H: a glyph's code is its glyph id) whose
subset (fontTools, glyph ids kept) is embedded when the document is saved.

A TrueType face is a CIDFontType2 with its subset as FontFile2; a CFF (OTF) face a CIDFontType0
with its subset's bare CFF, CID-keyed with each glyph's CID its glyph id, as FontFile3 (/Subtype
/CIDFontType0C: PDF 1.3, so PDF/X-1a takes it too; an OpenType file there would need PDF 1.6). The ToUnicode map gives each glyph
the characters it stands for (a ligature "fi" both letters), so copying or searching the PDF
gives the source text back; a run whose glyphs do not each stand for their own characters
(Devanagari conjuncts, reordered vowel signs) is also marked with its text as /ActualText. Glyphs
are placed at HarfBuzz's positions with TJ adjustments (and a text rise for marks set above or
below), from the same glyph runs the PNG and SVG backends draw.
"""

from __future__ import annotations

import hashlib
import io
import struct
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from generator.scene.fonts import GlyphRun, font_data, font_spec, hb_font, nominal_glyph, units_per_em

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

    def addObjects(self, doc: Any) -> None:
        """The Type 0 font, its CIDFont, descriptor, font file and ToUnicode, linked in as `internal`."""
        from reportlab.pdfbase import pdfdoc

        gids = sorted({0, *self.used})
        program, cff, ps_name, metrics = _subset(self.face, tuple(gids))
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(program).digest()[:6])
        base = f"{tag}+{ps_name}"
        stream = pdfdoc.PDFStream(content=program, filters=[pdfdoc.PDFZCompress])
        if cff:
            stream.dictionary["Subtype"] = pdfdoc.PDFName("CIDFontType0C")
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


def glyph_font(canvas: Canvas, fonts: dict[str, GlyphFont], face: str) -> GlyphFont:
    """The document's Type 0 font of a face (`fonts`: the document's, by face), made (and its resource
    name given) on first use."""
    font = fonts.get(face)
    if font is None:
        doc = canvas._doc
        internal = f"F{len(doc.fontMapping) + 1}"
        doc.fontMapping[f"pnpgen-glyphs-{face}"] = "/" + internal
        font = fonts[face] = GlyphFont(face, internal)
        doc.delayedFonts.append(font)
    return font


def show_runs(canvas: Canvas, fonts: dict[str, GlyphFont], runs: tuple[GlyphRun, ...], size: float,
              fmt: Any) -> str:
    """The text operators (after the line's Tm) that show the runs: per run its font's Tf, then TJ
    arrays of glyph ids with adjustments that put each glyph at HarfBuzz's place; `fmt` writes numbers.
    The glyphs' texts go into each font's ToUnicode map (the first text a glyph stood for)."""
    ops: list[str] = []
    for face, body, pairs in _program(runs, size, fmt):
        font = glyph_font(canvas, fonts, face)
        used = font.used
        for gid, text in pairs:
            if text and not used.get(gid):
                used[gid] = text
            else:
                used.setdefault(gid, "")
        ops.append(f"/{font.internal} {fmt(size)} Tf {body}")
    return " ".join(ops)


Program = tuple[tuple[str, str, tuple[tuple[int, str], ...]], ...]


@lru_cache(maxsize=256)
def _program(runs: tuple[GlyphRun, ...], size: float, fmt: Any) -> Program:
    """Per run (face, its operators after Tf, (glyph id, text) pairs): the same for every document
    (a deck's footers and labels recur in each file)."""
    out = []
    expected = 0.0          # where HarfBuzz puts the pen (1/1000 em from the line's start)
    written = 0.0           # where the PDF's pen is
    rise = 0.0
    for run in runs:
        ops: list[str] = []
        widths = _advance_table(run.font)
        texts = _cluster_texts(run)
        _unmirror(run, texts)
        if not all(texts):      # a glyph does not stand for its own characters (reordered vowel signs)
            ops.append(f"/Span <</ActualText <FEFF{run.text.encode('utf-16-be').hex().upper()}>>> BDC")
        parts: list[str] = []
        offsets = any(g[3] for g in run.glyphs) or rise
        for gid, advance, dx, dy, _cluster in run.glyphs:
            if offsets and abs(dy - rise) > _EPS:
                if parts:
                    ops.append("[" + " ".join(parts) + "] TJ")
                    parts = []
                rise = dy
                ops.append(f"{fmt(round(rise / 1000 * size, 3))} Ts")
            delta = expected + dx - written
            if delta > _EPS or delta < -_EPS:
                step = round(delta, 2)
                parts.append(fmt(-step))
                written += step
            parts.append(f"<{gid:04X}>")
            written += widths(gid)
            expected += advance
        if parts:
            ops.append("[" + " ".join(parts) + "] TJ")
        if not all(texts):
            ops.append("EMC")
        out.append((run.font, " ".join(ops), tuple(zip([g[0] for g in run.glyphs], texts, strict=True))))
    if rise and out:
        face, body, pairs = out[-1]
        out[-1] = (face, body + " 0 Ts", pairs)
    return tuple(out)


def _unmirror(run: GlyphRun, texts: list[str]) -> None:
    """A right-to-left run draws a bracket as its mirror's glyph (HarfBuzz turns "(" into ")" there):
    such a glyph's text becomes its own shape's character, so the font's ToUnicode gives each glyph
    one character wherever it is drawn (text extraction reads the page in visual order, as drawn)."""
    if not run.rtl:
        return
    from bidi.mirror import MIRRORED

    for i, (glyph, text) in enumerate(zip(run.glyphs, texts, strict=True)):
        mirror = MIRRORED.get(text) if len(text) == 1 else None
        if mirror is not None and glyph[0] != nominal_glyph(run.font, text) and \
                glyph[0] == nominal_glyph(run.font, mirror):
            texts[i] = mirror


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

    @cache
    def width(gid: int) -> float:
        return round(float(font.get_glyph_h_advance(gid)) * scale, 2)

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
    PostScript name, descriptor metrics in 1/1000 em). TrueType outlines are cut here, table by
    table (fast: a deck's documents each embed their own subsets); CFF through fontTools' subsetter."""
    data, index = font_data(face)
    tables = _sfnt_tables(data, index)
    cff = b"CFF " in tables
    head, hhea = tables[b"head"], tables[b"hhea"]
    upem = struct.unpack(">H", head[18:20])[0]
    scale = 1000.0 / upem
    x_min, y_min, x_max, y_max = struct.unpack(">hhhh", head[36:44])
    ascent, descent = struct.unpack(">hh", hhea[4:8])
    os2 = tables.get(b"OS/2", b"")
    cap = struct.unpack(">h", os2[88:90])[0] if len(os2) >= 90 else ascent
    post = tables.get(b"post", b"")
    italic = struct.unpack(">i", post[4:8])[0] / 65536 if len(post) >= 8 else 0
    metrics: dict[str, Any] = {
        "bbox": [round(v * scale) for v in (x_min, y_min, x_max, y_max)], "italic": round(italic, 2),
        "ascent": round(ascent * scale), "descent": round(descent * scale), "cap": round((cap or ascent) * scale)}
    ps_name = "".join(ch for ch in _ps_name(tables.get(b"name", b"")) or font_spec(face).family
                      if ch.isascii() and (ch.isalnum() or ch in "-_")) or "Font"
    program = cid_keyed_cff(*_cff_subset(data, index, gids)) if cff else _glyf_subset(tables, gids)
    return program, cff, ps_name[:60], metrics


def _sfnt_tables(data: bytes, index: int) -> dict[bytes, bytes]:
    """{tag: table bytes} of face `index` of an sfnt file or collection."""
    offset = struct.unpack(">I", data[12 + 4 * index:16 + 4 * index])[0] if data[:4] == b"ttcf" else 0
    count = struct.unpack(">H", data[offset + 4:offset + 6])[0]
    tables = {}
    for i in range(count):
        tag, _sum, start, length = struct.unpack(">4sIII", data[offset + 12 + 16 * i:offset + 28 + 16 * i])
        tables[tag] = data[start:start + length]
    return tables


def _ps_name(name: bytes) -> str:
    """The PostScript name (name ID 6) of a name table: the Windows Unicode record, else the Mac one."""
    if len(name) < 6:
        return ""
    count, strings = struct.unpack(">HH", name[2:6])
    found = ""
    for i in range(count):
        platform, _enc, _lang, name_id, length, start = struct.unpack(">HHHHHH", name[6 + 12 * i:18 + 12 * i])
        raw = name[strings + start:strings + start + length]
        if name_id == 6:
            if platform == 3:
                return raw.decode("utf-16-be", "replace")
            found = found or raw.decode("latin-1")
    return found


_GLYF_KEEP = (b"head", b"hhea", b"maxp", b"hmtx", b"cvt ", b"fpgm", b"prep", b"OS/2", b"name", b"post")
_ARGS_WORDS, _SCALE, _MORE, _XY_SCALE, _TWO_BY_TWO = 0x0001, 0x0008, 0x0020, 0x0040, 0x0080


def _glyf_subset(tables: dict[bytes, bytes], gids: tuple[int, ...]) -> bytes:
    """A TrueType font keeping the outlines of `gids` (and the glyphs their composites use) at their
    ids, every other glyph empty; the tables a PDF's FontFile2 needs, long loca, post format 3."""
    head = tables[b"head"]
    count = struct.unpack(">H", tables[b"maxp"][4:6])[0]
    long_loca = struct.unpack(">h", head[50:52])[0] == 1
    loca_raw = tables[b"loca"]
    if long_loca:
        loca = struct.unpack(f">{count + 1}I", loca_raw[:4 * (count + 1)])
    else:
        loca = tuple(2 * v for v in struct.unpack(f">{count + 1}H", loca_raw[:2 * (count + 1)]))
    glyf = tables[b"glyf"]
    keep: set[int] = set()
    todo = [g for g in gids if 0 <= g < count]
    while todo:
        gid = todo.pop()
        if gid in keep:
            continue
        keep.add(gid)
        data = glyf[loca[gid]:loca[gid + 1]]
        if len(data) >= 10 and struct.unpack(">h", data[:2])[0] < 0:
            at = 10
            while at + 4 <= len(data):
                flags, component = struct.unpack(">HH", data[at:at + 4])
                todo.append(component)
                at += 4 + (4 if flags & _ARGS_WORDS else 2)
                at += 2 if flags & _SCALE else 4 if flags & _XY_SCALE else 8 if flags & _TWO_BY_TWO else 0
                if not flags & _MORE:
                    break
    count = max(keep) + 1           # glyphs past the last one kept are left out (ids stay)
    out_glyf = bytearray()
    offsets = []
    for gid in range(count):
        offsets.append(len(out_glyf))
        if gid in keep:
            out_glyf += glyf[loca[gid]:loca[gid + 1]]
            out_glyf += b"\0" * (-len(out_glyf) % 4)
    offsets.append(len(out_glyf))
    new = {tag: tables[tag] for tag in _GLYF_KEEP if tag in tables}
    new[b"head"] = head[:8] + b"\0\0\0\0" + head[12:50] + struct.pack(">h", 1) + head[52:]
    maxp, hhea, hmtx = tables[b"maxp"], tables[b"hhea"], tables[b"hmtx"]
    metrics = struct.unpack(">H", hhea[34:36])[0]
    long_count = min(metrics, count)
    new[b"maxp"] = maxp[:4] + struct.pack(">H", count) + maxp[6:]
    new[b"hhea"] = hhea[:34] + struct.pack(">H", long_count) + hhea[36:]
    # the long metrics kept, then the left side bearings of the glyphs past them (if any)
    new[b"hmtx"] = hmtx[:4 * long_count] + hmtx[4 * metrics:4 * metrics + 2 * (count - long_count)]
    new[b"loca"] = struct.pack(f">{count + 1}I", *offsets)
    new[b"glyf"] = bytes(out_glyf)
    if b"post" in new:
        new[b"post"] = struct.pack(">I", 0x00030000) + new[b"post"][4:32]
    return _sfnt(new)


def _sfnt(tables: dict[bytes, bytes]) -> bytes:
    """An sfnt file of these tables (sorted by tag, 4-byte aligned, checksums and head's adjustment)."""
    tags = sorted(tables)
    count = len(tags)
    power = 1 << (count.bit_length() - 1)
    header = struct.pack(">IHHHH", 0x00010000, count, power * 16, power.bit_length() - 1, count * 16 - power * 16)
    directory = b""
    body = b""
    offset = 12 + 16 * count
    for tag in tags:
        table = tables[tag]
        padded = table + b"\0" * (-len(table) % 4)
        directory += struct.pack(">4sIII", tag, _checksum(padded), offset + len(body), len(table))
        body += padded
    font = header + directory + body
    at = 12 + 16 * count + sum(len(tables[t]) + (-len(tables[t]) % 4) for t in tags[:tags.index(b"head")])
    adjustment = (0xB1B0AFBA - _checksum(font)) & 0xFFFFFFFF
    return font[:at + 8] + struct.pack(">I", adjustment) + font[at + 12:]


def _checksum(data: bytes) -> int:
    data += b"\0" * (-len(data) % 4)
    total: int = sum(struct.unpack(f">{len(data) // 4}I", data))
    return total & 0xFFFFFFFF


def _cff_subset(data: bytes, index: int, gids: tuple[int, ...]) -> tuple[bytes, dict[str, int]]:
    """An OpenType (CFF) subset of these glyphs (fontTools' subsetter), and each kept glyph's id in the whole
    font by its name (the CIDs cid_keyed_cff gives them: the page's codes are the whole font's glyph ids).
    The subset holds only these glyphs, not an empty slot for every other (a CJK face has 65,000)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    tt = TTFont(io.BytesIO(data), fontNumber=index if data[:4] == b"ttcf" else -1, recalcTimestamp=False,
                recalcBBoxes=False, lazy=True)
    order = tt.getGlyphOrder()
    options = subset.Options()
    options.layout_features = []
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.hinting = True
    options.glyph_names = False
    options.name_IDs = [1, 2, 3, 4, 6]
    options.drop_tables = [*options.drop_tables, "FFTM", "GSUB", "GPOS", "GDEF", "kern"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=list(gids))
    subsetter.subset(tt)
    out = io.BytesIO()
    tt.save(out)
    tt.close()
    wanted = {order[gid]: gid for gid in gids if gid < len(order)}
    return out.getvalue(), wanted


def cid_keyed_cff(otf: bytes, cids: dict[str, int] | None = None) -> bytes:
    """The CFF table of an OpenType font as a CID-keyed CFF whose CIDs are glyph ids (`cids`: each glyph's
    id by its name in the font it was cut from; default its id here), for a FontFile3 /CIDFontType0C
    (Identity-H: a code is a CID, here the glyph id HarfBuzz gave). A name-keyed font (most Latin OTFs)
    gets the Adobe-Identity-0 ROS and one FDArray font dict holding its Private dict (subroutines and
    hints kept); a CID-keyed one (Noto CJK) has its CIDs renumbered."""
    from fontTools.cffLib import FDArrayIndex, FDSelect, FontDict
    from fontTools.ttLib import TTFont

    tt = TTFont(io.BytesIO(otf), recalcTimestamp=False, recalcBBoxes=False)
    cff = tt["CFF "].cff
    top = cff.topDictIndex[0]
    glyphs = top.CharStrings
    names = list(top.charset)
    if not hasattr(top, "ROS"):
        font_dict = FontDict()
        font_dict.setCFF2(False)
        font_dict.FontName = cff.fontNames[0]
        font_dict.Private = top.Private
        fd_array = FDArrayIndex()
        fd_array.append(font_dict)
        select = FDSelect(format=3)
        select.gidArray = [0] * len(names)
        for key in ("Private", "Encoding"):
            top.rawDict.pop(key, None)
            if hasattr(top, key):
                delattr(top, key)
        top.FDArray, top.FDSelect = fd_array, select
        glyphs.fdArray, glyphs.fdSelect = fd_array, select
        top.ROS = ("Adobe", "Identity", 0)
    ids = cids or {name: n for n, name in enumerate(names)}
    top.CIDCount = max(ids[name] for name in names) + 1
    renamed = {name: f"cid{ids[name]:05d}" if ids[name] else ".notdef" for name in names}
    top.charset = [renamed[name] for name in names]
    glyphs.charStrings = {renamed[name]: value for name, value in glyphs.charStrings.items()}
    out = io.BytesIO()
    cff.compile(out, tt)
    tt.close()
    return out.getvalue()
