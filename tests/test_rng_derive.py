"""core.rng's kit derivation: a product's code is a keyed hash of the kit seed and the product's name."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.core.rng import KIT_SEED_LIMIT, SEED_LIMIT, choose_kit_seed, derive_seed

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


def test_a_fresh_kit_seed_is_63_random_bits() -> None:
    seeds = {choose_kit_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(1 <= s <= KIT_SEED_LIMIT for s in seeds)
    assert max(seeds) > 2**40        # 50 draws all below 2**40 would happen once in 2**1150
