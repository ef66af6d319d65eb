"""One `pnpgen cards example example` run plans the sheet once, checks the template once and refuses the outputs once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

import generator.cards.build
import generator.publish.job
import generator.publish.plan
import generator.scene.imposition
import generator.scene.layout
from generator.cli import cli
from generator.cli.common import run_cli


def _count(calls: Counter[str], name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return func(*args, **kwargs)

    return counted


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Calls of the sheet plan, the template check and the output refusal, wherever they are reached from."""
    seen: Counter[str] = Counter()
    plan = _count(seen, "plan_sheet", generator.scene.layout.plan_sheet)
    monkeypatch.setattr(generator.scene.layout, "plan_sheet", plan)
    monkeypatch.setattr(generator.scene.imposition, "plan_sheet", plan)
    monkeypatch.setattr(generator.cards.build, "check_template",
                        _count(seen, "check_template", generator.cards.build.check_template))
    refuse = _count(seen, "refuse_existing", generator.publish.job.refuse_existing)
    monkeypatch.setattr(generator.publish.job, "refuse_existing", refuse)
    monkeypatch.setattr(generator.publish.plan, "refuse_existing", refuse)
    return seen


def test_the_example_deck_is_planned_once(calls: Counter[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "deck.pdf"
    assert run_cli(cli, ["cards", "example", "example", "-o", str(target), "-q"]) == 0, capsys.readouterr().err
    assert calls == Counter(plan_sheet=1, check_template=1, refuse_existing=1)
    assert len(PdfReader(target).pages) == 4          # 18 cards, 9 a sheet: two fronts sheets and their backs


@pytest.mark.parametrize("args", [["--format", "svg", "--sheets"], ["--format", "png", "--dpi", "30"]])
def test_other_formats_plan_at_most_once(calls: Counter[str], tmp_path: Path, args: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(cli, ["cards", "example", "example", "-o", str(tmp_path), "-q", *args]) == 0, capsys.readouterr()
    assert calls["plan_sheet"] == (1 if "--sheets" in args else 0)
    assert calls["check_template"] == 1
    # per-card files: the fronts are refused in the plan, the one shared back file when it is known
    assert calls["refuse_existing"] == (1 if "--sheets" in args else 2)
    assert len(list(tmp_path.iterdir())) == (4 if "--sheets" in args else 19)


def test_an_existing_target_is_refused_before_any_card_is_drawn(calls: Counter[str], tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import generator.publish.carddeck as make

    target = tmp_path / "deck.pdf"
    target.write_bytes(b"mine")
    monkeypatch.setattr(make, "_draw", lambda *a, **k: pytest.fail("drew cards for a refused target"))
    assert run_cli(cli, ["cards", "example", "example", "-o", str(target)]) == 2
    assert "exists; use --force" in capsys.readouterr().err
    assert target.read_bytes() == b"mine"


@pytest.mark.parametrize("fmt", ["pdf", "tts"])
def test_noir_takes_its_paths_from_the_job_before_drawing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    import generator.games.noir.sheets as sheets

    target = tmp_path / "noir.pdf" if fmt == "pdf" else tmp_path / "noir-cards-pt-evidence.json"
    target.write_bytes(b"mine")
    monkeypatch.setattr(sheets, "draw_deck", lambda *a, **k: pytest.fail("drew the deck for a refused target"))
    out = target if fmt == "pdf" else tmp_path
    assert run_cli(cli, ["noir", "cards", "--format", fmt, "-o", str(out)]) == 2
    assert f"{target}: exists; use --force" in capsys.readouterr().err
    assert target.read_bytes() == b"mine"
