"""Codenames Pictures picture cards: game-icons art composed into pictures, double-sided, and a credits card.

A card is square (PICTURE_CARD_SIZE mm) with a picture on each side: a main icon in dark ink,
and for about two pictures in five an accessory (a crown, wings, a flame...) drawn smaller on
its top right in a second colour, ringed in white so it stands out. The top-left corner is
marked on both sides (the rulebook's orientation mark, which the 5x4 key card matches); a small
grey number in the bottom-right corner names the picture (pictures.txt line order). The icons
are SVG art drawn as vector paths. A last card names the icons' authors and the licence.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.core.placeholders import fill
from generator.games.codenames import GAME
from generator.games.codenames.content import Picture, authors_of, icon_file, labels
from generator.scene.model import Item, Path, Polygon, Rect, Stroke, Text

if TYPE_CHECKING:   # pragma: no cover
    from generator.scene.imposition import Card

PICTURE_CARD_SIZE = (60.0, 60.0)      # mm
INK = "#222222"
ACCENT = "#a8322a"                    # the accessory: brick red (mid grey in greyscale)
HALO = "#ffffff"
FACE = "#f6f3ec"
EDGE = Stroke("#9a9384", 0.3)
TABLE_PICTURES = 20                   # a Pictures table: 5 x 4


def _art(name: str, box: tuple[float, float, float, float], fill: str) -> list[Item]:
    from generator.scene.svgart import art_items, load_svg

    return art_items(load_svg(icon_file(name)), *box, fill=fill, stroke=fill, background=False)


def _halo(paths: list[Item], width: float) -> list[Item]:
    """White copies of the paths, outlined wide, to draw under them (a ring around the shape)."""
    return [replace(p, fill=HALO, stroke=Stroke(HALO, width)) for p in paths if isinstance(p, Path)]


def picture_items(picture: Picture, size: tuple[float, float] = PICTURE_CARD_SIZE) -> list[Item]:
    """One side of a picture card, in card mm ((0,0) = top-left of the trim)."""
    w, h = size
    s = min(w, h) / 60.0
    items: list[Item] = [Rect(1.5 * s, 1.5 * s, w - 3 * s, h - 3 * s, fill=FACE, stroke=EDGE, radius=3 * s),
                         Polygon([(3 * s, 3 * s), (10 * s, 3 * s), (3 * s, 10 * s)], fill=INK, stroke=None)]
    if picture.accessory is None:
        items += _art(picture.subject, (8 * s, 8 * s, w - 16 * s, h - 16 * s), INK)
    else:
        items += _art(picture.subject, (6 * s, 13 * s, w - 19 * s, h - 19 * s), INK)
        accessory = _art(picture.accessory, (w - 27 * s, 4 * s, 22 * s, 22 * s), ACCENT)
        items += _halo(accessory, 2.2 * s) + accessory
    items.append(Text(w - 14 * s, h - 7 * s, 11 * s, 4 * s, str(picture.number), size=6 * s, color="#8a8478",
                      align="right", valign="middle", wrap=False, min_size=3))
    return items


def credits_items(pictures: Sequence[Picture], lang: str,
                  size: tuple[float, float] = PICTURE_CARD_SIZE) -> list[Item]:
    """The credits card: the licence and the authors of the icons on these pictures."""
    w, h = size
    words = labels(lang)
    names = {p.subject for p in pictures} | {p.accessory for p in pictures if p.accessory}
    body = fill(words["credits_body"], {"authors": ", ".join(authors_of(names))})
    return [Rect(1.5, 1.5, w - 3, h - 3, fill="#ffffff", stroke=EDGE, radius=3),
            Text(5, 4.5, w - 10, 7, words["credits_title"], font="sans-bold", size=10, color=INK,
                 align="center", valign="middle", wrap=False, min_size=6),
            Text(5, 12, w - 10, h - 16, body, size=8.5, color=INK, min_size=4)]


def picture_cards(pictures: Sequence[Picture], lang: str = GAME.default_language,
                  size: tuple[float, float] = PICTURE_CARD_SIZE) -> list[Card]:
    """Imposition cards: pictures paired front/back in order (1|2, 3|4...), then the credits card."""
    from generator.scene.imposition import Card

    cards = [Card(picture_items(front, size), picture_items(back, size),
                  f"pictures {front.number}|{back.number}")
             for front, back in zip(pictures[0::2], pictures[1::2], strict=True)]
    credits = credits_items(pictures, lang, size)
    cards.append(Card(credits, credits, "credits"))
    return cards


def deal_cards(pictures: Sequence[Picture], count: int, rng: random.Random) -> list[Picture]:
    """`count` random cards (each its two pictures, front first) from the deck, for one game."""
    pairs = list(zip(pictures[0::2], pictures[1::2], strict=True))
    if not 1 <= count <= len(pairs):
        from generator.core.errors import DataError

        raise DataError(f"the deck has {len(pairs)} cards; --count must be 1 to {len(pairs)}, not {count}",
                        key="count")
    chosen = sorted(rng.sample(range(len(pairs)), count))
    return [picture for index in chosen for picture in pairs[index]]
