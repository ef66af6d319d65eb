"""`pnpgen calibrate`: a two-page duplex calibration sheet for measuring the printer's back-page offset."""

from __future__ import annotations

from pathlib import Path

import click

from generator import paths
from generator.cli.common import check_outputs, output_options, report_paths
from generator.cli.options import duplex_option, orientation_option, paper_option

DEFAULT_NAME = "calibration-{paper}-{orientation}-{duplex}.pdf"


def build_calibration(paper: str, duplex: str, landscape: bool = False) -> list:
    """The calibration pages for a paper and flip (scene pages, ready for a backend)."""
    from generator.scene.imposition import SheetSpec, calibration_pages

    return calibration_pages(SheetSpec(paper=paper, duplex=duplex, landscape=landscape))


def write_calibration(path: Path, paper: str, duplex: str, force: bool,
                      landscape: bool = False) -> list[Path]:
    """Render the calibration sheet to a PDF at path (refuses to overwrite without force)."""
    from generator.render import write_pages

    check_outputs([path], force)
    pages = build_calibration(paper, duplex, landscape)
    return write_pages(pages, "pdf", path, force=force, title="pnpgen duplex calibration")


@click.command()
@paper_option()
@duplex_option(allow_none=False)
@orientation_option(auto=False)
@output_options
def command(paper: str, duplex: str, orientation: str, output: Path | None, force: bool,
            quiet: bool) -> None:
    """Write a duplex calibration sheet (PDF, front and back) to measure your printer's offset.

    Print it double-sided at 100% with the flip you will use for cards, hold it to the light and
    read the X and Y scales on the front where the red pointers from the back cross them; then
    pass those numbers to card commands as --offset X,Y. Calibrate in the orientation your
    card sheets use (the offset is measured in the page's own directions).

    \b
    Example:
      pnpgen calibrate --paper letter --duplex long -o calibration.pdf
    """
    landscape = orientation == "landscape"
    name = DEFAULT_NAME.format(paper=paper, duplex=duplex, orientation=orientation)
    path = output or paths.default_output(name)
    if Path(path).is_dir():
        path = Path(path) / name
    report_paths(write_calibration(Path(path), paper, duplex, force, landscape), quiet)


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The kit's calibration sheet (long-edge flip, the common default); it is in English only, so `lang`
    changes nothing."""
    path = Path(out_dir) / "calibration.pdf"
    written = write_calibration(path, paper, "long", force)
    return [(p, "duplex calibration sheet: measure --offset X,Y for card backs") for p in written]
