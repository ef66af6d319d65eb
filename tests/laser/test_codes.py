"""Puzzle codes: every single-character change, adjacent swap and board-size edit is refused;
old (version 1) codes still read (issue 26)."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import ParseError
from generator.games.laser.rules.code import (
    ALPHABET,
    OLD_VERSION,
    VERSION,
    code_version,
    decode,
    encode,
)
from generator.games.laser.rules.engine import engine_for
from generator.games.laser.rules.generate import random_cells
from generator.games.laser.rules.model import Board

SIZES = [(8, 7), (4, 3), (6, 6), (5, 4), (9, 9), (10, 8), (12, 3)]
CHARS = ALPHABET + "x"


def _codes(catalog, count, seed):
    rng = random.Random(seed)
    out = []
    for n in range(count):
        width, height = SIZES[n % len(SIZES)]
        names = rng.sample(catalog.names, rng.randrange(1, len(catalog.names) + 1))
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


def _variants(code):
    """Every single-character change and every adjacent swap of the characters (dashes kept)."""
    chars = list(code)
    spots = [k for k, c in enumerate(chars) if c != "-"]
    for k in spots:
        for c in CHARS:
            if c != chars[k].upper():
                yield "".join([*chars[:k], c, *chars[k + 1:]])
    for a, b in itertools.pairwise(spots):
        if chars[a] != chars[b]:
            swapped = list(chars)
            swapped[a], swapped[b] = swapped[b], swapped[a]
            yield "".join(swapped)


def _same(code, other):
    """True when `other` reads as the same code (Crockford's O/I/L aliases)."""
    normal = str.maketrans("OIL", "011")
    return code.upper().translate(normal) == other.upper().translate(normal)


def test_every_typo_in_hundreds_of_codes_is_refused(catalog):
    tried = 0
    for code, layout, cannons in _codes(catalog, 300, "typos"):
        assert decode(code, catalog) == (layout, cannons)
        assert code_version(code) == VERSION
        for variant in _variants(code):
            if _same(code, variant):
                continue
            tried += 1
            assert _refused(variant, catalog), (code, variant)
    assert tried > 100_000


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
    assert code_version("4x3-6YWH7-2N-N") == OLD_VERSION
    assert layout.board == Board(4, 3) and cannons == (1, 3, 9, 14)
    again = encode(layout, cannons, catalog)
    assert code_version(again) == VERSION and decode(again, catalog) == (layout, cannons)
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
