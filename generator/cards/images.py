"""A folder of finished card images as a deck: finding and pairing the files, their quantities, the card size and bleed.

`pnpgen images` (cards/cli/images.py) turns the result into records and a template and runs the
card engine on them, so an image deck is an ordinary deck. Nothing here decodes a pixel: sizes
come from the files' headers (a `sizer` is passed in for formats other than PNG and JPEG).
"""

from __future__ import annotations

import glob
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from generator.cards.records import Record
from generator.cards.templates import Template
from generator.core.errors import DataError
from generator.core.limits import CARDS_CEILING, MAX_CARDS, check_cards, check_file_size
from generator.core.numbers import format_number
from generator.core.units import MM_PER_INCH
from generator.scene.papers import CARD_SIZES, parse_card_size

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff")
BLEEDS = (0.0, 3.0, MM_PER_INCH / 8)        # none, 3 mm, 1/8 inch
ASPECT_TOLERANCE = 0.006                      # relative difference of ppi across and down
COMMON_PPI = (72, 96, 100, 150, 200, 240, 254, 300, 350, 400, 450, 500, 600, 720, 800, 900, 1000, 1200)
EXACT_SLIP_PX = 1.0                           # an exact reading: within a pixel of the card's pixels both ways
CLOSE_ERROR = 0.002                           # readings this close in shape are both named
_QTY_RE = re.compile(r"^(?P<name>.*?)\s*[xX×](?P<qty>\d+)$")

Sizer = Callable[[Path], tuple[int, int]]


@dataclass(frozen=True)
class Face:
    """One image file: where it is and its pixel size."""

    path: Path
    pixels: tuple[int, int]


@dataclass(frozen=True)
class Entry:
    """One card of the deck: its front, its back (or None) and how many copies."""

    front: Path
    back: Path | None
    qty: int = 1


@dataclass(frozen=True)
class Fit:
    """A card size matched to an image: the trim size, the bleed the image has, its resolution."""

    card: tuple[float, float]
    name: str
    bleed: float
    ppi: float
    error: float
    exact: bool = False                       # the pixels of this card and bleed at a usual ppi, to a pixel
    also: tuple[str, ...] = ()                # other readings as close as this one (described)
    also_names: tuple[str, ...] = ()          # their card names, for the --card hint

    def describe(self) -> str:
        bleed = "no bleed" if self.bleed == 0 else (
            "1/8 in bleed" if abs(self.bleed - MM_PER_INCH / 8) < 1e-6 else f"{format_number(self.bleed)} mm bleed")
        size = f"{format_number(self.card[0])}x{format_number(self.card[1])} mm"
        return f"{self.name} ({size}) with {bleed}, {format_number(self.ppi, 0)} ppi"

    def doubt(self) -> str:
        """'' or a note naming the other close readings and how to choose."""
        if not self.also:
            return ""
        names = dict.fromkeys([self.name, *self.also_names])
        choose = " or ".join(f"--card {n}" for n in names)
        return (f"the images could also be {'; or '.join(self.also)}: give {choose} "
                f"(and --image-bleed MM) to choose")


# --- files ----------------------------------------------------------------------------------------

def natural_key(path: Path) -> list[tuple[int, int, str]]:
    """Sort key in which '2.png' comes before '10.png' (digit runs compare as numbers)."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part.lower())
            for part in re.split(r"(\d+)", path.name) if part]


def qty_of(path: Path) -> tuple[str, int]:
    """The name without a ' x3' quantity suffix, and the quantity (1 without one)."""
    match = _QTY_RE.match(path.stem)
    if match and match.group("name"):
        return match.group("name"), quantity(match.group("qty"))
    return path.stem, 1


def quantity(digits: str) -> int:
    """A quantity written in a name or a list (more digits than any limit: read as just over the ceiling)."""
    return int(digits) if len(digits) <= 12 else CARDS_CEILING + 1


def count_cards(files: list[tuple[Path, int]], max_cards: int | None, source: str | Path) -> None:
    """The copies that names and list files ask for, against the card limit (before any card is made);
    DataError naming the source when they ask for none (every quantity 0)."""
    total = sum(q for _, q in files)
    if files and total == 0:
        raise DataError("every image asks for 0 copies (' x0'): there are no cards to print", file=source)
    check_cards(total, max_cards, file=source)


def images_in(folder: Path) -> list[Path]:
    """The image files directly in a folder, natural order."""
    return sorted((p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES),
                  key=natural_key)


def _list_file(path: Path, max_cards: int | None = None) -> list[tuple[Path, int]]:
    """A list file: one image path per line (relative to the list), optionally followed by ' x3';
    its copies count against the card limit as the lines are read."""
    from generator.cards.datafile import read_text

    check_file_size(path)
    out: list[tuple[Path, int]] = []
    total = 0
    for number, raw in enumerate(read_text(path).splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, qty = line, None
        match = re.match(r"^(?P<name>.+?)\s+[xX×]?(?P<qty>\d+)$", line)
        if match and not _is_file(path.parent / line):
            name, qty = match.group("name"), quantity(match.group("qty"))
        file = Path(name) if Path(name).is_absolute() else path.parent / name
        if not _is_file(file):
            raise DataError(f"no such image file {name[:80]!r}", file=path, line=number)
        out.append((file, qty if qty is not None else qty_of(file)[1]))
        total += out[-1][1]
        if total > (MAX_CARDS if max_cards is None else max_cards):
            count_cards(out, max_cards, f"{path}:{number}")
    if not out:
        raise DataError("the list names no image files", file=path)
    return out


def _is_file(path: Path) -> bool:
    """A file there (False for a name too long to be one)."""
    try:
        return path.is_file()
    except OSError:
        return False


def front_files(fronts: str, max_cards: int | None = None) -> list[tuple[Path, int]]:
    """(file, qty) for FRONTS: a folder, a list file (.txt), a glob, or one image file."""
    path = Path(fronts)
    if path.is_dir():
        files = images_in(path)
        if not files:
            raise DataError("no image files (PNG, JPEG...) in the folder", file=path)
        return [(f, qty_of(f)[1]) for f in files]
    if path.is_file() and path.suffix.lower() in (".txt", ".list"):
        return _list_file(path, max_cards)
    if path.is_file():
        return [(path, qty_of(path)[1])]
    matches = sorted((Path(p) for p in glob.glob(fronts) if Path(p).suffix.lower() in IMAGE_SUFFIXES),
                     key=natural_key)
    if not matches:
        raise DataError("no such folder, list file or image files matching it", file=fronts)
    return [(f, qty_of(f)[1]) for f in matches]


def collect(fronts: str, backs: str | None, max_cards: int | None = None) -> list[Entry]:
    """The deck's entries: fronts in natural order, each with its back (one for all, or by name);
    the copies their names and list files ask for counted against max_cards first (LimitError)."""
    root = Path(fronts)
    if backs is None and root.is_dir() and (root / "front").is_dir():
        return _silhouette(root, max_cards)
    files = front_files(fronts, max_cards)
    count_cards(files, max_cards, fronts)
    if backs is None:
        return [Entry(f, None, q) for f, q in files]
    back = Path(backs)
    if back.is_file():
        return [Entry(f, back, q) for f, q in files]
    if not back.is_dir():
        raise DataError("no such back image or folder of backs", file=backs)
    return _pair_by_name(files, images_in(back), back)


def _by_name(files: list[Path]) -> dict[str, Path]:
    return {qty_of(f)[0].lower(): f for f in files}


def _pair_by_name(files: list[tuple[Path, int]], backs: list[Path], folder: Path) -> list[Entry]:
    by_name = _by_name(backs)
    missing = [f for f, _ in files if qty_of(f)[0].lower() not in by_name]
    used = {qty_of(f)[0].lower() for f, _ in files}
    extra = [b for b in backs if qty_of(b)[0].lower() not in used]
    if missing or extra:
        parts = []
        if missing:
            parts.append("fronts without a back: " + _names(missing))
        if extra:
            parts.append("backs without a front: " + _names(extra))
        raise DataError("unpaired images (a back pairs with the front of the same name): "
                        + "; ".join(parts), file=folder)
    return [Entry(f, by_name[qty_of(f)[0].lower()], q) for f, q in files]


def _silhouette(root: Path, max_cards: int | None = None) -> list[Entry]:
    """silhouette-card-maker's folders: front/ (the fronts), back/ (one back for all, or several
    paired with the fronts by name), double_sided/ (backs for the fronts of the same name, first).
    Fronts with no back at all print with a blank back when other fronts have one."""
    fronts = [(f, qty_of(f)[1]) for f in images_in(root / "front")]
    if not fronts:
        raise DataError("no image files in the front/ folder", file=root / "front")
    count_cards(fronts, max_cards, root / "front")
    common = images_in(root / "back") if (root / "back").is_dir() else []
    sided = _by_name(images_in(root / "double_sided")) if (root / "double_sided").is_dir() else {}
    known = {qty_of(f)[0].lower() for f, _ in fronts}
    extra = [p for name, p in sided.items() if name not in known]
    if extra:
        raise DataError("double_sided/ images without a front of the same name: " + _names(extra),
                        file=root / "double_sided")
    if len(common) > 1:
        sided = {**_several_backs(fronts, common, sided, root / "back"), **sided}
        common = []
    default = common[0] if common else None
    return [Entry(f, sided.get(qty_of(f)[0].lower(), default), q) for f, q in fronts]


def _several_backs(fronts: list[tuple[Path, int]], backs: list[Path], sided: dict[str, Path],
                   folder: Path) -> dict[str, Path]:
    """Several images in back/: each is the back of the front of the same name (a front with its
    own double_sided/ back needs none); anything else is one error saying the rule."""
    by_name = _by_name(backs)
    names = {qty_of(f)[0].lower() for f, _ in fronts}
    strays = [b for name, b in by_name.items() if name not in names]
    missing = [f for f, _ in fronts if qty_of(f)[0].lower() not in by_name and qty_of(f)[0].lower() not in sided]
    if strays or missing:
        parts = ([f"backs without a front: {_names(strays)}"] if strays else []) + (
            [f"fronts without a back: {_names(missing)}"] if missing else [])
        raise DataError(f"back/ holds {len(backs)} images: keep one (the back of every card), or give each "
                        f"front its back of the same name (front/07.png, back/07.png); " + "; ".join(parts),
                        file=folder)
    return by_name


def collect_notes(fronts: str, backs: str | None) -> list[str]:
    """What the reading of a silhouette-card-maker folder decided that the user should know."""
    root = Path(fronts)
    if backs is not None or not (root.is_dir() and (root / "front").is_dir()):
        return []
    entries = _silhouette(root)
    common = images_in(root / "back") if (root / "back").is_dir() else []
    notes = []
    if len(common) > 1:
        notes.append(f"back/ holds {len(common)} images: each is the back of the front of the same name")
    bare = [e.front for e in entries if e.back is None]
    if bare and len(bare) < len(entries):
        notes.append(f"{len(bare)} fronts have no back (back/ is empty or missing and double_sided/ has none "
                     f"for them): they print with a blank back: {_names(bare, 6)}")
    elif bare and (root / "double_sided").is_dir():
        notes.append("back/ and double_sided/ hold no images: the fronts print without backs")
    return notes


def _names(paths: list[Path], most: int = 12) -> str:
    shown = ", ".join(p.name for p in paths[:most])
    return shown + (f" and {len(paths) - most} more" if len(paths) > most else "")


# --- size and bleed -------------------------------------------------------------------------------

def _fit(pixels: tuple[int, int], card: tuple[float, float], name: str, bleed: float) -> Fit:
    """The reading of an image as this card and bleed: exact when some usual resolution gives its
    pixels within one pixel both ways (that resolution is then its ppi), else the mean ppi."""
    w_in, h_in = (card[0] + 2 * bleed) / MM_PER_INCH, (card[1] + 2 * bleed) / MM_PER_INCH
    ppi_x, ppi_y = pixels[0] / w_in, pixels[1] / h_in
    ppi = (ppi_x + ppi_y) / 2
    error = abs(ppi_x - ppi_y) / ppi
    slips = [(max(abs(pixels[0] - w_in * p), abs(pixels[1] - h_in * p)), p) for p in COMMON_PPI]
    slip, whole = min(slips)
    if slip <= EXACT_SLIP_PX:
        return Fit(card, name, bleed, float(whole), slip / min(pixels) / 100, exact=True)
    roundness = min(abs(ppi - p) / p for p in COMMON_PPI)
    return Fit(card, name, bleed, ppi, error + min(roundness, 0.05) * 0.05)


def _acceptable(fit: Fit, pixels: tuple[int, int]) -> bool:
    # a pixel of rounding on a small image is more than the tolerance: allow it
    slack = 1.5 / min(pixels)
    return fit.exact or fit.error - 0.0025 <= ASPECT_TOLERANCE + slack


def detect(pixels: tuple[int, int], card: tuple[float, float] | None = None, card_name: str = "",
           bleed: float | None = None) -> Fit | None:
    """The best named size (or the given card) and bleed (or the given one) for an image's pixels.

    An exact reading (the pixels of the card plus a standard bleed at a usual resolution, to a
    pixel) wins over any other; the other readings as close as the best (another exact one, or,
    when none is exact, a shape within CLOSE_ERROR of it) are kept in its `also`."""
    cards = {card_name or "card": card} if card else dict(CARD_SIZES)
    bleeds = BLEEDS if bleed is None else (bleed,)
    fits = [_fit(pixels, size, name, b) for name, size in cards.items() for b in bleeds]
    fits = sorted((f for f in fits if _acceptable(f, pixels)), key=lambda f: (not f.exact, f.error))
    if not fits:
        return None
    best = fits[0]
    close = [f for f in fits[1:] if f.card != best.card and (
        f.exact if best.exact else (not f.exact and f.error <= best.error + CLOSE_ERROR))]
    return replace(best, also=tuple(dict.fromkeys(f.describe() for f in close)),
                   also_names=tuple(dict.fromkeys(f.name for f in close)))


def card_of(option: str | None) -> tuple[tuple[float, float] | None, str]:
    """The --card option as a size (None: detect) and the name to report."""
    if not option:
        return None, ""
    size = parse_card_size(option)
    name = option.strip().lower() if option.strip().lower() in CARD_SIZES else "card"
    return size, name


def fit_all(faces: list[Face], card: tuple[float, float] | None, card_name: str,
            bleed: float | None) -> dict[Path, Fit]:
    """Every image's fit; mixed sizes (not all the same card) are one error naming the odd ones."""
    fits: dict[Path, Fit | None] = {f.path: detect(f.pixels, card, card_name, bleed) for f in faces}
    groups: dict[tuple[object, ...], list[Face]] = {}
    for face in faces:
        fit = fits[face.path]
        groups.setdefault((fit.name, fit.card) if fit else ("?",), []).append(face)
    main = max(groups.items(), key=lambda kv: (kv[0] != ("?",), len(kv[1])))
    if main[0] == ("?",):
        first = faces[0]
        wanted = f"{card_name or 'the given card'} with or without bleed" if card else "a named card size"
        raise DataError(f"{first.pixels[0]}x{first.pixels[1]} px is not the shape of {wanted} "
                        "(give --card WxH and --image-bleed MM)", file=first.path)
    odd = [face for key, group in groups.items() if key != main[0] for face in group]
    if odd:
        listed = ", ".join(f"{f.path.name} ({f.pixels[0]}x{f.pixels[1]} px)" for f in odd[:12])
        usual = main[1][0]
        fit = fits[usual.path]
        raise DataError(f"images of mixed sizes: most are {usual.pixels[0]}x{usual.pixels[1]} px "
                        f"({fit.describe() if fit else '?'}); the odd ones: {listed}",
                        file=odd[0].path.parent)
    return {path: fit for path, fit in fits.items() if fit is not None}


# --- records and template -------------------------------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """How one image becomes a card face: its fit, the mm of bleed to make around it and how.

    mirror and colour are drawn by the template (mirrored copies of the same picture around it,
    or a rectangle of the border colour under it), so the picture itself goes in as it is;
    extend is made in the pixels (the loader pads the picture)."""

    fit: Fit
    make: float
    mode: str = "mirror"
    fill: str = ""

    @property
    def padded(self) -> bool:
        return self.make > 0 and self.mode == "extend"

    def geometry(self) -> dict[str, float]:
        b = self.fit.bleed + (self.make if self.padded else 0.0)
        w, h = self.fit.card
        x, y, bw, bh = -b, -b, w + 2 * b, h + 2 * b
        return {"x": x, "y": y, "w": bw, "h": bh, "x_l": x - bw, "x_r": x + bw, "y_t": y - bh, "y_b": y + bh}

    def fields(self, face: str) -> dict[str, object]:
        out: dict[str, object] = {f"{face}_{k}": round(v, 4) or 0.0 for k, v in self.geometry().items()}
        out[f"{face}_mirror"] = "yes" if self.make > 0 and self.mode == "mirror" else ""
        out[f"{face}_fill"] = self.fill if self.make > 0 and self.mode == "colour" else ""
        return out


def plans(fits: dict[Path, Fit], deck_bleed: float, mode: str = "mirror",
          fills: dict[Path, str] | None = None) -> dict[Path, Plan]:
    """Each image's plan: bleed to make where it has less than the deck's (fills: border colours
    for mode colour)."""
    fills = fills or {}
    return {path: Plan(fit, max(0.0, round(deck_bleed - fit.bleed, 4)), mode, fills.get(path, ""))
            for path, fit in fits.items()}


def records_and_template(entries: list[Entry], plan: dict[Path, Plan], deck_bleed: float,
                         source: Path) -> tuple[list[Record], Template]:
    """One record per copy (fields: the image paths, their boxes, how bleed is made) and the
    template drawing them; plan is keyed by resolved paths."""
    records: list[Record] = []
    for number, entry in enumerate(entries, 1):
        fields: dict[str, Any] = {"name": qty_of(entry.front)[0], "front": str(entry.front.resolve())}
        fields.update(plan[entry.front.resolve()].fields("front"))
        if entry.back is not None:
            fields["back"] = str(entry.back.resolve())
            fields.update(plan[entry.back.resolve()].fields("back"))
        elif any(e.back is not None for e in entries):       # a blank back beside cards with one
            fields["back"] = ""
            fields.update({k.replace("front_", "back_", 1): v for k, v in Plan(
                plan[entry.front.resolve()].fit, 0.0).fields("front").items()})
        for copy in range(1, entry.qty + 1):
            records.append(Record(fields, source, number, copy))
    card = next(iter(plan.values())).fit.card
    has_backs = any(e.back is not None for e in entries)
    tmpl = Template(name="images", file=source, card=f"{card[0]}x{card[1]}", bleed=deck_bleed, safe=0.0,
                    background=None, label="{name}", front=_elements("front", card, deck_bleed),
                    back=_elements("back", card, deck_bleed) if has_backs else None,
                    alpha_hint="rounded transparent corners? --fill-corners fills them like the bleed; "
                               "else flatten the pictures")
    return records, tmpl


_MIRRORS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def _elements(face: str, card: tuple[float, float], bleed: float) -> list[dict[str, Any]]:
    """A colour rectangle (when asked), eight mirrored copies (when asked), then the picture."""
    def picture(dx: int = 0, dy: int = 0) -> dict[str, Any]:
        flip = {(False, False): "none", (True, False): "h", (False, True): "v", (True, True): "both"}[
            (dx != 0, dy != 0)]
        return {"kind": "image", "src": f"{{{face}}}", "fit": "stretch", "flip": flip,
                "x": f"{{{face}_{ {-1: 'x_l', 0: 'x', 1: 'x_r'}[dx]}}}",
                "y": f"{{{face}_{ {-1: 'y_t', 0: 'y', 1: 'y_b'}[dy]}}}",
                "w": f"{{{face}_w}}", "h": f"{{{face}_h}}"}

    fill = {"kind": "rect", "id": f"{face}-fill", "x": -bleed, "y": -bleed, "w": card[0] + 2 * bleed,
            "h": card[1] + 2 * bleed, "fill": f"{{{face}_fill}}", "when": f"{{{face}_fill}}"}
    mirrors = [{**picture(dx, dy), "id": f"{face}-mirror-{i}", "when": f"{{{face}_mirror}}"}
               for i, (dx, dy) in enumerate(_MIRRORS, 1)]
    return [fill, *mirrors, {**picture(), "id": face, "when": f"{{{face}}}"}]
