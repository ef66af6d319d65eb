"""Benchmark: 54 finished card images to a PDF with `pnpgen images` and `pnpgen cards`, beside a bare reportlab drawImage script.

Builds (Pillow, seeded) 54 distinct 750x1050 card images, half PNG and half JPEG, among them one
CMYK JPEG, one 16-bit PNG, one PNG with alpha and one 6000x8400 photo, plus a back; then runs,
each in its own child process, on the same files:
  - `pnpgen images FRONTS --backs back.png --bleed 0` (the images have no bleed; none is made),
  - `pnpgen cards deck.csv deck.yaml` (a template with one full-card image element, bleed 0),
  - `pnpgen images FRONTS --backs back.png` with the default 3 mm of mirrored bleed made,
  - a bare script: reportlab's canvas.drawImage on each file, 3x3 on A4, backs on their own pages.
and prints CPU time (user + system of the child), peak memory (ru_maxrss of the child) and PDF
size, with ratios to the bare script and to the inputs' size after the 600 ppi cap.

Goals (issue 12): CPU at most 1.0 s for the 54 and at most the bare script's; PDF at most 1.1x the
inputs after the cap; peak memory under 250 MB.

Run: python benchmarks/bench_images.py [--dir DIR] [--keep]
"""

from __future__ import annotations

import argparse
import io
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CARDS = 54
SIZE = (750, 1050)
BIG = (6000, 8400)
POKER_MM = (63.5, 88.9)
MAX_PPI = 600

BARE_SCRIPT = r'''
import sys
from pathlib import Path
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

fronts, back, out = [Path(p) for p in sys.argv[1].split("\n")], sys.argv[2], sys.argv[3]
w, h = 63.5 * mm, 88.9 * mm
x0, y0 = (A4[0] - 3 * w) / 2, (A4[1] - 3 * h) / 2
canvas = Canvas(out, pagesize=A4)
for start in range(0, len(fronts), 9):
    chunk = fronts[start:start + 9]
    for i, path in enumerate(chunk):
        canvas.drawImage(str(path), x0 + (i % 3) * w, y0 + (2 - i // 3) * h, w, h, mask="auto")
    canvas.showPage()
    for i, _ in enumerate(chunk):
        canvas.drawImage(back, x0 + (2 - i % 3) * w, y0 + (2 - i // 3) * h, w, h, mask="auto")
    canvas.showPage()
canvas.save()
'''


# --- the images -----------------------------------------------------------------------------------

def _picture(rng: random.Random, size: tuple[int, int], number: int):
    """A photo-like card: a colour gradient, soft shapes, grain, a title."""
    from PIL import Image, ImageDraw, ImageFilter

    w, h = size
    top = tuple(rng.randrange(40, 220) for _ in range(3))
    bottom = tuple(rng.randrange(40, 220) for _ in range(3))
    gradient = Image.linear_gradient("L").resize((w, h))
    image = Image.composite(Image.new("RGB", size, bottom), Image.new("RGB", size, top), gradient)
    draw = ImageDraw.Draw(image)
    for _ in range(14):
        x, y, r = rng.randrange(w), rng.randrange(h), rng.randrange(w // 12, w // 4)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image = image.filter(ImageFilter.GaussianBlur(max(1, w // 150)))
    noise = Image.effect_noise(size, 18).convert("RGB")
    image = Image.blend(image, noise, 0.08)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((w // 20, h // 30, w - w // 20, h // 30 + h // 9), radius=w // 40, fill="#f4efe2")
    draw.text((w // 12, h // 30 + h // 40), f"Card {number}", fill="#222222", font_size=h // 16)
    return image


def build(folder: Path, seed: int = 12) -> dict:
    """Write the 54 fronts (fronts/NN.png|jpg) and back.png; returns what was made."""
    from PIL import Image, ImageDraw

    rng = random.Random(seed)
    fronts = folder / "fronts"
    fronts.mkdir(parents=True, exist_ok=True)
    made = []
    for n in range(1, CARDS + 1):
        size = BIG if n == 7 else SIZE
        image = _picture(rng, size, n)
        if n % 2:                                            # odd: JPEG
            path = fronts / f"{n:02d}.jpg"
            if n == 5:
                image.convert("CMYK").save(path, "JPEG", quality=88)
            else:
                image.save(path, "JPEG", quality=88)
        else:                                                # even: PNG
            path = fronts / f"{n:02d}.png"
            if n == 10:
                grey = image.convert("L").point(lambda v: v * 257, "I")
                grey.convert("I;16").save(path, "PNG")
            elif n == 12:
                alpha = Image.new("L", size, 0)
                ImageDraw.Draw(alpha).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=40, fill=255)
                image.putalpha(alpha)
                image.save(path, "PNG")
            else:
                image.save(path, "PNG")
        made.append(path)
    back = Image.new("RGB", SIZE, "#1f3b5c")
    ImageDraw.Draw(back).rounded_rectangle((60, 60, SIZE[0] - 60, SIZE[1] - 60), radius=30, outline="#d9c27a",
                                           width=14)
    back.save(folder / "back.png", "PNG")
    return {"fronts": made, "back": folder / "back.png"}


def capped_input_bytes(files: list[Path]) -> int:
    """The inputs' total size, the photo above 600 ppi counted as it would be at the cap (its own
    quantisation tables, like pnpgen's resampling)."""
    from PIL import Image

    total = 0
    for path in files:
        with Image.open(path) as image:
            ppi = image.width / (POKER_MM[0] / 25.4)
            if ppi <= MAX_PPI * 1.0001:
                total += path.stat().st_size
                continue
            target = (int(POKER_MM[0] / 25.4 * MAX_PPI), int(POKER_MM[1] / 25.4 * MAX_PPI))
            image.draft(image.mode, target)
            small = image.resize(target, Image.Resampling.LANCZOS)
            buf = io.BytesIO()
            small.save(buf, "JPEG", qtables=image.quantization)
            total += len(buf.getvalue())
    return total


def write_deck_files(folder: Path, made: dict) -> tuple[Path, Path]:
    """A CSV naming each front and a template with one full-card image on each face."""
    csv = folder / "deck.csv"
    csv.write_text("front\n" + "".join(f"fronts/{p.name}\n" for p in made["fronts"]), encoding="utf-8")
    yaml = folder / "deck.yaml"
    yaml.write_text(
        "card: poker\nbleed: 0\nbackground: none\n"
        "front:\n  - {kind: image, x: 0, y: 0, w: 63.5, h: 88.9, src: '{front}', fit: stretch}\n"
        "back:\n  - {kind: image, x: 0, y: 0, w: 63.5, h: 88.9, src: back.png, fit: stretch}\n",
        encoding="utf-8")
    return csv, yaml


# --- measuring ------------------------------------------------------------------------------------

def measure(argv: list[str], cwd: Path) -> dict:
    """CPU seconds and peak memory of one command, run as the only child of a fresh process."""
    probe = ("import json, resource, subprocess, sys\n"
             "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
             "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
             "print(json.dumps({'rc': done.returncode, 'cpu': u.ru_utime + u.ru_stime, 'rss_kb': u.ru_maxrss}))\n")
    out = subprocess.run([sys.executable, "-c", probe, *argv], cwd=cwd, capture_output=True, text=True,
                         check=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if result["rc"] != 0:
        raise SystemExit(f"failed: {' '.join(argv)}\n{out.stderr}")
    return result


def run(folder: Path) -> list[tuple[str, dict, Path]]:
    made = build(folder)
    csv, yaml = write_deck_files(folder, made)
    pnpgen = [sys.executable, "-m", "generator"]
    bare = folder / "bare.py"
    bare.write_text(BARE_SCRIPT, encoding="utf-8")
    jobs = [
        ("pnpgen images", [*pnpgen, "images", "fronts", "--backs", "back.png", "--bleed", "0", "-q", "--force",
                           "-o", "images.pdf"], folder / "images.pdf"),
        ("pnpgen cards", [*pnpgen, "cards", str(csv), str(yaml), "-q", "--force", "-o", "cards.pdf"],
         folder / "cards.pdf"),
        ("pnpgen images +3mm bleed", [*pnpgen, "images", "fronts", "--backs", "back.png", "-q", "--force",
                                      "-o", "images-bleed.pdf"], folder / "images-bleed.pdf"),
        ("bare reportlab", [sys.executable, str(bare), "\n".join(str(p) for p in made["fronts"]),
                            str(made["back"]), str(folder / "bare.pdf")], folder / "bare.pdf"),
    ]
    results = []
    for name, argv, pdf in jobs:
        results.append((name, measure(argv, folder), pdf))
    return results, made


def report(results, made) -> None:
    inputs = [*made["fronts"], made["back"]]
    raw = sum(p.stat().st_size for p in inputs)
    capped = capped_input_bytes(inputs)
    bare = next(r for name, r, _ in results if name == "bare reportlab")
    print(f"inputs: {len(made['fronts'])} fronts + back, {raw / 1e6:.1f} MB as files, "
          f"{capped / 1e6:.2f} MB after the {MAX_PPI} ppi cap")
    print(f"{'run':26} {'CPU s':>7} {'x bare':>7} {'peak MB':>8} {'PDF MB':>8} {'x inputs':>9}")
    for name, r, pdf in results:
        size = pdf.stat().st_size
        print(f"{name:26} {r['cpu']:7.2f} {r['cpu'] / bare['cpu']:7.2f} {r['rss_kb'] / 1024:8.0f} "
              f"{size / 1e6:8.2f} {size / capped:9.2f}")
    print("goals: CPU <= 1.0 s and <= bare; PDF <= 1.1x inputs after the cap; peak < 250 MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    if args.dir:
        args.dir.mkdir(parents=True, exist_ok=True)
        report(*run(args.dir))
        return
    tmp = tempfile.mkdtemp(prefix="bench-images-")
    report(*run(Path(tmp)))
    if args.keep:
        print(f"files kept in {tmp}")
    else:
        import shutil

        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
