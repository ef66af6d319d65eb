"""A PDF rewritten object by object as qpdf's QPDFWriter writes it (the bytes pikepdf's `save` gives with
deterministic_id, no object streams and compressed streams), reading one object at a time from the file,
so memory holds three numbers an object instead of qpdf's parsed document (~6 KB an object).

What qpdf does, and this does the same way (QPDFWriter.cc, qpdf 12):
- objects are numbered in the order they are first met, breadth first: the Root, the trailer's other
  values (the Info), then each written object's references in the order they are written; each is
  written `N 0 obj\\n...\\nendobj\\n`;
- dictionaries with their keys sorted (bytewise), `<< /Key value >>`, null values left out; arrays
  `[ a b ]`; names #-escaped, strings as qpdf's QPDF_String writes them (literal, or hex when mostly
  binary); integers as integers, reals as they were written;
- a stream's dictionary without /Length, then ` /Length N`; data already in one /FlateDecode (a name)
  is copied; data in a filter array of /FlateDecode only is inflated and deflated again (zlib's default
  level, as qpdf's Pl_Flate), written with ` /Filter /FlateDecode`; unfiltered data is deflated; a
  newline before `endstream` (pikepdf's preserve_pdfa);
- a classic xref table, then the trailer (/Info, /Root, /Size, /ID) and startxref; the /ID's first
  word is the source's, the second the MD5 of the MD5 (hex) of every byte before it, " QPDF " and the
  Info's strings (qpdf's deterministic ID).

Only what pnpgen's reportlab documents contain is read (a classic xref table, direct stream lengths,
Flate streams); anything else is an internal error, never a silently different file."""

from __future__ import annotations

import hashlib
import re
import zlib
from array import array
from typing import BinaryIO

HEADER_COMMENT = b"%\xbf\xf7\xa2\xfe\n"


class Name(bytes):
    """A PDF name, decoded (b"/Type"), as qpdf keeps it."""


class String(bytes):
    """A PDF string's value (its bytes, escapes resolved)."""


class Real(bytes):
    """A real number as it was written (qpdf writes reals as it read them)."""


class Ref(int):
    """An indirect reference (its object number; generations are 0)."""


class Stream:
    """A stream object: its dictionary and its data as stored (still filtered)."""

    __slots__ = ("data", "dictionary")

    def __init__(self, dictionary: dict[Name, object], data: bytes) -> None:
        self.dictionary, self.data = dictionary, data


PdfObject = object      # None, bool, int, Real, Name, String, Ref, list, dict, Stream

_TOKEN = re.compile(
    rb"[\x00\t\n\x0c\r ]*(?:"
    rb"(?P<ref>(\d+)[\x00\t\n\x0c\r ]+\d+[\x00\t\n\x0c\r ]+R(?![^\x00\t\n\x0c\r ()<>\[\]{}/%]))"
    rb"|(?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*)"
    rb"|(?P<num>[+-]?(?:\d+\.?\d*|\.\d+))"
    rb"|(?P<dict><<)|(?P<enddict>>>)|(?P<array>\[)|(?P<endarray>\])"
    rb"|(?P<hex><[0-9A-Fa-f\x00\t\n\x0c\r ]*>)"
    rb"|(?P<str>\()"
    rb"|(?P<word>[A-Za-z]+)"
    rb"|(?P<comment>%[^\r\n]*))")
_ESCAPES = {ord("n"): b"\n", ord("r"): b"\r", ord("t"): b"\t", ord("b"): b"\b", ord("f"): b"\f",
            ord("("): b"(", ord(")"): b")", ord("\\"): b"\\"}
_NAME_HEX = re.compile(rb"#([0-9A-Fa-f]{2})")


class Parser:
    """PDF objects read from bytes (one object's text at a time)."""

    def __init__(self, data: bytes, pos: int = 0) -> None:
        self.data, self.pos = data, pos

    def _error(self, what: str) -> RuntimeError:
        return RuntimeError(f"internal: cannot read the drawn PDF ({what} at byte {self.pos})")

    def token(self) -> tuple[str, bytes | int]:
        while True:
            match = _TOKEN.match(self.data, self.pos)
            if match is None or match.lastgroup is None:
                raise self._error("unexpected text")
            self.pos = match.end()
            kind = match.lastgroup
            if kind == "comment":
                continue
            if kind == "ref":
                return kind, int(match.group(2))
            if kind == "str":
                return kind, self._literal()
            return kind, match.group(kind)

    def _literal(self) -> bytes:
        """A literal string's value from after its '(' (nested parentheses, escapes, line ends)."""
        data, pos, depth, out = self.data, self.pos, 1, bytearray()
        while True:
            if pos >= len(data):
                raise self._error("an unterminated string")
            ch = data[pos]
            pos += 1
            if ch == 0x5C:              # backslash
                nxt = data[pos]
                pos += 1
                if nxt in _ESCAPES:
                    out += _ESCAPES[nxt]
                elif 0x30 <= nxt <= 0x37:
                    digits = bytes([nxt])
                    while len(digits) < 3 and pos < len(data) and 0x30 <= data[pos] <= 0x37:
                        digits += data[pos:pos + 1]
                        pos += 1
                    out.append(int(digits, 8) & 0xFF)
                elif nxt == 0x0D:       # a line continuation
                    if data[pos:pos + 1] == b"\n":
                        pos += 1
                elif nxt != 0x0A:
                    out.append(nxt)
            elif ch == 0x28:
                depth += 1
                out.append(ch)
            elif ch == 0x29:
                depth -= 1
                if depth == 0:
                    self.pos = pos
                    return bytes(out)
                out.append(ch)
            elif ch == 0x0D:            # an end of line inside a string reads as \n
                if data[pos:pos + 1] == b"\n":
                    pos += 1
                out += b"\n"
            else:
                out.append(ch)

    def value(self) -> PdfObject:
        kind, text = self.token()
        return self._value(kind, text)

    def _value(self, kind: str, text: bytes | int) -> PdfObject:
        if kind == "ref":
            return Ref(text)
        if isinstance(text, int):       # (only a reference's token is an int)
            raise self._error("a number")
        if kind == "name":
            return Name(_NAME_HEX.sub(lambda m: bytes([int(m.group(1), 16)]), text) if b"#" in text else text)
        if kind == "num":
            return Real(text) if b"." in text else int(text)
        if kind == "dict":
            items: dict[Name, object] = {}
            while True:
                kind, text = self.token()
                if kind == "enddict":
                    return items
                key = self._value(kind, text)
                if not isinstance(key, Name):
                    raise self._error("a dictionary key that is not a name")
                items[key] = self.value()
        if kind == "array":
            values: list[object] = []
            while True:
                kind, text = self.token()
                if kind == "endarray":
                    return values
                values.append(self._value(kind, text))
        if kind == "hex":
            digits = re.sub(rb"[^0-9A-Fa-f]", b"", text[1:-1])
            return String(bytes.fromhex((digits + b"0" if len(digits) % 2 else digits).decode("ascii")))
        if kind == "str":
            return String(text)
        if kind == "word" and text in (b"true", b"false"):
            return text == b"true"
        if kind == "word" and text == b"null":
            return None
        raise self._error(f"an unexpected {kind} {text[:20]!r}")


def _name(key: bytes) -> bytes:
    """qpdf's Name::normalize: the name with '#xx' for delimiters, '#', and bytes outside 33..126."""
    if _NAME_PLAIN.fullmatch(key, 1):
        return key
    return key[:1] + b"".join(b"#%02x" % c if c < 33 or c > 126 or c in b"#/(){}<>[]%" else bytes([c])
                              for c in key[1:])


_NAME_PLAIN = re.compile(rb"[^\x00-\x20#/(){}<>\[\]%\x7f-\xff]*")


def _string(value: bytes) -> bytes:
    """qpdf's QPDF_String::unparse: hex when a byte below 24 other than \\n \\r \\t \\b \\f occurs, or
    when more than a fifth are non-ASCII (127 and up, or 24..31); else literal, escaped."""
    if _PRINTABLE.fullmatch(value):
        return b"(" + value.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"
    non_ascii = 0
    for c in value:
        if c > 126 or 24 <= c < 32:
            non_ascii += 1
        elif c < 24 and c not in (10, 13, 9, 8, 12):
            return b"<" + value.hex().encode("ascii") + b">"
    if 5 * non_ascii > len(value):
        return b"<" + value.hex().encode("ascii") + b">"
    return b"(" + b"".join([_STRING_CHAR[c] for c in value]) + b")"


_PRINTABLE = re.compile(rb"[ -~]*")
_STRING_CHAR = [b"\\%03o" % c for c in range(256)]
for _c in [*range(32, 127), *range(160, 256)]:
    _STRING_CHAR[_c] = bytes([_c])
for _c, _e in ((10, b"\\n"), (13, b"\\r"), (9, b"\\t"), (8, b"\\b"), (12, b"\\f"), (40, b"\\("),
               (41, b"\\)"), (92, b"\\\\")):
    _STRING_CHAR[_c] = _e


class Source:
    """A PDF file (as reportlab writes it: one classic xref table) read one object at a time, with the
    objects a caller replaced or added kept apart (in memory)."""

    def __init__(self, pdf: BinaryIO) -> None:
        self.file = pdf
        pdf.seek(0, 2)
        size = pdf.tell()
        pdf.seek(max(0, size - 1024))
        tail = pdf.read()
        found = tail.rfind(b"startxref")
        if found < 0:
            raise RuntimeError("internal: the drawn PDF has no startxref")
        pdf.seek(int(tail[found + 9:].split()[0]))
        fields = (pdf.readline() + pdf.readline()).split()
        if fields[:2] != [b"xref", b"0"] or len(fields) != 3:
            raise RuntimeError("internal: the drawn PDF's xref table is not one section")
        count = int(fields[2])
        table = pdf.read(20 * count)
        self.offsets = array("q", (int(table[20 * i:20 * i + 10]) for i in range(count)))
        rest = pdf.read(size - pdf.tell())
        trailer = Parser(rest, rest.index(b"trailer") + 7).value()
        if not isinstance(trailer, dict):
            raise RuntimeError("internal: the drawn PDF's trailer is not a dictionary")
        self.trailer: dict[Name, object] = trailer
        self.changed: dict[int, PdfObject] = {}
        self.count = count                  # object numbers in use, 0 included

    def ref(self, key: str) -> Ref:
        """The trailer's reference under `key` ("/Root", "/Info")."""
        value = self.trailer.get(Name(key.encode("ascii")))
        if not isinstance(value, Ref):
            raise RuntimeError(f"internal: the drawn PDF's trailer has no {key}")
        return value

    def add(self, value: PdfObject) -> Ref:
        """A new indirect object (it is written where it is first referenced)."""
        self.changed[self.count] = value
        self.count += 1
        return Ref(self.count - 1)

    def replace(self, ref: Ref, value: PdfObject) -> None:
        self.changed[ref] = value

    def read(self, number: int) -> PdfObject:
        """Object `number`: its value (a Stream with its data as stored), or what replaced it."""
        if number in self.changed:
            return self.changed[number]
        if not 0 < number < len(self.offsets):
            raise RuntimeError(f"internal: the drawn PDF has no object {number}")
        self.file.seek(self.offsets[number])
        chunk = self.file.read(4096)
        head = _OBJ.match(chunk)
        if head is None or int(head.group(1)) != number:
            raise RuntimeError(f"internal: object {number} of the drawn PDF is not where its xref says")
        while True:
            try:
                return self._parse(chunk, head.end(), number)
            except (RuntimeError, IndexError):
                more = self.file.read(len(chunk))       # (the object runs on: read as much again)
                if not more:
                    raise
                chunk += more

    def _parse(self, chunk: bytes, pos: int, number: int) -> PdfObject:
        parser = Parser(chunk, pos)
        value = parser.value()
        kind, word = parser.token()
        if kind == "word" and word == b"endobj":
            return value
        if kind != "word" or word != b"stream" or not isinstance(value, dict):
            raise RuntimeError(f"internal: object {number} of the drawn PDF does not end")
        length = value.get(_LENGTH)
        if not isinstance(length, int) or isinstance(length, (Ref, bool)):
            raise RuntimeError(f"internal: stream {number} of the drawn PDF has no direct /Length")
        start = parser.pos + (2 if chunk[parser.pos:parser.pos + 2] == b"\r\n" else 1)
        if len(chunk) < start + length:
            chunk += self.file.read(start + length - len(chunk))
        return Stream(value, chunk[start:start + length])


_OBJ = re.compile(rb"[\x00\t\n\x0c\r ]*(\d+)[\x00\t\n\x0c\r ]+0[\x00\t\n\x0c\r ]+obj")
_LENGTH, _FILTER, _PARMS = Name(b"/Length"), Name(b"/Filter"), Name(b"/DecodeParms")
_FLATE = (Name(b"/FlateDecode"), Name(b"/Fl"))
_TYPE, _RESOURCES = Name(b"/Type"), Name(b"/Resources")
_TRIMMED = {Name(k) for k in (b"/ID", b"/Encrypt", b"/Prev", b"/Index", b"/W", b"/Length", b"/Filter",
                              b"/DecodeParms", b"/Type", b"/XRefStm")}


def _stream_data(stream: Stream) -> tuple[dict[Name, object], bytes, bool]:
    """(the dictionary to write, less /Length; the data to write; whether ` /Filter /FlateDecode` is
    added), as QPDFWriter's will_filter_stream decides with qpdf's default (generalized) decoding."""
    entries = {k: v for k, v in stream.dictionary.items() if k != _LENGTH}
    if entries.get(_PARMS) == []:
        del entries[_PARMS]
    filters, parms = entries.get(_FILTER), entries.get(_PARMS)
    if stream.dictionary.get(_LENGTH) == 0 or filters in _FLATE:
        return entries, stream.data, False          # empty, or deflated under a plain name: copied
    if filters is None or filters == []:
        data = stream.data
    elif (isinstance(filters, list) and all(f in _FLATE for f in filters)
          and (parms is None or (isinstance(parms, list) and all(p is None for p in parms)))):
        data = stream.data
        for _ in filters:
            data = zlib.decompress(data)
    else:
        raise RuntimeError(f"internal: a drawn stream has filters this writer does not decode ({filters!r})")
    entries.pop(_FILTER, None)
    entries.pop(_PARMS, None)
    return entries, zlib.compress(data), True


def write(source: Source, out: BinaryIO, version: tuple[int, int]) -> None:
    """The document written to `out` as qpdf writes it, one object at a time; the header declares `version`."""
    _Writer(source, out).run(version)


class _Writer:
    """qpdf's standard (not QDF, not linearized) write: objects numbered as they are first met,
    written as they are dequeued; an MD5 of every byte for the deterministic /ID."""

    def __init__(self, source: Source, out: BinaryIO) -> None:
        self.source, self.out = source, out
        self.renumber = array("i", bytes(4 * source.count))   # old number -> new (0: not met yet)
        self.queue = array("i")                                # old numbers, in new order
        self.offsets = array("q")                              # each new object's offset
        self.md5 = hashlib.md5()
        self.position = 0

    def write(self, data: bytes) -> None:
        self.out.write(data)
        self.md5.update(data)
        self.position += len(data)

    def enqueue(self, value: PdfObject) -> None:
        """QPDFWriter::enqueue: an indirect object is numbered when first met; direct ones are walked."""
        if isinstance(value, Ref):
            if not self.renumber[value]:
                self.queue.append(value)
                self.renumber[value] = len(self.queue)
        elif isinstance(value, list):
            for item in value:
                self.enqueue(item)
        elif isinstance(value, dict):
            for key in sorted(value):
                if value[key] is not None:
                    self.enqueue(value[key])

    def unparse(self, value: PdfObject, parts: list[bytes]) -> None:
        """QPDFWriter::unparseObject of a direct value (references enqueued as they are written)."""
        if isinstance(value, Ref):
            self.enqueue(value)
            parts.append(b"%d 0 R" % self.renumber[value])
        elif isinstance(value, Name):
            parts.append(_name(value))
        elif isinstance(value, dict):
            parts.append(b"<<")
            self.entries(value, parts)
            parts.append(b" >>")
        elif isinstance(value, list):
            parts.append(b"[")
            for item in value:
                parts.append(b" ")
                self.unparse(item, parts)
            parts.append(b" ]")
        elif isinstance(value, String):
            parts.append(_string(value))
        elif isinstance(value, Real):
            parts.append(value)
        elif value is None:
            parts.append(b"null")
        elif isinstance(value, bool):
            parts.append(b"true" if value else b"false")
        elif isinstance(value, int):
            parts.append(b"%d" % value)
        else:
            raise RuntimeError(f"internal: cannot write a {type(value).__name__} in a PDF")

    def entries(self, value: dict[Name, object], parts: list[bytes]) -> None:
        for key in sorted(value):
            item = value[key]
            if item is not None:
                parts.append(b" " + _name(key) + b" ")
                self.unparse(item, parts)

    def write_object(self, new: int, value: PdfObject) -> None:
        self.offsets.append(self.position)
        parts = [b"%d 0 obj\n" % new]
        if isinstance(value, Stream):
            entries, data, flate = _stream_data(value)
            parts.append(b"<<")
            self.entries(entries, parts)
            parts.append(b" /Length %d%s >>\nstream\n" % (len(data), b" /Filter /FlateDecode" if flate else b""))
            self.write(b"".join(parts))
            self.write(data)
            self.write(b"\nendstream\nendobj\n")
            return
        if isinstance(value, dict) and value.get(_TYPE) == b"/Page" and _RESOURCES not in value:
            raise RuntimeError(f"internal: page object {self.queue[new - 1]} has no /Resources (qpdf would add them)")
        self.unparse(value, parts)
        parts.append(b"\nendobj\n")
        self.write(b"".join(parts))

    def run(self, version: tuple[int, int]) -> None:
        self.write(b"%%PDF-%d.%d\n%s" % (*version, HEADER_COMMENT))
        trailer = {k: v for k, v in self.source.trailer.items() if k not in _TRIMMED}
        self.enqueue(self.source.ref("/Root"))
        self.enqueue(trailer)
        done = 0
        while done < len(self.queue):
            old = self.queue[done]
            done += 1
            self.write_object(done, self.source.read(old))
        size = len(self.queue) + 1
        xref_at = self.position
        self.write(b"xref\n0 %d\n0000000000 65535 f \n" % size)
        self.write(b"".join(b"%010d 00000 n \n" % offset for offset in self.offsets))
        parts = [b"trailer <<"]
        for key in sorted(trailer):
            if trailer[key] is not None:
                parts.append(b" " + _name(key) + b" ")
                if key == b"/Size":
                    parts.append(b"%d" % size)
                else:
                    self.unparse(trailer[key], parts)
        parts.append(b" /ID [")
        self.write(b"".join(parts))
        self.write(self.id() + b"] >>\nstartxref\n%d\n%%%%EOF\n" % xref_at)

    def id(self) -> bytes:
        """qpdf's deterministic /ID: the source's first word kept, the second the MD5 of the hex MD5 of
        every byte so far, " QPDF " and the Info's strings (cut at a NUL: qpdf hashes a C string)."""
        seed = self.md5.hexdigest().encode("ascii") + b" QPDF "
        info = self.source.read(self.source.ref("/Info"))
        if isinstance(info, dict):
            seed += b"".join(b" " + info[key] for key in sorted(info) if isinstance(info[key], String))
        second = hashlib.md5(seed.split(b"\0", 1)[0]).digest()
        ids = self.source.trailer.get(Name(b"/ID"))
        first = ids[0] if isinstance(ids, list) and ids and isinstance(ids[0], String) else second
        return b"<" + first.hex().encode("ascii") + b"><" + second.hex().encode("ascii") + b">"


__all__ = ["Name", "Real", "Ref", "Source", "Stream", "String", "write"]
