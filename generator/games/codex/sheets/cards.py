"""Codex cards as scene items: the private agent card (a three-panel strip folded in a Z) and the
public roles card.

The agent strip, printed on one side: [name | identikit | cover]. Fold 1 (valley, printed sides
together) lays the cover on the identikit; fold 2 (mountain) puts that pair behind the name panel.
Closed, the card shows the name on top and a blank back; the identikit lies face to face with the
cover's camouflage, a random pattern of the agent's own (drawn from the deal's code), stronger at
every scale than anything the identikit prints, which masks it against the light (docs/kit.md). Only the identikit panel holds secrets,
and every strip holds one agent's, so no cut piece shows two agents' secrets. Nothing outside
(name panel, cover, back) differs between agents except the name.
"""

from __future__ import annotations

import random

from generator.core.colours import tint
from generator.core.placeholders import fill
from generator.core.rng import make_rng
from generator.core.units import MM_PER_PT
from generator.games.codex.content import CodexTexts
from generator.games.codex.rules import Agent, Deal
from generator.scene.camouflage import camouflage
from generator.scene.model import Item, Line, Rect, Stroke, Text
from generator.scene.text import block_height, layout_text

PANEL_W, PANEL_H = 60.0, 62.0
STRIP_SIZE = (3 * PANEL_W, PANEL_H)
PUBLIC_SIZE = (190.0, 125.0)          # two to an A4 or Letter page
PAD = 3.0
SECRET_INSET = 4.0        # mm: nothing secret closer than this to the trim (a miscut shows none)
INK, GREY, LIGHT = "#111111", "#555555", "#9a9a9a"
SECRET_INK = "#7a7a7a"    # the identikit's words: dark enough to read, lighter than the cover's black (docs/kit.md)
SWATCH_TINT = 0.3        # the faction's swatch at this share of its colour (the word says the faction)
FRAME = Stroke("#777777", 0.2)
FOLD = Stroke("#444444", 0.25, dash=(1.5, 1.0))


# --- the agent strip ----------------------------------------------------------------------------


def agent_strip(agent: Agent, deal: Deal, texts: CodexTexts) -> list[Item]:
    """The three panels of one agent's card, in strip-local mm (0,0 top-left of the trim). The cover's
    camouflage is the agent's own, drawn from the deal's code (a secret: nobody can subtract it)."""
    rng = make_rng(deal.seed, "codex", "mask", agent.name)
    colours = tuple(dict.fromkeys(texts.colour(f) for f in deal.factions))
    return [*_name_panel(agent, texts, 0.0), *_identikit_panel(agent, deal, texts, PANEL_W),
            *_cover_panel(texts, 2 * PANEL_W, rng, colours), *_fold_marks(texts)]


def _name_panel(agent: Agent, texts: CodexTexts, x0: float) -> list[Item]:
    """Outside face: the same for every agent but the name."""
    w = PANEL_W - 2 * PAD
    x = x0 + PAD
    card = texts.labels["card"]
    return [
        Rect(x0 + 1.5, 1.5, PANEL_W - 3.0, PANEL_H - 3.0, fill=None, stroke=FRAME, radius=2.0),
        Text(x, 6.0, w, 8.0, card["game"], font="sans-bold", size=18, align="center",
             valign="middle", color=INK),
        Text(x, 14.5, w, 4.0, card["secret_agent"], font="sans-italic", size=8, align="center",
             color=GREY),
        Text(x, 27.0, w, 3.5, card["for_eyes_of"], size=7, align="center", color=GREY),
        Text(x, 31.0, w, 11.0, agent.name, font="sans-bold", size=17, align="center",
             valign="middle", wrap=False, min_size=7, color=INK),
        Line(x + 8, 43.5, x + w - 8, 43.5, stroke=Stroke(LIGHT, 0.2)),
        Text(x, 49.0, w, 8.0, card["do_not_open"], font="sans-italic", size=7, align="center",
             color=GREY),
    ]


def _identikit_panel(agent: Agent, deal: Deal, texts: CodexTexts, x0: float) -> list[Item]:
    """Inside: the whole identikit, the fragment spelled out, and what the fragment is for."""
    x, w = x0 + PAD, PANEL_W - 2 * PAD
    card = texts.labels["card"]
    colour = texts.colour(agent.shown_faction)
    items: list[Item] = [
        Rect(x0 + 1.5, 1.5, PANEL_W - 3.0, PANEL_H - 3.0, fill=None, stroke=FRAME, radius=2.0),
        Text(x, 4.2, w - 7, 4.5, card["identikit"].upper(), font="sans-bold", size=9, color=SECRET_INK,
             valign="middle"),
        Rect(x + w - 4.75, 4.25, 4.5, 4.5, fill=None, stroke=Stroke(tint(colour, SWATCH_TINT), 0.5)),   # an outline: no block
        Line(x, 10.0, x + w, 10.0, stroke=Stroke(SECRET_INK, 0.3)),
    ]
    items += _field(x, 11.0, w, card["codename"], agent.name)
    half = (w - 2.0) / 2
    items += _field(x, 18.0, half, card["faction"], texts.faction(agent.shown_faction))
    items += _field(x + half + 2.0, 18.0, half, card["role"], texts.role(agent.role))
    items += _field(x, 25.0, w, card["position"],
                    fill(card["position_value"], {"position": agent.position, "k": deal.agents_per_faction}))
    items += _fragment(x, 32.0, w, agent.fragment, card["fragment"], texts)
    items += _code_note(agent, texts, x, 46.0, w)
    return items


def _field(x: float, y: float, w: float, label: str, value: str) -> list[Item]:
    """A small grey label above its value (6.5 mm tall in all)."""
    return [Text(x, y, w, 2.6, label, size=5.5, color=GREY, wrap=False, min_size=4.5),
            Text(x, y + 2.6, w, 4.0, value, size=9.5, color=SECRET_INK, wrap=False,
                 min_size=5.5)]


def _fragment(x: float, y: float, w: float, fragment: str, label: str, texts: CodexTexts) -> list[Item]:
    return [Text(x, y, w, 2.6, label, size=5.5, color=GREY, wrap=False),
            Text(x, y + 2.6, w, 7.5, fragment, font="mono", size=20, color=SECRET_INK,
                 align="center", valign="middle", wrap=False),
            Text(x, y + 10.2, w, 3.0, texts.spell(fragment), size=5.5, color=GREY,
                 align="center", wrap=False, min_size=4.5)]


def _code_note(agent: Agent, texts: CodexTexts, x: float, y: float, w: float) -> list[Item]:
    """Whose code the fragment belongs to, in a box framed in that faction's colour: the same box and
    weight for every agent (an infiltrator's note is longer, not bolder), so that held to a lamp no
    card stands out."""
    card = texts.labels["card"]
    h = PANEL_H - SECRET_INSET - y
    if agent.is_infiltrator:
        note = fill(card["infiltrator_note"], {"shown": texts.faction(agent.shown_faction),
                                               "true": texts.faction(agent.true_faction)})
    else:
        note = fill(card["your_code"], {"faction": texts.faction(agent.true_faction)})
    frame = Stroke(tint(texts.colour(agent.true_faction), SWATCH_TINT), 0.5)
    return [Rect(x - 0.5, y, w + 1.0, h, fill=None, stroke=frame, radius=1.0),
            Text(x + 0.6, y + 0.4, w - 1.2, h - 0.8, note, size=6, color=SECRET_INK,
                 valign="middle", min_size=4.5, line_height=1.1)]


def _cover_panel(texts: CodexTexts, x0: float, rng: random.Random, colours: tuple[str, ...]) -> list[Item]:
    """The cover: a camouflage (it lies on the identikit when folded: scene/camouflage.py) stronger than
    anything the identikit prints, at every scale and in the factions' colours, and one word on a
    black band (no white box: a hole in the mask)."""
    items = camouflage(rng, x0 + 1.5, 1.5, PANEL_W - 3.0, PANEL_H - 3.0, colours, shared_glyphs=True)
    label = texts.labels["card"]["cover"].upper()
    items += [Rect(x0 + 12, PANEL_H / 2 - 3.5, PANEL_W - 24, 7.0, fill=INK, stroke=None, radius=1.0),
              Text(x0 + 13, PANEL_H / 2 - 3.0, PANEL_W - 26, 6.0, label, font="sans-bold", size=8,
                   color="#ffffff", align="center", valign="middle", wrap=False)]
    return items


def _fold_marks(texts: CodexTexts) -> list[Item]:
    """Dashed fold lines with their order and direction, written at the top across each line."""
    card = texts.labels["card"]
    items: list[Item] = []
    for x, label in ((2 * PANEL_W, card["fold_forward"]), (PANEL_W, card["fold_back"])):
        items.append(Line(x, 0.0, x, PANEL_H, stroke=FOLD))
        items += [Rect(x - 26.0, 0.0, 52.0, 3.6, fill="#ffffff", stroke=None),
                  Text(x - 25.5, 0.2, 51.0, 3.2, label, size=5.5, color=INK, align="center",
                       valign="middle", wrap=False, min_size=4.0)]
    return items


# --- the public roles card ----------------------------------------------------------------------

PUB_PAD = 6.0
ROLE_NAME_W = 24.0


def public_card(deal: Deal, texts: CodexTexts) -> list[Item]:
    """The roles in play with their powers and the shape of a phase (nothing secret)."""
    w, h = PUBLIC_SIZE
    inner = w - 2 * PUB_PAD
    pub = texts.labels["public"]
    k = deal.agents_per_faction
    items: list[Item] = [
        Rect(1.5, 1.5, w - 3.0, h - 3.0, fill=None, stroke=Stroke(INK, 0.4), radius=3.0),
        Text(PUB_PAD, 4.5, inner, 7.0, pub["title"], font="sans-bold", size=13, color=INK,
             valign="middle", wrap=False),
        Line(PUB_PAD, 12.5, w - PUB_PAD, 12.5, stroke=Stroke(INK, 0.3)),
    ]
    blocks = [("", fill(pub["setup"], {"count": k, "k": k}))]
    blocks += [(texts.role(r), texts.role_powers[r]) for r in deal.roles_in_play]
    blocks += [("", pub[key]) for key in ("phase_order", "relay", "truth_machine", "tie", "public_talk",
                                          "attempts", "win")]
    items += _stack(blocks, PUB_PAD, 14.5, inner, h - PUB_PAD - 14.5)
    return items


def _stack(blocks: list[tuple[str, str]], x: float, y: float, w: float, h: float) -> list[Item]:
    """Blocks (bold heading at left, text at right) stacked down, all at one size that fits h."""
    size = 10.0
    while size > 5.0 and _stack_height(blocks, w, size) > h:
        size -= 0.25
    items: list[Item] = []
    gap = _gap(size)
    for heading, body in blocks:
        bw = w - ROLE_NAME_W if heading else w
        bx = x + ROLE_NAME_W if heading else x
        font = _body_font(heading)
        bh = _text_height(body, bw, size, font)
        if heading:
            items.append(Text(x, y, ROLE_NAME_W - 2, bh, heading, font="sans-bold", size=size,
                              color=INK, wrap=False))
        items.append(Text(bx, y, bw, bh, body, font=font, size=size, color=INK, shrink=False))
        y += bh + gap
    return items


def _stack_height(blocks: list[tuple[str, str]], w: float, size: float) -> float:
    gap = _gap(size)
    return sum(_text_height(b, w - ROLE_NAME_W if head else w, size, _body_font(head)) + gap
               for head, b in blocks)


def _gap(size: float) -> float:
    """Space between blocks: 0.6 of the text size, in mm."""
    return size * 0.6 * MM_PER_PT


def _body_font(heading: str) -> str:
    return "sans" if heading else "sans-italic"


def _text_height(text: str, w: float, size: float, font: str = "sans") -> float:
    """Height of text wrapped to width w at size (measured by the shared layout)."""
    probe = Text(0, 0, w, 1000.0, text, font=font, size=size, shrink=False)
    lines = len(layout_text(probe))
    return block_height(font, size, lines, probe.line_height) + 0.05
