"""The GUI's one door to the engine: a QObject that owns the game history and applies moves.

Scenes and widgets never mutate ``session.game.state``. They read it, redraw when ``changed``
fires, and send every drag, click and button press through ``try_apply``. A drop that maps to
no legal move goes to ``refuse`` so the status bar can say why.

``changed`` carries the engine events of the last applied move (an empty list after undo, redo,
new game or load: then views simply redraw everything from the state).

A seat may be the computer's (``history.seats``): during its turn the session refuses every move
but the computer's own (``play_computer``, from ``arle.gui.computer``), and undo takes back to the
person's previous decision, the computer's moves after it included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import attrs
from PySide6.QtCore import QCoreApplication, QObject, Signal

from arle.engine import Event, Game, IllegalMove, Move, Setup, render
from arle.files.history import GameHistory
from arle.gui.style import DEFAULT_COLORS, move_label
from arle.gui.texts import say


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameSession", text)


class GameSession(QObject):
    """Owns a ``GameHistory``; re-emits what happens as Qt signals."""

    #: Engine events of the last applied move (empty after undo/redo/new/load).
    changed = Signal(list)
    #: One-line status text (refused drops, errors, what just happened).
    message = Signal(str)
    #: Why a drop or a click was refused (also sent as ``message``): said at the mouse.
    refused = Signal(str)
    undoAvailable = Signal(bool)
    redoAvailable = Signal(bool)
    gameOver = Signal()
    #: A move applied by ``try_apply`` (not undo, redo or a new game): the assists follow it up.
    applied = Signal(object)
    #: A different history was installed (new game / load): views rebuild completely.
    reset = Signal()

    def __init__(self, history: GameHistory, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._history = history
        self._legal: list[Move] | None = None
        self._legal_key: tuple[int, int] | None = None
        #: Called with the history after every change (autosave); set by the main window. It must
        #: not raise: a failing autosave is the window's to show, and play goes on.
        self.after_change: Callable[[GameHistory], None] | None = None
        #: Every applied move, oldest first, in words (for the game log).
        self.log: list[LogEntry] = _replay_log(history)
        #: Asked before ``try_apply`` applies a legal move (the window's "confirm the end of a
        #: turn"); False keeps everything as it was.
        self.confirm: Callable[[Move], bool] | None = None
        #: Each player's colour (hex), chosen in the New Game dialog; see ``style.player_color``.
        self.colors: list[str] = list(DEFAULT_COLORS)

    # -- reading -----------------------------------------------------------------------------------

    @property
    def history(self) -> GameHistory:
        return self._history

    @property
    def game(self) -> Game:
        """The current game. Read only! Replaced by a new object on undo: do not keep it."""
        return self._history.game

    @property
    def setup(self) -> Setup:
        return self._history.setup

    @property
    def players(self) -> int:
        return len(self.game.state.players)

    def player_name(self, index: int | None) -> str:
        if index is None or index < 0:
            return ""
        return self.game.state.players[index].name

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to act, cached per state."""
        key = (id(self.game), len(self._history.moves))
        if self._legal is None or key != self._legal_key:
            self._legal = self.game.legal_moves()
            self._legal_key = key
        return list(self._legal)

    def legal_of(self, kind: type | tuple[type, ...]) -> list[Any]:
        """The legal moves of one move type (or several), e.g. ``legal_of(PlaceWorker)``."""
        return [m for m in self.legal_moves() if isinstance(m, kind)]

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def can_undo(self) -> bool:
        return self._history.can_undo() and self._person_move_back() is not None

    def can_redo(self) -> bool:
        return self._history.can_redo() and not self.computer_turn

    def seat(self, index: int | None) -> str:
        """Who plays seat ``index``: "person" or the computer's level."""
        seats = self._history.seats
        return seats[index] if index is not None and 0 <= index < len(seats) else "person"

    @property
    def computer_turn(self) -> bool:
        """Whether the computer is to act now (a person may not move)."""
        return not self.game.over and self._history.is_computer(self.game.actor)

    @property
    def has_computer(self) -> bool:
        return any(s != "person" for s in self._history.seats)

    @property
    def coached(self) -> bool:
        """Whether the coach's hints are offered: solo, or one person against the computer."""
        return self._history.seats.count("person") == 1

    # -- changing ----------------------------------------------------------------------------------

    def try_apply(self, move: Move) -> bool:
        """Apply ``move`` through the history. Illegal: emits ``message``, returns False, no change."""
        if self.computer_turn:
            self.message.emit(_tr("It is the computer's turn: wait for its move."))
            return False
        return self._apply(move)

    def play_computer(self, move: Move) -> bool:
        """The computer's move (``arle.gui.computer``), applied and logged like a person's."""
        if not self.computer_turn:
            return False
        return self._apply(move)

    def _apply(self, move: Move) -> bool:
        reason = self.why_not(move)
        if reason is not None:
            self.refuse(reason)
            return False
        person = not self.computer_turn
        if person and self.confirm is not None and not self.confirm(move):
            return False
        actor = self.game.actor
        label = move_label(self.game, move)
        try:
            events = self._history.apply(move)
        except IllegalMove as exc:  # pragma: no cover - legal_moves said yes
            self.message.emit(str(exc))
            return False
        self.log.append(LogEntry(actor, move, label, list(events)))
        self._after(events)
        if person:  # the player's assists follow a person's moves, never the computer's
            self.applied.emit(move)
        return True

    def try_apply_any(self, moves: Iterable[Move]) -> bool:
        """Apply the first legal move of ``moves`` (drop targets that map to several moves)."""
        legal = self.legal_moves()
        for move in moves:
            if move in legal:
                return self.try_apply(move)
        return False

    def why_not(self, move: Move) -> str | None:
        """Why ``move`` is refused now, in one sentence (the engine's reason, so the views never
        re-derive a rule); None when it is legal."""
        reason = self.game.why_not(move)
        return say(render(reason)) if reason is not None else None

    def refuse(self, reason: str) -> None:
        """A drop or click that maps to no legal move: say why, change nothing."""
        self.message.emit(reason)
        self.refused.emit(reason)

    def undo(self) -> bool:
        """Take back the last move; against the computer, back to the person's previous decision
        (the computer's moves after it go too)."""
        count = self._person_move_back()
        if not self._history.can_undo() or count is None:
            self.message.emit(_tr("There is no move you may take back now."))
            return False
        for _ in range(count):
            self._history.undo()
            if self.log:
                self.log.pop()
        self._after([])
        self.message.emit(_tr("Move taken back."))  # after ``changed``, which clears the status bar
        return True

    def _person_move_back(self) -> int | None:
        """How many moves one undo takes back: 1, or against the computer as many as it takes to
        undo a person's move; None when no person's move may be taken back."""
        history = self._history
        if not self.has_computer:
            return 1
        movers = history.movers
        for count in range(1, history.undo_limit + 1):
            if not history.is_computer(movers[-count]):
                return count
        return None

    def redo(self) -> bool:
        if not self.can_redo():
            self.message.emit(_tr("There is no move to redo."))
            return False
        actor = self.game.actor
        before = self.game.copy()
        n = len(self._history.moves)
        events = self._history.redo()
        move = self._history.moves[n]
        self.log.append(LogEntry(actor, move, move_label(before, move), list(events)))
        self._after([])
        return True

    def set_history(self, history: GameHistory) -> None:
        """Install another game (new game, load): everything redraws."""
        self._history = history
        self._legal = None
        self.log = _replay_log(history)
        self.reset.emit()
        self._after([], save=False)

    # -- inside ------------------------------------------------------------------------------------

    def _after(self, events: list[Event], save: bool = True) -> None:
        self._legal = None
        if save and self.after_change is not None:  # autosave: the window's, which never raises
            self.after_change(self._history)
        self.changed.emit(list(events))
        self.undoAvailable.emit(self._history.can_undo())
        self.redoAvailable.emit(self._history.can_redo())
        if self.game.over:
            self.gameOver.emit()


@attrs.frozen
class LogEntry:
    """One applied move: who made it, the move, its label in words (taken before it was applied,
    when the pending decision still knew its options) and the engine events it caused."""

    actor: int | None
    move: Move
    label: str
    events: list[Event]


def _replay_log(history: GameHistory) -> list[LogEntry]:
    """The log of a loaded game: replay its moves on a fresh game to put them in words."""
    if not history.moves:
        return []
    game = Game(history.setup)
    log = []
    for move in history.moves:
        actor = game.actor
        label = move_label(game, move)
        log.append(LogEntry(actor, move, label, game.apply(move)))
    return log


def new_session(setup: Setup, *, friendly_undo: bool = False, parent: QObject | None = None) -> GameSession:
    """A session for a fresh game."""
    return GameSession(GameHistory(setup, friendly_undo=friendly_undo), parent)
