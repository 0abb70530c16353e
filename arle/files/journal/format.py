"""The journal's format: JSON lines, appended and fsynced after each change, one short line per
change (a full crash-safe rewrite of a long save costs several milliseconds, mostly fsync: see
``arle.commands.bench_saves``).

- line 1, the header: ``{"format": "arle-autosave", "schema": 1, "app_version", "setup", "options",
  "save_path"}`` (``options`` as in a save file, with ``seats`` when the computer plays a seat;
  ``save_path``: the save file the game came from or was last saved to, or null);
- ``{"n": k, "move": {...}}``: move number k (from 1) is ``move``; any moves from k on are dropped
  first (a new line of play after undo);
- ``{"len": k}``: the game was taken back to its first k moves (undo).

A journal is read a line at a time, in bounded memory: a line longer than ``MAX_LINE_BYTES`` is a
damaged line, never held whole. A crash can only cut the last line short; a line without its
newline is the move in flight and is ignored. Older Arle versions could leave a cut line in the
middle, with a whole record glued after it (``salvage``). Reading a journal's lines (``parse_lines``)
is lenient: it says which lines were damaged or do not follow, and the replay keeps the longer of
the moves it holds and the moves before its first damaged line (``arle.files.records.replay_raw``).
``parse_journal`` is the journal's step of the one load pipeline (``arle.files.loading``).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arle import __version__
from arle.files.errors import STRICT_JSON, JournalUnreadable, SaveError, is_valid_text, shown
from arle.files.paths import Bytes, NotARegularFile, read_chunks

if TYPE_CHECKING:  # the engine loads only when a game is written or replayed, not to list games
    from arle.engine import Move
    from arle.match.history import GameHistory


FORMAT = "arle-autosave"


SCHEMA = 1


#: As ``arle.files.saves.MAX_FILE_BYTES`` (a test checks they agree): one line per move is no longer.
#: A journal is not refused past it: it is read a line at a time (issue 42 item 4), and only a
#: journal this small is read whole at once to list it.
MAX_JOURNAL_BYTES = 4 * 1024 * 1024


#: A longer line is no record (the header, the longest, holds a few kilobytes at most): it is a
#: damaged line, skipped without being held in memory.
MAX_LINE_BYTES = 256 * 1024


#: A longer "save_path" in a journal is not a real path (and would bloat the summary cache).
MAX_PATH_CHARS = 4096


def as_line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def move_lines(start: int, moves: Sequence[Move]) -> str:
    """The journal's lines of ``moves``, the first of them move number ``start + 1``."""
    from arle.engine import move_to_dict

    return "".join(as_line({"n": start + i, "move": move_to_dict(m)}) for i, m in enumerate(moves, start=1))


def header_of(history: GameHistory, save_path: Path | None) -> dict[str, Any]:
    """The journal's first line for ``history``, whose save file is ``save_path`` (or none)."""
    from arle.files.records import options_dict, setup_to_dict

    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "app_version": __version__,
        "setup": setup_to_dict(history.setup),
        "options": options_dict(history.friendly_undo, history.seats, history.remote),
        "save_path": str(save_path) if save_path is not None else None,
    }


def save_path_of(raw: Any) -> Path | None:
    """The linked save file, or None when the journal's record of it cannot be a path."""
    if not isinstance(raw, str) or not raw or len(raw) > MAX_PATH_CHARS or "\0" in raw:
        return None
    return Path(raw) if is_valid_text(raw) else None


@dataclasses.dataclass
class Journal:
    """A journal's records, read leniently: the raw record of ``arle.files.records`` (``RawGame``)
    with what its damage cost, for the reader to say."""

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
    #: The SHA-256 of the bytes read (``ResumedGame.digest``).
    digest: str = ""
    #: A move that cannot be read or played never refuses a journal: the moves before it are kept.
    strict: bool = False
    #: A journal holds no final summary to compare (a save does).
    final: None = None

    @property
    def save_path(self) -> Path | None:
        """The save file the game came from or was last saved to (the header's ``save_path``)."""
        return save_path_of(self.header.get("save_path"))


def unreadable(exc: OSError) -> SaveError:
    """Why the journal could not be read, in one sentence (``JournalUnreadable``: just now)."""
    if isinstance(exc, FileNotFoundError):
        return JournalUnreadable("there is no autosaved game")
    if isinstance(exc, NotARegularFile):
        return SaveError(f"the autosaved game cannot be read: {exc.strerror}")
    return JournalUnreadable(f"the autosaved game cannot be read just now: {exc.strerror or exc}")


def journal_chunks(path: Path, seen: Bytes) -> Generator[bytes, None, None]:
    """``read_chunks`` for a journal: what fails says so in the journal's words (``unreadable``)."""
    try:
        yield from read_chunks(path, seen)
    except OSError as exc:
        raise unreadable(exc) from None


def split_lines(chunks: Iterable[bytes], cut: Callable[[], bool] = lambda: False) -> Iterator[bytes | None]:
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


def parse_journal(chunks: Iterable[bytes], seen: Bytes) -> Journal:
    """The journal whose bytes are ``chunks`` (``read_chunks``, counted into ``seen``), read a line
    at a time to the end; a read that fails is one sentence (``unreadable``)."""
    try:
        journal = parse_lines(split_lines(chunks, lambda: seen.cut))
    except OSError as exc:
        raise unreadable(exc) from None
    journal.digest = seen.digest
    return journal


def parse_lines(lines: Iterator[bytes | None]) -> Journal:
    """The records of a journal's lines (``split_lines``), read to the end."""
    first: bytes | bool | None = next(lines, False)
    if first is False:
        raise SaveError("the autosaved game is empty")
    line = first.removeprefix(b"\xef\xbb\xbf") if isinstance(first, bytes) else None  # a BOM
    header = record_of(line)
    if header is None:
        raise SaveError(f"the autosaved game's first line {_why_not(line)}")
    if header.get("format") != FORMAT:
        raise SaveError("the autosave file is not an Arle autosave")
    schema = header.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:  # true, "1": no number
        raise SaveError(f"the autosaved game has no valid journal version ({shown(schema)})")
    if schema > SCHEMA:
        raise SaveError(f"the autosaved game was written by a newer Arle (journal version {shown(schema)})")
    journal = Journal(header)
    moves, origin = journal.moves, journal.lines
    most = _max_moves()
    for number, line in enumerate(lines, start=2):
        entry = record_of(line)
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


def record_of(line: bytes | None) -> dict[str, Any] | None:
    if line is None:
        return None
    try:
        entry = STRICT_JSON.decode(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return entry if isinstance(entry, dict) else None


def _why_not(line: bytes | None) -> str:
    """Why a header line is no record, in words: "is not valid JSON", or the JSON reader's own
    sentence (a number of 5,000 digits is valid JSON that no record holds, issue 48 item 6)."""
    if line is not None:
        try:
            STRICT_JSON.decode(line.decode("utf-8"))
        except json.JSONDecodeError:
            pass
        except ValueError as exc:  # bounded_int, a duplicated key, NaN: already in words
            if not isinstance(exc, UnicodeError):
                return f"cannot be read: {exc}"
        except RecursionError:
            return "is nested absurdly deep"
        else:
            return "is not a record (a JSON object)"
    return "is not valid JSON"


def _salvage(line: bytes | None) -> dict[str, Any] | None:
    """A cut line followed, on the same line, by a complete record (an older Arle appended after
    a short write): the record at its end."""
    if line is None:
        return None
    start = max(line.rfind(b'{"n":'), line.rfind(b'{"len":'))
    return record_of(line[start:]) if start > 0 else None


def _continues(entry: dict[str, Any], moves: list[Any]) -> bool:
    """A journal may only continue from, or go back into, the moves it already holds."""
    if set(entry) == {"n", "move"}:
        return _count(entry["n"], 1, len(moves) + 1)
    return set(entry) == {"len"} and _count(entry["len"], 0, len(moves))


def _count(n: Any, low: int, high: int) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and low <= n <= high
