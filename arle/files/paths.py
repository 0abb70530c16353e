"""Where Arle keeps its files: the data folder, the saves folder, the autosave journal.

Kept apart from ``arle.files.saves`` (which needs the rules engine) so that the start page can look for
the last game and the recent saves before the engine is loaded: the first window paints sooner.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Generator, Iterable
from pathlib import Path

import platformdirs

#: The file extension of saves (the ``.json`` keeps them openable by any text editor).
EXTENSION = ".arle.json"


def data_dir() -> Path:
    """The user data directory (``ARLE_DATA_DIR`` overrides it, for tests and portable installs)."""
    override = os.environ.get("ARLE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("arle", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    """Legacy: the single journal of Arle before one journal per game (``autosave_dir``); it is
    moved into that folder the first time games are listed."""
    return data_dir() / "autosave.arle-journal"


def autosave_dir() -> Path:
    """One journal per unfinished game (``arle.files.journal.list_games`` lists them)."""
    return data_dir() / "autosaves"


#: The file extension of autosave journals.
JOURNAL_EXTENSION = ".arle-journal"


def new_autosave_path() -> Path:
    """A fresh journal name for a new game: never the name of a game in progress. 128 random bits,
    as a random UUID's hex (``uuid`` itself is not imported: with ``platform`` it cost 3 ms of the
    window's start, issue 15)."""
    return autosave_dir() / f"{os.urandom(16).hex()}{JOURNAL_EXTENSION}"


# -- reading files safely ----------------------------------------------------------------------------


class NotARegularFile(OSError):
    """A FIFO, a device, a folder...: reading it could hang or never end."""


class FileTooLarge(OSError):
    """Larger than any file of its kind can honestly be."""


def open_regular(path: Path) -> int:
    """An open file descriptor of the regular file ``path`` (read only), as ``read_chunks``
    opens it: without blocking, and ``NotARegularFile`` for a FIFO, a device or a folder."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise NotARegularFile(errno.EISDIR, "it is a folder, not a file", str(path)) from None
    except PermissionError:
        if os.path.isdir(path):  # Windows refuses to open a folder with "Permission denied"
            raise NotARegularFile(errno.EISDIR, "it is a folder, not a file", str(path)) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise NotARegularFile(errno.EISDIR, "it is a folder, not a file", str(path))
        if not stat.S_ISREG(mode):
            raise NotARegularFile(errno.EINVAL, "it is not a regular file", str(path))
    except BaseException:
        os.close(fd)
        raise
    return fd


#: A journal is read up to this many bytes (a real one holds tens of kilobytes); the rest is one
#: damaged line, so that reading a hostile file ends.
MAX_SCAN_BYTES = 64 * 1024 * 1024

_CHUNK = 1 << 16


class Bytes:
    """What one pass over a file's bytes saw: their SHA-256 and count, and whether reading
    stopped at ``limit`` before the end (``MAX_SCAN_BYTES`` unless told)."""

    def __init__(self, limit: int | None = None) -> None:
        self.limit = MAX_SCAN_BYTES if limit is None else limit
        self.sha = hashlib.sha256()
        self.size = 0
        self.cut = False

    @property
    def digest(self) -> str:
        return self.sha.hexdigest()

    def take(self, chunk: bytes) -> bytes:
        """``chunk`` as far as the limit allows, counted and hashed."""
        if self.size + len(chunk) > self.limit:
            self.cut = True
            chunk = chunk[: self.limit - self.size]
        self.sha.update(chunk)
        self.size += len(chunk)
        return chunk


def read_chunks(path: Path, seen: Bytes) -> Generator[bytes, None, None]:
    """The bytes of the regular file ``path`` a chunk at a time, at most ``seen.limit`` of them,
    counted and hashed into ``seen``: the one way saves, journals and settings are read.

    Opened without blocking (a FIFO would wait for a writer forever) and checked with fstat
    before a byte is read (``open_regular``); a file of any size is read in bounded memory (at
    most ``limit + 1`` bytes are read, whatever the file claims its size is). Raises OSError:
    each format says what it means in its own words."""
    fd = open_regular(path)
    try:
        while not seen.cut:
            chunk = os.read(fd, min(_CHUNK, seen.limit + 1 - seen.size))
            if not chunk:
                return
            yield seen.take(chunk)
    finally:
        os.close(fd)


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of the regular file ``path`` (``read_chunks``); more than ``limit`` of them raises
    ``FileTooLarge``."""
    seen = Bytes(limit)
    data = b"".join(read_chunks(path, seen))
    if seen.cut:
        raise FileTooLarge(errno.EFBIG, f"it is larger than {limit:,} bytes", str(path))
    return data


# -- writing files --------------------------------------------------------------------------------------

#: A file rewritten atomically is first written to ``.<name>.<random>.tmp`` beside it.
TMP_SUFFIX = ".tmp"
#: A temporary file older than this is left over from a killed writer.
STALE_TMP_S = 60.0


class ReadOnlyFile(PermissionError):
    """The file to be replaced is read-only: someone meant it not to change, so it is not."""


class NotWrittenThrough(OSError):
    """Arle's own file is a link, or something that is not a regular file sits where it goes: it
    is left as it is (writing would replace a device, a FIFO or another game)."""


def atomic_write_text(path: Path, text: str, *, chosen: bool = False, private: bool = False) -> None:
    """Write ``text`` so that a reader sees the old file or the new one, never half of either.

    Only regular files are written (issue 48 item 1). ``chosen``: a save the player picked, which
    may be reached through a symlink (the file it points to is replaced, the link stays); Arle's own
    files (settings, statistics, caches, journals) are never written through a link. Anything that
    is not a regular file (a device, a FIFO, a folder, a link loop) is refused with
    ``NotWrittenThrough``; a read-only file with ``ReadOnlyFile`` rather than replaced and made
    writable. ``private``: the text holds a secret (a remote game's), readable by the owner only
    (0600, issue 47 item 8) whatever the file replaced allowed.

    The text goes to a temporary file in the same directory, is flushed and fsynced, then renamed
    over the target (atomic on POSIX and Windows); the directory is fsynced so the rename survives
    a power failure.
    """
    path = writable_target(Path(path), chosen=chosen)
    mode = creation_mode()
    with contextlib.suppress(FileNotFoundError):
        st = os.lstat(path)
        if not st.st_mode & stat.S_IWUSR or not os.access(path, os.W_OK):
            raise ReadOnlyFile(errno.EACCES, "the file is read-only", str(path))
        mode = stat.S_IMODE(st.st_mode)  # the file replaced keeps its permissions
    if private:
        mode = 0o600
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")  # before any file exists: text that cannot be written changes nothing
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            if hasattr(os, "fchmod"):  # mkstemp makes 0600; a save is a document the user may share
                os.fchmod(f.fileno(), mode)
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def holds_secret(remote: object) -> bool:
    """Whether a game's remote record (``Plan.to_dict()``) holds a typed secret: its file is 0600."""
    return isinstance(remote, dict) and bool(remote.get("secret"))


def writable_target(path: Path, *, chosen: bool = False) -> Path:
    """The regular file (or free name) that writing ``path`` replaces: ``path`` itself, or for a
    ``chosen`` save the file its links lead to. Raises ``NotWrittenThrough``."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return path
    if stat.S_ISLNK(st.st_mode):
        if not chosen:
            raise NotWrittenThrough(errno.ELOOP, "it is a link, and Arle writes its own files only "
                                    "as regular files", str(path))
        target = Path(os.path.realpath(path))
        try:
            st = os.lstat(target)
        except FileNotFoundError:  # a dangling link: the save is made where it points
            return target
        if stat.S_ISLNK(st.st_mode):  # realpath stops inside a loop
            raise NotWrittenThrough(errno.ELOOP, "it is a loop of links", str(path))
        path = target
    if not stat.S_ISREG(st.st_mode):
        raise NotWrittenThrough(errno.EINVAL, "it is not a regular file, so it was left as it is", str(path))
    return path


def fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable (a no-op where directories cannot be opened)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def creation_mode() -> int:
    """The permissions a new document gets: 0o666 less the process umask (as any editor does)."""
    if os.name != "posix":
        return 0o666
    try:  # Linux: read without changing it (os.umask() sets it, racing other threads)
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def clean_stale_tmp(folder: Path, now: float | None = None) -> list[Path]:
    """Delete the temporary files a killed atomic rewrite left in ``folder`` (those older than
    ``STALE_TMP_S``; a younger one may be a rewrite in flight). Returns what was removed."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TMP_SUFFIX) and _is_ours(name)):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime > STALE_TMP_S:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _is_ours(name: str) -> bool:
    return any(f"{ext}." in name for ext in (EXTENSION, JOURNAL_EXTENSION, ".json"))


#: A file set aside (a damaged journal, settings that could not all be read) ends with this.
DAMAGED_SUFFIX = ".damaged"


#: The name of a copy ``free_damaged_name`` makes: the original's name, maybe a number, the suffix.
DAMAGED_COPY = re.compile(r"^(?P<original>.+?)(?:\.(?P<n>\d+))?" + re.escape(DAMAGED_SUFFIX) + r"$")


def free_damaged_name(path: Path) -> Path:
    """``x.damaged``, else ``x.2.damaged``, ``x.3.damaged``...: a name no file has, so that a later
    copy never replaces an earlier one."""
    target = path.with_name(path.name + DAMAGED_SUFFIX)
    number = 2
    while target.exists() or target.is_symlink():
        target = path.with_name(f"{path.name}.{number}{DAMAGED_SUFFIX}")
        number += 1
    return target


def keep_copy(path: Path, data: bytes, *, reuse: bool = False) -> Path:
    """Write ``data`` (the bytes of ``path`` as they are) to a new ``.damaged`` file beside it,
    fsynced, never over an earlier one. ``reuse``: an earlier copy holding these very bytes is
    returned instead (a file read twice is kept once). Raises OSError."""
    if reuse:
        for copy in damaged_copies_of(path):
            with contextlib.suppress(OSError):
                if copy.stat().st_size == len(data) and read_bounded(copy, len(data)) == data:
                    return copy
    return _keep(path, [data])


def damaged_copies_of(path: Path) -> list[Path]:
    """The ``.damaged`` copies kept of ``path`` (``x.damaged``, ``x.2.damaged``...)."""
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return [path.with_name(n) for n in sorted(names)
            if (match := DAMAGED_COPY.match(n)) is not None and match["original"] == path.name]


def keep_file_copy(path: Path) -> Path:
    """Copy the file ``path`` to a new ``.damaged`` file beside it, fsynced, never over an earlier
    one, a chunk at a time (a journal may be far larger than a real game). Raises OSError."""
    fd = open_regular(path)
    try:
        return _keep(path, iter(lambda: os.read(fd, 1 << 20), b""))
    finally:
        os.close(fd)


def _keep(path: Path, chunks: Iterable[bytes]) -> Path:
    for _ in range(100):
        target = free_damaged_name(path)
        try:
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o644)
        except FileExistsError:  # taken between the look and the open: look again
            continue
        try:
            for data in chunks:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
            os.fsync(fd)
        except OSError:
            os.close(fd)
            with contextlib.suppress(OSError):
                target.unlink()
            raise
        os.close(fd)
        return target
    raise OSError(errno.EEXIST, "no free name for a copy of the damaged file", str(path))


def move_aside(path: Path) -> Path:
    """Rename ``path`` to a new ``.damaged`` name beside it, never over an earlier one. Raises
    OSError."""
    for _ in range(100):
        target = free_damaged_name(path)
        try:
            os.link(path, target)  # never replaces a file that appeared meanwhile
        except FileExistsError:
            continue
        except (OSError, AttributeError):  # no hard links here (FAT, some network drives)
            path.replace(target)
            return target
        path.unlink()
        return target
    raise OSError(errno.EEXIST, "no free name to set the damaged file aside", str(path))
