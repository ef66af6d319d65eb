"""The CODEX deck: card kinds, their counts, passive keywords, and the checks a deck must pass."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator.core.errors import RulesError
from generator.games.dungeon import GAME

# Kinds in printing order, with the rulebook's count of each (82 cards in all).
KINDS: tuple[str, ...] = ("character", "ration", "object", "secret", "creature", "special", "boss", "zone")
COUNTS: dict[str, int] = {"character": 4, "ration": 9, "object": 21, "secret": 9, "creature": 12,
                          "special": 7, "boss": 2, "zone": 18}
DECK_SIZE = sum(COUNTS.values())
LANGS: tuple[str, ...] = GAME.languages     # French first: the rulebook's, the base of every text
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")
DISTANCES: tuple[str, ...] = ("melee", "ranged")
SOURCES: tuple[str, ...] = ("rulebook", "original")
ZONE_ROLES: tuple[str, ...] = ("start", "end", "boss_end")
SECRET_NUMBERS = range(1, 10)

# Text fields each kind prints (each has a French value and an English twin `<field>_en`).
TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "character": ("name", "ability"),
    "ration": ("name", "effect1"),
    "object": ("name", "effect1", "effect2", "effect3"),
    "secret": ("name", "effect1", "cond1", "cond2", "effect2", "effect3"),
    "creature": ("name", "passive", "cond1", "effect1", "effect2"),
    "special": ("name", "passive", "cond1", "effect1", "effect2"),
    "boss": ("name", "passive"),
    "zone": ("name", "types", "effect1", "effect2"),
}
REQUIRED_TEXT: dict[str, tuple[str, ...]] = {
    "character": ("name", "ability"), "ration": ("name", "effect1"), "object": ("name", "effect1"),
    "secret": ("name", "effect1"), "creature": ("name", "cond1", "effect1", "effect2"),
    "special": ("name", "cond1", "effect1", "effect2"), "boss": ("name",),
    "zone": ("name", "types", "effect1"),
}
# Language-neutral fields each kind may carry (numbers, references, roles).
VALUE_FIELDS: dict[str, tuple[str, ...]] = {
    "character": ("colour", "start"),
    "ration": (),
    "object": ("precision", "damage", "range"),
    "secret": ("number", "abilities", "summons"),
    "creature": ("pv", "pv_green", "riposte", "riposte_green", "distance", "keywords", "summons", "reads"),
    "special": ("pv", "pv_green", "riposte", "riposte_green", "distance", "keywords", "summons", "reads"),
    "boss": ("pv", "riposte", "distance", "keywords", "secret", "rewards", "summons"),
    "zone": ("role", "summons", "reads"),
}
ICONS: tuple[str, ...] = ("pa", "engage", "pv", "melee", "ranged", "passive")
_MARKUP = re.compile(r"<(/?)([a-z]+)>")


@dataclass(frozen=True)
class Keyword:
    """A passive keyword of the annex (Tacle, Charge X, Plante): names per language, a reminder."""

    id: str
    names: dict[str, str]
    takes_value: bool
    reminders: dict[str, str]


@dataclass(frozen=True)
class Card:
    """One card of the data: kind, id, copies, language-neutral values and texts per language.

    values holds numbers and references (pv, riposte, precision, range, colour, start, secret,
    rewards, summons, reads, role, number, keywords); texts[lang][field] the printed strings.
    file/line say where the card is written, for error messages.
    """

    kind: str
    id: str
    qty: int = 1
    source: str = "original"
    values: dict[str, Any] = field(default_factory=dict)            # as read from the data file
    texts: dict[str, dict[str, str]] = field(default_factory=dict)
    file: str | None = None
    line: int | None = None

    def text(self, name: str, lang: str = GAME.default_language) -> str:
        """A printed text field in a language ('' when the card has none)."""
        return self.texts.get(lang, {}).get(name, "")

    def name(self, lang: str = GAME.default_language) -> str:
        """The card's title in a language."""
        return self.text("name", lang)


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the data, located at a card (file:line) or at the deck as a whole."""

    message: str
    file: str | None = None
    line: int | None = None
    key: str | None = None

    def __str__(self) -> str:
        where = ":".join(str(p) for p in (self.file, self.line) if p is not None)
        key = f"{self.key}: " if self.key else ""
        return f"{where}: {key}{self.message}" if where else f"{key}{self.message}"


def parse_keywords(text: str) -> list[tuple[str, int | None]]:
    """'Charge 1, Tacle' -> [('Charge', 1), ('Tacle', None)] (French names as printed)."""
    out: list[tuple[str, int | None]] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        match = re.fullmatch(r"(\S+(?: \S+)*?)(?: (\d+))?", part)
        if match is None:
            raise RulesError(f"keyword {part!r} cannot be read: a name, then one space and a number if it takes one")
        name, value = match.group(1), match.group(2)
        out.append((name, int(value) if value is not None else None))
    return out



def expand(cards: list[Card]) -> list[Card]:
    """Every physical card: a card with qty n comes n times (printing order kept)."""
    return [card for card in cards for _ in range(card.qty)]


def by_id(cards: list[Card]) -> dict[str, Card]:
    """Cards indexed by id."""
    return {card.id: card for card in cards}


def count_kinds(cards: list[Card]) -> dict[str, int]:
    """Physical cards per kind (qty counted), in KINDS order."""
    counts = {kind: 0 for kind in KINDS}
    for card in cards:
        counts[card.kind] = counts.get(card.kind, 0) + card.qty
    return counts


def markup_problems(text: str) -> list[str]:
    """Unknown icons, unbalanced <g>…</g> or [brackets] in a card text."""
    problems, green_open = [], False
    for closing, tag in _MARKUP.findall(text):
        if tag == "b":
            continue
        if tag == "g":
            if bool(closing) != green_open:
                problems.append("unbalanced <g>…</g>")
            green_open = not closing
        elif closing or tag not in ICONS:
            problems.append(f"unknown icon <{closing}{tag}> (known: {', '.join(ICONS)})")
    if green_open:
        problems.append("unclosed <g>")
    if text.count("[") != text.count("]"):
        problems.append("unbalanced [condition] brackets")
    return problems


@dataclass(frozen=True)
class Deck:
    """The whole game's data: cards in printing order and the passive keywords."""

    cards: list[Card]
    keywords: list[Keyword]

    def of_kind(self, kind: str) -> list[Card]:
        """The cards of one kind, in data order (each once, whatever its qty)."""
        return [card for card in self.cards if card.kind == kind]

    def get(self, card_id: str) -> Card:
        """A card by id (KeyError if none)."""
        return by_id(self.cards)[card_id]

    def zone_with_role(self, role: str) -> Card:
        """The fixed zone for a role: start, end or boss_end."""
        return next(c for c in self.of_kind("zone") if c.values.get("role") == role)
