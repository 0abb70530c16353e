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

A crash can only cut the last line short; a line without its newline is the move in flight and is
ignored. A failed append (a full disk) is cut back to the last complete line, so the journal stays
valid and the next ``sync`` writes every move not yet written. Older Arle versions could leave a cut
line in the middle: ``resume`` skips it when the lines after it continue consistently, otherwise it
keeps the complete moves before it, and says so in ``ResumedGame.note``. Every move is replayed
through the engine on resume, so a journal can hold nothing the rules forbid.

Each journal has a lock file (``arle.files.locks``): one window writes a game. ``list_games`` reads a
small summary cache beside each journal (``<journal>.summary``, not fsynced, rebuilt by replay
when missing or stale), because replaying a dozen long games would delay the start page.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arle import __version__
from arle.files.errors import GameInUse, SaveError, is_valid_text, shown, strict_json
from arle.files.locks import GameLock, is_locked, lock_path
from arle.files.paths import (
    JOURNAL_EXTENSION,
    FileTooLarge,
    NotARegularFile,
    autosave_dir,
    autosave_path,
    clean_stale_tmp,
    data_dir,
    new_autosave_path,
    read_bounded,
    saves_dir,
)

if TYPE_CHECKING:  # the engine loads only when a game is written or replayed, not to list games
    from arle.engine import Move
    from arle.match.history import GameHistory

__all__ = [
    "Autosaver", "GameEntry", "GameInUse", "ResumedGame", "autosave_path", "find_unfinished",
    "list_games", "load_autosave", "new_autosave_path", "resume", "set_aside",
]

FORMAT = "arle-autosave"
SCHEMA = 1
#: The summary cache of ``x.arle-journal`` is ``x.arle-journal.summary``.
SUMMARY_SUFFIX = ".summary"
DAMAGED_SUFFIX = ".damaged"
#: As ``arle.files.saves.MAX_FILE_BYTES`` (a test checks they agree): one line per move is no longer.
MAX_JOURNAL_BYTES = 4 * 1024 * 1024
#: A longer "save_path" in a journal is not a real path (and would bloat the summary cache).
MAX_PATH_CHARS = 4096
_SUMMARY_VERSION = 1


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


class Autosaver:
    """Keeps the journal at ``path`` in step with a ``GameHistory``: call ``sync(history)`` after
    every apply, undo and redo (it writes only what changed). ``start`` takes the game's lock;
    ``close`` releases it and keeps the journal, ``discard`` deletes the journal.

    ``Autosaver()`` without a path is the legacy single journal (``autosave_path()``), unlocked,
    for callers not yet moved to one journal per game.
    """

    def __init__(self, path: Path | None = None, *, durable: bool = True,
                 save_path: Path | None = None) -> None:
        self.path = Path(path) if path is not None else autosave_path()
        #: fsync after every write (off only for tests that do not care about power failures).
        self.durable = durable
        self.save_path = Path(save_path) if save_path is not None else None
        self._lock = GameLock(self.path) if path is not None else None
        self._history: GameHistory | None = None
        self._written: list[Move] = []  # the moves the journal holds now
        self._lines = 0
        self._rewrite_next = False  # a failed append could not be cut back: rewrite on next sync

    def start(self, history: GameHistory) -> None:
        """Take the game's lock (``GameInUse`` if another window has it), then write the whole
        journal afresh (atomically) for this session's game."""
        if self._lock is not None and not self._lock.acquire():
            raise GameInUse()
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
        if self._lines > 2 * len(moves) + 64:  # many undos: compact instead of growing
            self.start(history)
            return
        out: list[str] = []
        if common < len(self._written) and common == len(moves):
            out.append(_line({"len": common}))
        from arle.engine import move_to_dict

        out += [_line({"n": i + 1, "move": move_to_dict(moves[i])}) for i in range(common, len(moves))]
        self._append("".join(out))
        self._written = list(moves)
        self._lines += len(out)

    def set_save_path(self, path: Path | None) -> None:
        """Record the save file the game came from or was saved to (in the journal header)."""
        self.save_path = Path(path) if path is not None else None
        if self._history is not None:
            self._rewrite(self._history, self._written)

    def close(self) -> None:
        """Keep the journal (the game can be continued) and release the lock."""
        if self._history is not None and self._written == self._history.moves and not self._rewrite_next:
            with contextlib.suppress(OSError):
                _write_summary(self.path, _summary_of(self._history, self.save_path))
        self._history = None
        if self._lock is not None:
            self._lock.release()

    def discard(self) -> None:
        """Forget the autosave (the game ended, or the player declined to resume it)."""
        for path in (self.path, _summary_path(self.path)):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        self._written = []
        self._history = None
        if self._lock is not None:
            self._lock.release_and_remove()

    # -- inside -------------------------------------------------------------------------------------

    def _rewrite(self, history: GameHistory, moves: Sequence[Move]) -> None:
        from arle.engine import move_to_dict
        from arle.files.saves import atomic_write_text, options_dict, setup_to_dict

        header = {
            "format": FORMAT,
            "schema": SCHEMA,
            "app_version": __version__,
            "setup": setup_to_dict(history.setup),
            "options": options_dict(history.friendly_undo, history.seats),
            "save_path": str(self.save_path) if self.save_path is not None else None,
        }
        lines = [_line(header)]
        lines += [_line({"n": i, "move": move_to_dict(m)}) for i, m in enumerate(moves, start=1)]
        try:
            atomic_write_text(self.path, "".join(lines))
        except UnicodeError:
            raise SaveError("the game cannot be autosaved: a name in it is not valid text") from None
        self._written = list(moves)
        self._lines = len(lines)
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


# -- reading a journal ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ResumedGame:
    history: GameHistory
    #: The save file the game came from or was last saved to.
    save_path: Path | None
    #: One sentence when damage was skipped or moves were lost, for the player; else None.
    note: str | None = None


def resume(path: Path) -> ResumedGame:
    """Replay the journal at ``path`` (without taking its lock: start an ``Autosaver`` on the same
    path to go on playing). Raises SaveError (one sentence) when it cannot be played."""
    from arle.files.saves import read_moves, read_options, read_seats, read_setup, replay

    header, raw_moves, note, before_damage = _parse(Path(path))
    setup = read_setup(header.get("setup"))
    friendly = read_options(header.get("options"))
    seats = read_seats(header.get("options"), setup.players)
    try:
        history = replay(setup, read_moves(raw_moves), friendly, seats)
    except SaveError:
        if before_damage is None:
            raise
        history = replay(setup, read_moves(before_damage), friendly, seats)
        note = _lost_note(note, len(before_damage))
    return ResumedGame(history, _save_path(header.get("save_path")), note)


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


def _read(path: Path) -> bytes:
    try:
        return read_bounded(path, MAX_JOURNAL_BYTES)
    except FileNotFoundError:
        raise SaveError("there is no autosaved game") from None
    except FileTooLarge:
        raise SaveError("the autosaved game is too large to be a real game") from None
    except NotARegularFile as exc:
        raise SaveError(f"the autosaved game cannot be read: {exc.strerror}") from None
    except OSError as exc:
        raise SaveError(f"the autosaved game cannot be read: {exc.strerror or exc}") from None


def _parse(path: Path) -> tuple[dict[str, Any], list[Any], str | None, list[Any] | None]:
    """The header, the raw moves, a note on damage skipped, and the moves before the first
    damaged line (None when there was none): what to fall back to if the rest does not replay."""
    raw = _read(path)
    lines = raw[: raw.rfind(b"\n") + 1].split(b"\n")[:-1]  # a last line without newline: in flight
    if not lines:
        raise SaveError("the autosaved game is empty")
    header = _record(lines[0])
    if header is None:
        raise SaveError("the autosaved game's first line is not valid JSON")
    if header.get("format") != FORMAT:
        raise SaveError("the autosave file is not an Arle autosave")
    schema = header.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema > SCHEMA:
        raise SaveError(f"the autosaved game was written by a newer Arle (journal version {shown(schema)})")
    moves: list[Any] = []
    damaged: list[int] = []
    before_damage: list[Any] | None = None
    for number, line in enumerate(lines[1:], start=2):
        entry = _record(line)
        if entry is None:  # damaged; perhaps a cut line with a whole record glued after it
            entry = _salvage(line)
            if before_damage is None:
                before_damage = list(moves)
            damaged.append(number)
        if entry is not None and _continues(entry, moves):
            if "n" in entry:
                del moves[entry["n"] - 1 :]
                moves.append(entry["move"])
            else:
                del moves[entry["len"] :]
            if len(moves) > _max_moves():
                raise SaveError("the autosaved game has more moves than any game can have")
            continue
        if entry is not None:  # a record that does not follow: nothing after it can be trusted
            if not damaged or damaged[-1] != number:
                damaged.append(number)
            kept = before_damage if before_damage is not None else moves
            return header, kept, _lost_note(_damage(damaged), len(kept)), None
    if not damaged:
        return header, moves, None, None
    note = f"{_damage(damaged)} and skipped; all {len(moves)} moves were recovered."
    return header, moves, note, before_damage


def _max_moves() -> int:
    from arle.files.saves import MAX_MOVES

    return MAX_MOVES


def _damage(lines: list[int]) -> str:
    if len(lines) == 1:
        return f"Line {lines[0]} of the autosave was damaged"
    listed = ", ".join(map(str, lines[:3])) + (", ..." if len(lines) > 3 else "")
    return f"Lines {listed} of the autosave were damaged"


def _lost_note(note: str | None, kept: int) -> str:
    cause = (note or "The autosave was damaged").split(" and skipped")[0]
    return f"{cause}; the {kept} complete moves before the damage were recovered."


def _record(line: bytes) -> dict[str, Any] | None:
    try:
        entry = strict_json(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return entry if isinstance(entry, dict) else None


def _salvage(line: bytes) -> dict[str, Any] | None:
    """A cut line followed, on the same line, by a complete record (an older Arle appended after
    a short write): the record at its end."""
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
    error: str | None = None  # a damaged journal: one sentence (set it aside with ``set_aside``)
    #: Who plays each seat ("person" or a computer level); empty when the summary does not say.
    seats: tuple[str, ...] = ()


def list_games(folder: Path | None = None) -> list[GameEntry]:
    """The unfinished games in ``folder`` (default ``autosave_dir()``), most recently played first.

    A finished game's journal is deleted. Stale temporary files are removed on the way, and the
    legacy single journal is moved into the default folder.
    """
    default = folder is None
    folder = autosave_dir() if folder is None else Path(folder)
    if default:
        _adopt_legacy(folder)
        for other in (data_dir(), saves_dir()):
            clean_stale_tmp(other)
    clean_stale_tmp(folder)
    try:
        paths = [p for p in folder.iterdir() if p.name.endswith(JOURNAL_EXTENSION)]
    except OSError:
        return []
    entries = [e for e in map(_entry, paths) if e is not None]
    entries.sort(key=lambda e: e.last_played, reverse=True)
    return entries


def set_aside(path: Path) -> Path | None:
    """Rename a damaged journal to ``*.damaged`` (kept for a bug report) so it is not listed again.
    Returns the new path, or None when it could not be renamed."""
    path = Path(path)
    target = path.with_name(path.name + DAMAGED_SUFFIX)
    try:
        path.replace(target)
    except OSError:
        return None
    for extra in (_summary_path(path), lock_path(path)):
        with contextlib.suppress(OSError):
            extra.unlink()
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


def _entry(path: Path) -> GameEntry | None:
    try:
        st = path.stat()
    except OSError:
        return None
    in_use = is_locked(path)
    cached = _read_summary(path, st)
    if cached is None:
        cached = _replayed_summary(path)
        if not cached["over"]:
            with contextlib.suppress(OSError):
                _write_summary(path, cached, st)
    if cached["over"]:  # a finished game is nothing to continue
        if not in_use:
            Autosaver(path).discard()
        return None
    return GameEntry(
        path=path,
        names=tuple(cached["names"]),
        half_year=cached["half_year"],
        scores=tuple(cached["scores"]),
        last_played=st.st_mtime,
        save_path=_save_path(cached.get("save_path")),
        in_use=in_use,
        error=cached.get("error"),
        seats=_seats(cached.get("seats")),
    )


def _seats(raw: Any) -> tuple[str, ...]:
    """The seats of a summary, or none when they are not a short list of texts."""
    if isinstance(raw, list) and len(raw) <= 2 and all(isinstance(s, str) and len(s) < 16 for s in raw):
        return tuple(raw)
    return ()


def _summary_path(path: Path) -> Path:
    return path.with_name(path.name + SUMMARY_SUFFIX)


def _summary_of(history: GameHistory, save_path: Path | None) -> dict[str, Any]:
    game = history.game
    return {
        "names": [p.name for p in game.state.players],
        "half_year": game.state.half_year,
        "scores": game.scores(),
        "over": game.over,
        "save_path": str(save_path) if save_path is not None else None,
        "error": None,
        "seats": list(history.seats),
    }


def _replayed_summary(path: Path) -> dict[str, Any]:
    try:
        resumed = resume(path)
    except SaveError as exc:
        return {"names": [], "half_year": 1, "scores": [], "over": False, "save_path": None,
                "error": str(exc)}
    return _summary_of(resumed.history, resumed.save_path)


def _write_summary(path: Path, summary: dict[str, Any], st: os.stat_result | None = None) -> None:
    """Not fsynced: a lost or stale summary is only rebuilt by replay."""
    st = st if st is not None else path.stat()
    data = {"v": _SUMMARY_VERSION, "size": st.st_size, "mtime_ns": st.st_mtime_ns, **summary}
    tmp = path.with_name(f".{path.name}{SUMMARY_SUFFIX}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=True), encoding="ascii")
    os.replace(tmp, _summary_path(path))


def _read_summary(path: Path, st: os.stat_result) -> dict[str, Any] | None:
    """The cached summary when it describes the journal as it is now, else None."""
    try:
        data = strict_json(read_bounded(_summary_path(path), 64 * 1024).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("v") != _SUMMARY_VERSION:
        return None
    if data.get("size") != st.st_size or data.get("mtime_ns") != st.st_mtime_ns:
        return None
    names, scores, half_year = data.get("names"), data.get("scores"), data.get("half_year")
    error, save_path = data.get("error"), data.get("save_path")
    valid = (
        isinstance(names, list) and all(isinstance(n, str) and is_valid_text(n) for n in names)
        and isinstance(scores, list) and all(isinstance(s, int | float) for s in scores)
        and isinstance(half_year, int) and 1 <= half_year <= 9
        and isinstance(error, str | None) and isinstance(save_path, str | None)
        and isinstance(data.get("over"), bool)
    )
    return data if valid else None
