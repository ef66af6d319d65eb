"""The kit keeps its secrets against a player with a laptop (issues 21 and 31; docs/kit.md, "Threat model").

For two kit seeds (1, the session's shared kit that other tests read too, and a code like a fresh kit
seed) the test reads what a player can: every file outside the host/ folders (index.md, the hidden
.kit-files, every file's name, every PDF's text and metadata) and every handout (the Codex agent cards
and roles card, each Codenames key card shown to a spymaster). It proves, by the codes' sizes and
derivation rather than by trying luckily:

- every code that reprints a secret is the kit seed's derive_key for its product: 74 random bits, so
  matching a page by trying codes takes ~2**73 tries (a code shortened to 31 bits fails here);
- nothing a player reads holds a host code or the kit seed (in any form), nor depends on the kit seed
  but through a short public code (derive_seed, a keyed hash: it tells nothing of derive_key's codes)
  or a secret product's own public part (the dungeon's first chapter, a handout), whose code has 74 bits;
- an item's code (a key card's) reprints that item only;
- and, as a net under that proof, that no number or code on a player's page reprints a secret.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.cli import cli
from generator.cli.common import run_cli
from generator.cli.kit import HOST_INDEX, is_host_file
from generator.core.codes import CODE_BITS, MIN_SECRET_BITS, format_seed, is_code_value, parse_code, seed_bits
from generator.core.errors import ParseError
from generator.core.rng import SEED_LIMIT, derive_key, derive_seed, make_rng

pytestmark = pytest.mark.needs("pdftotext")     # the pages are read with poppler's pdftotext

FRESH = 2**74 + 0x2F3A51C904D766E1B3              # a kit seed like a fresh one (a code of 74 random bits)
KIT_SEEDS = (1, FRESH)                            # one a person would type, one like a fresh kit seed
SECRET_PRODUCTS = ("codex-deal", "codenames-keys", "laser-layout", "dungeon-campaign")
PUBLIC_PRODUCTS = ("noir-table", "laser-puzzles")
CODE = re.compile(r"\b[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z+_@=]")   # a secret code as printed
KEY_CODE = re.compile(r"(?<![-0-9A-Z])[0-9A-Z]{5}-[0-9A-Z]{5}(?![-0-9A-Z])")   # a Codenames key's own code
HYPHENATED = re.compile(r"\b[0-9A-Za-z]+(?:-[0-9A-Za-z]+)+\b")


@dataclass
class Kit:
    seed: int
    folder: Path
    player_files: list[Path]              # every file outside host/, hidden ones and index.md included
    player_text: str                      # their names, text and metadata, and every handout, one string


@pytest.fixture(scope="session")
def secret_kits(built_kit: Callable[..., Path]) -> list[Kit]:
    kits = []
    for seed in KIT_SEEDS:
        folder = built_kit("--seed", format_seed(seed))     # read only: the session's kits (tests/conftest.py)
        files = sorted(p for p in folder.rglob("*") if p.is_file() and not is_host_file(p.relative_to(folder)))
        texts = [p.relative_to(folder).as_posix() for p in files] + [_file_text(p) for p in files]
        texts += _handouts(folder)
        kits.append(Kit(seed, folder, files, "\n".join(texts)))
    return kits


def _pdf_pages(path: Path) -> list[str]:
    """The text of each page (poppler's pdftotext), read once per session (tests/pdftext.py)."""
    return list(page_texts(path, tool=True))


def _file_text(path: Path) -> str:
    """Everything a file shows: a PDF's pages and metadata, any other file's text (a kind of file this
    cannot read fails the test until it is read here)."""
    if path.suffix != ".pdf":
        return path.read_text(encoding="utf-8")
    metadata = PdfReader(path).metadata or {}                # title, subject...: a viewer shows them too
    return "\n".join([*_pdf_pages(path), *(str(value) for value in metadata.values())])


def _texts(items: Iterable[Any]) -> list[str]:
    """Every string a list of scene items prints (groups opened)."""
    from generator.scene.model import Group, Text

    out: list[str] = []
    for item in items:
        if isinstance(item, Text):
            out.append(item.text)
        elif isinstance(item, Group):
            out += _texts(item.items)
    return out


def _deal(folder: Path) -> Any:
    from generator.games.codex.rules import parse_deal

    return parse_deal((folder / "codex" / "host" / "codex-deal.json").read_text(encoding="utf-8"))


def _codex_handouts(folder: Path) -> list[str]:
    """What the agents hold: each agent's strip (as printed: its scene items' text), and the pages of the
    deal that are not the Master's (agent-card page, roles card, rules)."""
    from generator.games.codex import GAME
    from generator.games.codex.content import load_texts
    from generator.games.codex.sheets.cards import agent_strip

    texts = load_texts(GAME.default_language)
    deal = _deal(folder)
    strips = ["\n".join(_texts(agent_strip(agent, deal, texts))) for agent in deal.agents]
    title = texts.label("master", "title")
    return strips + [page for page in _pdf_pages(folder / "codex" / "host" / "codex-deal.pdf") if title not in page]


def _key_card_handouts(folder: Path) -> list[str]:
    """Each key card as a spymaster sees it (its scene items' text: the grid's code and nothing else)."""
    from generator.games.codenames.sheets import key_card_items

    return ["\n".join(_texts(key_card_items(key))) for grid in ("5x5", "5x4") for key in _keys(folder, grid)]


def _handouts(folder: Path) -> list[str]:
    return _codex_handouts(folder) + _key_card_handouts(folder)


@cache
def _keys(folder: Path, grid: str) -> list[Any]:
    from generator.games.codenames.rules.keys import Key

    text = _file_text(folder / "codenames" / "host" / f"keys-{grid}.pdf")
    return [Key.from_code(code) for code in KEY_CODE.findall(text)]


# --- the host codes, read back from the host's files -------------------------------------------

def _one_code(text: str) -> int:
    found = {parse_code(code) for code in CODE.findall(text)}
    assert len(found) == 1, found
    return found.pop()


def host_codes(kit: Kit) -> dict[str, int]:
    """Each secret product's code as its host file prints it (small kit seeds print a code too: every
    secret code is a code)."""
    folder = kit.folder
    master = [page for page in _pdf_pages(folder / "codex" / "host" / "codex-deal.pdf") if CODE.search(page)]
    return {"codex-deal": _one_code("\n".join(master)),
            "codenames-keys": _one_code(_file_text(folder / "codenames" / "host" / "keys-5x5.pdf")),
            "laser-layout": _one_code(_file_text(folder / "laser" / "host" / "laser-host.pdf")),
            "dungeon-campaign": json.loads((folder / "dungeon" / "host" / "dungeon-campaign.json")
                                           .read_text(encoding="utf-8"))["seed"]}


def test_every_host_code_is_the_kit_seeds_derived_key_of_74_random_bits(secret_kits: list[Kit]) -> None:
    """The proof's first half: a secret's code is derive_key(kit seed, product), a value in [2**74, 2**75)
    (74 random bits: a 31-bit code, or a code that is the kit seed, fails here)."""
    assert CODE_BITS >= MIN_SECRET_BITS == 64
    for kit in secret_kits:
        codes = host_codes(kit)
        for product in SECRET_PRODUCTS:
            code = codes[product]
            assert code == derive_key(kit.seed, product) != kit.seed, (kit.seed, product)
            assert is_code_value(code) and seed_bits(code) >= CODE_BITS, (kit.seed, product, code)
        assert len(set(codes.values())) == len(SECRET_PRODUCTS)        # each product its own code
        host_index = (kit.folder / HOST_INDEX).read_text(encoding="utf-8")
        assert f"kit seed: {format_seed(kit.seed)}" in host_index
        assert all(format_seed(code) in host_index for code in codes.values())


# --- what a player reads holds none of them -----------------------------------------------------

def _forms(value: int) -> set[str]:
    """Every way a code could be written: as printed, without dashes, as a decimal number."""
    shown = format_seed(value)
    return {shown, shown.replace("-", ""), str(value)}


def _flat(text: str) -> str:
    return re.sub(r"\s", "", text).upper()


def test_no_file_outside_host_nor_handout_holds_a_host_code_or_the_kit_seed(secret_kits: list[Kit]) -> None:
    for kit in secret_kits:
        flat = _flat(kit.player_text)
        assert ".kit-files" in kit.player_text and "index.md" in kit.player_text      # the hidden file, the index
        secrets = list(host_codes(kit).values()) + ([kit.seed] if is_code_value(kit.seed) else [])
        for value in secrets:
            for form in _forms(value):
                assert form.upper() not in flat, (kit.seed, form)
    fresh = secret_kits[-1]
    assert fresh.seed == FRESH and str(FRESH) not in _flat(fresh.player_text)


def test_index_lists_the_players_files_and_points_to_the_hosts(secret_kits: list[Kit]) -> None:
    kit = secret_kits[0]
    index = (kit.folder / "index.md").read_text(encoding="utf-8")
    host_index = (kit.folder / HOST_INDEX).read_text(encoding="utf-8")
    private = sorted(p.relative_to(kit.folder).as_posix() for p in kit.folder.rglob("*")
                     if p.is_file() and is_host_file(p.relative_to(kit.folder)))
    assert [Path(p).parts[0] for p in private] == ["codenames", "codenames", "codex", "codex", "dungeon", "host",
                                                    "laser", "laser"]
    assert HOST_INDEX.as_posix() in index and "kit seed" not in index.lower()
    for name in private:
        assert name == HOST_INDEX.as_posix() or (name not in index and f"- {name}  [" in host_index)
    for path in kit.player_files:
        name = path.relative_to(kit.folder).as_posix()
        assert name in (".kit-files", "index.md") or f"- {name}  [" in index


def _public_name(kit: Kit, path: Path) -> str:
    """A player's file name with its public code (if any) written as CODE, to compare two kits."""
    name = path.relative_to(kit.folder).as_posix()
    for product in PUBLIC_PRODUCTS:
        name = name.replace(f"seed{derive_seed(kit.seed, product)}", "seedCODE")
    return name


def test_the_players_files_depend_on_the_kit_seed_only_through_public_codes(secret_kits: list[Kit]) -> None:
    """The proof's second half: between two kit seeds, a player's file differs only where a short public
    code (derive_seed: a keyed hash, nothing of derive_key's codes) or a secret product's public part
    (the dungeon's first chapter, dealt from the campaign's 74-bit code) is printed."""
    from generator.games.codex.sheets.cards import agent_strip  # noqa: F401  (the handouts: tested below)

    a, b = secret_kits
    files_a = {_public_name(a, p): p for p in a.player_files}
    files_b = {_public_name(b, p): p for p in b.player_files}
    assert set(files_a) == set(files_b)
    differ = sorted(name for name in files_a if files_a[name].read_bytes() != files_b[name].read_bytes())
    assert differ == [".kit-files", "dungeon/dungeon-chapter-1.pdf", "index.md", "laser/laser-puzzles-seedCODE.pdf",
                      "noir/noir-setup-seedCODE.pdf"]
    for kit in (a, b):
        for product in PUBLIC_PRODUCTS:          # a public code is short, and printed as a number
            assert 1 <= derive_seed(kit.seed, product) <= SEED_LIMIT
        index = (kit.folder / "index.md").read_text(encoding="utf-8")
        other = b if kit is a else a
        public = {str(derive_seed(kit.seed, p)) for p in PUBLIC_PRODUCTS}
        assert _differing_words(index, (other.folder / "index.md").read_text(encoding="utf-8")) <= public


def _differing_words(one: str, other: str) -> set[str]:
    """The numbers in one text that are not in the other."""
    return set(re.findall(r"\d+", one)) - set(re.findall(r"\d+", other))


def test_a_key_cards_code_reprints_that_card_only(secret_kits: list[Kit]) -> None:
    from generator.games.codenames.rules.keys import Key

    for kit in secret_kits:
        sheet_code = format_seed(host_codes(kit)["codenames-keys"])
        for grid in ("5x5", "5x4"):
            keys = _keys(kit.folder, grid)
            assert len(keys) == 8 and len({k.code for k in keys}) == 8
            for key in keys:
                from generator.games.codenames.sheets import key_card_items

                card = "\n".join(_texts(key_card_items(key)))
                assert KEY_CODE.findall(card) == [key.code] and Key.from_code(key.code) == key
                assert sheet_code not in card and not CODE.search(card)


def test_an_agent_card_carries_no_code(secret_kits: list[Kit]) -> None:
    from generator.games.codex import GAME
    from generator.games.codex.content import load_texts
    from generator.games.codex.sheets.cards import agent_strip

    texts = load_texts(GAME.default_language)
    for kit in secret_kits:
        deal = _deal(kit.folder)
        assert deal.seed == derive_key(kit.seed, "codex-deal")
        for agent in deal.agents:
            strip = "\n".join(_texts(agent_strip(agent, deal, texts)))
            assert not CODE.search(strip) and not KEY_CODE.search(strip)
            assert not re.search(r"\d{5,}", strip), strip


# --- each host code reprints its secret; each public code its page -----------------------------

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
    """The piles left face down once `pnpgen dungeon new --players 2 --seed S` has dealt its first chapter."""
    from generator.games.dungeon.rules.campaign import deal_chapter, new_campaign

    campaign = new_campaign(_dungeon_deck(), 2, make_rng(seed, "dungeon", "campaign"), seed)
    deal_chapter(campaign, _dungeon_deck())
    return campaign.piles


def _kit_secrets(kit: Kit) -> dict[str, Any]:
    """The kit's secrets, read back from its host/ files."""
    folder = kit.folder
    deal = json.loads((folder / "codex" / "host" / "codex-deal.json").read_text(encoding="utf-8"))
    campaign = json.loads((folder / "dungeon" / "host" / "dungeon-campaign.json").read_text(encoding="utf-8"))
    layout_file = folder / "laser" / "host" / "laser-layout.txt"
    header, layout = layout_file.read_text(encoding="utf-8").split("\n", 1)       # the header line, the layout
    assert header.startswith("# fair layout")
    keys = {grid: sorted(k.code for k in _keys(folder, grid)) for grid in ("5x5", "5x4")}
    return {"codex": {k: v for k, v in deal.items() if k != "seed"}, "laser": layout, "keys": keys,
            "dungeon": campaign["piles"]}


def test_each_host_code_reprints_its_secret(secret_kits: list[Kit]) -> None:
    from generator.games.dungeon.cli import campaign_text
    from generator.games.dungeon.rules.campaign import deal_chapter, new_campaign

    for kit in secret_kits:
        secrets, codes = _kit_secrets(kit), host_codes(kit)
        assert codex_secret(codes["codex-deal"]) == secrets["codex"]
        for grid in ("5x5", "5x4"):
            assert sorted(codenames_secret(codes["codenames-keys"], grid)) == secrets["keys"][grid]
        assert laser_secret(codes["laser-layout"]) == secrets["laser"]
        code = codes["dungeon-campaign"]
        campaign = new_campaign(_dungeon_deck(), 2, make_rng(code, "dungeon", "campaign"), code)
        deal_chapter(campaign, _dungeon_deck())
        campaign_file = kit.folder / "dungeon" / "host" / "dungeon-campaign.json"
        assert campaign_text(campaign) == campaign_file.read_text(encoding="utf-8")


def _candidates(text: str) -> set[int]:
    """Every number and every code a player can read, as a seed."""
    found = {int(n) for n in re.findall(r"\d+", text) if len(n) <= 30}
    for token in HYPHENATED.findall(text.upper()):
        try:
            found.add(parse_code(token))
        except ParseError:
            continue
    return found


def test_no_number_or_code_a_player_reads_reprints_a_secret(secret_kits: list[Kit]) -> None:
    """The net under the proof: every number and code on the players' pages and handouts, and the kit
    seed itself, tried as the seed of every command that makes a secret."""
    for kit in secret_kits:
        secrets = _kit_secrets(kit)
        candidates = _candidates(kit.player_text) | {kit.seed}
        assert len(candidates) > 50, "the pages were read"       # page numbers, HP, cannons...
        for n in sorted(candidates):
            assert codex_secret(n) != secrets["codex"], (kit.seed, n)
            assert laser_secret(n) != secrets["laser"], (kit.seed, n)
            for grid in ("5x5", "5x4"):
                assert sorted(codenames_secret(n, grid)) != secrets["keys"][grid], (kit.seed, n, grid)
            assert dungeon_secret(n) != secrets["dungeon"], (kit.seed, n)


def test_public_codes_are_short_and_reprint_their_pages(secret_kits: list[Kit]) -> None:
    from generator.games.noir.cli import deal
    from generator.games.noir.rules import format_setup

    for kit in secret_kits:
        code = derive_seed(kit.seed, "noir-table")
        table = kit.folder / "noir" / f"noir-setup-seed{code}.pdf"
        grid_code = format_setup(deal(code)).split(";")[0]
        assert grid_code in re.sub(r"\s", "", _file_text(table)) and str(code) in _file_text(table)
        book = kit.folder / "laser" / f"laser-puzzles-seed{derive_seed(kit.seed, 'laser-puzzles')}.pdf"
        assert book.is_file()


# --- the terminal, chosen seeds, help ----------------------------------------------------------

def _fake_parts(lang: str | None) -> list[Any]:
    """One part writing a player's file and a host file whose description holds a code."""
    def part(out: Path, seed: int, paper: str, force: bool, lang: str | None) -> list[tuple[Path, str]]:
        (out / "g" / "host").mkdir(parents=True, exist_ok=True)
        (out / "g" / "public.txt").write_text("public\n")
        (out / "g" / "host" / "deal.txt").write_text("secret\n")
        code = format_seed(derive_key(seed, "g-deal"))
        return [(out / "g" / "public.txt", "a public page"), (out / "g" / "host" / "deal.txt", f"the deal, code {code}")]
    return [("g", None, part)]


def test_the_terminal_shows_the_kit_seed_once_and_no_other_secret(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli import kit as kit_module

    monkeypatch.setattr(kit_module, "_kit_parts", _fake_parts)
    seed = format_seed(FRESH)
    code = format_seed(derive_key(FRESH, "g-deal"))
    assert run_cli(cli, ["kit", "--seed", seed, "-o", str(tmp_path / "a")]) == 0
    out, err = capsys.readouterr()
    assert code not in out + err and (out + err).count(seed) == 2          # once, in its line (and its command)
    assert "for the host only" in err and "warning" not in err and "a public page" in out
    assert run_cli(cli, ["kit", "--seed", seed, "-o", str(tmp_path / "b"), "-v"]) == 0
    out, _ = capsys.readouterr()
    assert f"[for the host only: the deal, code {code}]" in out
    assert code in (tmp_path / "b" / HOST_INDEX).read_text(encoding="utf-8")
    assert code not in (tmp_path / "b" / "index.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", ["42", "123456789012345678", "M8CZN-WHS4E-NSJ3D-T"])
def test_a_chosen_short_seed_is_warned_about(seed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli import kit as kit_module

    monkeypatch.setattr(kit_module, "_kit_parts", lambda lang: [])
    assert run_cli(cli, ["kit", "--seed", seed, "-o", str(tmp_path / "k"), "-q"]) == 0
    err = capsys.readouterr().err
    assert ("warning" in err) == (seed_bits(int(seed) if seed.isdigit() else parse_code(seed)) < 64)
    assert ("warning" in err) == seed.isdigit()


def test_a_kit_without_seed_draws_a_fresh_code(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --seed the kit seed comes from the secure source, is printed once (even with -q) and is in
    host/README.md only; two such kits differ."""
    from generator.cli import kit as kit_module

    monkeypatch.setattr(kit_module, "_kit_parts", lambda lang: [])
    seeds = []
    for name in ("a", "b"):
        assert run_cli(cli, ["kit", "-o", str(tmp_path / name), "-q"]) == 0
        said = CODE.findall(capsys.readouterr().err)
        assert len(set(said)) == 1
        seeds.append(parse_code(said[0]))
        assert f"kit seed: {said[0]}" in (tmp_path / name / HOST_INDEX).read_text(encoding="utf-8")
        assert said[0] not in (tmp_path / name / "index.md").read_text(encoding="utf-8")
    assert seeds[0] != seeds[1] and all(is_code_value(s) for s in seeds)


def test_no_help_or_doc_shows_a_kit_seed_to_copy(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--help"], ["kit", "--help"]):
        assert run_cli(cli, args) == 0
        assert not re.search(r"--seed\s+(?!(?:CODE|SEED)\b)[0-9A-Z]", capsys.readouterr().out), args
    root = Path(__file__).resolve().parent.parent
    for doc in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        for line in doc.read_text(encoding="utf-8").splitlines():
            found = re.search(r"pnpgen kit\b[^`\n]*--seed\s+([^\s`\]]+)", line)
            assert found is None or found.group(1) in ("CODE", "N"), (doc.name, line)
