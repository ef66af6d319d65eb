"""Property tests (hypothesis): observe, solve and generate agree with each other on random layouts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.rng import make_rng
from generator.games.laser.content import load_catalog
from generator.games.laser.rules.check import check
from generator.games.laser.rules.engine import observe
from generator.games.laser.rules.generate import generate_fair
from generator.games.laser.rules.model import Board, Layout, Observation, Placement
from generator.games.laser.rules.notation import format_layout, format_observation, parse_layout, parse_observation
from generator.games.laser.rules.solve import solve

SIZES = st.sampled_from([(8, 7), (5, 4), (6, 6), (4, 3)])


CATALOG = load_catalog()
SETS = [None, ("absorber", "jump", "triangle"), ("reflector", "diagonal")]
ANY_SET = st.sampled_from(SETS)


@st.composite
def layouts(draw, sizes=SIZES, sets=ANY_SET):
    """A layout built from parts (board size, a set in play, a distinct cell and an orientation for
    each type), so that a failing example shrinks towards a small board and simple placements."""
    columns, rows = draw(sizes)
    names = draw(sets)
    in_play = CATALOG.beginner() if names is None else CATALOG.subset(list(names))
    board = Board(columns, rows)
    cells = draw(st.lists(st.tuples(st.integers(1, columns), st.integers(1, rows)),
                          min_size=len(in_play.types), max_size=len(in_play.types), unique=True))
    placements = []
    for ctype, cell in zip(in_play.types, cells, strict=True):
        orientation = draw(st.sampled_from([o.name for o in ctype.orientations])) if ctype.orientations else None
        placements.append(Placement(ctype.name, cell, orientation))
    return Layout(board, tuple(placements), in_play)


@settings(max_examples=60, deadline=None)
@given(layout=layouts())
def test_observe_is_deterministic_and_text_round_trips(catalog, layout):
    first, second = observe(layout), observe(layout)
    assert first == second
    again = parse_layout(format_layout(layout), catalog)
    assert again == layout and format_layout(again) == format_layout(layout)
    text = format_observation(first)
    if not any(s.trapped for s in first.shots):
        assert format_observation(parse_observation(text, catalog, layout.board)) == text


@settings(max_examples=40, deadline=None)
@given(layout=layouts(sets=st.just(None)), data=st.data())
def test_solve_contains_the_layout_and_only_same_observation(catalog, layout, data):
    full = observe(layout)
    if any(s.trapped for s in full.shots):
        return
    cannons = data.draw(st.lists(st.integers(1, layout.board.cannons), unique=True,
                                 min_size=max(1, layout.board.cannons - 6)))
    partial = Observation(layout.board, tuple(full.shot(k) for k in cannons))
    solution = solve(partial, layout.in_play, limit=30)
    assert solution.count >= 1 and len(solution.layouts) == min(30, solution.count)
    if solution.count <= 30:
        assert layout in solution.layouts
    for other in solution.layouts:
        assert observe(other, cannons).shots == partial.shots


@settings(max_examples=40, deadline=None)
@given(layout=layouts())
def test_full_observation_solution_count_is_the_check_count(catalog, layout):
    report = check(layout)
    if not report.playable:
        return
    solution = solve(observe(layout), layout.in_play, limit=None)
    assert solution.count == report.indistinguishable
    assert layout in solution.layouts
    assert all(observe(other) == observe(layout) for other in solution.layouts)


@settings(max_examples=25, deadline=None)
@given(size=SIZES, seed=st.integers(0, 10**6),
       names=st.sampled_from([None, ["absorber", "jump", "triangle"], ["reflector", "diagonal"]]))
def test_generated_layouts_are_fair_and_solved_back_exactly(catalog, size, seed, names):
    in_play = catalog.beginner() if names is None else catalog.subset(names)
    layout = generate_fair(make_rng(seed, "test"), Board(*size), in_play)
    report = check(layout)
    assert report.playable and report.fair and all(c.locatable for c in report.components)
    solution = solve(observe(layout), in_play, limit=None)
    assert solution.count == 1 and solution.layouts == (layout,)


def test_generation_is_deterministic(catalog):
    first = [generate_fair(make_rng(9, "g"), Board(), catalog.beginner()) for _ in range(1)]
    second = [generate_fair(make_rng(9, "g"), Board(), catalog.beginner()) for _ in range(1)]
    assert first == second
    assert generate_fair(make_rng(10, "g"), Board(), catalog.beginner()) != first[0]


def test_rulebook_example_is_solved_uniquely(catalog, example_text, example_layout_text):
    solution = solve(parse_observation(example_text, catalog.beginner()), catalog.beginner())
    assert solution.count == 1
    assert [format_layout(x) for x in solution.layouts] == [example_layout_text]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_difficulty_set_determines_and_no_cannon_can_be_dropped(catalog, seed):
    # on the standard board: the cannons named determine the layout, and dropping any one of
    # them lets another layout through (a necessary condition of minimality; the brute-force
    # test in test_exact.py proves minimality itself on small boards)
    from generator.games.laser.rules.difficulty import rate

    layout = generate_fair(make_rng(seed, "difficulty"), Board(), catalog.beginner())
    rating = rate(layout)
    full = observe(layout)
    chosen = Observation(layout.board, tuple(full.shot(k) for k in rating.cannons))
    assert solve(chosen, layout.in_play, limit=2).layouts == (layout,)
    for k in rating.cannons:
        fewer = Observation(layout.board, tuple(s for s in chosen.shots if s.cannon != k))
        assert solve(fewer, layout.in_play, limit=0).count > 1
