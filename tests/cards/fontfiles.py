"""Font files for the tests of a template's `fonts:`: a font whose licence bits forbid embedding."""

from __future__ import annotations

import struct


def with_fs_type(data: bytes, fs_type: int) -> bytes:
    """A font's bytes with its OS/2 fsType set (the table's checksum left as it was)."""
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        tag, _sum, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        if tag == b"OS/2":
            return data[:offset + 8] + struct.pack(">H", fs_type) + data[offset + 10:]
    raise AssertionError("no OS/2 table")


def name_keyed_otf(source: str, text: str) -> bytes:
    """A small OpenType font with CFF outlines, name-keyed (as most Latin OTFs are), made by fontTools
    from a TrueType font's glyphs for `text` (quadratic curves turned cubic): no such font ships with
    the test fonts (the Noto CJK ones are CID-keyed)."""
    import io

    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont

    with TTFont(source) as ttf:
        cmap = ttf.getBestCmap()
        glyphs = ttf.getGlyphSet()
        names = [".notdef", *sorted({cmap[ord(ch)] for ch in set(text)})]
        charstrings, metrics = {}, {}
        for name in names:
            pen = T2CharStringPen(glyphs[name].width, glyphs)
            glyphs[name].draw(pen)
            charstrings[name] = pen.getCharString()
            metrics[name] = ttf["hmtx"][name]
        builder = FontBuilder(ttf["head"].unitsPerEm, isTTF=False)
        builder.setupGlyphOrder(names)
        builder.setupCharacterMap({ord(ch): cmap[ord(ch)] for ch in set(text)})
        builder.setupCFF("PnpgenTestCFF-Regular", {"FullName": "Pnpgen Test CFF"}, charstrings, {})
        builder.setupHorizontalMetrics(metrics)
        builder.setupHorizontalHeader(ascent=ttf["hhea"].ascent, descent=ttf["hhea"].descent)
        builder.setupNameTable({"familyName": "Pnpgen Test CFF", "styleName": "Regular"})
        builder.setupOS2(sTypoAscender=ttf["OS/2"].sTypoAscender, sTypoDescender=ttf["OS/2"].sTypoDescender,
                         usWinAscent=ttf["OS/2"].usWinAscent, usWinDescent=ttf["OS/2"].usWinDescent, fsType=0)
        builder.setupPost()
    out = io.BytesIO()
    builder.save(out)
    return out.getvalue()
