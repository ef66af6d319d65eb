"""The example game's pages: the deal's sheet (a title and the numbers dealt) and its rules sheet (no backend)."""

from __future__ import annotations

from generator.games._template import GAME
from generator.games._template.content import labels
from generator.games._template.rules import format_deal
from generator.scene.footer import seed_words
from generator.scene.imposition import add_footers, content_box, sheet_pages
from generator.scene.model import Page, Text
from generator.scene.rulesheet import RulesSection, rules_sheet_page


def deal_pages(numbers: tuple[int, ...], seed: int, lang: str = GAME.default_language, paper: str = "a4") -> list[Page]:
    """One page showing the deal, with the footer (title, seed, page n/N, scale bar)."""
    words = labels(lang)
    page = sheet_pages(1, paper)[0]
    x, y, w, _ = content_box(paper)
    page.add(Text(x, y, w, 12, words["title"], font="sans-bold", size=20),
             Text(x, y + 16, w, 8, words["dealt"], font="sans", size=12),
             Text(x, y + 26, w, 12, format_deal(numbers), font="mono-bold", size=18))
    return add_footers([page], title=words["title"], source=seed_words(seed, lang), lang=lang)


def rules_pages(lang: str = GAME.default_language, paper: str = "a4") -> list[Page]:
    """The rules sheet the game declares (its GAME's `rules`): one page in `lang`; a real game reads its
    sections from card_data/<game>/rules.yaml (generator.cards.rules_text.load_rules_text)."""
    words = labels(lang)
    sections = [RulesSection(words["setup"], (words["deal"],)), RulesSection(words["end"], (words["win"],))]
    return [rules_sheet_page(words["title"], words["rules"], sections, paper=paper, lang=lang)]
