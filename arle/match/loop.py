"""Playing a game: a ``Match`` applies, undoes and redoes moves, keeps the log in words, asks its
seats for their moves and tells its listeners what changed.

Every apply, undo and redo makes one ``Change`` (``arle.match.change``: the events, the log
entries and so the moves added and taken away), heard by every listener (``listen``): the journal,
the game log and the window each follow the game from it instead of comparing copies. The seats
(``arle.match.seats``) are the players: ``turn()`` says which seat must be asked now, ``answer()``
plays what it chose, and ``play()`` runs the whole loop without a window (``arle arena``,
``simulate``, the coach).

Against the computer one undo goes back to the person's previous decision (the computer's moves
after it go too), and while a seat that is not a person at this computer is to act, no person may
move: the seats decide that here, not in a window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from arle.engine import Game, IllegalMove, Move, Refusal, Setup

from .change import Change, Listener, LogEntry, Words, plain_words
from .history import PERSON, REMOTE, GameHistory
from .seats import Seat, ShouldStop, seats_of


@attrs.frozen
class Turn:
    """A seat asked for its move: ``think`` may run on any thread (it reads its own copy of the
    game); ``Match.answer`` plays the move if the game is still where it was asked."""

    seat: Seat
    actor: int
    at: int
    game: Game

    def think(self, should_stop: ShouldStop | None = None) -> Move:
        return self.seat.choose(self.game, should_stop)


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
                 words: Words = plain_words, seats: Sequence[Seat] | None = None,
                 log: Sequence[LogEntry] | None = None) -> None:
        self.history = history
        #: Each player's colour (hex), as chosen for the game; kept by a rematch.
        self.colors: list[str] = list(colors)
        self.words = words
        #: Who plays each seat (by default as the history's seat kinds say).
        self.seats: list[Seat] = list(seats) if seats is not None else seats_of(history.seats)
        if [seat.kind for seat in self.seats] != list(history.seats):
            raise ValueError("the seats must be of the kinds the history records")
        #: Every applied move, oldest first, in words (for the game log): made while the game was
        #: read (``log``, one replay for both), else by replaying its moves here.
        if log is not None and [entry.move for entry in log] != history.moves:
            raise ValueError("the log must be of the history's moves")
        self.log: list[LogEntry] = list(log) if log is not None else replay_log(history, words)
        self._listeners: list[Listener] = [seat.inform for seat in self.seats]

    # -- hearing -----------------------------------------------------------------------------------

    def listen(self, listener: Listener, *, first: bool = False) -> Callable[[], None]:
        """Call ``listener`` with every ``Change`` from now on (``first``: before the listeners
        there are, as the journal, which records a move before any view shows it); returns what
        stops it."""
        self._listeners.insert(0 if first else len(self._listeners), listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _tell(self, change: Change) -> Change:
        """Every listener hears the change, even when one of them fails; the first failure is
        raised after (the game itself has changed either way)."""
        failure: Exception | None = None
        for listener in list(self._listeners):
            try:
                listener(change)
            except Exception as exc:  # the others must still hear it
                failure = failure or exc
        if failure is not None:
            raise failure
        return change

    # -- reading -----------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.history.game

    @property
    def setup(self) -> Setup:
        return self.history.setup

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to act: the game's own list (its cache, its bound)."""
        return self.game.legal_moves()

    def legal_of(self, kind: type | tuple[type, ...]) -> list[Any]:
        """The legal moves of one move type (or several), e.g. ``legal_of(PlaceWorker)``."""
        return [m for m in self.legal_moves() if isinstance(m, kind)]

    def player_name(self, index: int | None) -> str:
        """Seat ``index``'s name ("" for none)."""
        players = self.game.state.players
        return players[index].name if index is not None and 0 <= index < len(players) else ""

    def why_not(self, move: Move) -> Refusal | None:
        """The engine's reason for refusing ``move`` now; None when it is legal."""
        return self.game.why_not(move)

    def seat(self, index: int | None) -> str:
        """The kind of seat ``index``: ``PERSON`` or the computer's level."""
        seats = self.history.seats
        return seats[index] if index is not None and 0 <= index < len(seats) else PERSON

    def seat_to_act(self) -> Seat | None:
        """The seat that must move now; None once the game is over."""
        actor = self.game.actor
        return None if actor is None else self.seats[actor]

    @property
    def computer_turn(self) -> bool:
        """Whether a seat that is no person's is to act (no person may move, nor redo)."""
        seat = self.seat_to_act()
        return seat is not None and seat.kind != PERSON

    @property
    def has_computer(self) -> bool:
        """Whether a seat is no person's (the undo policy then goes back to a person's move)."""
        return any(seat.kind != PERSON for seat in self.seats)

    @property
    def coached(self) -> bool:
        """Whether the coach's hints are offered: solo, or one person against the computer."""
        return [seat.kind for seat in self.seats].count(PERSON) == 1

    def can_undo(self) -> bool:
        return self.undo_count() is not None

    def can_redo(self) -> bool:
        return self.history.can_redo() and not self.computer_turn

    def undo_count(self) -> int | None:
        """How many moves one undo takes back: 1, or against the computer as many as it takes to
        undo a person's move; None when no person's move may be taken back, and always against a
        friend on another computer (only by agreement: ``arle.match.remote.Remote.ask_undo``)."""
        history = self.history
        limit = history.undo_limit
        if any(seat.kind == REMOTE for seat in self.seats):
            return None
        if not self.has_computer:
            return 1 if limit else None
        movers = history.movers
        for count in range(1, limit + 1):
            mover = movers[-count]
            if 0 <= mover < len(self.seats) and self.seats[mover].kind == PERSON:
                return count
        return None

    # -- the loop ------------------------------------------------------------------------------------

    def turn(self) -> Turn | None:
        """The seat to ask for a move now, with its own copy of the game; None when the game is
        over or a person at this computer is to move (the window sends their moves)."""
        actor = self.game.actor
        if actor is None or self.seats[actor].local:
            return None
        self.game.legal_moves()  # listed once: the copy shares the list, and so does the answer
        return Turn(self.seats[actor], actor, len(self.history.moves), self.game.copy())

    def answer(self, turn: Turn, move: Move) -> Change | None:
        """Play the move ``turn`` chose, if the game is still where it was asked (else None:
        an undo or a new game came first). Raises ``IllegalMove`` for a move the game refuses."""
        if turn.at != len(self.history.moves) or self.game.actor != turn.actor:
            return None
        return self.apply(move)

    def step(self, should_stop: ShouldStop | None = None) -> Change | None:
        """Ask the seat to act for its move and play it; None when nobody is to be asked."""
        turn = self.turn()
        return None if turn is None else self.answer(turn, turn.think(should_stop))

    # -- changing ----------------------------------------------------------------------------------

    def apply(self, move: Move) -> Change:
        """Play ``move`` (raises ``IllegalMove``, changing nothing) and log it in words."""
        actor = self.game.actor
        label = self.words(self.game, move)
        at = len(self.history.moves)
        events = self.history.apply(move)
        entry = LogEntry(actor, move, label, list(events))
        self.log.append(entry)
        return self._tell(Change("apply", list(events), at, (entry,)))

    def undo(self, agreed: int | None = None) -> Change:
        """Take back the last move, or against the computer back to the person's previous
        decision; ``agreed``: the number of moves both players agreed to take back (a remote
        game). Raises ValueError when no move may be taken back."""
        count = self.undo_count() if agreed is None else agreed
        if count is None or not 0 < count <= len(self.history.moves):
            raise ValueError("there is no move you may take back now")
        for _ in range(count):
            self.history.undo()
        removed = tuple(self.log[-count:])
        del self.log[-count:]
        return self._tell(Change("undo", [], len(self.history.moves), removed=removed))

    def redo(self) -> Change:
        """Play again the last move taken back. Raises ValueError when there is none."""
        if not self.can_redo():
            raise ValueError("there is no move to redo")
        actor = self.game.actor
        before = self.game.copy()
        at = len(self.history.moves)
        events = self.history.redo()
        move = self.history.moves[at]
        entry = LogEntry(actor, move, self.words(before, move), list(events))
        self.log.append(entry)
        return self._tell(Change("redo", [], at, (entry,)))


def play(match: Match, should_stop: ShouldStop | None = None) -> Match:
    """Ask the seats for their moves until the game ends (or a person at this computer is to
    move): the whole game loop, as OpenSpiel's ``evaluate_bots``. Raises ``IllegalMove`` when
    the game cannot go on (no legal move)."""
    while match.step(should_stop) is not None:
        pass
    if not match.game.over and not match.legal_moves():
        raise IllegalMove("the game cannot go on: no legal move")
    return match
