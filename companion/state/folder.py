"""Safe handling of the files in the state folder: one owner, no links, atomic writes.

A writer (`companion run`, `companion demo`, a restore) owns the folder: it holds an exclusive
`flock` on its `lock` file for its whole life, and the kernel releases it when the process
dies, however it dies. A second writer is refused in one line naming the holder (exit status
75, "try again later"), or waits for it with `--wait`.

Files are opened without following symbolic links, and a folder that belongs to another user
is refused to writers: a command run as root never writes through a link planted there.
Readers open SQLite files read-only (`read_only_copy`): no journal mode switch, no file
created, nothing of another owner written.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import sqlite3
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

from companion.state.errors import EXIT_BUSY, JournalError, StateFolderBusy, StateFolderRefused
from engine.errors import N_

__all__ = ["EXIT_BUSY", "StateFolderBusy", "StateFolderRefused"]

LOCK_FILE = "lock"
#: Below this much free space in the folder the journal may soon fail to write.
FREE_FAIL_BYTES = 10 * 1024 * 1024
#: A copy of a file that changed while it was read is tried again this many times.
_COPY_ATTEMPTS = 5


def exit_status_of(error: JournalError) -> int:
    """75 when another process owns the folder (try again later), else 2 (bad input)."""
    return EXIT_BUSY if isinstance(error, StateFolderBusy) else 2


def check_owner(folder: Path) -> None:
    """Refuse a folder that belongs to another user or that anyone may write into."""
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        return  # it will be created, by us
    except OSError as error:
        raise StateFolderRefused(N_("cannot use the state folder {folder}: {reason}"),
                                 folder=str(folder), reason=error.strerror or str(error)) from error
    if info.st_uid != os.geteuid():
        raise StateFolderRefused(
            N_("the state folder {folder} belongs to another user (uid {owner}): run the "
               "command as that user"), folder=str(folder), owner=info.st_uid)
    if info.st_mode & stat.S_IWOTH and not info.st_mode & stat.S_ISVTX:
        raise StateFolderRefused(
            N_("the state folder {folder} can be written by anyone: chmod o-w it"),
            folder=str(folder))


def refuse_links(*paths: Path) -> None:
    """Refuse to go on when one of these files is a symbolic link."""
    for path in paths:
        if path.is_symlink():
            raise StateFolderRefused(
                N_("{file} is a symbolic link: the companion never writes through one; "
                   "remove it"), file=str(path))


def sqlite_files(path: Path) -> tuple[Path, ...]:
    """A database and the files SQLite keeps beside it."""
    return (path, *(Path(f"{path}{suffix}") for suffix in ("-wal", "-shm", "-journal")))


# --- The owner's lock ----------------------------------------------------------------------------


class FolderLock:
    """The exclusive lock on a state folder; `release` (or the process's end) lets it go."""

    def __init__(self, folder: Path, descriptor: int) -> None:
        self.folder = folder
        self._descriptor: int | None = descriptor

    def release(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)  # closing the last descriptor releases the flock
            self._descriptor = None

    @property
    def held(self) -> bool:
        return self._descriptor is not None


def take_folder(folder: Path, command: str | None = None, *, wait: bool = False,
                on_wait: Callable[[StateFolderBusy], None] | None = None) -> FolderLock:
    """Own `folder` (created if needed): StateFolderBusy when another process does, unless
    `wait`, which blocks until it is free (`on_wait` hears who is awaited, as the refusal
    it would have been)."""
    check_owner(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JournalError(N_("cannot create the folder {folder}: {reason}"),
                           folder=str(folder), reason=error.strerror or str(error)) from error
    check_owner(folder)
    path = folder / LOCK_FILE
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            refuse_links(path)
        raise StateFolderRefused(N_("cannot use the state folder {folder}: {reason}"),
                                 folder=str(folder), reason=error.strerror or str(error)) from error
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            busy = _busy(folder, descriptor)
            if not wait:
                raise busy from None
            if on_wait is not None:
                on_wait(busy)
            fcntl.flock(descriptor, fcntl.LOCK_EX)
        os.ftruncate(descriptor, 0)
        name = command or " ".join(Path(sys.argv[0]).name.split() + sys.argv[1:2])
        os.pwrite(descriptor, f"{os.getpid()} {name}\n".encode(), 0)
    except BaseException:
        os.close(descriptor)
        raise
    return FolderLock(folder, descriptor)


def folder_holder(folder: Path) -> str | None:
    """Who owns the folder now ("123 companion run"), or None when nobody does."""
    try:
        descriptor = os.open(folder / LOCK_FILE, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return os.pread(descriptor, 200, 0).decode(errors="replace").strip()
        return None
    finally:
        os.close(descriptor)


def _busy(folder: Path, descriptor: int) -> StateFolderBusy:
    """The refusal, naming the holder from what it wrote in the lock file."""
    text = os.pread(descriptor, 200, 0).decode(errors="replace").strip()
    pid, _, command = text.partition(" ")
    if not pid.isdigit():
        return StateFolderBusy(N_("the state folder {folder} is in use by another process; "
                                  "try again when it stops, or add --wait"), folder=str(folder))
    return StateFolderBusy(N_("the state folder {folder} is in use by process {pid} "
                              "({command}); try again when it stops, or add --wait"),
                           folder=str(folder), pid=int(pid), command=command or "?")


# --- Writing ------------------------------------------------------------------------------------


def write_atomically(path: Path, data: bytes, durable: bool = True) -> None:
    """Replace `path` by `data`: a crash leaves the old file or the new one, never half."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW
                         | os.O_CLOEXEC, 0o644)
    try:
        os.write(descriptor, data)
        if durable:
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
    os.replace(temporary, path)
    if durable:
        sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` survive a power cut."""
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def set_aside(path: Path, why: str = "damaged") -> Path:
    """Rename a database and its companion files out of the way (never delete them)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{number}")
    for source in sqlite_files(path):
        if source.exists() or source.is_symlink():
            os.replace(source, Path(f"{target}{str(source)[len(str(path)):]}"))
    sync_folder(path.parent)
    return target


# --- Reading ------------------------------------------------------------------------------------


def read_only_copy(path: Path, timeout: float = 5.0) -> sqlite3.Connection:
    """The database at `path` copied into memory, consistent, touching nothing on disk.

    While a writer runs (its `-wal` and `-shm` exist) the copy reads through the write-ahead
    log with a read-only shared memory (`readonly_shm`). With no log, the file is read as
    immutable, and read again if it changed meanwhile. A log without its shared memory (left
    by a crash and then tampered with) is read from a private copy elsewhere.
    """
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for _attempt in range(_COPY_ATTEMPTS):
            if _copy_once(path, wal, shm, memory, timeout):
                return memory
        raise StateFolderBusy(N_("{file} kept changing while it was read; try again"),
                              file=str(path))
    except BaseException:
        memory.close()
        raise


def _copy_once(path: Path, wal: Path, shm: Path, memory: sqlite3.Connection,
               timeout: float) -> bool:
    """One attempt; False when the file changed under an immutable read."""
    for file in (path, wal, shm):
        if file.is_symlink():
            raise StateFolderRefused(
                N_("{file} is a symbolic link: the companion never reads through one; "
                   "remove it"), file=str(file))
    if wal.exists() and shm.exists():
        try:
            _backup(_uri(path, "mode=ro&readonly_shm=1"), memory, timeout)
            return True
        except sqlite3.OperationalError:
            # A log and shared memory that do not agree (left by a crash, then damaged): no
            # writer uses them, so a private copy lets SQLite recover what the log holds.
            pass
    if wal.exists():
        with tempfile.TemporaryDirectory(prefix="companion-read-") as private:
            copy = Path(private) / path.name
            shutil.copyfile(path, copy, follow_symlinks=False)
            shutil.copyfile(wal, Path(f"{copy}-wal"), follow_symlinks=False)
            _backup(str(copy), memory, timeout, uri=False)
        return True
    before = _identity(path)
    _backup(_uri(path, "immutable=1"), memory, timeout)
    return not wal.exists() and _identity(path) == before


def _identity(path: Path) -> tuple[int, int, int]:
    info = os.stat(path, follow_symlinks=False)
    return info.st_ino, info.st_size, info.st_mtime_ns


def _uri(path: Path, query: str) -> str:
    return f"file:{quote(str(path.absolute()))}?{query}"


def _backup(source_name: str, memory: sqlite3.Connection, timeout: float,
            uri: bool = True) -> None:
    source = sqlite3.connect(source_name, uri=uri, timeout=timeout, isolation_level=None)
    try:
        source.backup(memory)
    finally:
        source.close()
