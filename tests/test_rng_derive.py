"""core.rng's kit derivation: a product's code is a keyed hash of the kit seed and the product's name; a
secret product's code (derive_key) carries 74 random bits and is written as a checked code (core/codes.py)."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.codes import CODE_BITS, MIN_SECRET_BITS, format_code, format_seed, is_code_value, parse_seed
from generator.core.errors import ParseError
from generator.core.rng import SEED_LIMIT, choose_kit_seed, derive_key, derive_seed

SEEDS = st.integers(min_value=-(2**63), max_value=2**63 - 1)
NAMES = st.text(min_size=1, max_size=30)


@given(SEEDS, NAMES)
def test_a_code_is_a_seed_in_range_and_the_same_every_time(seed: int, product: str) -> None:
    code = derive_seed(seed, product)
    assert 1 <= code <= SEED_LIMIT and code == derive_seed(seed, product)


@given(SEEDS, NAMES, NAMES)
def test_each_product_has_its_own_code(seed: int, a: str, b: str) -> None:
    if a != b:
        assert derive_seed(seed, a) != derive_seed(seed, b)       # 1 chance in 2**31 of a clash


@given(SEEDS, SEEDS, NAMES)
def test_each_kit_seed_gives_other_codes(a: int, b: int, product: str) -> None:
    if a != b:
        assert derive_seed(a, product) != derive_seed(b, product)


def test_the_derivation_is_blake2b_keyed_with_the_kit_seed() -> None:
    """Written down, so a change of the derivation (which changes every kit) is seen and meant."""
    digest = hashlib.blake2b(b"codex-deal", key=b"42", digest_size=8, person=b"pnpgen-kit").digest()
    assert derive_seed(42, "codex-deal") == int.from_bytes(digest, "big") % SEED_LIMIT + 1
    assert derive_seed(42, "codex-deal") != 42


def test_a_code_is_not_the_unkeyed_hash_nor_the_kit_seed() -> None:
    unkeyed = int.from_bytes(hashlib.blake2b(b"noir-table", digest_size=8).digest(), "big") % SEED_LIMIT + 1
    codes = {derive_seed(seed, "noir-table") for seed in range(1, 200)}
    assert unkeyed not in codes and not codes & set(range(1, 200))


def test_no_product_name_is_refused() -> None:
    with pytest.raises(ValueError):
        derive_seed(1, "")


def test_a_fresh_kit_seed_is_a_code_of_74_random_bits() -> None:
    seeds = {choose_kit_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(is_code_value(s) for s in seeds)
    assert CODE_BITS >= MIN_SECRET_BITS == 64
    assert max(seeds) - min(seeds) > 2**70     # 50 draws within 2**70 of each other: once in 2**200


@given(SEEDS, NAMES)
def test_a_secret_code_has_74_random_bits_and_reads_back(seed: int, product: str) -> None:
    code = derive_key(seed, product)
    assert is_code_value(code) and code == derive_key(seed, product) != derive_seed(seed, product)
    assert parse_seed(format_seed(code)) == code and parse_seed(format_seed(code).lower()) == code


def test_the_secret_derivation_is_blake2b_keyed_with_the_kit_seed() -> None:
    """Written down: a change (which changes every kit's secrets) is seen and meant."""
    digest = hashlib.blake2b(b"codex-deal", key=b"42", digest_size=16, person=b"pnpgen-secret").digest()
    assert derive_key(42, "codex-deal") == 2**74 + int.from_bytes(digest, "big") % 2**74
    assert format_code(derive_key(42, "codex-deal")).count("-") == 3


@given(st.integers(min_value=2**74, max_value=2**75 - 1), st.integers(min_value=0, max_value=15),
       st.sampled_from("0123456789ABCDEFGHJKMNPQRSTVWXYZ"))
def test_one_wrong_character_is_refused(value: int, where: int, char: str) -> None:
    code = format_code(value)
    at = where + where // 5                       # the position in the printed code, dashes kept
    if code[at] == char or where == 15:
        return
    typo = code[:at] + char + code[at + 1:]
    try:
        assert parse_seed(typo) != value
    except ParseError:
        return
    raise AssertionError(f"{typo} was read")


def test_numbers_and_codes_are_both_seeds() -> None:
    assert parse_seed("42") == 42 and parse_seed("-7") == -7 and format_seed(42) == "42"
    for bad in ("HELLO", "1" * 31, "G0000-00000-00000-X"):
        with pytest.raises(ParseError):
            parse_seed(bad)
