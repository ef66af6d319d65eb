"""The format registry and the one shape (plan -> build -> write): each format's planned paths are the files it writes."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TypeVar

import click
import pytest

import generator.publish.formats as formats
from generator.cli.deck import deck_options
from generator.core.errors import LayoutError, OutputExistsError
from generator.publish import FORMATS, REGISTRY, DeckOptions, plan_job
from generator.publish.options import FormatOption
from generator.scene.imposition import Card
from generator.scene.model import Rect

T = TypeVar("T")
SIZE = (63.5, 88.9)


class Recorder:
    """A reporter that keeps what it is told."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def warn(self, message: str) -> None:
        self.lines.append(f"warn: {message}")

    def note(self, message: str) -> None:
        self.lines.append(f"note: {message}")

    def data(self, text: str) -> None:
        self.lines.append(f"data: {text}")

    def progress(self, items: Sequence[T], label: str) -> AbstractContextManager[Iterable[T]]:
        self.lines.append(f"progress: {label}")
        return nullcontext(items)


def _cards(count: int, backs: bool = True) -> list[Card]:
    return [Card([Rect(-3, -3, 69.5, 94.9, fill=f"#{i:02x}4080", stroke=None)],
                 [Rect(-3, -3, 69.5, 94.9, fill="#202020", stroke=None)] if backs else None, f"card {i}")
            for i in range(count)]


def test_the_registry_has_one_module_per_format_file() -> None:
    modules = {p.stem for p in Path(formats.__file__).parent.glob("*.py")} - {"__init__"}
    registered = {type(fmt).__module__.rsplit(".", 1)[-1] for fmt in REGISTRY.values()}
    assert registered == modules
    assert FORMATS == ("pdf", "svg", "png", "tts", "pod", "pdfx", "json")
    assert all(REGISTRY[name].name == name for name in FORMATS)


def test_the_command_line_offers_exactly_the_registered_formats() -> None:
    command = click.command()(deck_options(lambda opts: None))
    (option,) = [p for p in command.params if p.name == "fmt"]
    assert isinstance(option.type, click.Choice)
    assert tuple(option.type.choices) == FORMATS


@pytest.mark.parametrize(("fmt", "extra"), [
    ("pdf", {}), ("svg", {"sheets": True}), ("png", {"sheets": True, "dpi": 30}), ("png", {"dpi": 30}),
    ("svg", {}), ("pod", {"pod": "custom:63.5x88.9@40+3"}), ("tts", {"dpi": 30}), ("json", {}),
])
def test_planned_paths_are_written(tmp_path: Path, fmt: str, extra: dict[str, object]) -> None:
    output = tmp_path / f"d.{fmt}" if fmt in ("json", "pdf") else tmp_path
    opts = DeckOptions(format=fmt, output=output, quiet=True, **extra)     # type: ignore[arg-type]
    job = plan_job(opts, count=11, card_size=SIZE, bleed=3.0, stem="d", title="T", reporter=Recorder())
    assert job.targets and all(not p.exists() for p in job.targets)
    written = job.write({"cards": 11} if job.wants_data else _cards(11))
    assert set(job.targets) <= set(written) and all(p.is_file() for p in written)
    named_later = {"svg": 1, "png": 1, "tts": 1}.get(fmt, 0) if not extra.get("sheets") else 0
    assert len(written) == len(job.targets) + named_later      # the shared back (TTS: its back image)
    if fmt == "json":
        assert json.loads(written[0].read_text(encoding="utf-8")) == {"cards": 11}


def test_sheets_come_from_the_job_plan(tmp_path: Path) -> None:
    job = plan_job(DeckOptions(output=tmp_path / "d.pdf", quiet=True), count=10, card_size=SIZE, bleed=3.0, stem="d")
    assert job.plan is not None and job.plan.per_sheet == 9
    assert job.sheet_count(True) == 4 and job.sheet_count(False) == 2
    assert plan_job(DeckOptions(format="png", output=tmp_path), count=10, card_size=SIZE, bleed=3.0, stem="d").plan is None


def test_existing_targets_and_bad_options_are_refused_in_the_plan(tmp_path: Path) -> None:
    (tmp_path / "d-front-002.png").write_bytes(b"x")
    pod = DeckOptions(format="pod", pod="custom:63.5x88.9@40+3", output=tmp_path)
    with pytest.raises(OutputExistsError):
        plan_job(pod, count=3, card_size=SIZE, bleed=3.0, stem="d")
    with pytest.raises(LayoutError, match="needs --pod PRESET"):
        plan_job(DeckOptions(format="pod", output=tmp_path), count=3, card_size=SIZE, bleed=3.0, stem="d")
    with pytest.raises(LayoutError, match="unknown format 'gif'"):
        plan_job(DeckOptions(format="gif"), count=3, card_size=SIZE, bleed=3.0, stem="d")


def test_warnings_and_progress_go_through_the_reporter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recorder = Recorder()
    job = plan_job(DeckOptions(format="pod", pod="custom:63.5x88.9@40+3.5", output=tmp_path), count=2,
                   card_size=SIZE, bleed=3.0, stem="d", has_backs=False, reporter=recorder)
    job.write(_cards(2, backs=False))
    png = plan_job(DeckOptions(format="png", dpi=30, output=tmp_path / "png"), count=2, card_size=SIZE, bleed=3.0,
                   stem="d", has_backs=False, reporter=recorder)
    png.write(_cards(2, backs=False))
    assert recorder.lines == ["warn: custom:63.5x88.9@40+3.5 asks for 3.49 mm of bleed, the cards have 3 mm: "
                              "the edge is mirrored to fill the rest", "progress: Rendering PNG"]
    assert capsys.readouterr() == ("", "")


def test_a_deck_unlike_its_plan_is_an_internal_error(tmp_path: Path) -> None:
    job = plan_job(DeckOptions(format="svg", output=tmp_path), count=2, card_size=SIZE, bleed=3.0, stem="d",
                   has_backs=False)
    with pytest.raises(RuntimeError, match="planned 2 cards"):
        job.write(_cards(3, backs=False))


EVERY_OUTPUT = [("pdf", {}), ("svg", {}), ("svg", {"sheets": True}), ("png", {"dpi": 30}),
                ("png", {"sheets": True, "dpi": 30}), ("tts", {"dpi": 30}),
                ("pod", {"pod": "custom:63.5x88.9@40+3"}), ("pdfx", {}), ("json", {}),
                ("pdf", {"cutter": "silhouette"}), ("pdf", {"cutter": "scanncut"}), ("pdf", {"cutter": "cricut"})]


@pytest.mark.parametrize(("fmt", "extra"), EVERY_OUTPUT,
                         ids=[f"{fmt}-{'-'.join(map(str, extra.values()))}" for fmt, extra in EVERY_OUTPUT])
def test_every_output_is_rewritten_under_watch(tmp_path: Path, fmt: str, extra: dict[str, object]) -> None:
    """--watch semantics: a run may replace the files it wrote itself (opts.own) without --force, in every
    format and cutter; the same files again without `own` are refused, and no stray file is left."""
    output = tmp_path / f"d.{fmt}" if fmt in ("json", "pdf", "pdfx") and "cutter" not in extra else tmp_path / "out"

    def run(own: frozenset[Path]) -> list[Path]:
        opts = DeckOptions(format=fmt, output=output, quiet=True, own=own, **extra)   # type: ignore[arg-type]
        job = plan_job(opts, count=3, card_size=SIZE, bleed=3.0, stem="d", title="T", reporter=Recorder())
        return job.write({"cards": 3} if job.wants_data else _cards(3))

    first = run(frozenset())
    before = {p: p.stat().st_mtime_ns for p in first}
    with pytest.raises(OutputExistsError):
        run(frozenset())
    second = run(frozenset(first))
    assert second == first and all(p.is_file() for p in second)
    assert all(p.stat().st_mtime_ns >= before[p] for p in second)
    folder = first[0].parent
    assert sorted(folder.iterdir()) == sorted(set(first)), "a stray file (a staging folder?) was left"


def _pnpgen(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    from generator.cli import cli
    from generator.cli.common import run_cli

    code = run_cli(cli, [str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "line"), [
    (["--tts-url", "http://x/"], "--tts-url: read by --format tts only, and this run writes --format pdf"),
    (["--svg-text", "paths"], "--svg-text: read by --format svg only, and this run writes --format pdf"),
    (["--corner-radius", "2"], "--corner-radius: read by --cutter silhouette/cricut/scanncut only, and this run "
                               "writes --format pdf"),
    (["--cut-inset", "1"], "--cut-inset: read by --cutter silhouette/cricut/scanncut only, and this run writes "
                           "--format pdf"),
])
def test_an_option_its_format_does_not_read_is_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  args: list[str], line: str) -> None:
    code, _, err = _pnpgen(capsys, "cards", "example", "example", *args, "-o", tmp_path / "d.pdf")
    assert (code, err) == (2, f"pnpgen: error: {line}\n") and not list(tmp_path.iterdir())


def test_an_option_several_formats_read_is_warned_about_in_one_line(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _pnpgen(capsys, "cards", "example", "example", "--format", "tts", "--dpi", "30", "--sheets",
                           "--only", "1-2", "-o", tmp_path, "--quiet")
    assert code == 0 and err == ("pnpgen: warning: --sheets does nothing for --format tts (it is read by "
                                 "--format svg, --format png)\n")


def test_an_option_the_format_reads_or_left_at_its_default_says_nothing(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _pnpgen(capsys, "cards", "example", "example", "--format", "tts", "--dpi", "30", "--tts-url",
                           "http://x/", "--tts-image", "jpg", "-o", tmp_path, "--quiet")
    assert code == 0 and err == ""          # only options tts reads; the others left at their defaults


class ToyFormat:
    """A format of one file: a line per card (what a new format module holds, and its registry line adds)."""

    name = "toy"
    options = frozenset({"dpi", "toy_ink"})
    per_group = False
    flags = (FormatOption("toy_ink", "--toy-ink", "toy: the ink of its lines.", default="black", choices=("black", "red")),)

    def imposes(self, opts: DeckOptions) -> bool:
        return False

    def check(self, job: object) -> None:
        return None

    def paths(self, job: object) -> list[Path]:
        from generator.publish.job import PrintJob, folder_and_stem

        assert isinstance(job, PrintJob)
        folder, stem = folder_and_stem(job.opts.output, job.stem, (".toy",))
        return [folder / f"{stem}.toy"]

    def write(self, job: object, deck: object) -> list[Path]:
        from generator.core.files import write_atomic
        from generator.publish.job import PrintJob

        assert isinstance(job, PrintJob) and isinstance(deck, list)
        ink = job.opts.extra.get("toy_ink", "black")
        text = "".join(f"card {i + 1} at {job.opts.raster_dpi:g} dpi in {ink}\n" for i in range(len(deck)))
        return [write_atomic(job.targets[0], text, force=job.replaces(job.targets))]


def test_a_new_format_is_one_class_and_its_registry_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """--format toy exists on every deck command as soon as REGISTRY holds it, and its declared options
    are its own: --dpi is read, --tts-url refused, --paper warned about (the sheets' options)."""
    monkeypatch.setitem(REGISTRY, "toy", ToyFormat())
    target = tmp_path / "d.toy"
    code, out, err = _pnpgen(capsys, "cards", "example", "example", "--format", "toy", "--dpi", "50", "-o", target)
    assert (code, err) == (0, "") and out == f"wrote {target}\n"
    assert target.read_text(encoding="utf-8").splitlines()[-1] == "card 18 at 50 dpi in black"
    code, _, err = _pnpgen(capsys, "cards", "example", "example", "--format", "toy", "--tts-url", "x", "-o", target)
    assert code == 2 and err == "pnpgen: error: --tts-url: read by --format tts only, and this run writes --format toy\n"
    code, _, err = _pnpgen(capsys, "codenames", "covers", "--format", "toy", "--paper", "a3", "-o", tmp_path / "c.toy")
    assert code == 0 and err.startswith("pnpgen: warning: --paper does nothing for --format toy (it is read by "
                                        "--format pdf, --format svg, --format png, --cutter")
    assert (tmp_path / "c.toy").read_text(encoding="utf-8").count("\n") == 25
    code, _, err = _pnpgen(capsys, "cards", "example", "example", "--format", "tts", "--dpi", "30", "--svg-text",
                           "paths", "-o", tmp_path / "t")
    assert code == 2 and "--svg-text: read by --format svg only" in err


def test_a_pdf_opens_with_its_lead_pages_and_another_format_leaves_them_out(tmp_path: Path) -> None:
    """The dungeon's player aid: pages a PDF opens with (made when it writes), then the card sheets."""
    from pypdf import PdfReader

    from generator.scene.model import Page, Text

    made: list[str] = []

    def lead() -> list[Page]:
        made.append("lead")
        page = Page(210, 297)
        page.add(Text(x=20, y=20, w=170, h=20, text="Player aid", font="sans", size=20))
        return [page]

    job = plan_job(DeckOptions(output=tmp_path / "d.pdf", quiet=True, max_ppi=300), count=3, card_size=SIZE,
                   bleed=3.0, stem="d", lead=lead)
    [pdf] = job.write(_cards(3))
    reader = PdfReader(pdf)
    assert len(reader.pages) == 3 and "Player aid" in reader.pages[0].extract_text() and made == ["lead"]
    png = plan_job(DeckOptions(format="svg", output=tmp_path / "svg", quiet=True), count=3, card_size=SIZE, bleed=3.0,
                   stem="d", lead=lead)
    assert len(png.write(_cards(3))) == 4 and made == ["lead"]      # 3 faces and the shared back; no aid
    # a cutter's sheets leave them out too (the dungeon's deck with --cutter drew the aid into a job without a
    # sheet plan: "internal: imposed pages need a job with a sheet plan")
    cut = plan_job(DeckOptions(cutter="silhouette", output=tmp_path / "cut", quiet=True), count=3, card_size=SIZE,
                   bleed=3.0, stem="d", lead=lead, reporter=Recorder())
    assert [p.suffix for p in cut.write(_cards(3))] == [".pdf", ".svg", ".dxf"] and made == ["lead"]


def test_a_game_home_folder_holds_its_files_without_o(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path))
    for fmt, extra, first in [("pdf", {}, "g/d.pdf"), ("tts", {"dpi": 30}, "g/d-tts-1.png"),
                              ("pdfx", {}, "g/d-pdfx.pdf"), ("png", {"dpi": 30}, "g/d-001.png")]:
        job = plan_job(DeckOptions(format=fmt, quiet=True, **extra), count=2, card_size=SIZE,  # type: ignore[arg-type]
                       bleed=3.0, stem="d", home="g")
        assert job.targets[0] == tmp_path / first, fmt


def test_a_new_formats_own_option_is_declared_in_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A format's own option (Format.flags) becomes a flag of every deck command made once it is registered; its
    value reaches the format alone (opts.extra), and another format refuses it in one line."""
    monkeypatch.setitem(REGISTRY, "toy", ToyFormat())

    @click.command()
    @deck_options
    def deck(opts: DeckOptions) -> None:
        plan_job(opts, count=3, card_size=SIZE, bleed=3.0, stem="d").write(_cards(3))

    deck.main(["--format", "toy", "--toy-ink", "red", "-o", str(tmp_path / "d.toy")], standalone_mode=False)
    assert (tmp_path / "d.toy").read_text(encoding="utf-8").splitlines() == [f"card {n} at 300 dpi in red" for n in (1, 2, 3)]
    with pytest.raises(LayoutError) as refused:
        deck.main(["--toy-ink", "red", "-o", str(tmp_path / "d.pdf")], standalone_mode=False)
    assert str(refused.value) == "--toy-ink: read by --format toy only, and this run writes --format pdf"
    assert not (tmp_path / "d.pdf").exists()
