"""What a match says of itself: a ``Change`` for every apply, undo and redo, the ``LogEntry`` of
each move, and the ``Words`` that put a move in the log. Apart from the loop (``arle.match.loop``)
so that the seats, the journal and the views that hear a change need not import the loop that
makes it (issue 49: the seats and the loop no longer import each other)."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from arle.engine import Event, Game, Move, describe

#: Puts a move in words in the situation before it is applied (the log's words).
Words = Callable[[Game, Move], str]
#: Hears every ``Change`` of a match.
Listener = Callable[["Change"], None]


def plain_words(game: Game, move: Move) -> str:
    """The engine's compact form: the words when no view supplies its own."""
    return describe(move)


@attrs.frozen
class LogEntry:
    """One applied move: who made it, the move, its label in words (taken before it was applied,
    when the pending decision still knew its options) and the engine events it caused."""

    actor: int | None
    move: Move
    label: str
    events: list[Event]


@attrs.frozen
class Change:
    """What one apply, undo or redo changed, complete: a listener needs nothing else.

    ``cause`` is "apply", "undo" or "redo". ``events`` are the engine events to show as they
    happen (empty after undo and redo: views then redraw from the state). ``added`` are the log
    entries (so the moves) now at the end of the game, ``removed`` the ones taken away, oldest
    first; ``at`` is how many moves the game held before the first of them."""

    cause: str
    events: list[Event]
    at: int
    added: tuple[LogEntry, ...] = ()
    removed: tuple[LogEntry, ...] = ()

    @property
    def moves_added(self) -> list[Move]:
        return [entry.move for entry in self.added]

    @property
    def moves_removed(self) -> list[Move]:
        return [entry.move for entry in self.removed]

    @property
    def size(self) -> int:
        """How many moves the game holds after the change."""
        return self.at + len(self.added)
