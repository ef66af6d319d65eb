"""Benchmark of the kit's CPU (issue 24, benchmarks/baseline-kitcpu.md): medians of alternating runs beside a baseline.

The baseline is a git revision unpacked once (bench_speed.baseline_tree); each run is a child process
with that tree first on the path, baseline and working tree in turn (one warm-up run each first: the
SVG art cache and the bytecode, cached as an installed package has it). Sections:

  kit        `pnpgen kit --seed 1`: CPU (user + system of the child), the median of the runs
  codenames  the kit's Codenames part alone (its kit_part in a fresh process, the modules imported and
             the collector paused first, as `pnpgen kit` has them): CPU, the median; and the bytes of
             its key sheets (codenames/host/keys-*.pdf), the PDFs the key cards' hatches and camouflage
             backs fill

Run:  python benchmarks/bench_kitparts.py [--baseline REV] [--runs 5] [--only kit,codenames]
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_speed import bench_main, run  # a sibling script, not a package

SECTIONS = ("kit", "codenames")
BASE_REV = "main"
_PART = ("import gc, sys, time, pathlib\n"
         "from generator.games import game_named\n"
         "import generator.render.pdf, generator.publish.formats.pdf\n"
         "part = game_named(sys.argv[1]).kit_part()\n"
         "gc.disable()\n"
         "t = time.process_time()\n"
         "part(pathlib.Path(sys.argv[2]), 1, 'a4', False, None)\n"
         "print(time.process_time() - t)\n")


def _env(work: Path) -> dict[str, str]:
    return {"PNPGEN_CACHE_DIR": str(work / "cache"), "PYTHONDONTWRITEBYTECODE": "",
            "PYTHONPYCACHEPREFIX": str(work / "pycache")}


def _median_row(label: str, values: dict[str, list[float]], unit: str = "s") -> None:
    medians = {name: statistics.median(v) for name, v in values.items()}
    change = 100 * (medians["now"] - medians["base"]) / medians["base"]
    print(f"  {label:<44} base {medians['base']:>7.3f} {unit}   now {medians['now']:>7.3f} {unit}   "
          f"{change:+.1f} %   (runs: base {' '.join(f'{v:.2f}' for v in values['base'])}; "
          f"now {' '.join(f'{v:.2f}' for v in values['now'])})", flush=True)


def section_kit(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    def argv(name: str) -> list[str]:
        out = work / f"kit-{name}"
        shutil.rmtree(out, ignore_errors=True)
        return ["-m", "generator", "kit", "--seed", "1", "-o", str(out), "-q"]

    cpu: dict[str, list[float]] = {name: [] for name in trees}
    for round_ in range(runs + 1):
        for name, tree in trees.items():
            got = run(tree, argv(name), _env(work))
            if got["rc"]:
                raise SystemExit(f"kit failed in {tree}")
            if round_:                  # the first round warms the art cache and the bytecode
                cpu[name].append(got["cpu"])
    _median_row(f"kit --seed 1: CPU, median of {runs}", cpu)
    return {"kit_cpu": cpu}


def section_codenames(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    cpu: dict[str, list[float]] = {name: [] for name in trees}
    sizes: dict[str, dict[str, int]] = {}
    for round_ in range(runs + 1):
        for name, tree in trees.items():
            out = work / f"part-{name}"
            shutil.rmtree(out, ignore_errors=True)
            child = subprocess.run([sys.executable, "-c", _PART, "codenames", str(out)], cwd=tree, check=True,
                                   capture_output=True, text=True, env={**os.environ, **_env(work), "PYTHONPATH": str(tree)})
            if round_:
                cpu[name].append(float(child.stdout.split()[-1]))
            sizes[name] = {path.name: path.stat().st_size for path in sorted((out / "codenames" / "host").glob("keys-*.pdf"))}
    _median_row(f"kit's Codenames part: CPU, median of {runs}", cpu)
    for sheet in sizes["now"]:
        print(f"  {'key sheet ' + sheet + ': bytes':<44} base {sizes['base'].get(sheet, 0):>9,}   now {sizes['now'][sheet]:>9,}",
              flush=True)
    return {"codenames_cpu": cpu, "key_sheet_bytes": sizes}


def main() -> None:
    bench_main(__doc__, BASE_REV, SECTIONS, "kit CPU", globals(), kept="medians")


if __name__ == "__main__":
    main()
