"""The live preview's latency: from a save of the data file to the browser having loaded the changed card.

A 54-card deck (the example deck with every `qty` tripled) is opened in `pnpgen preview` and headless
Chromium (selenium, chromedriver); the data file is saved N times (a new file renamed over the old one,
as editors do), each time changing one card's text, and the time from the write to the page holding the
changed card's new picture is measured. Printed beside the figure recorded in docs/preview.md (the
baseline: the same measurement when the preview's partial redraw landed). Wall-clock figures: run it on
a quiet machine, and compare runs made back to back. This was a test (tests/preview/test_browser.py)
until it moved here: a speed figure is a benchmark's, and the tests keep the behaviour (a save redraws
the changed card: test_preview_follows_edits_errors_and_fixes).

    python benchmarks/bench_preview.py [--saves 6] [--copies 3]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.preview.test_browser import (  # noqa: E402  (the repository's root is put on the path first)
    Server,
    captions,
    loaded_images,
    make_deck,
    quit_browser,
    save,
    start_browser,
    wait_for,
)

BASELINE_MS = {"median": 260.0, "min": 100.0, "max": 320.0}    # docs/preview.md, 2-core machine at load ~6


def measure(saves: int, copies: int) -> list[float]:
    chromium, chromedriver = shutil.which("chromium") or "/usr/bin/chromium", shutil.which("chromedriver")
    if chromedriver is None:
        sys.exit("needs chromium and chromedriver: apt-get install chromium chromium-driver")
    folder = Path(tempfile.mkdtemp(prefix="pnpgen-bench-preview-"))
    browser = start_browser(chromium, chromedriver)
    try:
        data, template = make_deck(folder, copies=copies)
        server = Server(data, template, folder)
        cards = 18 * copies
        timings = []
        try:
            browser.get(server.url)
            wait_for(browser, lambda d: len(captions(d)) == cards and loaded_images(d) == 2 * cards,
                     what=f"{cards} cards")
            original = data.read_text("utf-8")
            for n in range(saves):
                before = browser.execute_script("return window.pnpgen.loaded[1].key")
                saved = time.time() * 1000
                again = save(data, original.replace("Junta-a a qualquer", f"Junta-a ({n}) a qualquer"))
                shown = wait_for(browser, lambda d, b=before: d.execute_script(
                    "const l = window.pnpgen.loaded[1]; return l && l.key !== arguments[0] ? l.at : null", b),
                    what="the changed card", again=again)
                timings.append(shown - saved)
                time.sleep(0.3)
        finally:
            server.stop()
        return timings
    finally:
        quit_browser(browser)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=6)
    parser.add_argument("--copies", type=int, default=3, help="the example deck's qty multiplied by this (3: 54 cards)")
    args = parser.parse_args()
    timings = sorted(measure(args.saves, args.copies))
    now = {"median": statistics.median(timings), "min": timings[0], "max": timings[-1]}
    print(f"preview latency, save -> changed card shown, {18 * args.copies}-card deck, {len(timings)} saves")
    print(f"{'':8} {'now':>8} {'baseline':>9}")
    for key in ("median", "min", "max"):
        print(f"{key:8} {now[key]:6.0f} ms {BASELINE_MS[key]:6.0f} ms")


if __name__ == "__main__":
    main()
