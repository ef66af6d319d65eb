"""Codenames key codes: a key's exact layout as ten characters that read aloud safely, checked.

Notation. A code is 9 payload characters and 1 check character from a 23-symbol alphabet that
leaves out the characters easily mistaken for another (see ALPHABET), printed as
two groups of five (`9RPPD-Y73TY`). Case, spaces and hyphens are ignored when a code is read.

Payload. Every key of a grid and starting team is one arrangement of a fixed multiset of roles
(starting team, other team, bystander, assassin), so it has a rank among all such arrangements
(multinomial ranking, cells read row by row). The index

    index = grid_offset + 2 * rank + starting_bit          (0 <= index < TOTAL)

numbers every key of every grid once. It is spread over the 23**9 payload values by a fixed
multiplication (an invertible map mod 23**9), so that codes of similar keys look unrelated and a
random string is mostly out of range; a payload that maps outside [0, TOTAL) is rejected.

Check. The check digit c makes sum((i + 1) * d_i) + 10 * c == 0 (mod 23) over the ten values.
23 is prime and all weights 1..10 differ mod 23, so every single-character substitution and every
transposition of two characters (adjacent or not) changes the sum and is rejected.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import factorial

from generator.core.errors import ParseError

ALPHABET = "234679ACDEFGHJKMNPRTWXY"
# 6 digits and 17 letters. Left out: 0 O Q (Q reads as O or D on a small or blurred print),
# 1 I L, Z (2 stays: without Z it has no twin), 5 S, 8 B, U V. 23 symbols, a prime, which makes
# the check exact.
BASE = len(ALPHABET)
PAYLOAD_LENGTH = 9
CODE_LENGTH = PAYLOAD_LENGTH + 1
GROUP = 5
PAYLOAD_SPACE: int = BASE ** PAYLOAD_LENGTH
SPREAD = 0x5DEECE66D  # odd and not a multiple of 23: invertible mod 23**9
UNSPREAD: int = pow(SPREAD, -1, PAYLOAD_SPACE)
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_HINTS = {"O": ": did you mean D?", "0": ": did you mean D?", "Q": ": did you mean D?",
          "I": ": did you mean J or 7?", "1": ": did you mean J or 7?", "L": ": did you mean J or 7?",
          "Z": ": did you mean 2?"}


def multinomial(counts: Sequence[int]) -> int:
    """The number of distinct arrangements of a multiset with these counts."""
    return _multinomial(tuple(counts))


@lru_cache(maxsize=4096)
def _multinomial(counts: tuple[int, ...]) -> int:
    result = factorial(sum(counts))
    for count in counts:
        result //= factorial(count)
    return result


def rank_arrangement(symbols: Sequence[int], counts: Sequence[int]) -> int:
    """The lexicographic rank of a sequence of symbol indices among all with these counts."""
    remaining = list(counts)
    rank = 0
    for symbol in symbols:
        for smaller in range(symbol):
            if remaining[smaller]:
                remaining[smaller] -= 1
                rank += multinomial(remaining)
                remaining[smaller] += 1
        remaining[symbol] -= 1
    return rank


def unrank_arrangement(rank: int, counts: Sequence[int]) -> list[int]:
    """The sequence of symbol indices with this lexicographic rank (inverse of rank_arrangement)."""
    remaining = list(counts)
    symbols: list[int] = []
    for _ in range(sum(counts)):
        for symbol in range(len(remaining)):
            if not remaining[symbol]:
                continue
            remaining[symbol] -= 1
            block = multinomial(remaining)
            if rank < block:
                symbols.append(symbol)
                break
            rank -= block
            remaining[symbol] += 1
    return symbols


def check_value(values: Sequence[int]) -> int:
    """The check digit for nine payload digit values."""
    total = sum((i + 1) * v for i, v in enumerate(values))
    # Solve total + CODE_LENGTH * c == 0 (mod BASE).
    return (-total * pow(CODE_LENGTH, -1, BASE)) % BASE


def encode_index(index: int) -> str:
    """The ten-character code (grouped 5-5) of a key index."""
    spread = (index * SPREAD) % PAYLOAD_SPACE
    values = []
    for _ in range(PAYLOAD_LENGTH):
        spread, digit = divmod(spread, BASE)
        values.append(digit)
    values.reverse()
    values.append(check_value(values))
    text = "".join(ALPHABET[v] for v in values)
    return f"{text[:GROUP]}-{text[GROUP:]}"


def normalise(code: str) -> str:
    """The code in upper case without spaces and hyphens."""
    return "".join(ch for ch in code.upper() if ch not in " -\t")


def decode_index(code: str, total: int) -> int:
    """The key index of a code; ParseError if it is malformed, fails the check or is unused."""
    text = normalise(code)
    if len(text) != CODE_LENGTH:
        raise ParseError(f"a key code has {CODE_LENGTH} characters (not counting '-'), "
                         f"got {len(text)} in {code!r}", key="code")
    bad = [ch for ch in text if ch not in _VALUE]
    if bad:
        hint = _HINTS.get(bad[0], "")
        raise ParseError(f"{bad[0]!r} is not a key-code character{hint} (they are {ALPHABET}); "
                         f"in {code!r}", key="code")
    values = [_VALUE[ch] for ch in text]
    if check_value(values[:PAYLOAD_LENGTH]) != values[-1]:
        raise ParseError(f"{code!r} fails its check character: a character is mistyped or two "
                         "are swapped", key="code")
    spread = 0
    for value in values[:PAYLOAD_LENGTH]:
        spread = spread * BASE + value
    index = (spread * UNSPREAD) % PAYLOAD_SPACE
    if index >= total:
        raise ParseError(f"{code!r} is not the code of any key (mistyped?)", key="code")
    return index
