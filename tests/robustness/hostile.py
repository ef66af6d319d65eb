"""Hostile inputs of issue 25, built in the tests: spreadsheets as zip parts, SVG art, image folders,
printer profiles. Shared by the corpus (test_corpus_hostile.py) and the fuzzer (fuzz_worker.py)."""

from __future__ import annotations

import io
import random
import zipfile

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"


def xlsx(sheet_xml: str, shared: str | None = None, dimension: str | None = None) -> bytes:
    """A minimal .xlsx: one sheet (its <sheetData> content given), optionally a shared-strings part."""
    shared_ct = (f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CT}.sharedStrings+xml"/>'
                 if shared is not None else "")
    shared_rel = (f'<Relationship Id="rId2" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
                  if shared is not None else "")
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    parts = {
        "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName='
        f'"/xl/workbook.xml" ContentType="{CT}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" '
        f'ContentType="{CT}.worksheet+xml"/>{shared_ct}</Types>',
        "_rels/.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        f'relationships"><Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/>'
        '</Relationships>',
        "xl/workbook.xml": f'<?xml version="1.0"?><workbook {NS} xmlns:r="{REL}"><sheets><sheet name="Sheet1" '
        'sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/'
        f'package/2006/relationships"><Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'{shared_rel}</Relationships>',
        "xl/worksheets/sheet1.xml": f'<?xml version="1.0"?><worksheet {NS}>{dim}<sheetData>{sheet_xml}</sheetData>'
        '</worksheet>',
    }
    if shared is not None:
        parts["xl/sharedStrings.xml"] = shared
    return _zip(parts)


def _zip(parts: dict[str, str | bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as book:
        for name, data in parts.items():
            book.writestr(name, data)
    return out.getvalue()


def row(number: int, cells: list[tuple[str, str | int]]) -> str:
    """<row> of cells (reference, value): text as inline strings, numbers as <v>."""
    out = []
    for ref, value in cells:
        if isinstance(value, str):
            out.append(f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>')
        else:
            out.append(f'<c r="{ref}"><v>{value}</v></c>')
    return f'<row r="{number}">' + "".join(out) + "</row>"


HEADER = row(1, [("A1", "name"), ("B1", "pips"), ("C1", "x")])
OK_XLSX_ROWS = HEADER + row(2, [("A2", "Ace"), ("B2", 2), ("C2", 1)])


def xlsx_far_cell() -> bytes:
    """The 1.5 kB file whose only far cell is XFD1048576 (calamine would allocate 2^34 cells)."""
    return xlsx(HEADER + row(1048576, [("XFD1048576", "x")]))


def xlsx_declared_range() -> bytes:
    return xlsx(OK_XLSX_ROWS, dimension="A1:XFD1048576")


def xlsx_shared_strings(count: int = 4_000_000_000) -> bytes:
    sst = (f'<?xml version="1.0"?><sst {NS} count="{count}" uniqueCount="{count}"><si><t>a</t></si></sst>')
    return xlsx(OK_XLSX_ROWS, shared=sst)


def xlsx_bomb(megabytes: int = 60) -> bytes:
    """A sheet part that inflates a thousand times (repeated empty rows)."""
    body = "<row/>" * (megabytes * 1024 * 1024 // 6)
    return xlsx(OK_XLSX_ROWS + body)


def xlsx_huge_cell(chars: int = 40_000) -> bytes:
    rng = random.Random(25)
    text = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(chars))
    return xlsx(HEADER + row(2, [("A2", text), ("B2", 1), ("C2", 1)]))


def xlsx_rows(count: int) -> bytes:
    return xlsx(HEADER + "".join(row(i, [(f"A{i}", "a"), (f"B{i}", 1), (f"C{i}", 1)]) for i in range(2, count + 2)))


def ods(body: str) -> bytes:
    """A minimal .ods whose one table holds `body` (table rows)."""
    content = ('<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:'
               'office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:'
               'names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet>'
               f'<table:table table:name="Cards">{body}</table:table></office:spreadsheet></office:body>'
               '</office:document-content>')
    manifest = ('<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:'
                'manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:'
                'media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:'
                'full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    return _zip({"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "META-INF/manifest.xml": manifest,
                 "content.xml": content})


def ods_row(cells: list[tuple[str | None, int]], repeat: int = 1) -> str:
    out = []
    for value, columns in cells:
        if value is None:
            out.append(f'<table:table-cell table:number-columns-repeated="{columns}"/>')
        else:
            out.append(f'<table:table-cell office:value-type="string" table:number-columns-repeated="{columns}">'
                       f'<text:p>{value}</text:p></table:table-cell>')
    return f'<table:table-row table:number-rows-repeated="{repeat}">' + "".join(out) + "</table:table-row>"


def ods_ok() -> bytes:
    """A fine .ods with the trailing empty rows and columns LibreOffice writes."""
    return ods(ods_row([("name", 1), ("pips", 1), ("x", 1)]) + ods_row([("Ace", 1), ("2", 1), ("1", 1)])
               + ods_row([(None, 1024)], 1048574))


def ods_repeated() -> bytes:
    """One filled row repeated a million times, a value in 16,384 columns."""
    return ods(ods_row([("name", 1)]) + ods_row([("x", 16384)], 1048570))


SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'


def svg_fan(levels: int = 7, width: int = 10) -> bytes:
    """<use> elements referencing each other in a fan (no cycle): width**levels shapes from 1.5 kB."""
    parts = [SVG.replace(">", ' xmlns:xlink="http://www.w3.org/1999/xlink">', 1),
             '<defs><path id="l0" d="M0 0L1 1Z" fill="#000"/>']
    for i in range(1, levels + 1):
        parts.append(f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * width + "</g>")
    parts.append(f'</defs><use href="#l{levels}"/></svg>')
    return "".join(parts).encode()


def svg_long_path(points: int = 900_000) -> bytes:
    return (SVG + '<path fill="#000" d="M0 0' + " L1 1" * points + 'Z"/></svg>').encode()


def svg_rects(count: int = 150_000) -> bytes:
    return (SVG + '<rect width="1" height="1"/>' * count + "</svg>").encode()


def svg_deep(depth: int = 3000) -> bytes:
    return (SVG + "<g>" * depth + '<rect width="1" height="1"/>' + "</g>" * depth + "</svg>").encode()


def svg_ok() -> bytes:
    return (SVG + '<defs><circle id="c" r="5" cx="10" cy="10"/></defs><use href="#c" fill="#c00"/>'
            '<use href="#c" x="20" fill="#00c"/></svg>').encode()


PRINTERS_NAN = '[printers.office]\noffset = [nan, 0.0]\nscale = [1.0, 1.0]\n'
PRINTERS_SLASH = '[printers."../../x"]\noffset = [1.0, 0.0]\n\n[printers.good]\noffset = [0.5, -0.5]\n'
