"""The Noir deck read back from its PDF: 52 cards, every name on its three faces, dead backs behind alive fronts."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.units import PT_PER_MM
from generator.games.noir.content import load_suspects
from generator.scene.text import text_width

NAMES = [str(r.fields["name"]) for r in load_suspects()]
NAME_FONT, NAME_SIZE = "sans-bold", 22.0       # the upright name at the top of every card face


def _make(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "deck.pdf"
    assert run_cli(cli, ["noir", "cards", "-o", str(out), "-q", *args]) == 0
    return out


@pytest.fixture(scope="module")
def deck_pt(tmp_path_factory) -> Path:
    return _make(tmp_path_factory.mktemp("pt"))


@pytest.fixture(scope="module")
def reader(deck_pt) -> PdfReader:
    return PdfReader(str(deck_pt))


_RUNS: dict[int, tuple[object, list[tuple[str, float, float, float, bool]]]] = {}   # id -> (page kept alive, runs)


def _runs(page) -> list[tuple[str, float, float, float, bool]]:
    """(text, x, y, size, upright) of each text run, x/y in points on the page (PDF axes); read once a page
    (the tests only read the list)."""
    if id(page) not in _RUNS:
        _RUNS[id(page)] = (page, _read_runs(page))
    return _RUNS[id(page)][1]


def _read_runs(page) -> list[tuple[str, float, float, float, bool]]:
    runs = []

    def visit(text, cm, tm, font, size):
        if not text.strip():
            return
        a, b, c, d, e, f = cm
        x = a * tm[4] + c * tm[5] + e
        y = b * tm[4] + d * tm[5] + f
        runs.append((text.strip(), x, y, size, (a * tm[0]) > 0))

    page.extract_text(visitor_text=visit)
    return runs


def _upright_names(page, turned: bool = False) -> dict[str, tuple[float, float]]:
    """Centre x and baseline y (points) of each suspect name drawn at the top size, upright (or,
    with `turned`, rotated 180 degrees on the page: its run goes leftwards from x)."""
    found = {}
    for text, x, y, size, upright in _runs(page):
        if text in NAMES and upright != turned and size == NAME_SIZE:
            half = text_width(text, NAME_FONT, size) * PT_PER_MM / 2
            found[text] = (x - half if turned else x + half, y)
    return found


def test_twelve_pages_of_fronts_and_backs(reader) -> None:
    # 52 cards at 9 per A4 sheet: 6 sheets, each followed by its backs
    assert len(reader.pages) == 12
    for page in reader.pages:
        assert round(float(page.mediabox.width), 1) == 595.3 and round(float(page.mediabox.height), 1) == 841.9


def test_every_name_on_its_alive_front_dead_back_and_evidence_card(reader) -> None:
    counts = Counter()
    dead_pages, evidence_pages = defaultdict(set), defaultdict(set)
    for number, page in enumerate(reader.pages):
        words = [run[0] for run in _runs(page)]
        for name in _upright_names(page):
            counts[name] += 1
            if "MORTO" in words or "MORTA" in words:
                dead_pages[name].add(number)
            if "EVIDÊNCIA" in words:
                evidence_pages[name].add(number)
    # upright name: alive front, dead back, evidence front (the evidence back carries no name)
    assert counts == Counter({name: 3 for name in NAMES})
    assert set(dead_pages) == set(NAMES) and set(evidence_pages) == set(NAMES)


def test_names_keep_their_accents_in_the_extracted_text(deck_pt) -> None:
    text = "\n".join(page_texts(deck_pt))
    for name in ("Álvaro", "Custódio", "Estêvão", "Fátima", "Gonçalo", "Kátia", "Moisés", "Noêmia",
                 "Otávio", "Penélope", "Quitéria", "Tomé", "Úrsula"):
        assert text.count(name) >= 3, name
    assert "EVIDÊNCIA" in text and "ASSASSINO" in text and "INSPETOR" in text


def test_each_dead_back_sits_behind_its_alive_front_for_a_long_edge_flip(reader) -> None:
    width = float(reader.pages[0].mediabox.width)
    checked = 0
    for sheet in (0, 2, 4):                      # the suspect sheets (then reference, then evidence)
        fronts, backs = _upright_names(reader.pages[sheet]), _upright_names(reader.pages[sheet + 1])
        assert set(fronts) == set(backs)
        for name, (fx, fy) in fronts.items():
            bx, by = backs[name]
            # long-edge flip: the back page is mirrored left-right, same height
            assert abs((width - fx) - bx) < 0.5, (name, fx, bx)
            assert abs(fy - by) < 0.5, (name, fy, by)
            checked += 1
    assert checked == 25


def test_dead_backs_are_on_the_suspect_sheets_and_say_dead(reader) -> None:
    for sheet in (1, 3, 5):
        words = [run[0] for run in _runs(reader.pages[sheet])]
        assert sum(w in ("MORTO", "MORTA") for w in words) in (9, 7)
    evidence_backs = [run[0] for run in _runs(reader.pages[9])]
    assert "NOIR" in evidence_backs and not set(evidence_backs) & set(NAMES)


def test_two_reference_cards_with_their_shared_rules_back(reader) -> None:
    text = reader.pages[4].extract_text() + reader.pages[5].extract_text()
    assert "ASSASSINO" in text and "INSPETOR" in text
    assert text.count("REGRAS COMUNS") == 2
    assert "16 mortos" in text and "8 vizinhos" in text


def test_short_edge_backs_are_turned_so_the_dead_side_reads_upright(tmp_path) -> None:
    pdf = PdfReader(str(_make(tmp_path, "--duplex", "short")))
    height = float(pdf.pages[0].mediabox.height)
    fronts, backs = _upright_names(pdf.pages[0]), _upright_names(pdf.pages[1], turned=True)
    assert set(fronts) == set(backs) and len(fronts) == 9
    assert not _upright_names(pdf.pages[1])      # no dead name is upright on the printed page
    # The sheet turns about its horizontal centre line and the cut card is then turned over
    # sideways: the dead name is upright for the player, at the alive name's height on the card,
    # so on the page (PDF y up) the two baselines add up to the paper height; same column.
    for name, (fx, fy) in fronts.items():
        bx, by = backs[name]
        assert abs(fx - bx) < 0.5, name
        assert abs(fy + by - height) < 0.5, (name, fy, by)
    rows = {round(y) for _, y in fronts.values()}
    assert len(rows) == 3


def test_gutter_fold_puts_each_dead_back_opposite_its_front_across_the_fold(tmp_path) -> None:
    pdf = PdfReader(str(_make(tmp_path, "--gutter-fold")))
    assert len(pdf.pages) == 13                  # 52 cards, 4 a page (fronts and backs side by side)
    for page in pdf.pages[:6]:                   # the suspect pages
        places = defaultdict(list)
        for text, x, y, size, upright in _runs(page):
            if text in NAMES and upright and size == NAME_SIZE:
                places[text].append((x + text_width(text, NAME_FONT, size) * PT_PER_MM / 2, y))
        words = [run[0] for run in _runs(page)]
        assert places and sum(w in ("MORTO", "MORTA") for w in words) == len(places)
        folds = set()
        for name, spots in places.items():
            assert len(spots) == 2, name         # alive front and dead back on the same page
            (x1, y1), (x2, y2) = sorted(spots)
            assert abs(y1 - y2) < 0.5
            folds.add(round((x1 + x2) / 2))
        assert len(folds) == 1                   # mirrored about one fold line


def test_english_deck_and_a_different_kill_limit(tmp_path) -> None:
    text = "\n".join(page_texts(_make(tmp_path, "--lang", "en", "--kill-limit", "12")))
    assert "DEAD" in text and "EVIDENCE" in text and "KILLER" in text and "INSPECTOR" in text
    assert "12 dead" in text and "MORTO" not in text
    assert "Estêvão" in text


def test_same_options_same_bytes(tmp_path, deck_pt) -> None:
    again = _make(tmp_path)
    assert again.read_bytes() == deck_pt.read_bytes()


def test_existing_file_is_not_overwritten(tmp_path, capsys) -> None:
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"keep")
    assert run_cli(cli, ["noir", "cards", "-o", str(out)]) == 2
    assert out.read_bytes() == b"keep" and "exists" in capsys.readouterr().err
