"""The fuzzer's second half (issue 25): the input surfaces of files that are not text, each built by
Hypothesis from hostile pieces: spreadsheets (zip parts), SVG art, image folders, printer profiles,
laser puzzle codes, and the preview's HTTP requests. Run by fuzz_worker.py in the capped child;
every example must answer with exit 0, 1 or 2, no traceback, nothing left at the -o target.
"""

from __future__ import annotations

import contextlib
import io
import socket
import threading
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from tests.robustness import hostile
from tests.robustness.helpers import bomb_png, tiny_png

TEMPLATE = "name: t\ncard: poker\nbleed: 0\nfront:\n  - {kind: text, x: 5, y: 5, w: 40, h: 10, text: \"{name}\"}\n"
ART = "name: a\ncard: poker\nbleed: 0\nfront:\n  - {kind: image, src: \"{art}\", x: 5, y: 5, w: 40, h: 40}\n"
REFS = st.sampled_from(["A1", "B2", "XFD1048576", "A1048576", "ZZ99", "$C$3", "", "A0", "1A", "AAAAAAAA1",
                        "Z" + "9" * 20])
CELL_TEXT = st.sampled_from(["name", "qty", "x", "", "&lt;", "1e308", "NaN", "-1", "a" * 100, "é"])
NUMBERS = st.sampled_from(["0", "1", "4000000000", "-1", "x", "9" * 30, ""])
SURFACES = ("xlsx", "ods", "svg", "images", "printers", "profiles", "footers", "puzzle", "http")
OWN_WORDS = "PNPGEN_FUZZ_OWN_WORDS"    # set for a surface where pnpgen's own words must never refuse the job


def _cell(draw: Any) -> str:
    ref, text = draw(REFS), draw(CELL_TEXT)
    kind = draw(st.sampled_from(["inline", "number", "shared", "formula", "junk"]))
    if kind == "inline":
        return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'
    if kind == "number":
        return f'<c r="{ref}"><v>{draw(NUMBERS)}</v></c>'
    if kind == "shared":
        return f'<c r="{ref}" t="s"><v>{draw(NUMBERS)}</v></c>'
    if kind == "formula":
        return f'<c r="{ref}"><f>SUM(A1:A9)</f><v>{draw(NUMBERS)}</v></c>'
    return draw(st.sampled_from(["<c>", "</row>", "<!DOCTYPE x>", "&x;", "<c r='A1'/>", ""]))


def xlsx_bytes(draw: Any) -> bytes:
    rows = [hostile.row(1, [("A1", "name"), ("B1", "qty")])]
    for _ in range(draw(st.integers(0, 6))):
        rows.append(f'<row r="{draw(NUMBERS)}">' + "".join(_cell(draw) for _ in range(draw(st.integers(0, 4))))
                    + "</row>")
    many = draw(st.sampled_from([0, 0, 300, 20_000]))
    if many:
        rows.append("".join(hostile.row(i, [(f"A{i}", "a")]) for i in range(2, many + 2)))
    shared = None
    if draw(st.booleans()):
        count = draw(NUMBERS)
        shared = f'<sst {hostile.NS} count="{count}" uniqueCount="{count}"><si><t>{draw(CELL_TEXT)}</t></si></sst>'
    dimension = draw(st.one_of(st.none(), REFS.map(lambda r: f"A1:{r}")))
    data = hostile.xlsx("".join(rows), shared=shared, dimension=dimension)
    damage = draw(st.sampled_from(["none", "none", "truncate", "bomb", "flip"]))
    if damage == "truncate":
        return data[: draw(st.integers(0, len(data)))]
    if damage == "bomb":
        return hostile.xlsx_bomb(draw(st.sampled_from([2, 20])))
    if damage == "flip":
        at = draw(st.integers(0, len(data) - 1))
        return data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:]
    return data


def ods_bytes(draw: Any) -> bytes:
    rows = [hostile.ods_row([("name", 1), ("qty", 1)])]
    for _ in range(draw(st.integers(0, 4))):
        cells = [(draw(st.one_of(st.none(), CELL_TEXT)), draw(st.sampled_from([1, 2, 1024, 16384, 10**9])))
                 for _ in range(draw(st.integers(0, 3)))]
        rows.append(hostile.ods_row(cells, draw(st.sampled_from([1, 3, 1048576, 10**12]))))
    return hostile.ods("".join(rows))


def svg_bytes(draw: Any) -> bytes:
    kind = draw(st.sampled_from(["fan", "path", "rects", "deep", "ok", "cycle", "pieces"]))
    if kind == "fan":
        return hostile.svg_fan(draw(st.integers(1, 9)), draw(st.integers(1, 12)))
    if kind == "path":
        return hostile.svg_long_path(draw(st.sampled_from([10, 1000, 120_000, 400_000])))
    if kind == "rects":
        return hostile.svg_rects(draw(st.sampled_from([1, 100, 12_000, 120_000])))
    if kind == "deep":
        return hostile.svg_deep(draw(st.sampled_from([5, 150, 250, 3000])))
    if kind == "cycle":
        return (hostile.SVG + '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g></svg>').encode()
    if kind == "ok":
        return hostile.svg_ok()
    pieces = st.sampled_from(['<path d="M0 0L5 5Z"/>', '<use href="#p"/>', '<g id="p">', "</g>",
                              '<rect width="nan" height="1"/>', '<circle r="1e308"/>', "<defs>", "</defs>",
                              '<use href="http://x/y.svg#a"/>', "<script>x</script>", "&#0;", "<"])
    body = "".join(draw(st.lists(pieces, max_size=12)))
    return (hostile.SVG + body + "</svg>").encode()


def image_folder(draw: Any, folder: Path) -> list[str]:
    """A folder of pictures whose names carry quantities (or a list file); the command line for it."""
    pics = folder / "pics"
    pics.mkdir()
    for n in range(draw(st.integers(1, 4))):
        qty = draw(st.sampled_from(["", " x2", " x99999999", " x" + "9" * 40, " ×3", " x0", "x1"]))
        data = draw(st.sampled_from([tiny_png(), tiny_png(), bomb_png(), b"not a picture"]))
        (pics / f"card{n}{qty}.png").write_bytes(data)
    target = str(pics)
    if draw(st.booleans()):
        lines = [f"pics/{p.name} x{draw(NUMBERS)}" for p in sorted(pics.iterdir())]
        (folder / "list.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        target = str(folder / "list.txt")
    argv = ["images", target, "-o", str(folder / "out" / "deck.pdf")]
    return argv + (["--max-cards", draw(st.sampled_from(["1", "100", "10000"]))] if draw(st.booleans()) else [])


def printers_text(draw: Any) -> str:
    pieces = st.sampled_from(["[printers.office]\n", '[printers."../x"]\n', "[printers.a/b]\n", "[printers]\n",
                              "offset = [nan, 0.0]\n", "offset = [inf, 1]\n", "offset = [1.0, 2.0]\n",
                              "offset = [true, 1]\n", 'offset = "1,2"\n', "scale = [0.5, 1]\n",
                              "scale = [1.0, 1.0]\n", 'paper = "a4"\n', "printers = 3\n", "=", "\n"])
    return "".join(draw(st.lists(pieces, max_size=8)))


def profile_strings(draw: Any) -> str:
    """A printers.toml written by tomli-w, its strings anything (newlines, control characters, quotes)."""
    import tomli_w

    text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=20)
    entry = {"offset": [1.0, -0.5], "paper": draw(text), "orientation": draw(text), "duplex": draw(text)}
    return "# hand edited\n" + tomli_w.dumps({"printers": {"office": entry}}) + draw(st.sampled_from(["", "\n# end\n"]))


PAPER_CHOICES = st.sampled_from(["a4", "letter", "a3", "a5", "legal", "tabloid", "50x50", "60x300", "300x60", "90x90"])
FILE_CHARS = st.characters(whitelist_categories=("Lu", "Ll", "Nd"), whitelist_characters=" -_.()'&")


def footer_argv(draw: Any, folder: Path) -> list[str]:
    """A deck whose data file has a name up to 200 characters, on any paper, with any cutter or none."""
    stem = draw(st.text(alphabet=FILE_CHARS, min_size=1, max_size=196)).strip(". ") or "d"
    data = folder / f"{stem}.csv"
    data.write_text("name\n" + "".join(f"Card {i}\n" for i in range(draw(st.integers(1, 3)))), encoding="utf-8")
    cutter = draw(st.sampled_from([None, "silhouette", "cricut", "scanncut"]))
    small = "name: s\ncard: 10x10\nbleed: 0\nfront:\n  - {kind: rect, x: 1, y: 1, w: 8, h: 8, fill: '#336699'}\n"
    (folder / "s.yaml").write_text(small, encoding="utf-8")
    template = str(folder / draw(st.sampled_from(["t.yaml", "s.yaml"])))
    argv = draw(st.sampled_from([["cards", str(data), template],
                                 ["codenames", "keys", "--count", "1", "--seed", "1"]]))
    out = str(folder / "out") if cutter == "cricut" else str(folder / "out" / "deck.pdf")
    return [*argv, "--paper", draw(PAPER_CHOICES), *(["--cutter", cutter] if cutter else []), "-o", out]


def puzzle_code(draw: Any) -> str:
    return draw(st.one_of(st.text(alphabet="ABCDEFGHJKLMNPQRSTUVWXYZ0123456789-", max_size=40),
                          st.sampled_from(["", "-", "L1-" + "A" * 500, "0" * 4000, "AAAA-BBBB-CCCC"])))


def surface_argv(draw: Any, folder: Path) -> tuple[list[str], dict[str, str]]:
    """One surface's files in `folder` and the command line that reads them (and its environment)."""
    surface = draw(st.sampled_from(SURFACES[:-1]))
    out = str(folder / "out" / "deck.pdf")
    (folder / "t.yaml").write_text(TEMPLATE, encoding="utf-8")
    if surface in ("xlsx", "ods"):
        (folder / f"d.{surface}").write_bytes(xlsx_bytes(draw) if surface == "xlsx" else ods_bytes(draw))
        return ["cards", str(folder / f"d.{surface}"), str(folder / "t.yaml"), "--format", "json", "-o",
                str(folder / "out" / "d.json"), "--max-cards", draw(st.sampled_from(["50", "10000"]))], {}
    if surface == "svg":
        (folder / "art.yaml").write_text(ART, encoding="utf-8")
        (folder / "a.svg").write_bytes(svg_bytes(draw))
        (folder / "d.csv").write_text("name,art\nA,a.svg\n", encoding="utf-8")
        return ["cards", str(folder / "d.csv"), str(folder / "art.yaml"), "-o", out], {}
    if surface == "images":
        return image_folder(draw, folder), {}
    if surface == "printers":
        (folder / "cfg").mkdir()
        (folder / "cfg" / "printers.toml").write_text(printers_text(draw), encoding="utf-8")
        (folder / "d.csv").write_text("name\nA\n", encoding="utf-8")
        argv = draw(st.sampled_from([["calibrate", "--list"], ["cards", str(folder / "d.csv"), str(folder / "t.yaml"),
                                                                "-o", out, "--printer", "office"],
                                     ["calibrate", "--save", "office", "--offset", "1,1"]]))
        return argv, {"PNPGEN_CONFIG_DIR": str(folder / "cfg")}
    if surface == "profiles":
        (folder / "cfg").mkdir()
        (folder / "cfg" / "printers.toml").write_text(profile_strings(draw), encoding="utf-8")
        argv = draw(st.sampled_from([["calibrate", "--list"], ["calibrate", "--save", "home", "--offset", "1,1"],
                                     ["calibrate", "--save", "office", "--offset", "0,1"]]))
        return argv, {"PNPGEN_CONFIG_DIR": str(folder / "cfg")}
    if surface == "footers":
        return footer_argv(draw, folder), {OWN_WORDS: "1"}
    return ["laser", "puzzle", puzzle_code(draw)], {}


# --- the preview's HTTP requests --------------------------------------------------------------------

METHODS = st.sampled_from(["GET", "POST", "HEAD", "PUT", "OPTIONS", "GE\x00T", "", "POST" * 50])
PATHS = st.sampled_from(["/", "/state.json", "/events", "/print", "/card/1/front.svg", "/card/99999999999999999999/"
                         "front.svg", "/../etc/passwd", "//", "/card/1/front.svg?k=" + "a" * 5000, "*", "%zz"])
HEADERS = st.sampled_from(["Host: 127.0.0.1", "Host: evil.example", "X-Pnpgen: print", "Content-Length: abc",
                           "Content-Length: -1", "Content-Length: 99999999999999999999", "Content-Length: 3",
                           "Transfer-Encoding: chunked", "Connection: close", "Expect: 100-continue",
                           "X: " + "y" * 70000, "bad header line"])


class PreviewTarget:
    """One preview server on a small deck for the whole run; its stderr is captured."""

    def __init__(self, root: Path) -> None:
        from generator.preview.deck import LiveDeck
        from generator.preview.page import page
        from generator.preview.server import PreviewServer

        root.mkdir(parents=True, exist_ok=True)
        (root / "d.csv").write_text("name\nA\nB\n", encoding="utf-8")
        (root / "t.yaml").write_text(TEMPLATE, encoding="utf-8")
        deck = LiveDeck(root / "d.csv", root / "t.yaml")
        deck.refresh()
        self.errors = io.StringIO()
        self.server = PreviewServer(deck, page(), lambda: {"path": str(root / "printed.pdf")})
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        with contextlib.redirect_stderr(self.errors):
            self.server.serve_forever(poll_interval=0.05)

    def request(self, draw: Any) -> str:
        """Send one random request; the first line of the answer ('' if the server closed at once)."""
        lines = [f"{draw(METHODS)} {draw(PATHS)} HTTP/1.1", *draw(st.lists(HEADERS, max_size=5))]
        raw = ("\r\n".join(lines) + "\r\n\r\n" + draw(st.sampled_from(["", "abc", "x" * 10]))).encode("latin-1")
        with socket.create_connection(("127.0.0.1", self.server.server_address[1]), timeout=20) as sock:
            try:
                sock.sendall(raw)
                sock.shutdown(socket.SHUT_WR)
            except OSError:      # it answered (431: a header line too long) and closed before reading all of it
                pass
            try:
                answer = sock.recv(256)
            except ConnectionResetError:     # ... and its answer was lost with the reset: the same as closed
                answer = b""
        return answer.split(b"\r\n", 1)[0].decode("latin-1")

    def stop(self) -> None:
        self.server.stop()
        self.thread.join(timeout=5)


def check_answer(first_line: str) -> None:
    """An HTTP status line from the preview (or nothing at all: it may close a connection it cannot read;
    or the bare error page http.server answers a request line it reads as HTTP/0.9)."""
    if first_line and not first_line.startswith("<!DOCTYPE HTML>"):
        assert first_line.startswith("HTTP/1."), first_line
        assert int(first_line.split()[1]) in (100, 200, 400, 403, 404, 405, 408, 413, 414, 431, 501, 503,
                                              505), first_line

