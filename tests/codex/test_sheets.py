"""Codex printables: what each page shows (read back from the PDF), what the fold card hides, and
that every size, language and paper lays out."""

from __future__ import annotations

import io
import math

import pytest
from pypdf import PdfReader
from tests.pdftext import pdf_texts

from generator.games.codex import GAME
from generator.games.codex import rules as codex
from generator.games.codex.content import load_codenames, load_texts
from generator.games.codex.sheets import cards as codex_cards
from generator.games.codex.sheets.deal import codex_pages
from generator.render import render_pdf, render_png, render_recording
from generator.scene.model import Group, Rect, Text

NAMES = ["Ann", "Bèn", "Cleo", "Dan", "Eva", "Fede"]
SEED = 987654321
PT = 72 / 25.4


def _deal(k: int = 3, roles=("infiltrator", "hacker"), names=None, seed: int = SEED) -> codex.Deal:
    return codex.deal(seed, agents_per_faction=k, roles=list(roles), names=names,
                      codenames=load_codenames())


def _texts_by_page(pdf: bytes) -> list[str]:
    """Each page's text (pdftotext when installed: pypdf takes seconds over the agent cards' camouflage)."""
    return list(pdf_texts(pdf))


def _parts(pages):
    master = [i for i, p in enumerate(pages) if p.label.startswith("codex master")]
    agents = [i for i, p in enumerate(pages) if p.label.startswith("codex agents")]
    roles = [i for i, p in enumerate(pages) if p.label.startswith("codex roles")]
    return master, agents, roles


@pytest.fixture(scope="module")
def italian():
    d = _deal(names=NAMES)
    pages = codex_pages(d, lang="it")
    pdf = render_pdf(pages, title="Codex")
    return d, pages, pdf, _texts_by_page(pdf)


def test_pages_in_order_and_a4(italian) -> None:
    _d, pages, pdf, _ = italian
    master, agents, roles = _parts(pages)
    assert master == list(range(len(master))) and master
    assert agents == list(range(len(master), len(master) + 2))       # 6 strips, 4 a page
    assert roles == [len(pages) - 2]
    assert pages[-1].label == "codex rules sheet"
    for page in PdfReader(io.BytesIO(pdf)).pages:
        assert math.isclose(float(page.mediabox.width), 210 * PT, abs_tol=0.5)
        assert math.isclose(float(page.mediabox.height), 297 * PT, abs_tol=0.5)


def test_master_sheet_has_everything_and_the_seed(italian) -> None:
    d, pages, _, texts = italian
    master, _, _ = _parts(pages)
    text = "\n".join(texts[i] for i in master)
    assert str(SEED) in text and "Scheda del Master" in text
    for agent in d.agents:
        assert agent.name in text and agent.fragment in text
    for _faction, code in d.codes.items():
        positions = [text.index(f) for f in code]
        assert positions == sorted(positions)          # each code printed in order
    for role in d.roles_in_play:
        assert load_texts("it").role(role) in text
    assert "Lavora per" in text and "Mostra" in text and "verità" in text
    assert "Codice partita" in text and "Seme" not in text and "seed" not in text
    for n in range(1, 7):
        assert f"Fase {n}" in text
    assert text.count("Hacker ") >= 2 * 6             # a target line per hacker per phase


def test_agent_cards_carry_no_seed_and_each_agent_once(italian) -> None:
    d, pages, _, texts = italian
    _, agents, roles = _parts(pages)
    card_text = "\n".join(texts[i] for i in agents + roles)
    assert str(SEED) not in card_text and "seed" not in card_text.lower()
    assert "Seme" not in card_text
    for agent in d.agents:
        assert agent.fragment in card_text and agent.name in card_text
    spy = [a for a in d.agents if a.is_infiltrator]
    assert len(spy) == 2 and card_text.count("SEI UN INFILTRATO") == 2


def test_accents_and_spelling_extract(italian) -> None:
    d, pages, _, texts = italian
    _, agents, _ = _parts(pages)
    card_text = "\n".join(texts[i] for i in agents)
    assert "Bèn" in card_text and "è nel codice" in card_text
    spelled = load_texts("it").spell(d.agents[0].fragment)
    assert spelled.split(" · ")[0] in card_text


def test_public_card_lists_only_roles_in_play(italian) -> None:
    d, pages, _, texts = italian
    _, _, roles = _parts(pages)
    text = texts[roles[0]]
    t = load_texts("it")
    for role in codex.ROLES:
        shown = t.role(role) in text
        assert shown == (role in d.roles_in_play), role
    assert text.count("Ruoli in gioco") >= 2


@pytest.mark.parametrize(("lang", "musts"), [
    ("it", ("senza dire chi lo manda", "non il nome in codice", "diversa da quelle già dette",
            "Voti pari", "anche mentire", "nell'ordine giusto", "una volta in ogni fase")),
    ("en", ("without saying who sent it", "not their codename", "a fact not yet told", "Tied vote",
            "lies included", "in the right order", "once in every phase")),
])
def test_public_card_has_the_rules_of_play(lang: str, musts) -> None:
    pages = codex_pages(_deal(), lang=lang)
    _, _, roles = _parts(pages)
    text = " ".join(_texts_by_page(render_pdf([pages[roles[0]]], title="Codex"))[0].split())
    for must in musts:
        assert must in text, must


def test_leader_tries_once_a_phase_and_the_informant_may_give_two_facts() -> None:
    it, en = load_texts("it"), load_texts("en")
    assert "senza limite" not in it.role_powers["leader"] and "un tentativo per fase" in it.role_powers["leader"]
    assert "no limit" not in en.role_powers["leader"] and "one attempt per phase" in en.role_powers["leader"]
    assert " può rivelare due" in it.role_powers["informant"] and "rivela due" not in it.role_powers["informant"]
    assert "may give two facts" in en.role_powers["informant"]
    card = it.labels["card"]
    assert card["for_eyes_of"] == "Riservato a" and "lato stampato contro lato stampato" in card["fold_forward"]
    assert it.labels["master"]["col_true"] == "Lavora per"
    assert "precedente" in it.labels["master"]["hacker_line"]


def _flatten(items, dx=0.0):
    for item in items:
        if isinstance(item, Group):
            yield from _flatten(item.items, dx + item.transform[4])
        else:
            yield item


def _panel_items(items, panel: int):
    x0, x1 = panel * codex_cards.PANEL_W, (panel + 1) * codex_cards.PANEL_W
    for item in items:
        if isinstance(item, Text) and x0 <= item.x and item.x + item.w <= x1:
            yield item


@pytest.mark.parametrize("lang", GAME.languages)
def test_fold_card_outside_shows_only_the_name(lang: str) -> None:
    d = _deal(k=4, roles=("infiltrator", "hacker", "profiler"))
    t = load_texts(lang)
    strips = [codex_cards.agent_strip(a, d, t) for a in d.agents]
    outside = [[(i.text if i.text != a.name else "<name>", i.x, i.y) for i in _panel_items(s, 0)]
               for s, a in zip(strips, d.agents, strict=False)]
    assert all(o == outside[0] for o in outside)          # identical but for the name
    covers = [[i for i in s if getattr(i, "x1", getattr(i, "x", -1)) >= 2 * codex_cards.PANEL_W]
              for s in strips]
    assert all(c == covers[0] for c in covers)            # the cover is the same for all
    for strip, agent in zip(strips, d.agents, strict=False):
        secrets = {agent.fragment, t.role(agent.role), t.faction(agent.shown_faction)}
        for item in strip:
            if isinstance(item, Text) and any(s in item.text for s in secrets):
                assert codex_cards.PANEL_W <= item.x and item.x + item.w <= 2 * codex_cards.PANEL_W
                assert item.y >= codex_cards.SECRET_INSET
                assert item.y + item.h <= codex_cards.PANEL_H - codex_cards.SECRET_INSET + 1e-9
            if isinstance(item, Rect) and item.fill in t.faction_colours.values():
                assert codex_cards.PANEL_W <= item.x < 2 * codex_cards.PANEL_W


def test_infiltrator_card_names_its_true_faction_and_code() -> None:
    d = _deal()
    for lang in GAME.languages:
        t = load_texts(lang)
        for agent in d.agents:
            words = " ".join(i.text for i in codex_cards.agent_strip(agent, d, t) if isinstance(i, Text))
            note = t.label("card", "infiltrator_note", shown="X", true="Y").split(".")[0]
            assert (note in words) == agent.is_infiltrator
            assert t.faction(agent.true_faction) in words


def test_the_cover_is_a_camouflage_of_the_agents_own_clipped_to_its_panel() -> None:
    """The cover's camouflage (scene/camouflage.py) stays inside the cover panel, is drawn from the deal's
    code and the agent (the same deal gives the same cover; two agents, two covers), and holds the
    identikit's words in none of its glyphs: they are random characters drawn as outlines, not text, so
    copying or searching the page finds no words in the camouflage."""
    from generator.scene.model import Group, Path

    def walk(item: object) -> list[object]:
        return [item] + [i for child in getattr(item, "items", ()) for i in walk(child)]

    d = _deal()
    t = load_texts("it")
    covers = []
    for agent in d.agents:
        strip = codex_cards.agent_strip(agent, d, t)
        (camo,) = [i for i in strip if isinstance(i, Group) and i.clip is not None]
        x0 = 2 * codex_cards.PANEL_W
        clip = camo.clip
        assert clip is not None and clip.x >= x0 and clip.x + clip.w <= x0 + codex_cards.PANEL_W
        assert clip.y >= 0 and clip.y + clip.h <= codex_cards.PANEL_H
        drawn = walk(camo)
        assert any(isinstance(i, Path) for i in drawn) and not any(isinstance(i, Text) for i in drawn)
        covers.append(repr(camo))
        assert camo in codex_cards.agent_strip(agent, d, t)           # the same deal, the same cover
    assert len(set(covers)) == len(covers)


# every language and paper, with the most agents (the fullest sheets) and each smaller table in turn
SIZES = [(k, GAME.languages[k % len(GAME.languages)], ("a4", "letter")[k // 2 % 2]) for k in (2, 3, 4, 5)] + [
    (5, GAME.languages[0], "letter")]


@pytest.mark.parametrize(("k", "lang", "paper"), SIZES)
def test_every_size_lays_out_with_long_names(k: int, lang: str, paper: str) -> None:
    names = [f"{c * 15}{i}" for i, c in enumerate("WMQGHOXKDN"[:2 * k])]
    d = _deal(k=k, roles=(), names=names)
    pages = codex_pages(d, lang=lang, paper=paper)
    log = render_recording(pages)                        # lays out every text box (LayoutError)
    for name in names:
        assert log.count(name) >= 1 + 1
    _, agents, _ = _parts(pages)
    assert len(agents) == math.ceil(2 * k / 4)


def test_all_roles_fit_the_public_card() -> None:
    d = _deal(k=5, roles=codex.OPTIONAL_ROLES[:4])
    for lang in GAME.languages:
        items = codex_cards.public_card(d, load_texts(lang))
        bottom = max(i.y + i.h for i in items if isinstance(i, Text))
        assert bottom <= codex_cards.PUBLIC_SIZE[1] - codex_cards.PUB_PAD + 1e-6
        pages = codex_pages(d, lang=lang)
        render_recording([pages[i] for i in _parts(pages)[2]])        # lays out its text boxes (LayoutError)


def test_same_seed_same_pdf_bytes() -> None:
    pages = codex_pages(_deal(seed=11), lang="en")
    a = render_pdf(pages, title="Codex")
    b = render_pdf(codex_pages(_deal(seed=11), lang="en"), title="Codex")
    other = codex_pages(_deal(seed=12), lang="en")
    master = _parts(pages)[0]
    assert a == b
    assert render_pdf([pages[i] for i in master]) != render_pdf([other[i] for i in _parts(other)[0]])


def test_png_of_a_card_page() -> None:
    pages = codex_pages(_deal(), lang="it")
    _, agents, _ = _parts(pages)
    png = render_png(pages[agents[0]], dpi=50)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image
    assert Image.open(io.BytesIO(png)).size == (round(210 / 25.4 * 50), round(297 / 25.4 * 50))


def test_spelling_covers_the_alphabet() -> None:
    for lang in GAME.languages:
        t = load_texts(lang)
        words = t.spell(codex.ALPHABET).split(" · ")
        assert len(words) == len(codex.ALPHABET) and len(set(words)) == len(words)


@pytest.mark.parametrize("k, phases", [(2, 1), (3, 6), (5, 12)])
def test_master_log_has_the_phases_asked_and_fills_its_last_page(k: int, phases: int) -> None:
    d = _deal(k=k, roles=())
    pages = codex_pages(d, lang="en", phases=phases)
    master, _, _ = _parts(pages)
    log = render_recording([pages[i] for i in master])
    numbers = [n for n in range(1, 60) if f"Phase {n}" in log]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= phases
    one_more = codex_pages(d, lang="en", phases=len(numbers) + 1)
    assert len(_parts(one_more)[0]) == len(master) + 1      # the last page was full


def test_both_languages_have_the_same_labels() -> None:
    it, en = load_texts("it"), load_texts("en")
    for section in it.labels:
        assert set(it.labels[section]) == set(en.labels[section]), section
        for key in it.labels[section]:
            assert it.labels[section][key] != "" and en.labels[section][key] != ""
    assert it.role("infiltrator") == "Infiltrato" and en.role("infiltrator") == "Infiltrator"
