"""The options of a printed deck (format, paper, backs, output...), parsed: what a command line hands the publishing layer."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.scene.box import CLEARANCE, THICKNESS, BoxSpec

DEFAULT_DPI = 300

# The deck options some formats read and others do not, each with its command-line flag. A format declares
# the ones it reads (`Format.options`); the others (format, output, force, quiet, bleed, max_cards...) every
# run reads. An option given to a format that does not read it is refused when one format (or the cutters)
# owns it, and warned about when several share it (plan.check_given).
FLAGS = {"sheets": "--sheets", "paper": "--paper", "orientation": "--orientation", "duplex": "--duplex",
         "offset": "--offset", "gutter_fold": "--gutter-fold", "crop_marks": "--no-crop-marks",
         "cut_lines": "--cut-lines", "printer": "--printer", "dpi": "--dpi", "max_ppi": "--max-ppi",
         "jobs": "--jobs", "pod": "--pod", "corner_radius": "--corner-radius", "cut_inset": "--cut-inset"}



@dataclass(frozen=True)
class FormatOption:
    """A command-line option a format declares in its own module (Format.flags): `flag` takes a value among
    `choices` (any text when empty), `default` without it; the value reaches the format as opts.extra[name],
    and only that format reads it (given to another, it is refused: plan.check_given). The options every
    command line already has (FLAGS) are DeckOptions fields instead."""

    name: str
    flag: str
    help: str
    default: str | None = None
    choices: tuple[str, ...] = ()
    metavar: str | None = None

    def value(self, opts: DeckOptions) -> str | None:
        """The option's value in these options (its default when it was not given)."""
        found = opts.extra.get(self.name, self.default)
        return None if found is None else str(found)


@dataclass(frozen=True)
class BoxOrder:
    """--box: the box the deck goes in, written beside its files (generator/publish/box.py), sized to the deck
    as printed (its card size and count). What it shows is the deck's own: a game's declaration
    (generator.games.CardBox) or a template's `box:` block fills it in.

    style: "auto" or "" (a tuck box, or a tray and lid when only those fit the paper), "tuck", "tray"
    (--two-piece); title ("": the deck's title), colour and ink (None: dark blue, and white or black,
    whichever reads), lang (the box's own words; None: the deck's), thickness and clearance (mm), front_image
    (a picture's bytes, under the title); the back panel shows one side (face: "back", "front" or "none") of
    the first card of `group` ("": the deck's first card; a group not printed: the first card of the group
    printed with most cards, publish.groups.box_card); font: the title's (a registry name; "": the box's
    own, sans-bold), followed by installed faces for what it lacks. output: the box's file
    (None: NAME-box.pdf beside the deck's files); optional: a box that fits the paper in no style is left out
    (the kit's), not refused; told(spec, paths): called once the box is written (the kit's index line)."""

    style: str = ""
    title: str = ""
    colour: str | None = None
    ink: str | None = None
    lang: str | None = None
    thickness: float = THICKNESS
    clearance: float = CLEARANCE
    front_image: bytes | None = None
    group: str = ""
    face: str = "back"
    font: str = ""
    title_lang: str = ""       # the title's language (BCP 47: the Han forms of its installed faces); "": lang's
    output: Path | None = None
    optional: bool = False
    told: Callable[[BoxSpec, list[Path]], None] | None = None


# What a format that imposes (draws sheets of cards: Format.imposes) reads for its sheets.
SHEET_OPTIONS = frozenset({"paper", "orientation", "duplex", "offset", "gutter_fold", "crop_marks", "cut_lines",
                           "printer"})


@dataclass(frozen=True)
class DeckOptions:
    """The deck options of a command line, parsed."""

    format: str = "pdf"
    sheets: bool = False
    paper: str = "a4"
    orientation: str = "auto"
    duplex: str | None = "long"
    offset: tuple[float, float] = (0.0, 0.0)
    gutter_fold: bool = False
    bleed: float | None = None
    crop_marks: bool = True
    cut_lines: bool = False
    dpi: float | None = None
    output: Path | None = None
    force: bool = False
    quiet: bool = False
    lang: str = "en"            # the language of the sheet footers
    printer: str = ""           # the printer profile applied (--printer), named in the footers
    scale: tuple[float, float] = (1.0, 1.0)
    measured: tuple[str, str, str] | None = None    # the profile's paper, orientation, flip
    pod: str | None = None      # --pod PRESET (print-on-demand template)
    jobs: int | None = None     # --jobs N: processes rendering PNG/SVG pages (None: all cores)
    max_ppi: float = 600.0      # pictures above this at their placed size are resampled (PDF); 0 keeps them
    max_cards: int | None = None    # --max-cards: the limit on cards (and pages) a run
    numbers: tuple[int, ...] | None = None   # each card's number in the whole deck (--only), for file names
    own: frozenset[Path] = frozenset()      # files this run may overwrite without --force (--watch wrote them)
    cutter: str | None = None               # --cutter silhouette|cricut|scanncut: print-and-cut sheets and cut files
    corner_radius: float | None = None      # --corner-radius MM of the cut path (None: from the card size)
    cut_inset: float = 0.0                  # --cut-inset MM: cut this far inside the trim
    given: frozenset[str] = frozenset()     # the FLAGS fields given on the command line (checked against the format)
    extra: Mapping[str, Any] = field(default_factory=dict)   # the values of the formats' own FormatOptions, by name
    box: BoxOrder | None = None             # --box: the deck's box beside its files (--two-piece: a tray and lid)

    @property
    def landscape(self) -> bool | None:
        return {"auto": None, "portrait": False, "landscape": True}[self.orientation]

    @property
    def raster_dpi(self) -> float:
        """The resolution of raster output (--dpi, else 300)."""
        return self.dpi or DEFAULT_DPI
