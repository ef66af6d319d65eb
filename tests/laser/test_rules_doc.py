"""docs/laser-rules.md, the project's own statement of the laser rules, agrees with the engine."""

from __future__ import annotations

import re
from pathlib import Path

from generator.games.laser.content import load_catalog
from generator.games.laser.rules.engine import observe
from generator.games.laser.rules.notation import format_observation, parse_layout

DOC = Path(__file__).resolve().parents[2] / "docs" / "laser-rules.md"


def test_the_documented_example_is_what_the_engine_fires() -> None:
    text = DOC.read_text(encoding="utf-8")
    grid = re.search(r"```\n(\.{7}O\n.*?T=SE\n)```", text, flags=re.S).group(1)
    listed = re.findall(r"`(\d+(?: [^`]*)?)`", text.split("## The rulebook's example")[1])
    shots = format_observation(observe(parse_layout(grid, load_catalog()))).strip().splitlines()
    assert [" ".join(s.split()) for s in shots if not s.startswith("#")] == listed
    assert len(listed) == 30


def test_laser_guide_points_inside_the_repository() -> None:
    guide = (DOC.parent / "laser.md").read_text(encoding="utf-8")
    assert "shared/specs" not in guide and "laser-rules.md" in guide
