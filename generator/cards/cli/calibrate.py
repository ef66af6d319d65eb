"""`pnpgen calibrate`: a two-page duplex calibration sheet for measuring the printer's back-page
offset, and the printer profiles that keep what was measured (--save, --list)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator import paths
from generator.cli.common import output_options, report_paths, write_built_pages
from generator.cli.options import duplex_option, offset_option, orientation_option, paper_option
from generator.scene.papers import describe_card_sizes

if TYPE_CHECKING:   # pragma: no cover
    from generator.scene.model import Page

DEFAULT_NAME = "calibration-{paper}-{orientation}-{duplex}.pdf"


def build_calibration(paper: str, duplex: str, landscape: bool = False) -> list[Page]:
    """The calibration pages for a paper and flip (scene pages, ready for a backend)."""
    from generator.scene.imposition import SheetSpec, calibration_pages

    return calibration_pages(SheetSpec(paper=paper, duplex=duplex, landscape=landscape))


def write_calibration(path: Path, paper: str, duplex: str, force: bool,
                      landscape: bool = False) -> list[Path]:
    """Render the calibration sheet to a PDF at path (refuses to overwrite without force)."""
    return write_built_pages(path, lambda: build_calibration(paper, duplex, landscape), "pdf", force,
                             title="pnpgen duplex calibration", duplex=duplex)


def resolve_orientation(orientation: str, paper: str, card: str, duplex: str) -> bool:
    """True for landscape: as given, or (auto) the orientation a deck of `card` cards with the
    default bleed takes on this paper, so the sheet is measured the way the cards will print."""
    if orientation != "auto":
        return orientation == "landscape"
    from generator.scene.layout import SheetSpec, plan_sheet
    from generator.scene.papers import parse_card_size

    return plan_sheet(SheetSpec(paper=paper, landscape=None, card_size=parse_card_size(card), duplex=duplex)).landscape


@click.command()
@paper_option()
@duplex_option(allow_none=False)
@orientation_option(help="Paper orientation: the one your card sheets use (auto: the one a deck "
                         "of --card cards takes, as `pnpgen cards` chooses it).")
@click.option("--card", default="poker", show_default=True, metavar="SIZE",
              help=f"Card size of your deck, for --orientation auto: {describe_card_sizes()} (mm), or WxH mm.")
@click.option("--save", "save", default=None, metavar="NAME",
              help="Save --offset (and --scale) as printer profile NAME instead of writing a sheet.")
@offset_option()
@click.option("--scale", default=None, metavar="SX,SY",
              help="With --save: the printed length of the 50 mm scale bar over 50, per axis "
                   "(0.995,1.002 for a printer that shrinks across and stretches down).")
@click.option("--list", "list_", is_flag=True, help="List the saved printer profiles and exit.")
@click.option("--cutter", type=click.Choice(["silhouette", "cricut", "scanncut"], case_sensitive=False), default=None,
              help="Instead of the duplex sheet: a print-and-cut test sheet for this machine (its marks, "
                   "--card sized test cards with a scale at each edge, and its cut files; see docs/cutting.md).")
@click.option("--printer", default=None, metavar="NAME",
              help="With --cutter: apply a saved printer profile's scale to the test sheet.")
@output_options
def command(paper: str, duplex: str, orientation: str, card: str, save: str | None,
            offset: tuple[float, float], scale: str | None, list_: bool, cutter: str | None, printer: str | None,
            output: Path | None, force: bool, quiet: bool) -> None:
    """Write a duplex calibration sheet (PDF, front and back) to measure your printer's offset.

    Print it double-sided at 100% with the flip you will use for cards, hold it to the light and
    read the X and Y scales on the front where the red pointers from the back cross them; then
    pass those numbers to card commands as --offset X,Y, or save them once as a printer profile
    and pass --printer NAME. Calibrate in the orientation your card sheets use (the offset is
    measured in the page's own directions; auto picks the one a deck would).

    \b
    Examples:
      pnpgen calibrate --paper letter --duplex long -o calibration.pdf
      pnpgen calibrate --paper letter --save office --offset 1.2,-0.5 --scale 0.995,1
      pnpgen calibrate --list
      pnpgen cards example example --paper letter --printer office
      pnpgen calibrate --cutter silhouette --paper letter -o cut-test.pdf
    """
    from generator.publish.printers import load_profiles, profiles_path

    if list_:
        problems: list[str] = []
        profiles = load_profiles(problems=problems)
        if not profiles and not problems:
            click.echo(f"no printer profiles yet ({profiles_path()}); save one with "
                       "pnpgen calibrate --save NAME --offset X,Y")
        for name in sorted(profiles):
            click.echo(profiles[name].describe())
        for problem in problems:          # flagged, not fatal: the good profiles are listed above
            click.echo(f"pnpgen: warning: {problem} (this profile is ignored; fix or delete it)", err=True)
        return
    if cutter:
        if save or scale or offset != (0.0, 0.0):
            raise click.UsageError("--cutter writes a cut test sheet: leave out --save, --offset and --scale")
        report_paths(write_cut_test(cutter.lower(), paper, orientation, card, output, force, printer), quiet)
        return
    landscape = resolve_orientation(orientation, paper, card, duplex)
    if save:
        _save(save, offset, scale, paper, "landscape" if landscape else "portrait", duplex, quiet)
        return
    if scale or offset != (0.0, 0.0):
        raise click.UsageError("--offset and --scale are saved with a profile: add --save NAME")
    name = DEFAULT_NAME.format(paper=paper, duplex=duplex,
                               orientation="landscape" if landscape else "portrait")
    path = output or paths.default_output(name)
    if Path(path).is_dir():
        path = Path(path) / name
    report_paths(write_calibration(Path(path), paper, duplex, force, landscape), quiet)


def write_cut_test(cutter: str, paper: str, orientation: str, card: str, output: Path | None, force: bool,
                   printer: str | None = None) -> list[Path]:
    """A full sheet of cut-test cards for `cutter` (marks, cut files) through the deck pipeline."""
    from generator.cli.deck import REPORTER, with_printer
    from generator.publish import DeckOptions, plan_job
    from generator.scene.cutpages import calibration_card
    from generator.scene.cutting import CUT_BLEED, CutSpec, plan_cut_sheet
    from generator.scene.papers import parse_card_size

    size = parse_card_size(card)
    opts = with_printer(DeckOptions(paper=paper, orientation=orientation, duplex=None, output=output, force=force,
                                    cutter=cutter, bleed=None), printer)
    bleed = 0.0 if cutter == "cricut" else CUT_BLEED
    sheet = plan_cut_sheet(CutSpec(cutter, paper, opts.landscape, size, bleed))
    stem = f"cut-test-{cutter}-{paper}"
    job = plan_job(opts, count=sheet.per_sheet, card_size=size, bleed=bleed, stem=stem, has_backs=False,
                   title=f"pnpgen cut test ({cutter})", reporter=REPORTER)
    return job.write([calibration_card(size)] * sheet.per_sheet)


def _save(name: str, offset: tuple[float, float], scale: str | None, paper: str, orientation: str,
          duplex: str, quiet: bool) -> None:
    from generator.publish.printers import Printer, parse_scale, save_profile

    printer = Printer(name, offset, parse_scale(scale), paper, orientation, duplex)
    written = save_profile(printer)
    if not quiet:
        click.echo(f"saved {printer.describe()} in {written}")


def kit_part(out_dir: Path, seed: int, paper: str, force: bool, lang: str | None = None) -> list[tuple[Path, str]]:
    """The kit's calibration sheet (long-edge flip, the common default); it is in English only, so `lang`
    changes nothing."""

    path = Path(out_dir) / "calibration.pdf"
    written = write_calibration(path, paper, "long", force,
                                resolve_orientation("auto", paper, "poker", "long"))
    return [(p, "duplex calibration sheet: measure --offset X,Y for card backs") for p in written]
