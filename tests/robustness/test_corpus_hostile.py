"""The corpus of issue 25: inputs that exhausted the machine (spreadsheets, SVG art, image folders) and the
last tracebacks, each run through the CLI in one child process whose address space is capped at 1 GB.

Every case must end in its expected exit status with one `pnpgen: error:` line (or, for an
accepted input, its output), no traceback, no abort, and nothing written at the -o target. Work
counts and outcomes are asserted, not wall-clock margins: the child's timeout is only a hang guard.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from tests.robustness import hostile
from tests.robustness.helpers import IMAGE_TEMPLATE, tiny_png

MEMORY = 1 << 30
TEMPLATE = """\
name: t
card: poker
bleed: 0
front:
  - {kind: text, x: 5, y: 5, w: 40, h: 10, text: "{name}"}
"""
ART = """\
name: art
card: poker
bleed: 0
front:
  - {kind: image, src: "{art}", x: 5, y: 5, w: 40, h: 40}
"""


@dataclass(frozen=True)
class Case:
    """Files to make, the command line, the exit expected and a fragment of stderr."""

    name: str
    argv: list[str]
    exit: int
    fragment: str
    files: dict[str, str | bytes] = field(default_factory=dict)
    config: bool = False          # PNPGEN_CONFIG_DIR=cfg (printer profiles)


def _cards(data: str, template: str = "t.yaml", *extra: str) -> list[str]:
    return ["cards", data, template, "-o", "out.pdf", *extra]


T = {"t.yaml": TEMPLATE}
A = {"art.yaml": ART}


def _art(name: str, data: bytes) -> dict[str, str | bytes]:
    return {**A, "d.csv": f"name,art\nA,{name}\n", name: data}


CASES = [
    # --- spreadsheets ---
    Case("xlsx: one cell at XFD1048576", _cards("far.xlsx"), 2, "the used range A1:XFD1048576",
         {**T, "far.xlsx": hostile.xlsx_far_cell()}),
    Case("xlsx: declared range of the whole sheet", _cards("dim.xlsx"), 2, "the declared range",
         {**T, "dim.xlsx": hostile.xlsx_declared_range()}),
    Case("xlsx: shared strings declaring 4e9", _cards("sst.xlsx"), 2, "shared-strings table declares",
         {**T, "sst.xlsx": hostile.xlsx_shared_strings()}),
    Case("xlsx: zip bomb", _cards("bomb.xlsx"), 2, "times its packed size", {**T, "bomb.xlsx": hostile.xlsx_bomb()}),
    Case("xlsx: one huge cell", _cards("cell.xlsx"), 2, "more than 32,767 characters",
         {**T, "cell.xlsx": hostile.xlsx_huge_cell()}),
    Case("xlsx: rows over --max-cards as read", _cards("rows.xlsx", "t.yaml", "--max-cards", "100"), 2,
         "more than 100 rows hold cards", {**T, "rows.xlsx": hostile.xlsx_rows(150)}),
    Case("xlsx: not a zip", _cards("fake.xlsx"), 2, "not a readable spreadsheet", {**T, "fake.xlsx": b"PK\x03\x04no"}),
    Case("xlsx: fine", ["cards", "ok.xlsx", "t.yaml", "--format", "json", "-o", "ok.json"], 0, "",
         {**T, "ok.xlsx": hostile.xlsx(hostile.OK_XLSX_ROWS)}),
    Case("ods: a row repeated a million times", _cards("rep.ods"), 2, "rows hold cards",
         {**T, "rep.ods": hostile.ods_repeated()}),
    Case("ods: fine, with LibreOffice's trailing empty rows", ["cards", "ok.ods", "t.yaml", "--format", "json",
                                                                "-o", "ok.json"], 0, "",
         {**T, "ok.ods": hostile.ods_ok()}),
    # --- SVG art ---
    Case("svg: <use> fan-out", _cards("d.csv", "art.yaml"), 2, "expands to more than", _art("fan.svg", hostile.svg_fan())),
    Case("svg: a path of 900,000 points", _cards("d.csv", "art.yaml"), 2, "path points",
         _art("long.svg", hostile.svg_long_path())),
    Case("svg: 150,000 rects", _cards("d.csv", "art.yaml"), 2, "tags, more than the limit",
         _art("rects.svg", hostile.svg_rects())),
    Case("svg: nested 3000 deep", _cards("d.csv", "art.yaml"), 2, "nested deeper than",
         _art("deep.svg", hostile.svg_deep())),
    Case("svg: fine, with <use>", _cards("d.csv", "art.yaml"), 0, "", _art("ok.svg", hostile.svg_ok())),
    # --- image folders ---
    Case("images: x99999999 in a file name", ["images", "pics", "-o", "out.pdf"], 2, "more than one run can print",
         {"pics/card x99999999.png": tiny_png()}),
    Case("images: x200 over --max-cards 100", ["images", "pics", "-o", "out.pdf", "--max-cards", "100"], 2,
         "--max-cards 200", {"pics/card x200.png": tiny_png()}),
    Case("images: a list file asking for 10^60 copies", ["images", "list.txt", "-o", "out.pdf"], 2,
         "list.txt:1", {"list.txt": "a.png x" + "9" * 60 + "\n", "a.png": tiny_png()}),
    Case("images: a 1x1 picture warns in a normal run", ["images", "pics", "-o", "out.pdf", "-q"], 0,
         "under 200 ppi (lowest 0 ppi", {"pics/a.png": tiny_png()}),
    Case("cards: a 1x1 picture warns in a normal run", _cards("d.csv", "pic.yaml", "-q"), 0, "under 200 ppi",
         {"pic.yaml": IMAGE_TEMPLATE, "d.csv": "name,pic\nA,a.png\n", "a.png": tiny_png()}),
    # --- tracebacks ---
    Case("YAML tag !foo", _cards("tag.yaml"), 2, "tag.yaml:2: cards[0].name: bad YAML",
         {**T, "tag.yaml": "cards:\n  - {name: !foo bar}\n"}),
    Case("printers.toml: NaN offset used", _cards("d.csv", "t.yaml", "--printer", "office"), 2,
         "printers.toml: printers.office.offset: must be two finite numbers",
         {**T, "d.csv": "name\nA\n", "cfg/printers.toml": hostile.PRINTERS_NAN}, config=True),
    Case("printers.toml: --list flags a bad name", ["calibrate", "--list"], 0, 'printers."../../x"',
         {"cfg/printers.toml": hostile.PRINTERS_SLASH}, config=True),
    Case("printers.toml: --save a name with a slash", ["calibrate", "--save", "a/b", "--offset", "1,1"], 2,
         "use letters, digits", {}, config=True),
    Case("printers.toml: --save beside a NaN profile", ["calibrate", "--save", "home", "--offset", "1,1"], 2,
         "printers.office.offset", {"cfg/printers.toml": hostile.PRINTERS_NAN}, config=True),
    Case("laser generate: out of work", ["laser", "generate", "--seed", "1", "--size", "24x24", "--min-difficulty",
                                          "40", "--work", "300"], 2, "--work raises it"),
]

WORKER = """
import contextlib, io, json, os, resource, sys, time
from generator.cli import cli
from generator.cli.common import run_cli
out = []
for case in json.load(open(sys.argv[1])):
    os.chdir(case["folder"])
    if case["config"]:
        os.environ["PNPGEN_CONFIG_DIR"] = os.path.join(case["folder"], "cfg")
    else:
        os.environ.pop("PNPGEN_CONFIG_DIR", None)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = run_cli(cli, case["argv"])
    out.append({"code": code, "err": err.getvalue()})
hwm = [l for l in open("/proc/self/status").read().splitlines() if l.startswith("VmHWM:")]
# VmHWM starts afresh at exec; ru_maxrss carries the forking pytest's own peak over
out.append({"max_rss_mb": int(hwm[0].split()[1]) / 1024 if hwm else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024})
print(json.dumps(out))
"""


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict[str, object]], Path, float]:
    root = tmp_path_factory.mktemp("hostile")
    plan = []
    for number, case in enumerate(CASES):
        folder = root / f"case{number}"
        for name, content in case.files.items():
            path = folder / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
        folder.mkdir(exist_ok=True)
        plan.append({"folder": str(folder), "argv": case.argv, "config": case.config})
    (root / "plan.json").write_text(json.dumps(plan))
    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(repo), "PNPGEN_OUTPUT": str(root / "output")}
    done = subprocess.run([sys.executable, "-c", WORKER, str(root / "plan.json")], env=env, preexec_fn=_limit,
                          capture_output=True, text=True, timeout=900)      # a hang guard only
    assert done.returncode == 0, done.stderr[-4000:]
    answers = json.loads(done.stdout.strip().splitlines()[-1])
    return answers[:-1], root, float(answers[-1]["max_rss_mb"])


@pytest.mark.parametrize("number", range(len(CASES)), ids=[c.name for c in CASES])
def test_hostile_input_gets_a_clean_answer(results, number: int) -> None:
    answers, root, _ = results
    case, answer = CASES[number], answers[number]
    err = str(answer["err"])
    assert answer["code"] == case.exit, err
    assert "Traceback" not in err and "out of memory" not in err.lower() and case.fragment in err, err
    if case.exit == 2:
        assert err.startswith("pnpgen: error:") and err.count("\n") == 1, err
        folder = root / f"case{number}"
        assert not (folder / "out.pdf").exists() and not list(folder.rglob(".pnpgen*"))


def test_the_whole_corpus_stayed_under_the_cap(results) -> None:
    assert results[2] < 1024
