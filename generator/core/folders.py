"""A whole folder replaced as one: built beside the target, then swapped in by one atomic exchange.

Used for the kit (docs/CONTRACTS.md, "Writing files"). The new folder is built in
`.pnpgen-staging-NAME-*` beside the target, under a lock `.NAME.pnpgen.lock` beside it too (a second
run fails at once; the lock file is removed when released). Files already in the old folder that the new one does not make (a user's
notes, say) are hard-linked into the new folder first. Then Linux's renameat2(RENAME_EXCHANGE)
swaps the two folders in one step, so a reader (or a kill) sees the old folder or the new one,
never a mix; the old one, now under the staging name, is removed. Where the exchange is not
available, the old folder is renamed aside and the new one renamed in (a kill in between leaves
no folder and the old one aside, which the next run puts back). Staging folders of a killed run are
removed by the next run.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from generator.core.files import (
    COMMIT_PREFIX,
    JOURNAL_NAME,
    LOCK_NAME,
    STAGING_PREFIX,
    OutputError,
    lock_file,
    os_reason,
    own_temp,
)

OLD_PREFIX = ".pnpgen-old-"
_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


@contextlib.contextmanager
def replaced_folder(folder: str | Path, drop: frozenset[str] = frozenset()) -> Iterator[Path]:
    """Yield an empty staging folder; when the block ends without an error it replaces `folder`
    whole (see the module's note). On an error, or a kill, `folder` is left as it was. Files of the
    old folder are kept unless the new one has them or their relative path (a/b.pdf) is in `drop`
    (what an earlier run recorded as its own)."""
    folder = Path(os.path.realpath(folder)) if Path(folder).is_symlink() else Path(folder).absolute()
    parent = folder.parent
    parent.mkdir(parents=True, exist_ok=True)
    with lock_file(parent / f".{folder.name}.pnpgen.lock", folder, "writing this folder"):
        _recover(folder)
        staging = Path(tempfile.mkdtemp(prefix=f"{STAGING_PREFIX}{folder.name}-", dir=parent))
        try:
            yield staging
            _swap_in(staging, folder, drop)
        finally:
            shutil.rmtree(staging, ignore_errors=True)


def _recover(folder: Path) -> None:
    """Put back an old folder a killed fallback swap left aside; remove stale staging folders."""
    for entry in sorted(folder.parent.iterdir()):
        if not entry.is_dir() or entry.is_symlink():
            continue
        if own_temp(entry.name, f"{OLD_PREFIX}{folder.name}-"):
            if not folder.exists():
                os.rename(entry, folder)
            else:
                shutil.rmtree(entry, ignore_errors=True)
        elif own_temp(entry.name, f"{STAGING_PREFIX}{folder.name}-"):
            shutil.rmtree(entry, ignore_errors=True)


def _swap_in(staging: Path, folder: Path, drop: frozenset[str] = frozenset()) -> None:
    os.chmod(staging, 0o777 & ~_umask())
    if not folder.exists():
        os.rename(staging, folder)
        return
    if not folder.is_dir():
        raise OutputError("exists and is not a folder", file=str(folder))
    keep_extras(folder, staging, drop)
    if _exchange(staging, folder):
        shutil.rmtree(staging, ignore_errors=True)       # the old folder, now under the staging name
        return
    aside = Path(tempfile.mkdtemp(prefix=f"{OLD_PREFIX}{folder.name}-", dir=folder.parent))
    os.rmdir(aside)
    os.rename(folder, aside)
    os.rename(staging, folder)
    shutil.rmtree(aside, ignore_errors=True)


def keep_extras(old: Path, new: Path, drop: frozenset[str] = frozenset(), under: str = "") -> None:
    """Hard-link (or copy) into `new` every entry of `old` that `new` does not have, folder by folder,
    except the files whose relative path is in `drop` (and folders left empty by dropping them)."""
    for entry in old.iterdir():
        if _transient(entry.name):       # pnpgen's own lock or staging left in the old folder: not kept
            continue
        twin, rel = new / entry.name, f"{under}{entry.name}"
        if entry.is_dir() and not entry.is_symlink():
            if twin.is_dir() and not twin.is_symlink():
                keep_extras(entry, twin, drop, rel + "/")
            elif not twin.exists() and any(d.startswith(rel + "/") for d in drop):
                twin.mkdir()
                keep_extras(entry, twin, drop, rel + "/")
                if not any(twin.iterdir()) and any(entry.iterdir()):
                    twin.rmdir()              # it held only files of the earlier run
            elif not twin.exists():
                shutil.copytree(entry, twin, symlinks=True, copy_function=_link_or_copy)
        elif rel in drop:
            continue
        elif not twin.exists() and not twin.is_symlink():
            if entry.is_symlink():
                os.symlink(os.readlink(entry), twin)
            else:
                _link_or_copy(str(entry), str(twin))


def _transient(name: str) -> bool:
    """pnpgen's own transient entries, by their exact names (a user's `.pnpgen-notes.txt` is kept)."""
    return (name in (LOCK_NAME, JOURNAL_NAME) or own_temp(name, STAGING_PREFIX) or own_temp(name, COMMIT_PREFIX)
            or own_temp(name, OLD_PREFIX))


def _link_or_copy(src: str, dst: str) -> str:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
    return dst


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically with renameat2(RENAME_EXCHANGE); False where it is not available."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OutputError(f"cannot replace the folder: {os_reason(OSError(code, os.strerror(code)))}",
                      file=str(b))


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
