"""Codenames cover cards: how many of each the table needs for a grid, and the two-player score.

The covers are laid on the table as cards are found: agent cards in each team's colour, one
double agent (a red side and a blue side, added to the starting team's pile turned to its colour,
because the starting team has one agent more), bystanders and the assassin. The counts follow
from the grid (generator/games/codenames/rules/keys.py): classic 5x5 needs 8 red, 8 blue, the
double agent, 7 bystanders and 1 assassin; Pictures 5x4 needs 7 + 7, the double agent, 4 and 1.
"""

from __future__ import annotations

from generator.games.codenames.rules.keys import ASSASSIN, BLUE, BYSTANDER, RED, grid

DOUBLE = "double"
COVER_ROLES = (RED, BLUE, DOUBLE, BYSTANDER, ASSASSIN)


def cover_counts(grid_name: str) -> dict[str, int]:
    """How many cover cards of each role a table of this grid needs (every cell can be covered)."""
    starting, other, bystanders, assassins = grid(grid_name).counts
    return {RED: other, BLUE: other, DOUBLE: starting - other, BYSTANDER: bystanders, ASSASSIN: assassins}


def cover_roles(grid_name: str) -> list[str]:
    """The cover cards of a grid, one role per card, in print order (red, blue, double, bystanders, assassin)."""
    counts = cover_counts(grid_name)
    return [role for role in COVER_ROLES for _ in range(counts[role])]

