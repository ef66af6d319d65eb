"""Kill test: a child rendering a PNG deck, and one writing the kit, killed at random moments (seeded);
afterwards the target holds the old set or the new set, never a mix, and the next run succeeds."""

from __future__ import annotations

import hashlib
import random
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.robustness.forker import Forker

from generator.core.files import COMMIT_PREFIX, clean_stale_staging, folder_lock

PNG_KILLS, KIT_KILLS = 15, 5          # 20 kills in all


def snapshot(folder: Path) -> dict[str, str]:
    """Every visible file under folder: relative path -> sha256 (pnpgen's hidden files left out)."""
    if not folder.exists():
        return {}
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not any(
                part.startswith(".pnpgen") for part in p.relative_to(folder).parts)}


@pytest.fixture(scope="module")
def forker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Forker]:
    """The children are forked from one warm server (forker.py): each is still a process of its own,
    killed with SIGKILL, without paying for a fresh interpreter and pnpgen's imports."""
    server = Forker(tmp_path_factory.mktemp("child-stderr"))
    yield server
    server.close()


def run(forker: Forker, args: list[str], cwd: Path, prelude: str = "") -> float:
    code, err, took = forker.run(args, cwd, prelude)
    assert code == 0, err
    return took


def refused(forker: Forker, args: list[str], cwd: Path) -> None:
    """A child refuses to overwrite without --force: exit 2, one line naming --force."""
    code, err, _ = forker.run(args, cwd)
    assert code == 2 and "--force" in err and err.count("\n") == 1, err


def kill_during(forker: Forker, args: list[str], cwd: Path, after: float, prelude: str = "") -> float | None:
    """A child killed `after` seconds in; None, or the seconds it took when it finished before that."""
    code, _, took = forker.run(args, cwd, prelude, kill_after=after)
    return None if code is None else took


def png_args(dpi: int) -> list[str]:
    return ["cards", "example", "example", "--format", "png", "--dpi", str(dpi), "-o", "deck", "--force", "-q"]


def test_killed_png_deck_leaves_old_or_new_set(forker: Forker, tmp_path: Path) -> None:
    rng = random.Random(16)
    variants = {30: {}, 32: {}}
    (tmp_path / "warm").mkdir()
    forker.warm(png_args(30), tmp_path / "warm")     # the children start warm: their run is mostly its writing
    for dpi in variants:                  # both sets, written whole once, as references
        seconds = run(forker, png_args(dpi), tmp_path)
        variants[dpi] = snapshot(tmp_path / "deck")
    assert variants[30] != variants[32] and set(variants[30]) == set(variants[32])
    assert len(variants[30]) == 19        # 18 fronts and the one back they share
    current = 32
    for _ in range(PNG_KILLS):
        other = 30 if current == 32 else 32
        kill_during(forker, png_args(other), tmp_path, rng.uniform(0.0, seconds * 1.2))
        state = snapshot(tmp_path / "deck")
        if state not in (variants[current], variants[other]):
            # killed after the commit point: a mix until the next run into the folder rolls it forward
            assert any(p.name.startswith(COMMIT_PREFIX) for p in (tmp_path / "deck").iterdir()), state
            with folder_lock(tmp_path / "deck"):
                clean_stale_staging(tmp_path / "deck")
            state = snapshot(tmp_path / "deck")
            assert state == variants[other]
        current = 30 if state == variants[30] else 32
    run(forker, png_args(30 if current == 32 else 32), tmp_path)
    assert snapshot(tmp_path / "deck") in (variants[30], variants[32])
    assert not [p for p in (tmp_path / "deck").iterdir() if p.name.startswith(".pnpgen")]


# The killed kits hold the card engine's parts and one game (noir, the quickest: 0.24 s of CPU, codex 0.6
# since its camouflage covers): the kit's folder swap, the part under test, is the same for one game as for
# five, and a whole kit per kill cost ~20 s of CPU.
ONE_GAME = "import generator.games as g; g.GAME_PACKAGES = ('noir',)"


def test_killed_kit_leaves_old_or_new_kit(forker: Forker, tmp_path: Path, kit_seed1: Path) -> None:
    rng = random.Random(1616)
    shutil.copytree(kit_seed1, tmp_path / "kit")      # the old kit: the whole `pnpgen kit --seed 1`
    old = snapshot(tmp_path / "kit")
    (tmp_path / "kit" / "notes.txt").write_text("mine", encoding="utf-8")
    mine = snapshot(tmp_path / "kit")
    refused(forker, ["kit", "--seed", "2", "-o", "kit", "-q"], tmp_path)
    assert snapshot(tmp_path / "kit") == mine
    new_args = ["kit", "--seed", "2", "-o", "kit", "--force", "-q"]
    # the children start warm; the prelude stays in the server, and every child from here on gets it
    forker.warm(["kit", "--seed", "3", "-o", "warm", "-q"], tmp_path, ONE_GAME)
    seconds = run(forker, ["kit", "--seed", "2", "-o", "reference", "-q"], tmp_path, ONE_GAME)   # the new kit, aside
    reference = snapshot(tmp_path / "reference")
    assert "noir/noir-cards-pt.pdf" in reference and "codex/codex-rules-it.pdf" not in reference
    states = []
    for _ in range(KIT_KILLS):
        took = kill_during(forker, new_args, tmp_path, rng.uniform(0.3 * seconds, 1.3 * seconds), ONE_GAME)
        seconds = min(seconds, took or seconds)     # the first child starts cold: a run that ends sooner rescales
        states.append(snapshot(tmp_path / "kit"))
    run(forker, new_args, tmp_path, ONE_GAME)
    new = snapshot(tmp_path / "kit")
    assert {name: new[name] for name in reference} == reference       # same seed, same bytes
    # the old kit's own files (its .kit-files) are replaced, the user's file beside them is kept
    assert set(new) == set(reference) | {"notes.txt"} and ".kit-files" in set(old) & set(new)
    assert new != old and "index.md" in new and new["notes.txt"] == old.get("notes.txt", new["notes.txt"])
    old["notes.txt"] = new["notes.txt"]
    for state in states:
        assert state in (old, new), sorted(set(state.items()) ^ set(old.items()))[:5]
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]
    assert leftovers == [], leftovers
