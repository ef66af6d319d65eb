"""The font registry: the nine built-in names, a template's own fonts and stacks, and text shaped by HarfBuzz.

Built-in names ("sans", "serif-bold", ...) map to the shipped DejaVu files. A template's `fonts:`
block adds faces by file (TTF, OTF with CFF outlines, TTC/OTC collections, WOFF, WOFF2) or by an
installed family (fontconfig's fc-match on Linux, the system font folders elsewhere), each under a
registry name of its own made from the file's bytes (`add_font`), and stacks of them (`add_stack`):
each character is set in the first font of the stack that has it.

Every width and every drawn glyph comes from `shape_line`: HarfBuzz (uharfbuzz) shapes a line with
the font's kerning, ligatures, marks and contextual forms (and an element's OpenType features and
language); the Unicode Bidirectional Algorithm (python-bidi) orders right-to-left runs. The result
is a tuple of `GlyphRun`s in visual order, cached per font, text, features and language, so layout
and the three backends set the same glyphs at the same places.

Fallback: a character a font (or the whole stack) lacks is drawn with the first FALLBACKS font
that has it (Noto Emoji, monochrome, SIL OFL: emoji and many symbols). `font_runs` cuts a line
into runs of one face each; marks and joiners stay with the character before them. What even that
lacks may come from the machine's installed fonts (`with_installed`, `installed_fallback`: a stack of
the font and the installed faces found by the characters, Han ones in the forms of the text's
language): the box's titles and, unless a template says `fonts: {fallback: none}`, card text.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from generator.core.errors import LayoutError, PnpError
from generator.paths import fonts_dir

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont, TTFontFile


@dataclass(frozen=True)
class FontSpec:
    """A registry entry: the file (a name in the shipped fonts folder, or an absolute path), the face
    index in a collection, how an SVG viewer should name the face, and a stack's members."""

    file: str
    family: str
    weight: str = "normal"
    style: str = "normal"
    index: int = 0
    stack: tuple[str, ...] = ()


FONTS: dict[str, FontSpec] = {
    "sans": FontSpec("DejaVuSans.ttf", "DejaVu Sans"),
    "sans-bold": FontSpec("DejaVuSans-Bold.ttf", "DejaVu Sans", weight="bold"),
    "sans-italic": FontSpec("DejaVuSans-Oblique.ttf", "DejaVu Sans", style="oblique"),
    "condensed": FontSpec("DejaVuSansCondensed.ttf", "DejaVu Sans Condensed"),
    "condensed-bold": FontSpec("DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed", weight="bold"),
    "serif": FontSpec("DejaVuSerif.ttf", "DejaVu Serif"),
    "serif-bold": FontSpec("DejaVuSerif-Bold.ttf", "DejaVu Serif", weight="bold"),
    "mono": FontSpec("DejaVuSansMono.ttf", "DejaVu Sans Mono"),
    "mono-bold": FontSpec("DejaVuSansMono-Bold.ttf", "DejaVu Sans Mono", weight="bold"),
}
BUILT_IN = frozenset(FONTS)

ADDED: dict[str, FontSpec] = {}      # a template's fonts and stacks, by registry name (add_font, add_stack)

IGNORABLE = frozenset({0x200B, 0x200C, 0x200D, 0x2060, 0xFE0E, 0xFE0F, 0xFEFF})   # zero width, no ink
SOFT_HYPHEN = "\u00ad"

FALLBACKS: dict[str, FontSpec] = {
    "emoji": FontSpec("NotoEmoji-Regular.ttf", "Noto Emoji"),
}


MEASURED_KEPT = 4_096       # texts whose width a font remembers (then it starts afresh)
SHAPED_KEPT = 2_048          # shaped lines kept per process, the last used (a deck drawn as it is written needs a
                             # batch of pages; the kit's documents share their labels, footers and rules)


class FontFileError(Exception):
    """A font the template names cannot be used; the message says why (the caller adds file, line, key)."""


@dataclass(frozen=True)
class FontMetrics:
    """Advance widths (1/1000 em, by code point), and the line extent above/below the baseline."""

    name: str
    widths: dict[int, float]
    default_width: float
    ascent: float    # 1/1000 em above the baseline (hhea ascender: covers accented capitals)
    descent: float   # 1/1000 em below the baseline, positive
    fallback: dict[int, str] = field(default_factory=dict)   # code point -> the other face drawing it
    measured: dict[str, float] = field(default_factory=dict, compare=False, repr=False)   # width() memo

    def width(self, text: str) -> float:
        """Sum of advances in 1/1000 em (unshaped: see shaped_width); remembered per text, at most
        MEASURED_KEPT of them."""
        known = self.measured.get(text)
        if known is None:
            get, default = self.widths.get, self.default_width
            known = sum([get(ord(ch), default) for ch in text])
            if len(self.measured) >= MEASURED_KEPT:
                self.measured.clear()
            self.measured[text] = known
        return known

    def has_glyph(self, ch: str) -> bool:
        """Whether the font (or its stack) maps this character."""
        return ord(ch) in self.widths


def font_names() -> list[str]:
    """The registered font names (the built-in ones, then a template's own)."""
    return [*FONTS, *ADDED]


def font_spec(name: str) -> FontSpec:
    """The registry entry for a name (or a fallback font's); LayoutError for an unknown name."""
    spec = FONTS.get(name) or ADDED.get(name) or FALLBACKS.get(name)
    if spec is None:
        known = ", ".join(FONTS)
        raise LayoutError(f"unknown font {name!r} (known: {known}, or a template's `fonts:`)", key="font")
    return spec


def primary(name: str) -> str:
    """The face that sets a font's own characters: the first of a stack, else the font itself."""
    spec = font_spec(name)
    return primary(spec.stack[0]) if spec.stack else name


def font_path(name: str) -> Path:
    """The font file of a registered face (a stack: its first face's); a font pnpgen ships that is missing
    or cut short is a PnpError naming it and saying to reinstall (a broken install)."""
    spec = font_spec(primary(name))
    path = Path(spec.file)
    if path.is_absolute():           # a template's own font (checked when the template added it)
        return path
    path = fonts_dir() / spec.file
    check_shipped_font(path)
    return path


@cache
def check_shipped_font(path: Path) -> None:
    """A font pnpgen ships, checked once: there, and every table its directory lists inside the file (a
    truncated copy fails here, in one line, not deep in a font parser). PnpError saying to reinstall."""
    def broken(why: str) -> PnpError:
        return PnpError(f"a font pnpgen ships {why}: the installation is broken, reinstall pnpgen "
                        "(pip install --force-reinstall pnpgen)", file=str(path))

    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            head = handle.read(12)
            if len(head) < 12 or head[:4] not in (b"\0\1\0\0", b"true", b"OTTO"):
                raise broken("is not a font file")
            count = struct.unpack(">H", head[4:6])[0]
            directory = handle.read(16 * count)
    except FileNotFoundError:
        raise broken("is missing") from None
    except OSError as err:
        raise broken(f"cannot be read ({err.strerror or err})") from None
    if len(directory) < 16 * count:
        raise broken("is cut short")
    for i in range(count):
        offset, length = struct.unpack(">II", directory[16 * i + 8:16 * i + 16])
        if offset + length > size:
            raise broken("is cut short")


@cache
def font_data(name: str) -> tuple[bytes, int]:
    """A face's font program as sfnt bytes (a collection's whole file) and its index in it; WOFF and
    WOFF2 are unpacked once."""
    name = primary(name)
    path = font_path(name)
    data = path.read_bytes()
    if data[:4] in (b"wOFF", b"wOF2"):
        import io

        from fontTools.ttLib import TTFont as FtFont

        font = FtFont(io.BytesIO(data), recalcTimestamp=False)
        font.flavor = None
        out = io.BytesIO()
        font.save(out)
        return out.getvalue(), 0
    return data, font_spec(name).index


@cache
def hb_font(name: str) -> Any:
    """HarfBuzz's font object of a face, at its units-per-em scale (positions in font units)."""
    import uharfbuzz as hb

    data, index = font_data(name)
    return hb.Font(hb.Face(hb.Blob(data), index))


@cache
def units_per_em(name: str) -> int:
    upem: int = hb_font(primary(name)).face.upem
    return upem


@cache
def font_metrics(name: str) -> FontMetrics:
    """Metrics of a registered font, read once per process; the widths of the characters it lacks
    come from the stack's other faces, then the fallback fonts that draw them."""
    spec = font_spec(name)
    members = _stack_faces(name)
    first = members[0]
    widths, default, ascent, descent = _own_metrics(first)
    if name in FALLBACKS:
        return FontMetrics(name, widths, default, ascent, descent)
    merged, fallback = dict(widths), {}
    for other in [*members[1:], *FALLBACKS]:
        for cp, width in _own_metrics(other)[0].items():
            if cp not in merged:
                merged[cp] = width
                fallback[cp] = other
    for cp in IGNORABLE:
        merged.setdefault(cp, 0.0)
    if spec.stack:       # a stack's lines are tall enough for every face of it
        ascent = max(_own_metrics(m)[2] for m in members)
        descent = max(_own_metrics(m)[3] for m in members)
    return FontMetrics(name, merged, default, ascent, descent, fallback)


def _stack_faces(name: str) -> list[str]:
    """The faces of a font in order: a stack's members (their own stacks flattened), or the face."""
    spec = font_spec(name)
    if not spec.stack:
        return [name]
    out: list[str] = []
    for member in spec.stack:
        out += [f for f in _stack_faces(member) if f not in out]
    return out


@cache
def parsed_font(name: str) -> TTFont:
    """reportlab's parse of a built-in font, once per process (its metrics; the PDF canvas's initial font)."""
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(f"pnpgen-{name}", str(font_path(name)))


@cache
def _own_metrics(name: str) -> tuple[dict[int, float], float, float, float]:
    if name in BUILT_IN or name in FALLBACKS:
        parsed = parsed_font(name).face
        ascent, descent = _hhea_extent(parsed)
        return dict(parsed.charWidths), float(parsed.defaultWidth), ascent, descent
    font = hb_font(name)
    scale = 1000.0 / font.face.upem
    widths: dict[int, float] = {}
    for cp in sorted(font.face.unicodes):
        gid = font.get_nominal_glyph(cp)
        if gid:
            widths[cp] = font.get_glyph_h_advance(gid) * scale
    extents = font.get_font_extents("ltr")
    return widths, widths.get(0x20, 500.0), extents.ascender * scale, -extents.descender * scale


def font_runs(name: str, text: str) -> list[tuple[str, str]]:
    """text cut into (face, chunk) runs: the font's own face, or the stack's or fallback's face that has
    the characters; marks, zero-width joiners and variation selectors join the run before them when
    its face has them (left out if no font has an ignorable one)."""
    first = primary(name)
    if _drawn_apart(name).isdisjoint(text):
        return [(first, text)]
    fm = font_metrics(name)
    stack = bool(font_spec(name).stack)
    runs: list[tuple[str, str]] = []
    for at, ch in enumerate(text):
        cp = ord(ch)
        font = fm.fallback.get(cp, first)
        if runs and (cp in IGNORABLE or unicodedata.category(ch)[0] == "M"
                     or (stack and unicodedata.category(ch)[0] in "ZP")):
            before = runs[-1][0]    # marks, joiners and (in a stack) spaces and punctuation stay in the run
            if cp in IGNORABLE or (ord(ch) in _own_metrics(before)[0] and not _back_to_own(fm, first, before,
                                                                                            text, at)):
                font = before
        elif cp in IGNORABLE:
            if cp not in _own_metrics(first)[0]:
                continue
        if runs and runs[-1][0] == font:
            runs[-1] = (font, runs[-1][1] + ch)
        else:
            runs.append((font, ch))
    return runs


def _back_to_own(fm: FontMetrics, first: str, before: str, text: str, at: int) -> bool:
    """Whether the spaces and punctuation from text[at] on, after a stand-in face's run, belong to the
    font's own face instead: the own face draws them and the next other character, as a browser picks
    each character's face (a title's " · " before pnpgen's words is the footer's dot, not a CJK face's
    full-width one); punctuation the own face lacks, or before more of the stand-in's text, stays."""
    if before == first:
        return False
    own = _own_metrics(first)[0]
    for ch in text[at:]:
        if unicodedata.category(ch)[0] not in "ZP":
            return fm.fallback.get(ord(ch), first) == first and ord(ch) in own
        if ord(ch) not in own:
            return False
    return False


@cache
def _drawn_apart(name: str) -> frozenset[str]:
    """The characters that split a line of this font into runs: those another face draws, and the
    zero-width ones (none for a font without fallbacks: its text is always one run)."""
    fm = font_metrics(name)
    fallback = fm.fallback
    if not fallback:
        return frozenset()
    marks = [cp for cp in fm.widths if unicodedata.category(chr(cp))[0] in "MZP"] if font_spec(name).stack else []
    return frozenset(map(chr, [*fallback, *IGNORABLE, *marks]))


def _hhea_extent(parsed: TTFontFile) -> tuple[float, float]:
    """hhea ascender and -descender scaled to 1/1000 em."""
    hhea = parsed.get_table("hhea")
    ascender, descender = struct.unpack(">hh", hhea[4:8])
    scale = 1000.0 / parsed.unitsPerEm
    return ascender * scale, -descender * scale


def font_label(name: str) -> str:
    """A font as messages name it: a built-in name, a face's family, a stack's families in order
    (the fallback Noto Emoji after them)."""
    spec = font_spec(name)
    if name in BUILT_IN:
        return repr(name)
    families = [font_spec(face).family for face in _stack_faces(name)]
    return "the stack " + " + ".join(families) if spec.stack else repr(spec.family)


def missing_chars(name: str, text: str) -> list[str]:
    """The distinct characters of text that no font of the stack (nor a fallback) can draw."""
    fm = font_metrics(name)
    out: dict[str, None] = {}
    for ch in text:
        if ch.isspace() or ord(ch) in IGNORABLE or ch == SOFT_HYPHEN or fm.has_glyph(ch):
            continue
        out[ch] = None
    return list(out)


# --- a template's own fonts ---------------------------------------------------------------------

FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2")
MAX_FONT_BYTES = 128 * 1024 * 1024     # a font file larger than this is refused (the CJK collections are ~20-30 MB)
_SLUG = re.compile(r"[^A-Za-z0-9]+")


def add_font(path: Path, index: int = 0) -> str:
    """Register a face of a font file; its registry name (the same for the same bytes and index).
    FontFileError when the file is missing, is not a font, has no face `index`, or its licence bits
    (OS/2 fsType) forbid embedding it in a document."""
    if not path.is_file():
        raise FontFileError(f"font file {str(path)!r} " + ("is not a regular file" if path.exists() else "not found"))
    try:
        if path.stat().st_size > MAX_FONT_BYTES:
            raise FontFileError(f"font file {path.name!r} is larger than {MAX_FONT_BYTES // 2**20} MB")
        data = path.read_bytes()
    except OSError as err:
        raise FontFileError(f"cannot read font file {str(path)!r}: {err.strerror or err}") from None
    digest = hashlib.sha256(data + struct.pack(">I", index)).hexdigest()[:10]
    name = f"{_SLUG.sub('', path.stem)[:24] or 'font'}-{digest}"
    if name not in ADDED:
        family, weight, style = _check_face(data, index, path)
        ADDED[name] = FontSpec(str(path.resolve()), family, weight, style, index)
    return name


def add_stack(members: list[str]) -> str:
    """Register a stack of registered fonts (each character from the first that has it); its name."""
    if len(members) == 1:
        return members[0]
    for member in members:
        font_spec(member)
    digest = hashlib.sha256("\n".join(members).encode()).hexdigest()[:10]
    name = f"stack-{digest}"
    ADDED.setdefault(name, FontSpec("", font_spec(members[0]).family, stack=tuple(members)))
    return name


def _check_face(data: bytes, index: int, path: Path) -> tuple[str, str, str]:
    """(family, weight, style) of face `index` of a font file's bytes; FontFileError if unusable."""
    import io

    from fontTools.ttLib import TTCollection
    from fontTools.ttLib import TTFont as FtFont

    label = repr(path.name)
    if data[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true", b"ttcf", b"wOFF", b"wOF2"):
        raise FontFileError(f"{label} is not a font file (TTF, OTF, TTC, WOFF or WOFF2)")
    try:
        if data[:4] == b"ttcf":
            faces = len(TTCollection(io.BytesIO(data), lazy=True).fonts)
            if not 0 <= index < faces:
                raise FontFileError(f"{label} has {faces} faces (index 0 to {faces - 1}), not index {index}")
            font = FtFont(io.BytesIO(data), fontNumber=index, lazy=True)
        else:
            if index != 0:
                raise FontFileError(f"{label} is a single font: index must be 0, not {index}")
            font = FtFont(io.BytesIO(data), lazy=True)
        if "cmap" not in font or not font.getBestCmap():
            raise FontFileError(f"{label} maps no characters (no usable cmap table)")
        if "glyf" not in font and "CFF " not in font and "CFF2" not in font:
            raise FontFileError(f"{label} has no outlines (glyf or CFF): a bitmap or colour-only font")
        fs_type = font["OS/2"].fsType if "OS/2" in font else 0
        family = str(font["name"].getBestFamilyName() or path.stem)
        bold = bool(font["OS/2"].usWeightClass >= 600) if "OS/2" in font else False
        italic = bool(font["head"].macStyle & 2)
    except FontFileError:
        raise
    except ImportError as err:
        raise FontFileError(f"{label} cannot be read: {err} (WOFF2 needs the brotli module: pip install brotli)") from None
    except Exception as err:       # fontTools raises many kinds on a damaged file
        raise FontFileError(f"{label} is not a readable font ({type(err).__name__})") from None
    if fs_type & 0x000F == 0x0002 or fs_type & 0x0200:
        raise FontFileError(f"{label}'s licence bits (OS/2 fsType {fs_type:#06x}) forbid embedding it "
                            "in a document: ask its maker for an embeddable licence")
    return family, "bold" if bold else "normal", "italic" if italic else "normal"


def find_family(family: str, style: str = "", weight: int | str | None = None) -> tuple[Path, int]:
    """The file and face index of an installed family (fontconfig's fc-match on Linux, the system
    font folders elsewhere); FontFileError when the machine has no such family."""
    if shutil.which("fc-match"):
        return _fontconfig(family, style, weight)
    return _scan_folders(family, style, weight)


def _fontconfig(family: str, style: str, weight: int | str | None) -> tuple[Path, int]:
    pattern = family.replace("-", r"\-").replace(":", r"\:")
    if style:
        pattern += f":style={style}"
    if weight is not None:
        pattern += f":weight={weight}"
    try:
        out = subprocess.run(["fc-match", "-f", "%{family}\t%{file}\t%{index}", pattern], capture_output=True,
                             text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError) as err:
        raise FontFileError(f"fc-match could not look up family {family!r}: {err}") from None
    families, file, index = ([*out.split("\t"), "", "", "0"])[:3]
    if family.casefold() not in {f.strip().casefold() for f in families.split(",")}:
        raise FontFileError(f"no installed font family {family!r} (fc-list lists the installed ones)")
    return Path(file), int(index or 0)


def _scan_folders(family: str, style: str, weight: int | str | None) -> tuple[Path, int]:
    """macOS and Windows: the first face in the system font folders whose family (and style) match."""
    wanted = (style or "regular").casefold()
    for path, index, face in _installed_faces():
        names = face["name"]
        if str(names.getBestFamilyName()).casefold() == family.casefold() and \
                str(names.getBestSubFamilyName() or "regular").casefold() == wanted:
            return path, index
    raise FontFileError(f"no installed font family {family!r} in {', '.join(_font_folders())}")


def _font_folders() -> list[str]:
    """The system font folders (macOS, Windows; elsewhere the usual Unix ones)."""
    home = Path.home()
    return {"darwin": ["/System/Library/Fonts", "/Library/Fonts", str(home / "Library/Fonts")],
            "win32": [os.path.join(os.environ.get("WINDIR", r"C:\Windows"), "Fonts"),
                      str(home / "AppData/Local/Microsoft/Windows/Fonts")]}.get(
        sys.platform, ["/usr/share/fonts", "/usr/local/share/fonts", str(home / ".fonts")])


def _installed_faces() -> Iterator[tuple[Path, int, Any]]:
    """Every face of the font files in the system font folders, as (file, index, fontTools' lazy font), in
    file order; an unreadable file is skipped. Each face is closed once the caller has read it."""
    from fontTools.ttLib import TTCollection
    from fontTools.ttLib import TTFont as FtFont

    for folder in _font_folders():
        for path in sorted(Path(folder).rglob("*")) if Path(folder).is_dir() else []:
            if path.suffix.lower() not in FONT_SUFFIXES:
                continue
            try:
                handle = open(path, "rb")       # closed below, once its lazy faces are read
            except OSError:
                continue
            try:
                faces = (TTCollection(handle, lazy=True).fonts if path.suffix.lower() in (".ttc", ".otc")
                         else [FtFont(handle, lazy=True)])
                for index, face in enumerate(faces):
                    yield path, index, face
            except Exception:      # an unreadable file in a system folder is skipped
                continue
            finally:               # lazy faces read from the file: closed once they are read (or refused)
                handle.close()


# --- installed faces for the characters a font lacks ------------------------------------------------

MAX_FALLBACK_FACES = 8      # installed faces added after a font for a text's other scripts


def with_installed(name: str, text: str, lang: str = "") -> str:
    """The font to set `text` in: `name` itself when it (its stack, or the fallback Noto Emoji) draws every
    character, else a stack of it and the installed faces that draw the characters it lacks, each found by
    those characters (fontconfig on Linux, the system font folders elsewhere) in the font's weight and, for
    Chinese, Japanese or Korean text, the language's Han forms (`lang`, see han_lang). A character no
    installed face has stays missing (missing_chars names it; it prints as an empty box)."""
    return installed_fallback(name, text, lang)[0]


@lru_cache(maxsize=4096)
def installed_fallback(name: str, text: str, lang: str = "") -> tuple[str, tuple[tuple[str, str], ...]]:
    """with_installed's font, and each installed face it added with the characters of `text` that face
    stands in for (in the order of the stack; empty when the font draws it all). The last 4,096 asked are
    kept (a deck's cards repeat their texts)."""
    missing = missing_chars(name, text)
    if not missing:
        return name, ()
    faces = [face for face in covering_faces("".join(sorted(missing)), font_spec(primary(name)).weight == "bold",
                                             han_lang(lang), generic_family(name))
             if face != primary(name)]
    if not faces:
        return name, ()
    drawn: dict[str, list[str]] = {face: [] for face in faces}
    for ch in missing:
        face = next((f for f in faces if ord(ch) in _own_metrics(f)[0]), None)
        if face is not None:
            drawn[face].append(ch)
    return add_stack([name, *faces]), tuple((face, "".join(chars)) for face, chars in drawn.items() if chars)


@cache
def generic_family(name: str) -> str:
    """'serif', 'monospace' or 'sans-serif': the kind of face that sets a font's own characters, for asking
    the machine for a stand-in of the same kind (a serif template's Han in Noto Serif CJK, not Sans). Read
    from the face: post's fixed pitch, else PANOSE's serif style (Latin text faces), else OS/2's family
    class; sans-serif when the face says neither."""
    import struct

    face = hb_font(primary(name)).face
    post = face.reference_table("post").data
    if len(post) >= 16 and struct.unpack_from(">I", post, 12)[0]:
        return "monospace"
    os2 = face.reference_table("OS/2").data
    if len(os2) < 42:
        return "sans-serif"
    family_class = os2[30]                       # sFamilyClass's class (high byte)
    kind, serif_style, proportion = os2[32], os2[33], os2[35]
    if kind == 2 and proportion == 9:            # PANOSE Latin text, monospaced
        return "monospace"
    if kind == 2 and 2 <= serif_style <= 10:     # cove, square, thin, oval, ... serifs
        return "serif"
    if kind == 2 and serif_style >= 11:          # normal, obtuse, perpendicular sans, flared, rounded
        return "sans-serif"
    return "serif" if family_class in (1, 2, 3, 4, 5, 7) else "sans-serif"


_HAN_LANGS = {"ja": "ja", "ko": "ko", "zh": "zh-cn", "cmn": "zh-cn", "yue": "zh-hk"}


def han_lang(lang: str) -> str:
    """fontconfig's language for the Han forms of a BCP 47 tag: zh-cn (Simplified: zh, zh-Hans, zh-CN,
    zh-SG), zh-tw (Traditional: zh-Hant, zh-TW), zh-hk (zh-HK, zh-MO, zh-Hant-HK, yue), ja, ko; "" for
    any other language (no hint: the installed fonts' own order, Japanese forms with Noto Sans CJK)."""
    parts = lang.replace("_", "-").lower().split("-")
    base = _HAN_LANGS.get(parts[0], "")
    if base[:2] != "zh":
        return base
    if "hk" in parts or "mo" in parts:
        return "zh-hk"
    if "tw" in parts or "hant" in parts:
        return "zh-tw"
    return "zh-cn" if "hans" in parts or "cn" in parts or "sg" in parts else base


@cache
def covering_faces(chars: str, bold: bool = False, lang: str = "", generic: str = "sans-serif") -> tuple[str, ...]:
    """Installed faces (registry names, add_font) that together draw as many of `chars` as the machine
    can, the best first: fontconfig's best match for the characters still wanted (in fontconfig's
    language `lang`, han_lang's, when given: Noto Sans CJK SC for zh-cn; of the kind `generic`,
    generic_family's: Noto Serif CJK for a serif font), again while one draws some of
    them (at most MAX_FALLBACK_FACES); the system font folders where there is no fontconfig. A face that
    cannot be used (its licence bits forbid embedding) is passed over."""
    wanted = set(chars)
    found: list[str] = []
    tried: set[tuple[Path, int]] = set()
    while wanted and len(found) < MAX_FALLBACK_FACES:
        best = _best_cover(wanted, bold, tried, lang, generic)
        if best is None:
            break
        tried.add(best)
        try:
            face = _shipped(*best) or add_font(*best)
        except FontFileError:
            continue
        drawn = {ch for ch in wanted if ord(ch) in _own_metrics(face)[0]}
        if not drawn:
            break
        found.append(face)
        wanted -= drawn
    return tuple(found)


def _shipped(path: Path, index: int) -> str | None:
    """The built-in name of an installed face that is one pnpgen ships (the system's DejaVu Sans: the
    same file name and bytes), so that it is one face, embedded once, not a second copy of it."""
    if index:
        return None
    for name, spec in FONTS.items():
        shipped = fonts_dir() / spec.file
        try:
            if path.name == spec.file and path.stat().st_size == shipped.stat().st_size \
                    and path.read_bytes() == shipped.read_bytes():
                return name
        except OSError:
            return None
    return None


def _best_cover(wanted: set[str], bold: bool, tried: set[tuple[Path, int]], lang: str = "",
                generic: str = "sans-serif") -> tuple[Path, int] | None:
    """The installed face drawing the most of `wanted` (in the weight asked for when there is a choice, and
    the language's forms)."""
    if shutil.which("fc-match"):
        charset = " ".join(f"{ord(ch):x}" for ch in sorted(wanted))
        pattern = f"{generic}:weight={'bold' if bold else 'regular'}:charset={charset}" + (f":lang={lang}" if lang else "")
        try:
            out = subprocess.run(["fc-match", "-s", "-f", "%{file}\t%{index}\n", pattern], capture_output=True,
                                 text=True, timeout=30, check=True).stdout
        except (OSError, subprocess.SubprocessError):
            return None
        for line in out.splitlines()[:2 * MAX_FALLBACK_FACES]:
            file, _, index = line.partition("\t")
            if file and Path(file).suffix.lower() in FONT_SUFFIXES and (Path(file), int(index or 0)) not in tried:
                return Path(file), int(index or 0)
        return None
    return _scan_cover(frozenset(wanted), bold, frozenset(tried), lang)


# Han faces of the system folders by the forms they draw (macOS, Windows): fontconfig knows each face's
# languages, a folder scan only its name (Noto's and Source Han's end in SC, TC, HK, JP or KR).
_HAN_TAGS = {"zh-cn": "sc", "zh-tw": "tc", "zh-hk": "hk", "ja": "jp", "ko": "kr"}
_HAN_FAMILIES = {
    "zh-cn": ("microsoft yahei", "simsun", "simhei", "dengxian"),
    "zh-tw": ("microsoft jhenghei", "pmingliu", "mingliu"),
    "zh-hk": ("mingliu_hkscs",),
    "ja": ("hiragino", "yu gothic", "yu mincho", "meiryo", "ms gothic", "ms mincho"),
    "ko": ("apple sd gothic neo", "malgun gothic", "gulim", "batang", "dotum"),
}


def _speaks(family: str, lang: str) -> bool:
    """Whether a family's name says it draws `lang`'s Han forms (han_lang's: its last word SC, TC, HK, JP
    or KR, or a system family known for them)."""
    folded = family.casefold()
    return folded.rsplit(" ", 1)[-1] == _HAN_TAGS.get(lang) or folded.startswith(_HAN_FAMILIES.get(lang, ()))


def _scan_cover(wanted: frozenset[str], bold: bool, tried: frozenset[tuple[Path, int]],
                lang: str = "") -> tuple[Path, int] | None:
    """Without fontconfig: the face of the system font folders drawing the most of `wanted`; of those
    drawing as many, the first of the language's Han forms (lang: han_lang's) in the weight asked for,
    else the first of those forms, else the first in that weight, else the first."""
    best: tuple[int, bool, bool, Path, int] | None = None
    for path, index, face in _installed_faces():
        if (path, index) in tried:
            continue
        try:
            cmap = face.getBestCmap() or {}
            heavy = ("OS/2" in face and face["OS/2"].usWeightClass >= 600) == bold
            speaks = bool(lang) and _speaks(str(face["name"].getBestFamilyName() or ""), lang)
        except Exception:          # a damaged face in a system folder is passed over
            continue
        count = sum(1 for ch in wanted if ord(ch) in cmap)
        if count and (best is None or (count, speaks, heavy) > best[:3]):
            best = (count, speaks, heavy, path, index)
    return None if best is None else (best[3], best[4])


def user_font(value: str) -> str:
    """A font a user names on the command line (`pnpgen box --font`): a built-in name, a font file (TTF,
    OTF, TTC: its first face, WOFF, WOFF2) or an installed family; its registry name. FontFileError
    (the message says why) for a file or family that cannot be used."""
    value = value.strip()
    if value in BUILT_IN:
        return value
    if looks_like_file(value):
        return add_font(Path(value).expanduser())
    return add_font(*find_family(value))


def looks_like_file(value: str) -> bool:
    """Whether a font's name is a file's (a path, or a font file's suffix), not a family's or a registry name."""
    return "/" in value or "\\" in value or value.lower().endswith(FONT_SUFFIXES)


# --- shaping -----------------------------------------------------------------------------------

T = TypeVar("T")
Glyph = tuple[int, float, float, float, int]   # glyph id, advance, x offset, y offset (1/1000 em, y up), cluster


@dataclass(frozen=True, slots=True)
class GlyphRun:
    """Glyphs of one face in one direction, in visual order: the run's text (logical order), each
    glyph's cluster (its first character's index in that text), its advance and offsets."""

    font: str
    text: str
    rtl: bool
    glyphs: tuple[Glyph, ...]
    width: float          # 1/1000 em

    def __hash__(self) -> int:
        # equal runs have equal texts and widths: hashing these, not every glyph, keeps a run a cheap key
        # (pdffonts caches a line's operators by its runs)
        return hash((self.font, self.text, self.rtl, self.width))


# right-to-left letters and the marks and controls that start right-to-left text: a line without any is
# left to right throughout (no bidi pass)
_STRONG_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067"
                         "\U00010800-\U00010fff\U0001e800-\U0001efff]")


def is_rtl_text(text: str) -> bool:
    """Whether a paragraph's first strong character is right-to-left (its base direction)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in ("R", "AL"):
            return True
    return False


def paragraph_rtl(text: str, direction: str = "auto") -> bool | None:
    """A paragraph's base direction for the bidi algorithm: None for text without right-to-left
    characters (left to right throughout, no bidi pass), else whether its first strong character is
    right to left (rule P2), or what `direction` ("ltr", "rtl") sets (rule P3)."""
    if direction == "rtl":
        return True
    if not _STRONG_RTL.search(text):
        return None
    return False if direction == "ltr" else is_rtl_text(text)


def shaped_width(font: str, text: str, features: tuple[str, ...] = (), lang: str = "") -> float:
    """Width of a shaped text in 1/1000 em."""
    return sum(run.width for run in shape_line(font, text, features, lang))


def shape_line(font: str, text: str, features: tuple[str, ...] = (), lang: str = "",
               rtl: bool | None = None) -> tuple[GlyphRun, ...]:
    """A line shaped by HarfBuzz: runs of one face and direction in visual order (bidi by the
    Unicode algorithm; the base direction from the first strong character unless `rtl` is given)."""
    return _shaped(font, text, features, lang, rtl)


def _shape_line(font: str, text: str, features: tuple[str, ...], lang: str,
                rtl: bool | None) -> tuple[GlyphRun, ...]:
    text = text.replace(SOFT_HYPHEN, "")
    if not text:
        return ()
    if rtl is None and not _STRONG_RTL.search(text):
        levels = [0] * len(text)
    else:
        text, levels = _bidi_levels(text, rtl)
    pieces: list[tuple[str, str, int]] = []      # (face, text, level) in logical order
    start = 0
    for face, chunk in font_runs(font, text):
        end = start + len(chunk)
        run_start = start
        for i in range(start + 1, end + 1):
            if i == end or levels[i] != levels[run_start]:
                pieces.append((face, text[run_start:i], levels[run_start]))
                run_start = i
        start = end
    runs = [_shape(face, chunk, level % 2 == 1, features, lang) for face, chunk, level in pieces]
    return tuple(visual_order(runs, [level for _, _, level in pieces]))


_shaped = lru_cache(maxsize=SHAPED_KEPT)(_shape_line)      # the lines shaped last, kept


def visual_order(runs: list[T], levels: list[int]) -> list[T]:
    """Runs (glyph runs, a rich line's pieces) reordered by rule L2 of the bidi algorithm: from the
    highest level down to the lowest odd one, every stretch of runs at that level or above is reversed."""
    if not levels or max(levels) == 0:
        return runs
    order = list(range(len(runs)))
    lowest_odd = min(lv for lv in levels if lv % 2) if any(lv % 2 for lv in levels) else max(levels)
    for level in range(max(levels), lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return [runs[k] for k in order]


def bidi_levels(text: str, rtl: bool | None = None) -> list[int]:
    """Each character's resolved bidi level (the base direction from the first strong character unless
    `rtl` is given): 0 throughout for text without right-to-left characters. Explicit embedding
    controls, which shaping drops, take the level of the character before them."""
    if not rtl and not _STRONG_RTL.search(text):
        return [0] * len(text)
    kept, levels = _bidi_levels(text, rtl)
    if len(kept) == len(text):
        return levels
    out: list[int] = []
    at = 0
    for ch in text:
        if at < len(kept) and ch == kept[at]:
            out.append(levels[at])
            at += 1
        else:
            out.append(out[-1] if out else (levels[0] if levels else int(bool(rtl))))
    return out


def _bidi_levels(text: str, rtl: bool | None) -> tuple[str, list[int]]:
    """The text without explicit embedding controls, and each character's resolved bidi level (rules
    X1 to I2 of the Unicode Bidirectional Algorithm, paired brackets N0 and isolates included)."""
    from bidi import algorithm

    levels = _unicode_bidi_levels(text, rtl)
    if levels is None:
        return _legacy_bidi_levels(text, rtl)
    kept = [i for i, ch in enumerate(text) if unicodedata.bidirectional(ch) not in algorithm.X9_REMOVED]
    return "".join(text[i] for i in kept), [levels[i] for i in kept]


_LEVEL = re.compile(r"Level\(\s*(\d+)")


def _unicode_bidi_levels(text: str, rtl: bool | None) -> list[int] | None:
    """Each character's level from python-bidi's Rust core (the unicode-bidi crate, which resolves
    paired brackets, N0): `get_display(debug=True)` returns the resolved levels, one per UTF-8 byte.
    None if that answer cannot be read (another python-bidi), for the older algorithm to stand in."""
    from bidi import get_display

    try:
        info = str(get_display(text, base_dir=None if rtl is None else "RL"[not rtl], debug=True))
        section = info.split("levels:", 1)[1].split("paragraphs:", 1)[0]
    except (IndexError, TypeError, ValueError):
        return None
    by_byte = [int(v) for v in _LEVEL.findall(section)]
    if len(by_byte) != len(text.encode("utf-8")):
        return None
    out, at = [], 0
    for ch in text:
        out.append(by_byte[at])
        at += len(ch.encode("utf-8"))
    return out


def _legacy_bidi_levels(text: str, rtl: bool | None) -> tuple[str, list[int]]:
    """python-bidi's pure-Python algorithm (before Unicode 6.3: no paired brackets, no isolates)."""
    from bidi import algorithm

    text = "".join(ch for ch in text if unicodedata.bidirectional(ch) not in algorithm.X9_REMOVED)
    storage = algorithm.get_empty_storage()
    base = (1 if rtl else 0) if rtl is not None else algorithm.get_base_level(text)
    storage["base_level"] = base
    storage["base_dir"] = ("L", "R")[base]
    algorithm.get_embedding_levels(text, storage, False, False)
    algorithm.explicit_embed_and_overrides(storage, False)
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    levels = [int(ch["level"]) for ch in storage["chars"]]
    if len(levels) != len(text):          # cannot happen once the X9 characters are gone; stay safe
        levels = [base] * len(text)
    return text, levels


def _shape(face: str, text: str, rtl: bool, features: tuple[str, ...], lang: str) -> GlyphRun:
    import uharfbuzz as hb

    font = hb_font(face)
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    buf.direction = "rtl" if rtl else "ltr"
    if lang:
        buf.language = lang
    hb.shape(font, buf, _feature_map(features))
    scale = 1000.0 / font.face.upem
    # clusters are UTF-32 indices into text, which is what Python indexes by
    glyphs = tuple([(info.codepoint, pos.x_advance * scale, pos.x_offset * scale, pos.y_offset * scale,
                     info.cluster) for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=True)])
    return GlyphRun(face, text, rtl, glyphs, sum([g[1] for g in glyphs]))


def cluster_starts(font: str, text: str) -> list[int]:
    """Where `text` may be cut without parting a letter from its marks, a syllable's conjunct or an emoji's
    sequence (ZWJ, skin tone, flag): the start of each of HarfBuzz's clusters (grapheme clusters at the least)
    after the first, in logical order, each run shaped in the face that draws it."""
    starts: set[int] = set()
    at = 0
    for face, chunk in font_runs(font, text):
        where = []                  # each of the chunk's characters' index in text (font_runs may leave one out)
        for ch in chunk:
            at = text.index(ch, at)
            where.append(at)
            at += 1
        starts.update(where[glyph[4]] for glyph in _shape(face, chunk, False, (), "").glyphs)
    return sorted(i for i in starts if 0 < i < len(text))


@lru_cache(maxsize=256)
def _feature_map(features: tuple[str, ...]) -> dict[str, bool]:
    """An element's features ("smcp", "-liga", "onum") as HarfBuzz's {tag: on}."""
    return {f.lstrip("+-"): not f.startswith("-") for f in features}


FEATURE_TAG = re.compile(r"[+-]?[A-Za-z0-9 ]{4}")


@lru_cache(maxsize=8192)
def glyph_outline(face: str, gid: int) -> tuple[tuple[str | float, ...], ...]:
    """A glyph's outline in 1/1000 em, y up, as path commands ("M", x, y), ("L", x, y),
    ("Q", x1, y1, x, y), ("C", x1, y1, x2, y2, x, y), ("Z",): HarfBuzz draws TrueType and CFF alike."""
    from fontTools.pens.basePen import BasePen

    font = hb_font(face)
    scale = 1000.0 / font.face.upem
    out: list[tuple[str | float, ...]] = []

    class _Pen(BasePen):  # type: ignore[misc]   # splits TrueType's runs of off-curve points into quadratics
        def _moveTo(self, pt: tuple[float, float]) -> None:
            out.append(("M", pt[0] * scale, pt[1] * scale))

        def _lineTo(self, pt: tuple[float, float]) -> None:
            out.append(("L", pt[0] * scale, pt[1] * scale))

        def _qCurveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float]) -> None:
            out.append(("Q", pt1[0] * scale, pt1[1] * scale, pt2[0] * scale, pt2[1] * scale))

        def _curveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float],
                        pt3: tuple[float, float]) -> None:
            out.append(("C", *(v * scale for pt in (pt1, pt2, pt3) for v in pt)))

        def _closePath(self) -> None:
            out.append(("Z",))

        def _endPath(self) -> None:
            pass

    font.draw_glyph_with_pen(gid, _Pen(None))
    return tuple(out)


def nominal_glyph(face: str, ch: str) -> int:
    """The glyph a face's cmap gives a character (0 when it has none)."""
    return int(hb_font(face).get_nominal_glyph(ord(ch)) or 0)
