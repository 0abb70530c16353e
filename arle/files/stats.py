"""Statistics of finished games (issue 13): games played, wins per player name, best and average
solo scores. A JSON file ``stats.json`` in the data directory, no Qt.

A game is recorded when it ends, under its game id (``game_id``: a digest of its setup, so the
same game ended again after an undo at the end, or opened again from a save, is one game; its
latest result counts). Read like the settings: only a regular file, at most ``MAX_STATS_BYTES``;
a damaged file gives the statistics that can be read and a warning sentence. Before the next game
ended rewrites it, the file as it was is kept beside it (``stats.json.damaged``, then
``stats.json.2.damaged``...: never over an earlier copy), so an unreadable record is never simply
dropped (issue 42 item 5). A name that is not valid text (a lone surrogate) is read repaired.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import math
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


def read_stats(path: Path | None = None) -> tuple[dict[str, GameRecord], str | None]:
    """The recorded games by id, and a warning sentence if (part of) the file could not be used."""
    games, warning, _raw = _load(Path(path) if path is not None else stats_path())
    return games, warning


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


def record_game(key: str, record: GameRecord, path: Path | None = None) -> bool:
    """Record one finished game under ``key`` (replacing what that game recorded before). True when
    this is the first time the game is recorded. A file that could not all be read is kept
    beside it first (a new ``.damaged`` copy), never overwritten; False when it cannot be kept."""
    from arle.files.paths import atomic_write_text

    path = Path(path) if path is not None else stats_path()
    games, warning, raw = _load(path)
    if warning is not None and (raw is not None or path.exists()):
        try:
            if raw is not None:
                keep_copy(path, raw)
            else:  # too large, not a file, unreadable: moved aside whole, unread
                move_aside(path)
        except OSError as exc:
            log.warning("cannot set the statistics file aside: %s", exc)
            return False
    new = key not in games
    games.pop(key, None)
    # A name no file can hold (a lone surrogate, put in through the API) is kept repaired.
    games[key] = dataclasses.replace(record, names=tuple(valid_text(n) for n in record.names))
    while len(games) > MAX_GAMES:  # the oldest first: dicts keep the order of insertion
        games.pop(next(iter(games)))
    data = {"schema": SCHEMA, "games": {k: dataclasses.asdict(r) for k, r in games.items()}}
    atomic_write_text(path, json.dumps(data, ensure_ascii=False) + "\n")
    return new


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
