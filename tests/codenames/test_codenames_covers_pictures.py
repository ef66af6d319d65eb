"""Codenames cover cards, picture cards and the rules aid, read back from the files pnpgen writes."""

from __future__ import annotations

import io
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader
from tests.pdftext import page_texts

from generator import paths
from generator.cli import cli
from generator.cli.common import run_cli
from generator.games.codenames import GAME, content
from generator.games.codenames.covers import cover_cards, cover_face, cover_size
from generator.games.codenames.rules import keys as cn
from generator.games.codenames.rules.covers import cover_counts

PT = 72 / 25.4


def _run(capsys, *args) -> tuple[int, str, str]:
    code = run_cli(cli, [str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _text(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


# --- cover cards ---------------------------------------------------------------------------------

RULEBOOK = {"5x5": {"red": 8, "blue": 8, "double": 1, "bystander": 7, "assassin": 1},
            "5x4": {"red": 7, "blue": 7, "double": 1, "bystander": 4, "assassin": 1}}


@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_cover_counts_match_the_rulebook_and_cover_every_cell(grid: str) -> None:
    counts = cover_counts(grid)
    assert counts == RULEBOOK[grid]
    g = cn.GRIDS[grid]
    assert sum(counts.values()) == g.cells
    assert counts["red"] + counts["double"] == g.counts[0]      # the starting team's agents


@pytest.mark.parametrize(("grid", "lang", "labels"), [
    ("5x5", "en", {"RED AGENT": 8, "BLUE AGENT": 8, "DOUBLE AGENT": 1, "BYSTANDER": 7, "ASSASSIN": 1}),
    ("5x4", "it", {"AGENTE ROSSO": 7, "AGENTE BLU": 7, "DOPPIOGIOCHISTA": 1, "IGNARO PASSANTE": 4,
                    "ASSASSINO": 1}),
])
def test_covers_pdf_prints_each_role_as_often_as_the_table_needs(capsys, tmp_path, grid, lang, labels) -> None:
    out = tmp_path / "covers.pdf"
    code, _, err = _run(capsys, "codenames", "covers", "--grid", grid, "--lang", lang, "-o", out)
    assert code == 0, err
    fronts, backs = page_texts(out)[0::2], page_texts(out)[1::2]
    for label, n in labels.items():
        pattern = rf"(?<![A-Z ]){label}(?![A-Z])"
        assert sum(len(re.findall(pattern, t)) for t in fronts) == n, label
        assert sum(len(re.findall(pattern, t)) for t in backs) == n, label
    w, h = cover_size(grid)
    card = json.loads(_run(capsys, "codenames", "covers", "--grid", grid, "--format", "json")[1])
    assert card["counts"] == RULEBOOK[grid] and len(card["cards"]) == sum(RULEBOOK[grid].values())
    assert (w, h) == ((60.0, 40.0) if grid == "5x5" else (60.0, 60.0))


def test_double_agent_is_red_on_one_side_and_blue_on_the_other() -> None:
    double = [c for c in cover_cards("5x4") if "double" in c.label]
    assert len(double) == 1
    fills = lambda items: {getattr(i, "fill", None) for i in items}  # noqa: E731
    assert "#b2182b" in fills(double[0].front) and "#4a90d9" not in fills(double[0].front)
    assert "#4a90d9" in fills(double[0].back)


def _grey_face(role: str) -> PILImage.Image:
    from generator.render.png import render_image
    from generator.scene.model import Page

    page = Page(60, 60, items=cover_face(role, "en", (60.0, 60.0)))
    return render_image(page, dpi=100).convert("L")


def test_roles_read_apart_in_greyscale() -> None:
    """Printed in grey, every pair of roles differs: in mean grey, or in texture (spread of greys)."""
    from PIL import ImageStat

    stats = {}
    for role in cn.ROLES:
        face = _grey_face(role).crop((10, 55, 33, 134))   # the left edge (2.5-8.5 x 14-34 mm): background only
        stat = ImageStat.Stat(face)
        stats[role] = (stat.mean[0], stat.stddev[0])
    roles = list(stats)
    for i, a in enumerate(roles):
        for b in roles[i + 1:]:
            (ma, sa), (mb, sb) = stats[a], stats[b]
            assert abs(ma - mb) > 25 or abs(sa - sb) > 8, (a, b, stats)


# --- picture cards -------------------------------------------------------------------------------

def test_the_deck_has_at_least_280_distinct_pictures_with_authors() -> None:
    pictures = content.load_pictures()
    assert len(pictures) >= 280 and len(pictures) % 2 == 0
    assert len({p.text() for p in pictures}) == len(pictures)
    assert len({p.subject for p in pictures}) == len(pictures)          # no subject twice
    composed = [p for p in pictures if p.accessory]
    assert len(composed) >= 80 and len({p.accessory for p in composed}) >= 15
    assert not {p.subject for p in pictures} & {p.accessory for p in composed}
    authors = content.load_authors()
    used = {p.subject for p in pictures} | {p.accessory for p in composed}
    assert used <= set(authors)
    folder = content.picture_dir()
    shipped = {f.stem for f in folder.glob("*.svg")}
    assert shipped == set(authors)                                     # every shipped icon credited, none extra
    assert used <= shipped and shipped - used <= {"spy", "walk", "hooded-assassin", "duality-mask"}
    attribution = (folder / "ATTRIBUTION.md").read_text(encoding="utf-8")
    assert "CC BY 3.0" in attribution and "creativecommons.org/licenses/by/3.0" in attribution
    for name, author in authors.items():
        assert name in attribution and author in attribution


def test_picture_lines_round_trip_and_bad_lines_name_the_file() -> None:
    from generator.core.errors import DataError

    for picture in content.load_pictures()[:20]:
        again = content.parse_picture(picture.text())
        assert (again.subject, again.accessory) == (picture.subject, picture.accessory)
    with pytest.raises(DataError, match="no icon 'unicornfish'"):
        content.parse_picture("unicornfish", 3, Path("pictures.txt"))
    with pytest.raises(DataError):
        content.parse_picture("owl + crown + fire")


def test_whole_deck_pdf_is_duplex_with_a_credits_card(capsys, tmp_path) -> None:
    out = tmp_path / "pictures.pdf"
    code, _, err = _run(capsys, "codenames", "pictures", "-o", out)      # Italian by default
    assert code == 0, err
    reader = PdfReader(out)
    cards = len(content.load_pictures()) // 2 + 1
    assert len(reader.pages) == 2 * -(-cards // 12)                 # 12 cards of 60 mm per A4 side
    last = " ".join(reader.pages[-2].extract_text().split())
    assert "Crediti delle immagini" in last and "CC BY 3.0" in last and "Picture credits" not in last
    for author in ("Lorc", "Delapouite"):
        assert author in last
    assert "game-icons.net" in reader.pages[0].extract_text()       # the footer credits the art too
    assert all("/XObject" not in page["/Resources"] for page in reader.pages[:2])   # vector art


def test_seeded_deal_is_count_cards_plus_credits_and_repeatable(capsys, tmp_path) -> None:
    data = [json.loads(_run(capsys, "codenames", "pictures", "--seed", seed, "--count", 20, "--format",
                            "json")[1]) for seed in (5, 5, 6)]
    assert data[0] == data[1] != data[2]
    assert len(data[0]) == 20 and len({tuple(card) for card in data[0]}) == 20
    deck = [p.text() for p in content.load_pictures()]
    pairs = set(zip(deck[0::2], deck[1::2], strict=True))
    assert all(tuple(card) in pairs for card in data[0])             # whole cards, both sides
    out = tmp_path / "game.pdf"
    code, _, err = _run(capsys, "codenames", "pictures", "--seed", 5, "--count", 20, "-o", out)
    assert code == 0, err
    assert len(PdfReader(out).pages) == 4                            # 21 cards: 2 sheets, fronts and backs
    assert "20" in PdfReader(out).pages[0].extract_text()
    code, _, err = _run(capsys, "codenames", "pictures", "--seed", 5, "--count", 999, "-o", tmp_path / "x.pdf")
    assert code == 2 and "--count" in err and len(err.strip().splitlines()) == 1


def test_picture_png_shows_art_in_two_colours_and_the_corner_mark(tmp_path) -> None:
    from generator.games.codenames.pictures import ACCENT, INK, picture_items
    from generator.render import render_png
    from generator.scene.model import Page

    composed = next(p for p in content.load_pictures() if p.accessory)
    png = render_png(Page(60, 60, items=picture_items(composed)), dpi=60)
    with PILImage.open(io.BytesIO(png)) as im:
        colours = Counter(dict((c, n) for n, c in im.getcolors(1 << 16)))
        corner = im.getpixel((round(4.5 / 25.4 * 60), round(4.5 / 25.4 * 60)))
    hexes = {"#{:02x}{:02x}{:02x}".format(*c) for c, n in colours.items() if n > 20}
    assert INK in hexes and ACCENT in hexes
    assert "#{:02x}{:02x}{:02x}".format(*corner) == INK                             # the top-left mark


# --- the rules aid -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", GAME.languages)
def test_rules_aid_exists_in_every_language_on_one_page(capsys, tmp_path, lang) -> None:
    from generator.cards.rules_text import rules_languages

    assert rules_languages("codenames") == GAME.languages
    out = tmp_path / f"codenames-rules-{lang}.pdf"
    code, _, err = _run(capsys, "codenames", "rules", "--lang", lang, "-o", out)
    assert code == 0, err
    reader = PdfReader(out)
    assert len(reader.pages) == 1
    text = reader.pages[0].extract_text()
    words = {"en": ["assassin", "double agent", "one word and one number", "Score 7 or more", "1: a win is a win",
                    "number plus one", "5x4"],
             "it": ["assassino", "doppiogiochista", "una parola e un numero", "7: Letteralmente incredibile",
                    "1: Sempre meglio che perdere", "numero più uno", "5x4", "ignaro passante",
                    "capo dell'agenzia", "agenti operativi"]}[lang]
    flat = " ".join(text.split())
    for word in words:
        assert word in flat, word
    if lang == "it":
        assert not re.search(r"\b(page|print|seed|rules)\b", flat)   # no English inside the Italian sheet


def test_kit_has_the_rules_aid_file(kit_seed1) -> None:
    # `pnpgen kit --seed 1` (built once for the session, tests/conftest.py) ran this game's
    # kit_part(folder, 1, "a4", ..., lang=None: its rulebook's Italian)
    names = {p.name for p in (kit_seed1 / "codenames").rglob("*") if p.is_file()}
    assert {"codenames-rules-it.pdf", "pictures-it.pdf", "covers-5x5-it.pdf", "covers-5x4-it.pdf",
            "words-it.pdf"} <= names and "words-en.pdf" not in names
    assert paths.card_data("codenames", "rules.yaml").is_file()


@pytest.mark.parametrize("lang", GAME.languages)
def test_footers_keep_their_titles_whole(lang: str) -> None:
    """Every Codenames product's footer fits without cutting its title (a cut title is a known defect)."""
    from generator.scene.footer import _LABEL_W, FOOTER_WORDS, SHORT_ADVICE, fit_footer, footer_band, footer_text
    from generator.scene.papers import SCALE_BAR_LENGTH

    words = content.labels(lang)
    _, _, w, _ = footer_band("bottom", 210, 297)
    width = w - SCALE_BAR_LENGTH - _LABEL_W - 3
    icons = words["icons_footer"]
    for title, source in [(words["pictures_title"], f"{words['deck_source'].format(count=165)} · {icons}"),
                          (words["pictures_title"], f"{words['deal_source'].format(seed=4294967295, count=20)} · {icons}"),
                          (words["covers_title"], words["grid_source"].format(grid="5x5", count=25)),
                          (words["rules_title"], "")]:
        text = footer_text(title, source, 14, 28, lang)
        fitted = fit_footer(text, width)
        # the title, the source and the page stay whole; only the printing advice may take its short form
        assert fitted in (text, text.replace(FOOTER_WORDS[lang][1], SHORT_ADVICE[FOOTER_WORDS[lang][1]])), fitted
        assert "…" not in fitted
