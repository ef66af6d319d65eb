"""A chapter's deal: the row of Zones (Début … Fin), one Créature per dealt Zone, and the Boss; text form."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from generator.core.errors import ParseError

CHAPTERS_PER_ACT = 2
ACTS = 1            # the demo holds one act; the full game will have 3


def zones_per_chapter(players: int) -> int:
    """Zones dealt between Début and Fin: one per player; solo plays as two (rulebook note)."""
    return max(players, 2)


def act_and_chapter(number: int) -> tuple[int, int]:
    """The act and the chapter within it of the number-th chapter of a campaign (from 1)."""
    return (number - 1) // CHAPTERS_PER_ACT + 1, (number - 1) % CHAPTERS_PER_ACT + 1


def is_boss_chapter(number: int) -> bool:
    """The second chapter of each act ends in the Boss's zone."""
    return act_and_chapter(number)[1] == CHAPTERS_PER_ACT


@dataclass(frozen=True)
class Setup:
    """One chapter as dealt: zone ids left to right (Début first, Fin last), the creature on each
    dealt zone (same order as zones[1:-1]) and the Boss on the last zone (None if not a boss chapter).

    Text form: "1.2: debut-chapitre | ruelle = bagarreur-crique | docks = reine-rats |
    fin-chapitre-boss = peintre" (act.chapter, then the row; `zone = creature`).
    """

    act: int
    chapter: int
    zones: tuple[str, ...]
    creatures: tuple[str, ...]
    boss: str | None = None

    @property
    def dealt_zones(self) -> tuple[str, ...]:
        """The zones between Début and Fin (the ones that go back under the pile)."""
        return self.zones[1:-1]

    @property
    def number(self) -> int:
        """The chapter's number in the campaign, from 1."""
        return (self.act - 1) * CHAPTERS_PER_ACT + self.chapter

    def format(self) -> str:
        """The one-line text form (see the class docstring)."""
        row = [self.zones[0]]
        row += [f"{zone} = {creature}" for zone, creature in zip(self.dealt_zones, self.creatures, strict=False)]
        row.append(f"{self.zones[-1]} = {self.boss}" if self.boss else self.zones[-1])
        return f"{self.act}.{self.chapter}: " + " | ".join(row)

    def to_json(self) -> dict[str, Any]:
        """The setup as JSON data (campaign file)."""
        return {"act": self.act, "chapter": self.chapter, "zones": list(self.zones),
                "creatures": list(self.creatures), "boss": self.boss}


_HEAD = re.compile(r"\s*(\d+)\.(\d+)\s*:\s*(.*)$", re.S)


def parse_setup(text: str) -> Setup:
    """Read the text form of format(); ParseError saying what is wrong."""
    match = _HEAD.match(text)
    if not match:
        raise ParseError("a chapter setup starts with 'act.chapter:' (e.g. '1.2: ...')", key="setup")
    act, chapter, rest = int(match.group(1)), int(match.group(2)), match.group(3)
    parts = [p.strip() for p in rest.split("|")]
    if len(parts) < 3 or any(not p for p in parts):
        raise ParseError("a row needs Début, at least one zone and Fin, separated by |", key="setup")
    zones, creatures = [parts[0]], []
    for part in parts[1:-1]:
        zone, sep, creature = (s.strip() for s in part.partition("="))
        if not sep or not zone or not creature:
            raise ParseError(f"{part!r}: a dealt zone is written 'zone = creature'", key="setup")
        zones.append(zone)
        creatures.append(creature)
    last, sep, boss = (s.strip() for s in parts[-1].partition("="))
    zones.append(last)
    return Setup(act, chapter, tuple(zones), tuple(creatures), boss if sep else None)
