"""`pnpgen laser puzzles / puzzle / assist` end to end: JSON contracts, the book read back, codes, errors."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.laser.rules.model import Board
from generator.games.laser.rules.notation import parse_layout, parse_observation
from generator.games.laser.rules.solve import solve


def _run(capsys, *args):
    code = run_cli(cli, ["laser", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    folder = tmp_path_factory.mktemp("book")
    for name in ("a.pdf", "b.pdf"):
        assert run_cli(cli, ["laser", "puzzles", "--count", "5", "--level", "1..3", "--seed", "4",
                             "-o", str(folder / name)]) == 0
    return folder


def test_json_contract_and_every_puzzle_solves_uniquely(capsys, catalog):
    code, out, _ = _run(capsys, "puzzles", "--count", "3", "--level", "2", "--seed", "9", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["puzzles"] and len(data["puzzles"]) == 3
    for item in data["puzzles"]:
        assert list(item) == ["code", "level", "board", "components", "observation", "solution"]
        assert item["level"] == 2 and item["board"] == {"columns": 8, "rows": 7}
        chosen = catalog.subset(item["components"])
        observation = parse_observation(item["observation"], chosen, Board(8, 7))
        solution = solve(observation, chosen, limit=2)
        assert solution.count == 1
        assert solution.layouts[0] == parse_layout(item["solution"], catalog)
        again = json.loads(_run(capsys, "puzzle", item["code"], "--format", "json")[1])
        assert again["puzzles"][0] == item


def test_book_pages_text_and_same_seed_same_bytes(book):
    reader = PdfReader(str(book / "a.pdf"))
    assert len(reader.pages) == 1 + 5 + 1 + 5             # cover, a page per puzzle, a blank page, a page per solution
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert round(width / 72 * 25.4) == 210 and round(height / 72 * 25.4) == 297
    text = reader.pages[3].extract_text()
    assert "Rompicapo 3" in text and "Colpi sparati" in text and "codice 8x7-" in text   # Italian: the rulebook's
    assert "Pagina lasciata bianca" in reader.pages[6].extract_text()
    assert "Soluzione del rompicapo 5" in reader.pages[-1].extract_text()
    assert (book / "a.pdf").read_bytes() == (book / "b.pdf").read_bytes()
    assert "5 rompicapi per un giocatore" in reader.pages[0].extract_text()


@pytest.mark.parametrize(("lang", "words", "corner"), [
    ("en", "One puzzle for one player", "(NW: top left, SE: bottom right)"),
    ("it", "Un rompicapo per un giocatore", "(NO: in alto a sinistra, SE: in basso a destra)"),
    ("fr", "Une énigme pour un joueur", "(NO : en haut à gauche, SE : en bas à droite)"),
    ("pt", "Um desafio para um jogador", "(NO: em cima à esquerda, SE: em baixo à direita)")])
def test_a_book_of_one_puzzle_says_so_in_the_singular(tmp_path, capsys, lang, words, corner):
    """The cover's subtitle in the singular, and the cover says how a triangle's orientation is named
    (the solutions name it: "Triangle NW at A1")."""
    target = tmp_path / "one.pdf"
    assert _run(capsys, "puzzles", "--count", "1", "--level", "1", "--seed", "3", "--lang", lang, "-o", target)[0] == 0
    cover = " ".join(PdfReader(str(target)).pages[0].extract_text().split())
    assert words in cover and "1 puzzles" not in cover and "1 rompicapi" not in cover
    assert corner in cover


def test_a5_booklet_is_imposed_two_per_landscape_sheet(tmp_path, capsys):
    target = tmp_path / "small.pdf"
    assert _run(capsys, "puzzles", "--count", "2", "--level", "1", "--seed", "3", "--booklet", "a5",
                "-o", target)[0] == 0
    reader = PdfReader(str(target))
    assert len(reader.pages) == 4         # 6 A5 pages (cover, 2 puzzles, blank, 2 solutions) padded to 8: 2 sheets
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert round(width / 72 * 25.4) == 297 and round(height / 72 * 25.4) == 210


def test_level_4_is_on_the_games_own_board_by_default(capsys, catalog):
    code, out, _ = _run(capsys, "puzzles", "--count", "1", "--level", "4", "--seed", "15", "--format", "json")
    assert code == 0
    (item,) = json.loads(out)["puzzles"]
    assert item["level"] == 4 and item["board"] == {"columns": 8, "rows": 7} and item["code"].startswith("8x7-")
    chosen = catalog.subset(item["components"])
    assert solve(parse_observation(item["observation"], chosen, Board(8, 7)), chosen, limit=2).count == 1


def test_bad_code_minimal_level_one_and_overwrite_are_one_line_errors(capsys, book):
    code, _, err = _run(capsys, "puzzle", "8x7-08REW-5P6R4-EV3ZH-GZ-G7")
    assert code == 2 and "check characters" in err and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "puzzles", "--level", "1", "--minimal", "--format", "json")
    assert code == 2 and "--minimal starts at level 2" in err
    code, _, err = _run(capsys, "puzzles", "--level", "4", "--components", "absorber", "--format", "json")
    assert code == 2 and "this set can give levels 1, 2, 3" in err and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "puzzles", "--count", "1", "--seed", "4", "-o", book / "a.pdf")
    assert code == 2 and "--force" in err


def test_assist_json_text_and_picture(tmp_path, capsys):
    shots = tmp_path / "shots.txt"
    shots.write_text("5 # 5\n16 O\n19 X 5\n", encoding="utf-8")
    code, out, _ = _run(capsys, "assist", shots, "--json", "--picture", tmp_path / "a.png")
    assert code == 0
    data = json.loads(out)
    assert data["layouts"] == 1247344 and data["shots_fired"] == 3
    assert {"exact", "certain", "next_shots", "sample_size"} <= data.keys()
    assert (tmp_path / "a.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    empty = tmp_path / "none.txt"
    empty.write_text("# nothing fired yet\n", encoding="utf-8")
    code, out, _ = _run(capsys, "assist", empty)
    assert code == 0 and out.startswith("3667023360 layouts fit the 0 shots")
    assert "estimated from 1500 layouts drawn at random" in out
    code, _, err = _run(capsys, "assist", shots, "--picture", tmp_path / "a.gif")
    assert code == 2 and ".png or .pdf" in err


def test_quiet_prints_nothing_and_a_long_book_shows_progress(tmp_path, capsys):
    """-q: no seed line, no progress bar, no list of files; without it the files are listed and more
    than a few puzzles get a progress bar on stderr."""
    code, out, err = _run(capsys, "puzzles", "--count", "4", "--level", "1", "-q", "-o", tmp_path / "q.pdf")
    assert code == 0 and out == "" and err == "" and (tmp_path / "q.pdf").is_file()
    code, out, err = _run(capsys, "puzzles", "--count", "4", "--level", "1", "-o", tmp_path / "v.pdf")
    assert code == 0 and out.strip() == f"wrote {tmp_path / 'v.pdf'}"
    assert "seed: " in err and "puzzles" in err


def test_the_contents_name_each_puzzles_board_when_a_book_mixes_boards():
    """Levels 4-5 may be on another board than the rest: the contents say which puzzle is on which."""
    from generator.games.laser.cli.puzzles import book_pages
    from generator.games.laser.content import load_catalog
    from generator.games.laser.rules.code import decode
    from generator.games.laser.rules.puzzle import analyse
    from generator.scene.model import Text

    catalog = load_catalog()
    made = []
    for number, code in enumerate(["8x7-199NQ-72YBF-8BWFH-GY-4", "4x4-72X16-QVVZG-RF-YK"], start=1):
        layout, cannons = decode(code, catalog)
        made.append((number, analyse(layout, cannons), code))

    def contents(items):
        cover = book_pages(items, made[0][1].layout.in_play, Board(8, 7), "a4", None, "test", "en")[0]
        return [t.text for t in cover.items if isinstance(t, Text) and t.text.endswith(("page 2", "page 3"))]

    assert contents(made) == ["easy · 8×7 · page 2", "fiendish · 4×4 · page 3"]
    assert contents(made[:1]) == ["easy · page 2"]          # one board: named once, in the intro


def test_old_codes_reprint_with_a_note_that_says_when_their_level_changed(capsys):
    """Issue 36: a version-2 code printed at level 5 that one pair of shots finishes is level 4 now,
    and its note says so; a version-1 code's note says its book graded levels differently; a
    version-3 code gets no note. Each note is one line on stderr."""
    code, out, err = _run(capsys, "puzzle", "4x4-7G886-PAMFG-RE-_", "--format", "json")
    (item,) = json.loads(out)["puzzles"]
    assert code == 0 and item["level"] == 4 and len(err.strip().splitlines()) == 1
    assert "version 2" in err and "printed at level 5, it is level 4 now" in err
    code, out, err = _run(capsys, "puzzle", item["code"], "--format", "json")
    assert code == 0 and err == "" and json.loads(out)["puzzles"][0]["code"] == item["code"]
    code, _, err = _run(capsys, "puzzle", "4x3-6YWH7-2N-N", "--format", "json")
    assert code == 0 and "version 1" in err and "graded levels differently" in err


def test_a_doubled_character_is_a_one_line_error(capsys):
    """Issue 36's slip: a character typed twice inside a group is refused before the check."""
    code, out, _ = _run(capsys, "puzzles", "--count", "1", "--level", "1", "--seed", "5", "--format", "json")
    printed = json.loads(out)["puzzles"][0]["code"]
    size, first, *rest = printed.split("-")
    code, _, err = _run(capsys, "puzzle", "-".join([size, first[:2] + first[1:], *rest]))
    assert code == 2 and "missing or doubled" in err and len(err.strip().splitlines()) == 1


def test_work_bounds_a_level_4_search_in_one_line(capsys):
    """--work: a level-4 search that needs more than its budget ends in one line naming it (exit 2)."""
    code, _, err = _run(capsys, "puzzles", "--count", "1", "--level", "4", "--seed", "3", "--work", "5",
                        "--format", "json")
    assert code == 2 and "work budget of 5 units" in err and "--work" in err and len(err.strip().splitlines()) == 1


def test_work_bounds_levels_1_to_3_and_too_little_is_refused_before_any_search(capsys):
    """--work at levels 1-3 as at 4-5: out of work, one line with what to change; a budget below what one
    puzzle on that board can take (an exact search per cannon for level 2) refused up front, on a board
    no search could cross in a test's time."""
    code, out, err = _run(capsys, "puzzles", "--count", "1", "--level", "3", "--seed", "3", "--size", "9x8",
                          "--work", "12", "--format", "json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 2        # the bar's label, then the error
    assert err.strip().splitlines()[-1] == (
        "pnpgen: error: no level-3 puzzle on a 9x8 board with absorber, reflector, jump, diagonal, triangle within "
        "its work budget of 12 units: try a smaller --size or a lower --level, or raise --work")
    code, _, err = _run(capsys, "puzzles", "--count", "3", "--level", "1..3", "--size", "64x64", "--work", "100",
                        "--format", "json")
    assert code == 2 and err.strip() == (
        "pnpgen: error: --work: a level-2 puzzle on a 64x64 board takes at least 258 work units (an exact search "
        "per cannon it tries to drop, a drawn layout, a grade); it is 100: raise it, or a smaller --size")
    code, _, err = _run(capsys, "puzzles", "--count", "1", "--level", "3", "--size", "26x25", "--work", "23",
                        "--format", "json")                     # said first: level 3 is seldom on so many cannons
    assert code == 2 and err.startswith("pnpgen: note: a level-3 puzzle on a 26x25 board keeps 21 shots or more")
    assert "--size 24x24" in err.splitlines()[0] and "work budget of 23 units" in err.splitlines()[-1]


def test_a_puzzle_on_a_bigger_board_shows_progress_from_the_first(capsys):
    """A puzzle on a board bigger than 8x7 takes seconds to a minute: the bar shows from the first puzzle
    (its label on stderr when it is not a terminal); on 8x7 only from four puzzles."""
    code, _, err = _run(capsys, "puzzles", "--count", "1", "--level", "2", "--seed", "1", "--size", "9x7",
                        "--format", "json")
    assert code == 0 and err.strip() == "puzzles"
    code, _, err = _run(capsys, "puzzles", "--count", "1", "--level", "2", "--seed", "1", "--format", "json")
    assert code == 0 and err == ""
