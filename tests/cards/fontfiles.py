"""Font files for the tests of a template's `fonts:`: a font whose licence bits forbid embedding."""

from __future__ import annotations

import struct


def with_fs_type(data: bytes, fs_type: int) -> bytes:
    """A font's bytes with its OS/2 fsType set (the table's checksum left as it was)."""
    count = struct.unpack(">H", data[4:6])[0]
    for i in range(count):
        tag, _sum, offset, _length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
        if tag == b"OS/2":
            return data[:offset + 8] + struct.pack(">H", fs_type) + data[offset + 10:]
    raise AssertionError("no OS/2 table")
