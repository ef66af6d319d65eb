"""The assistant's advice in a page's language (the picture of `laser assist`), from card_data/laser/labels.yaml (assist)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.games.laser.rules.model import ABSORBED, TRAPPED
from generator.games.laser.rules.words import SHOWN_SHOTS, certain, possible

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.laser.rules.assist import Advice
    from generator.games.laser.rules.engine import Engine
    from generator.games.laser.sheets.labels import Labels

SHOWN_OUTCOMES = 4


def number(value: float, labels: Labels, digits: int = 1) -> str:
    """A decimal in the page's way: 2.5, or 2,5 outside English."""
    text = f"{value:.{digits}f}"
    return text if labels.lang == "en" else text.replace(".", ",")


def percent(share: float, labels: Labels) -> str:
    """A probability as a whole percent ("40%", French "40 %")."""
    return f"{share:.0%}".replace("%", "\u202f%") if labels.lang == "fr" else f"{share:.0%}"


def type_words(engine: Engine, type_name: str, orientation: str | None, labels: Labels) -> str:
    """A component's printed name, with its orientation (in the page's corner letters) when it has several."""
    ctype = engine.in_play.get(type_name)
    name = labels.component(ctype)[0]
    if not orientation or len(ctype.orientations) == 1:
        return name
    key = f"orient_{orientation.lower()}"
    return f"{name} {labels[key] if key in labels.texts else orientation}"


def result_words(engine: Engine, cannon: int, result: tuple[tuple[int, ...], int], labels: Labels) -> str:
    """A shot's result as the log writes it (`26 T \\ 28`, `8` when absorbed), trapped in the page's words."""
    hits, outcome = result
    parts = [str(cannon), *(engine.in_play.types[t].hit for t in hits)]
    if outcome == TRAPPED:
        parts.append(labels["assist_trapped"])
    elif outcome != ABSORBED:
        parts.append(str(outcome))
    return " ".join(parts)


def advice_lines(engine: Engine, advice: Advice, fired: int, labels: Labels) -> list[str]:
    """The picture's panel: layouts left, what is certain, how many cells are empty, the best next cannons."""
    if not advice.layouts:
        return [labels["assist_none"]]
    lines = [labels.fill("assist_layouts", fired=fired, layouts=advice.layouts)]
    for item in certain(engine, advice):
        piece = type_words(engine, item["type"], item["orientation"], labels)
        lines.append(labels.fill("assist_certain", piece=piece, cell=item["cell"]))
    empty = sum(1 for names in possible(engine, advice) if not names)
    lines.append(labels.fill("assist_empty", cells=empty))
    if not advice.next_shots:
        return lines
    lines.append(labels["assist_best_exact"] if advice.exact
                 else labels.fill("assist_best_estimated", sample=advice.sample_size))
    for shot in advice.next_shots[:SHOWN_SHOTS]:
        shown = ", ".join(f"{result_words(engine, shot.cannon, r, labels)} ({percent(p, labels)})"
                          for r, p in shot.outcomes[:SHOWN_OUTCOMES])
        extra = len(shot.outcomes) - SHOWN_OUTCOMES
        results = f"{shown}, {labels.fill('assist_more', n=extra)}" if extra > 0 else shown
        lines.append("  " + labels.fill("assist_cannon", cannon=shot.cannon,
                                        left=number(shot.expected_left, labels), results=results))
    return lines

