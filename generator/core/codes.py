"""Secret codes: a number of at least 64 random bits, typed as letters and digits with a check character.

A secret code (a kit seed, or the code that reprints a secret product: a Codex deal, a sheet of
Codenames keys, a laser layout, a dungeon campaign) is a number in [2**74, 2**75): its top bit is
set and its 74 other bits are random, so trying codes one by one is out of reach (2**74 tries at a
microsecond each take about 600 million years). It is written as 15 characters of Crockford's
base 32 in three groups of five, and a check character, like the laser puzzle codes:

    K7QM3-T2W7R-H1XZC-5

The check is the value mod 37 in Crockford's check alphabet (its * ~ $ replaced by + _ @, safe in
a shell): 37 is a prime dividing neither 32 nor 31, so one changed character and two adjacent
characters swapped are always caught. Reading ignores case, dashes and spaces, and takes O for 0
and I/L for 1.

A seed is written as a code when its value is a code's (`format_seed`); smaller seeds (the short
public codes, a number a user typed) stay decimal. `parse_seed` reads either form.
"""

from __future__ import annotations

import math

from generator.core.errors import ParseError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"    # Crockford's base 32: no I, L, O, U
CHECK_ALPHABET = ALPHABET + "+_@=U"              # Crockford's check symbols, * ~ $ made shell-safe
CODE_BITS = 74                                   # random bits in a secret code
CODE_LOW = 1 << CODE_BITS                        # every secret code's value is in [CODE_LOW, 2 * CODE_LOW)
CODE_CHARS = 15                                  # 75 bits = 15 characters of 5 bits
GROUP = 5
MIN_SECRET_BITS = 64                             # a secret seed below 2**64 can be searched for


def is_code_value(value: int) -> bool:
    """Whether a number is a secret code's value (written as a code, not as a number)."""
    return CODE_LOW <= value < 2 * CODE_LOW


def base32(value: int, width: int = 1) -> str:
    """A non-negative number in Crockford's base 32, at least `width` characters."""
    out = []
    while True:
        value, digit = divmod(value, 32)
        out.append(ALPHABET[digit])
        if not value and len(out) >= width:
            return "".join(reversed(out))


def normal(text: str) -> str:
    """Crockford's reading: upper case, O read as 0, I and L as 1."""
    return text.upper().replace("O", "0").replace("I", "1").replace("L", "1")


def format_code(value: int) -> str:
    """The code of a value in [2**74, 2**75): three groups of five and the check character."""
    if not is_code_value(value):
        raise ValueError(f"{value} is not a secret code's value")
    body = base32(value, CODE_CHARS)
    return "-".join([*(body[i:i + GROUP] for i in range(0, CODE_CHARS, GROUP)), CHECK_ALPHABET[value % 37]])


def parse_code(text: str) -> int:
    """The value of a code (case, spaces and dashes aside); ParseError naming the fault."""
    chars = normal("".join(text.split()).replace("-", ""))
    if len(chars) != CODE_CHARS + 1:
        raise ParseError(f"a code has {CODE_CHARS} characters and a check character (e.g. "
                         f"{format_code(CODE_LOW + 12345)}); {text!r} has {len(chars)}", key="seed")
    value = 0
    for char in chars[:-1]:
        if char not in ALPHABET:
            raise ParseError(f"{char!r} is not a code character (letters and digits but I, L, O, U)", key="seed")
        value = value * 32 + ALPHABET.index(char)
    if CHECK_ALPHABET[value % 37] != chars[-1]:
        raise ParseError(f"the check character of {text!r} does not match: the code has a typo", key="seed")
    if not is_code_value(value):
        raise ParseError(f"{text!r} is not a pnpgen code (its first character is G or later)", key="seed")
    return value


def format_seed(seed: int) -> str:
    """A seed as printed and typed: a secret code's value as its code, any other number in decimal."""
    return format_code(seed) if is_code_value(seed) else str(seed)


SEED_DIGITS = 30     # a decimal seed longer than this is refused (a number is bounded; codes are 16 characters)


def parse_seed(text: str) -> int:
    """A seed typed by a user: a decimal number (at most 30 digits, a sign allowed) or a code (a
    code's first character is a letter, so digits alone are always a number)."""
    plain = text.strip()
    digits = plain[1:] if plain[:1] in "+-" else plain
    if digits.isdigit() and digits.isascii():      # a code has dashes, and always a letter first
        if len(digits) > SEED_DIGITS:
            raise ParseError(f"a seed has at most {SEED_DIGITS} digits", key="seed")
        return int(plain)
    return parse_code(plain)


def seed_bits(seed: int) -> float:
    """At most how many bits of chance a seed can hold: log2 of its size (a seed below 2**64 can be
    found by trying the numbers in order; a typed word or date is weaker still)."""
    return math.log2(abs(seed) + 1)
