"""Autosave after every move, and resume after a crash, a power failure or a closed window.

A full crash-safe rewrite of a long save costs several milliseconds (mostly fsync, see
``arle.bench_saves``), so the autosave is a journal: JSON lines, appended and fsynced after each
change, one short line per change.

- line 1, the header: ``{"format": "arle-autosave", "schema": 1, "app_version", "setup", "options"}``
- ``{"n": k, "move": {...}}``: move number k (from 1) is ``move``; any moves from k on are dropped
  first (a new line of play after undo);
- ``{"len": k}``: the game was taken back to its first k moves (undo).

A crash can only cut the last line short; a line without its newline is the move in flight and is
ignored. Anything else that is wrong refuses the journal with a ``SaveError`` sentence. Every move
is replayed through the engine on resume, so a journal can hold nothing the rules forbid.
``Autosaver.start`` rewrites the journal atomically (the header and every move), which also compacts
it after many undos.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from arle import __version__
from arle.engine import move_to_dict
from arle.history import GameHistory
from arle.paths import autosave_path
from arle.saves import (
    MAX_FILE_BYTES,
    MAX_MOVES,
    SaveError,
    atomic_write_text,
    read_moves,
    read_options,
    read_setup,
    replay,
    setup_to_dict,
)

FORMAT = "arle-autosave"
SCHEMA = 1


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


class Autosaver:
    """Keeps the journal at ``path`` in step with a ``GameHistory``: call ``sync(history)`` after
    every apply, undo and redo (it writes only what changed)."""

    def __init__(self, path: Path | None = None, *, durable: bool = True) -> None:
        self.path = Path(path) if path is not None else autosave_path()
        #: fsync after every write (off only for tests that do not care about power failures).
        self.durable = durable
        self._written: list[Any] = []  # the moves the journal holds now
        self._history_id: int | None = None
        self._lines = 0

    def start(self, history: GameHistory) -> None:
        """Write the whole journal afresh (atomically) for this session's game."""
        header = {
            "format": FORMAT,
            "schema": SCHEMA,
            "app_version": __version__,
            "setup": setup_to_dict(history.setup),
            "options": {"friendly_undo": history.friendly_undo},
        }
        lines = [_line(header)]
        lines += [_line({"n": i, "move": move_to_dict(m)}) for i, m in enumerate(history.moves, start=1)]
        atomic_write_text(self.path, "".join(lines))
        self._written = list(history.moves)
        self._history_id = id(history)
        self._lines = len(lines)

    def sync(self, history: GameHistory) -> None:
        """Record what changed in ``history`` since the last call."""
        if self._history_id != id(history) or not self.path.exists():
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
        out += [_line({"n": i + 1, "move": move_to_dict(moves[i])}) for i in range(common, len(moves))]
        self._append("".join(out))
        self._written = list(moves)
        self._lines += len(out)

    def discard(self) -> None:
        """Forget the autosave (the game ended, or the player declined to resume it)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
        self._written = []
        self._history_id = None

    def _append(self, text: str) -> None:
        data = text.encode("utf-8")
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))  # Windows: no CRLF
        try:
            os.write(fd, data)  # one write: a crash leaves at most the last line cut short
            if self.durable:
                os.fsync(fd)
        finally:
            os.close(fd)


def load_autosave(path: Path | None = None) -> GameHistory:
    """Replay the journal; raises SaveError (one sentence) if it cannot be played."""
    path = Path(path) if path is not None else autosave_path()
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise SaveError("the autosaved game is too large to be a real game")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError("there is no autosaved game") from None
    except OSError as exc:
        raise SaveError(f"the autosaved game cannot be read: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        # A cut in the middle of a multi-byte character can only be in the last, unfinished line.
        text = raw[: raw.rfind(b"\n") + 1].decode("utf-8", errors="replace")
    lines = text.split("\n")
    lines.pop()  # after the last newline: empty, or the line in flight when the writer stopped
    if not lines:
        raise SaveError("the autosaved game is empty")
    try:
        header = json.loads(lines[0])
    except ValueError:
        raise SaveError("the autosaved game's first line is not valid JSON") from None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SaveError("the autosave file is not an Arle autosave")
    schema = header.get("schema")
    if not isinstance(schema, int) or schema > SCHEMA:
        raise SaveError(f"the autosaved game was written by a newer Arle (journal version {schema})")
    setup = read_setup(header.get("setup"))
    friendly = read_options(header.get("options"))
    raw_moves: list[Any] = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
        except ValueError:
            raise SaveError(f"line {number} of the autosaved game is damaged") from None
        is_move = isinstance(entry, dict) and set(entry) == {"n", "move"}
        if is_move and _count(entry["n"], 1, len(raw_moves) + 1):
            del raw_moves[entry["n"] - 1 :]
            raw_moves.append(entry["move"])
        elif isinstance(entry, dict) and set(entry) == {"len"} and _count(entry["len"], 0, len(raw_moves)):
            del raw_moves[entry["len"] :]
        else:
            raise SaveError(f"line {number} of the autosaved game is not a move record")
        if len(raw_moves) > MAX_MOVES:
            raise SaveError("the autosaved game has more moves than any game can have")
    return replay(setup, read_moves(raw_moves), friendly)


def _count(n: Any, low: int, high: int) -> bool:
    """A journal may only continue from, or go back into, the moves it already holds."""
    return isinstance(n, int) and not isinstance(n, bool) and low <= n <= high


def find_unfinished(path: Path | None = None) -> GameHistory | None:
    """The autosaved game to offer on start, or None when there is none or it is over.

    Raises SaveError when an autosave exists but cannot be played, so the app can say why
    (and then ``Autosaver(path).discard()`` it)."""
    path = Path(path) if path is not None else autosave_path()
    if not path.exists():
        return None
    history = load_autosave(path)
    return None if history.game.over else history
