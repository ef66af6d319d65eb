"""Image XObjects for the PDF backend, written from the files' own compressed data, once per document.

- JPEG goes in as it is (DCTDecode); a CMYK JPEG with Adobe's inverted channels gets
  /Decode [1 0 1 0 1 0 1 0] so it prints with its own colours.
- PNG that PDF can read directly (grey or RGB at 8 bits, palette, no transparency, not
  interlaced) goes in with its own IDAT data (FlateDecode, /Predictor 15), as img2pdf does.
- Anything else (alpha, 16 bits, interlaced, other formats) is decoded and compressed once, alpha
  as an /SMask. Nothing is ASCII85-encoded.
- A picture far above the print resolution at its placed size is resampled to the cap first
  (render/images.py capped_size), a JPEG re-encoded with its own quantisation tables.

Each distinct (content, pixel size) is one XObject, however many times it is drawn.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from generator.core.imagefile import jpeg_header, pixel_size, png_header
from generator.render.images import DEFAULT_MAX_PPI, capped_size, open_image, resampled, to_8bit
from generator.render.pdfstream import keep
from generator.scene.model import Image

if TYPE_CHECKING:   # pragma: no cover
    from PIL import Image as PILImage
    from reportlab.pdfbase.pdfdoc import PDFDocument
    from reportlab.pdfgen.canvas import Canvas

RawStreamType = Callable[[dict[str, str], bytes], object]   # makes a verbatim XObject for reportlab


@dataclass
class Stream:
    """One image XObject's dictionary entries (PDF source text) and its stream data."""

    entries: dict[str, str]
    data: bytes
    smask: Stream | None = None


def _raw_object() -> RawStreamType:
    from reportlab.pdfbase.pdfdoc import PDFObject

    # reportlab has no type information (ignore_missing_imports), so its PDFObject is Any to mypy
    class RawStream(PDFObject):  # type: ignore[misc]
        """An XObject whose dictionary is written verbatim (reportlab formats the object around it)."""

        __RefOnly__ = 1

        def __init__(self, entries: dict[str, str], data: bytes) -> None:
            self.entries = entries
            self.data = data

        def format(self, document: PDFDocument) -> bytes:
            data: bytes = document.encrypt.encode(self.data)
            entries = {"Type": "/XObject", "Subtype": "/Image", **self.entries, "Length": str(len(data))}
            head = "<< " + " ".join(f"/{k} {v}" for k, v in entries.items()) + " >>"
            return head.encode("latin-1") + b"\nstream\n" + data + b"\nendstream\n"

    return RawStream


class PdfImages:
    """The image XObjects of one reportlab canvas: registered on first use, drawn by name after."""

    def __init__(self, canvas: Canvas, max_ppi: float | None = DEFAULT_MAX_PPI) -> None:
        self.canvas = canvas
        self.max_ppi = max_ppi
        self.names: dict[tuple[str, tuple[int, int] | None], str] = {}
        self._raw = _raw_object()

    def draw(self, item: Image, placed_mm: tuple[float, float], emit: Callable[[str], None]) -> None:
        """Draw the item in the current user space (mm, y down): its box, picture upright."""
        pixels = pixel_size(item.data) or open_image(item.data).size
        target = capped_size(pixels, placed_mm, self.max_ppi)
        key = (item.digest, target)
        name = self.names.get(key) or self._register(item, target, key)
        c = self.canvas
        c._currentPageHasImages = 1
        c._formsinuse.append(name)
        reg = c._doc.getXObjectName(name)
        from generator.core.numbers import format_number

        f = format_number
        emit(f"q {f(item.w, 4)} 0 0 {f(-item.h, 4)} {f(item.x, 4)} {f(item.y + item.h, 4)} cm /{reg} Do Q")

    def stream(self, item: Image, target: tuple[int, int] | None) -> Stream:
        """The XObject of the item's picture at `target` pixels (None: its own size); a subclass may convert it."""
        return image_stream(item, target)

    def _register(self, item: Image, target: tuple[int, int] | None,
                  key: tuple[str, tuple[int, int] | None]) -> str:
        name = f"pnp{item.digest[:20]}" + (f"x{target[0]}x{target[1]}" if target else "")
        stream = self.stream(item, target)
        doc = self.canvas._doc
        entries = dict(stream.entries)
        if stream.smask is not None:
            from reportlab.pdfbase.pdfdoc import PDFObjectReference

            mask_name = doc.getXObjectName(name + "m")
            doc.Reference(keep(self.canvas, self._raw(stream.smask.entries, stream.smask.data)), mask_name)
            entries["SMask"] = PDFObjectReference(mask_name).format(doc).decode("latin-1")
        doc.Reference(keep(self.canvas, self._raw(entries, stream.data)), doc.getXObjectName(name))
        self.names[key] = name
        return name


def image_stream(item: Image, target: tuple[int, int] | None) -> Stream:
    """The XObject for the item's picture: its own bytes when PDF allows, else compressed once."""
    if target is None:
        if item.format == "jpeg":
            direct = jpeg_stream(item.data)
            if direct is not None:
                return direct
        elif item.format == "png":
            direct = png_stream(item.data)
            if direct is not None:
                return direct
        return pixels_stream(to_8bit(open_image(item.data)))
    image, info = resampled(item.data, target)
    if info["format"] == "JPEG" and image.mode in ("RGB", "L", "CMYK"):
        return _jpeg_again(image, info)
    return pixels_stream(image)


def _adobe_inverted(data: bytes) -> bool:
    """True when a JPEG carries Adobe's APP14 marker (its CMYK channels are stored inverted)."""
    return b"\xff\xeeAdobe" in data[:65536] or b"\xff\xee\x00\x0eAdobe" in data[:65536]


def jpeg_stream(data: bytes) -> Stream | None:
    """A JPEG file as it is (DCTDecode), or None for a header PDF cannot take."""
    header = jpeg_header(data)
    if header is None:
        return None
    width, height, components = header
    space = {1: "/DeviceGray", 3: "/DeviceRGB", 4: "/DeviceCMYK"}.get(components)
    if space is None:
        return None
    entries = {"Width": str(width), "Height": str(height), "ColorSpace": space, "BitsPerComponent": "8",
               "Filter": "/DCTDecode"}
    if components == 4 and _adobe_inverted(data):
        entries["Decode"] = "[1 0 1 0 1 0 1 0]"
    return Stream(entries, data)


def _png_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    pos = 8
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def png_stream(data: bytes) -> Stream | None:
    """A PNG's own compressed rows (FlateDecode + PNG predictors) when PDF can read them as they are."""
    header = png_header(data)
    if header is None:
        return None
    width, height, depth, colour, interlace = header
    colours = {0: 1, 2: 3, 3: 1}.get(colour)
    if colours is None or interlace or (colour == 2 and depth != 8) or depth == 16:
        return None
    idat, palette = [], b""
    for kind, body in _png_chunks(data):
        if kind == b"tRNS":
            return None
        if kind == b"PLTE":
            palette = body
        elif kind == b"IDAT":
            idat.append(body)
    if colour == 3:
        if not palette:
            return None
        space = f"[/Indexed /DeviceRGB {len(palette) // 3 - 1} <{palette.hex()}>]"
    else:
        space = "/DeviceGray" if colour == 0 else "/DeviceRGB"
    return Stream(_flate_entries(width, height, space, depth, colours), b"".join(idat))


def _flate_entries(width: int, height: int, space: str, depth: int, colours: int) -> dict[str, str]:
    return {"Width": str(width), "Height": str(height), "ColorSpace": space, "BitsPerComponent": str(depth),
            "Filter": "/FlateDecode",
            "DecodeParms": f"<< /Predictor 15 /Colors {colours} /BitsPerComponent {depth} /Columns {width} >>"}


def _png_rows(image: PILImage.Image) -> bytes:
    """Pillow's PNG encoding of an 8-bit L/RGB image: its IDAT data (filtered rows, deflated)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=3)   # level 6 costs 3x the time for ~7% less
    return b"".join(body for kind, body in _png_chunks(buf.getvalue()) if kind == b"IDAT")


def pixels_stream(image: PILImage.Image) -> Stream:
    """Decoded pixels compressed once (PNG row filters + Flate); alpha, when not all opaque, as an SMask."""
    if image.mode == "P":
        image = image.convert("RGBA" if "transparency" in image.info else "RGB")
    if image.mode == "CMYK":
        image = image.convert("RGB")
    alpha = None
    if image.mode in ("RGBA", "LA", "PA"):
        alpha = image.getchannel("A")
        image = image.convert("L" if image.mode == "LA" else "RGB")
        if alpha.getextrema() == (255, 255):
            alpha = None
    if image.mode not in ("L", "RGB"):
        image = image.convert("RGB")
    width, height = image.size
    colours = 1 if image.mode == "L" else 3
    space = "/DeviceGray" if colours == 1 else "/DeviceRGB"
    stream = Stream(_flate_entries(width, height, space, 8, colours), _png_rows(image))
    if alpha is not None:
        stream.smask = Stream(_flate_entries(width, height, "/DeviceGray", 8, 1), _png_rows(alpha))
    return stream


def _jpeg_again(image: PILImage.Image, info: dict[str, Any]) -> Stream:
    """A resampled JPEG encoded as JPEG again, with the source's quantisation tables (its quality)."""
    buf = io.BytesIO()
    options = {"qtables": info["quantization"]} if info["quantization"] else {"quality": 90}
    image.save(buf, "JPEG", **options)
    stream = jpeg_stream(buf.getvalue())
    if stream is None:   # pragma: no cover - Pillow always writes a baseline JPEG
        return pixels_stream(image)
    return stream
