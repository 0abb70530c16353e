"""The unfinished games, for the start page: one ``GameEntry`` per journal, most recently played
first, read from each journal's summary cache when it holds (``arle.files.journal.summary``), else
replayed. A finished game's journal is deleted once a replay confirmed it is finished; a damaged
one can be set aside (``set_aside``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from arle.files.errors import MAX_NAME_CHARS, JournalUnreadable, SaveError, is_valid_text
from arle.files.locks import is_locked, lock_path
from arle.files.paths import (
    JOURNAL_EXTENSION,
    Bytes,
    autosave_dir,
    autosave_path,
    clean_stale_tmp,
    data_dir,
    move_aside,
    new_autosave_path,
    saves_dir,
)

from .format import MAX_JOURNAL_BYTES, journal_chunks, record_of, save_path_of, split_lines
from .listener import Autosaver
from .reader import Damage
from .summary import read_summary, replayed_summary, summary_path, write_summary


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
    for extra in (summary_path(path), lock_path(path)):
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
    cached = read_summary(path, digest)
    raw_setup = header.get("setup")
    setup: dict[str, Any] = raw_setup if isinstance(raw_setup, dict) else {}
    options = header.get("options")
    seats = _seats(options.get("seats") if isinstance(options, dict) else None)
    me = _me(options)
    if not replay and (cached is None or cached["over"] or cached["error"]):
        return GameEntry(path=path, names=_names(header.get("setup")), half_year=1, scores=(),
                         last_played=st.st_mtime, save_path=save_path_of(header.get("save_path")),
                         in_use=in_use, seats=seats, pending=True, me=me, setup=setup)
    if cached is None or cached["over"] or cached["error"]:  # deletion and damage: replayed, always
        cached = replayed_summary(raw if raw is not None else path)
        if not cached["over"] and not cached["error"]:
            with contextlib.suppress(OSError):
                write_summary(path, cached, digest)
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
        save_path=save_path_of(header.get("save_path")),
        in_use=in_use,
        error=cached["error"],
        seats=seats,
        damage=Damage.from_dict(cached["damage"]),
        me=me,
        to_move=_to_move(options, me, cached.get("actor"), st.st_mtime),
        setup=setup,
    )


def _read_small(path: Path) -> tuple[bytes | None, str]:
    """The journal's bytes when it is no larger than ``MAX_JOURNAL_BYTES`` (else None: it is read
    again a line at a time), and their SHA-256."""
    seen = Bytes()
    kept: list[bytes] | None = []
    for chunk in journal_chunks(path, seen):
        if kept is not None:
            kept.append(chunk)
            if seen.size > MAX_JOURNAL_BYTES:
                kept = None
    return (None if kept is None else b"".join(kept)), seen.digest


def _first_record(path: Path) -> dict[str, Any]:
    """The first line of a journal too large to read whole, or nothing (as ``_header``)."""
    chunks = journal_chunks(path, Bytes())
    try:
        first = next(split_lines(chunks), None)
    finally:
        chunks.close()  # (a generator: closes the file now)
    return record_of(first.removeprefix(b"\xef\xbb\xbf") if first is not None else None) or {}


def _header(raw: bytes) -> dict[str, Any]:
    """The journal's first line, or nothing when it is not a record (the replay says why)."""
    first = raw.removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    return record_of(first) or {}


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


#: The most names looked at in a shared folder when listing (a folder of junk is not read to its end).
MAX_FOLDER_NAMES = 20_000


def _to_move(options: Any, me: int | None, actor: Any, played: float) -> int | None:
    """Whose turn it is: the journal's, unless this is a game by a shared folder waiting for the
    friend and the folder holds a turn file of the friend's newer than the journal (issue 48 item 4:
    the start page said "waiting for Player 2" after the friend played)."""
    seat: int | None = actor if actor in (0, 1) and not isinstance(actor, bool) else None
    remote = options.get("remote") if isinstance(options, dict) else None
    folder = remote.get("folder") if isinstance(remote, dict) and remote.get("mode") == "folder" else None
    if me is None or seat != 1 - me or not isinstance(folder, str) or not folder:
        return seat
    prefix = f"turn-{2 - me}-"  # the friend's seat, counted from 1, as the turn files name it
    try:
        with os.scandir(folder) as entries:
            for count, entry in enumerate(entries):
                if count >= MAX_FOLDER_NAMES:
                    break
                if (entry.name.startswith(prefix) and entry.name.endswith(".json")
                        and entry.is_file(follow_symlinks=False)
                        and entry.stat(follow_symlinks=False).st_mtime > played):
                    return me
    except OSError:  # the folder is not here now (a share not mounted): the journal's word
        pass
    return seat


def _me(options: Any) -> int | None:
    """This computer's seat in a game against a friend elsewhere (``options.remote.me``)."""
    remote = options.get("remote") if isinstance(options, dict) else None
    me = remote.get("me") if isinstance(remote, dict) else None
    return me if me in (0, 1) and not isinstance(me, bool) else None
