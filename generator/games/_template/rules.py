"""The example game's rules: deal `count` distinct numbers from 1..pool (pure, seeded by the caller)."""

from __future__ import annotations

import random

from generator.core.errors import RulesError

MAX_POOL = 99


def deal(rng: random.Random, count: int, pool: int = 20) -> tuple[int, ...]:
    """`count` distinct numbers from 1..pool in dealt order; RulesError when they cannot be dealt."""
    if not 1 <= pool <= MAX_POOL:
        raise RulesError(f"the pool holds 1 to {MAX_POOL} numbers, not {pool}", key="pool")
    if not 0 <= count <= pool:
        raise RulesError(f"cannot deal {count} distinct numbers from a pool of {pool}", key="count")
    return tuple(rng.sample(range(1, pool + 1), count))


def format_deal(numbers: tuple[int, ...]) -> str:
    """The deal's text form ("3 17 5"); parse_deal reads it back."""
    return " ".join(str(n) for n in numbers)


def parse_deal(text: str) -> tuple[int, ...]:
    """The numbers of a deal's text form (RulesError for anything else)."""
    try:
        return tuple(int(part) for part in text.split())
    except ValueError:
        raise RulesError(f"a deal is numbers separated by spaces, not {text!r}") from None
