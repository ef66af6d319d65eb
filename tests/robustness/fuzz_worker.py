"""The CLI fuzzer's worker: run in a child process with its address space limited (see test_fuzz.py).

For a bounded number of Hypothesis examples it picks one of pnpgen's commands (every leaf command
of the click group), writes random YAML/CSV/JSON/layout text into the files the command reads,
draws random option values (numbers among them nan, inf, huge, negative; random words), runs the
command in-process and asserts: exit status 0, 1 or 2; no traceback and no "out of memory" on
stderr; on an error, nothing at the -o target. Then half as many examples of the input surfaces of
issue 25 (fuzz_surfaces.py: spreadsheets, SVG art, image folders, printer profiles, puzzle codes,
and raw HTTP requests to a preview server). It prints one JSON line: examples run, exits seen,
the slowest example, the surfaces' exits and HTTP answers, and the peak memory (ru_maxrss).

    python fuzz_worker.py WORKDIR MAX_EXAMPLES [SEED]     (no SEED: derandomized, the same examples each run)
"""

from __future__ import annotations

import contextlib
import io
import json
import resource
import shutil
import signal
import sys
import time
from pathlib import Path
from typing import Any

import click
from hypothesis import HealthCheck, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from generator.cli import cli
from generator.cli.common import run_cli

EXAMPLE_SECONDS = 60          # one example longer than this is a finding (a hang)
SKIP_PARAMS = {"help", "version", "debug"}
SMALL_INTS = {"count", "players", "phases", "limit", "agents", "kill_limit", "min_difficulty"}

NUMBERS = st.sampled_from(["nan", "inf", "-inf", "-1", "0", "1e308", "9" * 60, "1", "2", "3", "0.5",
                           "-0", "1e-9", "x", "", "3,4", "NaN", "Infinity"])
# any character UTF-8 can write but NUL (codec="utf-8" is the same set, but hypothesis computes it anew at
# every start: seconds of CPU)
WORDS = st.text(alphabet=st.characters(exclude_categories=("Cs",), exclude_characters="\x00"), max_size=12)
YAML_PIECES = st.sampled_from([
    "cards:\n", "  - ", "{name: A, qty: 2}", "qty: 1000000000000000000\n", "name: &a [1, 2]\n", "x: *a\n",
    "card: poker\n", "card: \"0.001x0.001\"\n", "front:\n", "  - {kind: rect, x: .nan, y: 1, w: 2, h: 3}\n",
    "bleed: .inf\n", "[[[[[[[[[[", "]]]]", "{a: 1, a: 2}\n", "\t", ":", "- ", "'", "\"", "\ufeff", "\n",
    "back:\n", "  - {kind: image, src: /etc/hostname, x: 0, y: 0, w: 5, h: 5}\n", "label: \"{name.__class__}\"\n",
])
CSV_PIECES = st.sampled_from(["name,qty,x\n", "A,1,nan\n", "B,1000000000000000000,1\n", "\"", ",,,\n",
                              "C,-1,inf\n", "\xff", "\ufeff", "D,2,1e308\n", "\r\n", "name,name\n"])
JSON_PIECES = st.sampled_from(["{", "}", "[", "]", "\"seed\": ", "9" * 5000, "NaN", "1e999", ",", "\"a\": 1",
                               "\"format\": \"pnpgen-dungeon-campaign\"", "null", "true", "\"version\": 1"])
LAYOUT_PIECES = st.sampled_from(["....\n", "..X.\n", "./\\.\n", "T=SW\n", "#", "O", "@", "size 64x64\n",
                                 "A1 -> B2\n", "1: O\n", "\n", "x" * 300])


def peak_rss_mb() -> float:
    """This process's own peak resident memory in MB: VmHWM (Linux; it starts afresh at exec), else
    ru_maxrss, which Linux carries over from the parent that forked this process (pytest, however big)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _pieces(kind: str) -> st.SearchStrategy[str]:
    source = {"yaml": YAML_PIECES, "csv": CSV_PIECES, "json": JSON_PIECES, "layout": LAYOUT_PIECES}[kind]
    return st.lists(st.one_of(source, WORDS), max_size=12).map("".join)


def leaf_commands() -> list[tuple[list[str], click.Command]]:
    """Every command pnpgen runs, with its words (`laser check`), walking the groups."""
    found: list[tuple[list[str], click.Command]] = []

    def walk(group: click.Group, words: list[str]) -> None:
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            if isinstance(command, click.Group):
                walk(command, [*words, name])
            elif command is not None and name not in ("preview", "play"):   # servers that wait for Ctrl-C
                found.append(([*words, name], command))

    walk(cli, [])
    return found


COMMANDS = leaf_commands()


class Example:
    """One example's folder, files and command line."""

    def __init__(self, root: Path, number: int) -> None:
        self.folder = root / f"ex{number}"
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.target: Path | None = None

    def file(self, draw: Any, suffix: str) -> str:
        kind = {".yaml": "yaml", ".csv": "csv", ".json": "json"}.get(suffix, "layout")
        path = self.folder / f"in{len(list(self.folder.iterdir()))}{suffix}"
        path.write_bytes(draw(_pieces(kind)).encode("utf-8", "surrogatepass"))
        return str(path)


# the strategies each kind of value draws from, made once (a strategy made anew in every example is
# validated anew: a quarter of the fuzzer's CPU)
SMALL = st.sampled_from(["1", "2", "3", "0", "-1", "x", "9" * 30, "1.5"])
INT_VALUES = {"seed": st.one_of(st.integers(-10, 10**6).map(str), st.just("9" * 5000), NUMBERS),
              "dpi": st.sampled_from(["72", "80", "0", "-3", "100000", "x"]),
              "max_cards": st.sampled_from(["1", "40", "200", "0", "x"]),
              **{name: SMALL for name in SMALL_INTS}}
ANY_INT = st.one_of(SMALL, NUMBERS)
FLOAT_VALUES = {"dpi": st.sampled_from(["nan", "inf", "30", "40", "5000", "-1", "x"]),
                "time_limit": st.sampled_from(["nan", "inf", "0.05", "0.2", "-1", "x"])}
OUTPUT_SUFFIXES = st.sampled_from([".pdf", ".png", ".svg", ".json", ".txt", ""])
INPUT_SUFFIXES = st.sampled_from([".yaml", ".csv", ".json", ".txt"])
OTHER_WORDS = st.one_of(st.just("-"), WORDS, NUMBERS,
                        st.sampled_from(["example", "beginner", "all", "8x7", "absorber,jump", ""]))
_CHOICES: dict[int, st.SearchStrategy[str]] = {}


def _choice(kind: click.Choice) -> st.SearchStrategy[str]:
    if id(kind) not in _CHOICES:
        _CHOICES[id(kind)] = st.one_of(st.sampled_from(list(kind.choices)), WORDS)
    return _CHOICES[id(kind)]


def _value(draw: Any, param: click.Parameter, ex: Example) -> list[str]:
    kind, name = param.type, param.name or ""
    if name == "data_dir":
        return [str(ex.folder)] if draw(st.booleans()) else [draw(WORDS) or "x"]
    if isinstance(kind, click.Choice):
        return [draw(_choice(kind))]
    if isinstance(kind, click.types.IntParamType):
        return [draw(INT_VALUES.get(name, ANY_INT))]
    if isinstance(kind, click.types.FloatParamType):
        return [draw(FLOAT_VALUES.get(name, NUMBERS))]
    if name in ("output", "pdf", "png"):
        ex.target = ex.folder / "out" / f"target{draw(OUTPUT_SUFFIXES)}"
        return [str(ex.target)]
    suffix = draw(INPUT_SUFFIXES)
    return [draw(st.one_of(st.just(ex.file(draw, suffix)), OTHER_WORDS))]


def command_line(draw: Any, ex: Example) -> list[str]:
    words, command = draw(st.sampled_from(COMMANDS))
    argv = list(words)
    for param in command.params:
        if param.name in SKIP_PARAMS:
            continue
        if isinstance(param, click.Argument):
            argv += _value(draw, param, ex)
        elif param.name == "max_cards" or param.name == "output" or draw(st.booleans()):
            opt = param.opts[0]
            argv += [opt] if getattr(param, "is_flag", False) else [opt, *_value(draw, param, ex)]
    if words == ["kit"] and ex.target is not None:   # a whole kit takes seconds (the kill test makes
        ex.target.mkdir(parents=True, exist_ok=True)  # kits); here, its refusals of a folder not its own
        (ex.target / "notes.txt").write_text("mine", encoding="utf-8")
    return argv


def words_of(argv: list[str]) -> list[str]:
    return [word for word in argv[:2] if not word.startswith("-")][:1]


STATS: dict[str, Any] = {"examples": 0, "exits": {}, "slowest": [0.0, []]}


def _alarm(signum: int, frame: Any) -> None:
    raise TimeoutError(f"an example ran longer than {EXAMPLE_SECONDS} s")


def main(root: Path, examples: int, seed: int | None = None) -> None:
    signal.signal(signal.SIGALRM, _alarm)

    @settings(max_examples=examples, deadline=None, database=None, derandomize=seed is None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    @hypothesis_seed(seed or 0)
    def run_one(data: Any) -> None:
        ex = Example(root, STATS["examples"])
        argv = command_line(data.draw, ex)
        stdin = data.draw(_pieces(data.draw(st.sampled_from(["yaml", "csv", "json", "layout"]))))
        out, err = io.StringIO(), io.StringIO()
        began = time.perf_counter()
        signal.alarm(EXAMPLE_SECONDS)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), \
                    _stdin(stdin), contextlib.chdir(ex.folder):
                code = run_cli(cli, argv)
        finally:
            signal.alarm(0)
        took = time.perf_counter() - began
        STATS["examples"] += 1
        STATS["exits"][str(code)] = STATS["exits"].get(str(code), 0) + 1
        if took > STATS["slowest"][0]:
            STATS["slowest"] = [round(took, 2), argv[:12]]
        text = err.getvalue()
        assert code in (0, 1, 2), (code, argv, text)
        assert "Traceback" not in text and "out of memory" not in text, (argv, text)
        if code != 0 and ex.target is not None and words_of(argv) != ["kit"]:
            left = [p for p in ex.target.parent.rglob("*")] if ex.target.parent.exists() else []
            left = [p for p in left if p.name != "notes.txt"]
            assert not (ex.target.exists() and ex.target.is_file()) and not any(
                p.name.startswith(".pnpgen") for p in left), (argv, text, left)
        shutil.rmtree(ex.folder, ignore_errors=True)

    run_one()
    run_surfaces(root, max(1, examples // 2), seed)
    STATS["max_rss_mb"] = round(peak_rss_mb(), 1)
    print(json.dumps(STATS))


def run_surfaces(root: Path, examples: int, seed: int | None = None) -> None:
    """The surfaces of issue 25 (fuzz_surfaces.py): spreadsheets, SVG art, image folders, printer
    profiles, puzzle codes through the CLI, and raw HTTP requests to one preview server."""
    from tests.robustness.fuzz_surfaces import OWN_WORDS, PreviewTarget, check_answer, surface_argv

    preview = PreviewTarget(root / "preview")
    STATS["surfaces"] = {"examples": 0, "exits": {}, "http": {}}

    @settings(max_examples=examples, deadline=None, database=None, derandomize=seed is None,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    @hypothesis_seed(seed or 0)
    def run_surface(data: Any) -> None:
        ex = Example(root, 100_000 + STATS["surfaces"]["examples"])
        argv, env = surface_argv(data.draw, ex.folder)
        out, err = io.StringIO(), io.StringIO()
        signal.alarm(EXAMPLE_SECONDS)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), contextlib.chdir(ex.folder), \
                    _environ(env):
                code = run_cli(cli, argv)
        finally:
            signal.alarm(0)
        stats = STATS["surfaces"]
        stats["examples"] += 1
        stats["exits"][str(code)] = stats["exits"].get(str(code), 0) + 1
        text = err.getvalue()
        assert code in (0, 1, 2), (code, argv, text)
        assert "Traceback" not in text and "out of memory" not in text.lower(), (argv, text)
        if env.get(OWN_WORDS):          # a footer, cover or label never refuses the job
            assert "does not fit its" not in text, (argv, text)
        if code == 0 and argv[:2] == ["calibrate", "--save"]:     # a setting kept: the file still reads
            import tomllib

            tomllib.loads((Path(env["PNPGEN_CONFIG_DIR"]) / "printers.toml").read_text(encoding="utf-8"))
        if code == 2:
            assert text.startswith("pnpgen: error:") and text.count("\n") == 1, (argv, text)
            assert not (ex.folder / "out").exists() or not any((ex.folder / "out").rglob("*")), argv
        answer = preview.request(data.draw)
        check_answer(answer)
        status = answer.split()[1] if answer else "closed"
        stats["http"][status] = stats["http"].get(status, 0) + 1
        shutil.rmtree(ex.folder, ignore_errors=True)

    try:
        run_surface()
    finally:
        preview.stop()
    assert "Traceback" not in preview.errors.getvalue(), preview.errors.getvalue()[-3000:]


@contextlib.contextmanager
def _environ(env: dict[str, str]) -> Any:
    import os

    saved = {key: os.environ.get(key) for key in env}
    os.environ.update(env)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@contextlib.contextmanager
def _stdin(text: str) -> Any:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(text.encode("utf-8", "surrogatepass")), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None)
