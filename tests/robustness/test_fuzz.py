"""The CLI fuzzer: random YAML/CSV/JSON/layout text and option values fed to every pnpgen command, then
hostile spreadsheets, SVG art, image folders, printer profiles, puzzle codes and preview HTTP requests
(fuzz_surfaces.py), in a child process whose address space is limited to 1 GB (fuzz_worker.py does the
asserting)."""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

MEMORY = 1 << 30
EXAMPLES = int(os.environ.get("PNPGEN_FUZZ_EXAMPLES", "160"))     # more, and a seed: fuzz_worker.py by hand


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def test_random_inputs_to_every_command_answer_cleanly(tmp_path: Path) -> None:
    worker = Path(__file__).with_name("fuzz_worker.py")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "PNPGEN_OUTPUT": str(tmp_path / "output")}
    done = subprocess.run([sys.executable, str(worker), str(tmp_path / "work"), str(EXAMPLES)], cwd=tmp_path,
                          env=env, preexec_fn=_limit, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-6000:]
    stats = json.loads(done.stdout.strip().splitlines()[-1])
    assert stats["examples"] == EXAMPLES
    assert set(stats["exits"]) <= {"0", "1", "2"} and stats["exits"].get("0", 0) > 0
    surfaces = stats["surfaces"]
    assert surfaces["examples"] >= max(1, EXAMPLES // 2)
    assert set(surfaces["exits"]) <= {"0", "1", "2"} and surfaces["exits"].get("2", 0) > 0
    assert "closed" not in surfaces["http"] or len(surfaces["http"]) > 1     # the preview kept answering
    assert stats["max_rss_mb"] < 1024
    assert not (tmp_path / "output").exists() or not any((tmp_path / "output").rglob(".pnpgen*"))
