"""Playing a game: a ``Match`` applies, undoes and redoes moves and keeps the log in words.

Against the computer one undo goes back to the person's previous decision (the computer's moves
after it go too), and in the computer's turn no person may move: the seats decide that here, not
in a window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from arle.engine import Event, Game, Move, Refusal, Setup, describe

from .history import PERSON, GameHistory

#: Puts a move in words in the situation before it is applied (the GUI's, translated).
Words = Callable[[Game, Move], str]


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
    """What one call changed: the engine events to show (empty after undo and redo: views then
    redraw from the state) and the log entries added or taken away."""

    events: list[Event]
    added: tuple[LogEntry, ...] = ()
    removed: int = 0


def replay_log(history: GameHistory, words: Words = plain_words) -> list[LogEntry]:
    """The log of a loaded game: replay its moves on a fresh game to put them in words."""
    if not history.moves:
        return []
    game = Game(history.setup)
    log = []
    for move in history.moves:
        actor = game.actor
        label = words(game, move)
        log.append(LogEntry(actor, move, label, game.apply(move)))
    return log


class Match:
    """One game being played: a ``GameHistory`` with its seats, the players' colours and the log.

    ``game`` is replaced by a new object on undo: read ``match.game`` afresh, never keep it.
    """

    def __init__(self, history: GameHistory, *, colors: Sequence[str] = (),
                 words: Words = plain_words) -> None:
        self.history = history
        #: Each player's colour (hex), as chosen for the game; kept by a rematch.
        self.colors: list[str] = list(colors)
        self.words = words
        #: Every applied move, oldest first, in words (for the game log).
        self.log: list[LogEntry] = replay_log(history, words)
        self._legal: list[Move] | None = None
        self._legal_key: tuple[int, int] | None = None

    # -- reading -----------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.history.game

    @property
    def setup(self) -> Setup:
        return self.history.setup

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to act, cached per position."""
        key = (id(self.game), len(self.history.moves))
        if self._legal is None or key != self._legal_key:
            self._legal = self.game.legal_moves()
            self._legal_key = key
        return list(self._legal)

    def why_not(self, move: Move) -> Refusal | None:
        """The engine's reason for refusing ``move`` now; None when it is legal."""
        return self.game.why_not(move)

    def seat(self, index: int | None) -> str:
        """Who plays seat ``index``: ``PERSON`` or the computer's level."""
        seats = self.history.seats
        return seats[index] if index is not None and 0 <= index < len(seats) else PERSON

    @property
    def computer_turn(self) -> bool:
        """Whether the computer is to act now (a person may not move)."""
        return not self.game.over and self.history.is_computer(self.game.actor)

    @property
    def has_computer(self) -> bool:
        return any(s != PERSON for s in self.history.seats)

    @property
    def coached(self) -> bool:
        """Whether the coach's hints are offered: solo, or one person against the computer."""
        return self.history.seats.count(PERSON) == 1

    def can_undo(self) -> bool:
        return self.history.can_undo() and self.undo_count() is not None

    def can_redo(self) -> bool:
        return self.history.can_redo() and not self.computer_turn

    def undo_count(self) -> int | None:
        """How many moves one undo takes back: 1, or against the computer as many as it takes to
        undo a person's move; None when no person's move may be taken back."""
        history = self.history
        if not self.has_computer:
            return 1
        movers = history.movers
        for count in range(1, history.undo_limit + 1):
            if not history.is_computer(movers[-count]):
                return count
        return None

    # -- changing ----------------------------------------------------------------------------------

    def apply(self, move: Move) -> Change:
        """Play ``move`` (raises ``IllegalMove``, changing nothing) and log it in words."""
        actor = self.game.actor
        label = self.words(self.game, move)
        events = self.history.apply(move)
        entry = LogEntry(actor, move, label, list(events))
        self.log.append(entry)
        self._legal = None
        return Change(list(events), (entry,))

    def undo(self) -> Change:
        """Take back the last move, or against the computer back to the person's previous
        decision. Raises ValueError when no move may be taken back."""
        count = self.undo_count()
        if not self.history.can_undo() or count is None:
            raise ValueError("there is no move you may take back now")
        for _ in range(count):
            self.history.undo()
            if self.log:
                self.log.pop()
        self._legal = None
        return Change([], removed=count)

    def redo(self) -> Change:
        """Play again the last move taken back. Raises ValueError when there is none."""
        if not self.can_redo():
            raise ValueError("there is no move to redo")
        actor = self.game.actor
        before = self.game.copy()
        n = len(self.history.moves)
        events = self.history.redo()
        move = self.history.moves[n]
        entry = LogEntry(actor, move, self.words(before, move), list(events))
        self.log.append(entry)
        self._legal = None
        return Change([], (entry,))
