"""Seeded randomness: every random output takes a seed, and a chosen seed is reported.

A kit's products draw from seeds derived from the kit seed (`derive_seed`): each product's seed is a
keyed BLAKE2b hash of the product's name under the kit seed, so the code printed on one product (its
derived seed) tells nothing about the kit seed or about any other product's seed.
"""

from __future__ import annotations

import hashlib
import random
import secrets

SEED_LIMIT = 2**31 - 1
KIT_SEED_LIMIT = 2**63 - 1          # a fresh kit seed: 63 random bits, too many to try one by one
_PERSON = b"pnpgen-kit"             # BLAKE2b personalisation: these hashes are pnpgen kit seeds only


def choose_seed() -> int:
    """A fresh seed, for a run where the user gave none (the caller prints it)."""
    return secrets.randbelow(SEED_LIMIT) + 1


def choose_kit_seed() -> int:
    """A fresh kit seed (1..2**63-1, from the operating system's secure source): the one number that
    rebuilds a whole kit, secrets included, so it must not be guessable from the public codes."""
    return secrets.randbelow(KIT_SEED_LIMIT) + 1


def derive_seed(kit_seed: int, product: str) -> int:
    """The seed of one product of a kit (1..2**31-1): BLAKE2b keyed with the kit seed over the
    product's name ("codex-deal", "noir-table", ...).

    The same kit seed and name always give the same seed; without the kit seed no one can compute it,
    and one product's seed says nothing of another's (the hash is a pseudo-random function of the key).
    The result is an ordinary seed: the product's own command reprints the product from it.
    """
    if not product:
        raise ValueError("a derived seed needs a product name")
    key = str(int(kit_seed)).encode("ascii")
    digest = hashlib.blake2b(product.encode("utf-8"), key=key, digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big") % SEED_LIMIT + 1


def make_rng(seed: int, *streams: str) -> random.Random:
    """A random.Random for a seed; `streams` derive an independent generator per purpose.

    make_rng(7, "noir", "deck") always yields the same sequence, and a different one from
    make_rng(7, "noir", "grid"), so adding a stream never shifts another.
    """
    key = ":".join([str(int(seed)), *streams])
    return random.Random(key)
