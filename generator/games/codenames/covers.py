"""Codenames cover cards: red and blue agents, the double agent, bystanders and the assassin, drawn.

Covers are laid on found cards, so they have the size of the table's cards: word-card size for
the classic 5x5 table, picture-card size for Pictures (5x4). Each role looks like its key-card
cell (same colour, same white or grey symbol) and adds a texture, so the roles read apart in
greyscale and for colour-blind players: red has diagonal stripes, blue dots, the bystander is
plain pale sand, the assassin plain black. In the middle is an icon (a spy for agents, a walker
for bystanders, a hooded figure for the assassin) and the role's name at the bottom. Both sides
of a cover show the same role, except the double agent: red on one side, blue on the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.codenames import GAME
from generator.games.codenames.content import icon_file, labels
from generator.games.codenames.rules import keys as cn
from generator.games.codenames.rules.covers import DOUBLE, cover_roles
from generator.scene.model import Circle, Group, Item, Line, Rect, Stroke, Text

if TYPE_CHECKING:   # pragma: no cover
    from generator.scene.imposition import Card

WHITE, INK = "#ffffff", "#1c1c1c"
FILLS = {cn.RED: "#b2182b", cn.BLUE: "#4a90d9", cn.BYSTANDER: "#efe6cf", cn.ASSASSIN: "#1c1c1c"}
TEXTURE = {cn.RED: "#c8475a", cn.BLUE: "#7fb0e6"}
ICONS = {cn.RED: "spy", cn.BLUE: "spy", cn.BYSTANDER: "walk", cn.ASSASSIN: "hooded-assassin"}
COVER_ICONS = ("spy", "walk", "hooded-assassin", "duality-mask")


def cover_size(grid_name: str) -> tuple[float, float]:
    """Covers have the size of the table's cards: words (5x5) or pictures (5x4)."""
    from generator.games.codenames.pictures import PICTURE_CARD_SIZE
    from generator.games.codenames.sheets import WORD_CARD_SIZE

    cn.grid(grid_name)
    return WORD_CARD_SIZE if grid_name == "5x5" else PICTURE_CARD_SIZE


def _texture(team: str, w: float, h: float) -> list[Item]:
    """Red: diagonal stripes; blue: a grid of dots (inside the card's rounded face)."""
    items: list[Item] = []
    if team == cn.RED:
        pen = Stroke(TEXTURE[team], 1.2)
        items = [Line(x, 0, x + h, h, stroke=pen) for x in range(-int(h), int(w) + 1, 5)]
    elif team == cn.BLUE:
        items = [Circle(x + (2.5 if (y // 5) % 2 else 0), y, 0.9, fill=TEXTURE[team], stroke=None)
                 for y in range(3, int(h), 5) for x in range(3, int(w) + 3, 5)]
    return [Group(tuple(items), clip=Rect(1.5, 1.5, w - 3, h - 3, fill=None, stroke=None, radius=2.5))] if items else []


def _symbols(role: str, w: float, h: float) -> list[Item]:
    """The key card's symbol for the role, in the four corners."""
    from generator.games.codenames.sheets import cell_items

    side = 7.0
    spots = [(3.0, 3.0), (w - 3.0 - side, 3.0), (3.0, h - 3.0 - side), (w - 3.0 - side, h - 3.0 - side)]
    return [item for x, y in spots for item in cell_items(role, x, y, side)]


def cover_face(role: str, lang: str, size: tuple[float, float], double: bool = False) -> list[Item]:
    """One side of a cover card for a role (red, blue, bystander, assassin); double: the double agent."""
    from generator.scene.svgart import art_items, load_svg

    w, h = size
    ink = INK if role == cn.BYSTANDER else WHITE
    label = labels(lang)["roles"][DOUBLE if double else role]
    items: list[Item] = [Rect(1.5, 1.5, w - 3, h - 3, fill=FILLS[role], stroke=Stroke("#777777", 0.3), radius=2.5)]
    items += _texture(role, w, h)
    items += _symbols(role, w, h)
    art_h = h - 19
    items += art_items(load_svg(icon_file(ICONS[role])), (w - art_h) / 2, 4, art_h, art_h, fill=ink,
                       background=False)
    if double:
        items += art_items(load_svg(icon_file("duality-mask")), w / 2 + art_h * 0.12, 4 + art_h * 0.1, art_h / 2.8,
                           art_h / 2.8,
                           fill=ink, background=False)
    items.append(Rect(11, h - 13, w - 22, 9, fill=FILLS[role], stroke=None, radius=1.5))
    items.append(Text(11.5, h - 12.5, w - 23, 8, label, font="sans-bold", size=11, color=ink, align="center",
                      valign="middle", wrap=False, min_size=5))
    return items


def cover_cards(grid_name: str, lang: str = GAME.default_language) -> list[Card]:
    """Every cover card a table of this grid needs, both sides drawn."""
    from generator.scene.imposition import Card

    size = cover_size(grid_name)
    cards = []
    for role in cover_roles(grid_name):
        if role == DOUBLE:
            cards.append(Card(cover_face(cn.RED, lang, size, True), cover_face(cn.BLUE, lang, size, True),
                              "cover double agent"))
        else:
            face = cover_face(role, lang, size)
            cards.append(Card(face, face, f"cover {role}"))
    return cards
