"""Backs behind fronts: long- and short-edge flips, the back offset, and the gutter fold."""

from __future__ import annotations

import pytest
from scene_helpers import clipped_groups, line_boxes, marker_positions, marker_slots

from generator.scene.imposition import SheetSpec, impose, plan_sheet
from generator.scene.marks import FOLD_STROKE
from generator.scene.model import apply

W, H = 210.0, 297.0
MARK = (2.0, 3.0, 1.0)      # the test marker: card-local x, y and size


def _card_origins(page, w=63.5, h=88.9):
    """{marker number: top-left of that card's trim} on a page (front or back)."""
    return {int(colour[3:], 16): (x, y) for colour, (x, y, _m) in marker_slots(page, w, h).items()}


@pytest.mark.parametrize("landscape", [False, True])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_a_cut_card_turned_over_sideways_shows_its_back_upright(cards, landscape, duplex) -> None:
    """The physical flip, simulated: the printed sheet turns about the edge the printer flips on
    (long or short), so each back-page point lies behind a front-page point; then a cut card,
    front upright, is turned over about its own vertical axis. Every point of the back's drawing
    must then be where the drawing puts it, upright: position and rotation."""
    spec = SheetSpec(paper="a4", landscape=landscape, duplex=duplex)
    pw, ph = (H, W) if landscape else (W, H)
    cw, ch = 63.5, 88.9
    pages = impose(cards(9), spec, title="t", source="")
    front, back = marker_slots(pages[0]), marker_slots(pages[1])
    turns_about_vertical = (duplex == "long") == (ph > pw)

    def behind(x, y):           # the front-page point a back-page point is printed behind
        return (pw - x, y) if turns_about_vertical else (x, ph - y)

    assert {c[3:] for c in front} == {c[3:] for c in back}
    checked = 0
    for colour, (_bx, _by, m) in back.items():
        fx, fy, _ = front["#ff" + colour[3:]]
        for p, q in ((0.0, 0.0), (cw, 0.0), (0.0, ch), (2.0, 3.0), (40.0, 10.0)):
            u, v = behind(*apply(m, p, q))
            seen = (cw - (u - fx), v - fy)        # the card turned over about its vertical axis
            assert seen == pytest.approx((p, q), abs=1e-9), (landscape, duplex, colour, p, q)
        checked += 1
    assert checked == len(front) > 0


def test_long_edge_mirrors_columns_about_the_paper_centre(cards) -> None:
    front, back = impose(cards(9), SheetSpec(paper="a4", duplex="long"), title="t", source="")
    f, b = _card_origins(front), _card_origins(back)
    assert set(f) == set(b) == set(range(9))
    for i in range(9):
        assert b[i][0] == pytest.approx(W - f[i][0] - 63.5)
        assert b[i][1] == pytest.approx(f[i][1])
    assert b[0][0] > b[2][0]                     # card 1 (top-left) is backed top-right
    assert back.kind == "back" and back.label == "sheet 1 back"


def test_short_edge_mirrors_rows_not_columns(cards) -> None:
    front, back = impose(cards(9), SheetSpec(paper="a4", duplex="short"), title="t", source="")
    f, b = _card_origins(front), _card_origins(back)
    for i in range(9):
        assert b[i][0] == pytest.approx(f[i][0])
        assert b[i][1] == pytest.approx(H - f[i][1] - 88.9)
    assert b[0][1] > b[6][1]                     # top row backed on the bottom row


def test_long_edge_on_landscape_paper_turns_about_the_horizontal_edge(cards) -> None:
    spec = SheetSpec(paper="a4", landscape=True, duplex="long")
    front, back = impose(cards(8), spec, title="t", source="")
    f, b = _card_origins(front), _card_origins(back)
    for i in f:
        assert b[i] == pytest.approx((f[i][0], W - f[i][1] - 88.9))


def test_mirror_is_about_the_paper_even_when_the_block_is_off_centre(cards) -> None:
    spec = SheetSpec(paper="a4", card_size="mini", landscape=True, duplex="long")
    plan = plan_sheet(spec)
    assert plan.footer == "right"                # the block sits left of a side footer
    assert plan.xs.start + plan.xs.end != pytest.approx(297.0)
    front, back = impose(cards(18, 44.0, 63.0), spec, title="t", source="")
    f, b = _card_origins(front, 44.0, 63.0), _card_origins(back, 44.0, 63.0)
    assert len(f) == 18
    for i in range(18):                          # landscape long edge: rows mirror, columns stay
        assert b[i][0] == pytest.approx(f[i][0])
        assert b[i][1] == pytest.approx(210.0 - f[i][1] - 63.0)


def test_offset_moves_back_cards_and_marks_never_the_footer_or_into_the_margin(cards) -> None:
    from generator.scene.footer import BAR_STROKE
    from generator.scene.marks import MARK_STROKE

    plain = impose(cards(9), SheetSpec(duplex="long"), title="t", source="")
    moved = impose(cards(9), SheetSpec(duplex="long", offset=(1.5, -0.75)), title="t", source="")
    assert _card_origins(moved[0]) == _card_origins(plain[0])
    a, b = _card_origins(plain[1]), _card_origins(moved[1])
    for i in a:
        assert b[i] == pytest.approx((a[i][0] + 1.5, a[i][1] - 0.75))
    assert moved[1].trim_box[0] == pytest.approx(plain[1].trim_box[0] + 1.5)
    # the footer's scale bar stays put; every crop mark stays 5 mm off the edges and 3 mm long
    bars = [[s[:4] for s in line_boxes(p[1]) if s[4] == BAR_STROKE] for p in (plain, moved)]
    assert bars[0] == bars[1] and bars[0]
    marks = [s for s in line_boxes(moved[1]) if s[4] == MARK_STROKE]
    # moved 1.5 mm right, the right-hand marks would be 2.75 mm long: left out (backs are never
    # cut by their marks); the 4 left-hand and 8 top and bottom ones stay whole
    assert len(marks) == 12
    for x0, y0, x1, y1, _ in marks:
        assert 5.0 - 1e-9 <= x0 and x1 <= W - 5.0 + 1e-9 and 5.0 - 1e-9 <= y0 and y1 <= H - 5.0 + 1e-9
        assert max(x1 - x0, y1 - y0) >= 3.0 - 1e-9
    vertical = sorted({round(s[0], 3) for s in marks if s[0] == s[2]})
    assert vertical == sorted({round(s[0] + 1.5, 3) for s in line_boxes(plain[1])
                               if s[4] == MARK_STROKE and s[0] == s[2]})


@pytest.mark.parametrize("offset", [(4.5, 0.0), (0.0, -9.0)])
def test_an_offset_that_would_push_cards_into_the_margin_is_refused_with_the_limit(cards, offset):
    from generator.core.errors import LayoutError

    with pytest.raises(LayoutError) as err:
        impose(cards(9), SheetSpec(duplex="long", offset=offset), title="t", source="")
    message = str(err.value)
    assert "within 5 mm of the paper edge" in message and "this layout allows X from" in message


@pytest.mark.parametrize(("extra", "why"), [({"gutter_fold": True}, "gutter fold"),
                                            ({"duplex": None}, "--duplex none")])
def test_offset_without_back_pages_is_an_error_naming_why(extra, why) -> None:
    from generator.core.errors import LayoutError

    with pytest.raises(LayoutError, match=why):
        SheetSpec(offset=(1.0, 0.0), **extra)


def test_a_part_filled_sheet_trims_to_its_cards_only(cards) -> None:
    pages = impose(cards(11), SheetSpec(duplex="long"), title="t", source="")
    full, last = pages[0].trim_box, pages[2].trim_box
    assert full[2:] == pytest.approx((3 * 63.5, 3 * 88.9))
    assert last[2:] == pytest.approx((2 * 63.5, 88.9))          # two cards in the top row
    assert last[:2] == pytest.approx(full[:2])
    back = pages[3].trim_box                                    # their backs, mirrored: top right
    assert back[2:] == pytest.approx((2 * 63.5, 88.9))
    assert back[0] == pytest.approx(W - full[0] - 2 * 63.5)


def test_no_duplex_or_no_backs_means_fronts_only(cards) -> None:
    assert [p.kind for p in impose(cards(10), SheetSpec(duplex=None), title="t", source="")] == \
        ["front", "front"]
    assert [p.kind for p in impose(cards(10, back=False), SheetSpec(), title="t", source="")] == \
        ["front", "front"]
    kinds = [p.kind for p in impose(cards(10), SheetSpec(), title="t", source="")]
    assert kinds == ["front", "back", "front", "back"]


def test_a_partial_last_sheet_keeps_backs_behind_fronts(cards) -> None:
    pages = impose(cards(11), SheetSpec(duplex="long"), title="t", source="")
    f, b = _card_origins(pages[2]), _card_origins(pages[3])
    assert set(f) == set(b) == {9, 10}
    for i in (9, 10):
        assert b[i][0] == pytest.approx(W - f[i][0] - 63.5)


def test_gutter_fold_pairs_mirror_about_the_dashed_fold(cards) -> None:
    spec = SheetSpec(paper="a4", landscape=None, gutter_fold=True)
    plan = plan_sheet(spec)
    assert plan.landscape and plan.per_sheet == 4          # 2 rows x 2 pairs on landscape A4
    assert plan_sheet(SheetSpec(paper="a4", gutter_fold=True)).per_sheet == 3   # portrait: 3 x 1
    pages = impose(cards(5), spec, title="t", source="")
    assert len(pages) == 2 and all(p.kind != "back" for p in pages)
    page = pages[0]
    fold = [s for s in line_boxes(page) if s[4] == FOLD_STROKE]
    assert len(fold) == 1 and fold[0][0] == fold[0][2] == pytest.approx(297.0 / 2)
    fronts, backs = {}, {}
    for colour, (x, y) in marker_positions(page).items():
        (fronts if colour.startswith("#ff") else backs)[int(colour[3:], 16)] = (x - 2.0, y - 3.0)
    assert set(fronts) == set(backs) == {0, 1, 2, 3}
    for i in fronts:
        assert fronts[i][0] + 63.5 < 297.0 / 2 < backs[i][0]
        assert backs[i][0] + 63.5 - 297.0 / 2 == pytest.approx(297.0 / 2 - fronts[i][0])
        assert backs[i][1] == pytest.approx(fronts[i][1])
    for box, _, _ in clipped_groups(page.items):            # no art crosses the fold
        assert box[0] + box[2] <= 297.0 / 2 or box[0] >= 297.0 / 2


def test_cut_lines_only_on_fronts(cards) -> None:
    from generator.scene.marks import CUT_STROKE

    front, back = impose(cards(9), SheetSpec(cut_lines=True), title="t", source="")
    assert len([s for s in line_boxes(front) if s[4] == CUT_STROKE]) == 8     # 4 + 4 shared cuts
    assert not [s for s in line_boxes(back) if s[4] == CUT_STROKE]
