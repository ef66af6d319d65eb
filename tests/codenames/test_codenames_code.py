"""Key codes: exact round trips, every single-character change and swap rejected, clear errors."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.core.errors import ParseError
from generator.games.codenames.rules import code as kc
from generator.games.codenames.rules import keys as cn

CONFUSABLE = "0OQ1ILZ5S8BUV"


def test_alphabet_is_23_unambiguous_symbols() -> None:
    assert len(kc.ALPHABET) == len(set(kc.ALPHABET)) == 23
    assert not set(CONFUSABLE) & set(kc.ALPHABET)
    assert kc.PAYLOAD_SPACE >= cn.TOTAL_KEYS  # nine characters hold every key


@pytest.mark.parametrize("counts", [(2, 1, 1), (3, 2, 1, 1), (1, 1, 1, 1)])
def test_ranking_is_a_bijection_onto_the_range(counts) -> None:
    seen = {}
    symbols = [s for s, n in enumerate(counts) for _ in range(n)]
    for perm in set(permutations(symbols)):
        rank = kc.rank_arrangement(perm, counts)
        assert kc.unrank_arrangement(rank, counts) == list(perm)
        seen[rank] = perm
    assert sorted(seen) == list(range(kc.multinomial(counts)))
    ordered = [seen[r] for r in range(len(seen))]
    assert ordered == sorted(ordered)  # the rank is the lexicographic order


keys = st.builds(lambda grid, seed, team: cn.random_key(grid, random.Random(seed), team),
                 st.sampled_from(sorted(cn.GRIDS)), st.integers(0, 2**32), st.sampled_from([None, "red", "blue"]))


@settings(max_examples=300, deadline=None)
@given(keys)
def test_key_to_code_to_key_round_trips(key) -> None:
    code = key.code
    assert len(code) == 11 and code[5] == "-"
    assert cn.Key.from_code(code) == key
    assert cn.Key.from_code(code.lower().replace("-", " ")) == key
    assert cn.Key.from_code(code).code == code


@settings(max_examples=300, deadline=None)
@given(st.integers(0, cn.TOTAL_KEYS - 1))
def test_code_to_key_to_code_round_trips(index) -> None:
    code = kc.encode_index(index)
    key = cn.Key.from_code(code)
    assert key.code == code


def test_extreme_indices_round_trip() -> None:
    for index in (0, 1, cn.TOTAL_KEYS - 1, 2 * cn.GRIDS["5x4"].arrangements,
                  2 * cn.GRIDS["5x4"].arrangements - 1):
        assert cn.Key.from_code(kc.encode_index(index)).code == kc.encode_index(index)


def _sample_codes(n: int) -> list[str]:
    rng = random.Random(2024)
    return [cn.random_key(rng.choice(["5x5", "5x4"]), rng).code.replace("-", "") for _ in range(n)]


def test_every_single_character_substitution_is_rejected() -> None:
    for code in _sample_codes(60):
        for pos in range(len(code)):
            for ch in kc.ALPHABET:
                if ch == code[pos]:
                    continue
                typo = code[:pos] + ch + code[pos + 1:]
                with pytest.raises(ParseError):
                    cn.Key.from_code(typo)


def test_every_transposition_of_two_characters_is_rejected() -> None:
    for code in _sample_codes(60):
        for i in range(len(code)):
            for j in range(i + 1, len(code)):
                if code[i] == code[j]:
                    continue
                swapped = list(code)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                with pytest.raises(ParseError):
                    cn.Key.from_code("".join(swapped))


@pytest.mark.parametrize("bad, words", [
    ("ABC", "10 characters"),
    ("6CPDH-A39J7X", "10 characters"),
    ("6CPDH-A39J0", "'0' is not a key-code character"),
    ("6CPDH-A3SJ7", "'S' is not a key-code character"),
    ("", "10 characters"),
])
def test_wrong_length_or_alphabet_gives_a_clear_error(bad, words) -> None:
    with pytest.raises(ParseError) as err:
        cn.Key.from_code(bad)
    assert words in str(err.value)
    assert str(err.value).startswith("code: ")


def test_a_checked_but_unused_payload_is_rejected() -> None:
    # Find payloads past the last key: valid characters and check, but no key.
    rng = random.Random(5)
    rejected = 0
    for _ in range(200):
        payload = [rng.randrange(23) for _ in range(9)]
        text = "".join(kc.ALPHABET[v] for v in [*payload, kc.check_value(payload)])
        try:
            cn.Key.from_code(text)
        except ParseError as err:
            assert "not the code of any key" in str(err)
            rejected += 1
    assert rejected > 100  # about 77% of the payload space holds no key
