"""Codex cards as scene items: the private agent card (a three-panel strip folded in a Z) and the
public roles card.

The agent strip, printed on one side: [name | identikit | cover]. Fold 1 (valley, printed sides
together) lays the cover on the identikit; fold 2 (mountain) puts that pair behind the name panel.
Closed, the card shows the name on top and a blank back; the identikit lies face to face with the
cover's dense hatch, which masks it against the light. Only the identikit panel holds secrets,
and every strip holds one agent's, so no cut piece shows two agents' secrets. Nothing outside
(name panel, cover, back) differs between agents except the name.
"""

from __future__ import annotations

from generator.core.placeholders import fill
from generator.core.units import MM_PER_PT
from generator.games.codex.content import CodexTexts
from generator.games.codex.rules import Agent, Deal
from generator.scene.model import Item, Line, Rect, Stroke, Text
from generator.scene.text import block_height, layout_text

PANEL_W, PANEL_H = 60.0, 62.0
STRIP_SIZE = (3 * PANEL_W, PANEL_H)
PUBLIC_SIZE = (190.0, 125.0)          # two to an A4 or Letter page
PAD = 3.0
SECRET_INSET = 4.0        # mm: nothing secret closer than this to the trim (a miscut shows none)
INK, GREY, LIGHT = "#111111", "#555555", "#9a9a9a"
FRAME = Stroke("#777777", 0.2)
FOLD = Stroke("#444444", 0.25, dash=(1.5, 1.0))
HATCH = Stroke("#8c8c8c", 0.35)
HATCH_STEP = 1.1


# --- the agent strip ----------------------------------------------------------------------------


def agent_strip(agent: Agent, deal: Deal, texts: CodexTexts) -> list[Item]:
    """The three panels of one agent's card, in strip-local mm (0,0 top-left of the trim)."""
    return [*_name_panel(agent, texts, 0.0), *_identikit_panel(agent, deal, texts, PANEL_W),
            *_cover_panel(texts, 2 * PANEL_W), *_fold_marks(texts)]


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
        Text(x, 4.2, w - 7, 4.5, card["identikit"].upper(), font="sans-bold", size=9, color=INK,
             valign="middle"),
        Rect(x + w - 5.0, 4.0, 5.0, 5.0, fill=colour, stroke=Stroke(INK, 0.2)),
        Line(x, 10.0, x + w, 10.0, stroke=Stroke(INK, 0.3)),
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
            Text(x, y + 2.6, w, 4.0, value, font="sans-bold", size=9, color=INK, wrap=False,
                 min_size=5.5)]


def _fragment(x: float, y: float, w: float, fragment: str, label: str, texts: CodexTexts) -> list[Item]:
    return [Text(x, y, w, 2.6, label, size=5.5, color=GREY, wrap=False),
            Text(x, y + 2.6, w, 7.5, fragment, font="mono-bold", size=20, color=INK,
                 align="center", valign="middle", wrap=False),
            Text(x, y + 10.2, w, 3.0, texts.spell(fragment), size=5.5, color=GREY,
                 align="center", wrap=False, min_size=4.5)]


def _code_note(agent: Agent, texts: CodexTexts, x: float, y: float, w: float) -> list[Item]:
    """Whose code the fragment belongs to; for the infiltrator, in a box in the true colour."""
    card = texts.labels["card"]
    h = PANEL_H - SECRET_INSET - y
    if not agent.is_infiltrator:
        note = fill(card["your_code"], {"faction": texts.faction(agent.true_faction)})
        return [Text(x, y, w, h, note, size=6, color=INK, valign="middle", min_size=4.5)]
    note = fill(card["infiltrator_note"], {"shown": texts.faction(agent.shown_faction),
                                           "true": texts.faction(agent.true_faction)})
    colour = texts.colour(agent.true_faction)
    return [Rect(x - 0.5, y, w + 1.0, h, fill="#ffffff", stroke=Stroke(colour, 0.6), radius=1.0),
            Text(x + 0.6, y + 0.4, w - 1.2, h - 0.8, note, font="sans-bold", size=6, color=INK,
                 valign="middle", min_size=4.5, line_height=1.1)]


def _cover_panel(texts: CodexTexts, x0: float) -> list[Item]:
    """The cover: a dense crosshatch (it lies on the identikit when folded) and one plain word."""
    items: list[Item] = list(hatch(x0 + 1.5, 1.5, PANEL_W - 3.0, PANEL_H - 3.0, HATCH_STEP, HATCH))
    label = texts.labels["card"]["cover"].upper()
    items += [Rect(x0 + 12, PANEL_H / 2 - 3.5, PANEL_W - 24, 7.0, fill="#ffffff", stroke=FRAME, radius=1.0),
              Text(x0 + 13, PANEL_H / 2 - 3.0, PANEL_W - 26, 6.0, label, font="sans-bold", size=8,
                   color=GREY, align="center", valign="middle", wrap=False)]
    return items


def hatch(x: float, y: float, w: float, h: float, step: float, stroke: Stroke) -> list[Line]:
    """Two families of 45-degree lines `step` mm apart, clipped exactly to the box."""
    lines: list[Line] = []
    n = int((w + h) / step) + 1
    for i in range(n + 1):
        c = i * step
        # lines x - x0 + (y - y0) = c  (rising) and x - x0 - (y - y0) = c - h  (falling)
        a0, a1 = max(0.0, c - h), min(w, c)
        if a1 > a0:
            lines.append(Line(x + a0, y + c - a0, x + a1, y + c - a1, stroke=stroke))
        d = c - h
        b0, b1 = max(0.0, d), min(w, d + h)
        if b1 > b0:
            lines.append(Line(x + b0, y + b0 - d, x + b1, y + b1 - d, stroke=stroke))
    return lines


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
