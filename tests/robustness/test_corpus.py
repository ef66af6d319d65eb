"""The corpus of bad inputs and faults of issue 16, as table-driven cases run through the CLI in-process.

Each case: the files it makes (in a fresh working folder), the command line, the expected exit status,
a fragment of the message, and the files that must (or must not) be there afterwards. Every case
also checks that no traceback is printed and that an error is one `pnpgen: error:` line.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tests.robustness.helpers import (
    BIG_TEMPLATE,
    IMAGE_TEMPLATE,
    TEMPLATE,
    alias_bomb,
    bomb_png,
    nested_yaml,
    tiny_png,
)

from generator.cli import cli
from generator.cli.common import run_cli

Files = dict[str, "str | bytes"]


@dataclass(frozen=True)
class Case:
    """One bad input: files to make, argv, expected exit, message fragment, files after."""

    name: str
    argv: list[str]
    exit: int
    fragment: str
    files: Files = field(default_factory=dict)
    absent: tuple[str, ...] = ("out.pdf",)      # must not exist afterwards
    present: tuple[str, ...] = ()               # must exist afterwards
    setup: Callable[[Path], None] | None = None


OK_CSV = "name,pips,x\nA,2,1\n"
T = {"t.yaml": TEMPLATE}


def _cards(*extra: str, data: str = "d.csv", template: str = "t.yaml") -> list[str]:
    return ["cards", data, template, "-o", "out.pdf", *extra]


def _campaign_with(tmp: Path, change: Callable[[dict], None], bom: bool = False) -> None:
    run_cli(cli, ["dungeon", "new", "--players", "2", "--seed", "3", "-o", str(tmp / "c.json"), "-q"])
    data = json.loads((tmp / "c.json").read_text(encoding="utf-8"))
    change(data)
    text = json.dumps(data, ensure_ascii=False)
    (tmp / "c.json").write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8"))


def _dungeon_labels(tmp: Path) -> None:
    from generator import paths

    folder = tmp / "dd"
    folder.mkdir()
    for source in paths.card_data("dungeon").iterdir():
        (folder / source.name).write_bytes(source.read_bytes())
    labels = folder / "labels.yaml"
    labels.write_text(labels.read_text(encoding="utf-8").replace("{colour}", "{colour.__class__.__mro__}", 1),
                      encoding="utf-8")


def _fifo(tmp: Path) -> None:
    os.mkfifo(tmp / "out.pdf")


def _device_or_fifo_link(tmp: Path) -> None:
    """A character device made here (mknod where allowed), else a symlink to a FIFO; never a system node."""
    try:
        os.mknod(tmp / "dev", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        os.mkfifo(tmp / "dev")
    (tmp / "out.pdf").symlink_to(tmp / "dev")


def _sparse_data(tmp: Path) -> None:
    with open(tmp / "huge.csv", "wb") as handle:
        handle.write(b"name,pips,x\n")
        handle.truncate(21 * 1024 * 1024)


def _afile(tmp: Path) -> None:
    (tmp / "afile").write_text("x")


def _deal_with_big_seed(tmp: Path) -> None:
    run_cli(cli, ["codex", "deal", "--seed", "7", "--format", "json", "-o", str(tmp / "deal.json"), "-q"])
    text = (tmp / "deal.json").read_text(encoding="utf-8")
    (tmp / "deal.json").write_text(text.replace('"seed": 7', '"seed": ' + "9" * 5000, 1), encoding="utf-8")


CASES = [
    # --- writing ---
    Case("fifo target", [*_cards("--force")], 2, "not a regular file", {**T, "d.csv": OK_CSV}, absent=(),
         setup=_fifo),
    Case("device node behind a symlink", [*_cards("--force")], 2, "not a regular file",
         {**T, "d.csv": OK_CSV}, absent=(), setup=_device_or_fifo_link),
    Case("folder as target", ["cards", "d.csv", "t.yaml", "-o", "sub", "--force"], 2, "a folder",
         {**T, "d.csv": OK_CSV, "sub/d.pdf/keep": "x"}, absent=()),    # -o FOLDER writes FOLDER/d.pdf: a folder there
    Case("path through a file", ["cards", "d.csv", "t.yaml", "-o", "afile/x.pdf"], 2, "afile",
         {**T, "d.csv": OK_CSV}, absent=("afile/x.pdf",), setup=_afile),
    Case("target under /proc", ["cards", "d.csv", "t.yaml", "-o", "/proc/pnpgen-test.pdf"], 2, "/proc",
         {**T, "d.csv": OK_CSV}, absent=()),
    Case("existing file without --force", _cards(), 2, "use --force", {**T, "d.csv": OK_CSV, "out.pdf": "old"},
         absent=()),
    # --- limits on work ---
    Case("qty 10^18", _cards(), 2, "more than one run can print", {**T, "d.csv": "name,pips,x,qty\nA,1,1,"
                                                                   "1000000000000000000\n"}),
    Case("qty over --max-cards", _cards(), 2, "--max-cards 10001", {**T, "d.csv": "name,pips,x,qty\nA,1,1,10001\n"}),
    Case("a million rows of qty 1000", _cards(), 2, "over the limit",
         {**T, "d.csv": "name,pips,x,qty\n" + "A,1,1,1000\n" * 11}),
    Case("card 0.001 mm", _cards(), 2, "from 10 to 1000 mm",
         {"t.yaml": TEMPLATE.replace("poker", '"0.001x0.001"'), "d.csv": OK_CSV}),
    Case("card 5 mm", _cards(), 2, "from 10 to 1000 mm",
         {"t.yaml": TEMPLATE.replace("poker", '"5x80"'), "d.csv": OK_CSV}),
    Case("pixels per image", ["cards", "d.csv", "t.yaml", "--format", "png", "--dpi", "1200", "-o", "png"], 2,
         "megapixels", {"t.yaml": TEMPLATE.replace("poker", '"900x900"'), "d.csv": OK_CSV}, absent=("png",)),
    Case("pages per run", ["cards", "d.csv", "big.yaml", "-o", "out.pdf"], 2, "pages is over the limit",
         {"big.yaml": BIG_TEMPLATE, "d.csv": "name,qty\nA,3000\n"}),
    Case("data file over 20 MB", ["cards", "huge.csv", "t.yaml", "-o", "out.pdf"], 2, "over the limit of 20 MB",
         dict(T), setup=_sparse_data),
    Case("decompression bomb", ["cards", "d.csv", "pic.yaml", "-o", "out.pdf"], 2, "too large to decode",
         {"pic.yaml": IMAGE_TEMPLATE, "d.csv": "name,pic\nA,bomb.png\n", "bomb.png": bomb_png()}),
    Case("a .png that is not one", ["cards", "d.csv", "pic.yaml", "-o", "out.pdf"], 2, "not an image file",
         {"pic.yaml": IMAGE_TEMPLATE, "d.csv": "name,pic\nA,fake.png\n", "fake.png": b"GIF89a not really"}),
    Case("5000-digit seed in a deal file", ["codex", "print", "deal.json", "-o", "out.pdf"], 2, "5000 digits",
         setup=_deal_with_big_seed),
    Case("5000-digit --seed", ["codex", "deal", "--seed", "9" * 5000, "-o", "out.pdf"], 2, "--seed"),
    Case("YAML alias bomb as JSON", ["cards", "bomb.yaml", "t.yaml", "--format", "json", "-o", "out.json"], 2,
         "alias", {**T, "bomb.yaml": alias_bomb()}, absent=("out.json",)),
    Case("YAML nested 5000 deep", _cards(data="deep.yaml"), 2, "nested deeper", {**T, "deep.yaml": nested_yaml(5000)}),
    Case("JSON nested 5000 deep (campaign)", ["dungeon", "chapter", "deep.json", "--format", "none"], 2,
         "nested deeper", {"deep.json": "[" * 5000 + "]" * 5000}),
    Case("template nested 5000 deep", _cards(template="deep.yaml"), 2, "nested deeper",
         {"d.csv": OK_CSV, "deep.yaml": "name: t\ncard: poker\nfront: " + "[" * 5000 + "]" * 5000 + "\n"}),
    Case("deal file nested 5000 deep", ["codex", "print", "deep.json", "-o", "out.pdf"], 2, "nested deeper",
         {"deep.json": "{\"a\": " * 5000 + "1" + "}" * 5000}),
    Case("laser component file nested", ["laser", "generate", "--seed", "1", "--component-file", "deep.yaml"], 2,
         "nested deeper", {"deep.yaml": "types: " + "[" * 5000 + "]" * 5000 + "\n"}),
    Case("laser layout of control characters", ["laser", "check", "bad.txt"], 2, "bad.txt",
         {"bad.txt": "\x1f\x00\x7f\n"}),
    Case("duplicate YAML keys", _cards(data="dup.yaml"), 2, "twice",
         {**T, "dup.yaml": "cards:\n  - {name: A, name: B, pips: 1, x: 1}\n"}),
    # --- numbers ---
    Case("--offset nan,nan", _cards("--offset", "nan,nan"), 2, "--offset", {**T, "d.csv": OK_CSV}),
    Case("--offset inf,0", _cards("--offset", "inf,0"), 2, "--offset", {**T, "d.csv": OK_CSV}),
    Case("--dpi nan", ["cards", "d.csv", "t.yaml", "--format", "png", "--dpi", "nan", "-o", "png"], 2, "--dpi",
         {**T, "d.csv": OK_CSV}, absent=("png",)),
    Case("--bleed nan", _cards("--bleed", "nan"), 2, "'--bleed'", {**T, "d.csv": OK_CSV}),
    Case("--time-limit nan", ["laser", "generate", "--seed", "1", "--min-difficulty", "3", "--time-limit", "nan"],
         2, "--time-limit"),
    Case("CSV NaN pips", _cards(), 2, "d.csv:2: pips: expected a finite number",
         {**T, "d.csv": "name,pips,x\nA,NaN,1\n"}),
    Case("CSV nan coordinate (PDF)", _cards(), 2, "d.csv:2: x: expected a finite number",
         {**T, "d.csv": "name,pips,x\nA,1,nan\n"}),
    Case("CSV nan coordinate (SVG)", ["cards", "d.csv", "t.yaml", "--format", "svg", "-o", "svg"], 2,
         "x: expected a finite number", {**T, "d.csv": "name,pips,x\nA,1,nan\n"}, absent=("svg",)),
    Case("CSV 1e308 coordinate", _cards(), 2, "out of range", {**T, "d.csv": "name,pips,x\nA,1,1e308\n"}),
    Case("YAML .inf coordinate", _cards(data="d.yaml"), 2, "d.yaml",
         {**T, "d.yaml": "cards:\n  - {name: A, pips: 1, x: .inf}\n"}),
    # --- state files ---
    Case("campaign with a BOM", ["dungeon", "chapter", "c.json", "--format", "none"], 0, "",
         setup=lambda tmp: _campaign_with(tmp, lambda d: None, bom=True), absent=()),
    Case("campaign with an unknown key", ["dungeon", "chapter", "c.json", "--format", "none"], 2,
         "notes: unknown key", setup=lambda tmp: _campaign_with(tmp, lambda d: d.update(notes="mine")), absent=()),
    # --- labels, components ---
    Case("labels used as a format string", ["dungeon", "validate", "--data", "dd"], 2, "is not a placeholder",
         setup=_dungeon_labels),
    Case("labels in a deck", ["dungeon", "cards", "--data", "dd", "-o", "out.pdf"], 2, "is not a placeholder",
         setup=_dungeon_labels),
    Case("laser --components ''", ["laser", "sheet", "--components", "", "-o", "out.pdf"], 2, "names no component"),
    # --- image paths ---
    Case("image ../ from a CSV value", ["cards", "deck/d.csv", "deck/pic.yaml", "-o", "out.pdf"], 2,
         "deck/d.csv:2: src: image file '../outside.png' is outside",
         {"deck/pic.yaml": IMAGE_TEMPLATE, "deck/d.csv": "name,pic\nA,../outside.png\n", "outside.png": tiny_png()}),
    Case("image absolute from a CSV value", ["cards", "d.csv", "pic.yaml", "-o", "out.pdf"], 2,
         "--allow-outside-files", {"pic.yaml": IMAGE_TEMPLATE, "d.csv": "name,pic\nA,/etc/hostname\n"}),
    Case("image outside, allowed", ["cards", "deck/d.csv", "deck/pic.yaml", "-o", "out.pdf",
                                    "--allow-outside-files"], 0, "",
         {"deck/pic.yaml": IMAGE_TEMPLATE, "deck/d.csv": "name,pic\nA,../outside.png\n", "outside.png": tiny_png()},
         absent=(), present=("out.pdf",)),
    Case("missing image names the folder", ["cards", "d.csv", "pic.yaml", "-o", "out.pdf"], 2,
         "(the working directory)", {"pic.yaml": IMAGE_TEMPLATE, "d.csv": "name,pic\nA,gone.png\n"}),
    # --- encodings ---
    Case("non-UTF-8 data", _cards(), 2, "not UTF-8", {**T, "d.csv": b"name,pips,x\n\xff\xfe,1,1\n"}),
    Case("non-UTF-8 file name", ["cards", os.fsdecode(b"\xff.csv"), "t.yaml", "-o", "out.pdf"], 0, "",
         {**T, os.fsdecode(b"\xff.csv"): OK_CSV}, absent=(), present=("out.pdf",)),
]


def _make(tmp: Path, files: Files) -> None:
    for name, content in files.items():
        path = tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_gives_a_clean_answer(case: Case, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "output"))
    _make(tmp_path, case.files)
    if case.setup is not None:
        case.setup(tmp_path)
        capsys.readouterr()
    code = run_cli(cli, case.argv)
    err = capsys.readouterr().err
    assert code == case.exit, err
    assert "Traceback" not in err
    assert case.fragment in err
    if code == 2 and err.startswith("pnpgen: error:"):
        assert err.count("\n") == 1, err
    for name in case.absent:
        assert not (tmp_path / name).exists(), f"{name} left behind"
    for name in case.present:
        assert (tmp_path / name).exists(), f"{name} missing"
    leftovers = [p for p in tmp_path.rglob("*") if p.name.startswith((".pnpgen", ".out.pdf."))]
    assert not leftovers, leftovers


def test_the_fifo_and_the_device_stay_what_they_were(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _make(tmp_path, {**T, "d.csv": OK_CSV})
    _device_or_fifo_link(tmp_path)
    mode = os.stat(tmp_path / "dev").st_mode
    assert run_cli(cli, _cards("--force")) == 2
    assert os.stat(tmp_path / "dev").st_mode == mode and (tmp_path / "out.pdf").is_symlink()


def test_symlink_target_is_written_through(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _make(tmp_path, {**T, "d.csv": OK_CSV, "real.pdf": "old"})
    (tmp_path / "out.pdf").symlink_to("real.pdf")
    assert run_cli(cli, _cards("--force", "-q")) == 0
    assert (tmp_path / "out.pdf").is_symlink() and (tmp_path / "real.pdf").read_bytes().startswith(b"%PDF")


def test_campaign_saved_before_its_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """An unwritable campaign file: the chapter sheet is not written either, and a re-run works."""
    import generator.core.files as files

    monkeypatch.chdir(tmp_path)
    _campaign_with(tmp_path, lambda d: None)
    before = (tmp_path / "c.json").read_bytes()
    real = files.write_atomic

    def refuse_campaign(path, data, force=False):
        if Path(path).name == "c.json":
            raise files.OutputError("cannot write: read-only file system", file=str(path))
        return real(path, data, force)

    monkeypatch.setattr(files, "write_atomic", refuse_campaign)
    capsys.readouterr()
    assert run_cli(cli, ["dungeon", "chapter", "c.json", "-o", "sheet.pdf"]) == 2
    assert "read-only file system" in capsys.readouterr().err
    assert not (tmp_path / "sheet.pdf").exists() and (tmp_path / "c.json").read_bytes() == before
    monkeypatch.setattr(files, "write_atomic", real)
    assert run_cli(cli, ["dungeon", "chapter", "c.json", "-o", "sheet.pdf", "-q"]) == 0
    assert (tmp_path / "sheet.pdf").exists() and (tmp_path / "c.json").read_bytes() != before


def test_campaign_keys_are_the_ones_written(tmp_path: Path) -> None:
    """The reader's known keys are exactly the writer's, so a rewrite drops nothing it accepted."""
    from generator.games.dungeon.rules.campaign_json import SETUP_KEYS, TOP_KEYS

    assert run_cli(cli, ["dungeon", "new", "--players", "2", "--seed", "3", "-o", str(tmp_path / "c.json"),
                         "-q"]) == 0
    assert run_cli(cli, ["dungeon", "chapter", str(tmp_path / "c.json"), "--format", "none", "-q"]) == 0
    data = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
    assert tuple(data) == TOP_KEYS
    assert all(tuple(chapter) == SETUP_KEYS for chapter in data["chapters"]) and data["chapters"]


def test_stdout_on_a_full_disk_is_one_line(tmp_path: Path) -> None:
    from tests.robustness.helpers import pnpgen_child

    with open("/dev/full", "wb") as full:
        child = pnpgen_child(["laser", "generate", "--seed", "1"], tmp_path, stdout=full, stderr=-1)
        _, err = child.communicate(timeout=120)
    assert child.returncode == 2 and err.decode().count("\n") == 1 and b"no space left on device" in err


def test_default_output_folder_that_cannot_be_made(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The default output/ under a folder nobody may write (/proc: even root cannot)."""
    monkeypatch.chdir("/proc")
    monkeypatch.delenv("PNPGEN_OUTPUT", raising=False)
    assert run_cli(cli, ["calibrate"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pnpgen: error:") and err.count("\n") == 1 and "output" in err
