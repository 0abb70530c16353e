"""Resuming a journal, and saying what damage left: ``resume`` reads it through the steps of the
one load pipeline that save files use too (``arle.files.loading``: read, parse, validate, replay
every move through the engine, so a journal can hold nothing the rules forbid), then puts what
the damage cost into words (``Damage``).

Reading stops at ``MAX_SCAN_BYTES``, so that reading a hostile file ends. Damage loses only what
it must: a cut line in the middle is skipped when the lines after it continue consistently,
otherwise the complete moves before it are kept; ``ResumedGame.damage`` says what was kept and
lost. ``resume`` reads without the game's lock: ``ResumedGame.digest`` lets the ``Autosaver``
check, under the lock, that the journal still holds the bytes read.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from arle.files.paths import Bytes, autosave_path, read_chunks

from .format import MAX_JOURNAL_BYTES, Journal, journal_chunks, parse_journal

if TYPE_CHECKING:  # the engine loads only when a game is replayed, not to list games
    from arle.files.records import Stop
    from arle.match.change import LogEntry, Words
    from arle.match.history import GameHistory


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
    seen = Bytes()
    return _resume(read_chunks(Path(path), seen), seen, words)


def resume_bytes(raw: bytes, words: Words | None = None) -> ResumedGame:
    """``resume`` of a journal already read whole."""
    seen = Bytes(len(raw))
    return _resume([seen.take(raw)], seen, words)


def _resume(chunks: Iterable[bytes], seen: Bytes, words: Words | None) -> ResumedGame:
    """The journal's game through the load pipeline's steps (as ``arle.files.loading.load``, which
    this package may not import), with what its damage cost, from the moves the replay kept."""
    from arle.files.records import replay_raw

    loaded = replay_raw(parse_journal(chunks, seen), words)
    journal, stop = loaded.raw, loaded.stop
    assert isinstance(journal, Journal)
    lines = journal.lines if loaded.attempt == 0 else journal.before_lines
    kept = len(loaded.history.moves)
    damage = _damage_of(journal, stop, lines, kept, max(0, journal.claimed - kept))
    return ResumedGame(loaded.history, journal.save_path, damage, journal.digest, loaded.log)


def _damage_of(journal: Journal, stop: Stop | None, lines: list[int], kept: int, lost: int) -> Damage | None:
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


def digest_of(path: Path) -> str:
    """The SHA-256 of the journal's bytes as they are now (read a chunk at a time)."""
    seen = Bytes()
    for _chunk in journal_chunks(path, seen):
        pass
    return seen.digest


def _damaged_lines(lines: Sequence[int]) -> str:
    if len(lines) == 1:
        return f"Line {lines[0]} of the autosave was damaged"
    listed = ", ".join(map(str, lines[:3])) + (", ..." if len(lines) > 3 else "")
    return f"Lines {listed} of the autosave were damaged"
