"""Property tests of the sheet geometry: for every board size, it fits with cells >= 8 mm and nothing
overlaps, or it is refused with a LayoutError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import LayoutError
from generator.games.laser.content import load_catalog
from generator.games.laser.rules.model import Board
from generator.games.laser.sheets.draw import CANNON_BOX, RING
from generator.games.laser.sheets.game_sheet import sheet_items
from generator.games.laser.sheets.labels import load_labels
from generator.games.laser.sheets.plan import CELL_MIN, log_cells, plan_sheet
from generator.render import render_recording
from generator.scene.imposition import content_box
from generator.scene.model import Page

EPS = 1e-6


def inside(inner, outer) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox - EPS and y >= oy - EPS and x + w <= ox + ow + EPS and y + h <= oy + oh + EPS


def disjoint(a, b) -> bool:
    return (a[0] + a[2] <= b[0] + EPS or b[0] + b[2] <= a[0] + EPS or
            a[1] + a[3] <= b[1] + EPS or b[1] + b[3] <= a[1] + EPS)


def block(frame, label) -> tuple[float, float, float, float]:
    """A board with its ring of cannons and the label above it."""
    assert label.w >= frame.width + 2 * RING - EPS
    return (label.x, label.y, label.w, label.h + frame.height + 2 * RING)


def boxes(plan) -> dict[str, tuple[float, float, float, float]]:
    t, lg, lo, sl = plan.title, plan.legend, plan.log, plan.slips
    return {"title": (t.x, t.y, t.w, t.h), "left": block(plan.left, plan.left_label),
            "right": block(plan.right, plan.right_label), "legend": (lg.x, lg.y, lg.w, lg.h),
            "log": (lo.x, lo.y, lo.w, lo.h), "slips": (sl.x, sl.y, sl.w, sl.h),
            **({"rules": (plan.rules.x, plan.rules.y, plan.rules.w, plan.rules.h)} if plan.rules else {})}


def test_the_standard_sheet_has_its_rules_box_at_full_cell_size() -> None:
    for paper, cell in (("a4", 11.1875), ("letter", 10.0875)):   # the cells the sheet had before the box
        plan = plan_sheet(Board(8, 7), paper, 5)
        assert plan.rules is not None and plan.rules.w >= 60 and plan.rules.h >= 60
        assert plan.cell == pytest.approx(cell)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 18), st.integers(1, 18), st.sampled_from(["a4", "letter"]))
def test_every_size_fits_without_overlap_or_is_refused(w: int, h: int, paper: str) -> None:
    board = Board(w, h)
    try:
        plan = plan_sheet(board, paper, 5)
    except LayoutError as err:
        assert "does not fit" in str(err)
        assert w >= 10 or h >= 10                     # every smaller board fits
        return
    assert plan.cell >= CELL_MIN
    parts = boxes(plan)
    area = content_box(paper, landscape=True)
    names = sorted(parts)
    for i, a in enumerate(names):
        assert inside(parts[a], area), a
        for b in names[i + 1:]:
            assert disjoint(parts[a], parts[b]), (a, b)
    for frame, name in ((plan.left, "left"), (plan.right, "right")):
        spots = [frame.cannon_spot(k) for k in range(1, board.cannons + 1)]
        squares = [(x - CANNON_BOX / 2, y - CANNON_BOX / 2, CANNON_BOX, CANNON_BOX) for x, y, _ in spots]
        cells = (frame.x, frame.y, frame.width, frame.height)
        for i, sq in enumerate(squares):
            assert inside(sq, parts[name]) and disjoint(sq, cells)
            assert all(disjoint(sq, other) for other in squares[i + 1:])
    rows = log_cells(plan)
    assert len(rows) == board.cannons
    assert all(y + plan.row_height <= plan.log.y + plan.log.h + EPS for _, _, y, _ in rows)
    assert all(x + cw <= plan.log.x + plan.log.w + EPS for _, x, _, cw in rows)


@pytest.mark.parametrize("size", [(1, 1), (3, 3), (8, 7), (11, 5), (10, 10), (5, 11)])
@pytest.mark.parametrize("lang", ["it", "fr"])
def test_every_text_fits_its_box(size, lang: str) -> None:
    """render_recording lays out every text box: a label too long for its box would raise LayoutError."""
    board = Board(*size)
    plan = plan_sheet(board, "a4", 5)
    page = Page(297, 210, items=list(sheet_items(plan, load_catalog().beginner(), load_labels(lang))))
    assert render_recording([page]).count("text ") > board.cannons * 2
