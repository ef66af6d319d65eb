"""`codenames key CODES...` is bounded like `keys --count` (issue 35), and many codes cost no more than as many
random keys: the footer names the first and last code (each card prints its own), not all of them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.rng import make_rng
from generator.games.codenames.cli import MAX_KEYS
from generator.games.codenames.rules import keys as cn


def test_more_codes_than_a_run_may_print_are_refused_up_front(capsys: pytest.CaptureFixture[str],
                                                             tmp_path: Path) -> None:
    code = cn.distinct_keys("5x5", 1, make_rng(1, "t"), None)[0].code
    assert run_cli(cli, ["codenames", "key", *[code] * (MAX_KEYS + 1), "-o", str(tmp_path / "k.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "CODES" in err and "10,000" in err
    assert not (tmp_path / "k.pdf").exists()


@pytest.mark.needs("pdftotext")
def test_many_codes_name_the_first_and_the_last_in_the_footer(tmp_path: Path) -> None:
    codes = [k.code for k in cn.distinct_keys("5x5", 17, make_rng(2, "t"), None)]
    out = tmp_path / "k.pdf"
    assert run_cli(cli, ["codenames", "key", *codes, "--lang", "en", "-o", str(out), "--quiet"]) == 0
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(out), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert f"{codes[0]} … {codes[-1]}" in text
    assert codes[8] not in text           # printed on its own card, on page 3: not in page 1's footer
