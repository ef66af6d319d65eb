"""`--cutter cricut`: Print Then Cut images (300 ppi PNG within Design Space's 6.75 x 9.25 in) and a cut SVG per image."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.publish.cutters.sheets import base, cut_file_paths, cut_files, cut_sheet, drawn_pages, refuse_format, sheet_count
from generator.publish.job import PrintJob
from generator.publish.options import DeckOptions, FormatOption
from generator.scene.cutting import CRICUT_DPI

if TYPE_CHECKING:
    from generator.scene.cutting import CutSheet
    from generator.scene.model import Page

SUPERSAMPLE = 4     # the transparency mask is drawn this much finer, then averaged down


class CricutFormat:
    """One PNG per sheet of fronts (Design Space prints its own marks around it) and its cut SVG."""

    name = "cricut"
    options = frozenset({"paper", "orientation", "duplex", "corner_radius", "cut_inset"})
    per_group = False
    flags: tuple[FormatOption, ...] = ()
    streams = True          # a CardStream is drawn sheet by sheet, each sheet's image made as its cards come

    def imposes(self, opts: DeckOptions) -> bool:
        return False

    def check(self, job: PrintJob) -> None:
        from generator.core.limits import check_page_count

        refuse_format(job.opts)
        check_page_count(sheet_count(job, cut_sheet(job)), job.opts.max_cards)

    def paths(self, job: PrintJob) -> list[Path]:
        sheet = cut_sheet(job)
        folder, stem = base(job, (".png",))
        images = [folder / f"{stem}-sheet-{n:03d}.png" for n in range(1, sheet_count(job, sheet) + 1)]
        cuts = cut_file_paths(job, sheet, ("svg",), (".png",))
        return [path for pair in zip(images, cuts, strict=True) for path in pair]

    def write(self, job: PrintJob, deck: Any) -> list[Path]:
        from generator.core.files import staged_set

        sheet = cut_sheet(job)
        if job.opts.duplex and job.has_backs:
            job.reporter.warn("cricut: Print Then Cut prints one side only; the backs are not written")
        fronts = drawn_pages(job, deck, sheet, footers=False, backs=False)
        cuts = (blob for _, blob in cut_files(job, sheet, ("svg",)))
        targets = list(job.targets)
        written: list[Path] = []
        with staged_set(targets[0].parent, job.replaces(targets)) as files, job.progress(targets[::2], "Rendering Cricut images") as bar:
            for index, (page, pair, cut) in enumerate(zip(fronts, bar, cuts, strict=True)):  # each sheet's image as its cards are drawn
                blobs = (_image(page, sheet, job.count - index * sheet.per_sheet), cut)
                for path, blob in zip((pair, targets[2 * index + 1]), blobs, strict=True):
                    written.append(files.write(path.name, blob))
        job.reporter.note(f"{sheet.describe()}: type this size into Design Space after uploading each image")
        return written


def _image(page: Page, sheet: CutSheet, left: int) -> bytes:
    """The page at CRICUT_DPI, transparent outside the cards: each whole card (its cut shape grown by the cut
    inset, back to the trim) and its bleed, so the print never stops at the cut (--cut-inset cuts inside a
    fully printed card), and Design Space's own outline of the image is the cut path when neither bleed nor
    inset is asked for."""
    from PIL import Image, ImageDraw

    from generator.render.png import encode_png, render_image

    picture = render_image(page, dpi=CRICUT_DPI).convert("RGBA")
    k = CRICUT_DPI / 25.4 * SUPERSAMPLE
    mask = Image.new("L", (picture.width * SUPERSAMPLE, picture.height * SUPERSAMPLE), 0)
    draw = ImageDraw.Draw(mask)
    b = sheet.spec.bleed + sheet.spec.inset          # from the cut path out to the trim, then the bleed
    for o in sheet.outlines(min(left, sheet.per_sheet)):
        box = ((o.x - b) * k, (o.y - b) * k, (o.x + o.w + b) * k - 1, (o.y + o.h + b) * k - 1)
        draw.rounded_rectangle(box, radius=(o.r + b) * k, fill=255)
    picture.putalpha(mask.resize(picture.size, Image.Resampling.BOX))
    return encode_png(picture, CRICUT_DPI)


FORMAT = CricutFormat()
