"""Property tests over random card sizes, papers, bleeds and flips: every layout is printable and honest."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st
from scene_helpers import clipped_groups, leaves, line_boxes, make_cards, marker_slots

from generator.core.errors import LayoutError
from generator.scene.footer import footer_band
from generator.scene.imposition import (
    FOOTER_GAP,
    FOOTER_HEIGHT,
    PRINTER_MARGIN,
    SheetSpec,
    impose,
    paper_size,
    plan_sheet,
)
from generator.scene.marks import CUT_STROKE, MARK_STROKE
from generator.scene.model import Text, apply
from generator.scene.text import layout_text

EPS = 1e-6
M = PRINTER_MARGIN

specs = st.builds(
    dict,
    paper=st.sampled_from(["a4", "letter"]),
    landscape=st.sampled_from([False, True, None]),
    card_size=st.tuples(st.floats(15, 230).map(lambda v: round(v, 1)),
                        st.floats(15, 300).map(lambda v: round(v, 1))),
    bleed=st.sampled_from([0.0, 1.0, 2.0, 3.0, 5.0]),
    duplex=st.sampled_from(["long", "short", None]),
    cut_lines=st.booleans(),
    gutter_fold=st.booleans(),
)


def _overlap(a, b):
    return (a[0] < b[0] + b[2] - EPS and b[0] < a[0] + a[2] - EPS
            and a[1] < b[1] + b[3] - EPS and b[1] < a[1] + a[3] - EPS)


def _one_card_fits(spec: SheetSpec) -> bool:
    """An independent check that one card (with its marks and footer) fits some orientation."""
    w, h = spec.card_size
    mark = 0.5 + 3.0                       # gap + shortest mark (3 mm: long enough to cut by)
    hard = max(mark, spec.bleed)
    band = FOOTER_HEIGHT + FOOTER_GAP
    for landscape in ([False, True] if spec.landscape is None else [spec.landscape]):
        pw, ph = paper_size(spec.paper, landscape)
        if spec.gutter_fold:
            if w + mark + hard <= pw / 2 - 1.0 - M + EPS and h + mark + hard <= ph - 2 * M - band + EPS:
                return True
            continue
        if w + 2 * mark <= pw - 2 * M + EPS and h + mark + hard <= ph - 2 * M - band + EPS:
            return True
        if w + mark + hard <= pw - 2 * M - band + EPS and h + 2 * mark <= ph - 2 * M + EPS:
            return True
    return False


def _text_boxes(page):
    for item, m in leaves(page.items):
        if isinstance(item, Text):
            layout_text(item)              # the footer's words must fit their box
            (x0, y0), (x1, y1) = apply(m, item.x, item.y), apply(m, item.x + item.w, item.y + item.h)
            yield (min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))


@settings(max_examples=120, deadline=None)
@given(spec_args=specs, count=st.integers(1, 14))
def test_every_layout_is_printable_and_backs_sit_behind_fronts(spec_args, count) -> None:
    spec = SheetSpec(**spec_args)
    w, h = spec.card_size
    try:
        plan = plan_sheet(spec)
    except LayoutError as err:
        assert not _one_card_fits(spec), f"refused a card that fits: {err}"
        assert f"{w:g}x{h:g} mm" in str(err)
        return
    assert _one_card_fits(spec)
    pages = impose(make_cards(count, w, h, spec.bleed), spec, title="Deck", source="seed 1")
    sheets = math.ceil(count / plan.per_sheet)
    backs = spec.duplex is not None and not spec.gutter_fold
    assert len(pages) == sheets * (2 if backs else 1)
    pw, ph = plan.width, plan.height
    for page in pages:
        assert (page.width, page.height) == (pw, ph)
        _check_page(page, plan, spec, w, h)
    if backs:
        for front, back in zip(pages[::2], pages[1::2], strict=False):
            _check_backs(front, back, plan, spec, w, h)


def _trims(page, w, h):
    return {colour: (x, y, w, h) for colour, (x, y, _m) in marker_slots(page, w, h).items()}


def _check_page(page, plan, spec, w, h):
    pw, ph = plan.width, plan.height
    trims = list(_trims(page, w, h).values())
    bleeds = [box for box, _, _ in clipped_groups(page.items)]
    assert len(bleeds) == len(trims)
    for x, y, tw, th in trims:          # on the paper, inside the printer margins
        assert M - EPS <= x and x + tw <= pw - M + EPS and M - EPS <= y and y + th <= ph - M + EPS
    for i, a in enumerate(bleeds):      # neither cards nor their bleeds overlap
        for b in bleeds[i + 1:]:
            assert not _overlap(a, b)
    side = plan.backs(spec.duplex).footer if page.kind == "back" else plan.footer
    band = footer_band(side, pw, ph)
    assert all(not _overlap(b, band) for b in bleeds)
    marks = [s for s in line_boxes(page) if s[4] == MARK_STROKE]
    for x0, y0, x1, y1, _ in [s for s in line_boxes(page) if s[4] in (MARK_STROKE, CUT_STROKE)]:
        assert M - EPS <= x0 and x1 <= pw - M + EPS and M - EPS <= y0 and y1 <= ph - M + EPS
        assert not _overlap((x0, y0, x1 - x0, y1 - y0), band)
    for x0, y0, x1, y1, _ in marks:
        assert max(x1 - x0, y1 - y0) >= 3.0 - EPS       # every crop mark long enough to cut by
        box = (x0, y0, x1 - x0, y1 - y0)
        assert not any(_overlap(box, t) for t in trims)
        assert not _overlap(box, band)
    texts = list(_text_boxes(page))
    assert texts
    for box in texts:
        assert not any(_overlap(box, b) for b in bleeds)
        assert M - EPS <= box[0] and box[0] + box[2] <= pw - M + EPS


def _check_backs(front, back, plan, spec, w, h):
    f = {int(c[3:], 16): t for c, t in _trims(front, w, h).items()}
    b = {int(c[3:], 16): t for c, t in _trims(back, w, h).items()}
    assert set(f) == set(b)
    for i, (x, y, _, _) in f.items():
        if plan.flip_axis(spec.duplex) == "x":
            expected = (plan.width - x - w, y)
        else:
            expected = (x, plan.height - y - h)
        assert abs(b[i][0] - expected[0]) < 1e-6 and abs(b[i][1] - expected[1]) < 1e-6
    # backs turned 180 degrees exactly when the sheet turns about its horizontal centre line
    turned = plan.flip_axis(spec.duplex) == "y"
    for _, _, m in marker_slots(back, w, h).values():
        assert m[:4] == ((-1.0, 0.0, 0.0, -1.0) if turned else (1.0, 0.0, 0.0, 1.0))
