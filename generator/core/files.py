"""Whole-file writes: a temporary file in the target folder, fsync, then an atomic rename; sets of files
staged in a temporary folder and moved into place together, under a lock.

The rules (docs/CONTRACTS.md, "Writing files"):
- a target that exists and is not a regular file (a device, a folder, a FIFO, a socket) is refused;
- a symlink is written through: the file it points to is replaced, the link itself stays a link;
- an existing file is replaced only with force;
- a set of files (per-card PNGs, a TTS deck, the kit) is built in a hidden staging folder beside the
  target folder and moved into place at the end, so that a killed run leaves the old files or the
  new ones; a lock file makes a second run into the same folder fail at once; staging folders left by
  a killed run are removed by the next run.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Literal, overload

from generator.core.errors import OutputExistsError, PnpError

TEMP_NAME = "[a-z0-9_]{8}"           # the random part tempfile.mkstemp/mkdtemp put in a name
STAGING_PREFIX = ".pnpgen-staging-"
COMMIT_PREFIX = ".pnpgen-commit-"     # a staging folder renamed at its commit point (roll forward)
JOURNAL_NAME = ".pnpgen-journal"
LOCK_NAME = ".pnpgen.lock"


class OutputError(PnpError):
    """An output target pnpgen must not write (not a regular file, or locked by another run)."""


def _default_mode() -> int:
    """0666 less the process umask: the mode an ordinary open() would have given."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def real_target(path: Path) -> Path:
    """The file that writing `path` replaces: a symlink is followed (written through, never replaced)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def check_writable(path: Path, force: bool) -> None:
    """Refuse a target that is not a regular file, or an existing one without force (call before work)."""
    path = Path(path)
    target = real_target(path)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise OutputError("cannot write here: a part of the path is a file, not a folder", file=str(path)) from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device, FIFO or socket)"
        raise OutputError(f"exists and is {kind}; pnpgen writes only regular files", file=str(path))
    if not force:
        raise OutputExistsError("exists; use --force to overwrite", file=str(path))
    if not os.access(target, os.W_OK):
        raise OutputError("cannot write: the file is read-only (permission denied)", file=str(path))


def os_reason(err: OSError) -> str:
    """The system's reason in lower case ("read-only file system", "no space left on device")."""
    text = err.strerror or str(err)
    return text[:1].lower() + text[1:]


MAX_READ_BYTES = 20 * 1024 * 1024     # the most any file pnpgen reads whole may hold, unless a reader says less


@overload
def read_bounded(path: str | Path, limit: int = ..., what: str = ..., error: type[PnpError] = ...,
                 missing_ok: Literal[False] = ..., advice: str = ...) -> bytes: ...


@overload
def read_bounded(path: str | Path, limit: int = ..., what: str = ..., error: type[PnpError] = ...,
                 *, missing_ok: bool, advice: str = ...) -> bytes | None: ...


def read_bounded(path: str | Path, limit: int = MAX_READ_BYTES, what: str = "file",
                 error: type[PnpError] = PnpError, missing_ok: bool = False, advice: str = "") -> bytes | None:
    """The bytes of the regular file `path`, at most `limit` of them; `error` naming the file for anything
    else: a device (/dev/zero), a FIFO (opened without blocking: it never hangs), a folder, a larger file,
    or the system's refusal. None for a missing file when `missing_ok`. `advice` follows the size refusal."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        if missing_ok:
            return None
        raise error("cannot read: no such file or directory", file=str(path)) from None
    except OSError as err:
        raise error(f"cannot read: {os_reason(err)}", file=str(path)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device, FIFO or socket"
            raise error(f"the {what} is {kind}, not a regular file; pnpgen reads only regular files",
                        file=str(path))
        chunks: list[bytes] = []
        total = 0
        while total <= limit and info.st_size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            total += len(chunk)
        size = max(total, info.st_size)
        raise error(f"the {what} is over the limit of {_size_text(limit)} ({_size_text(size)} or more)"
                    + (f": {advice}" if advice else ""), file=str(path))
    except OSError as err:
        raise error(f"cannot read: {os_reason(err)}", file=str(path)) from None
    finally:
        os.close(fd)


def _size_text(size: int) -> str:
    return f"{size / 1048576:.1f} MB" if size >= 1048576 else f"{size:,} bytes"


@contextlib.contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn an OSError while writing `path` into one OutputError naming the path and the reason."""
    try:
        yield
    except OSError as err:
        raise OutputError(f"cannot write: {os_reason(err)}", file=str(path)) from err


def write_atomic(path: str | Path, data: bytes | str, force: bool = False) -> Path:
    """Write data to path whole: temp file in the same folder, fsync, rename. Never overwrite without force."""
    path = Path(path)
    check_writable(path, force)
    with writing(path):
        _write_atomic(path, data)
    return path


def own_temp(name: str, prefix: str, suffix: str = "") -> bool:
    """Whether `name` is exactly what tempfile made from `prefix` and `suffix` (pnpgen's own, not a user's)."""
    return re.fullmatch(re.escape(prefix) + TEMP_NAME + re.escape(suffix), name) is not None


def remove_stale_temps(target: Path) -> None:
    """Remove the `.NAME.XXXXXXXX.tmp` files a killed write of `target` left: exactly that form, regular
    files, and only those no live write holds (each write holds a lock on its temp file)."""
    import fcntl

    prefix = f".{target.name}."
    try:
        names = [n for n in os.listdir(target.parent) if n.startswith(prefix) and own_temp(n, prefix, ".tmp")]
    except OSError:
        return
    for name in names:
        path = target.parent / name
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        except OSError:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)    # held by a live write: left alone
            os.unlink(path)
        except OSError:
            continue
        finally:
            os.close(fd)


def _write_atomic(path: Path, data: bytes | str) -> None:
    with _atomic_handle(path) as handle:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)


@contextlib.contextmanager
def open_atomic(path: str | Path, force: bool = False) -> Iterator[IO[bytes]]:
    """A binary handle whose bytes become `path` whole when the block ends (write_atomic for output
    written as it is made): a temp file in the same folder, fsync, rename; an error or a stop
    inside the block leaves the old file (or none). Never overwrites without force."""
    path = Path(path)
    check_writable(path, force)
    with writing(path), _atomic_handle(path) as handle:
        yield handle


@contextlib.contextmanager
def _atomic_handle(path: Path) -> Iterator[IO[bytes]]:
    import fcntl

    target = real_target(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(target)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:     # held open, and locked, until the rename
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)   # this write is alive (remove_stale_temps)
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
            os.chmod(tmp, _default_mode())   # mkstemp makes 0600; outputs are ordinary files
            os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold the folder's lock file for the duration; a second holder fails at once with a clear error."""
    folder.mkdir(parents=True, exist_ok=True)
    with lock_file(folder / LOCK_NAME, folder, "writing into this folder"):
        yield


@contextlib.contextmanager
def lock_file(lock_path: Path, what: Path, doing: str) -> Iterator[None]:
    """An exclusive lock on `lock_path` (flock, not waiting), removed when released so it leaves no
    file behind. A run that opened the file just before its holder removed it sees another inode at
    the path and fails too (the usual race of removed lock files)."""
    import fcntl

    handle = open(lock_path, "a+b")   # held open for the lock's lifetime
    try:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.stat(lock_path).st_ino != os.fstat(handle.fileno()).st_ino:
                raise BlockingIOError
        except (BlockingIOError, FileNotFoundError):
            raise OutputError(f"another pnpgen run is {doing}; wait for it to finish",
                              file=str(what)) from None
        try:
            yield
        finally:
            with contextlib.suppress(OSError):
                os.unlink(lock_path)
    finally:
        handle.close()


def clean_stale_staging(folder: Path) -> None:
    """Finish what a killed run left (call while holding the folder's lock): a staging folder that
    never reached its commit point is removed (the old set stays); one renamed to its commit name
    is rolled forward (the rest of the new set moved into place)."""
    if not folder.is_dir():
        return
    for entry in sorted(folder.iterdir()):
        if entry.is_symlink() or not entry.is_dir():
            continue
        if own_temp(entry.name, COMMIT_PREFIX):
            _roll_forward(folder, entry)
        elif own_temp(entry.name, STAGING_PREFIX):
            shutil.rmtree(entry, ignore_errors=True)


def _roll_forward(folder: Path, committed: Path) -> None:
    """Move every file the journal names that is still in `committed` into place, then remove it."""
    try:
        names = (committed / JOURNAL_NAME).read_text(encoding="utf-8").splitlines()
    except OSError:
        names = []
    _move_into_place(folder, committed, [name for name in names if name])
    shutil.rmtree(committed, ignore_errors=True)


def _move_into_place(folder: Path, source: Path, names: list[str]) -> list[Path]:
    done = []
    for name in names:
        staged = source / name
        if staged.exists() or staged.is_symlink():
            target = real_target(folder / name)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(staged, _default_mode())
            os.replace(staged, target)
        done.append(folder / name)
    _fsync_folder(folder)
    return done


def _fsync_folder(folder: Path) -> None:
    """Make renames in `folder` durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class FileSet:
    """A set of files written into a staging folder, then moved into `folder` together by `commit()`."""

    def __init__(self, folder: Path, staging: Path, force: bool) -> None:
        self.folder, self.staging, self.force = folder, staging, force
        self.names: list[str] = []

    def path(self, name: str) -> Path:
        """Where to write `name` (a relative path) while staging."""
        target = self.staging / name
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write(self, name: str, data: bytes | str) -> Path:
        """Stage one file of the set; returns its final path."""
        with self.open(name) as handle:
            handle.write(data.encode("utf-8") if isinstance(data, str) else data)
        return self.folder / name

    @contextlib.contextmanager
    def open(self, name: str) -> Iterator[IO[bytes]]:
        """A binary handle staging `name` (write for output written as it is made): the file joins
        the set when the block ends without an error."""
        check_writable(self.folder / name, self.force)
        with writing(self.folder / name), open(self.path(name), "wb") as handle:   # errors name the user's file
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        self.names.append(name)

    def commit(self) -> list[Path]:
        """Move every staged file into place; the final paths in order.

        The commit point is one rename: the staging folder, with a journal of its names, becomes
        `.pnpgen-commit-*`. Before it, a kill leaves the old set (the staging is removed by the next
        run); after it, the next run into the folder rolls the new set forward. Then each file is
        moved by an atomic rename."""
        for name in self.names:
            check_writable(self.folder / name, self.force)
        journal = self.staging / JOURNAL_NAME
        with writing(self.folder), open(journal, "w", encoding="utf-8") as handle:
            handle.write("".join(f"{name}\n" for name in self.names))
            handle.flush()
            os.fsync(handle.fileno())
        committed = self.staging.with_name(COMMIT_PREFIX + self.staging.name[len(STAGING_PREFIX):])
        os.rename(self.staging, committed)
        self.staging = committed
        _fsync_folder(self.folder)
        return _move_into_place(self.folder, committed, self.names)


@contextlib.contextmanager
def staged_set(folder: str | Path, force: bool = False) -> Iterator[FileSet]:
    """Write a set of files into `folder` as a set: staged, then committed when the block ends
    without an error; on an error (or a kill) nothing of the new set reaches the folder."""
    folder = Path(folder)
    with folder_lock(folder):
        clean_stale_staging(folder)
        with writing(folder):
            staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=folder))
        files = FileSet(folder, staging, force)
        try:
            yield files
            files.commit()
        except BaseException:
            if files.staging.name.startswith(STAGING_PREFIX):   # not committed: the old set stays
                shutil.rmtree(files.staging, ignore_errors=True)
            raise                                               # committed: the next run rolls forward
        shutil.rmtree(files.staging, ignore_errors=True)
