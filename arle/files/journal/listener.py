"""The journal as a listener of the match: one line per change heard, fsynced, so that no game
is ever lost (a crash, a power failure, a closed window).

A failed append (a full disk) is cut back to the last complete line, so the journal stays valid
and the next ``sync`` writes every move not yet written. Each journal has a lock file
(``arle.files.locks``): one window writes a game. ``Autosaver(..., expect=resumed.digest)`` checks
under the lock, before its first rewrite, that the journal still holds the bytes ``resume`` read
(``JournalChanged`` otherwise).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from arle.files.errors import GameInUse, SaveError
from arle.files.locks import GameLock
from arle.files.paths import (
    NotWrittenThrough,
    atomic_write_text,
    autosave_path,
    fsync_dir,
    holds_secret,
    keep_file_copy,
)

from .format import as_line, header_of, move_lines
from .reader import digest_of
from .summary import summary_of, summary_path, write_summary

if TYPE_CHECKING:  # the engine loads only when a game is written, not to list games
    from arle.engine import Move
    from arle.match.change import Change
    from arle.match.history import GameHistory


class Autosaver:
    """Keeps the journal at ``path`` in step with a ``GameHistory``: call ``sync(history)`` after
    every apply, undo and redo (it writes only what changed). ``start`` takes the game's lock;
    ``close`` releases it and keeps the journal, ``discard`` deletes the journal.

    ``Autosaver()`` without a path is the legacy single journal (``autosave_path()``), unlocked,
    for callers not yet moved to one journal per game.
    """

    def __init__(self, path: Path | None = None, *, durable: bool = True,
                 save_path: Path | None = None, damaged: bool = False, expect: str | None = None) -> None:
        self.path = Path(path) if path is not None else autosave_path()
        #: fsync after every write (off only for tests that do not care about power failures).
        self.durable = durable
        self.save_path = Path(save_path) if save_path is not None else None
        self._lock = GameLock(self.path) if path is not None else None
        self._history: GameHistory | None = None
        self._written: list[Move] = []  # the moves the journal holds now
        self._lines = 0
        self._rewrite_next = False  # a failed append could not be cut back: rewrite on next sync
        #: Why the last change heard could not be recorded (None: the journal is up to date).
        self.problem: Exception | None = None
        self._following: GameHistory | None = None  # the game whose changes ``heard`` records
        #: The journal was damaged when it was resumed: before the first rewrite, its original is
        #: copied to ``kept_original`` (a ``.damaged`` file beside it), or nothing is rewritten.
        self._keep_original = damaged
        self.kept_original: Path | None = None
        #: The SHA-256 of the journal as ``resume`` read it (``ResumedGame.digest``): the first
        #: ``start`` checks, under the lock, that no other window wrote it since (issue 42 item 2).
        self._expect = expect

    def start(self, history: GameHistory) -> None:
        """Take the game's lock (``GameInUse`` if another window has it), then write the whole
        journal afresh (atomically) for this session's game."""
        if self._lock is not None and not self._lock.acquire():
            raise GameInUse()
        if self._expect is not None:
            try:
                same = digest_of(self.path) == self._expect
            except SaveError:  # gone (finished and deleted elsewhere) or unreadable: not the same
                same = False
            if not same:
                if self._lock is not None:
                    self._lock.release()
                raise JournalChanged()
            self._expect = None
        self._rewrite(history, history.moves)
        self._history = history

    def sync(self, history: GameHistory) -> None:
        """Record what changed in ``history`` since the last call. Raises OSError when the disk
        refuses (full, gone): the journal keeps what it had, and the next call catches up."""
        if history is not self._history or self._rewrite_next or not self.path.exists():
            self.start(history)
            return
        moves = history.moves
        common = 0
        limit = min(len(moves), len(self._written))
        while common < limit and moves[common] == self._written[common]:
            common += 1
        if common == len(moves) == len(self._written):
            return
        if self._overgrown(len(moves)):
            self.start(history)
            return
        out = as_line({"len": common}) if common < len(self._written) and common == len(moves) else ""
        out += move_lines(common, moves[common:])
        self._append(out)
        self._written = list(moves)
        self._lines += out.count("\n")

    def follow(self, history: GameHistory) -> Callable[[Change], None]:
        """The listener to give the match of ``history`` (``Match.listen(..., first=True)``)."""
        self._following = history
        return self.heard

    def heard(self, change: Change) -> None:
        """The journal as a listener of the match (``Match.listen``): one line for the change it
        hears (a move played or replayed, or the length after an undo), from the ``Change`` itself.
        Never raises: a refusal of the disk or of the lock is kept in ``problem`` for the window to
        say, play goes on, and the next change catches the journal up (``sync``)."""
        history = self._following
        if history is None:
            return
        try:
            if (history is not self._history or self._rewrite_next
                    or len(self._written) != change.at + len(change.removed)
                    or self._overgrown(len(history.moves))):
                self.sync(history)  # a change before this one is missing, or many undos: compact
            else:
                self._append_change(change)
        except (OSError, SaveError) as exc:  # (GameInUse is a SaveError)
            self.problem = exc
        else:
            self.problem = None

    def _append_change(self, change: Change) -> None:
        """The journal's line for a change it holds everything before: a length, or moves."""
        if change.removed:
            self._append(as_line({"len": change.at}))
            self._lines += 1
        else:
            self._append(move_lines(change.at, change.moves_added))
            self._lines += len(change.added)
        self._written[change.at:] = change.moves_added

    def _overgrown(self, moves: int) -> bool:
        """Many undos made the journal long for its moves: rewrite it compact."""
        return self._lines > 2 * moves + 64

    def set_save_path(self, path: Path | None) -> None:
        """Record the save file the game came from or was saved to (in the journal header)."""
        self.save_path = Path(path) if path is not None else None
        if self._history is not None:
            self._rewrite(self._history, self._written)

    def close(self) -> None:
        """Keep the journal (the game can be continued) and release the lock."""
        if self._history is not None and self._written == self._history.moves and not self._rewrite_next:
            with contextlib.suppress(OSError, SaveError):  # (no summary: the next listing replays)
                write_summary(self.path, summary_of(self._history), digest_of(self.path))
        self._history = self._following = None  # closed: what is heard after is not recorded
        if self._lock is not None:
            self._lock.release()

    def discard(self) -> None:
        """Forget the autosave (the game ended, or the player declined to resume it)."""
        for path in (self.path, summary_path(self.path)):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        self._written = []
        self._history = None  # (still following: an undo of the last move brings the journal back)
        if self._lock is not None:
            self._lock.release_and_remove()

    # -- inside -------------------------------------------------------------------------------------

    def _rewrite(self, history: GameHistory, moves: Sequence[Move]) -> None:
        if self._keep_original and self.kept_original is None and self.path.exists():
            self.kept_original = keep_damaged_copy(self.path)  # OSError: the original stays as it is
        header = header_of(history, self.save_path)
        try:
            atomic_write_text(self.path, as_line(header) + move_lines(0, moves),
                              private=holds_secret(history.remote))  # a friend's secret: 0600
        except UnicodeError:
            raise SaveError("the game cannot be autosaved: a name in it is not valid text") from None
        self._written = list(moves)
        self._lines = 1 + len(moves)
        self._rewrite_next = False

    def _append(self, text: str) -> None:
        """Append whole lines, or nothing: a short write or a failed fsync is cut back off."""
        data = memoryview(text.encode("utf-8"))
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0)  # Windows: no CRLF
                     | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))  # a link, a FIFO: refused
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):  # a journal swapped for a FIFO or a device: never written
                raise NotWrittenThrough(errno.EINVAL, "it is not a regular file", str(self.path))
            end = st.st_size
            try:
                while data:
                    written = os.write(fd, data)
                    if written <= 0:
                        raise OSError(28, "No space left on device")
                    data = data[written:]
                if self.durable:
                    os.fsync(fd)
            except OSError:
                try:
                    os.ftruncate(fd, end)
                    if self.durable:
                        os.fsync(fd)
                except OSError:
                    self._rewrite_next = True
                raise
        finally:
            os.close(fd)


class JournalChanged(GameInUse):
    """The journal changed between ``resume`` and the first ``start``: another window played on
    meanwhile, and a rewrite from the earlier read would destroy its moves."""

    def __init__(self) -> None:
        super().__init__("this game was played on in another Arle window while it was being read; "
                         "nothing was changed: continue it again")


def keep_damaged_copy(path: Path) -> Path:
    """Copy the journal at ``path`` to a new ``*.damaged`` file beside it (fsynced), before a
    rewrite drops moves it holds. Raises OSError (then nothing may rewrite the journal)."""
    path = Path(path)
    target = keep_file_copy(path)
    fsync_dir(target.parent)
    return target
