"""Seeded randomness: every random output takes a seed, and a chosen seed is reported."""

from __future__ import annotations

import random
import secrets

SEED_LIMIT = 2**31 - 1


def choose_seed() -> int:
    """A fresh seed, for a run where the user gave none (the caller prints it)."""
    return secrets.randbelow(SEED_LIMIT) + 1


def make_rng(seed: int, *streams: str) -> random.Random:
    """A random.Random for a seed; `streams` derive an independent generator per purpose.

    make_rng(7, "noir", "deck") always yields the same sequence, and a different one from
    make_rng(7, "noir", "grid"), so adding a stream never shifts another.
    """
    key = ":".join([str(int(seed)), *streams])
    return random.Random(key)
