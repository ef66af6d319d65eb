"""Seeded randomness: every random output takes a seed, and a chosen seed is reported.

A kit's products draw from seeds derived from the kit seed: each product's seed is a keyed BLAKE2b
hash of the product's name under the kit seed, so the code printed on one product tells nothing
about the kit seed or about any other product's seed. A product that hides something (a deal, keys,
a layout, a campaign) draws from a secret code (`derive_key`: 74 random bits, core/codes.py); a
public product (a table everyone sees, a puzzle book) from a short public code (`derive_seed`).
"""

from __future__ import annotations

import hashlib
import random
import secrets

from generator.core.codes import CODE_BITS, CODE_LOW

SEED_LIMIT = 2**31 - 1
_PERSON = b"pnpgen-kit"             # BLAKE2b personalisation: these hashes are pnpgen kit seeds only
_SECRET_PERSON = b"pnpgen-secret"   # ... and these the secret codes derived from a kit seed


def choose_seed() -> int:
    """A fresh seed, for a run where the user gave none (the caller prints it)."""
    return secrets.randbelow(SEED_LIMIT) + 1


def choose_secret_seed() -> int:
    """A fresh secret code's value (74 random bits from the operating system's secure source, in
    [2**74, 2**75): printed as a code, core/codes.py): a kit seed, or the seed of a secret deal."""
    return CODE_LOW + secrets.randbelow(CODE_LOW)


def choose_kit_seed() -> int:
    """A fresh kit seed: the one code that rebuilds a whole kit, secrets included, so it must not be
    found from the public codes (74 random bits: choose_secret_seed)."""
    return choose_secret_seed()


def derive_seed(kit_seed: int, product: str) -> int:
    """The short public code of one product of a kit (1..2**31-1): BLAKE2b keyed with the kit seed
    over the product's name ("noir-table", "laser-puzzles"). Only for a product that hides nothing: a
    31-bit code can be found by trying them all (a product that hides something takes derive_key).

    The same kit seed and name always give the same seed; without the kit seed no one can compute it,
    and one product's seed says nothing of another's (the hash is a pseudo-random function of the key).
    The result is an ordinary seed: the product's own command reprints the product from it.
    """
    if not product:
        raise ValueError("a derived seed needs a product name")
    key = str(int(kit_seed)).encode("ascii")
    digest = hashlib.blake2b(product.encode("utf-8"), key=key, digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big") % SEED_LIMIT + 1


def derive_key(kit_seed: int, product: str) -> int:
    """The secret code of one product of a kit (a value of 74 random bits in [2**74, 2**75), printed
    as a code): BLAKE2b keyed with the kit seed over the product's name, personalised apart from
    derive_seed's hashes.

    Like derive_seed it is a pseudo-random function of the kit seed: without the kit seed no one can
    compute it, and one product's code says nothing of another's. Unlike it, it is too large to
    search: 2**74 values, so the pages a product prints (or the cards it deals) cannot be matched by
    trying codes. The code is an ordinary seed of the product's own command (`--seed CODE`).
    """
    if not product:
        raise ValueError("a derived code needs a product name")
    key = str(int(kit_seed)).encode("ascii")
    digest = hashlib.blake2b(product.encode("utf-8"), key=key, digest_size=16, person=_SECRET_PERSON).digest()
    return CODE_LOW + int.from_bytes(digest, "big") % (1 << CODE_BITS)


def make_rng(seed: int, *streams: str) -> random.Random:
    """A random.Random for a seed; `streams` derive an independent generator per purpose.

    make_rng(7, "noir", "deck") always yields the same sequence, and a different one from
    make_rng(7, "noir", "grid"), so adding a stream never shifts another.
    """
    key = ":".join([str(int(seed)), *streams])
    return random.Random(key)
