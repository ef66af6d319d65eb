"""An independent propagation solver for the tier tests: one shot at a time, tracking the spots
(column, row, orientation) each component may still occupy, never supposing anything. It walks
the board by coordinates with the component types' actions, sharing no code with grade.py."""

from __future__ import annotations

from generator.games.laser.rules.model import DX, DY, JUMP_BASE, STOP, Board, ComponentSet

Spot = tuple[int, int, int]          # (column, row, orientation index)


def entry(board: Board, cannon: int) -> tuple[int, int, int]:
    """(column, row, direction) of the first cell a cannon's beam enters (rules: the cannons)."""
    w, h = board.width, board.height
    if cannon <= w:
        return cannon, 1, 2
    if cannon <= w + h:
        return w, cannon - w, 3
    if cannon <= 2 * w + h:
        return w + 1 - (cannon - w - h), h, 0
    return 1, h + 1 - (cannon - 2 * w - h), 1


def _explanations(board, in_play, domains, cannon, hits, outcome, known=None):
    """Every assignment {cell: (type, orientation) or None} of the cells the beam enters that
    explains the shot, each type at a spot of its domain; cells pinned to another type are not
    empty. `known`: (cells, where) another shot's explanation already decided (two shots read
    together); the assignments returned include it."""
    pinned = {}
    for t, dom in enumerate(domains):
        cells = {(c, r) for c, r, _ in dom}
        if len(cells) == 1:
            pinned[cells.pop()] = t
    limit = 4 * board.cells + 4
    found = []

    def walk(c, r, d, h, steps, cells, where):
        while True:
            if not (1 <= c <= board.width and 1 <= r <= board.height):
                if h == len(hits) and board.exit_cannon(c - DX[d], r - DY[d], d) == outcome:
                    found.append((dict(cells), dict(where)))
                return
            steps += 1
            if steps > limit:
                return
            if (c, r) not in cells:
                if h < len(hits) and hits[h] not in where:
                    t = hits[h]
                    for o in range(len(in_play.types[t].orientations)):
                        if (c, r, o) in domains[t]:
                            walk(c, r, d, h, steps - 1, {**cells, (c, r): (t, o)}, {**where, t: (c, r)})
                if pinned.get((c, r)) is not None:
                    return
                cells = {**cells, (c, r): None}
            held = cells[(c, r)]
            if held is None:
                c, r = c + DX[d], r + DY[d]
                continue
            t, o = held
            if h >= len(hits) or hits[h] != t:
                return
            h += 1
            a = in_play.types[t].orientations[o].actions[d]
            if a == STOP:
                if h == len(hits) and outcome == 0:
                    found.append((dict(cells), dict(where)))
                return
            if a >= JUMP_BASE:
                k = a - JUMP_BASE + 1
                c, r = c + k * DX[d], r + k * DY[d]
                if not (1 <= c <= board.width and 1 <= r <= board.height):
                    c, r = _clamp_exit(board, c - k * DX[d], r - k * DY[d], d)
                continue
            d = a
            c, r = c + DX[d], r + DY[d]

    c, r, d = entry(board, cannon)
    cells0, where0 = known or ({}, {})
    walk(c, r, d, 0, 0, dict(cells0), dict(where0))
    # a component the beams did not place must still have a spot in a cell they did not enter
    return [(cells, where) for cells, where in found
            if all(t in where or any((x, y) not in cells for x, y, _ in dom) for t, dom in enumerate(domains))]


def _clamp_exit(board, c, r, d):
    """The first off-board cell in direction d from (c, r) (a jump that leaves the board)."""
    while 1 <= c <= board.width and 1 <= r <= board.height:
        c, r = c + DX[d], r + DY[d]
    return c, r


def _narrowed(domains, found):
    """The domains kept by some assignment of `found`, then a pinned component clears its cell for
    the others (None when nothing is left for some component)."""
    domains = [set(dom) for dom in domains]
    for t, dom in enumerate(domains):
        keep = set()
        for cells, where in found:
            if t in where:
                keep.add((*where[t], cells[where[t]][1]))
            else:
                keep |= {s for s in dom if (s[0], s[1]) not in cells}
        domains[t] = keep & dom
    changed = True
    while changed:
        changed = False
        for t, dom in enumerate(domains):
            cells = {(c, r) for c, r, _ in dom}
            if len(cells) == 1:
                for u in range(len(domains)):
                    if u != t and any((c, r) in cells for c, r, _ in domains[u]):
                        domains[u] = {s for s in domains[u] if (s[0], s[1]) not in cells}
                        changed = True
    return None if any(not dom for dom in domains) else domains


def propagate_only(board: Board, in_play: ComponentSet, shots, domains=None) -> list[set[Spot]]:
    """The domains at the fixed point of one-shot-at-a-time propagation (shots: (cannon, hit type
    ids, outcome) with outcome 0 for absorbed), from everything possible or from `domains`; an empty
    domain means a contradiction."""
    if domains is None:
        domains = [{(c, r, o) for c in range(1, board.width + 1) for r in range(1, board.height + 1)
                    for o in range(len(t.orientations))} for t in in_play]
    changed = True
    while changed:
        changed = False
        for cannon, hits, outcome in shots:
            found = _explanations(board, in_play, domains, cannon, list(hits), outcome)
            narrowed = _narrowed(domains, found)
            if narrowed is None:
                return [set() for _ in domains]
            if narrowed != domains:
                domains, changed = narrowed, True
    return domains


def solved(domains) -> bool:
    return all(len(dom) == 1 for dom in domains)


def read_together(board: Board, in_play: ComponentSet, domains, a, b):
    """What two shots read together teach: every joint assignment of the cells their beams enter
    (b's explained over a's), narrowed as one shot's are."""
    joint = []
    for known in _explanations(board, in_play, domains, a[0], list(a[1]), a[2]):
        joint += _explanations(board, in_play, domains, b[0], list(b[1]), b[2], known)
    return _narrowed(domains, joint)


def finishing_pairs(board: Board, in_play: ComponentSet, shots) -> list[tuple[int, int]] | None:
    """None when propagation alone solves the shots; else every pair of shots which, read together
    at the first stall, lets propagation finish (level 4 needs one; level 5 has none)."""
    domains = propagate_only(board, in_play, shots)
    if solved(domains):
        return None
    out = []
    for n, a in enumerate(shots):
        for b in shots[n + 1:]:
            narrowed = read_together(board, in_play, domains, a, b)
            if narrowed is not None and solved(propagate_only(board, in_play, shots, narrowed)):
                out.append((a[0], b[0]))
    return out
