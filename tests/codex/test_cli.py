"""`pnpgen codex`: files written, JSON, reprinting a saved deal, the kit part, and bad input as one
line with exit status 2 and nothing written."""

from __future__ import annotations

import io
import json

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.codex import cli as command
from generator.games.codex import rules as codex

PLAYERS = "Ann,Ben,Cleo,Dan,Eva,Fede"


@pytest.fixture(autouse=True)
def _output(tmp_path, monkeypatch):
    monkeypatch.setenv("PNPGEN_OUTPUT", str(tmp_path / "out"))
    monkeypatch.chdir(tmp_path)


def _files(tmp_path) -> list:
    return sorted(p for p in tmp_path.rglob("*") if p.is_file())


def test_deal_writes_one_pdf_at_the_default_path(tmp_path, capsys) -> None:
    assert run_cli(cli, ["codex", "deal", "--players", PLAYERS, "--seed", "7"]) == 0
    pdf = tmp_path / "out" / "codex" / "deal-seed7.pdf"
    assert f"wrote {pdf}" in capsys.readouterr().out
    text = "".join(page_texts(pdf))
    for name in PLAYERS.split(","):
        assert name in text


def test_json_to_stdout_is_the_deal(capsys) -> None:
    assert run_cli(cli, ["codex", "deal", "--players", PLAYERS, "--roles", "hacker,profiler",
                         "--seed", "7", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 7 and data["roles_in_play"] == ["leader", "hacker", "profiler"]
    assert [a["name"] for a in data["agents"]] == PLAYERS.split(",")
    assert codex.deal_from_dict(data) == codex.deal(7, roles=["hacker", "profiler"],
                                                    names=PLAYERS.split(","))


def test_options_reach_the_deal(capsys) -> None:
    assert run_cli(cli, ["codex", "deal", "--players", "A,B,C,D,E,F,G,H", "--factions", "verde,nero",
                         "--roles", "infiltrato", "--seed", "3", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["factions"] == ["green", "black"] and len(data["roles_in_play"]) == 4
    assert "infiltrator" in data["roles_in_play"]
    assert all(len(code) == 4 for code in data["codes"].values())


def test_saved_deal_prints_to_the_same_bytes(tmp_path) -> None:
    assert run_cli(cli, ["codex", "deal", "--seed", "5", "--format", "json", "-o", "d.json",
                         "--lang", "en"]) == 0
    assert run_cli(cli, ["codex", "deal", "--seed", "5", "--lang", "en", "-o", "a.pdf"]) == 0
    assert run_cli(cli, ["codex", "print", "d.json", "--lang", "en", "-o", "b.pdf"]) == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


def test_svg_and_png_one_file_per_page(tmp_path) -> None:
    assert run_cli(cli, ["codex", "deal", "--seed", "5", "--format", "svg", "-o", "d.svg", "-q"]) == 0
    svgs = sorted(tmp_path.glob("d-*.svg"))
    assert len(svgs) == 6                       # 2 Master's pages, 2 of cards, 1 roles card, 1 rules sheet
    assert b"<svg" in svgs[0].read_bytes()[:400]
    assert run_cli(cli, ["codex", "deal", "--seed", "5", "--format", "png", "--dpi", "72",
                         "-o", "d.png", "-q"]) == 0
    assert len(sorted(tmp_path.glob("d-*.png"))) == 6


@pytest.mark.parametrize("name", ["a.pdf", "a.json"])
def test_refuses_to_overwrite_without_force(tmp_path, capsys, name) -> None:
    fmt = ["--format", "json"] if name.endswith(".json") else []
    assert run_cli(cli, ["codex", "deal", "--seed", "5", *fmt, "-o", name]) == 0
    before = (tmp_path / name).read_bytes()
    assert run_cli(cli, ["codex", "deal", "--seed", "6", *fmt, "-o", name]) == 2
    assert "--force" in capsys.readouterr().err
    assert (tmp_path / name).read_bytes() == before
    if fmt:      # --force replaces it (the PDF's own bytes by another seed are the same-seed tests' concern)
        assert run_cli(cli, ["codex", "deal", "--seed", "6", *fmt, "-o", name, "--force"]) == 0
        assert (tmp_path / name).read_bytes() != before


@pytest.mark.parametrize("args, words", [
    (["--players", "Ann,Ben,Cleo,Dan,Eva"], "5 names"),
    (["--players", "Ann,Ben,Cleo,Dan,Eva,ann"], "twice"),
    (["--players", "Ann,Ben,,Dan,Eva,Fede"], "empty"),
    (["--players", "Ann,Ben,Cleo,Dan,Eva,Fede", "--agents", "4"], "6 names"),
    (["--roles", "spy"], "unknown role"),
    (["--roles", "hacker,profiler,informant"], "room for 2"),
    (["--roles", "hacker,hacker"], "twice"),
    (["--agents", "5", "--roles", "hacker,profiler,informant,inquisitor,infiltrator"], "room for 4"),
    (["--factions", "red,pink"], "unknown faction"),
    (["--factions", "red,red"], "differ"),
    (["--factions", "red"], "two factions"),
    (["--agents", "6"], "2 to 5"),
    (["--agents", "1"], "2 to 5"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, words) -> None:
    assert run_cli(cli, ["codex", "deal", "--seed", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pnpgen: error: ") and words in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert _files(tmp_path) == []


def test_bad_saved_deal_is_refused(tmp_path, capsys) -> None:
    data = codex.deal_to_dict(codex.deal(4, names=PLAYERS.split(",")))
    data["agents"][0]["position"] = 9
    (tmp_path / "bad.json").write_text(json.dumps(data), encoding="utf-8")
    assert run_cli(cli, ["codex", "print", "bad.json"]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and "positions" in err and err.count("\n") == 1


def test_kit_part_writes_a_deal(tmp_path) -> None:
    from generator.core.codes import format_seed, is_code_value
    from generator.core.rng import derive_key

    made = command.kit_part(tmp_path / "kit", 42, "letter", False)
    assert [str(p.relative_to(tmp_path / "kit")) for p, _ in made] == [
        "codex/host/codex-deal.pdf", "codex/host/codex-deal.json", "codex/codex-rules-it.pdf"]   # the deal: the Master's
    assert "Codex · agenti segreti · regole" in PdfReader(io.BytesIO(made[2][0].read_bytes())).pages[0].extract_text()
    deal = codex.parse_deal(made[1][0].read_text(encoding="utf-8"))
    code = derive_key(42, "codex-deal")       # the deal's own secret code (74 random bits), never the kit seed
    assert deal.seed == code != 42 and is_code_value(code) and len(deal.agents) == 6
    assert deal == command.make_deal(code, codex.DEFAULT_AGENTS, codex.DEFAULT_FACTIONS, [], None)
    reader = PdfReader(io.BytesIO(made[0][0].read_bytes()))
    assert abs(float(reader.pages[0].mediabox.height) - 279.4 * 72 / 25.4) < 0.5
    assert format_seed(code) in reader.pages[0].extract_text()
    with pytest.raises(Exception, match="exists"):
        command.kit_part(tmp_path / "kit", 42, "letter", False)


def test_split_gives_each_player_only_their_card(tmp_path) -> None:
    players = "Àlfio,Bea,Cèsare,Dora,Ennio,Fëdor Q"
    assert run_cli(cli, ["codex", "deal", "--seed", "424242", "--players", players, "--split",
                         "-o", "table", "-q"]) == 0
    deal = codex.deal(424242, names=players.split(","), codenames=())
    folder = tmp_path / "table"
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(["master.pdf", "roles.pdf", "rules.pdf"] + [
        f"agent-{n}-{a.name.replace(' ', '-')}.pdf" for n, a in enumerate(deal.agents, start=1)])
    assert "424242" in page_texts(folder / "master.pdf")[0]
    for n, agent in enumerate(deal.agents, start=1):
        card = next(folder.glob(f"agent-{n}-*.pdf"))
        reader = PdfReader(card)
        assert len(reader.pages) == 1
        assert abs(float(reader.pages[0].mediabox.width) - 180 * 72 / 25.4) < 0.5
        (text,) = page_texts(card)          # pdftotext when installed (pypdf takes a second over the camouflage)
        assert agent.name in text and agent.fragment in text and "424242" not in text
        others = [a for a in deal.agents if a is not agent]
        assert not any(a.fragment in text or a.name in text for a in others)
    (roles,) = page_texts(folder / "roles.pdf")
    assert "424242" not in roles and not any(a.fragment in roles for a in deal.agents)


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"{not json", b"[1, 2]", b'{"seed": 1}'])
def test_unreadable_deal_files_are_one_line(tmp_path, capsys, content) -> None:
    (tmp_path / "x.json").write_bytes(content)
    assert run_cli(cli, ["codex", "print", "x.json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pnpgen: error: x.json") and err.count("\n") == 1
