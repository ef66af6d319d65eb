"""The laser game's one-page rules aid (card_data/laser/rules.yaml), in any of the sheets' languages."""

from __future__ import annotations

from generator.games.laser import GAME
from generator.games.laser.sheets.labels import check_lang
from generator.scene.model import Page


def rules_pages(lang: str = GAME.default_language, paper: str = "a4") -> list[Page]:
    """The rules sheet as one portrait page, its footer in the same language."""
    from generator.cards.rules_text import load_rules_text
    from generator.scene.rulesheet import rules_sheet_page

    check_lang(lang)
    title, subtitle, sections = load_rules_text("laser", lang)
    page = rules_sheet_page(title, subtitle, sections, paper=paper, lang=lang)
    page.label = "laser rules sheet"
    return [page]
