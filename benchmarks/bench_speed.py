"""Benchmark of issue 24 (speed): every goal's figure printed beside the same figure of a baseline revision, in one run.

The baseline is a git revision of this repository (default: the commit issue 24 started from),
unpacked once into a temporary folder; every measurement runs `python -m generator` (or a small
script) as a child process with that tree first on the path, alternating baseline and current
runs so the shared machine's load hits both alike, and keeps the best CPU time (user + system of
the child and its workers; peak memory is ru_maxrss of the largest child). Sections:

  svg      54 distinct example cards: the SVG backend's CPU per face in one process (a run's
           font subsets included; goal <= 15 ms), and whole `pnpgen cards --format svg|png --jobs 1`
           processes (goal: SVG CPU <= 1.5x PNG CPU)
  preview  wall seconds to the printed address, CPU seconds until the 54-card deck is drawn,
           CPU seconds of a redraw after a save (goals: < 1 s, <= 1.5 s, <= 0.3 s)
  png      540 distinct cards to PNG: ms per card (goal <= 20)
  pdf      5,400 distinct cards to one PDF: ms per card and peak MB (goals: <= 4 ms, <= 250 MB)
  yaml     a plain 5,400-record YAML deck: read or refused, and CPU; libyaml against pure Python
  ppi      a 613 ppi JPEG under --max-ppi 600: are its bytes kept in the PDF?
  images   `pnpgen images` of 540 pictures: peak MB (goal <= 100)
  kit      `pnpgen kit --seed 1` CPU (goal <= 2.5 s; the SVG art cache warmed) and byte identity

Per-card figures subtract the same deck's `--format json` run (reading the data, no drawing), so
they are what drawing and writing cost. Run:
  python benchmarks/bench_speed.py [--baseline REV] [--runs 3] [--only svg,kit] [--json FILE]
"""

from __future__ import annotations

import argparse
import csv
import filecmp
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE_REV = "a5ee784"          # main when issue 24 started
SECTIONS = ("svg", "preview", "png", "pdf", "yaml", "ppi", "images", "kit")
_MEASURE = ("import resource, subprocess, sys, time\n"
            "t = time.perf_counter()\n"
            "r = subprocess.run(sys.argv[1:], capture_output=True)\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss, r.returncode)\n")


# --- trees and processes -----------------------------------------------------------------------

def baseline_tree(rev: str) -> Path:
    """The revision unpacked (once) under the temporary folder."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev], check=True,
                         capture_output=True, text=True).stdout.strip()
    tree = Path(tempfile.gettempdir()) / f"pnpgen-bench-base-{sha}"
    if not (tree / "generator").is_dir():
        tree.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    return tree


def run(tree: Path, argv: list[str], env: dict[str, str] | None = None) -> dict[str, float]:
    """One child `python ARGV...` in `tree`: wall, cpu, peak MB, exit code."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, sys.executable, *argv], cwd=tree, check=True,
                         capture_output=True, text=True, env={**os.environ, **(env or {})}).stdout.split()
    return {"wall": float(out[0]), "cpu": float(out[1]), "peak": int(out[2]) / 1024, "rc": int(out[3])}


def best(trees: dict[str, Path], argv: Callable[[str], list[str]], runs: int,
         env: dict[str, str] | None = None) -> dict[str, dict[str, float]]:
    """Alternating runs in each tree; the best CPU (and the peak and wall of that run)."""
    results: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(runs):
        for name, tree in trees.items():
            results[name].append(run(tree, argv(name), env))
    return {name: min(rows, key=lambda r: r["cpu"]) for name, rows in results.items()}


def row(label: str, figures: dict[str, str], goal: str = "") -> None:
    print(f"  {label:<44} base {figures['base']:>16}   now {figures['now']:>16}   {goal}", flush=True)


# --- data --------------------------------------------------------------------------------------

def example_records() -> list[dict[str, object]]:
    import yaml

    return list(yaml.safe_load((ROOT / "card_data/example/cards.yaml").read_text(encoding="utf-8"))["cards"])


def distinct_deck(folder: Path, count: int, fmt: str = "csv") -> Path:
    """`count` distinct records (names numbered) cycled from the example data, qty 1, with its pictures.
    Names are cut to 16 characters before their number, so every title fits its box up to 54,000 cards
    and beyond (whole names stopped fitting at card 10,005)."""
    records = example_records()
    fields = sorted({key for record in records for key in record})
    deck = []
    for i in range(count):
        record = dict(records[i % len(records)])
        record["name"], record["qty"] = f"{str(record['name'])[:16].rstrip()} {i + 1}", 1
        deck.append(record)
    if not (folder / "pictures").exists():
        shutil.copytree(ROOT / "card_data/example/pictures", folder / "pictures")
    path = folder / f"deck{count}.{fmt}"
    if fmt == "csv":
        with path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=fields)
            writer.writeheader()
            writer.writerows(deck)
    else:
        import yaml

        path.write_text(yaml.safe_dump({"cards": deck}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def cards(data: Path, fmt: str, out: Path, *extra: str) -> list[str]:
    if out.is_dir():
        shutil.rmtree(out)
    out.unlink(missing_ok=True)
    target = out / "deck.pdf" if fmt == "pdf" else out
    return ["-m", "generator", "cards", str(data), "example", "--format", fmt, "-q", "--force", "-o", str(target),
            *extra]


# --- sections ----------------------------------------------------------------------------------

def per_card(trees: dict[str, Path], work: Path, count: int, fmt: str, runs: int,
             extra: tuple[str, ...] = ("--jobs", "1")) -> dict[str, dict[str, float]]:
    data = distinct_deck(work, count)
    drawn = best(trees, lambda n: cards(data, fmt, work / f"o-{n}-{fmt}", *extra), runs)
    read = best(trees, lambda n: cards(data, "json", work / f"o-{n}-json"), runs)
    if any(drawn[n]["rc"] or read[n]["rc"] for n in trees):
        raise SystemExit(f"a run failed: {drawn} {read}")
    for name in trees:
        drawn[name]["per"] = 1000 * (drawn[name]["cpu"] - read[name]["cpu"]) / count
    return drawn


SVG_BACKEND = r'''
import sys, time
from generator.cards import load_records, load_template
from generator.cards.build import build_cards, check_template
from generator.publish.images import load_image
from generator.render import svg
from generator.scene.imposition import card_pages
records = load_records(sys.argv[1])
design = check_template(load_template("example"), records)
cards = build_cards(records, design, image_loader=load_image)
pages = card_pages(cards, design.card_size, design.bleed)
start = time.process_time()
if hasattr(svg, "text_chars"):              # a run: the fonts subset once, then every face
    charset = svg.text_chars(pages)
    for page in pages:
        svg.render_svg(page, charset=charset)
else:
    for page in pages:
        svg.render_svg(page)
print(time.process_time() - start, len(pages))
'''


def section_svg(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    data = distinct_deck(work, 54)
    backend: dict[str, float] = {}
    for _ in range(runs):
        for name, tree in trees.items():
            out = subprocess.run([sys.executable, "-c", SVG_BACKEND, str(data)], cwd=tree, check=True,
                                 capture_output=True, text=True).stdout.split()
            backend[name] = min(backend.get(name, 1e9), 1000 * float(out[0]) / int(out[1]))
    row("SVG backend, 54 distinct faces: ms a face", {n: f"{backend[n]:.1f}" for n in trees},
        "goal <= 15 (fonts subset included)")
    svg = per_card(trees, work, 54, "svg", runs)
    png = per_card(trees, work, 54, "png", runs)
    faces = len(list((work / "o-now-svg").glob("*.svg")))
    for name in trees:
        svg[name]["per"] = svg[name]["per"] * 54 / faces
    row(f"SVG process, {faces} faces: (CPU - json) / faces, ms", {n: f"{svg[n]['per']:.1f}" for n in trees})
    row("SVG CPU / PNG CPU (whole processes)", {n: f"{svg[n]['cpu']:.2f}/{png[n]['cpu']:.2f} s = "
                                                     f"{svg[n]['cpu'] / png[n]['cpu']:.2f}x" for n in trees},
        "goal <= 1.5x")
    return {"svg": svg, "png": png, "faces": faces, "svg_backend_ms": backend}


PREVIEW = r'''
import os, subprocess, sys, time
def cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
data, template = sys.argv[1:3]
t = time.perf_counter()
p = subprocess.Popen([sys.executable, "-m", "generator", "preview", data, template, "--no-open"],
                     stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
first = p.stdout.readline(); url_wall = time.perf_counter() - t; url_cpu = cpu(p.pid)
drawn_cpu = url_cpu
if "drawn" not in first and "cards;" not in first:
    line = p.stdout.readline(); drawn_cpu = cpu(p.pid)
p.terminate(); p.wait()
from generator.cards.cli.preview import fresh_image_loader
from generator.preview.deck import LiveDeck
deck = LiveDeck(data, template, image_loader=fresh_image_loader())
deck.refresh()
text = open(data, encoding="utf-8").read()
open(data, "w", encoding="utf-8").write(text.replace("Tomate", "Tomato", 1))
st = os.stat(data); os.utime(data, ns=(st.st_mtime_ns + 10**9,) * 2)
c = time.process_time(); changed = deck.refresh(); redraw = time.process_time() - c
open(data, "w", encoding="utf-8").write(text)
print(url_wall, url_cpu, drawn_cpu, redraw, len(changed), len(deck.cards))
'''


def section_preview(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    results: dict[str, list[list[float]]] = {n: [] for n in trees}
    for _ in range(runs):
        for name, tree in trees.items():
            folder = work / f"preview-{name}"
            folder.mkdir(exist_ok=True)
            data = distinct_deck(folder, 54, "yaml")
            out = subprocess.run([sys.executable, "-c", PREVIEW, str(data), str(ROOT / "templates/cards/example.yaml")],
                                 cwd=tree, check=True, capture_output=True, text=True).stdout.split()
            results[name].append([float(v) for v in out])
    low = {n: [min(r[i] for r in rows) for i in range(6)] for n, rows in results.items()}
    row("preview: wall s to the printed address", {n: f"{low[n][0]:.2f}" for n in trees}, "goal < 1 s")
    row("preview: CPU s until 54 cards drawn", {n: f"{low[n][2]:.2f}" for n in trees}, "goal <= 1.5 s")
    row("preview: CPU s of a redraw after a save", {n: f"{low[n][3]:.3f}" for n in trees}, "goal <= 0.3 s")
    return {"preview": low}


def section_png(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    png = per_card(trees, work, 540, "png", runs)
    row("PNG, 540 distinct cards: ms a card", {n: f"{png[n]['per']:.1f}" for n in trees}, "goal <= 20")
    return {"png540": png}


def section_pdf(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    pdf = per_card(trees, work, 5400, "pdf", runs, ())
    row("PDF, 5,400 distinct cards: ms a card", {n: f"{pdf[n]['per']:.2f}" for n in trees}, "goal <= 4")
    row("PDF, 5,400 distinct cards: peak MB", {n: f"{pdf[n]['peak']:.0f}" for n in trees}, "goal <= 250")
    return {"pdf5400": pdf}


YAML_SPEED = r'''
import sys, time
from generator.cards import datafile
from generator.cards.records import load_records
out = []
for fast in (True, False):
    if hasattr(datafile, "USE_LIBYAML"):
        datafile.USE_LIBYAML = fast
    t = time.process_time(); n = len(load_records(sys.argv[1])); out.append(time.process_time() - t)
print(n, *out)
'''


def section_yaml(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    data = distinct_deck(work, 5400, "yaml")
    read = best(trees, lambda n: cards(data, "json", work / f"y-{n}.json"), runs)
    row("plain YAML, 5,400 records: read? (cards json)",
        {n: ("read" if read[n]["rc"] == 0 else "refused") + f" {read[n]['cpu']:.2f} s" for n in trees})
    speed = subprocess.run([sys.executable, "-c", YAML_SPEED, str(distinct_deck(work, 4000, "yaml"))],
                           cwd=trees["now"], check=True, capture_output=True, text=True).stdout.split()
    print(f"  load_records of 4,000 plain records (now): libyaml {float(speed[1]):.2f} s, "
          f"pure Python {float(speed[2]):.2f} s", flush=True)
    return {"yaml": read, "yaml_loaders": speed}


PPI = r'''
import io
from PIL import Image
from generator.render import render_pdf
from generator.scene.model import Image as Img, Page
pic = Image.linear_gradient("L").resize((613, 613)).convert("RGB")
buf = io.BytesIO(); pic.save(buf, "JPEG", quality=85); data = buf.getvalue()
pdf = render_pdf([Page(100, 100, [Img(0, 0, 25.4, 25.4, data)])], max_ppi=600)
print("kept" if data in pdf else "re-encoded", len(pdf), len(data))
'''


def section_ppi(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    found = {n: subprocess.run([sys.executable, "-c", PPI], cwd=t, check=True, capture_output=True,
                               text=True).stdout.split() for n, t in trees.items()}
    row("613 ppi JPEG, --max-ppi 600: bytes", {n: f"{f[0]} ({int(f[1]) / int(f[2]):.2f}x)" for n, f in found.items()},
        "goal kept (<= 1.25x the cap)")
    return {"ppi": found}


def make_pictures(folder: Path, count: int) -> list[Path]:
    from PIL import Image, ImageDraw

    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(count):
        path = folder / f"card-{i:03d}.jpg"
        if not path.exists():
            image = Image.new("RGB", (750, 1050), ((37 * i) % 256, (91 * i) % 256, (53 * i) % 256))
            draw = ImageDraw.Draw(image)
            for k in range(12):
                draw.rectangle((40 * k, 60 * k, 40 * k + 200, 60 * k + 120), fill=((i + 20 * k) % 256, 90, 200 - k * 9))
            image.save(path, "JPEG", quality=88)
        paths.append(path)
    return paths


def section_images(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    pictures = make_pictures(work / "pictures540", 540)

    def argv(name: str) -> list[str]:
        out = work / f"images-{name}.pdf"
        out.unlink(missing_ok=True)
        return ["-m", "generator", "images", str(pictures[0].parent), "-q", "-o", str(out)]

    got = best(trees, argv, runs)
    if any(got[n]["rc"] for n in trees):
        raise SystemExit(f"pnpgen images failed: {got}")
    row("pnpgen images, 540 pictures: peak MB", {n: f"{got[n]['peak']:.0f}" for n in trees}, "goal <= 100")
    row("pnpgen images, 540 pictures: CPU s", {n: f"{got[n]['cpu']:.2f}" for n in trees})
    return {"images": got}


def section_kit(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    # Bytecode is cached as an installed package has it (pip compiles it at install time): a machine
    # that sets PYTHONDONTWRITEBYTECODE would otherwise compile all of generator/ on every run (~0.3 s).
    env = {"PNPGEN_CACHE_DIR": str(work / "cache"), "PYTHONDONTWRITEBYTECODE": "",
           "PYTHONPYCACHEPREFIX": str(work / "pycache")}

    def argv(name: str) -> list[str]:
        out = work / f"kit-{name}"
        shutil.rmtree(out, ignore_errors=True)
        return ["-m", "generator", "kit", "--seed", "1", "-o", str(out), "-q"]

    cold = run(trees["now"], argv("now"), env)        # fills the art cache and the bytecode
    run(trees["base"], argv("base"), env)
    got = best(trees, argv, runs, env)
    row("kit --seed 1: CPU s (art cache, bytecode warm)", {n: f"{got[n]['cpu']:.2f}" for n in trees}, "goal <= 2.5")
    print(f"  kit with an empty art cache and no bytecode (now): {cold['cpu']:.2f} s CPU", flush=True)
    compare = filecmp.dircmp(work / "kit-base", work / "kit-now")
    same = _identical(compare)
    print(f"  kit files byte-identical to the baseline's: {same}", flush=True)
    return {"kit": got, "kit_cold": cold, "kit_identical": same}


def _identical(compare: filecmp.dircmp[str]) -> bool:
    if compare.left_only or compare.right_only or compare.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(compare.left, compare.right, compare.common_files, shallow=False)
    return not mismatch and not errors and all(_identical(sub) for sub in compare.subdirs.values())


def command_line(doc: str, base_rev: str, sections: tuple[str, ...],
                 parser: argparse.ArgumentParser | None = None) -> tuple[argparse.Namespace, list[str]]:
    """A benchmark's options (--baseline, --runs, --only, and any `parser` already has) and its chosen sections."""
    parser = parser or argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--baseline", default=base_rev, help=f"git revision to compare with (default {base_rev})")
    parser.add_argument("--runs", type=int, default=3, help="alternating runs per figure; the best CPU is kept")
    parser.add_argument("--only", default=",".join(sections), help="comma-separated sections: " + ", ".join(sections))
    args = parser.parse_args()
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(chosen) - set(sections))
    if unknown:
        parser.error(f"unknown sections {unknown}; known: {', '.join(sections)}")
    return args, chosen


def bench_main(doc: str, base_rev: str, sections: tuple[str, ...], title: str,
               functions: dict[str, Callable[..., dict[str, object]]], kept: str = "best CPU") -> None:
    """A benchmark's run: its options, the baseline tree beside this one, each chosen section_NAME of
    `functions` in turn (their figures also written to --json); `kept`: what its figures are of the runs."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--json", type=Path, help="also write every figure here")
    args, chosen = command_line(doc, base_rev, sections, parser)
    trees = {"base": baseline_tree(args.baseline), "now": ROOT}
    print(f"{title}: baseline {args.baseline} beside the working tree; {platform.node()}, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}; {kept} of {args.runs} alternating runs",
          flush=True)
    figures: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="pnpgen-bench-") as tmp:
        for name in chosen:
            print(f"[{name}]", flush=True)
            figures.update(functions[f"section_{name}"](trees, Path(tmp), args.runs))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1, default=str), encoding="utf-8")


def main() -> None:
    bench_main(__doc__, BASE_REV, SECTIONS, "issue 24 speed", globals())


if __name__ == "__main__":
    main()
