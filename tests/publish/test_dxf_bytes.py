"""The DXF cut file has the same bytes whatever PYTHONHASHSEED (issue 35: ezdxf wrote its classes in set order)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from generator.publish.cutters.cutfile import cut_dxf
from generator.scene.cutting import CutSpec, plan_cut_sheet
sheet = plan_cut_sheet(CutSpec("silhouette"))
sys.stdout.write(cut_dxf(sheet.outlines(), sheet.width, sheet.height).decode())
"""


def dxf_with_hash_seed(seed: int) -> str:
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONHASHSEED": str(seed), "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True).stdout


def test_dxf_bytes_do_not_depend_on_the_hash_seed() -> None:
    first, second = dxf_with_hash_seed(0), dxf_with_hash_seed(4)     # 0 and 4 wrote different bytes before
    assert "CLASSES" in first and "LWPOLYLINE" in first
    assert first == second
