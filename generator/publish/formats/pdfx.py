"""`--format pdfx`: the deck as one PDF/X-1a:2003 file for a card printer (DriveThruCards), a page per card face.

Pages go front, back, front, back...; CMYK only, total ink at most 240 %.

Each page is the card plus the printer's bleed: TrimBox the card, BleedBox and MediaBox the card
with its bleed. The bleed is DriveThruCards' 1/8 in (3.175 mm) on every side, or the --pod preset's
when one is given (its trim too: a card within the preset's tolerance is scaled to it). Art is drawn
with as much bleed as the design has; the rest is the art mirrored at its edge (vector, not pixels).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import paths
from generator.core.files import open_atomic
from generator.publish.job import PrintJob
from generator.publish.options import DeckOptions, FormatOption

if TYPE_CHECKING:
    from generator.render.pdfx import OutputIntent
    from generator.scene.imposition import Card
    from generator.scene.model import Item, Matrix, Page

DTC_BLEED = 25.4 / 8            # mm: 1/8 in on every side (DriveThruCards, docs/pod.md)
PROFILE = ("color", "pnpgen-tr003-240.icc")
CONDITION = "CGATS TR 003"      # SWOP grade 3 coated, in the ICC characterization data registry


class PdfxFormat:
    """One PDF/X-1a:2003 file: a page per card face (front, then its back), in CMYK."""

    name = "pdfx"
    options = frozenset({"pod", "max_ppi"})
    per_group = False
    flags: tuple[FormatOption, ...] = ()
    streams = True          # a CardStream is drawn card by card as the PDF/X is written

    def imposes(self, opts: DeckOptions) -> bool:
        return False

    def check(self, job: PrintJob) -> None:
        from generator.core.limits import check_page_count

        template(job)
        check_page_count(job.count * (2 if job.has_backs else 1), job.opts.max_cards)

    def paths(self, job: PrintJob) -> list[Path]:
        return [job.one_file(f"{job.stem}-pdfx.pdf")]

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        from generator.render.pdfx import write_pdfx

        trim, bleed = template(job)
        if job.opts.pod:
            from generator.publish.formats.pod import note_fitted

            note_fitted(job, str(job.opts.pod), trim)
        intent = output_intent()
        target = job.targets[0]
        with open_atomic(target, force=job.replaces([target])) as handle:
            write_pdfx(_warn_broken_profiles(job, _face_pages(job, deck, trim, bleed)), handle, intent,
                       title=job.title or job.stem, max_ppi=job.opts.max_ppi)
        return [target]


def _face_pages(job: PrintJob, deck: Iterable[Card], trim: tuple[float, float],
                bleed: tuple[float, float]) -> Iterator[Page]:
    """A page per card face (front, then its back), each made as its card is drawn."""
    count = 0
    for card in deck:
        count += 1
        for items in (card.front, card.back or []) if job.has_backs else (card.front,):
            yield face_page(items, job.card_size, job.bleed, trim, bleed)
    if count != job.count:
        raise RuntimeError(f"internal: the job planned {job.count} cards, got {count}")


def _warn_broken_profiles(job: PrintJob, pages: Iterable[Page]) -> Iterator[Page]:
    """The pages, with one warning per picture whose ICC profile cannot be read, naming it: it prints
    with the profile ignored (its colours taken as sRGB), never an error."""
    from generator.publish.images import SOURCES
    from generator.render.cmyk import picture_profile_problem
    from generator.scene.model import Group, Image

    seen: set[str] = set()

    def walk(items: Sequence[Any]) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.items)
            elif isinstance(item, Image) and item.digest not in seen:
                seen.add(item.digest)
                problem = picture_profile_problem(item.data)
                if problem:
                    name = SOURCES.get(item.digest, "a picture")
                    job.reporter.warn(f"{name}: its ICC colour profile cannot be read ({problem}); it prints "
                                      "with the profile ignored (its colours taken as sRGB)")

    for page in pages:
        walk(page.items)
        yield page


def template(job: PrintJob) -> tuple[tuple[float, float], tuple[float, float]]:
    """(trim, bleed) of each page in mm: the --pod preset's (the card checked against it), else the
    card's own size with DriveThruCards' 1/8 in bleed."""
    if not job.opts.pod:
        return job.card_size, (DTC_BLEED, DTC_BLEED)
    from generator.publish.formats.pod import preset_of
    from generator.render.pod import check_card

    preset = preset_of(job.opts)
    check_card(preset, job.card_size)
    return preset.trim, preset.bleed


def output_intent() -> OutputIntent:
    """The printing condition the files are made for, with the profile pnpgen ships (templates/color/)."""
    from generator.core.files import read_bounded
    from generator.render.pdfx import OutputIntent

    profile = read_bounded(paths.template(*PROFILE), 4 * 1024 * 1024, "colour profile pnpgen ships")
    return OutputIntent(profile, CONDITION, "SWOP (Publication) Grade 3 Paper, CGATS TR 003; pnpgen ink limit 240%")


def face_page(items: Sequence[Item], card_size: tuple[float, float], art_bleed: float,
              trim: tuple[float, float], bleed: tuple[float, float]) -> Page:
    """One card face as a page: the card scaled to `trim` (a no-op when equal), `bleed` around it; the
    art keeps its own bleed and is mirrored at its edge to fill the rest."""
    from generator.render.pod import face_fit
    from generator.scene.model import Group, Page, Rect, compose, scale, translate

    (w, h), (tw, th), (bx, by) = card_size, trim, bleed
    sx, sy, ex, ey = face_fit(card_size, trim, bleed)
    b = max(0.0, min(art_bleed, ex, ey))
    page = Page(tw + 2 * bx, th + 2 * by, kind="card", trim_box=(bx, by, tw, th),
                bleed_box=(0.0, 0.0, tw + 2 * bx, th + 2 * by))
    place = compose(translate(ex * sx, ey * sy), scale(sx, sy))
    clip = Rect(-b, -b, w + 2 * b, h + 2 * b, fill=None, stroke=None)
    face = tuple(items)
    mirrored = b < ex - 1e-6 or b < ey - 1e-6
    for mx, my in _neighbours() if mirrored else ((0, 0),):
        page.add(Group(face, transform=compose(place, _mirror(mx, my, w, h, b)), clip=clip))
    return page


def _neighbours() -> list[tuple[int, int]]:
    """The art itself first, then its eight reflections (left/right, above/below, the corners)."""
    return [(0, 0)] + [(x, y) for y in (-1, 0, 1) for x in (-1, 0, 1) if (x, y) != (0, 0)]


def _mirror(mx: int, my: int, w: float, h: float, b: float) -> Matrix:
    """The reflection of card space about the art's left/right (mx -1/+1) and top/bottom (my) edges."""
    def axis(m: int, size: float) -> tuple[float, float]:     # (factor, offset) of x' = f*x + o
        return (1.0, 0.0) if m == 0 else (-1.0, 2 * (-b if m < 0 else size + b))

    (fx, ox), (fy, oy) = axis(mx, w), axis(my, h)
    return (fx, 0.0, 0.0, fy, ox, oy)


FORMAT = PdfxFormat()
