"""Noir products: the deck (suspect, evidence and reference cards through the card engine) and setup sheets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.cards.build import build_cards, card_size_of
from generator.cards.records import Record
from generator.cards.templates import Template, load_template
from generator.games.noir import GAME
from generator.games.noir.content import fill_limit, load_labels, load_reference, load_suspects, localise
from generator.games.noir.rules import KILL_LIMIT, Setup, check_kill_limit, format_setup
from generator.scene.footer import seed_words
from generator.scene.imposition import Card, add_footers, content_box, sheet_pages
from generator.scene.model import Circle, Item, Line, Page, Rect, Stroke, Text

People = dict[int, dict[str, Any]]      # card number -> the suspect's record fields

TEMPLATES = {"suspect": GAME.deck("cards").group("suspects").template,     # the deck's groups (GAME)
             "evidence": GAME.deck("cards").group("evidence").template,
             "reference": GAME.deck("cards").group("reference").template}
INK = "#1a1a1a"
SETUP_TEXT_ROOM = 60.0              # mm of a setup sheet taken by everything but the grid
CARD_COUNT = 52                     # 25 suspect cards, 2 reference cards, 25 evidence cards
PORTRAIT_FIELDS = ("hat", "hair", "hair_color", "face", "neck", "skin", "coat", "backdrop", "shape")


@dataclass(frozen=True)
class NoirDeck:
    """The printable deck: suspect cards (alive/dead), reference cards, evidence cards, in print order."""

    suspects: list[Card]
    reference: list[Card]
    evidence: list[Card]
    card_size: tuple[float, float]
    bleed: float

    @property
    def cards(self) -> list[Card]:
        """Suspects and reference cards first (they fill three 3x3 sheets exactly), then evidence."""
        return [*self.suspects, *self.reference, *self.evidence]


def suspect_records(lang: str, kill_limit: int = KILL_LIMIT, path: str | Path | None = None) -> list[Record]:
    """The 25 suspects with the words of one language as fields (trait, dead, evidence...)."""
    labels = {k: fill_limit(v, kill_limit) for k, v in load_labels(lang).items()}
    out = []
    for record in load_suspects(path):
        extra = {**labels, "dead": labels[f"dead_{record.fields['gender']}"]}
        out.append(localise(record, lang, extra))
    return out


def reference_records(lang: str, kill_limit: int = KILL_LIMIT) -> list[Record]:
    """The two reference cards in one language, the kill limit filled in."""
    labels = {k: fill_limit(v, kill_limit) for k, v in load_labels(lang).items()}
    out = []
    for record in load_reference():
        local = localise(record, lang, labels)
        fields = {k: fill_limit(v, kill_limit) if isinstance(v, str) else v for k, v in local.fields.items()}
        out.append(Record(fields, record.file, record.line, record.copy))
    return out


@dataclass(frozen=True)
class NoirDesign:
    """The deck before it is drawn: its records and templates, so its card size and counts are known."""

    people: list[Record]
    reference: list[Record]
    templates: dict[str, Template]
    bleed_option: float | None = None

    @property
    def card_size(self) -> tuple[float, float]:
        return card_size_of(self.templates["suspect"])

    @property
    def bleed(self) -> float:
        return self.templates["suspect"].bleed if self.bleed_option is None else self.bleed_option

    @property
    def groups(self) -> dict[str, int]:
        """The cards of each group in print order: suspects, reference cards, evidence."""
        return {"suspects": len(self.people), "reference": len(self.reference), "evidence": len(self.people)}

    @property
    def count(self) -> int:
        return sum(self.groups.values())


def prepare_deck(lang: str = GAME.default_language, kill_limit: int = KILL_LIMIT, suspects: str | Path | None = None,
                 bleed: float | None = None) -> NoirDesign:
    """The Noir deck in one language, read but not drawn: 25 suspects, 2 reference cards, their templates."""
    check_kill_limit(kill_limit)
    templates = {kind: load_template(name) for kind, name in TEMPLATES.items()}
    return NoirDesign(suspect_records(lang, kill_limit, suspects), reference_records(lang, kill_limit), templates, bleed)


def draw_deck(design: NoirDesign) -> NoirDeck:
    """All Noir cards drawn: 25 suspect cards, 2 reference cards, 25 evidence cards."""
    bleed, templates = design.bleed_option, design.templates
    return NoirDeck(suspects=build_cards(design.people, templates["suspect"], bleed=bleed),
                    reference=build_cards(design.reference, templates["reference"], bleed=bleed),
                    evidence=build_cards(design.people, templates["evidence"], bleed=bleed),
                    card_size=design.card_size, bleed=design.bleed)


def build_deck(lang: str = GAME.default_language, kill_limit: int = KILL_LIMIT, suspects: str | Path | None = None,
               bleed: float | None = None) -> NoirDeck:
    """All Noir cards in one language: 25 suspect cards, 2 reference cards, 25 evidence cards."""
    return draw_deck(prepare_deck(lang, kill_limit, suspects, bleed))


def suspect_names(path: str | Path | None = None) -> dict[int, str]:
    """Card number → name, for naming a setup."""
    return {int(r.fields["number"]): str(r.fields["name"]) for r in load_suspects(path)}


# --- the setup sheet ----------------------------------------------------------------------------

def setup_pages(setup: Setup, seed: int, lang: str = GAME.default_language, paper: str = "a4", kill_limit: int = KILL_LIMIT,
                suspects: str | Path | None = None, deck_order: bool = False, rules: bool = True) -> list[Page]:
    """The setup sheet: the 5x5 table as a diagram (name, number, trait) and how to lay out and shuffle,
    then (with `rules`) the one-page rules sheet. The evidence pile's order is never on them (card 1 is the Killer's
    identity, cards 2-5 the Inspector's draw); with `deck_order` a last page, headed for a dealer who does
    not play, lists it."""
    check_kill_limit(kill_limit)
    labels = {k: fill_limit(v, kill_limit) for k, v in load_labels(lang).items()}
    people = {int(r.fields["number"]): r.fields for r in suspect_records(lang, kill_limit, suspects)}
    page = sheet_pages(1, paper)[0]
    page.label = "setup sheet"
    x, y, w, h = content_box(paper)
    page.add(Text(x, y, w, 10, labels["setup_title"], font="sans-bold", size=18, color=INK, align="left", valign="middle", wrap=False))
    y += 12
    page.add(Text(x, y, w, 6, labels["setup_grid"], font="sans", size=10, color="#444444", align="left", valign="middle"))
    grid_room = h - SETUP_TEXT_ROOM
    y = _grid(page, setup, people, labels, x, y + 7, w, grid_room) + 6
    page.add(Text(x, y, w, 22, labels["setup_steps"], font="sans", size=10, color=INK, min_size=6))
    grid_code = format_setup(setup).split(";")[0]        # the pile's half of the code stays off this page
    page.add(Text(x, y + 23, w, 8, f"{labels['grid_code']}: {grid_code}", font="mono", size=7, color="#555555", min_size=4))
    pages = add_footers([page], title=labels["deck_title"], source=seed_words(seed, lang), lang=lang)
    if rules:
        pages += rules_pages(lang, paper, kill_limit)
    if deck_order:
        pages += add_footers([_dealer_page(setup, people, labels, paper)], title=labels["deck_title"],
                             source=seed_words(seed, lang), lang=lang)
    return pages


def _dealer_page(setup: Setup, people: People, labels: dict[str, str], paper: str) -> Page:
    """The evidence pile top to bottom, for a dealer who does not play (it gives both identities away)."""
    page = sheet_pages(1, paper)[0]
    page.label = "dealer sheet"
    x, y, w, _ = content_box(paper)
    page.add(Rect(x, y, w, 12, fill="#1a1a1a", stroke=None, radius=1.5),
             Text(x + 3, y, w - 6, 12, labels["dealer_title"], font="sans-bold", size=15, color="#ffffff", align="left", valign="middle",
                  wrap=False, min_size=8))
    page.add(Text(x, y + 15, w, 20, labels["dealer_note"], font="sans", size=10, color=INK, min_size=6))
    page.add(Text(x, y + 38, w, 6, labels["setup_deck"], font="sans", size=10, color="#444444", align="left", valign="middle"))
    bottom = _deck_list(page, setup, people, x, y + 45, w)
    page.add(Text(x, bottom + 6, w, 8, f"{labels['setup_code']}: {format_setup(setup)}", font="mono", size=7, color="#555555",
                  min_size=4))
    return page


def _grid(page: Page, setup: Setup, people: People, labels: dict[str, str], x: float, y: float, w: float,
          room: float) -> float:
    """Draw the table diagram with row and column numbers within `room` mm; returns the y below it."""
    size = len(setup.grid)
    gutter = 7.0
    cell_w = (w - gutter) / size
    cell_h = min(34.0, cell_w, (room - 5.5) / size)
    for c in range(size):
        page.add(Text(x + gutter + c * cell_w, y, cell_w, 5, f"{labels['column']} {c + 1}", font="sans", size=8,
                      color="#666666", align="center", valign="middle", wrap=False))
    top = y + 5.5
    for r, row in enumerate(setup.grid):
        cy = top + r * cell_h
        page.add(Text(x, cy, gutter - 1, cell_h, str(r + 1), font="sans-bold", size=11, color="#666666", align="center", valign="middle",
                      wrap=False))
        for c, number in enumerate(row):
            _cell(page, people[number], x + gutter + c * cell_w, cy, cell_w, cell_h)
    return top + size * cell_h


def _cell(page: Page, fields: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    """One suspect card in the diagram: colour tab, number disc, small portrait, name, trait."""
    page.add(Rect(x + 0.8, y + 0.8, w - 1.6, h - 1.6, fill="#f4efe4", stroke=Stroke(INK, 0.35), radius=1.5))
    page.add(Rect(x + 0.8, y + 0.8, w - 1.6, 3.0, fill=fields["backdrop"], stroke=None, radius=1.5))
    pic = h - 17.5
    page.add(*portrait(fields, x + (w - pic) / 2, y + 4.4, pic, pic))
    page.add(Circle(x + 5.4, y + 8.6, 3.4, fill=INK, stroke=None))
    page.add(Text(x + 2.0, y + 5.2, 6.8, 6.8, str(fields["number"]), font="sans-bold", size=9, color="#ffffff", align="center",
                  valign="middle", wrap=False))
    page.add(Text(x + 1.5, y + h - 13, w - 3, 7.5, str(fields["name"]), font="sans-bold", size=13, color=INK, align="center",
                  valign="middle", wrap=False, min_size=7))
    page.add(Text(x + 1.5, y + h - 5.8, w - 3, 4.2, str(fields["trait"]), font="sans-italic", size=7.5, color="#555555",
                  align="center", valign="middle", wrap=False, min_size=5))


def portrait(fields: dict[str, Any], x: float, y: float, w: float, h: float) -> list[Item]:
    """A suspect's portrait drawn by the `emblem` element kind, as on the cards."""
    from generator.cards.elements import ElementContext, get_kind

    kind = get_kind("emblem")
    assert kind is not None        # a built-in element kind (generator/cards/elements)
    raw = {key: param.default for key, param in kind.keys.items() if not param.required}
    raw.update({key: fields[key] for key in PORTRAIT_FIELDS})
    raw.update(x=x, y=y, w=w, h=h, seed=str(fields["name"]))
    values = {key: None if value is None else kind.keys[key].convert(value) for key, value in raw.items()}
    return kind.draw(values, ElementContext(fields=fields, card_w=w, card_h=h))


def _deck_list(page: Page, setup: Setup, people: People, x: float, y: float, w: float) -> float:
    """The evidence pile top to bottom, in five columns of five; returns the y below it."""
    cols, line = 5, 6.0
    col_w = w / cols
    rows = -(-len(setup.deck) // cols)
    for i, number in enumerate(setup.deck):
        c, r = divmod(i, rows)
        text = f"{i + 1}. {people[number]['name']} (#{number})"
        page.add(Text(x + c * col_w, y + r * line, col_w - 2, line, text, font="sans", size=9.5, color=INK, align="left", valign="middle",
                      wrap=False, min_size=6))
    for c in range(1, cols):
        page.add(Line(x + c * col_w - 2.5, y, x + c * col_w - 2.5, y + rows * line, stroke=Stroke("#bbbbbb", 0.2)))
    return y + rows * line


def deck_json(lang: str = GAME.default_language, kill_limit: int = KILL_LIMIT) -> dict[str, Any]:
    """The deck's data (for --format json): the suspects and reference cards in one language."""
    keep = ("number", "name", "trait", "dead", "hat", "hair", "hair_color", "face", "neck", "skin", "coat",
            "backdrop", "shape")
    return {"lang": lang, "kill_limit": kill_limit,
            "suspects": [{k: r.fields[k] for k in keep} for r in suspect_records(lang, kill_limit)],
            "reference": [{k: r.fields[k] for k in ("role", "title", "first", "a1", "a2", "a3")}
                          for r in reference_records(lang, kill_limit)]}


# --- the rules aid ------------------------------------------------------------------------------

def rules_pages(lang: str = GAME.default_language, paper: str = "a4", kill_limit: int = KILL_LIMIT) -> list[Page]:
    """The one-page rules aid (card_data/noir/rules.yaml) in one language, the kill limit filled in."""
    from generator.cards.rules_text import load_rules_text
    from generator.scene.rulesheet import rules_sheet_page

    check_kill_limit(kill_limit)
    title, subtitle, sections = load_rules_text("noir", lang, {"kill_limit": kill_limit})
    return [rules_sheet_page(title, subtitle, sections, paper=paper, lang=lang)]
