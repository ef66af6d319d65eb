"""A long-running `pnpgen` child for the tests (`--watch`, `preview`): its lines read as they come, waits
bounded by generous budgets, and a stop that always reaps the process and closes its pipes.

The budgets are there so that a hung child ends the test, never to time pnpgen: on a busy machine a
start or a stop may take many seconds and the test still passes. Only the outcome is asserted (the
line came, the exit status after Ctrl-C is 0); a kill is cleanup after a failure, never the result.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

BUDGET = 120.0          # seconds: for a line to come, or for the child to stop after SIGINT


@contextlib.contextmanager
def _ctrl_c_heard() -> Iterator[None]:
    """A child started in here hears Ctrl-C even when this process ignores SIGINT (pytest started in
    the background by a shell without job control, `cmd &`, inherits SIGINT ignored, and an ignored
    signal stays ignored across exec: the child's Python would then never raise KeyboardInterrupt)."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)      # a handler is reset to the default at exec
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


class Child:
    """`python -m generator ARGS` with stdout and stderr read line by line on two threads."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with _ctrl_c_heard():
            self.proc = subprocess.Popen([sys.executable, "-m", "generator", *args], cwd=cwd, env=env,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.out: list[str] = []          # every line so far (readers append)
        self.err: list[str] = []
        self._lines: dict[str, queue.Queue[str | None]] = {"out": queue.Queue(), "err": queue.Queue()}
        self._readers = [threading.Thread(target=self._read, args=(name,), daemon=True) for name in ("out", "err")]
        for reader in self._readers:
            reader.start()

    def _read(self, name: str) -> None:
        stream = self.proc.stdout if name == "out" else self.proc.stderr
        assert stream is not None
        for line in stream:
            (self.out if name == "out" else self.err).append(line)
            self._lines[name].put(line)
        self._lines[name].put(None)                  # end of the stream

    def wait_line(self, fragment: str, stream: str = "out", budget: float = BUDGET,
                  nudge: Callable[[], None] | None = None, every: float = 5.0) -> str:
        """The next line on stdout ("out") or stderr ("err") holding fragment (others are passed over).

        nudge, when given, is called again after each `every` seconds without a line: a file saved
        before the child's watcher was listening is saved again (the watcher starts after its first
        line, and on a busy machine a save can come before it)."""
        end = time.monotonic() + budget
        while (left := end - time.monotonic()) > 0:
            try:
                line = self._lines[stream].get(timeout=min(left, every) if nudge else left)
            except queue.Empty:
                if nudge:
                    nudge()
                continue
            if line is None:
                raise AssertionError(f"pnpgen ended (status {self.proc.wait()}) before a line with {fragment!r}; "
                                     f"stderr: {''.join(self.err)[-2000:]!r}")
            if fragment in line:
                return line
        raise AssertionError(f"no line with {fragment!r} within {budget:.0f} s")

    def stop(self, budget: float = BUDGET) -> int:
        """Ctrl-C (SIGINT), then its exit status; a child still running after the budget is killed and
        the test fails. Pipes closed and readers joined either way."""
        try:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGINT)
            try:
                return self.proc.wait(timeout=budget)
            except subprocess.TimeoutExpired:
                raise AssertionError(f"pnpgen did not stop within {budget:.0f} s of SIGINT") from None
        finally:
            self.close()

    def close(self) -> None:
        """Kill the child if it still runs, reap it, close its pipes (idempotent)."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for reader in self._readers:
            reader.join(timeout=BUDGET)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()

    @property
    def stderr(self) -> str:
        return "".join(self.err)
