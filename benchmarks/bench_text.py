"""Benchmark of issue 30 (shaped text): the example deck's CPU with HarfBuzz shaping beside a baseline revision, in one run.

The goal: Latin text costs at most 1.3x the CPU of the revision before shaping (ceaca81) on the
example deck. Each figure is the best CPU (user + system of the child process and its workers)
of alternating runs of the baseline tree (unpacked by bench_speed.baseline_tree) and the working
tree, with bytecode cached as an installed package has it:

  deck      `pnpgen cards card_data/example/cards.yaml example` to PDF, SVG and PNG (--jobs 1),
            and the same deck as JSON (reading, no drawing) for reference
  distinct  540 distinct example cards to PDF (every name a new text to shape)
  kit       `pnpgen kit --seed 1`

Run: python benchmarks/bench_text.py [--baseline REV] [--runs 3] [--only deck,distinct,kit]
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_speed import ROOT, baseline_tree, best, cards, command_line, distinct_deck

BASE_REV = "ceaca81"          # main when issue 30 started
SECTIONS = ("deck", "distinct", "kit")
GOAL = 1.3


def _env(work: Path) -> dict[str, str]:
    return {"PNPGEN_CACHE_DIR": str(work / "cache"), "PYTHONDONTWRITEBYTECODE": "",
            "PYTHONPYCACHEPREFIX": str(work / "pycache")}


def _row(label: str, got: dict[str, dict[str, float]], goal: bool = True) -> dict[str, float]:
    base, now = got["base"]["cpu"], got["now"]["cpu"]
    ratio = now / base if base else float("inf")
    verdict = f"  (goal <= {GOAL}x: {'met' if ratio <= GOAL else 'NOT met'})" if goal else ""
    print(f"  {label:<46} base {base:6.2f} s   now {now:6.2f} s   {ratio:5.2f}x{verdict}", flush=True)
    return {"base": base, "now": now, "ratio": ratio}


def section_deck(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    data = ROOT / "card_data/example/cards.yaml"
    out: dict[str, object] = {}
    best(trees, lambda n: cards(data, "json", work / f"warm-{n}"), 1, _env(work))     # bytecode, art cache
    for fmt in ("pdf", "svg", "png", "json"):
        got = best(trees, lambda n, f=fmt: cards(data, f, work / f"deck-{n}-{f}", "--jobs", "1"), runs, _env(work))
        out[f"deck_{fmt}"] = _row(f"example deck --format {fmt}: CPU", got, goal=fmt != "json")
    return out


def section_distinct(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    data = distinct_deck(work, 540)
    got = best(trees, lambda n: cards(data, "pdf", work / f"distinct-{n}", "--jobs", "1"), runs, _env(work))
    return {"distinct_pdf": _row("540 distinct example cards to PDF: CPU", got)}


def section_kit(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    import shutil

    def argv(name: str) -> list[str]:
        target = work / f"kit-{name}"
        shutil.rmtree(target, ignore_errors=True)
        return ["-m", "generator", "kit", "--seed", "1", "-o", str(target), "-q"]

    best(trees, argv, 1, _env(work))
    got = best(trees, argv, runs, _env(work))
    return {"kit": _row("kit --seed 1: CPU", got, goal=False)}


def main() -> None:
    args, chosen = command_line(__doc__, BASE_REV, SECTIONS)
    trees = {"base": baseline_tree(args.baseline), "now": ROOT}
    print(f"issue 30 shaped text: baseline {args.baseline} beside the working tree; {platform.node()}, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}; best CPU of {args.runs} alternating runs",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="pnpgen-text-") as tmp:
        for name in chosen:
            print(f"[{name}]", flush=True)
            globals()[f"section_{name}"](trees, Path(tmp), args.runs)


if __name__ == "__main__":
    main()
