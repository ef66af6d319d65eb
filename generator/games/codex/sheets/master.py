"""The Codex Master's sheet: every identikit, both codes, the roles in play, trackers for one-time
uses and truth-machine revelations, then a log block per phase, flowed over whole pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from generator.core.codes import format_seed, is_code_value
from generator.games.codex.content import CodexTexts
from generator.games.codex.rules import LEADER, ROLES, Agent, Deal
from generator.scene.footer import seed_words
from generator.scene.imposition import add_footers, content_box, sheet_pages
from generator.scene.model import Item, Line, Page, Rect, Stroke, Text

INK, GREY, SHADE, BAND = "#111111", "#555555", "#f1f1f1", "#e2e2e2"
RULE = Stroke("#8a8a8a", 0.2)
BOX = Stroke("#222222", 0.25)
GAP = 4.0
MAX_PHASE = 40                      # filling the last page stops here
ROW, PHASE_ROW = 6.0, 5.5
ONCE_ROLES = ("inquisitor", "profiler")
# agents table: (key of the column title in texts.master, relative width)
AGENT_COLUMNS = (("col_name", 34), ("col_shown", 22), ("col_true", 22), ("col_role", 24),
                 ("col_position", 10), ("col_fragment", 20), ("col_revealed", 28),
                 ("col_attempt", 20), ("col_power_used", 20))
PHASE_COLUMNS = (("col_agent", 36), ("col_message_to", 34), ("col_info", 42), ("col_vote", 34),
                 ("col_code", 18), ("col_hacked", 16), ("col_power", 20))

# One part of the Master's sheet (the header, the codes, the agents table, a phase block): height, draw(x, y, w).
MasterPart = tuple[float, Callable[[float, float, float], list[Item]]]


def master_pages(deal: Deal, texts: CodexTexts, paper: str = "a4", phases: int = 6) -> list[Page]:
    """The Master's sheet as whole pages with footers carrying the seed: at least `phases` phase
    blocks, and more while they fit on the last page."""
    x, y, w, h = content_box(paper)
    columns = _flow(_blocks(deal, texts, phases), x, y, w, h, _more_phases(deal, texts, phases))
    pages = sheet_pages(len(columns), paper)
    for page, items in zip(pages, columns, strict=False):
        page.add(*items)
        page.label = f"codex master {page.label.split()[-1]}"
    return add_footers(pages, title=texts.label("master", "title"), source=seed_words(format_seed(deal.seed), texts.lang),
                       lang=texts.lang)


def _flow(blocks: list[MasterPart], x: float, y0: float, w: float, h: float,
          extra: Iterator[MasterPart]) -> list[list[Item]]:
    """Blocks down the page; a block that does not fit starts a new page. Then blocks from
    `extra` while they fit on the last page."""
    pages: list[list[Item]] = [[]]
    y = y0
    for height, draw in blocks:
        if y + height > y0 + h and pages[-1]:
            pages.append([])
            y = y0
        pages[-1].extend(draw(x, y, w))
        y += height + GAP
    for height, draw in extra:
        if y + height > y0 + h:
            break
        pages[-1].extend(draw(x, y, w))
        y += height + GAP
    return pages


def _ordered(deal: Deal) -> list[Agent]:
    """Agents by shown faction, then role order: the same order in every table."""
    return sorted(deal.agents, key=lambda a: (deal.factions.index(a.shown_faction), ROLES.index(a.role)))


def _blocks(deal: Deal, texts: CodexTexts, phases: int) -> list[MasterPart]:
    agents = _ordered(deal)
    blocks: list[MasterPart] = [
        (15.0, lambda x, y, w: _header(deal, texts, x, y, w)),
        (_codes_height(deal), lambda x, y, w: _codes(deal, texts, x, y, w)),
        (9.0 + ROW * len(agents) + 9.0, lambda x, y, w: _agents_table(deal, agents, texts, x, y, w)),
    ]
    return blocks + [_phase_block(deal, agents, texts, n) for n in range(1, phases + 1)]


def _more_phases(deal: Deal, texts: CodexTexts, phases: int) -> Iterator[MasterPart]:
    agents = _ordered(deal)
    return (_phase_block(deal, agents, texts, n) for n in range(phases + 1, MAX_PHASE + 1))


def _phase_block(deal: Deal, agents: list[Agent], texts: CodexTexts, n: int) -> MasterPart:
    return (_phase_height(deal), lambda x, y, w: _phase(deal, agents, texts, n, x, y, w))


def _header(deal: Deal, texts: CodexTexts, x: float, y: float, w: float) -> list[Item]:
    m = texts.labels["master"]
    roles = " · ".join(texts.role(r) for r in deal.roles_in_play)
    code_w = 82.0 if is_code_value(deal.seed) else 40.0     # a secret code is 19 characters
    return [Text(x, y, w - code_w, 7.0, m["title"], font="sans-bold", size=15, color=INK, wrap=False),
            Text(x + w - code_w, y, code_w, 7.0, texts.label("master", "seed", seed=format_seed(deal.seed)),
                 font="mono-bold", size=11 if code_w == 40.0 else 9, color=INK, align="right", valign="middle",
                 wrap=False),
            Text(x, y + 7.5, w * 0.35, 4.5, m["secret"], font="sans-italic", size=8, color=GREY,
                 wrap=False),
            Text(x + w * 0.35, y + 7.5, w * 0.65, 4.5, f"{m['roles_in_play']}: {roles}",
                 font="sans-bold", size=9, color=INK, align="right", wrap=False),
            Line(x, y + 13.5, x + w, y + 13.5, stroke=Stroke(INK, 0.4))]


def _codes_height(deal: Deal) -> float:
    return 7.0 + 7.0 * deal.agents_per_faction


def _codes(deal: Deal, texts: CodexTexts, x: float, y: float, w: float) -> list[Item]:
    """Both complete codes in order, each fragment with its spelling and its holder."""
    half = (w - GAP) / 2
    items: list[Item] = []
    holders = {a.fragment: a for a in deal.agents}
    for i, faction in enumerate(deal.factions):
        bx = x + i * (half + GAP)
        title = f"{texts.label('master', 'codes')} · {texts.label('master', 'code_of', faction=texts.faction(faction))}"
        items += [Rect(bx, y, half, _codes_height(deal), fill=None, stroke=BOX),
                  Rect(bx, y, half, 6.0, fill=BAND, stroke=BOX),
                  Rect(bx + 1.5, y + 1.2, 3.6, 3.6, fill=texts.colour(faction), stroke=Stroke(INK, 0.2)),
                  Text(bx + 6.5, y + 0.5, half - 8, 5.0, title, font="sans-bold", size=9,
                       color=INK, valign="middle", wrap=False)]
        for pos, fragment in enumerate(deal.codes[faction], start=1):
            ry = y + 7.0 + (pos - 1) * 7.0
            holder = holders[fragment]
            who = f"{holder.name} · {texts.role(holder.role)}"
            items += [Text(bx + 2, ry, 6, 6.0, f"{pos}", font="sans-bold", size=11, color=INK,
                           valign="middle"),
                      Text(bx + 8, ry, 22, 6.0, fragment, font="mono-bold", size=13, color=INK,
                           valign="middle", wrap=False),
                      Text(bx + 31, ry, half - 33, 3.0, texts.spell(fragment), size=6, color=GREY,
                           wrap=False, min_size=4.5),
                      Text(bx + 31, ry + 3.0, half - 33, 3.0, who, size=6.5, color=INK,
                           wrap=False, min_size=4.5)]
    return items


def _widths(columns: tuple[tuple[str, int], ...], w: float) -> list[float]:
    total = sum(c[1] for c in columns)
    return [w * c[1] / total for c in columns]


def _header_row(columns: tuple[tuple[str, int], ...], texts: CodexTexts, x: float, y: float, w: float, h: float) -> list[Item]:
    items: list[Item] = [Rect(x, y, w, h, fill=BAND, stroke=None)]
    cx = x
    for (key, _), cw in zip(columns, _widths(columns, w), strict=False):
        if key == "col_revealed":
            items += _revealed_head(texts, cx, y, cw, h)
        else:
            items.append(Text(cx + 0.8, y + 0.3, cw - 1.6, h - 0.6, texts.labels["master"][key],
                              font="sans-bold", size=6.5, color=INK, valign="middle", min_size=4.5,
                              line_height=1.05))
        cx += cw
    return items


def _revealed_head(texts: CodexTexts, x: float, y: float, w: float, h: float) -> list[Item]:
    """The column title on top, and each fact's letter above its tick box below."""
    marks = texts.label("master", "revealed_marks").split()
    step = w / len(marks)
    items: list[Item] = [Text(x + 0.8, y + 0.3, w - 1.6, h / 2 - 0.3, texts.label("master", "col_revealed"),
                              font="sans-bold", size=6.5, color=INK, valign="middle", wrap=False,
                              min_size=4.5)]
    items += [Text(x + step * i, y + h / 2, step, h / 2 - 0.3, mark, font="sans-bold", size=6.5,
                   color=INK, align="center", valign="middle", wrap=False)
              for i, mark in enumerate(marks)]
    return items


def _grid(columns: tuple[tuple[str, int], ...], x: float, y: float, w: float, rows: int, row_h: float, head_h: float) -> list[Item]:
    """Zebra rows, row rules and column rules under a header of head_h."""
    items: list[Item] = []
    for r in range(rows):
        ry = y + head_h + r * row_h
        if r % 2:
            items.append(Rect(x, ry, w, row_h, fill=SHADE, stroke=None))
        items.append(Line(x, ry, x + w, ry, stroke=RULE))
    bottom = y + head_h + rows * row_h
    cx = x
    for cw in _widths(columns, w)[:-1]:
        cx += cw
        items.append(Line(cx, y, cx, bottom, stroke=RULE))
    items.append(Rect(x, y, w, bottom - y, fill=None, stroke=BOX))
    return items


def _agents_table(deal: Deal, agents: list[Agent], texts: CodexTexts, x: float, y: float,
                  w: float) -> list[Item]:
    """Every identikit (true and shown faction), with boxes for revelations and one-time uses."""
    m = texts.labels["master"]
    head = 9.0
    items: list[Item] = [Text(x, y, w, 5.0, m["agents"], font="sans-bold", size=10, color=INK, wrap=False)]
    y += 5.5
    items += _grid(AGENT_COLUMNS, x, y, w, len(agents), ROW, head)
    items += _header_row(AGENT_COLUMNS, texts, x, y, w, head)
    widths = _widths(AGENT_COLUMNS, w)
    for r, agent in enumerate(agents):
        items += _agent_row(agent, deal, texts, x, y + head + r * ROW, widths)
    legend_y = y + head + len(agents) * ROW + 0.8
    items.append(Text(x, legend_y, w, 7.5, m["revealed_legend"], font="sans-italic", size=6.5,
                      color=GREY, min_size=5))
    return items


def _agent_row(agent: Agent, deal: Deal, texts: CodexTexts, x: float, y: float,
               widths: list[float]) -> list[Item]:
    xs = [x + sum(widths[:i]) for i in range(len(widths))]
    spy = agent.is_infiltrator
    items: list[Item] = [
        _cell(xs[0], y, widths[0], agent.name, "sans-bold"),
        *_faction_cell(xs[1], y, widths[1], agent.shown_faction, texts, "sans"),
        *_faction_cell(xs[2], y, widths[2], agent.true_faction, texts, "sans-bold" if spy else "sans"),
        _cell(xs[3], y, widths[3], texts.role(agent.role), "sans-bold" if spy else "sans"),
        _cell(xs[4], y, widths[4], str(agent.position), "sans-bold", align="center"),
        _cell(xs[5], y, widths[5], agent.fragment, "mono-bold", align="center"),
    ]
    items += _boxes(xs[6], y, widths[6], 4)
    if agent.role == LEADER:
        items.append(_cell(xs[7], y, widths[7], texts.label("master", "every_phase"), "sans-italic",
                           align="center", size=6.5))
    else:
        items += _boxes(xs[7], y, widths[7], 1)
    if agent.role in ONCE_ROLES:
        items += _boxes(xs[8], y, widths[8], 1)
    else:
        items.append(_cell(xs[8], y, widths[8], "—", "sans", align="center", color=GREY))
    return items


def _cell(x: float, y: float, w: float, text: str, font: str, align: str = "left",
          size: float = 8.0, color: str = INK, h: float = ROW) -> Text:
    return Text(x + 1.0, y + 0.4, w - 2.0, h - 0.8, text, font=font, size=size, color=color,
                align=align, valign="middle", wrap=False, min_size=4.5)


def _faction_cell(x: float, y: float, w: float, faction: str, texts: CodexTexts, font: str,
                  h: float = ROW) -> list[Item]:
    s = 3.0
    return [Rect(x + 1.2, y + (h - s) / 2, s, s, fill=texts.colour(faction), stroke=Stroke(INK, 0.15)),
            _cell(x + s + 1.2, y, w - s - 1.2, texts.faction(faction), font, h=h)]


def _boxes(x: float, y: float, w: float, count: int, h: float = ROW) -> list[Item]:
    """count tick boxes spread evenly across a cell."""
    s = 3.2
    step = w / count
    return [Rect(x + step * i + (step - s) / 2, y + (h - s) / 2, s, s, fill="#ffffff", stroke=BOX)
            for i in range(count)]


def _phase_height(deal: Deal) -> float:
    hackers = sum(a.role == "hacker" for a in deal.agents)
    return 6.0 + 5.0 * (hackers + 1) + 5.0 + PHASE_ROW * len(deal.agents) + 0.5


def _phase(deal: Deal, agents: list[Agent], texts: CodexTexts, n: int, x: float, y: float,
           w: float) -> list[Item]:
    """One phase's log: hacker targets, the truth machine, then a row per agent."""
    m = texts.labels["master"]
    items: list[Item] = [Rect(x, y, w, 5.5, fill=INK, stroke=None),
                         Text(x + 2, y, 40, 5.5, texts.label("master", "phase", n=n),
                              font="sans-bold", size=9.5, color="#ffffff", valign="middle", wrap=False)]
    y += 6.0
    for hacker in (a for a in agents if a.role == "hacker"):
        line = texts.label("master", "hacker_line", name=hacker.name,
                           faction=texts.faction(hacker.true_faction))
        items.append(Text(x + 1, y, w - 2, 5.0, line, size=7.5, color=INK, valign="middle",
                          wrap=False, min_size=5))
        y += 5.0
    items.append(Text(x + 1, y, w - 2, 5.0, m["truth_machine"], size=7.5, color=INK,
                      valign="middle", wrap=False, min_size=5))
    y += 5.0
    head = 5.0
    items += _grid(PHASE_COLUMNS, x, y, w, len(agents), PHASE_ROW, head)
    items += _header_row(PHASE_COLUMNS, texts, x, y, w, head)
    widths = _widths(PHASE_COLUMNS, w)
    for r, agent in enumerate(agents):
        ry = y + head + r * PHASE_ROW
        items += _faction_cell(x, ry, widths[0], agent.true_faction, texts, "sans", h=PHASE_ROW)[:1]
        items.append(_cell(x + 4.2, ry, widths[0] - 4.2, agent.name, "sans-bold", size=7.5,
                           h=PHASE_ROW))
        if agent.role != LEADER:
            items.append(_cell(x + sum(widths[:4]), ry, widths[4], "1×", "sans-italic", size=6,
                               color=GREY, align="right", h=PHASE_ROW))
    return items
