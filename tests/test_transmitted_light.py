"""Hiding on paper, held to a lamp (issue 31): the transmitted-light model of tests/light.py (layers'
transmittances multiply, from their inks' densities, both sides of the sheet) judges the Codex agent
card's cover and the Codenames key cards' backs, today's designs and the designs before them (their
parameters kept here, to prove the model tells them apart). docs/kit.md gives the model and numbers."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pytest
from tests.light import TWO_PERCENT, Judgement, Layer, clear, judge, layer, stack, worst

from generator.core.colours import tint
from generator.core.rng import make_rng
from generator.scene.camouflage import Weights, camouflage
from generator.scene.model import Group, Item, Line, Rect, Stroke, Text

# --- the designs before issue 31, their parameters kept -----------------------------------------
OLD_HATCH = Stroke("#8c8c8c", 0.35)        # the Codex cover: a crosshatch of 0.35 mm grey lines...
OLD_HATCH_STEP = 1.1                      # ... 1.1 mm apart, with the word on a white box in the middle
OLD_INK = "#111111"                       # the identikit's words, near black
OLD_KEY_FILLS = {"red": "#b2182b", "blue": "#4a90d9", "bystander": "#efe6cf", "assassin": "#1c1c1c"}
OLD_KEY_INKS = {"red": "#ffffff", "blue": "#ffffff", "bystander": "#6b6b6b", "assassin": "#ffffff"}
OLD_BACK_FILL, OLD_BACK_LINE, OLD_BACK_STEP = "#262626", Stroke("#4d4d4d", 0.9), 3.0   # the keys' dark back

# --- the key cards' first redesign (issue 31, before the hatch): light fills, grey symbols, a camouflage
# back in the keys' colours --------------------------------------------------------------------------
PREVIOUS_KEY_FILLS = {"red": tint("#b2182b", 0.4), "blue": tint("#4a90d9", 0.4), "bystander": "#f3ecd9",
                      "assassin": "#9c9c9c"}
PREVIOUS_KEY_INKS = {"red": "#7a7a7a", "blue": "#7a7a7a", "bystander": "#a3a3a3", "assassin": "#ffffff"}
PREVIOUS_BACK_COLOURS = (PREVIOUS_KEY_FILLS["red"], PREVIOUS_KEY_FILLS["blue"], PREVIOUS_KEY_FILLS["assassin"])
PREVIOUS_BACK_WEIGHTS = Weights(large=6.0, medium=4.5, small=2.2, fleck=0.45, glyph_fonts=("mono", "sans"),
                                line=0.08, step=1.4)


def _old_hatch(x: float, y: float, w: float, h: float) -> list[Item]:
    lines: list[Item] = []
    for i in range(int((w + h) / OLD_HATCH_STEP) + 2):
        c = i * OLD_HATCH_STEP
        lines += [Line(x + c - h, y + h, x + c, y, stroke=OLD_HATCH), Line(x + c - h, y, x + c, y + h, stroke=OLD_HATCH)]
    return [Group(tuple(lines), clip=Rect(x, y, w, h))]


def _old_cover(width: float, height: float) -> list[Item]:
    return [*_old_hatch(1.5, 1.5, width - 3.0, height - 3.0),
            Rect(12, height / 2 - 3.5, width - 24, 7.0, fill="#ffffff", stroke=Stroke("#777777", 0.2), radius=1.0),
            Text(13, height / 2 - 3.0, width - 26, 6.0, "RISERVATO", font="sans-bold", size=8, color="#555555",
                 align="center", valign="middle", wrap=False)]


def _old_key_back(size: float) -> list[Item]:
    return [Rect(0, 0, size, size, fill=OLD_BACK_FILL, stroke=None), *_old_hatch_lines(size)]


def _old_hatch_lines(size: float) -> list[Item]:
    lines: list[Item] = []
    c = OLD_BACK_STEP
    while c < 2 * size:
        lines += [Line(c - size, size, c, 0, stroke=OLD_BACK_LINE), Line(c - size, 0, c, size, stroke=OLD_BACK_LINE)]
        c += OLD_BACK_STEP
    return [Group(tuple(lines), clip=Rect(0, 0, size, size))]


def _recoloured(items: Sequence[Item], old: str, new: str) -> list[Item]:
    """Items with one text colour swapped (the identikit in the old near-black ink)."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Text) and item.color == old:
            out.append(dataclasses.replace(item, color=new))
        elif isinstance(item, Group):
            out.append(dataclasses.replace(item, items=tuple(_recoloured(item.items, old, new))))
        else:
            out.append(item)
    return out


# --- the Codex agent card, closed ---------------------------------------------------------------

AGENTS = 4          # each compared with the other three (enough to meet every role and faction here)
FAILING = 2         # the designs that must fail do so by far: one pair shows it


@pytest.fixture(scope="module")
def codex() -> Any:
    from generator.games.codex import rules
    from generator.games.codex.cli import make_deal
    from generator.games.codex.content import load_texts

    deal = make_deal(2**74 + 31, rules.DEFAULT_AGENTS, rules.DEFAULT_FACTIONS, ["infiltrator"], None)
    return deal, load_texts("it")


def _panels(deal: Any, texts: Any, agent: Any, old: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The closed card's three faces as the light meets them: the name panel (outside), the identikit
    (seen through its paper: mirrored by the fold) and the cover (folded twice: upright)."""
    from generator.games.codex.sheets import cards

    items = cards.agent_strip(agent, deal, texts)
    if old:
        items = _recoloured(items, cards.SECRET_INK, OLD_INK)
    strip = layer(Layer(items, *cards.STRIP_SIZE))
    w = strip.shape[1] // 3
    name, identikit, cover = strip[:, :w], strip[:, w:2 * w][:, ::-1], strip[:, 2 * w:]
    if old:
        cover = layer(Layer(_old_cover(cards.PANEL_W, cards.PANEL_H), cards.PANEL_W, cards.PANEL_H))
    return name, identikit, cover


def _codex_judgements(codex: Any, old: bool) -> Iterator[Judgement]:
    deal, texts = codex
    faces = [_panels(deal, texts, agent, old) for agent in deal.agents[:FAILING if old else AGENTS]]
    for i, (name, identikit, cover) in enumerate(faces):
        others = [stack([name, f[1], cover]) for j, f in enumerate(faces) if j != i]
        yield from judge([stack([name, identikit, cover]), *others], stack([name, clear(name), cover]))


def test_the_codex_cover_hides_the_identikit(codex: Any) -> None:
    for scale, judgement in worst(list(_codex_judgements(codex, old=False))).items():
        assert judgement.hidden, (scale, judgement)


def test_the_old_codex_cover_did_not(codex: Any) -> None:
    """The crosshatch and its white box over the identikit in near-black ink: it stood out at every blur,
    by far more than 2 % (as printed: by all of its contrast)."""
    found = worst(list(_codex_judgements(codex, old=True)))
    assert all(not j.hidden and j.exceed > 4 * TWO_PERCENT for j in found.values()), found
    assert found[0.0].exceed > 0.5


# --- the Codenames key cards, held to a lamp from the back ---------------------------------------

KEYS = 4
SEED = 2**74 + 31


def _flat_front(key: Any, fills: dict[str, str], inks: dict[str, str], ink: str) -> list[Item]:
    """A key card of the designs before the hatch: each cell the role's flat colour and its symbol,
    lights in the team's colour with its letter, the mark and the code (the layout of today's card)."""
    from generator.games.codenames import sheets as sheet

    size = sheet.KEY_CARD_SIZE
    items: list[Item] = [Rect(0, 0, size, size, fill="#ffffff", stroke=None)]
    for x, y, w, h in sheet.light_boxes(size):
        items += [Rect(x, y, w, h, fill=fills[key.starting], stroke=None, radius=min(w, h) / 2),
                  Text(x, y, w, h, key.starting[0].upper(), font="sans-bold", size=10, color=ink, align="center",
                       valign="middle", wrap=False)]
    for row, boxes in zip(key.cells, sheet.cell_boxes(key.grid, size), strict=True):
        for role, (x, y, w) in zip(row, boxes, strict=True):
            items += sheet.cell_items(role, x, y, w, fills, inks)
    items.append(Text(49, 63, 19, 5, key.code, font="mono-bold", size=6.5, color="#333333", align="right",
                      valign="middle", wrap=False))
    return items


def _key_faces(design: str, grid: str) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Each key card's front and its own back (seen through the card: mirrored) for one design:
    "new" (today's), "previous" (the first redesign) or "old" (main's before issue 31)."""
    from generator.games.codenames import sheets as sheet
    from generator.games.codenames.rules import keys as cn

    size = sheet.KEY_CARD_SIZE
    count = KEYS if design == "new" else FAILING
    keys = cn.distinct_keys(grid, count, make_rng(SEED, "codenames", "keys", grid))
    if design == "new":
        cards = sheet.key_cards(keys, mask_seed=SEED)
        fronts, backs = [c.front for c in cards], [c.back or [] for c in cards]
    elif design == "previous":
        fronts = [_flat_front(k, PREVIOUS_KEY_FILLS, PREVIOUS_KEY_INKS, "#7a7a7a") for k in keys]
        backs = [camouflage(make_rng(SEED, "codenames", "mask", grid, str(i)), 0.0, 0.0, size, size,
                            PREVIOUS_BACK_COLOURS, PREVIOUS_BACK_WEIGHTS) for i in range(count)]
    else:
        fronts = [_flat_front(k, OLD_KEY_FILLS, OLD_KEY_INKS, "#ffffff") for k in keys]
        backs = [_old_key_back(size)] * count
    return ([layer(Layer(f, size, size)) for f in fronts],
            [layer(Layer(b, size, size, mirror=True)) for b in backs])


def _key_judgements(design: str, grid: str) -> dict[float, Judgement]:
    fronts, backs = _key_faces(design, grid)
    found: list[Judgement] = []
    for i, back in enumerate(backs):
        others = [stack([f, back]) for j, f in enumerate(fronts) if j != i]
        found += judge([stack([fronts[i], back]), *others], back)
    return worst(found)


@pytest.mark.parametrize("grid", ["5x5", "5x4"])
def test_the_key_cards_are_hidden_at_every_blur(grid: str) -> None:
    """Every cell the same hatch in the same ink (the sign that hatch turned a quarter), a faint tint, a
    black and white camouflage back: what differs between two keys stands out less than 2 % above the
    back's own pattern, as printed, at half a millimetre and at 1.5 mm."""
    new = _key_judgements("new", grid)
    assert all(j.hidden for j in new.values()), new


def test_the_old_key_back_only_dimmed_the_key() -> None:
    """Main's design before issue 31 (full colours, a uniform dark back): the key stood out by its full
    contrast at every blur."""
    old = _key_judgements("old", "5x5")
    assert all(not j.hidden and j.exceed > 0.3 for j in old.values()), old


def test_the_previous_key_cards_were_not_hidden() -> None:
    """The first redesign (light flat colours, grey symbols, a camouflage back in the keys' colours): hidden
    as printed, but the colours and symbols stood out by far more than 2 % at half a millimetre and 1.5 mm
    (flat cells of different density: the back's pattern is weaker than them at those scales)."""
    previous = _key_judgements("previous", "5x5")
    assert previous[0.0].hidden, previous
    assert all(not previous[s].hidden and previous[s].exceed > 4 * TWO_PERCENT for s in (0.5, 1.5)), previous
