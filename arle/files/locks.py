"""One game, one writer: an OS lock on a small file beside the game's journal.

The lock is held on an open file (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), so
the operating system frees it the moment the holder dies: the lock of a killed Arle is free at
once, with no stale lock file to judge by age or process id. Within one process, a registry of
held paths makes two ``GameLock`` objects on the same file exclude each other too (whatever the
platform's lock does for two handles of one process). No Qt, no engine.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import threading
from pathlib import Path
from types import TracebackType

from arle.files.errors import GameInUse
from arle.files.paths import NotARegularFile

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

#: The lock file of ``game.arle-journal`` is ``game.arle-journal.lock``.
SUFFIX = ".lock"

_held: set[str] = set()
_guard = threading.Lock()


def lock_path(path: Path) -> Path:
    path = Path(path)
    return path.with_name(path.name + SUFFIX)


class GameLock:
    """``acquire()`` is non-blocking: False means another window (process or object) has the game."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        lock = lock_path(self.path)  # its folder resolved (one key for two ways to a game), not itself:
        self._key = os.path.join(os.path.realpath(lock.parent), lock.name)  # a link is never followed

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        if self._fd is not None:
            return True
        with _guard:
            if self._key in _held:
                return False
            Path(self._key).parent.mkdir(parents=True, exist_ok=True)
            try:
                fd = os.open(self._key, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOINHERIT", 0)
                             | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), 0o666)
            except OSError as exc:
                if exc.errno != errno.ELOOP:
                    raise
                raise NotARegularFile(errno.ELOOP, "the game's lock file is a link", self._key) from None
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO or a device put in its place
                os.close(fd)
                raise NotARegularFile(errno.EINVAL, "the game's lock file is not a regular file", self._key)
            if not _os_lock(fd):
                os.close(fd)
                return False
            _held.add(self._key)
            self._fd = fd
        return True

    def release(self) -> None:
        with _guard:
            if self._fd is None:
                return
            fd, self._fd = self._fd, None
            _held.discard(self._key)
            with contextlib.suppress(OSError):
                _os_unlock(fd)
            os.close(fd)

    def release_and_remove(self) -> None:
        """Delete the lock file and release (the game is gone: nothing is left to lock). Only
        while holding the lock: deleting a file another window holds would let a third lock a
        new file beside it."""
        try:
            if not self.acquire():
                return
        except OSError:
            return
        if os.name == "posix":  # while held, so no one else locks the old file meanwhile
            with contextlib.suppress(OSError):
                if self._fd is not None and os.path.samestat(os.lstat(self._key), os.fstat(self._fd)):
                    os.unlink(self._key)  # (only the very file held: never what replaced it)
        self.release()
        if os.name != "posix":  # Windows cannot delete an open file
            with contextlib.suppress(OSError):
                os.unlink(self._key)

    def __enter__(self) -> GameLock:
        if not self.acquire():
            raise GameInUse()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.release()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.release()


def is_locked(path: Path) -> bool:
    """True when another window holds the game at ``path`` (a passing probe, never kept)."""
    probe = GameLock(path)
    try:
        if not probe.acquire():
            return True
    except OSError:
        return False  # cannot even create the lock file: nobody else can hold it either
    probe.release()
    return False


def _os_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:
        return False
    return True


def _os_unlock(fd: int) -> None:
    if fcntl is not None:
        fcntl.flock(fd, fcntl.LOCK_UN)
    else:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
