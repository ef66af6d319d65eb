"""Benchmark of issue 37 (memory that does not grow with the deck, bad data refused before drawing, YAML
at its floor): every figure beside the same figure of a baseline revision (default ceaca81) and, for
pictures, beside img2pdf on the same files. Sections:

  yaml     load_records of the 5,400-record distinct YAML deck against yaml.load(text, CSafeLoader)
           alone, in one process per tree (goal: <= 1.5x)
  pdf      peak MB and CPU of `pnpgen cards --format pdf` for 2,000, 20,000 and 54,000 distinct
           cards (goals: 20,000 <= 1.5x the peak of 2,000; 54,000 <= 2x)
  pdfx     the same for `--format pdfx` (a page a face: 108,000 pages for 54,000 cards; same goals)
  bad      a bad colour in the last of 20,000 records: CPU until the refusal, against a good run's
           (goal <= 25 %, every bad record listed, nothing written)
  images   `pnpgen images` of 5,400 distinct pictures (distinct files, distinct pixels): peak MB and
           CPU against img2pdf's on the same files (goal: peak <= 1.5x img2pdf's)
  png      540 distinct cards to PNG: ms a card (goal ~12)

Measured as bench_speed.py does (child processes, user + system CPU, ru_maxrss), best CPU of --runs
alternating runs (big decks: one run each). Run:
  python benchmarks/bench_memory.py [--baseline REV] [--runs 1] [--only yaml,pdf] [--json FILE]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_speed import ROOT, bench_main, best, cards, distinct_deck, per_card, row

BASE_REV = "ceaca81"           # main when issue 37 started
SECTIONS = ("yaml", "pdf", "pdfx", "bad", "images", "png")
CACHE = Path(tempfile.gettempdir()) / "pnpgen-bench-memory"      # decks and pictures, made once


YAML_RATIO = r'''
import sys, time, yaml
from generator.cards.records import load_records
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
def low(f, n=5):
    out = 1e9
    for _ in range(n):
        t = time.process_time(); f(); out = min(out, time.process_time() - t)
    return out
print(low(lambda: yaml.load(text, yaml.CSafeLoader)), low(lambda: load_records(path)))
'''


def section_yaml(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    data = distinct_deck(CACHE, 5400, "yaml")
    got = {}
    for name, tree in trees.items():
        out = subprocess.run([sys.executable, "-c", YAML_RATIO, str(data)], cwd=tree, check=True,
                             capture_output=True, text=True).stdout.split()
        got[name] = (float(out[0]), float(out[1]))
    row("YAML 5,400 records: load_records / libyaml", {n: f"{v[1]:.2f}/{v[0]:.2f} s = {v[1] / v[0]:.2f}x"
                                                        for n, v in got.items()}, "goal <= 1.5x")
    return {"yaml_ratio": got}


def _peaks(trees: dict[str, Path], work: Path, runs: int, fmt: str, label: str,
           max_cards: str) -> dict[str, dict[str, dict[str, float]]]:
    """Peak MB and CPU of `pnpgen cards --format FMT` for 2,000, 20,000 and 54,000 distinct cards, and
    the peaks of the larger decks over the 2,000's (goals 1.5x and 2x)."""
    figures: dict[str, dict[str, dict[str, float]]] = {}
    for count in (2000, 20000, 54000):
        data = distinct_deck(CACHE, count)
        got = best(trees, lambda n, d=data: cards(d, fmt, work / f"o-{n}-{fmt}", "--max-cards", max_cards),
                   runs if count <= 2000 else 1)
        figures[str(count)] = got
        row(f"{label}, {count:,} distinct cards: peak MB / CPU s",
            {n: ("failed " if g["rc"] else "") + f"{g['peak']:.0f} MB / {g['cpu']:.1f} s" for n, g in got.items()})
    for count, goal in (("20000", 1.5), ("54000", 2.0)):
        row(f"  peak of {int(count):,} / peak of 2,000", {n: f"{figures[count][n]['peak'] / figures['2000'][n]['peak']:.2f}x"
                                                         + (" (failed)" if figures[count][n]["rc"] else "")
                                                         for n in trees}, f"goal <= {goal}x")
    return figures


def section_pdf(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    return {"pdf_memory": _peaks(trees, work, runs, "pdf", "PDF", "60000")}


def section_pdfx(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    # two pages a card: --max-cards 220000 lets 108,000 pages through (the page limit grows with it)
    return {"pdfx_memory": _peaks(trees, work, runs, "pdfx", "PDF/X", "220000")}


def section_bad(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    import csv

    good = distinct_deck(CACHE, 20000)
    bad = CACHE / "bad20000.csv"
    if not bad.exists():
        with good.open(encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
        rows[-1]["colour"] = "#zzzzzz"
        with bad.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    ok = best(trees, lambda n: cards(good, "pdf", work / f"g-{n}", "--max-cards", "60000"), 1)
    refused = best(trees, lambda n: cards(bad, "pdf", work / f"b-{n}", "--max-cards", "60000"), 1)
    row("bad colour in record 20,000: CPU to refusal / good run",
        {n: f"{refused[n]['cpu']:.1f}/{ok[n]['cpu']:.1f} s = {100 * refused[n]['cpu'] / ok[n]['cpu']:.0f} %"
         for n in trees}, "goal <= 25 %")
    row("  refused with exit 2, nothing written", {n: str(refused[n]["rc"] == 2 and not (work / f"b-{n}" / "deck.pdf").exists())
                                                   for n in trees})
    return {"bad": {"good": ok, "refused": refused}}


def distinct_pictures(folder: Path, count: int) -> Path:
    """`count` JPEG card pictures (600 x 840 px, 2.5 x 3.5 in), each with its own pixels: its number
    drawn as bits beside bands of colour, so no two files (nor their pixels) are alike."""
    from PIL import Image, ImageDraw

    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        path = folder / f"card-{i:05d}.jpg"
        if path.exists():
            continue
        image = Image.new("RGB", (600, 840), ((37 * i) % 256, (91 * i) % 256, (53 * i) % 256))
        draw = ImageDraw.Draw(image)
        for k in range(10):
            draw.rectangle((30 * k, 50 * k, 30 * k + 180, 50 * k + 100), fill=((i + 20 * k) % 256, 90, 200 - k * 9))
        for bit in range(16):                       # the number, as 16 black or white squares
            fill = (0, 0, 0) if i >> bit & 1 else (255, 255, 255)
            draw.rectangle((40 + 32 * bit, 760, 64 + 32 * bit, 790), fill=fill)
        image.save(path, "JPEG", quality=85)
    return folder


IMG2PDF = "import img2pdf, sys; open(sys.argv[1], 'wb').write(img2pdf.convert(sorted(sys.argv[2:])))"


def section_images(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    folder = distinct_pictures(CACHE / "pictures5400", 5400)
    files = sorted(str(p) for p in folder.glob("*.jpg"))

    def argv(name: str) -> list[str]:
        out = work / f"images-{name}.pdf"
        out.unlink(missing_ok=True)
        return ["-m", "generator", "images", str(folder), "-q", "-o", str(out)]

    got = best(trees, argv, 1)
    from bench_speed import run

    ref = run(ROOT, ["-c", IMG2PDF, str(work / "img2pdf.pdf"), *files])
    row("pnpgen images, 5,400 distinct pictures: peak MB", {n: f"{g['peak']:.0f}" + (" (failed)" if g["rc"] else "")
                                                           for n, g in got.items()},
        f"img2pdf {ref['peak']:.0f} MB")
    row("  peak / img2pdf's", {n: f"{g['peak'] / ref['peak']:.2f}x" for n, g in got.items()}, "goal <= 1.5x")
    row("pnpgen images, 5,400 distinct pictures: CPU s", {n: f"{g['cpu']:.1f}" for n, g in got.items()},
        f"img2pdf {ref['cpu']:.1f} s")
    return {"images5400": got, "img2pdf": ref}


def section_png(trees: dict[str, Path], work: Path, runs: int) -> dict[str, object]:
    png = per_card(trees, work, 540, "png", runs)
    row("PNG, 540 distinct cards: ms a card", {n: f"{png[n]['per']:.1f}" for n in trees}, "goal ~12")
    return {"png540": png}


def main() -> None:
    CACHE.mkdir(exist_ok=True)
    bench_main(__doc__, BASE_REV, SECTIONS, "issue 37 memory", globals())


if __name__ == "__main__":
    main()
