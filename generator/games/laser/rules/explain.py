"""The check's verdict in a player's words: what is wrong, who sees each component, where else it fits."""

from __future__ import annotations

from generator.games.laser.rules.check import CheckReport, ComponentCheck

SHOWN_ALTERNATIVES = 12


def spot_text(cell: tuple[int, int], orientation: str | None) -> str:
    """'(4,2)' or '(5,5) SE': column, row, then the orientation when the type has several."""
    text = f"({cell[0]},{cell[1]})"
    return f"{text} {orientation}" if orientation is not None else text


def _seen_by(component: ComponentCheck) -> str:
    if not component.reached_by:
        return "no cannon's beam ever reaches it"
    parts = [f"{cannon} (entering from the {side})" for cannon, side in component.reached_by]
    label = "cannon" if len(parts) == 1 else "cannons"
    return f"seen by {label} " + ", ".join(parts)


def _component_lines(report: CheckReport, component: ComponentCheck) -> list[str]:
    p = component.placement
    ctype = report.layout.catalog.get(p.type)
    head = f"- {p.type} ({ctype.hit}) at {spot_text(p.cell, p.orientation)}"
    if not report.playable:
        return [f"{head}: {_seen_by(component)}."]
    if component.locatable:
        return [f"{head}: locatable; {_seen_by(component)}."]
    others = [spot_text(c, o) for c, o in component.alternatives if (c, o) != (p.cell, p.orientation)]
    shown = ", ".join(others[:SHOWN_ALTERNATIVES])
    more = f" and {len(others) - SHOWN_ALTERNATIVES} more" if len(others) > SHOWN_ALTERNATIVES else ""
    lines = [f"{head}: NOT locatable; {_seen_by(component)}."]
    if not component.reached_by:
        lines.append(f"    It could sit in any cell no beam enters: {shown}{more}.")
    else:
        lines.append(f"    The same shots fit it just as well at {shown}{more}.")
    return lines


def explain(report: CheckReport) -> list[str]:
    """Lines of text: the verdict, then one entry per component."""
    layout = report.layout
    board = layout.board
    names = ", ".join(f"{t.name} ({t.hit})" for t in layout.in_play)
    lines = [f"board {board.width}x{board.height}, cannons 1-{board.cannons}; in play: {names}",
             "cells are (column,row) from the top-left corner"]
    if not report.playable:
        lines.append(f"UNPLAYABLE: the beam of cannon {report.trapped_cannon} never leaves the board: "
                     f"it goes round {' '.join(spot_text(c, None) for c in report.loop)} for ever, "
                     "so that shot cannot be answered.")
    elif report.fair:
        lines.append(f"FAIR: firing all {board.cannons} cannons pins down every component "
                     "(no other layout gives the same shots).")
    else:
        count = report.indistinguishable
        assert count is not None, "a playable layout's report counts its look-alikes"
        lines.append(f"NOT FAIR: {count} layouts give exactly the same {board.cannons} shots "
                     f"({count - 1} besides this one); the designer would lose.")
    for component in report.components:
        lines.extend(_component_lines(report, component))
    return lines
