"""The kit keeps its secrets (issue 21): no number or code a player can read reproduces a secret.

For three kit seeds the kit is taken from the session's shared kits (tests/conftest.py: 1 and 11 are the
kits other tests read too). Every page the players see is read back
(pdftotext; every file outside the games' host/ folders, index.md aside, plus the pages of the Codex deal that are
handed out: agent cards, roles card, rules), and every number and code on them, and the kit seed itself,
is tried as `--seed` (or as a code) for every command that makes a secret, through the functions those
commands use: the Codex deal, the Codenames keys, the laser layout, the dungeon campaign's piles. None
may give back the kit's secret. Each private file's printed code must reprint it, and each public
page's code its page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.cli import cli
from generator.cli.common import run_cli
from generator.cli.kit import KIT_LANGUAGES
from generator.core.rng import derive_seed, make_rng
from generator.scene.footer import seed_words

pytestmark = pytest.mark.needs("pdftotext")     # the pages are read with poppler's pdftotext

KIT_SEEDS = (1, 11, 4_611_686_018_427_391_017)    # two a person would type, one like a fresh kit seed
PRODUCTS = ("codex-deal", "codenames-keys", "laser-layout", "laser-puzzles", "noir-table", "dungeon-campaign")
HYPHENATED = re.compile(r"\b[0-9A-Za-z]+(?:-[0-9A-Za-z]+)+\b")     # every code pnpgen prints has a '-'
KEY_CODE = re.compile(r"\b[0-9A-Z]{5}-[0-9A-Z]{5}\b")                  # a Codenames key's code


@dataclass
class Kit:
    seed: int
    folder: Path
    player_text: str                      # every page the players see, one string
    player_files: list[Path]


@pytest.fixture(scope="session")
def secret_kits(built_kit: Callable[..., Path]) -> list[Kit]:
    kits = []
    for seed in KIT_SEEDS:
        folder = built_kit("--seed", str(seed))          # read only: the session's kits (tests/conftest.py)
        files = sorted(p for p in folder.rglob("*") if p.is_file() and p.name not in ("index.md", ".kit-files")
                       and "host" not in p.relative_to(folder).parts)
        texts = [_file_text(p) for p in files] + _handed_out_codex_pages(folder)
        kits.append(Kit(seed, folder, "\n".join(texts), files))
    return kits


def _pdf_pages(path: Path) -> list[str]:
    """The text of each page of a PDF (poppler's pdftotext: ten times faster than pypdf on the kit's 300
    pages; the test suite needs poppler anyway), read once per session (tests/pdftext.py: the kit tests
    read the same kits)."""
    return list(page_texts(path, tool=True))


def _file_text(path: Path) -> str:
    """The text of a file players see. Only PDFs are in the kit's players' part; any other kind of file
    there must be read here too before this test can pass."""
    assert path.suffix == ".pdf", f"{path}: read this kind of file in the secrets test"
    metadata = PdfReader(path).metadata or {}                # title, subject...: a viewer shows them too
    return "\n".join([*_pdf_pages(path), *(str(value) for value in metadata.values())])


def _codex_pages(folder: Path) -> tuple[list[str], list[str]]:
    """The Codex deal's pages: (the Master's sheet, every other page: agent cards, roles card, rules)."""
    from generator.games.codex import GAME
    from generator.games.codex.content import load_texts

    title = load_texts(GAME.default_language).label("master", "title")
    pages = _pdf_pages(folder / "codex" / "host" / "codex-deal.pdf")
    assert len(pages) == len(PdfReader(folder / "codex" / "host" / "codex-deal.pdf").pages)
    master = [text for text in pages if title in text]
    assert master, "the Master's sheet is in the deal"
    return master, [text for text in pages if title not in text]


def _handed_out_codex_pages(folder: Path) -> list[str]:
    return _codex_pages(folder)[1]


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text) if len(n) <= 19}


def _printed_code(text: str) -> int:
    """The code a footer prints with seed_words ('seed 7', 'codice partita 7', ...), in any language."""
    found: set[int] = set()
    for lang in KIT_LANGUAGES:
        pattern = re.escape(seed_words("SEEDHERE", lang)).replace("SEEDHERE", r"(\d+)")
        found |= {int(n) for n in re.findall(pattern, text)}
    assert len(found) == 1, found
    return found.pop()


# --- the secrets, as each command would make them from a seed ------------------------------------

@cache
def _catalog_and_board() -> tuple[Any, Any, Any]:
    from generator.games.laser.content import load_catalog
    from generator.games.laser.rules.model import Board

    catalog = load_catalog()
    return catalog, catalog.beginner(), Board()


@cache
def _dungeon_deck() -> Any:
    from generator.games.dungeon.content import load_deck

    return load_deck()


@cache           # a function of the number alone: a number on several kits' pages is worked out once
def codex_secret(seed: int) -> dict[str, Any]:
    """What `pnpgen codex deal --seed S` deals (identities, roles, positions, fragments), seed aside."""
    from generator.games.codex import rules as codex
    from generator.games.codex.cli import make_deal

    data = codex.deal_to_dict(make_deal(seed, codex.DEFAULT_AGENTS, codex.DEFAULT_FACTIONS, [], None))
    return {k: v for k, v in data.items() if k != "seed"}


@cache
def codenames_secret(seed: int, grid: str) -> list[str]:
    """The key codes of `pnpgen codenames keys --grid G --count 8 --seed S`."""
    from generator.games.codenames.rules import keys as cn

    return [k.code for k in cn.distinct_keys(grid, 8, make_rng(seed, "codenames", "keys", grid))]


@cache
def laser_secret(seed: int) -> str:
    """The layout of `pnpgen laser generate --seed S` (the kit's components and board)."""
    from generator.games.laser.rules.generate import generate_fair
    from generator.games.laser.rules.notation import format_layout

    _, chosen, board = _catalog_and_board()
    return format_layout(generate_fair(make_rng(seed, "laser", "generate"), board, chosen, 0))


@cache
def dungeon_secret(seed: int) -> dict[str, list[str]]:
    """The piles left face down once `pnpgen dungeon new --players 2 --seed S` has dealt its first
    chapter (the chapters, Creatures, Objets and Bosses to come; the first chapter is on the table)."""
    from generator.games.dungeon.rules.campaign import deal_chapter, new_campaign

    campaign = new_campaign(_dungeon_deck(), 2, make_rng(seed, "dungeon", "campaign"), seed)
    deal_chapter(campaign, _dungeon_deck())
    return campaign.piles


def _kit_secrets(kit: Kit) -> dict[str, Any]:
    """The kit's secrets, read back from its host/ files."""
    folder = kit.folder
    deal = json.loads((folder / "codex" / "host" / "codex-deal.json").read_text(encoding="utf-8"))
    campaign = json.loads((folder / "dungeon" / "host" / "dungeon-campaign.json").read_text(encoding="utf-8"))
    (layout_file,) = (folder / "laser" / "host").glob("laser-layout-*.txt")
    layout = "".join(line + "\n" for line in layout_file.read_text(encoding="utf-8").splitlines()
                     if not line.startswith("#"))
    keys = {grid: sorted(KEY_CODE.findall(_file_text(folder / "codenames" / "host" / f"keys-{grid}.pdf")))
            for grid in ("5x5", "5x4")}
    return {"codex": {k: v for k, v in deal.items() if k != "seed"}, "laser": layout, "keys": keys,
            "dungeon": campaign["piles"]}


# --- the property ---------------------------------------------------------------------------------

def test_no_number_or_code_on_a_players_page_reproduces_a_secret(secret_kits: list[Kit]) -> None:
    for kit in secret_kits:
        secrets = _kit_secrets(kit)
        candidates = _numbers(kit.player_text) | {kit.seed}
        assert len(candidates) > 50, "the pages were read"       # page numbers, HP, cannons...
        for n in sorted(candidates):
            assert codex_secret(n) != secrets["codex"], (kit.seed, n)
            assert laser_secret(n) != secrets["laser"], (kit.seed, n)
            for grid in ("5x5", "5x4"):
                assert sorted(codenames_secret(n, grid)) != secrets["keys"][grid], (kit.seed, n, grid)
            assert dungeon_secret(n) != secrets["dungeon"], (kit.seed, n)
            # a number taken for the kit seed itself: its derived codes are not the kit's
            for product in PRODUCTS:
                assert derive_seed(n, product) != derive_seed(kit.seed, product) or n == kit.seed


def test_no_code_on_a_players_page_is_a_secret_key_or_layout(secret_kits: list[Kit]) -> None:
    from generator.games.codenames.rules.keys import Key
    from generator.games.laser.rules.code import decode
    from generator.games.laser.rules.notation import format_layout

    catalog, _, _ = _catalog_and_board()
    for kit in secret_kits:
        secrets = _kit_secrets(kit)
        all_keys = {c for codes in secrets["keys"].values() for c in codes}
        assert all_keys and len(all_keys) == 16
        for token in sorted(set(HYPHENATED.findall(kit.player_text))):
            assert token not in all_keys, (kit.seed, token)
            for try_decode in (lambda t: Key.from_code(t).code, lambda t: format_layout(decode(t, catalog)[0])):
                try:
                    decoded = try_decode(token)
                except Exception:
                    continue
                assert decoded not in all_keys and decoded != secrets["laser"], (kit.seed, token)


def test_the_kit_seed_is_on_no_players_page(secret_kits: list[Kit]) -> None:
    big = secret_kits[-1]
    assert big.seed > 2**40
    assert str(big.seed) not in re.sub(r"\s", "", big.player_text)
    for kit in secret_kits:
        index = (kit.folder / "index.md").read_text(encoding="utf-8")
        host_part = index.split("## For the host only", 1)
        assert len(host_part) == 2 and f"kit seed: {kit.seed}" in host_part[1]
        assert f"seed: {kit.seed}" not in host_part[0]


def test_private_files_sit_in_host_folders_and_index_says_so(secret_kits: list[Kit]) -> None:
    kit = secret_kits[0]
    private = sorted(str(p.relative_to(kit.folder)) for p in kit.folder.rglob("host/*"))
    assert [Path(p).parent.parent.name for p in private] == ["codenames", "codenames", "codex", "codex", "dungeon",
                                                            "laser", "laser"]
    index = (kit.folder / "index.md").read_text(encoding="utf-8")
    players, host = index.split("## Players' files", 1)[1].split("## Host-only files", 1)
    for name in private:
        assert f"- {name}  [" in host and name not in players
    for path in kit.player_files:
        assert f"- {path.relative_to(kit.folder)}  [" in players


# --- each private file's code reprints it; each public page's code its page --------------------

def test_each_private_files_printed_code_reprints_it(secret_kits: list[Kit]) -> None:
    from generator.games.codenames.rules.keys import Key
    from generator.games.dungeon.cli import campaign_text
    from generator.games.dungeon.rules.campaign import deal_chapter, new_campaign

    for kit in secret_kits:
        secrets, folder = _kit_secrets(kit), kit.folder
        master, _ = _codex_pages(folder)
        assert codex_secret(_printed_code("\n".join(master))) == secrets["codex"]
        for grid in ("5x5", "5x4"):
            text = _file_text(folder / "codenames" / "host" / f"keys-{grid}.pdf")
            assert sorted(codenames_secret(_printed_code(text), grid)) == secrets["keys"][grid]
            assert all(Key.from_code(code).code == code for code in secrets["keys"][grid])
        (host_sheet,) = (folder / "laser" / "host").glob("laser-host-*.pdf")
        assert laser_secret(_printed_code(_file_text(host_sheet))) == secrets["laser"]
        campaign_file = folder / "dungeon" / "host" / "dungeon-campaign.json"
        code = json.loads(campaign_file.read_text(encoding="utf-8"))["seed"]
        campaign = new_campaign(_dungeon_deck(), 2, make_rng(code, "dungeon", "campaign"), code)
        deal_chapter(campaign, _dungeon_deck())
        assert campaign_text(campaign) == campaign_file.read_text(encoding="utf-8")
        assert code == derive_seed(kit.seed, "dungeon-campaign") != kit.seed


def test_the_noir_tables_public_code_reprints_the_table(secret_kits: list[Kit]) -> None:
    from generator.games.noir.cli import deal
    from generator.games.noir.rules import format_setup

    for kit in secret_kits:
        (table,) = (kit.folder / "noir").glob("noir-setup-*.pdf")
        text = _file_text(table)
        code = _printed_code(text)
        assert code == derive_seed(kit.seed, "noir-table")
        grid_code = format_setup(deal(code)).split(";")[0]
        assert grid_code in re.sub(r"\s", "", text)


def test_the_puzzle_books_code_is_its_own(secret_kits: list[Kit]) -> None:
    kit = secret_kits[0]
    (book,) = (kit.folder / "laser").glob("laser-puzzles-*.pdf")
    assert _printed_code(_pdf_pages(book)[0]) == derive_seed(kit.seed, "laser-puzzles")


def test_a_kit_without_seed_draws_a_fresh_one(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --seed the kit seed comes from the secure source, is printed (even with -q) and is in
    index.md; two such kits differ. (The kit's parts are stubbed: only the seed is at stake here.)"""
    from generator.cli import kit as kit_module

    monkeypatch.setattr(kit_module, "_kit_parts", lambda lang: [])
    seeds = []
    for name in ("a", "b"):
        assert run_cli(cli, ["kit", "-o", str(tmp_path / name), "-q"]) == 0
        said = re.search(r"kit seed: (\d+)", capsys.readouterr().err)
        assert said is not None
        seeds.append(int(said.group(1)))
        assert f"kit seed: {said.group(1)}" in (tmp_path / name / "index.md").read_text(encoding="utf-8")
    assert seeds[0] != seeds[1] and all(1 <= s < 2**63 for s in seeds)
