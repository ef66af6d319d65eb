"""The box dies (generator/scene/box.py): sizes from the deck, flaps that close, the box folded in 3D, and
which boxes fit which paper (generator/scene/boxpages.py)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import LayoutError
from generator.scene.box import BoxSpec, Die, folded_faces, tray_pieces, tuck_die
from generator.scene.boxpages import dies_for, plan_box
from generator.scene.papers import CARD_SIZES

POKER = CARD_SIZES["poker"]


def _close(a: tuple[float, ...], b: tuple[float, ...], tol: float = 1e-6) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def _same_segment(s: list[tuple[float, ...]], t: list[tuple[float, ...]]) -> bool:
    return (_close(s[0], t[0]) and _close(s[1], t[1])) or (_close(s[0], t[1]) and _close(s[1], t[0]))


def _span(die: Die, name: str) -> tuple[float, float]:
    x0, y0, x1, y1 = die.panel(name).bounds
    return (x1 - x0, y1 - y0)


def test_the_panels_are_the_deck_plus_the_clearance() -> None:
    die = tuck_die(BoxSpec(POKER, 54))
    w, h, d = 63.5 + 1, 88.9 + 1, 54 * 0.3 + 1
    assert die.inside == pytest.approx((w, h, d))
    for name, size in (("back", (w, h)), ("front", (w, h)), ("side-left", (d, h)), ("side-right", (d, h)),
                       ("lid", (w, d)), ("bottom", (w, d))):
        assert _span(die, name) == pytest.approx(size), name


def test_the_box_grows_with_the_deck_and_the_clearance() -> None:
    small, big = tuck_die(BoxSpec(POKER, 20)), tuck_die(BoxSpec(POKER, 60))
    assert big.inside[2] - small.inside[2] == pytest.approx(40 * 0.3)
    assert big.width > small.width and big.height > small.height
    roomy = tuck_die(BoxSpec(POKER, 20, clearance=2.0))
    assert roomy.inside == pytest.approx(tuple(v + 1.0 for v in small.inside))
    thick = tuck_die(BoxSpec(POKER, 20, thickness=0.5))
    assert thick.inside[2] == pytest.approx(20 * 0.5 + 1.0)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(CARD_SIZES)), st.integers(1, 150))
def test_the_flaps_close(name: str, count: int) -> None:
    try:
        die = tuck_die(BoxSpec(CARD_SIZES[name], count))
    except LayoutError as err:          # too thick for a tuck flap: said in one line, with the way out
        assert "two-piece" in str(err) and "\n" not in str(err)
        return
    w, h, d = die.inside
    tuck_h = _span(die, "tuck")[1]
    assert tuck_h > d and tuck_h <= h / 2 + 1e-9      # the tuck flap reaches past the depth, into the front
    for flap in ("dust-left", "dust-right", "bottom-dust-left", "bottom-dust-right"):
        assert _span(die, flap)[1] < w / 2            # the two dust flaps of an opening never meet
    assert _span(die, "dust-left")[0] == pytest.approx(d)


def _meet(faces: dict[str, list[tuple[float, float, float]]], die: Die, a: str, ia: tuple[int, int],
          b: str, ib: tuple[int, int]) -> bool:
    return _same_segment([faces[a][ia[0]], faces[a][ia[1]]], [faces[b][ib[0]], faces[b][ib[1]]])


def test_the_tuck_box_folds_shut() -> None:
    die = tuck_die(BoxSpec(POKER, 54))
    w, h, d = die.inside
    faces = folded_faces(die)
    # corners in the panels' own order: rectangles are top-left, top-right, bottom-right, bottom-left
    assert _meet(faces, die, "side-right", (1, 2), "back", (0, 3))        # the last side meets the back's free edge
    assert _meet(faces, die, "lid", (0, 1), "front", (0, 1))              # the lid reaches the front's top edge
    assert _meet(faces, die, "bottom", (2, 3), "back", (3, 2))            # the bottom reaches the back's foot
    # the box is the inside's cuboid: every panel corner on its surface, nothing outside it
    points = [p for pts in faces.values() for p in pts]
    extent = [max(p[i] for p in points) - min(p[i] for p in points) for i in range(3)]
    assert sorted(extent) == pytest.approx(sorted((w, h, d)))
    # the glue flap and the bottom's tab lie on the back, the tuck flap on the front, inside the box
    back_z = faces["back"][0][2]
    front_z = faces["front"][0][2]
    assert all(p[2] == pytest.approx(back_z) for p in faces["glue"] + faces["bottom-glue"])
    assert all(p[2] == pytest.approx(front_z) for p in faces["tuck"])
    top_y = faces["lid"][0][1]
    assert all(p[1] == pytest.approx(top_y) for p in faces["dust-left"] + faces["dust-right"])
    # folded in, the two dust flaps over the opening (and the two under the bottom) leave a gap between them
    for a, b in (("dust-left", "dust-right"), ("bottom-dust-left", "bottom-dust-right")):
        left = sorted(p[0] for p in faces[a])
        right = sorted(p[0] for p in faces[b])
        assert left[-1] < right[0] or right[-1] < left[0], (a, b)


def test_the_tray_and_lid_fold_into_open_boxes() -> None:
    for die in tray_pieces(BoxSpec(CARD_SIZES["tarot"], 78)):
        faces = folded_faces(die)
        w, h, d = die.inside
        # neighbouring walls meet at the corners: the left wall's outer top corner is the top wall's
        assert _close(faces["wall-left"][0], faces["wall-top"][3], 1e-6) or \
            _close(faces["wall-left"][0], faces["wall-top"][0], 1e-6)
        points = [p for pts in faces.values() for p in pts]
        extent = [max(p[i] for p in points) - min(p[i] for p in points) for i in range(3)]
        assert sorted(extent) == pytest.approx(sorted((w, h, d)))
        # each tab lies in the plane of the wall it is glued to
        top_y = faces["wall-top"][0][1]
        assert all(p[1] == pytest.approx(top_y) for p in faces["tab-left-top"] + faces["tab-right-top"])
    tray, lid = tray_pieces(BoxSpec(CARD_SIZES["tarot"], 78))
    assert lid.inside[0] - tray.inside[0] == pytest.approx(1.0) and lid.inside[2] == tray.inside[2]


def test_the_cut_outline_is_one_simple_closed_path() -> None:
    for die in (tuck_die(BoxSpec(POKER, 54)), *tray_pieces(BoxSpec(POKER, 200))):
        cut = die.cut
        assert len(set(cut)) == len(cut)
        xs, ys = [p[0] for p in cut], [p[1] for p in cut]
        assert (min(xs), min(ys), max(xs), max(ys)) == pytest.approx((0, 0, die.width, die.height))
        # a simple polygon: its shoelace area equals the panels' areas added up
        area = abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(cut, cut[1:] + cut[:1], strict=True))) / 2
        panels = sum(abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(p.points, p.points[1:] + p.points[:1],
                                                                       strict=True))) / 2 for p in die.panels)
        notch = math.pi * min(10.0, die.inside[0] / 6) ** 2 / 2 if die.piece == "tuck" else 0.0
        assert area == pytest.approx(panels - notch, rel=2e-3)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(CARD_SIZES))
@pytest.mark.parametrize("count", [18, 54, 78, 120])
def test_every_card_size_fits_or_is_refused_in_one_line(paper: str, name: str, count: int) -> None:
    spec = BoxSpec(CARD_SIZES[name], count)
    try:
        placed = plan_box(spec, paper)
    except LayoutError as err:
        message = str(err)
        assert "\n" not in message and ("does not fit" in message or "too thick" in message)
        assert "--two-piece" in message
        fewer = int(message.split("holds ")[1].split(";")[0]) if "holds " in message else 0
        assert 0 <= fewer < count
        if fewer:
            assert dies_for(BoxSpec(CARD_SIZES[name], fewer), paper) is not None
            assert dies_for(BoxSpec(CARD_SIZES[name], fewer + 1), paper) is None
        return
    assert len(placed) == 1


def test_a_poker_deck_fits_a4_and_letter_and_tarot_x78_falls_back() -> None:
    for paper in ("a4", "letter"):
        assert dies_for(BoxSpec(POKER, 54), paper) is not None
    tarot = BoxSpec(CARD_SIZES["tarot"], 78)
    with pytest.raises(LayoutError, match="--two-piece or --paper a3"):
        plan_box(tarot, "a4")
    assert dies_for(tarot, "a3") is not None
    assert len(plan_box(BoxSpec(CARD_SIZES["tarot"], 78, style="tray"), "a4")) == 2


def test_a_very_big_deck_stands_in_a_long_tray() -> None:
    spec = BoxSpec((60.0, 40.0), 521, style="tray")
    tray = plan_box(spec, "a4")[0].die
    assert tray.inside == pytest.approx((61.0, 521 * 0.3 + 1, 41.0))   # the cards on edge, walls their height


def test_limits_are_named() -> None:
    for kwargs, key in (({"count": 0}, "--count"), ({"count": 10_001}, "--count"), ({"thickness": 5.0}, "--thickness"),
                        ({"clearance": -1.0}, "--clearance"), ({"style": "drawer"}, "style")):
        args = {"card": POKER, "count": 10, **kwargs}
        with pytest.raises(LayoutError) as err:
            BoxSpec(**args)             # type: ignore[arg-type]
        assert err.value.key == key


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(CARD_SIZES)), st.integers(1, 80), st.integers(1, 40))
def test_a_bigger_deck_never_gets_a_smaller_box(name: str, count: int, more: int) -> None:
    for style in ("tuck", "tray"):
        try:
            small = BoxSpec(CARD_SIZES[name], count, style=style)
            big = BoxSpec(CARD_SIZES[name], count + more, style=style)
            a = tuck_die(small) if style == "tuck" else tray_pieces(small)[0]
            b = tuck_die(big) if style == "tuck" else tray_pieces(big)[0]
        except LayoutError:
            continue
        assert b.width >= a.width and b.height >= a.height
        assert b.inside[2] - a.inside[2] == pytest.approx(more * 0.3)


def test_a_side_title_is_whole_and_readable_or_its_part_before_the_colon() -> None:
    """A side 8.5 mm deep and 60 mm long: a long title is not shrunk to a grey line (it once came out at
    3 pt with an ellipsis); its part before the colon is set at 6 pt or more; a short title stays whole."""
    from generator.scene.box import Panel
    from generator.scene.boxpages import SPINE_MIN, BoxArt, _spine
    from generator.scene.model import Group, Text
    from generator.scene.text import fits_box

    side = Panel("side-left", ((0.0, 0.0), (8.5, 0.0), (8.5, 60.0), (0.0, 60.0)))

    def title_of(art: BoxArt) -> Text:
        (group,) = _spine(side, art)
        assert isinstance(group, Group)
        (text,) = group.items
        assert isinstance(text, Text) and fits_box(text, text.text) and text.min_size >= SPINE_MIN
        return text

    assert title_of(BoxArt("Nome in codice: carte agente, ignari passanti e assassino")).text == "Nome in codice"
    assert title_of(BoxArt("Noir")).text == "Noir"
