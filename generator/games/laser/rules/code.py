"""Puzzle codes: a puzzle (board, set in play, hidden layout, given cannons) as a short word with a
check character, e.g. `8x7-3KQ9M-T2W7R-H1XZC-5`.

The code is one integer in mixed radix (format version, the board's columns and rows, which
catalogue types are in play, each type's cell and orientation, the bitmask of given cannons),
written in Crockford's base 32 after the board size, with Crockford's mod-37 check symbol at the
end (its three symbols that a shell would expand, * ~ $, replaced by + _ @), the body in groups
of five. Reading is case-insensitive, takes a dash or spaces between groups, and takes O for 0 and
I/L for 1, as Crockford's alphabet does.

What the check catches: the value is the base-32 number the body spells, and 37 is a prime that
divides neither 32 nor 31, so a single changed character (a change of d * 32^k, 0 < |d| < 32) and
two adjacent characters swapped (a change of (a - b) * 31 * 32^k) always change the value mod 37.
From version 2 the board size is inside the value as well, and the size printed in front must
match it: any edit of the printed size is refused. The groups must have the lengths the encoder
writes (five characters, the last body group one to five, then the check alone), checked before
the value is read: an inserted or deleted character changes the value by a factor of 32 and would
pass the check once in 37 (issue 36 found 17 of 204,713 insertions that read as another puzzle);
inside a five-character group it changes that group's length instead. Version 1 codes (printed before) carry no size
inside: they still read, with the old check over the body only (`code_version` tells them apart;
the CLI says so when it reprints one).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from generator.core.errors import ParseError
from generator.games.laser.rules.model import MAX_SIDE, Board, ComponentSet, Layout, Placement

VERSION = 3            # a body of fixed length and two check characters (see the module docstring)
SIZED_VERSION = 2      # the board size inside, a body of any length and one check character (still read)
OLD_VERSION = 1        # codes without the board size inside (still read; see the module docstring)
VERSIONS = 4
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CHECK_ALPHABET = ALPHABET + "+_@=U"     # Crockford's, with + _ @ for * ~ $ (safe in a shell)
GROUP = 5
_AS_DIGITS = str.maketrans(ALPHABET, "0123456789ABCDEFGHIJKLMNOPQRSTUV")    # Crockford's -> int(..., 32)
_BODY = re.compile(f"[{ALPHABET}]*")
_SEPARATORS = re.compile(r"[\s-]+")     # between the groups: a dash, or spaces as typed


def encode(layout: Layout, cannons: Iterable[int], catalog: ComponentSet) -> str:
    """The code of a puzzle; `catalog` is the full catalogue (its order fixes the type numbering)."""
    board = layout.board
    digits: list[tuple[int, int]] = [(VERSION, VERSIONS), (board.width - 1, MAX_SIDE), (board.height - 1, MAX_SIDE)]
    present = {p.type for p in layout.placements}
    for ctype in catalog:
        digits.append((1 if ctype.name in present else 0, 2))
    for ctype in catalog:
        p = layout.placement(ctype.name)
        if p is None:
            continue
        digits.append((board.index(*p.cell), board.cells))
        digits.append((ctype.orientation_index(p.orientation), len(ctype.orientations)))
    mask = sum(1 << (k - 1) for k in set(cannons))
    digits.append((mask, 1 << board.cannons))
    value = 0
    for digit, radix in reversed(digits):
        value = value * radix + digit
    body = _base32(value).rjust(body_length(board, catalog), "0")
    return "-".join([f"{board.width}x{board.height}", *_groups(body), _checks(value)])


def body_length(board: Board, catalog: ComponentSet) -> int:
    """The characters a version-3 body has on this board: the longest value, every type in play."""
    return _body_length(board, tuple(len(ctype.orientations) for ctype in catalog))


@lru_cache(maxsize=64)
def _body_length(board: Board, orientations: tuple[int, ...]) -> int:
    most = VERSIONS * MAX_SIDE * MAX_SIDE * 2 ** len(orientations) << board.cannons
    for count in orientations:
        most *= board.cells * count
    return len(_base32(most - 1))


def _groups(body: str) -> list[str]:
    return [body[i:i + GROUP] for i in range(0, len(body), GROUP)]


def _checks(value: int) -> str:
    """The two check characters of a version-3 code (the first is version 2's one)."""
    return CHECK_ALPHABET[value % 37] + CHECK_ALPHABET[value // 37 % 37]


def decode(code: str, catalog: ComponentSet) -> tuple[Layout, tuple[int, ...]]:
    """(layout, given cannons) from a code; ParseError when it is malformed or its check fails."""
    board, value = _checked(code, catalog)
    return _unpack(value, board, catalog)


def code_version(code: str, catalog: ComponentSet) -> int:
    """The format version of a well-formed code (ParseError as decode): 3 now, 1-2 for old codes."""
    return _checked(code, catalog)[1] % VERSIONS


def _checked(code: str, catalog: ComponentSet) -> tuple[Board, int]:
    """The printed board and the body's value; ParseError naming what is wrong."""
    read = _read(code, catalog)
    if isinstance(read, str):
        raise ParseError(read, key="code")
    return read


def refusal(code: str, catalog: ComponentSet) -> str | None:
    """Why a typed code is refused before it is unpacked (its groups, characters, check), or None:
    decode's first half, without an exception (a test tries millions of typos)."""
    read = _read(code, catalog)
    return read if isinstance(read, str) else None


def _read(code: str, catalog: ComponentSet) -> tuple[Board, int] | str:
    """The printed board and the body's value, or why not: its groups as the version writes them (two
    check characters: version 3, its body as long as body_length; one: versions 1-2, groups of five and
    a shorter last one), then its check."""
    size, *groups = _SEPARATORS.split(code.strip().upper())
    if not groups or "X" not in size:
        return "a puzzle code starts with the board size, e.g. 8x7-..."
    sized = _sized(size, catalog)
    if isinstance(sized, str):
        return sized
    board, longest, printed = sized
    if len(groups) < 2:
        return "the puzzle code is too short (type it with its dashes, as printed)"
    check = _normal(groups[-1])
    current = len(check) == 2
    lengths = tuple(map(len, groups[:-1]))
    if current:
        wanted = printed
    else:       # as versions 1-2 wrote: no leading zero, and never longer than version 3 pads to
        wanted = (GROUP,) * (len(lengths) - 1) + (min(max(lengths[-1], 1), GROUP),)
        if sum(lengths) > longest or groups[0].startswith("0"):
            wanted = ()
    if len(check) > 2 or lengths != wanted:
        return "the code's groups are not as printed: a character is missing or doubled"
    body = _normal("".join(groups[:-1]))
    if not _BODY.fullmatch(body):
        wrong = next(char for char in body if char not in ALPHABET)
        return f"{wrong!r} is not a puzzle-code character"
    value = int(body.translate(_AS_DIGITS), 32)
    if (_checks(value) if current else CHECK_ALPHABET[value % 37]) != check:
        return "the check characters do not match: the code has a typo"
    if (value % VERSIONS == VERSION) != current:
        return "the puzzle code does not describe a puzzle"
    return board, value


@lru_cache(maxsize=256)
def _sized(size: str, catalog: ComponentSet) -> tuple[Board, int, tuple[int, ...]] | str:
    """The board of a code's first group (`8X7`), its body's length and its groups' lengths, read once
    per spelling and catalogue (every typed code is checked against them); or why it is no board."""
    try:
        width, height = (int(part) for part in size.split("X"))
        board = Board(width, height)
    except Exception:
        return f"bad board size {size!r} in the puzzle code"
    longest = body_length(board, catalog)
    return board, longest, tuple(len(g) for g in _groups("0" * longest))


def _unpack(value: int, board: Board, catalog: ComponentSet) -> tuple[Layout, tuple[int, ...]]:
    def take(radix: int) -> int:
        nonlocal value
        value, digit = divmod(value, radix)
        return digit

    version = take(VERSIONS)
    if version not in (OLD_VERSION, SIZED_VERSION, VERSION):
        raise ParseError("this puzzle code was made by another version of pnpgen", key="code")
    if version != OLD_VERSION:
        inside = (take(MAX_SIDE) + 1, take(MAX_SIDE) + 1)
        if inside != (board.width, board.height):
            raise ParseError(f"the board size {board.width}x{board.height} does not match the code "
                             "(made for another size): the code has a typo", key="code")
    present = [ctype for ctype in catalog if take(2)]
    placements = []
    for ctype in present:
        cell = take(board.cells)
        orientation = take(len(ctype.orientations))
        placements.append(Placement(ctype.name, board.cell(cell), ctype.orientations[orientation].name))
    mask = take(1 << board.cannons)
    if value or not placements or len({p.cell for p in placements}) != len(placements):
        raise ParseError("the puzzle code does not describe a puzzle", key="code")
    cannons = tuple(k for k in range(1, board.cannons + 1) if mask >> (k - 1) & 1)
    return Layout(board, tuple(placements), catalog), cannons


def _base32(value: int) -> str:
    out = []
    while True:
        value, digit = divmod(value, 32)
        out.append(ALPHABET[digit])
        if not value:
            return "".join(reversed(out))


def _normal(text: str) -> str:
    return text.replace("O", "0").replace("I", "1").replace("L", "1")
