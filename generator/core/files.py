"""Whole-file writes: a temporary file in the target folder, then an atomic rename."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from generator.core.errors import OutputExistsError


def _default_mode() -> int:
    """0666 less the process umask: the mode an ordinary open() would have given."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def check_writable(path: Path, force: bool) -> None:
    """Refuse an existing file unless force is set (call before doing long work)."""
    if path.exists() and not force:
        raise OutputExistsError("exists; use --force to overwrite", file=path)


def write_atomic(path: str | Path, data: bytes | str, force: bool = False) -> Path:
    """Write data to path whole: temp file + rename. Never overwrite without force."""
    path = Path(path)
    check_writable(path, force)
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, _default_mode())   # mkstemp makes 0600; outputs are ordinary files
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path
