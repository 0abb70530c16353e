"""Autosave after every move, one journal per unfinished game, and resume after a crash, a power
failure or a closed window: no game is ever lost, and New Game or Open never overwrite one.

A full crash-safe rewrite of a long save costs several milliseconds (mostly fsync, see
``arle.commands.bench_saves``), so the autosave is a journal: JSON lines, appended and fsynced after each
change, one short line per change.

- line 1, the header: ``{"format": "arle-autosave", "schema": 1, "app_version", "setup", "options",
  "save_path"}`` (``options`` as in a save file, with ``seats`` when the computer plays a seat;
  ``save_path``: the save file the game came from or was last saved to, or null);
- ``{"n": k, "move": {...}}``: move number k (from 1) is ``move``; any moves from k on are dropped
  first (a new line of play after undo);
- ``{"len": k}``: the game was taken back to its first k moves (undo).

A journal is read a line at a time, in bounded memory: a line longer than ``MAX_LINE_BYTES`` is a
damaged line, never held whole, and reading stops at ``MAX_SCAN_BYTES``. A crash can only cut
the last line short; a line without its newline is the move in flight and is ignored. A failed
append (a full disk) is cut back to the last complete line, so the journal stays valid and the
next ``sync`` writes every move not yet written. Older Arle versions could leave a cut
line in the middle: ``resume`` skips it when the lines after it continue consistently, otherwise it
keeps the complete moves before it, and says so in ``ResumedGame.note``. Every move is replayed
through the engine on resume, so a journal can hold nothing the rules forbid.

Each journal has a lock file (``arle.files.locks``): one window writes a game. ``resume`` reads
without the lock, so ``Autosaver(..., expect=resumed.digest)`` checks under the lock, before its
first rewrite, that the journal still holds the bytes read (``JournalChanged`` otherwise).
``list_games`` reads a small summary cache beside each journal (``<journal>.summary``, not
fsynced, rebuilt by replay when missing or stale), because replaying a dozen long games would
delay the start page.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from arle import __version__
from arle.files.errors import (
    MAX_MESSAGE_CHARS,
    MAX_NAME_CHARS,
    GameInUse,
    SaveError,
    is_valid_text,
    shown,
    strict_json,
)
from arle.files.locks import GameLock, is_locked, lock_path
from arle.files.paths import (
    JOURNAL_EXTENSION,
    NotARegularFile,
    autosave_dir,
    autosave_path,
    clean_stale_tmp,
    data_dir,
    keep_file_copy,
    move_aside,
    new_autosave_path,
    open_regular,
    read_bounded,
    saves_dir,
)

if TYPE_CHECKING:  # the engine loads only when a game is written or replayed, not to list games
    from arle.engine import Move
    from arle.match import Change, LogEntry, Words
    from arle.match.history import GameHistory

__all__ = [
    "Autosaver", "GameEntry", "GameInUse", "JournalChanged", "ResumedGame", "autosave_path",
    "find_unfinished", "list_games", "load_autosave", "new_autosave_path", "resume", "set_aside",
]

FORMAT = "arle-autosave"
SCHEMA = 1
#: The summary cache of ``x.arle-journal`` is ``x.arle-journal.summary``.
SUMMARY_SUFFIX = ".summary"
#: As ``arle.files.saves.MAX_FILE_BYTES`` (a test checks they agree): one line per move is no longer.
#: A journal is not refused past it: it is read a line at a time (issue 42 item 4), and only a
#: journal this small is read whole at once to list it.
MAX_JOURNAL_BYTES = 4 * 1024 * 1024
#: A longer line is no record (the header, the longest, holds a few kilobytes at most): it is a
#: damaged line, skipped without being held in memory.
MAX_LINE_BYTES = 256 * 1024
#: A journal is read up to this many bytes (a real one holds tens of kilobytes); the rest is one
#: damaged line, so that reading a hostile file ends.
MAX_SCAN_BYTES = 64 * 1024 * 1024
_CHUNK = 1 << 16
#: A longer "save_path" in a journal is not a real path (and would bloat the summary cache).
MAX_PATH_CHARS = 4096
#: 4: whose turn (a remote game's line); 3: damage as data; 2: tied to the journal's SHA-256,
#: names read from the header
_SUMMARY_VERSION = 4
#: No game scores more (or loses more); a summary saying so is not believed.
MAX_SCORE = 1000


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def _move_lines(start: int, moves: Sequence[Move]) -> str:
    """The journal's lines of ``moves``, the first of them move number ``start + 1``."""
    from arle.engine import move_to_dict

    return "".join(_line({"n": start + i, "move": move_to_dict(m)}) for i, m in enumerate(moves, start=1))


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
                same = _digest(self.path) == self._expect
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
        out = _line({"len": common}) if common < len(self._written) and common == len(moves) else ""
        out += _move_lines(common, moves[common:])
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
            self._append(_line({"len": change.at}))
            self._lines += 1
        else:
            self._append(_move_lines(change.at, change.moves_added))
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
                _write_summary(self.path, _summary_of(self._history), _digest(self.path))
        self._history = self._following = None  # closed: what is heard after is not recorded
        if self._lock is not None:
            self._lock.release()

    def discard(self) -> None:
        """Forget the autosave (the game ended, or the player declined to resume it)."""
        for path in (self.path, _summary_path(self.path)):
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
        from arle.files.paths import atomic_write_text
        from arle.files.saves import options_dict, setup_to_dict

        header = {
            "format": FORMAT,
            "schema": SCHEMA,
            "app_version": __version__,
            "setup": setup_to_dict(history.setup),
            "options": options_dict(history.friendly_undo, history.seats, history.remote),
            "save_path": str(self.save_path) if self.save_path is not None else None,
        }
        try:
            atomic_write_text(self.path, _line(header) + _move_lines(0, moves))
        except UnicodeError:
            raise SaveError("the game cannot be autosaved: a name in it is not valid text") from None
        self._written = list(moves)
        self._lines = 1 + len(moves)
        self._rewrite_next = False

    def _append(self, text: str) -> None:
        """Append whole lines, or nothing: a short write or a failed fsync is cut back off."""
        data = memoryview(text.encode("utf-8"))
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))  # Windows: no CRLF
        try:
            end = os.fstat(fd).st_size
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


# -- reading a journal ------------------------------------------------------------------------------------


class JournalUnreadable(SaveError):
    """The journal could not be read just now (permissions, a drive gone): its bytes say nothing
    about the game, so this is never remembered as damage (the next listing reads it again)."""


@dataclasses.dataclass(frozen=True)
class Damage:
    """What a damaged journal kept and lost, as data: the start page and the window put it in the
    player's language (``str()`` is the English sentence, for logs and tests)."""

    #: "skipped" (damaged lines skipped, every move kept), "line" (a damaged line: the moves
    #: before it kept), "broken" (a record that does not follow the moves before it) or "move" (a
    #: move that cannot be read or played where it stands).
    kind: str
    #: The damaged lines ("skipped", "line", and a damaged line before a "move"; the first four),
    #: or the line of the record that does not follow ("broken").
    lines: tuple[int, ...] = ()
    kept: int = 0
    lost: int = 0
    #: "move": the move's number and line, why (``Stop.kind``) and the half-year it was in.
    move: int = 0
    move_line: int = 0
    why: str = ""
    half_year: int = 0

    KINDS: ClassVar[tuple[str, ...]] = ("skipped", "line", "broken", "move")
    WHYS: ClassVar[tuple[str, ...]] = ("", "unknown", "illegal", "after_end", "error")

    def __str__(self) -> str:
        if self.kind == "skipped":
            return f"{_damaged_lines(self.lines)} and skipped; all {self.kept} moves were recovered."
        if self.kind == "move":
            where = f" (line {self.move_line})" if self.move_line else ""
            why = {"unknown": "is not a move this Arle knows",
                   "illegal": f"is not legal at its place in the game (half-year {self.half_year})",
                   "after_end": "comes after the end of the game"}.get(self.why, "could not be replayed")
            cause = f"Move {self.move} of the autosave{where} {why}"
            if self.lines:
                cause = f"Line {self.lines[0]} of the autosave is damaged and move {self.move}{where} {why}"
        elif self.kind == "line":
            cause = f"Line {self.lines[0]} of the autosave is damaged"
        else:
            cause = f"Line {self.lines[0]} of the autosave does not follow the moves before it"
        kept = ("no move could be kept" if self.kept == 0 else "the first move was kept" if self.kept == 1
                else f"the first {self.kept} moves were kept")
        lost = f"; {self.lost} {'move' if self.lost == 1 else 'moves'} could not be used" if self.lost else ""
        return f"{cause}: {kept}{lost}."

    def as_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "lines": list(self.lines)}

    @classmethod
    def from_dict(cls, data: Any) -> Damage | None:
        """The record a summary cache holds, or None when it is not one this Arle makes."""
        names = {f.name for f in dataclasses.fields(cls)}
        if not isinstance(data, dict) or set(data) != names:
            return None
        lines = data["lines"]
        if not (isinstance(lines, list) and len(lines) <= 4 and all(_small(n) for n in lines)
                and data["kind"] in cls.KINDS and data["why"] in cls.WHYS
                and all(_small(data[k]) for k in ("kept", "lost", "move", "move_line", "half_year"))):
            return None
        return cls(**{**data, "lines": tuple(lines)})


def _small(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_JOURNAL_BYTES


@dataclasses.dataclass(frozen=True)
class ResumedGame:
    history: GameHistory
    #: The save file the game came from or was last saved to.
    save_path: Path | None
    #: What damage was skipped or cost moves, for the player; else None.
    damage: Damage | None = None
    #: The SHA-256 of the journal's bytes as they were read: continue with
    #: ``Autosaver(..., expect=digest)``, which refuses to rewrite a journal changed since.
    digest: str = ""
    #: The log in words, made during the one replay when ``resume`` was given words (else None).
    log: list[LogEntry] | None = None

    @property
    def note(self) -> str | None:
        """The damage in an English sentence."""
        return None if self.damage is None else str(self.damage)

    @property
    def lost(self) -> int:
        """How many of the journal's moves could not be kept."""
        return 0 if self.damage is None else self.damage.lost

    @property
    def damaged(self) -> bool:
        """Whether the journal is not what a clean rewrite would make: continue it with
        ``Autosaver(..., damaged=True)``, which keeps the original first."""
        return self.damage is not None


def resume(path: Path, words: Words | None = None) -> ResumedGame:
    """Replay the journal at ``path`` (without taking its lock: start an ``Autosaver`` on the same
    path to go on playing). Raises SaveError (one sentence) when no move of it can be played.
    With ``words``, the game's log is made in the same replay (``ResumedGame.log``).

    Damage loses only what it must: the moves are replayed up to the first that cannot be read or
    played (a damaged line, a move type this Arle does not know, a move a rules fix made illegal),
    and ``note`` says how many were kept and why."""
    return _resume_journal(*_scan(Path(path)), words)


def _resume_bytes(raw: bytes, words: Words | None = None) -> ResumedGame:
    return _resume_journal(_parse(_split([raw])), hashlib.sha256(raw).hexdigest(), words)


def _resume_journal(journal: _Journal, digest: str, words: Words | None = None) -> ResumedGame:
    from arle.files.saves import read_options, read_remote, read_seats, read_setup, replay_prefix

    header = journal.header
    setup = read_setup(header.get("setup"))
    friendly = read_options(header.get("options"))
    seats = read_seats(header.get("options"), setup.players)
    log: list[LogEntry] | None = [] if words is not None else None
    history, stop = replay_prefix(setup, journal.moves, friendly, seats, words=words, log=log)
    lines = journal.lines
    if stop is not None and journal.before_damage is not None:
        # The damaged line may have held a move the rest depends on: the moves before it may keep more.
        other_log: list[LogEntry] | None = [] if words is not None else None
        other, other_stop = replay_prefix(setup, journal.before_damage, friendly, seats, words=words,
                                          log=other_log)
        if len(other.moves) > len(history.moves):
            history, stop, lines, log = other, other_stop, journal.before_lines, other_log
    history.remote = read_remote(header.get("options"), seats)
    kept = len(history.moves)
    damage = _damage_of(journal, stop, lines, kept, max(0, journal.claimed - kept))
    return ResumedGame(history, _save_path(header.get("save_path")), damage, digest, log)


def _damage_of(journal: _Journal, stop: Any, lines: list[int], kept: int, lost: int) -> Damage | None:
    """Which line or move is damaged, how many moves were kept, how many could not be used."""
    first = tuple(journal.damaged[:4])
    if stop is None and journal.broken_at is None:
        return Damage("skipped", first, kept) if journal.damaged else None
    if stop is not None:
        line = lines[stop.number - 1] if stop.number <= len(lines) else 0
        before = first[:1] if journal.damaged and line and journal.damaged[0] < line else ()
        return Damage("move", before, kept, lost, stop.number, line, stop.kind, stop.half_year)
    if journal.damaged:
        return Damage("line", first[:1], kept, lost)
    assert journal.broken_at is not None
    return Damage("broken", (journal.broken_at,), kept, lost)


def _save_path(raw: Any) -> Path | None:
    """The linked save file, or None when the journal's record of it cannot be a path."""
    if not isinstance(raw, str) or not raw or len(raw) > MAX_PATH_CHARS or "\0" in raw:
        return None
    return Path(raw) if is_valid_text(raw) else None


def load_autosave(path: Path | None = None) -> GameHistory:
    """Legacy (use ``resume``): replay the journal; raises SaveError (one sentence)."""
    return resume(Path(path) if path is not None else autosave_path()).history


def find_unfinished(path: Path | None = None) -> GameHistory | None:
    """Legacy (use ``list_games``): the single autosaved game, or None when there is none or it
    is over. Raises SaveError when it exists but cannot be played."""
    path = Path(path) if path is not None else autosave_path()
    if not path.exists():
        return None
    history = load_autosave(path)
    return None if history.game.over else history


class _Bytes:
    """What one pass over a journal's bytes saw: their SHA-256 and count, and whether reading
    stopped at ``MAX_SCAN_BYTES`` before the end."""

    def __init__(self) -> None:
        self.sha = hashlib.sha256()
        self.size = 0
        self.cut = False

    @property
    def digest(self) -> str:
        return self.sha.hexdigest()


def _open(path: Path) -> int:
    try:
        return open_regular(path)
    except FileNotFoundError:
        raise JournalUnreadable("there is no autosaved game") from None
    except NotARegularFile as exc:
        raise SaveError(f"the autosaved game cannot be read: {exc.strerror}") from None
    except OSError as exc:
        why = exc.strerror or exc
        raise JournalUnreadable(f"the autosaved game cannot be read just now: {why}") from None


def _read_chunks(path: Path, seen: _Bytes) -> Generator[bytes, None, None]:
    """The journal's bytes a chunk at a time (at most ``MAX_SCAN_BYTES``), counted and hashed
    into ``seen``: a journal of any size is read in bounded memory."""
    fd = _open(path)
    try:
        while True:
            try:
                chunk = os.read(fd, min(_CHUNK, MAX_SCAN_BYTES + 1 - seen.size))
            except OSError as exc:
                raise JournalUnreadable(
                    f"the autosaved game cannot be read just now: {exc.strerror or exc}") from None
            if not chunk:
                return
            if seen.size + len(chunk) > MAX_SCAN_BYTES:
                seen.cut = True
                chunk = chunk[: MAX_SCAN_BYTES - seen.size]
            seen.sha.update(chunk)
            seen.size += len(chunk)
            yield chunk
            if seen.cut:
                return
    finally:
        os.close(fd)


def _split(chunks: Iterable[bytes], cut: Callable[[], bool] = lambda: False) -> Iterator[bytes | None]:
    """The complete lines of ``chunks`` (without their newline): None for a line longer than
    ``MAX_LINE_BYTES`` (a damaged line, never held whole in memory). A last line without its
    newline is the move in flight and is not given, unless reading was ``cut`` short: then the
    rest of the journal is one damaged line."""
    part = bytearray()
    overlong = False
    for chunk in chunks:
        start = 0
        while (end := chunk.find(b"\n", start)) >= 0:
            if overlong or len(part) + end - start > MAX_LINE_BYTES:
                yield None
            else:
                yield bytes(part + chunk[start:end]) if part else chunk[start:end]
            part.clear()
            overlong = False
            start = end + 1
        if not overlong:
            part += chunk[start:]
            if len(part) > MAX_LINE_BYTES:
                overlong = True
                part.clear()
    if cut():
        yield None


def _scan(path: Path) -> tuple[_Journal, str]:
    """The journal at ``path`` read a line at a time, and the SHA-256 of its bytes."""
    seen = _Bytes()
    journal = _parse(_split(_read_chunks(path, seen), lambda: seen.cut))
    return journal, seen.digest


def _digest(path: Path) -> str:
    """The SHA-256 of the journal's bytes as they are now (read a chunk at a time)."""
    seen = _Bytes()
    for _chunk in _read_chunks(path, seen):
        pass
    return seen.digest


@dataclasses.dataclass
class _Journal:
    """A journal's records, read leniently."""

    header: dict[str, Any]
    #: The move records, damaged lines skipped (still to be read by ``move_from_dict``).
    moves: list[Any] = dataclasses.field(default_factory=list)
    #: The line each of ``moves`` came from (the header is line 1).
    lines: list[int] = dataclasses.field(default_factory=list)
    #: The lines that were not whole records.
    damaged: list[int] = dataclasses.field(default_factory=list)
    #: The moves before the first damaged line, when the moves after it may depend on what it held.
    before_damage: list[Any] | None = None
    before_lines: list[int] = dataclasses.field(default_factory=list)
    #: The first line of a whole record that does not follow the moves before it (nothing from it
    #: on was used), or None.
    broken_at: int | None = None
    #: How many moves the journal's whole records add up to, all of them taken as they say.
    claimed: int = 0


def _parse(lines: Iterator[bytes | None]) -> _Journal:
    """The records of a journal's lines (``_split``), read to the end."""
    first: bytes | bool | None = next(lines, False)
    if first is False:
        raise SaveError("the autosaved game is empty")
    header = _record(first.removeprefix(b"\xef\xbb\xbf") if isinstance(first, bytes) else None)  # a BOM
    if header is None:
        raise SaveError("the autosaved game's first line is not valid JSON")
    if header.get("format") != FORMAT:
        raise SaveError("the autosave file is not an Arle autosave")
    schema = header.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:  # true, "1": no number
        raise SaveError(f"the autosaved game has no valid journal version ({shown(schema)})")
    if schema > SCHEMA:
        raise SaveError(f"the autosaved game was written by a newer Arle (journal version {shown(schema)})")
    journal = _Journal(header)
    moves, origin = journal.moves, journal.lines
    most = _max_moves()
    for number, line in enumerate(lines, start=2):
        entry = _record(line)
        if entry is None:  # damaged; perhaps a cut line with a whole record glued after it
            entry = _salvage(line)
            if journal.before_damage is None and journal.broken_at is None:
                journal.before_damage, journal.before_lines = list(moves), list(origin)
            journal.damaged.append(number)
        if entry is not None:
            journal.claimed = _claimed(entry, journal.claimed, most)
        if journal.broken_at is not None:
            continue  # only counting what the rest claims
        if entry is not None and _continues(entry, moves):
            if "n" in entry:
                del moves[entry["n"] - 1 :], origin[entry["n"] - 1 :]
                moves.append(entry["move"])
                origin.append(number)
            else:
                del moves[entry["len"] :], origin[entry["len"] :]
            if len(moves) > most:
                raise SaveError("the autosaved game has more moves than any game can have")
            continue
        if entry is not None:  # a record that does not follow: nothing from it on can be trusted
            journal.broken_at = number
    return journal


def _claimed(entry: dict[str, Any], claimed: int, most: int) -> int:
    """The length of the line of play after ``entry``, taking it at its word."""
    n = entry.get("n") if set(entry) == {"n", "move"} else None
    if isinstance(n, int) and _count(n, 1, most):
        return n
    length = entry.get("len") if set(entry) == {"len"} else None
    return min(claimed, length) if isinstance(length, int) and _count(length, 0, most) else claimed


def _max_moves() -> int:
    from arle.engine import MAX_MOVES

    return MAX_MOVES


def _damaged_lines(lines: Sequence[int]) -> str:
    if len(lines) == 1:
        return f"Line {lines[0]} of the autosave was damaged"
    listed = ", ".join(map(str, lines[:3])) + (", ..." if len(lines) > 3 else "")
    return f"Lines {listed} of the autosave were damaged"


def _record(line: bytes | None) -> dict[str, Any] | None:
    if line is None:
        return None
    try:
        entry = strict_json(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return entry if isinstance(entry, dict) else None


def _salvage(line: bytes | None) -> dict[str, Any] | None:
    """A cut line followed, on the same line, by a complete record (an older Arle appended after
    a short write): the record at its end."""
    if line is None:
        return None
    start = max(line.rfind(b'{"n":'), line.rfind(b'{"len":'))
    return _record(line[start:]) if start > 0 else None


def _continues(entry: dict[str, Any], moves: list[Any]) -> bool:
    """A journal may only continue from, or go back into, the moves it already holds."""
    if set(entry) == {"n", "move"}:
        return _count(entry["n"], 1, len(moves) + 1)
    return set(entry) == {"len"} and _count(entry["len"], 0, len(moves))


def _count(n: Any, low: int, high: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and low <= n <= high


# -- the unfinished games ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GameEntry:
    """One unfinished game for the start page."""

    path: Path
    names: tuple[str, ...]
    half_year: int
    scores: tuple[float, ...]  # the live scores (half points happen)
    last_played: float  # epoch seconds
    save_path: Path | None
    in_use: bool  # another window is playing it
    #: A journal no move of which can be played: one sentence (set it aside with ``set_aside``).
    error: str | None = None
    #: Who plays each seat ("person" or a computer level); empty when the journal does not say.
    seats: tuple[str, ...] = ()
    #: A damaged journal of which some moves can be played: what is kept and what is lost.
    damage: Damage | None = None
    #: False when the journal could not be read just now (``error`` says why); listed again later.
    readable: bool = True
    #: The guided first game (the window's tutorial), marked so in the list (from ``setup``).
    guided: bool = False
    #: The setup record of the journal's first line, as written (empty when not a record).
    setup: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: Listed before it was read (``scan_games``): only the names, seats, save file and when it was
    #: last played are known yet; a later step of the listing replaces it.
    pending: bool = False
    #: A game against a friend on another computer: this computer's seat (None: no friend elsewhere).
    me: int | None = None
    #: Whose turn it is (a seat; None when not known yet, or nobody's).
    to_move: int | None = None

    @property
    def note(self) -> str | None:
        """The damage in an English sentence."""
        return None if self.damage is None else str(self.damage)


def list_games(folder: Path | None = None) -> list[GameEntry]:
    """The unfinished games in ``folder`` (default ``autosave_dir()``), most recently played first.

    A finished game's journal is deleted, once a replay confirmed it is finished. Stale temporary
    files are removed on the way, and the legacy single journal is moved into the default folder.
    (``scan_games`` gives the same list a part at a time, as the journals are read.)
    """
    listed: dict[Path, GameEntry] = {}
    for step in scan_games(folder):
        listed.update((e.path, e) for e in step.entries)
        for path in step.removed:
            listed.pop(path, None)
    return sorted(listed.values(), key=lambda e: e.last_played, reverse=True)


@dataclasses.dataclass(frozen=True)
class Listing:
    """One step of ``scan_games``: entries new or changed (by ``path``), and the journals that
    left the list (a finished game, a journal gone meanwhile)."""

    entries: list[GameEntry]
    removed: list[Path] = dataclasses.field(default_factory=list)


#: ``scan_games`` gives what it has read at least this often (seconds), and its first part at once.
STEP_S = 0.1
FIRST_STEP = 40


def scan_games(folder: Path | None = None, should_stop: Callable[[], bool] = lambda: False,
               step_s: float = STEP_S) -> Iterator[Listing]:
    """The unfinished games of ``folder`` (as ``list_games``), a part at a time, for a start page
    that shows the list as it is read (issue 42 item 7: 2,000 games took 19 s to replay).

    First every journal in the order last played, each from its summary cache when that holds
    (else ``pending``: its names from its first line, the rest to come); then each pending journal
    replayed, in the same order. Steps come every ``step_s`` seconds at least, the first one after
    ``FIRST_STEP`` journals (the top of the list shows at once) and one at the end of the first
    pass (the whole list shows before any replay)."""
    default = folder is None
    folder = autosave_dir() if folder is None else Path(folder)
    if default:
        _adopt_legacy(folder)
        for other in (data_dir(), saves_dir()):
            clean_stale_tmp(other)
    clean_stale_tmp(folder)
    try:
        names = [e for e in os.scandir(folder) if e.name.endswith(JOURNAL_EXTENSION)]
    except OSError:
        return
    found: list[tuple[float, Path]] = []
    for e in names:
        with contextlib.suppress(OSError):  # gone meanwhile (finished in another window)
            found.append((e.stat().st_mtime, Path(e.path)))
    found.sort(key=lambda pair: pair[0], reverse=True)
    pending: list[Path] = []
    step = Listing([])
    last = time.monotonic()
    first = True
    for replay in (False, True):
        for path in [p for _t, p in found] if not replay else pending:
            if should_stop():
                return
            entry = _entry(path, replay=replay)
            if entry is None:
                step.removed.append(path)
            else:
                step.entries.append(entry)
                if entry.pending:
                    pending.append(path)
            now = time.monotonic()
            if now - last >= step_s or (first and len(step.entries) >= FIRST_STEP):
                yield step
                step, last, first = Listing([]), now, False
        if step.entries or step.removed:  # the whole list before any replay, and the last part
            yield step
            step, last = Listing([]), time.monotonic()


def set_aside(path: Path) -> Path | None:
    """Rename a damaged journal to ``*.damaged`` (kept for a bug report, never over an earlier
    one) so it is not listed again. Returns the new path, or None when it could not be renamed."""
    path = Path(path)
    try:
        target = move_aside(path)
    except OSError:
        return None
    for extra in (_summary_path(path), lock_path(path)):
        with contextlib.suppress(OSError):
            extra.unlink()
    return target


def keep_damaged_copy(path: Path) -> Path:
    """Copy the journal at ``path`` to a new ``*.damaged`` file beside it (fsynced), before a
    rewrite drops moves it holds. Raises OSError (then nothing may rewrite the journal)."""
    from arle.files.paths import fsync_dir

    path = Path(path)
    target = keep_file_copy(path)
    fsync_dir(target.parent)
    return target


def _adopt_legacy(folder: Path) -> None:
    legacy = autosave_path()
    if not legacy.is_file():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        legacy.replace(folder / f"{new_autosave_path().stem}{JOURNAL_EXTENSION}")
    except OSError:
        pass


def _entry(path: Path, replay: bool = True) -> GameEntry | None:
    """The start page's line for one journal. The summary cache is trusted only for the exact
    bytes it was made from (their SHA-256), and never to delete a game: a finished game is
    replayed before its journal goes. Without ``replay``, a journal the cache does not tell is a
    ``pending`` entry (names from its first line), to be replayed later."""
    try:
        st = path.stat()
    except OSError:
        return None
    in_use = is_locked(path)
    try:
        raw, digest = _read_small(path)
        header = _header(raw) if raw is not None else _first_record(path)
    except JournalUnreadable as exc:  # not cached: once readable again, the game is back
        return GameEntry(path=path, names=(), half_year=1, scores=(), last_played=st.st_mtime,
                         save_path=None, in_use=in_use, error=str(exc), readable=False)
    except SaveError as exc:
        return GameEntry(path=path, names=(), half_year=1, scores=(), last_played=st.st_mtime,
                         save_path=None, in_use=in_use, error=str(exc))
    cached = _read_summary(path, digest)
    raw_setup = header.get("setup")
    setup: dict[str, Any] = raw_setup if isinstance(raw_setup, dict) else {}
    options = header.get("options")
    seats = _seats(options.get("seats") if isinstance(options, dict) else None)
    me = _me(options)
    if not replay and (cached is None or cached["over"] or cached["error"]):
        return GameEntry(path=path, names=_names(header.get("setup")), half_year=1, scores=(),
                         last_played=st.st_mtime, save_path=_save_path(header.get("save_path")),
                         in_use=in_use, seats=seats, pending=True, me=me, setup=setup)
    if cached is None or cached["over"] or cached["error"]:  # deletion and damage: replayed, always
        cached = _replayed_summary(raw if raw is not None else path)
        if not cached["over"] and not cached["error"]:
            with contextlib.suppress(OSError):
                _write_summary(path, cached, digest)
    if cached["over"]:  # a finished game is nothing to continue
        if not in_use:
            Autosaver(path).discard()
        return None
    return GameEntry(
        path=path,
        names=_names(header.get("setup")),
        half_year=cached["half_year"],
        scores=tuple(cached["scores"]),
        last_played=st.st_mtime,
        save_path=_save_path(header.get("save_path")),
        in_use=in_use,
        error=cached["error"],
        seats=seats,
        damage=Damage.from_dict(cached["damage"]),
        me=me,
        to_move=cached.get("actor"),
        setup=setup,
    )


def _read_small(path: Path) -> tuple[bytes | None, str]:
    """The journal's bytes when it is no larger than ``MAX_JOURNAL_BYTES`` (else None: it is read
    again a line at a time), and their SHA-256."""
    seen = _Bytes()
    kept: list[bytes] | None = []
    for chunk in _read_chunks(path, seen):
        if kept is not None:
            kept.append(chunk)
            if seen.size > MAX_JOURNAL_BYTES:
                kept = None
    return (None if kept is None else b"".join(kept)), seen.digest


def _first_record(path: Path) -> dict[str, Any]:
    """The first line of a journal too large to read whole, or nothing (as ``_header``)."""
    chunks = _read_chunks(path, _Bytes())
    try:
        first = next(_split(chunks), None)
    finally:
        chunks.close()  # (a generator: closes the file now)
    return _record(first.removeprefix(b"\xef\xbb\xbf") if first is not None else None) or {}


def _header(raw: bytes) -> dict[str, Any]:
    """The journal's first line, or nothing when it is not a record (the replay says why)."""
    first = raw.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    return _record(first) or {}


def _names(setup: Any) -> tuple[str, ...]:
    """The players' names of a journal's setup, or none when they are not one or two short texts."""
    names = setup.get("names") if isinstance(setup, dict) else None
    if (isinstance(names, list) and len(names) <= 2
            and all(isinstance(n, str) and 0 < len(n) <= MAX_NAME_CHARS and is_valid_text(n)
                    for n in names)):
        return tuple(names)
    return ()


def _seats(raw: Any) -> tuple[str, ...]:
    """The seats of a journal, or none when they are not a short list of texts."""
    if isinstance(raw, list) and len(raw) <= 2 and all(isinstance(s, str) and len(s) < 16 for s in raw):
        return tuple(raw)
    return ()


def _me(options: Any) -> int | None:
    """This computer's seat in a game against a friend elsewhere (``options.remote.me``)."""
    remote = options.get("remote") if isinstance(options, dict) else None
    me = remote.get("me") if isinstance(remote, dict) else None
    return me if me in (0, 1) and not isinstance(me, bool) else None


def _summary_path(path: Path) -> Path:
    return path.with_name(path.name + SUMMARY_SUFFIX)


def _summary_of(history: GameHistory, damage: Damage | None = None) -> dict[str, Any]:
    """What the start page needs that only a replay tells (names and seats are in the header)."""
    game = history.game
    return {
        "half_year": game.state.half_year,
        "scores": game.scores(),
        "over": game.over,
        "actor": game.actor,
        "error": None,
        "damage": None if damage is None else damage.as_dict(),
    }


def _replayed_summary(raw: bytes | Path) -> dict[str, Any]:
    try:
        resumed = _resume_bytes(raw) if isinstance(raw, bytes) else resume(raw)
    except SaveError as exc:
        return {"half_year": 1, "scores": [], "over": False, "actor": None, "error": str(exc), "damage": None}
    return _summary_of(resumed.history, resumed.damage)


def _write_summary(path: Path, summary: dict[str, Any], digest: str) -> None:
    """Not fsynced: a lost summary is only rebuilt by replay."""
    data = {"v": _SUMMARY_VERSION, **summary}
    data["sha256"] = _seal(data, digest)
    tmp = path.with_name(f".{path.name}{SUMMARY_SUFFIX}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=True), encoding="ascii")
    os.replace(tmp, _summary_path(path))


def _seal(summary: dict[str, Any], digest: str) -> str:
    """The SHA-256 of the journal's digest and the summary's own values: a summary edited by hand,
    or left from other bytes of the journal, does not match."""
    text = json.dumps(summary, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(f"{digest}\n{text}".encode("ascii")).hexdigest()


def _score(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and abs(value) <= MAX_SCORE


def _sentence(value: Any) -> bool:
    return value is None or (isinstance(value, str) and 0 < len(value) <= MAX_MESSAGE_CHARS
                             and is_valid_text(value))


def _read_summary(path: Path, digest: str) -> dict[str, Any] | None:
    """The cached summary when it was made from the journal's bytes as they are now and holds
    only what a game can, else None (then the journal is replayed)."""
    try:
        data = strict_json(read_bounded(_summary_path(path), 64 * 1024).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("v") != _SUMMARY_VERSION:
        return None
    if data.get("sha256") != _seal({k: v for k, v in data.items() if k != "sha256"}, digest):
        return None
    scores, half_year = data.get("scores"), data.get("half_year")
    valid = (
        isinstance(scores, list) and len(scores) <= 2 and all(map(_score, scores))
        and isinstance(half_year, int) and not isinstance(half_year, bool) and 1 <= half_year <= 9
        and _sentence(data.get("error"))
        and (data.get("damage") is None or Damage.from_dict(data.get("damage")) is not None)
        and isinstance(data.get("over"), bool)
        and data.get("actor") in (None, 0, 1) and not isinstance(data.get("actor"), bool)
    )
    return data if valid else None
