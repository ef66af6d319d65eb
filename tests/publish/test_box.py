"""`pnpgen box`, `pnpgen cards --box` and the kit's boxes: the dieline measured back from the PDF's vector
paths, the cut files' layers, the refusals, the art and the language on the box."""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import pairwise
from pathlib import Path
from typing import Any

import ezdxf
import pikepdf
import pytest
from svgelements import SVG
from svgelements import Path as SvgPath

from generator.cli import cli
from generator.cli.common import run_cli
from generator.core.units import PT_PER_MM
from generator.scene.papers import CARD_SIZES

POKER = CARD_SIZES["poker"]
TOL = 0.1           # mm: the dieline against card size, count and clearance


def _num(value: Any) -> float:
    return float(Decimal(str(value))) if not isinstance(value, (int, float)) else float(value)


def _mul(m: tuple[float, ...], n: tuple[float, ...]) -> tuple[float, ...]:
    """m then n (PDF order: a point goes through m first)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def stroked_paths(pdf_path: Path, page: int = 0) -> list[dict[str, Any]]:
    """Every stroked path of a page, its points in mm on the page (origin top-left, y down), with its line
    width in mm and whether it is dashed: a small reader of the content stream (q/Q, cm, w, d, m, l, h, re)."""
    pdf = pikepdf.open(pdf_path)
    pg = pdf.pages[page]
    height_pt = float(pg.mediabox[3]) - float(pg.mediabox[1])
    state: dict[str, Any] = {"ctm": (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), "w": 1.0, "dash": False}
    stack: list[dict[str, Any]] = []
    path: list[tuple[float, float]] = []
    closed = False
    out: list[dict[str, Any]] = []

    def to_mm(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = state["ctm"]
        px, py = a * x + c * y + e, b * x + d * y + f
        return (round(px / PT_PER_MM, 4), round((height_pt - py) / PT_PER_MM, 4))

    def width_mm() -> float:
        a, b, _, _, _, _ = state["ctm"]
        return float(state["w"]) * (a * a + b * b) ** 0.5 / PT_PER_MM

    for operands, op in pikepdf.parse_content_stream(pg):
        name = str(op)
        if name == "q":
            stack.append(dict(state))
        elif name == "Q":
            state = stack.pop()
        elif name == "cm":
            state["ctm"] = _mul(tuple(_num(v) for v in operands), state["ctm"])
        elif name == "w":
            state["w"] = _num(operands[0])
        elif name == "d":
            state["dash"] = len(operands[0]) > 0
        elif name == "m":
            path, closed = [to_mm(_num(operands[0]), _num(operands[1]))], False
        elif name == "l":
            path.append(to_mm(_num(operands[0]), _num(operands[1])))
        elif name == "h":
            closed = True
        elif name in ("S", "s", "B", "b", "B*", "b*"):
            out.append({"points": path, "closed": closed or name in ("s", "b", "b*"), "width": width_mm(),
                        "dash": state["dash"]})
            path = []
        elif name in ("f", "f*", "n", "F"):
            path = []
    return out


def dieline(pdf_path: Path, page: int = 0) -> tuple[list[tuple[float, float]], list[list[tuple[float, float]]]]:
    """The cut outline (the closed 0.3 mm solid path) and the fold lines (dashed) of a box page."""
    paths = stroked_paths(pdf_path, page)
    cuts = [p["points"] for p in paths if p["closed"] and not p["dash"] and abs(p["width"] - 0.3) < 1e-3]
    folds = [p["points"] for p in paths if p["dash"] and len(p["points"]) == 2]
    assert len(cuts) == 1, len(cuts)
    return cuts[0], folds


def fold_lines(folds: list[list[tuple[float, float]]]) -> tuple[list[float], list[float]]:
    """(x of each vertical fold, y of each horizontal one), sorted, each once."""
    return (sorted({round(p[0][0], 3) for p in folds if abs(p[0][0] - p[1][0]) < 1e-6}),
            sorted({round(p[0][1], 3) for p in folds if abs(p[0][1] - p[1][1]) < 1e-6}))


def assert_tuck_panels(cut: list[tuple[float, float]], folds: list[list[tuple[float, float]]],
                       card: tuple[float, float], count: int) -> None:
    """The tuck box's panels between its folds are the deck (card size, count x 0.3 mm) plus 1 mm each way."""
    w, h, d = card[0] + 1.0, card[1] + 1.0, count * 0.3 + 1.0
    verticals, horizontals = fold_lines(folds)
    left, top = min(x for x, _ in cut), min(y for _, y in cut)
    # left to right: back | side | front | side | glue flap
    edges = [left, *verticals]
    assert len(edges) == 5
    widths = [b - a for a, b in pairwise(edges)]
    assert widths == pytest.approx([w, d, w, d], abs=TOL)
    # top to bottom: tuck flap | lid | body | bottom | its glue tab
    assert len(horizontals) == 4
    tuck, lid, body, bottom = (b - a for a, b in zip([top, *horizontals[:-1]], horizontals, strict=True))
    assert (lid, body, bottom) == pytest.approx((d, h, d), abs=TOL)
    assert tuck > d                                    # the tuck flap goes past the depth into the front


def _box(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "box.pdf"
    assert run_cli(cli, ["box", *args, "-o", str(out)]) == 0
    return out


@pytest.mark.parametrize("card,count", [("poker", 54), ("poker", 18), ("bridge", 40), ("mini", 30), ("63x88", 80)])
def test_the_panels_measured_from_the_pdf_are_the_deck_plus_clearance(tmp_path: Path, card: str, count: int) -> None:
    from generator.scene.papers import parse_card_size

    cw, ch = parse_card_size(card)
    cut, folds = dieline(_box(tmp_path, "--card", card, "--count", str(count)))
    w, d = cw + 1.0, count * 0.3 + 1.0
    verticals, horizontals = fold_lines(folds)
    edges = [min(x for x, _ in cut), *verticals]
    assert_tuck_panels(cut, folds, (cw, ch), count)
    # the dust flaps: the cut rises above the body's top over each side, by less than half the width
    body_top = horizontals[1]
    for x0 in (edges[1], edges[3]):
        above = [y for x, y in cut if x0 < x < x0 + d]
        assert body_top - min(above) < w / 2
    # the thumb notch: the cut dips into the front's top edge, at its middle
    dip = [(x, y) for x, y in cut if edges[2] < x < edges[3] and y > body_top + 1.0]
    assert dip and abs(sum(x for x, _ in dip) / len(dip) - (edges[2] + edges[3]) / 2) < 0.5


def test_the_box_grows_with_count(tmp_path: Path) -> None:
    sizes = []
    for count in (20, 54, 80):
        cut, _ = dieline(_box(tmp_path / str(count), "--card", "poker", "--count", str(count)))
        sizes.append((max(x for x, _ in cut) - min(x for x, _ in cut), max(y for _, y in cut) - min(y for _, y in cut)))
    assert sizes[0][0] < sizes[1][0] < sizes[2][0]
    assert sizes[2][0] - sizes[1][0] == pytest.approx(2 * 26 * 0.3, abs=TOL)       # two sides deeper


def test_thickness_and_clearance_options(tmp_path: Path) -> None:
    cut, folds = dieline(_box(tmp_path, "--card", "poker", "--count", "40", "--thickness", "0.5", "--clearance", "2"))
    verticals = sorted({round(p[0][0], 3) for p in folds if abs(p[0][0] - p[1][0]) < 1e-6})
    assert verticals[0] - min(x for x, _ in cut) == pytest.approx(63.5 + 2, abs=TOL)
    assert verticals[1] - verticals[0] == pytest.approx(40 * 0.5 + 2, abs=TOL)


def test_the_sheet_has_crop_marks_footer_and_title(tmp_path: Path, page_texts) -> None:
    out = _box(tmp_path, "--card", "poker", "--count", "54", "--title", "Night Market", "--lang", "it")
    text = page_texts(out)[0]
    assert "Night Market" in text and "54 carte" in text and "colla" in text and "pagina 1/1" in text
    assert "glue" not in text and "cards" not in text                 # one language
    thin = [p for p in stroked_paths(out) if abs(p["width"] - 0.15) < 1e-3 and len(p["points"]) == 2]
    assert len(thin) >= 8                                              # a mark on each side of each corner
    pdf = pikepdf.open(out)
    trim = [float(v) / PT_PER_MM for v in pdf.pages[0].TrimBox]
    cut, _ = dieline(out)
    assert trim[2] - trim[0] == pytest.approx(max(x for x, _ in cut) - min(x for x, _ in cut), abs=0.01)


def test_too_big_is_refused_in_one_line_naming_the_largest(tmp_path: Path, capsys) -> None:
    assert run_cli(cli, ["box", "--card", "tarot", "--count", "78", "-o", str(tmp_path / "t.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "holds 60" in err and "--two-piece" in err and "--paper a3" in err
    assert not (tmp_path / "t.pdf").exists()
    assert run_cli(cli, ["box", "--card", "tarot", "--count", "78", "--paper", "a3", "-o", str(tmp_path / "a3.pdf")]) == 0
    two = tmp_path / "two.pdf"
    assert run_cli(cli, ["box", "--card", "tarot", "--count", "78", "--two-piece", "-o", str(two)]) == 0
    assert len(pikepdf.open(two).pages) == 2
    # the tray: floor the card plus clearance, walls the deck's depth, measured from its folds
    cut, folds = dieline(two, 0)
    xs = sorted({round(p[0][0], 3) for p in folds if abs(p[0][0] - p[1][0]) < 1e-6})
    ys = sorted({round(p[0][1], 3) for p in folds if abs(p[0][1] - p[1][1]) < 1e-6})
    assert xs[-1] - xs[0] == pytest.approx(71.0, abs=TOL) or xs[2] - xs[1] == pytest.approx(71.0, abs=TOL)
    assert max(ys) - min(ys) == pytest.approx(121.0, abs=TOL)
    assert xs[0] - min(x for x, _ in cut) == pytest.approx(78 * 0.3 + 1, abs=TOL)


def test_existing_files_are_refused_without_force(tmp_path: Path, capsys) -> None:
    out = _box(tmp_path, "--card", "poker", "--count", "10")
    before = out.read_bytes()
    assert run_cli(cli, ["box", "--card", "poker", "--count", "20", "-o", str(out)]) == 2
    assert "--force" in capsys.readouterr().err
    assert out.read_bytes() == before
    assert run_cli(cli, ["box", "--card", "poker", "--count", "20", "-o", str(out), "--force"]) == 0
    assert out.read_bytes() != before


def test_same_options_same_bytes(tmp_path: Path) -> None:
    a = _box(tmp_path / "a", "--card", "poker", "--count", "54").read_bytes()
    b = _box(tmp_path / "b", "--card", "poker", "--count", "54").read_bytes()
    assert a == b


@pytest.mark.parametrize("cutter,files", [("silhouette", ["b.pdf", "b-cut-001.svg", "b-cut-001.dxf"]),
                                          ("scanncut", ["b.pdf", "b-cut-001.svg"]),
                                          ("cricut", ["b-sheet-001.png", "b-cut-001.svg"])])
def test_cutters_get_a_cut_file_whose_folds_are_their_own_layer(tmp_path: Path, cutter: str, files: list[str]) -> None:
    out = tmp_path / "b.pdf"
    assert run_cli(cli, ["box", "--card", "poker", "--count", "54", "--cutter", cutter, "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(files)
    svg_text = (tmp_path / "b-cut-001.svg").read_text()
    assert '<g id="cut"' in svg_text and '<g id="fold"' in svg_text
    svg = SVG.parse(str(tmp_path / "b-cut-001.svg"), ppi=25.4)
    paths = [e for e in svg.elements() if isinstance(e, SvgPath)]
    cut = [p for p in paths if p.id.startswith("cut")]
    folds = [p for p in paths if p.id.startswith("fold")]
    assert len(cut) == 1 and len(folds) == 12
    x0, y0, x1, y1 = cut[0].bbox()
    size = (2 * 64.5 + 2 * 17.2 + 10, 154.5)      # the die; a Cricut image (6.75 in wide at most) has it turned
    assert (x1 - x0, y1 - y0) == pytest.approx(size[::-1] if cutter == "cricut" else size, abs=TOL)
    if cutter != "cricut":      # the printed dieline and the cut file share the page's mm
        printed, _ = dieline(out)
        assert min(x for x, _ in printed) == pytest.approx(x0, abs=0.01)
        assert min(y for _, y in printed) == pytest.approx(y0, abs=0.01)
    if cutter == "silhouette":
        doc = ezdxf.readfile(tmp_path / "b-cut-001.dxf")
        layers = {e.dxf.layer for e in doc.modelspace()}
        assert layers == {"CUT", "FOLD"}
        assert len(doc.modelspace().query("LINE[layer=='FOLD']")) == 12


def test_cards_box_writes_the_decks_box_beside_its_sheets(tmp_path: Path, page_texts) -> None:
    out = tmp_path / "deck.pdf"
    assert run_cli(cli, ["cards", "example", "example", "--box", "-o", str(out)]) == 0
    box = tmp_path / "deck-box.pdf"
    assert box.exists()
    text = page_texts(box)[0]
    assert "Marché des Saveurs" in text and "18 cartes" in text and "colle" in text     # the template's box: block
    _, folds = dieline(box)
    verticals = sorted({round(p[0][0], 3) for p in folds if abs(p[0][0] - p[1][0]) < 1e-6})
    assert verticals[1] - verticals[0] == pytest.approx(18 * 0.3 + 1, abs=TOL)
    # the back panel carries the cards' back design (its title, drawn in the back's serif)
    assert text.count("Marché des Saveurs") >= 4


def test_cards_box_is_planned_before_the_deck_is_drawn(tmp_path: Path, capsys) -> None:
    deck, box = tmp_path / "deck.pdf", tmp_path / "deck-box.pdf"
    assert run_cli(cli, ["cards", "example", "example", "--box", "-o", str(deck)]) == 0
    deck.unlink()
    before = box.read_bytes()
    # the box's file exists: refused before the deck is drawn or written
    assert run_cli(cli, ["cards", "example", "example", "--box", "-o", str(deck)]) == 2
    assert "--force" in capsys.readouterr().err
    assert not deck.exists() and box.read_bytes() == before
    # the template's style auto: on A5 the tuck box does not fit, a tray and lid do
    assert run_cli(cli, ["cards", "example", "example", "--box", "--paper", "a5", "-o", str(tmp_path / "a5.pdf")]) == 0
    assert len(pikepdf.open(tmp_path / "a5-box.pdf").pages) == 2


def test_template_box_block_errors_name_the_key(tmp_path: Path, capsys) -> None:
    from generator import paths

    source = (paths.templates_dir() / "cards" / "example.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "layout.yaml"
    bad.write_text(re.sub(r"^box: .*$", "box: {title: X, colour: plaid}", source, flags=re.M), encoding="utf-8")
    assert run_cli(cli, ["cards", "example", str(bad), "--box", "-o", str(tmp_path / "d.pdf")]) == 2
    err = capsys.readouterr().err
    assert "box.colour" in err and "layout.yaml" in err and err.count("\n") == 1


def test_the_kit_has_a_box_for_each_printed_deck(kit_seed1: Path, page_texts) -> None:
    index = (kit_seed1 / "index.md").read_text(encoding="utf-8")
    boxes = sorted(re.findall(r"^- (\S*box\S*\.pdf)  \[", index, flags=re.M))
    assert boxes == ["codenames/pictures-box-it.pdf", "codenames/words-box-it.pdf", "dungeon/dungeon-box-fr.pdf",
                     "example-deck-box.pdf", "noir/noir-box-pt.pdf"]
    noir = page_texts(kit_seed1 / "noir/noir-box-pt.pdf")[0]
    assert "Noir: Assassino vs Inspetor" in noir and "52 cartas" in noir and "EVIDÊNCIA" in noir
    _, folds = dieline(kit_seed1 / "noir/noir-box-pt.pdf")
    verticals = sorted({round(p[0][0], 3) for p in folds if abs(p[0][0] - p[1][0]) < 1e-6})
    assert verticals[1] - verticals[0] == pytest.approx(52 * 0.3 + 1, abs=TOL)
    words = kit_seed1 / "codenames/words-box-it.pdf"
    assert len(pikepdf.open(words).pages) == 2          # 521 cards: a tray and its lid


def test_a_die_too_big_for_the_machine_is_refused_in_box_words(tmp_path: Path, capsys) -> None:
    assert run_cli(cli, ["box", "--card", "poker", "--count", "120", "--paper", "a3", "--cutter", "cricut",
                         "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "box's die" in err and "--two-piece" in err and "card with" not in err
    assert list(tmp_path.iterdir()) == []
    # tray and lid: two sheets, two cut files each (Silhouette: SVG and DXF)
    assert run_cli(cli, ["box", "--card", "tarot", "--count", "78", "--two-piece", "--cutter", "silhouette",
                         "-o", str(tmp_path / "t.pdf")]) == 0
    assert len(pikepdf.open(tmp_path / "t.pdf").pages) == 2
    assert sorted(p.name for p in tmp_path.glob("t-cut-*")) == ["t-cut-001.dxf", "t-cut-001.svg", "t-cut-002.dxf",
                                                                "t-cut-002.svg"]


def test_a_title_too_long_is_shortened_never_refused(tmp_path: Path, page_texts) -> None:
    out = _box(tmp_path, "--card", "mini", "--count", "10", "--title", "Interminable " * 400)
    text = page_texts(out)[0]
    assert "Interminable" in text and "…" in text
    assert text.count("Interminable") < 400


def test_svg_and_png_sheets(tmp_path: Path, capsys) -> None:
    from PIL import Image

    assert run_cli(cli, ["box", "--card", "poker", "--count", "54", "--format", "png", "--dpi", "50",
                         "-o", str(tmp_path / "b.png")]) == 0
    with Image.open(tmp_path / "b.png") as im:
        assert im.size == (round(210 / 25.4 * 50), round(297 / 25.4 * 50))
    assert run_cli(cli, ["box", "--card", "tarot", "--count", "78", "--two-piece", "--format", "svg",
                         "-o", str(tmp_path / "t.svg")]) == 0
    assert sorted(p.name for p in tmp_path.glob("t-*.svg")) == ["t-001.svg", "t-002.svg"]
    assert run_cli(cli, ["box", "--card", "poker", "--count", "54", "--format", "svg", "--cutter", "cricut",
                         "-o", str(tmp_path / "c")]) == 2
    assert "leave out --format svg" in capsys.readouterr().err


# Every deck a game declares, printed small (card size, count as printed, the command's extra arguments).
GAME_DECKS: dict[tuple[str, str], tuple[tuple[float, float], int, tuple[str, ...]]] = {
    ("noir", "cards"): (POKER, 52, ("--lang", "en")),
    ("dungeon", "cards"): (POKER, 3, ("--kind", "boss")),
    ("codenames", "words"): ((60.0, 40.0), 25, ("--seed", "1")),
    ("codenames", "pictures"): ((60.0, 60.0), 4, ("--seed", "1", "--count", "3")),     # and the credits card
    ("codenames", "covers"): ((60.0, 40.0), 25, ()),
}


def test_every_declared_deck_is_in_the_box_table() -> None:
    from generator import games

    assert {(g.name, d.name) for g in games.all_games() for d in g.decks} == set(GAME_DECKS)


@pytest.mark.parametrize(("game", "deck"), sorted(GAME_DECKS))
def test_a_games_deck_box_is_sized_to_the_deck_and_titled_by_its_declaration(tmp_path: Path, game: str,
                                                                            deck: str, page_texts) -> None:
    from generator import games
    from generator.games.dungeon.rules.deck import COUNTS

    card, count, args = GAME_DECKS[(game, deck)]
    count = COUNTS["boss"] if game == "dungeon" else count
    assert run_cli(cli, [game, deck, *args, "--box", "-q", "-o", str(tmp_path / "d.pdf")]) == 0
    box = tmp_path / "d-box.pdf"
    pdf = pikepdf.open(box)
    assert len(pdf.pages) == 1 and [round(float(v) / PT_PER_MM) for v in pdf.pages[0].MediaBox] == [0, 0, 210, 297]
    declared = games.game_named(game)
    assert declared is not None
    lang = args[1] if args[:1] == ("--lang",) else declared.default_language
    assert str(pdf.docinfo["/Title"]) == declared.box_title(declared.deck(deck), lang)
    assert_tuck_panels(*dieline(box), card, count)
    if game == "dungeon":       # the box holds boss cards only: its back panel is theirs, not the creatures' it names
        text = page_texts(box)[0]
        assert "Boss" in text and "Créature" not in text


def test_a_box_shows_a_card_it_holds_when_a_subset_leaves_out_the_group_it_names() -> None:
    from generator.publish import DeckOptions
    from generator.publish.groups import CardGroup, box_card
    from generator.publish.options import BoxOrder

    named = DeckOptions(box=BoxOrder(group="creature"))
    deck = [CardGroup("object", 21), CardGroup("creature", 12), CardGroup("boss", 2), CardGroup("zone", 18)]
    assert box_card(named, deck) == 21                                    # the group it names, printed
    assert box_card(named, deck[2:]) == 2                                 # not printed: the zones, most of them
    assert box_card(named, [CardGroup("boss", 2)]) == 0
    assert box_card(named, [CardGroup("a", 3), CardGroup("b", 3)]) == 0   # the first of equals
    assert box_card(DeckOptions(box=BoxOrder()), deck) == 0               # none named: the first card


def test_a_games_deck_box_too_big_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    assert run_cli(cli, ["codenames", "words", "--box", "--paper", "a5", "-o", str(tmp_path / "w.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "two-piece box" in err and "holds 130" in err and "--paper a3" in err
    assert run_cli(cli, ["codenames", "words", "--two-piece", "-o", str(tmp_path / "w.pdf")]) == 2
    assert "--two-piece: goes with --box" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
