"""The game being played, without Qt: its history, seats, log, focus and lifecycle.

The engine knows one position and its legal moves; a game being played also has a past (undo and
redo under a policy), seats (a person or the computer), a log in words and a board the player
needs to look at. They live here, so that they are tested without a window; the GUI's session
(``arle.gui.session``) only turns a ``Match``'s updates into Qt signals.

- ``GameHistory``, ``seats_for``, ``PERSON``, ``SEAT_KINDS``: the moves and who may take back what;
- ``Match``: applying, undoing and redoing moves, with the log (``LogEntry``); every change is
  one ``Change`` told to its listeners (``Match.listen``): the journal, the log and the window;
- ``Seat``, ``Person``, ``Computer``: the players, asked for their moves by the match's one loop
  (``Match.turn``/``answer``/``step``, and ``play`` for a whole game without a window);
- ``board_for``: which board the pending decision needs;
- ``NewGameChoice``, ``new_history``, ``rematch``, ``continued``: starting games;
- ``arle.match.remote``: a friend on another computer as a seat (signed moves, live or by a
  shared folder).

It imports the engine, and ``arle.ai`` for the computer's seats (``tests/test_boundaries.py``): the
files layer saves its histories, the window only lays out what it hears.
"""

from .change import Change, Listener, LogEntry, Words
from .focus import Board, board_for
from .history import PERSON, SEAT_KINDS, SNAPSHOT_EVERY, GameHistory, seats_for
from .lifecycle import NewGameChoice, continued, new_history, rematch
from .loop import Match, Turn, play, replay_log
from .seats import Computer, Person, Seat, seat_for, seats_of

__all__ = [
    "PERSON",
    "SEAT_KINDS",
    "SNAPSHOT_EVERY",
    "Board",
    "Change",
    "Computer",
    "GameHistory",
    "Listener",
    "LogEntry",
    "Match",
    "NewGameChoice",
    "Person",
    "Seat",
    "Turn",
    "Words",
    "board_for",
    "continued",
    "new_history",
    "play",
    "rematch",
    "replay_log",
    "seat_for",
    "seats_for",
    "seats_of",
]
