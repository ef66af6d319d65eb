"""Shared pieces of the robustness tests: small bad inputs, and running pnpgen in-process or as a child."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

TEMPLATE = """\
name: t
card: poker
bleed: 0
front:
  - {kind: pips, count: "{pips}", x: 5, y: 5, dx: 3}
  - {kind: rect, x: "{x}", y: 5, w: 10, h: 10, fill: "#ff0000"}
"""

IMAGE_TEMPLATE = """\
name: pic
card: poker
bleed: 0
front:
  - {kind: image, src: "{pic}", x: 5, y: 5, w: 20, h: 20}
"""

BIG_TEMPLATE = """\
name: big
card: "180x260"
bleed: 0
front:
  - {kind: text, x: 5, y: 5, w: 100, h: 10, text: "{name}"}
back:
  - {kind: rect, x: 0, y: 0, w: 180, h: 260, fill: "#333333"}
"""


def png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def bomb_png(side: int = 30_000) -> bytes:
    """A small file whose header claims side x side pixels (a decompression bomb)."""
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(b"\0" * 4096))
            + png_chunk(b"IEND", b""))


def tiny_png() -> bytes:
    """A valid 1x1 white PNG."""
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(b"\0\xff\xff\xff"))
            + png_chunk(b"IEND", b""))


def nested_yaml(depth: int) -> str:
    return "cards:\n  - {name: " + "[" * depth + "1" + "]" * depth + "}\n"


def alias_bomb() -> str:
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for i in range(1, 9):
        prev, name = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]")
    lines.append("cards: [{name: *i}]")
    return "\n".join(lines) + "\n"


def pnpgen_child(args: list[str], cwd: Path, memory: int | None = 1 << 30, prelude: str = "",
                 **kwargs) -> subprocess.Popen:
    """`pnpgen ARGS` as a child process (address space limited to `memory` bytes); `prelude` is Python
    run first in the child."""
    def limit() -> None:
        if memory is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    code = prelude + "\nfrom generator.cli import main; main()"
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=cwd, env=env, preexec_fn=limit,
                            **kwargs)
