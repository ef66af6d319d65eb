"""A game's deck of named groups of cards (each with its own template and backs), planned and written in one call.

    write_deck(opts, [CardGroup("suspects", 25), CardGroup("reference", 2), CardGroup("evidence", 25)],
               draw, card_size=(63.5, 88.9), bleed=3.0, stem="noir-cards-pt", title="Noir", data=deck_json)

One job for the whole deck (a PDF opening with `lead` pages, the dungeon's player aid; json: `data()`),
except in a format that writes a set per group (Format.per_group: Tabletop Simulator, where each group
has its own backs): there one job per group, named STEM-GROUP (-o FILE.ext: FILE-GROUP.ext). Every job
is planned before a card is drawn; the cards are drawn once, in group order. With --box (opts.box) the
deck's one box is planned with them and written after them (STEM-box.pdf beside them), its back panel showing
a card of the group the box names, or of the group printed with most cards when a subset leaves it out (box_card).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator import paths
from generator.publish.formats import get_format
from generator.publish.job import PrintJob
from generator.publish.options import DeckOptions
from generator.publish.plan import plan_job
from generator.publish.report import PLAIN, Reporter

if TYPE_CHECKING:
    from generator.scene.imposition import Card
    from generator.scene.model import Page


@dataclass(frozen=True)
class CardGroup:
    """A named group of a deck's cards: how many (every copy), and its own title where it is a deck of its own
    (the Tabletop Simulator object; "" for the deck's)."""

    name: str
    count: int
    title: str = ""


def write_deck(opts: DeckOptions, groups: Sequence[CardGroup], draw: Callable[[], Sequence[Card]], *,
               card_size: tuple[float, float], bleed: float, stem: str, title: str, source: str = "",
               lang: str | None = None, home: str = "", data: Callable[[], Any] | None = None,
               lead: Callable[[], list[Page]] | None = None, reporter: Reporter = PLAIN) -> list[Path]:
    """Plan, draw and write a deck of groups in the options' format; the files written. `draw()` gives every
    card, the groups' cards one after the other; `data()` the deck as data (json); `lead()` the pages a PDF
    opens with; home: the folder under output/ the files go to without -o (plan_job)."""
    apart = len(groups) > 1 and not opts.cutter and get_format(opts.format).per_group
    first = box_card(opts, groups)
    if apart:       # a set per group (the options given are checked once); the deck's one box beside them
        heads = [(_group_output(replace(opts, box=None, given=opts.given if n == 0 else frozenset()), group.name,
                                stem, home), f"{stem}-{group.name}", group.title or title, group.count)
                 for n, group in enumerate(groups)]
    else:
        heads = [(opts, stem, title, sum(group.count for group in groups))]
    jobs = [plan_job(where, count=count, card_size=card_size, bleed=bleed, stem=name, title=heading, source=source,
                     lang=lang, home=home, lead=None if apart else lead, box_card=first, reporter=reporter)
            for where, name, heading, count in heads]
    if jobs[0].wants_data:
        return jobs[0].write(data() if data is not None else [])
    from generator.publish.box import deck_box

    box = deck_box(replace(jobs[0], opts=replace(jobs[0].opts, output=opts.output, box=opts.box), stem=stem, title=title),
                   sum(group.count for group in groups)) if apart and opts.box is not None else None
    cards = list(draw())
    written = _write(jobs, cards)
    return written if box is None else written + box(cards[first] if first < len(cards) else None)


def box_card(opts: DeckOptions, groups: Sequence[CardGroup]) -> int:
    """The card whose side the deck's box shows (counting from 0): the first of the group its BoxOrder names;
    when a subset of the groups is printed without that one, the first of the group printed with the most
    cards (the first of equals): a box shows a card it holds, the back most of them have (no group named:
    the first card)."""
    names = [group.name for group in groups]
    wanted = opts.box.group if opts.box is not None else ""
    if wanted and wanted not in names and groups:
        wanted = max(groups, key=lambda group: group.count).name
    return sum(group.count for group in groups[:names.index(wanted)]) if wanted in names else 0


def _write(jobs: list[PrintJob], cards: list[Card]) -> list[Path]:
    """Each job writes its share of the cards, in order."""
    written: list[Path] = []
    start = 0
    for job in jobs:
        written += job.write(cards[start:start + job.count])
        start += job.count
    return written


def _group_output(opts: DeckOptions, name: str, stem: str, home: str) -> DeckOptions:
    """A group's options where it is written apart: -o FILE.ext becomes FILE-NAME.ext (a folder stays a folder);
    without -o the groups share the deck's folder, output/HOME/ or output/STEM/."""
    out = opts.output
    if out is None:
        return opts if home else replace(opts, output=paths.default_output(stem))
    if not Path(out).suffix:
        return opts
    return replace(opts, output=Path(out).with_name(f"{Path(out).stem}-{name}{Path(out).suffix}"))
