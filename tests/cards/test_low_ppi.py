"""Every run warns of pictures under 200 ppi, not only --check (issue 25)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image as PILImage

from generator.cli import cli
from generator.cli.common import run_cli

TEMPLATE = "name: p\ncard: poker\nbleed: 0\nfront:\n  - {kind: image, src: \"{pic}\", x: 5, y: 5, w: 25.4, h: 25.4}\n"


def _png(side: int) -> bytes:
    out = io.BytesIO()
    PILImage.new("RGB", (side, side), "#336699").save(out, "PNG")
    return out.getvalue()


@pytest.mark.parametrize(("side", "warned"), [(1, "lowest 1 ppi"), (190, "lowest 190 ppi"), (200, None), (600, None)])
def test_cards_warns_below_200_ppi(tmp_path: Path, capsys: pytest.CaptureFixture[str], side: int,
                                   warned: str | None) -> None:
    (tmp_path / "t.yaml").write_text(TEMPLATE, encoding="utf-8")
    (tmp_path / "d.csv").write_text("name,pic,qty\nA,a.png,3\nB,b.png,1\n", encoding="utf-8")
    (tmp_path / "a.png").write_bytes(_png(side))
    (tmp_path / "b.png").write_bytes(_png(600))
    assert run_cli(cli, ["cards", str(tmp_path / "d.csv"), str(tmp_path / "t.yaml"), "-o", str(tmp_path / "o.pdf"),
                         "-q"]) == 0
    err = capsys.readouterr().err
    if warned is None:
        assert "ppi" not in err
    else:
        assert err.count("\n") == 1 and f"3 cards print a picture under 200 ppi ({warned}, first: A)" in err
    assert (tmp_path / "o.pdf").read_bytes()[:5] == b"%PDF-"
