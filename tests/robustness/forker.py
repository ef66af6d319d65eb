"""`pnpgen` children forked from one warm process: the kill test's many short runs without each paying for
a fresh interpreter and pnpgen's imports (about half of a small run's CPU).

One server process (a plain `python -c`, no pytest in it) imports pnpgen's command line and the modules
a run draws with, then forks one child per request: the child limits its address space, changes to its
folder, sends its stdout to /dev/null and its stderr to a file, runs any prelude and then `pnpgen ARGS`,
and exits with pnpgen's status. A child is a process of its own, so a SIGKILL lands on a real run at
any moment of its work; the server reaps it and reports its exit status (-9 when killed). `warm()` runs
pnpgen once in the server itself first, so that the children start with its fonts, art and lazy imports
loaded (a warm child's run costs about a third of a cold one's CPU).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

PRELOAD = ("generator.cli", "generator.cli.kit", "generator.publish.carddeck", "generator.publish.formats.faces",
           "generator.publish.formats.pdf", "generator.render.png", "generator.render.pdf",
           "generator.games.codex.cli")

SERVER = r"""
import importlib, json, os, sys, traceback
for name in json.loads(sys.argv[1]):
    importlib.import_module(name)
from generator.cli import main

def pnpgen(job, stderr):
    # `pnpgen ARGS` after the job's prelude, in this process: its exit status (a traceback to stderr)
    sys.argv = ["pnpgen", *job["args"]]
    try:
        exec(job["prelude"], {})
        main()
        return 0
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        traceback.print_exc(file=stderr)
        return 70

def child(job):
    import resource
    os.setpgid(0, 0)            # a group of its own: the test waits for its pool workers (see Forker.run)
    resource.setrlimit(resource.RLIMIT_AS, (job["memory"], job["memory"]))
    os.chdir(job["cwd"])
    null = os.open(os.devnull, os.O_RDWR)
    err = os.open(job["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(null, 0); os.dup2(null, 1); os.dup2(err, 2)
    sys.stdin = open(0, "r", closefd=False)
    sys.stdout = open(1, "w", closefd=False)
    sys.stderr = open(2, "w", closefd=False)
    code = 70
    try:
        code = pnpgen(job, sys.stderr)
    finally:
        sys.stdout.flush(); sys.stderr.flush()
        os._exit(code)

def warm(job):
    # a run in the server itself, output thrown away: what it loads and caches, every later child has
    cwd, argv, out, err = os.getcwd(), sys.argv, sys.stdout, sys.stderr
    os.chdir(job["cwd"])
    sys.stdout = sys.stderr = null = open(os.devnull, "w")
    try:
        return pnpgen(job, err)
    finally:
        sys.stdout, sys.stderr, sys.argv = out, err, argv
        null.close()
        os.chdir(cwd)

for line in iter(sys.stdin.readline, ""):
    job = json.loads(line)
    if job.get("warm"):
        print(warm(job), flush=True)
        continue
    pid = os.fork()
    if pid == 0:
        child(job)
    print(pid, flush=True)
    print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]), flush=True)
"""


class Forker:
    """The server; run() one child at a time: its exit status and stderr, or None when killed."""

    def __init__(self, stderr_folder: Path, memory: int = 1 << 30) -> None:
        self.folder, self.memory, self.count = stderr_folder, memory, 0
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        self.server = subprocess.Popen([sys.executable, "-c", SERVER, json.dumps(PRELOAD)], env=env, text=True,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def run(self, args: list[str], cwd: Path, prelude: str = "", kill_after: float | None = None,
            timeout: float = 300) -> tuple[int | None, str, float]:
        """(exit status, or None when killed `kill_after` seconds in; its stderr; the seconds it took)."""
        assert self.server.stdin is not None and self.server.stdout is not None
        self.count += 1
        stderr = self.folder / f"child-{self.count}.err"
        job = {"args": args, "cwd": str(cwd), "prelude": prelude, "stderr": str(stderr), "memory": self.memory}
        began = time.perf_counter()
        self.server.stdin.write(json.dumps(job) + "\n")
        self.server.stdin.flush()
        pid = int(self.server.stdout.readline())
        wait = timeout if kill_after is None else kill_after
        ready, _, _ = select.select([self.server.stdout], [], [], wait)
        killed = not ready
        if killed:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:          # it ended (and was reaped) just as the time ran out
                killed = False
        line = self.server.stdout.readline()            # the server reaps the child and says how it ended
        took = time.perf_counter() - began
        assert line, "the fork server died"
        # a child killed right after the fork may not have opened its stderr file yet
        text = stderr.read_text(encoding="utf-8", errors="replace") if stderr.exists() else ""
        stderr.unlink(missing_ok=True)
        if killed:
            assert kill_after is not None, f"a child ran longer than {timeout} s: {args}"
            _wait_for_group(pid)
            return None, text, took
        return int(line), text, took

    def warm(self, args: list[str], cwd: Path, prelude: str = "") -> None:
        """`pnpgen ARGS` once in the server itself (its output thrown away), so that every later child starts
        with what that run loads and caches (fonts, art, lazy imports): a child's run is then mostly the
        work it writes. The prelude's changes stay in the server: give it the one the children get."""
        assert self.server.stdin is not None and self.server.stdout is not None
        self.server.stdin.write(json.dumps({"warm": True, "args": args, "cwd": str(cwd), "prelude": prelude}) + "\n")
        self.server.stdin.flush()
        line = self.server.stdout.readline()
        assert line, "the fork server died"
        assert int(line) == 0, f"the warm-up run failed (exit status {line.strip()}): {args}"

    def close(self) -> None:
        assert self.server.stdin is not None and self.server.stdout is not None
        self.server.stdin.close()
        self.server.wait(timeout=60)
        self.server.stdout.close()


def _wait_for_group(pgid: int, timeout: float = 60) -> None:
    """Until no live process is left in the killed child's group: the render pool's workers it forked
    (they hold its folder lock) go on until they find their pipe broken. A child started before that
    would find the folder locked and refuse; a warm child starts soon enough to meet them."""
    deadline = time.monotonic() + timeout
    while _group_alive(pgid):
        assert time.monotonic() < deadline, f"the killed child's workers (process group {pgid}) still run"
        time.sleep(0.005)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    for stat in Path("/proc").glob("[0-9]*/stat"):           # a member, not a zombie waiting to be reaped
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] not in "ZX":
            return True
    return False
