"""The README's commands are the ones CI runs."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _indented_commands(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.startswith("    python3 -m venv")]


def test_readme_opens_with_install_and_test_commands() -> None:
    commands = _indented_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(commands) >= 2
    assert commands[0].endswith("pnpgen kit")      # a fresh, secret kit seed: no seed shared by every reader
    assert commands[1].endswith("pytest")


def test_ci_runs_the_readme_test_command() -> None:
    test_command = _indented_commands((ROOT / "README.md").read_text(encoding="utf-8"))[1]
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert test_command in ci_lines
