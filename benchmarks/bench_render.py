"""Benchmark: a 54-card poker deck with backs to PDF through render_pdf, beside a bare reportlab script drawing the same.

Prints CPU seconds per run (best of several), pages per second, and the ratio to the bare script
(goal: at most 1.5x). Run: python benchmarks/bench_render.py [--runs 5] [--profile]

With --decks it also measures what a user feels: whole `pnpgen cards` processes on the example
template for 54, 540 and 5,400 cards (54 distinct records, each 1, 10 or 100 times) as PDF, PNG
and TTS, with wall and CPU seconds and peak memory, next to the bare-reportlab figure above.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.core.units import PT_PER_MM
from generator.scene.model import (
    Circle,
    Group,
    Line,
    Page,
    Polygon,
    Rect,
    Stroke,
    Text,
    translate,
)

CARD_W, CARD_H = 63.5, 88.9
BLEED = 3.0
PAPER_W, PAPER_H = 210.0, 297.0
COLS, ROWS = 3, 3
CARDS = 54
SUITS = ["Spade", "Cuori", "Quadri", "Fiori", "Étoile", "Cœur"]
PARAGRAPH = ("Quando giochi questa carta, scegli un giocatore: pesca due carte e scartane una. "
             "Si l'adversaire a déjà joué, il perd un tour. Ação rápida: não pode ser anulada.")
INK = "#222222"
PAPER_TINT = "#f6f1e4"
BACK_TINT = "#1f3b5c"
BACK_INK = "#d9c27a"


# -- the deck as scene items ----------------------------------------------------------------
def card_front(n: int) -> list:
    """Frame, title, wrapped paragraph, a few shapes; card-local mm."""
    title = f"{SUITS[n % len(SUITS)]} {n + 1}"
    return [
        Rect(-BLEED, -BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, fill=PAPER_TINT, stroke=None),
        Rect(3, 3, CARD_W - 6, CARD_H - 6, fill=None, stroke=Stroke(INK, 0.6), radius=3),
        Text(6, 6, CARD_W - 12, 10, title, font="serif-bold", size=16, align="center", valign="middle"),
        Line(8, 18, CARD_W - 8, 18, stroke=Stroke(INK, 0.3)),
        Circle(CARD_W / 2, 34, 10, fill="#b03030", stroke=Stroke(INK, 0.4)),
        Polygon([(CARD_W / 2 - 6, 34), (CARD_W / 2, 27), (CARD_W / 2 + 6, 34), (CARD_W / 2, 41)],
                fill="#ffffff", stroke=None),
        Text(7, 48, CARD_W - 14, 30, PARAGRAPH, size=8, min_size=5),
        Rect(6, CARD_H - 11, 12, 6, fill="#e0d6b8", stroke=Stroke(INK, 0.3), radius=1),
        Text(6, CARD_H - 11, 12, 6, str(n + 1), font="sans-bold", size=9, align="center",
             valign="middle", shrink=False),
    ]


def card_back() -> list:
    """A pattern: diagonal grid of diamonds on a dark field, a framed centre."""
    items: list = [Rect(-BLEED, -BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, fill=BACK_TINT, stroke=None)]
    for row in range(10):
        for col in range(7):
            x, y = 2 + col * 10, 2 + row * 10
            items.append(Polygon([(x, y - 3), (x + 3, y), (x, y + 3), (x - 3, y)], fill=BACK_INK,
                                 stroke=None))
    items.append(Rect(12, 30, CARD_W - 24, 28, fill=BACK_TINT, stroke=Stroke(BACK_INK, 0.8), radius=4))
    items.append(Text(14, 32, CARD_W - 28, 24, "PNPGEN", font="serif-bold", size=14, color=BACK_INK,
                      align="center", valign="middle"))
    return items


def grid_origin() -> tuple[float, float]:
    pitch_w, pitch_h = CARD_W + 2 * BLEED, CARD_H + 2 * BLEED
    return (PAPER_W - COLS * pitch_w) / 2 + BLEED, (PAPER_H - 10 - ROWS * pitch_h) / 2 + BLEED


def slot(i: int, mirrored: bool) -> tuple[float, float]:
    col, row = i % COLS, i // COLS
    if mirrored:
        col = COLS - 1 - col
    x0, y0 = grid_origin()
    return x0 + col * (CARD_W + 2 * BLEED), y0 + row * (CARD_H + 2 * BLEED)


def own_pages() -> list[Page]:
    """The 9-up grid laid here (used when generator.scene.imposition is missing)."""
    pages = []
    per = COLS * ROWS
    for sheet in range(CARDS // per):
        for side in ("front", "back"):
            page = Page(PAPER_W, PAPER_H, kind=side, label=f"sheet {sheet + 1} {side}")
            for i in range(per):
                x, y = slot(i, side == "back")
                face = card_front(sheet * per + i) if side == "front" else card_back()
                clip = Rect(-BLEED, -BLEED, CARD_W + 2 * BLEED, CARD_H + 2 * BLEED, stroke=None)
                page.add(Group(tuple(face), transform=translate(x, y), clip=clip))
            page.add(Text(10, PAPER_H - 10, 190, 5, f"bench deck - {page.label} - print at 100%", size=7))
            pages.append(page)
    return pages


def deck_pages() -> tuple[list[Page], str]:
    """Pages through impose() when it exists, else the benchmark's own grid."""
    try:
        from generator.scene.imposition import Card, SheetSpec, impose
    except ImportError:
        return own_pages(), "own 9-up grid"
    back = card_back()
    cards = [Card(card_front(n), back, label=f"card {n + 1}") for n in range(CARDS)]
    return impose(cards, SheetSpec(duplex="long"), title="bench deck", source="benchmark"), "impose()"


def run_pnpgen(pages: list[Page]) -> bytes:
    """render_pdf from a cold text-layout cache (each run lays out its text again)."""
    from generator.render import render_pdf
    from generator.scene.text import _layout_cached

    _layout_cached.cache_clear()
    return render_pdf(pages, title="bench deck")


# -- the bare reportlab script --------------------------------------------------------------
def bare_plan(pages: list[Page]) -> list[dict]:
    """The imposed geometry as plain numbers (card slots, clips, marks, footer), outside the timing."""
    plan = []
    for page in pages:
        entry = {"side": page.kind, "slots": [], "lines": [], "footer": None}
        for item in page.items:
            if isinstance(item, Group) and item.clip is not None:
                clip = item.clip
                entry["slots"].append((item.transform[4], item.transform[5],
                                       (clip.x, clip.y, clip.w, clip.h)))
            elif isinstance(item, Group):
                text = next(it for it in item.items if isinstance(it, Text))
                bars = [(ln.x1, ln.y1, ln.x2, ln.y2) for ln in item.items if isinstance(ln, Line)]
                entry["footer"] = (item.transform[4], item.transform[5], text.text, bars)
            elif isinstance(item, Line):
                entry["lines"].append((item.x1, item.y1, item.x2, item.y2, item.stroke.color,
                                       item.stroke.width))
        plan.append(entry)
    return plan


def run_bare(plan: list[dict]) -> bytes:
    """The same deck drawn by hand on a reportlab canvas (points, y up) at the imposed positions."""
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    from generator.scene.fonts import font_path
    for name in ("sans", "sans-bold", "serif-bold"):
        if f"bare-{name}" not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(f"bare-{name}", str(font_path(name))))
    buf = io.BytesIO()
    k = PT_PER_MM
    c = Canvas(buf, pagesize=(PAPER_W * k, PAPER_H * k), invariant=1, initialFontName="bare-sans")
    card = 0
    for entry in plan:
        front = entry["side"] == "front"
        for x, y, (cx, cy, cw, ch) in entry["slots"]:
            c.saveState()
            c.translate(x * k, (PAPER_H - y - CARD_H) * k)   # card's bottom-left, points
            p = c.beginPath()
            p.rect(cx * k, (CARD_H - cy - ch) * k, cw * k, ch * k)
            c.clipPath(p, stroke=0, fill=0)
            if front:
                _bare_front(c, card, simpleSplit)
                card += 1
            else:
                _bare_back(c)
            c.restoreState()
        for x1, y1, x2, y2, color, width in entry["lines"]:
            _hex(c, color, stroke=True)
            c.setLineWidth(width * k)
            c.line(x1 * k, (PAPER_H - y1) * k, x2 * k, (PAPER_H - y2) * k)
        if entry["footer"]:
            fx, fy, text, bars = entry["footer"]
            _hex(c, "#333333")
            c.setFont("bare-sans", 6.5)
            c.drawString(fx * k, (PAPER_H - fy - 3.3) * k, text)
            c.drawString((fx + 133.5) * k, (PAPER_H - fy - 3.3) * k, "50 mm scale:")
            _hex(c, "#000000", stroke=True)
            c.setLineWidth(0.2 * k)
            for x1, y1, x2, y2 in bars:
                c.line((fx + x1) * k, (PAPER_H - fy - y1) * k, (fx + x2) * k, (PAPER_H - fy - y2) * k)
        c.showPage()
    c.save()
    return buf.getvalue()


def _hex(c, color: str, stroke: bool = False) -> None:
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    (c.setStrokeColorRGB if stroke else c.setFillColorRGB)(r, g, b)


def _bare_front(c, n: int, simpleSplit) -> None:
    k = PT_PER_MM
    H = CARD_H * k
    _hex(c, PAPER_TINT)
    c.rect(-BLEED * k, -BLEED * k, (CARD_W + 2 * BLEED) * k, (CARD_H + 2 * BLEED) * k, stroke=0, fill=1)
    _hex(c, INK, stroke=True)
    c.setLineWidth(0.6 * k)
    c.roundRect(3 * k, 3 * k, (CARD_W - 6) * k, (CARD_H - 6) * k, 3 * k, stroke=1, fill=0)
    _hex(c, INK)
    c.setFont("bare-serif-bold", 16)
    c.drawCentredString(CARD_W / 2 * k, H - 14 * k, f"{SUITS[n % len(SUITS)]} {n + 1}")
    c.setLineWidth(0.3 * k)
    c.line(8 * k, H - 18 * k, (CARD_W - 8) * k, H - 18 * k)
    _hex(c, "#b03030")
    c.setLineWidth(0.4 * k)
    c.circle(CARD_W / 2 * k, H - 34 * k, 10 * k, stroke=1, fill=1)
    _hex(c, "#ffffff")
    p = c.beginPath()
    cx, cy = CARD_W / 2 * k, H - 34 * k
    p.moveTo(cx - 6 * k, cy)
    p.lineTo(cx, cy + 7 * k)
    p.lineTo(cx + 6 * k, cy)
    p.lineTo(cx, cy - 7 * k)
    p.close()
    c.drawPath(p, stroke=0, fill=1)
    _hex(c, INK)
    c.setFont("bare-sans", 8)
    for j, line in enumerate(simpleSplit(PARAGRAPH, "bare-sans", 8, (CARD_W - 14) * k)):
        c.drawString(7 * k, H - 48 * k - 8 - j * 9.6, line)
    _hex(c, "#e0d6b8")
    c.setLineWidth(0.3 * k)
    c.roundRect(6 * k, 5 * k, 12 * k, 6 * k, 1 * k, stroke=1, fill=1)
    _hex(c, INK)
    c.setFont("bare-sans-bold", 9)
    c.drawCentredString(12 * k, 7 * k, str(n + 1))


def _bare_back(c) -> None:
    k = PT_PER_MM
    H = CARD_H * k
    _hex(c, BACK_TINT)
    c.rect(-BLEED * k, -BLEED * k, (CARD_W + 2 * BLEED) * k, (CARD_H + 2 * BLEED) * k, stroke=0, fill=1)
    _hex(c, BACK_INK)
    for row in range(10):
        for col in range(7):
            x, y = (2 + col * 10) * k, H - (2 + row * 10) * k
            p = c.beginPath()
            p.moveTo(x, y + 3 * k)
            p.lineTo(x + 3 * k, y)
            p.lineTo(x, y - 3 * k)
            p.lineTo(x - 3 * k, y)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
    _hex(c, BACK_TINT)
    _hex(c, BACK_INK, stroke=True)
    c.setLineWidth(0.8 * k)
    c.roundRect(12 * k, H - 58 * k, (CARD_W - 24) * k, 28 * k, 4 * k, stroke=1, fill=1)
    _hex(c, BACK_INK)
    c.setFont("bare-serif-bold", 14)
    c.drawCentredString(CARD_W / 2 * k, H - 46 * k, "PNPGEN")


# -- timing --------------------------------------------------------------------------------
def interleaved(funcs: dict, runs: int) -> dict[str, float]:
    """Best CPU time of each function, running them in turn so load changes hit all alike."""
    times: dict[str, list[float]] = {name: [] for name in funcs}
    for _ in range(runs):
        for name, func in funcs.items():
            start = time.process_time()
            func()
            times[name].append(time.process_time() - start)
    return {name: min(values) for name, values in times.items()}


def profile_split(pages: list[Page]) -> None:
    """cProfile one render: time in pnpgen's own code versus reportlab, then the top functions."""
    profiler = cProfile.Profile()
    profiler.enable()
    run_pnpgen(pages)
    profiler.disable()
    stats = pstats.Stats(profiler)
    shares: dict[str, float] = {}
    for (path, _, _), (_, _, tottime, _, _) in stats.stats.items():
        owner = "pnpgen" if "/generator/" in path else "reportlab" if "reportlab" in path else "other"
        shares[owner] = shares.get(owner, 0.0) + tottime
    total = sum(shares.values())
    print("profile (own time): " + ", ".join(f"{k} {v:.3f} s ({v / total:.0%})"
                                              for k, v in sorted(shares.items())))
    stats.sort_stats("tottime").print_stats(15)


# -- whole processes ------------------------------------------------------------------------
DECK_SIZES = (54, 540, 5400)
DECK_FORMATS = ("pdf", "png", "tts")
_MEASURE = ("import resource, subprocess, sys, time\n"
            "t = time.perf_counter()\n"
            "subprocess.run(sys.argv[1:], check=True)\n"
            "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
            "print(time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss)\n")


def example_deck(folder: Path, copies: int) -> Path:
    """54 distinct records cycled from the example data (names numbered), each `copies` times."""
    import yaml

    root = Path(__file__).resolve().parent.parent
    records = yaml.safe_load((root / "card_data/example/cards.yaml").read_text(encoding="utf-8"))["cards"]
    deck = []
    for i in range(54):
        record = dict(records[i % len(records)])
        record["name"] = f"{record['name']} {i + 1}"
        record["qty"] = copies
        deck.append(record)
    pictures = folder / "pictures"
    if not pictures.exists():
        pictures.symlink_to(root / "card_data/example/pictures")
    path = folder / f"deck{54 * copies}.yaml"
    path.write_text(yaml.safe_dump({"cards": deck}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def measure_process(argv: list[str]) -> tuple[float, float, int]:
    """(wall s, CPU s of the process and its workers, peak memory KB of the largest of them)."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", _MEASURE, *argv], check=True, capture_output=True,
                         text=True).stdout.split()
    return float(out[0]), float(out[1]), int(out[2])


def bench_decks(sizes=DECK_SIZES, formats=DECK_FORMATS) -> list[tuple]:
    """Run `pnpgen cards` for each size and format; rows (cards, format, wall, cpu, peak KB)."""
    import shutil
    import tempfile

    pnpgen = [sys.executable, "-m", "generator"]
    rows = []
    with tempfile.TemporaryDirectory(prefix="pnpgen-bench-") as tmp:
        folder = Path(tmp)
        for size in sizes:
            data = example_deck(folder, size // 54)
            for fmt in formats:
                out = folder / f"out-{size}-{fmt}"
                target = out / "deck.pdf" if fmt == "pdf" else out
                wall, cpu, peak = measure_process([*pnpgen, "cards", str(data), "example", "--format",
                                                   fmt, "-q", "-o", str(target)])
                rows.append((size, fmt, wall, cpu, peak))
                print(f"{size:>5} cards  {fmt:<4} wall {wall:7.2f} s  cpu {cpu:7.2f} s  "
                      f"peak {peak / 1024:6.0f} MB  ({1000 * wall / size:6.1f} ms a card)", flush=True)
                shutil.rmtree(out, ignore_errors=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--decks", action="store_true",
                        help="also time whole pnpgen cards runs (54/540/5400 cards; pdf, png, tts)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of one render_pdf run")
    parser.add_argument("--write", type=Path, help="also write the pnpgen PDF here (to look at it)")
    args = parser.parse_args()
    pages, how = deck_pages()
    plan = bare_plan(pages)
    run_bare(plan)   # warm up: font registration and parsing on both sides
    run_pnpgen(pages)
    if args.write:
        args.write.write_bytes(run_pnpgen(pages))
        (args.write.with_name(args.write.stem + "-bare.pdf")).write_bytes(run_bare(plan))
    timings = interleaved({"layout": lambda: deck_pages(), "ours": lambda: run_pnpgen(pages),
                           "whole": lambda: run_pnpgen(deck_pages()[0]),
                           "bare": lambda: run_bare(plan)}, args.runs)
    layout, ours, whole, bare = (timings[k] for k in ("layout", "ours", "whole", "bare"))
    n = len(pages)
    print(f"deck: {CARDS} poker cards with backs, {n} A4 pages via {how}; best of {args.runs} runs")
    print(f"build pages (impose, no render): {layout:.3f} s")
    print(f"render_pdf: {ours:.3f} s  ({n / ours:.1f} pages/s)")
    print(f"build + render_pdf: {whole:.3f} s  ({n / whole:.1f} pages/s)")
    print(f"bare reportlab: {bare:.3f} s  ({n / bare:.1f} pages/s)")
    print(f"ratio render_pdf / bare: {ours / bare:.2f}x   (build + render / bare: {whole / bare:.2f}x; goal <= 1.5x)")
    if args.profile:
        profile_split(deck_pages()[0])
    if args.decks:
        print(f"whole processes (bare reportlab, 54 cards above: {bare:.3f} s CPU):")
        bench_decks()


if __name__ == "__main__":
    main()
