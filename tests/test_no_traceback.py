"""No traceback anywhere (issue 35): even a fault of pnpgen's own reaching the command line is one line, exit 2
(--debug shows the traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.cli import cli
from generator.cli.common import run_cli


def test_an_internal_fault_is_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                      tmp_path: Path) -> None:
    import generator.cards.cli as make

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("something pnpgen did not expect")

    monkeypatch.setattr(make, "make_deck", broken)
    assert run_cli(cli, ["cards", "example", "example", "-o", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert err == ("pnpgen: error: internal error (RuntimeError: something pnpgen did not expect); please report "
                   "it (--debug shows where)\n")
    assert run_cli(cli, ["--debug", "cards", "example", "example", "-o", str(tmp_path / "x.pdf")]) == 2
    assert "Traceback" in capsys.readouterr().err


def test_images_all_asking_for_no_copies_is_one_line_naming_the_folder(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the fuzzer: a folder whose only picture is 'card x0.png' printed a summary line, then an
    error about a template field."""
    from tests.robustness.helpers import tiny_png

    pics = tmp_path / "pics"
    pics.mkdir()
    (pics / "card x0.png").write_bytes(tiny_png())
    assert run_cli(cli, ["images", str(pics), "-o", str(tmp_path / "out" / "deck.pdf")]) == 2
    err = capsys.readouterr().err
    assert err == f"pnpgen: error: {pics}: every image asks for 0 copies (' x0'): there are no cards to print\n"
