"""Codex printables for one deal: the Master's sheet, the private agent cards, the public roles
card and the rules sheet, as pages in that order (generator/games/codex/sheets/master.py and codex_cards.py draw them)."""

from __future__ import annotations

from generator.games.codex import GAME
from generator.games.codex.content import CodexTexts, load_texts
from generator.games.codex.rules import Deal
from generator.games.codex.sheets.cards import PUBLIC_SIZE, STRIP_SIZE, agent_strip, public_card
from generator.games.codex.sheets.master import master_pages
from generator.scene.imposition import Card, SheetSpec, card_pages, impose
from generator.scene.model import Page

STRIP_GAP = 4.0            # mm between strips (bleed 2 mm each): a miscut never reaches a neighbour
PUBLIC_COPIES = 2          # one for each side of the table
DEFAULT_PHASES = 6


def codex_pages(deal: Deal, lang: str = GAME.default_language, paper: str = "a4",
                phases: int = DEFAULT_PHASES) -> list[Page]:
    """Every page of a deal: Master's sheet, agent cards, public roles card."""
    texts = load_texts(lang)
    return (master_pages(deal, texts, paper, phases) + agent_card_pages(deal, texts, paper)
            + public_card_pages(deal, texts, paper) + rules_pages(lang, paper))


def rules_pages(lang: str = GAME.default_language, paper: str = "a4") -> list[Page]:
    """The one-page rules aid (card_data/codex/rules.yaml): public, nothing of any deal on it."""
    from generator.cards.rules_text import load_rules_text
    from generator.scene.rulesheet import rules_sheet_page

    title, subtitle, sections = load_rules_text("codex", load_texts(lang).lang)
    page = rules_sheet_page(title, subtitle, sections, paper=paper, lang=lang, source=load_texts(lang).footer)
    page.label = "codex rules sheet"
    return [page]


def agent_card_pages(deal: Deal, texts: CodexTexts, paper: str = "a4") -> list[Page]:
    """One Z-fold strip per agent, in player order, with crop marks; the footer has no seed."""
    cards = [Card(agent_strip(a, deal, texts), label=f"agent {a.name}") for a in deal.agents]
    return _imposed(cards, STRIP_SIZE, STRIP_GAP / 2, texts.label("card", "sheet_title"), "agents",
                    texts, paper)


def public_card_pages(deal: Deal, texts: CodexTexts, paper: str = "a4") -> list[Page]:
    """The public roles card, PUBLIC_COPIES times on one page."""
    cards = [Card(public_card(deal, texts), label="roles") for _ in range(PUBLIC_COPIES)]
    return _imposed(cards, PUBLIC_SIZE, 0.0, texts.label("public", "title"), "roles", texts, paper)


def _imposed(cards: list[Card], size: tuple[float, float], bleed: float, title: str, part: str,
             texts: CodexTexts, paper: str) -> list[Page]:
    """Cards on portrait sheets with crop marks, no backs; pages labelled "codex <part> ..."."""
    spec = SheetSpec(paper=paper, landscape=False, card_size=size, bleed=bleed, crop_marks=True, duplex=None)
    pages = impose(cards, spec, title=title, source=texts.footer, lang=texts.lang)
    for page in pages:
        page.label = f"codex {part} {page.label}"
    return pages


def agent_pages_one_each(deal: Deal, lang: str = GAME.default_language) -> list[Page]:
    """Each agent's strip as its own page (strip size, no sheet, no footer): for sending a card
    to one player, e.g. for a game played at a distance."""
    texts = load_texts(lang)
    cards = [Card(agent_strip(a, deal, texts), label=f"agent {a.name}") for a in deal.agents]
    return card_pages(cards, STRIP_SIZE)


def split_parts(deal: Deal, lang: str = GAME.default_language, paper: str = "a4",
                phases: int = DEFAULT_PHASES) -> list[tuple[str, list[Page]]]:
    """The deal as separate documents: ("master", pages), ("roles", pages), then one
    ("agent-<n>-<name>", [page]) per agent in player order."""
    texts = load_texts(lang)
    parts = [("master", master_pages(deal, texts, paper, phases)),
             ("roles", public_card_pages(deal, texts, paper)),
             ("rules", rules_pages(lang, paper))]
    for n, (agent, page) in enumerate(zip(deal.agents, agent_pages_one_each(deal, lang), strict=False), start=1):
        parts.append((f"agent-{n}-{_slug(agent.name)}", [page]))
    return parts


def _slug(name: str) -> str:
    """A file-name-safe form of a codename: letters and digits kept, anything else a '-'."""
    slug = "".join(c if c.isalnum() else "-" for c in name).strip("-")
    return slug or "agent"
