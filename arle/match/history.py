"""A game's move history: undo, redo, the seats and the policy for who may take back what.

The engine is policy-free (it only knows ``apply``); this object owns the rules of taking back:

- solo, a game against the computer, or hot-seat with ``friendly_undo``: unlimited undo and
  redo, back to the first move;
- hot-seat otherwise: a player may undo their own moves only until the other player has moved.
  Once a move by one player follows a move by the other, every earlier move is locked for good
  (``undo_floor``), even if that later move is itself undone.

Undo rebuilds the game from the nearest snapshot (``game.copy()`` kept every ``SNAPSHOT_EVERY``
moves) and replays the few moves after it, so one undo costs a copy plus at most
``SNAPSHOT_EVERY - 1`` applies, whatever the length of the game (see ``arle.commands.bench_saves``).

No Qt here: the GUI reads ``can_undo()`` / ``can_redo()`` to enable its actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arle.ai import LEVEL_NAMES
from arle.engine import Event, Game, Move, Setup

#: Keep a snapshot of the game after every this many moves.
SNAPSHOT_EVERY = 8

#: Who plays a seat: a person, or the computer at a level of ``arle.ai`` (its ``LEVELS``).
PERSON = "person"
SEAT_KINDS: tuple[str, ...] = (PERSON, *LEVEL_NAMES)
#: A friend on another computer (issue 41, ``arle.match.remote``): a seat kind, not a level.
REMOTE = "remote"


def seats_for(players: int, seats: Sequence[str] | None) -> tuple[str, ...]:
    """``seats`` checked against the number of players; None means every seat a person.
    Raises ValueError for a wrong count or an unknown kind."""
    if seats is None:
        return (PERSON,) * players
    seats = tuple(seats)
    if len(seats) != players or any(s not in SEAT_KINDS and s != REMOTE for s in seats):
        raise ValueError(f"seats must be {players} of {', '.join((*SEAT_KINDS, REMOTE))}")
    return seats


class GameHistory:
    """The current ``game`` plus every applied move, with undo/redo under the session's policy.

    ``game`` is replaced by a new ``Game`` object on undo: read ``history.game`` afresh after
    calling ``undo()`` rather than keeping a reference to an older one.
    """

    def __init__(self, setup: Setup, moves: Sequence[Move] = (), *, friendly_undo: bool = False,
                 seats: Sequence[str] | None = None) -> None:
        self.setup = setup
        self.friendly_undo = friendly_undo
        #: Who plays each seat: ``PERSON`` or a computer level (see ``SEAT_KINDS``).
        self.seats = seats_for(setup.players, seats)
        #: What a game against a friend on another computer needs to go on (the record of
        #: ``arle.match.remote.link.Plan``: kept in the journal and the save); None otherwise.
        self.remote: dict[str, Any] | None = None
        self.game = Game(setup)
        self.moves: list[Move] = []
        #: Who made each move in ``moves`` (the actor before it was applied).
        self.movers: list[int] = []
        #: Moves taken back, most recent last (so ``redo`` pops from the end).
        self._redo: list[Move] = []
        #: Number of leading moves that may never be undone (hot-seat policy).
        self.undo_floor = 0
        self._snapshots: dict[int, Game] = {0: self.game.copy()}
        for move in moves:
            self._apply(move)

    # -- policy -------------------------------------------------------------------------------------

    @property
    def unlimited(self) -> bool:
        """Solo games, games against the computer and friendly hot-seat games may undo everything."""
        return self.setup.players == 1 or self.friendly_undo or self.seats.count(PERSON) < 2

    def is_computer(self, seat: int | None) -> bool:
        """Whether the computer plays ``seat`` (None: nobody acts, the game is over)."""
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat] != PERSON

    @property
    def undo_limit(self) -> int:
        """How many moves may be undone from here, one at a time."""
        floor = 0 if self.unlimited else self.undo_floor
        return max(0, len(self.moves) - floor)

    def can_undo(self) -> bool:
        return self.undo_limit > 0

    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- changes ------------------------------------------------------------------------------------

    def apply(self, move: Move) -> list[Event]:
        """Play a new move (raises ``IllegalMove``, changing nothing); clears the redo stack.

        The game bounds its own length (``arle.engine.interpreter.bounds``): from ``FREE_MOVES``
        on only the moves that answer the decision in hand, none at ``MAX_MOVES``, so that every
        game in progress can be saved, continued and still finished."""
        events = self._apply(move)
        self._redo.clear()
        return events

    def legal_moves(self) -> list[Move]:
        """The moves this history accepts now: the game's own (its bound included)."""
        return self.game.legal_moves()

    def undo(self) -> None:
        """Return to exactly the state before the last move. Raises ValueError if not allowed."""
        if not self.can_undo():
            raise ValueError("there is no move you may take back now")
        self._redo.append(self.moves.pop())
        self.movers.pop()
        self.game = self.position(len(self.moves))

    def redo(self) -> list[Event]:
        """Play again the last move taken back. Raises ValueError if there is none."""
        if not self._redo:
            raise ValueError("there is no move to redo")
        move = self._redo[-1]
        events = self._apply(move)
        self._redo.pop()
        return events

    # -- inside -------------------------------------------------------------------------------------

    def _apply(self, move: Move) -> list[Event]:
        actor = self.game.actor
        events = self.game.apply(move)  # IllegalMove leaves everything as it was
        n = len(self.moves)
        if self.movers and actor is not None and self.movers[-1] != actor:
            self.undo_floor = max(self.undo_floor, n)
        self.moves.append(move)
        self.movers.append(actor if actor is not None else -1)
        n += 1
        # Snapshots past this point described another line of play unless this move is a redo
        # of the same one; dropping them is always safe.
        for k in [k for k in self._snapshots if k >= n]:
            del self._snapshots[k]
        if n % SNAPSHOT_EVERY == 0:
            self._snapshots[n] = self.game.copy()
        return events

    def position(self, n: int) -> Game:
        """A new game after the first ``n`` moves, from the nearest snapshot at or before ``n``
        (undo, and the game review's position before a moment)."""
        base = max(k for k in self._snapshots if k <= n)
        game = self._snapshots[base].copy()
        for move in self.moves[base:n]:
            game.apply(move)
        return game
