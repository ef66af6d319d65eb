"""Puzzle codes: no single insertion, substitution, swap or deletion reads as another puzzle (issue
36), every board-size edit is refused; old (version 1-2) codes still read (issue 26)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import ParseError
from generator.games.laser.rules.code import (
    ALPHABET,
    CHECK_ALPHABET,
    OLD_VERSION,
    SIZED_VERSION,
    VERSION,
    code_version,
    decode,
    encode,
    refusal,
)
from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.generate import random_cells
from generator.games.laser.rules.model import Board

SIZES = [(8, 7), (4, 3), (6, 6), (5, 4), (9, 9), (10, 8), (12, 3)]
EDIT_SIZES = {"8x7": [(8, 7)], "4x4": [(4, 4)],       # the puzzles' default boards, then 200 codes of sizes
              "1x1-64x64": list(zip(*[iter(random.Random(36).choices(range(1, 65), k=400))] * 2, strict=True))}
CHARS = ALPHABET + "x"
TYPED = CHECK_ALPHABET + "xOIL-"       # every character a typo can bring: the check's, Crockford's aliases, a dash


def _codes(catalog, count, seed, sizes=SIZES):
    rng = random.Random(seed)
    out = []
    for n in range(count):
        width, height = sizes[n % len(sizes)]
        names = rng.sample(catalog.names, rng.randrange(1, min(len(catalog.names), width * height) + 1))
        engine = engine_for(Board(width, height), catalog.subset(names))
        layout = engine.layout_of(random_cells(engine, rng))
        cannons = rng.sample(range(1, engine.board.cannons + 1), rng.randrange(1, engine.board.cannons + 1))
        out.append((encode(layout, cannons, catalog), layout, tuple(sorted(cannons))))
    return out


def _refused(code, catalog) -> bool:
    try:
        decode(code, catalog)
    except ParseError:
        return True
    return False


def _edits(code):
    """Every single insertion, substitution, deletion and swap of neighbours, dashes included
    (as (kind, edited code))."""
    for k in range(len(code) + 1):
        for c in TYPED:
            yield "insertion", code[:k] + c + code[k:]
    for k in range(len(code)):
        yield "deletion", code[:k] + code[k + 1:]
        for c in TYPED:
            if c != code[k]:
                yield "substitution", code[:k] + c + code[k + 1:]
        if k + 1 < len(code) and code[k] != code[k + 1]:
            yield "swap", code[:k] + code[k + 1] + code[k] + code[k + 2:]


def _same(code, other):
    """True when `other` reads as the same code (Crockford's O/I/L aliases)."""
    normal = str.maketrans("OIL", "011")
    return code.upper().translate(normal) == other.upper().translate(normal)


def test_no_single_edit_of_a_code_reprints_another_puzzle(catalog):
    """Issue 36: 200 codes on each default board and 200 of sizes from 1x1 to 64x64, every insertion,
    substitution, swap and deletion: each is refused or reads as the very same puzzle (a case change,
    an O for a 0)."""
    tried = {"insertion": 0, "substitution": 0, "swap": 0, "deletion": 0}
    same = 0
    for name, sizes in EDIT_SIZES.items():
        for code, layout, cannons in _codes(catalog, 200, f"edits{name}", sizes):
            assert decode(code, catalog) == (layout, cannons) and code_version(code, catalog) == VERSION
            for kind, edited in _edits(code):
                tried[kind] += 1
                if refusal(edited, catalog) is not None:      # decode's first half: it would raise there
                    continue
                try:
                    read = decode(edited, catalog)
                except ParseError:
                    continue
                assert read == (layout, cannons), (kind, code, edited)
                same += 1
    print(f"\ncode edits tried on {200 * len(EDIT_SIZES)} codes: {tried}; read as the same puzzle: {same}")
    assert min(tried.values()) > 10_000 and sum(tried.values()) > 500_000


def test_a_doubled_or_dropped_character_is_refused_before_the_check(catalog):
    """The groups' lengths are checked first, so the message names the slip (issue 36's example
    doubled a character inside a group)."""
    code = _codes(catalog, 1, "groups", [(8, 7)])[0][0]
    groups = code.split("-")
    doubled = "-".join([groups[0], groups[1][0] + groups[1], *groups[2:]])
    dropped = "-".join([*groups[:-2], groups[-2][1:], groups[-1]])
    for edited in (doubled, dropped, code.replace("-", "")):
        with pytest.raises(ParseError, match=r"missing or doubled|too short|starts with the board size"):
            decode(edited, catalog)
    assert decode(code.replace("-", " ").lower(), catalog) == decode(code, catalog)   # spaces between groups


def test_every_size_edit_is_refused(catalog):
    for code, _, _ in _codes(catalog, 300, "sizes"):
        size, rest = code.split("-", 1)
        width, height = (int(x) for x in size.split("x"))
        for w in range(1, 65):
            for h in (height - 1, height, height + 1, width, w):
                if 1 <= h <= 64 and (w, h) != (width, height):
                    assert _refused(f"{w}x{h}-{rest}", catalog), (code, w, h)


def test_old_codes_still_read():
    from generator.games.laser.content import load_catalog

    catalog = load_catalog()
    layout, cannons = decode("4x3-6YWH7-2N-N", catalog)      # printed by version 1 (issue 26's example)
    assert code_version("4x3-6YWH7-2N-N", catalog) == OLD_VERSION
    assert layout.board == Board(4, 3) and cannons == (1, 3, 9, 14)
    again = encode(layout, cannons, catalog)
    assert code_version(again, catalog) == VERSION and decode(again, catalog) == (layout, cannons)
    assert _refused("4x4" + again[3:], catalog)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 40), st.sampled_from(CHARS))
def test_a_changed_character_is_refused(catalog, seed, where, char):
    code, _, _ = _codes(catalog, 1, seed)[0]
    spots = [k for k, c in enumerate(code) if c != "-"]
    k = spots[where % len(spots)]
    variant = code[:k] + char + code[k + 1:]
    if not _same(code, variant):
        assert _refused(variant, catalog)


def test_version_1_size_edits_went_through_and_are_now_refused(catalog):
    """Issue 26's example: the old code's size edited to 4x4 still decoded; the same edit of its new
    code is refused."""
    layout, _ = decode("4x4-6YWH7-2N-N", catalog)          # version 1: a different, valid puzzle
    assert layout.board == Board(4, 4)
    new = encode(*decode("4x3-6YWH7-2N-N", catalog), catalog)
    assert _refused("4x4-" + new.split("-", 1)[1], catalog)


def test_version_2_codes_still_read(catalog):
    """Codes printed by version 2 (one check character, a body of any length) reprint the same puzzle."""
    layout, cannons = decode("8x7-199NQ-72YBF-8BWFH-GY-4", catalog)
    assert code_version("8x7-199NQ-72YBF-8BWFH-GY-4", catalog) == SIZED_VERSION
    again = encode(layout, cannons, catalog)
    assert len(again.split("-")[-1]) == 2 and decode(again, catalog) == (layout, cannons)


def test_a_refusal_is_what_decode_raises(catalog):
    """refusal() is decode's first half: the same message decode raises, None when decode gets past it."""
    code = _codes(catalog, 1, "refusal", [(8, 7)])[0][0]
    for _, edited in list(_edits(code))[::97]:
        why = refusal(edited, catalog)
        try:
            decode(edited, catalog)
        except ParseError as err:
            assert why is None or why == err.message
        else:
            assert why is None
    assert refusal(code, catalog) is None and refusal("8x7-XYZ", catalog) is not None
