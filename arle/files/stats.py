"""Statistics of finished games (issue 13): games played, wins per player name, best and average
solo scores, no Qt. Kept in SQLite (``stats.sqlite3`` in the data directory, issue 48 item 2): one
row a finished game, written in a transaction (WAL, a busy timeout), so that two windows ending
games at the same moment lose nothing. The ``stats.json`` of earlier Arles is imported once and
kept beside as ``stats.json.imported``; what follows describes how it is read. A database that
cannot be used is set aside like every damaged file (``stats.sqlite3.damaged``) with a sentence,
and the next game starts a new one.

A game is recorded when it ends, under its game id (``game_id``: a digest of its setup, so the
same game ended again after an undo at the end, or opened again from a save, is one game; its
latest result counts). Read like the settings: only a regular file, at most ``MAX_STATS_BYTES``;
a damaged file gives the statistics that can be read and a warning sentence. Before the next game
ended rewrites it, the file as it was is kept beside it (``stats.json.damaged``, then
``stats.json.2.damaged``...: never over an earlier copy), so an unreadable record is never simply
dropped (issue 42 item 5). A name that is not valid text (a lone surrogate) is read repaired.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import hashlib
import json
import logging
import math
import os
import sqlite3
import stat
import time
from pathlib import Path
from typing import Any

from arle.files.errors import is_valid_text, valid_text
from arle.files.paths import (
    FileTooLarge,
    NotARegularFile,
    data_dir,
    keep_copy,
    move_aside,
    read_bounded,
)

log = logging.getLogger(__name__)

#: A seat a person plays (as ``arle.match.PERSON``; the files layer does not import the match).
PERSON = "person"

SCHEMA = 1
#: About 10,000 games: far more than anyone plays, small enough to read at once.
MAX_STATS_BYTES = 4 * 1024 * 1024
MAX_GAMES = 10_000
#: The database, beside the ``stats.json`` it replaces; the imported file's new suffix.
DATABASE = "stats.sqlite3"
IMPORTED = ".imported"
#: How long a writer waits for another window's transaction (s).
BUSY_S = 10.0


@dataclasses.dataclass(frozen=True)
class GameRecord:
    """One finished game: the players' names and totals in seat order, and the winner's seat."""

    names: tuple[str, ...]
    scores: tuple[float, ...]
    winner: int
    #: Who played each seat: "person" or the computer's level (empty: people only, as recorded
    #: before issue 43).
    seats: tuple[str, ...] = ()

    def seat(self, index: int) -> str:
        return self.seats[index] if index < len(self.seats) else PERSON

    @property
    def solo(self) -> bool:
        return len(self.names) == 1


@dataclasses.dataclass(frozen=True)
class Summary:
    played: int
    #: (player name, seat: "person" or the computer's level) -> games won (two-player games only:
    #: a solo game has no opponent to beat).
    wins: dict[tuple[str, str], int]
    solo_played: int
    solo_best: float | None
    solo_average: float | None


def stats_path() -> Path:
    return data_dir() / "stats.json"


def game_id(setup: Any) -> str:
    """The id of the game ``setup`` starts: equal for the same setup, whatever moves follow."""
    from arle.files.records import setup_to_dict

    text = json.dumps(setup_to_dict(setup), sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def _record(value: Any) -> GameRecord | None:
    """A record read from the file, or None if it is not one."""
    if not isinstance(value, dict):
        return None
    names, scores, winner = value.get("names"), value.get("scores"), value.get("winner")
    if not (isinstance(names, list) and isinstance(scores, list) and 1 <= len(names) <= 2
            and len(scores) == len(names) and all(isinstance(n, str) and 0 < len(n) <= 64 for n in names)
            and all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                    for v in scores)
            and isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < len(names)):
        return None
    seats = value.get("seats", [])
    if not (isinstance(seats, list) and len(seats) in (0, len(names))
            and all(isinstance(v, str) and 0 < len(v) <= 16 for v in seats)):
        return None
    return GameRecord(tuple(names), tuple(float(v) for v in scores), winner, tuple(seats))


def _load(path: Path) -> tuple[dict[str, GameRecord], str | None, bytes | None]:
    """``read_stats``, and the file's bytes when they could be read (None: missing or unreadable)."""
    try:
        raw = read_bounded(path, MAX_STATS_BYTES)
    except FileNotFoundError:
        return {}, None, None
    except FileTooLarge:
        return _warn(f"the statistics file {path} is absurdly large; it is not used")
    except NotARegularFile:
        return _warn(f"the statistics file {path} is not a regular file; it is not used")
    except OSError:
        return _warn(f"the statistics file {path} could not be read; it is not used")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _warn(f"the statistics file {path} could not be read; it is not used", raw)
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict):
        return _warn(f"the statistics file {path} is not a statistics record; it is not used", raw)
    records = {k: r for k, v in games.items()
               if isinstance(k, str) and is_valid_text(k) and (r := _record(v)) is not None}
    repaired = any(not is_valid_text(n) for r in records.values() for n in r.names)
    if repaired:  # a lone surrogate, which no file can hold: every later write would fail
        records = {k: dataclasses.replace(r, names=tuple(valid_text(n) for n in r.names))
                   for k, r in records.items()}
    if len(records) != len(games):
        log.warning("the statistics file %s has %d unusable games; they are left out", path,
                    len(games) - len(records))
        return records, f"the statistics file {path} has games that cannot be read; they are left out", raw
    if repaired:
        return records, f"the statistics file {path} has names that are not valid text; repaired", raw
    return records, None, raw


def _warn(message: str, raw: bytes | None = None) -> tuple[dict[str, GameRecord], str, bytes | None]:
    log.warning(message)
    return {}, message, raw


def read_stats(path: Path | None = None) -> tuple[dict[str, GameRecord], str | None]:
    """The recorded games by id (the oldest first), and a warning sentence if some could not be used.
    ``path``: the ``stats.json`` of earlier Arles; the database is beside it."""
    path = Path(path) if path is not None else stats_path()
    with _Database(path, set_aside=False) as db:
        return db.games(), db.warning


def record_game(key: str, record: GameRecord, path: Path | None = None) -> bool:
    """Record one finished game under ``key`` (replacing what that game recorded before). True when
    this is the first time the game is recorded. Raises OSError when the statistics cannot be
    written (the sentence says why)."""
    path = Path(path) if path is not None else stats_path()
    # A name no file can hold (a lone surrogate, put in through the API) is kept repaired.
    record = dataclasses.replace(record, names=tuple(valid_text(n) for n in record.names))
    with _Database(path, set_aside=True) as db:
        if db.connection is None:
            raise OSError(errno.EIO, db.warning or "the statistics cannot be written", str(db.path))
        return db.put(key, record)


def database_path(path: Path) -> Path:
    """The database beside the ``stats.json`` at ``path``."""
    return path.with_name(DATABASE)


class _Database:
    """The statistics database, opened (made, and the old JSON file imported, when needed)."""

    def __init__(self, path: Path, *, set_aside: bool) -> None:
        self.json_path = path
        self.path = database_path(path)
        #: Whether an old file that could not all be read is set aside and imported (a game ended)
        #: or only read (the statistics shown: reading changes no file).
        self.set_aside = set_aside
        self.warning: str | None = None
        self.connection: sqlite3.Connection | None = None
        self.unimported: dict[str, GameRecord] = {}

    def __enter__(self) -> _Database:
        self.connection = self._open()
        if self.json_path.exists() or self.json_path.is_symlink():
            self._import()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.connection is not None:
            self.connection.close()

    def _open(self) -> sqlite3.Connection | None:
        for _ in range(2):  # a damaged database is set aside once, and a new one started
            problem = self._not_regular()
            connection = None
            if problem is None:
                busy_until = time.monotonic() + BUSY_S
                while True:
                    try:
                        self.path.parent.mkdir(parents=True, exist_ok=True)
                        connection = sqlite3.connect(self.path, timeout=BUSY_S, isolation_level=None)
                        connection.execute("PRAGMA journal_mode=WAL")
                        connection.execute(_TABLE)
                        connection.execute("SELECT count(*) FROM games").fetchone()
                        return connection
                    except sqlite3.OperationalError as exc:
                        # Locked or busy: another Arle is writing (the switch to WAL does not wait
                        # for it). Not damage: the database was set aside, with the games in it.
                        if connection is not None:
                            connection.close()
                            connection = None
                        if _busy(exc) and time.monotonic() < busy_until:
                            time.sleep(0.02)
                            continue
                        self._say(f"the statistics database {self.path} cannot be used ({exc})")
                        return None
                    except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed"...
                        problem = f"the statistics database {self.path} is damaged ({exc})"
                        break
                    except (sqlite3.Error, OSError) as exc:  # a read-only folder
                        if connection is not None:
                            connection.close()
                        self._say(f"the statistics database {self.path} cannot be used ({exc})")
                        return None
            if connection is not None:
                connection.close()
            if not self._set_aside(problem):
                return None
        return None

    def _not_regular(self) -> str | None:
        """Why the database (or its WAL and shared-memory files) cannot be opened safely: a link,
        a FIFO, a device (SQLite would follow, block or write through it); None when they are fine."""
        for name in (self.path, *(self.path.with_name(DATABASE + extra) for extra in ("-wal", "-shm"))):
            try:
                mode = os.lstat(name).st_mode
            except FileNotFoundError:
                continue
            except OSError as exc:
                return f"the statistics database {name} cannot be read ({exc.strerror or exc})"
            if not stat.S_ISREG(mode):
                return f"the statistics database {name} is not a regular file"
        return None

    def _set_aside(self, problem: str) -> bool:
        """Set the damaged database aside (a new ``.damaged`` copy, never over an earlier one)."""
        try:
            kept = move_aside(self.path)
        except OSError as exc:
            self._say(f"{problem}; it could not be set aside ({exc.strerror or exc})")
            return False
        for extra in ("-wal", "-shm"):
            with contextlib.suppress(OSError):
                os.unlink(self.path.with_name(DATABASE + extra))
        self._say(f"{problem}; it is kept as {kept.name} and a new one is started")
        return True

    def _say(self, text: str) -> None:
        log.warning("%s", text)
        self.warning = text if self.warning is None else self.warning

    def _import(self) -> None:
        """Import the ``stats.json`` of earlier Arles once (the games the database holds already
        stay as they are), then keep it beside as ``stats.json.imported``; a file that could not
        all be read is first kept as a ``.damaged`` copy."""
        games, warning, raw = _load(self.json_path)
        if warning is not None:
            self._say(warning)
        if self.connection is None or (warning is not None and not self.set_aside):
            self.unimported = games
            return
        if warning is not None:
            try:
                if raw is not None:
                    keep_copy(self.json_path, raw)
                else:  # too large, not a file, unreadable: moved aside whole, unread
                    move_aside(self.json_path)
                    return
            except OSError as exc:
                log.warning("cannot set the statistics file aside: %s", exc)
                return
        connection = self.connection
        assert connection is not None
        with contextlib.suppress(sqlite3.Error, OSError):
            connection.execute("BEGIN IMMEDIATE")
            for key, record in games.items():
                connection.execute("INSERT OR IGNORE INTO games (key, record) VALUES (?, ?)",
                                   (key, _as_text(record)))
            connection.execute("COMMIT")
            os.replace(self.json_path, self.json_path.with_name(self.json_path.name + IMPORTED))

    def games(self) -> dict[str, GameRecord]:
        """The database's games, then those of an old file not imported yet."""
        rows: list[Any] = []
        if self.connection is not None:
            try:
                rows = self.connection.execute("SELECT key, record FROM games ORDER BY id").fetchall()
            except sqlite3.Error as exc:
                self._say(f"the statistics database {self.path} cannot be read ({exc})")
        games: dict[str, GameRecord] = {}
        for key, text in rows:
            record = _from_text(text)
            if isinstance(key, str) and record is not None:
                games[key] = record
        if len(games) != len(rows):
            self._say(f"the statistics database {self.path} has games that cannot be read; they are left out")
        return {**self.unimported, **games}

    def put(self, key: str, record: GameRecord) -> bool:
        connection = self.connection
        assert connection is not None
        try:
            connection.execute("BEGIN IMMEDIATE")  # the write lock first: no read-then-lost update
            try:
                new = connection.execute("SELECT 1 FROM games WHERE key = ?", (key,)).fetchone() is None
                connection.execute("INSERT OR REPLACE INTO games (key, record) VALUES (?, ?)",
                                   (key, _as_text(record)))
                connection.execute("DELETE FROM games WHERE id NOT IN "
                                   "(SELECT id FROM games ORDER BY id DESC LIMIT ?)", (MAX_GAMES,))
                connection.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise OSError(errno.EIO, f"the statistics cannot be written ({exc})", str(self.path)) from None
        return new


def _busy(exc: sqlite3.Error) -> bool:
    """Whether SQLite refused because another connection holds the database for now."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _as_text(record: GameRecord) -> str:
    return json.dumps(dataclasses.asdict(record), ensure_ascii=True)


def _from_text(text: Any) -> GameRecord | None:
    if not isinstance(text, str) or len(text) > 4096:
        return None
    try:
        return _record(json.loads(text))
    except (ValueError, RecursionError):
        return None


_TABLE = ("CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY AUTOINCREMENT, "
          "key TEXT NOT NULL UNIQUE, record TEXT NOT NULL)")


def summarize(games: dict[str, GameRecord]) -> Summary:
    wins: dict[tuple[str, str], int] = {}
    for r in games.values():
        if not r.solo:
            for i, name in enumerate(r.names):
                wins.setdefault((name, r.seat(i)), 0)
            wins[r.names[r.winner], r.seat(r.winner)] += 1
    solo = [r.scores[0] for r in games.values() if r.solo]
    return Summary(
        played=len(games),
        wins=dict(sorted(wins.items(), key=lambda kv: (-kv[1], kv[0][0].casefold(), kv[0][1]))),
        solo_played=len(solo),
        solo_best=max(solo) if solo else None,
        solo_average=sum(solo) / len(solo) if solo else None,
    )


def personal_best(name: str, games: dict[str, GameRecord], exclude: str | None = None) -> float | None:
    """``name``'s best solo score, leaving out game ``exclude`` (the one just ended)."""
    scores = [r.scores[0] for k, r in games.items() if r.solo and r.names[0] == name and k != exclude]
    return max(scores) if scores else None
