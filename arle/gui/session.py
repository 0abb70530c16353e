"""The GUI's one door to the game being played: a thin QObject over a ``Match`` (``arle.match``).

The match applies, undoes and redoes moves, keeps the log, knows the seats and tells its listeners
each ``Change``; this object only re-emits what it hears as Qt signals (``heard`` carries the
``Change`` itself), asks the window before a person's move (``confirm``) and says refusals in the
window's language. The journal listens to the match itself, not to the window. Scenes and
widgets never mutate ``session.game.state``. They read it, redraw when ``changed`` fires, and send
every drag, click and button press through ``try_apply``. A drop that maps to no legal move goes
to ``refuse`` so the status bar can say why.

``changed`` carries the engine events of the last applied move (an empty list after undo, redo,
new game or load: then views simply redraw everything from the state).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Signal

from arle.engine import Event, Game, IllegalMove, Move, Setup, render
from arle.gui.kit.style import DEFAULT_COLORS
from arle.gui.kit.texts import language, say
from arle.match import Change, GameHistory, LogEntry, Match
from arle.match.words import Wording


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameSession", text)


class GameSession(QObject):
    """Owns a ``Match``; re-emits what happens as Qt signals."""

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
    #: The match's ``Change`` of each apply, undo and redo (the game log follows it).
    heard = Signal(object)

    def __init__(self, game: GameHistory | Match, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.match = game if isinstance(game, Match) else Match(
            game, colors=DEFAULT_COLORS, words=Wording(language()).log_label)
        self._unlisten = self.match.listen(self._heard)
        #: Asked before ``try_apply`` applies a legal move (the window's "confirm the end of a
        #: turn"); False keeps everything as it was.
        self.confirm: Callable[[Move], bool] | None = None

    # -- reading -----------------------------------------------------------------------------------

    @property
    def history(self) -> GameHistory:
        return self.match.history

    @property
    def game(self) -> Game:
        """The current game. Read only! Replaced by a new object on undo: do not keep it."""
        return self.match.game

    @property
    def setup(self) -> Setup:
        return self.match.setup

    @property
    def log(self) -> list[LogEntry]:
        """Every applied move, oldest first, in words (for the game log)."""
        return self.match.log

    @property
    def colors(self) -> list[str]:
        """Each player's colour (hex), chosen in the New Game dialog; see ``style.player_color``."""
        return self.match.colors

    @colors.setter
    def colors(self, colors: list[str]) -> None:
        self.match.colors = list(colors)

    @property
    def players(self) -> int:
        return len(self.game.state.players)

    def player_name(self, index: int | None) -> str:
        if index is None or index < 0:
            return ""
        return self.game.state.players[index].name

    def legal_moves(self) -> list[Move]:
        """The legal moves of the player to act, cached per state."""
        return self.match.legal_moves()

    def legal_of(self, kind: type | tuple[type, ...]) -> list[Any]:
        """The legal moves of one move type (or several), e.g. ``legal_of(PlaceWorker)``."""
        return [m for m in self.legal_moves() if isinstance(m, kind)]

    def can_undo(self) -> bool:
        return self.match.can_undo()

    def can_redo(self) -> bool:
        return self.match.can_redo()

    def seat(self, index: int | None) -> str:
        """Who plays seat ``index``: "person" or the computer's level."""
        return self.match.seat(index)

    @property
    def computer_turn(self) -> bool:
        """Whether the computer is to act now (a person may not move)."""
        return self.match.computer_turn

    @property
    def has_computer(self) -> bool:
        return self.match.has_computer

    @property
    def coached(self) -> bool:
        """Whether the coach's hints are offered: solo, or one person against the computer."""
        return self.match.coached

    # -- changing ----------------------------------------------------------------------------------

    def try_apply(self, move: Move) -> bool:
        """Apply ``move`` through the match. Illegal: emits ``message``, returns False, no change."""
        if self.computer_turn:
            from arle.match.history import REMOTE

            self.message.emit(_tr("It is your friend's turn: wait for their move.")
                              if self.seat(self.game.actor) == REMOTE else
                              _tr("It is the computer's turn: wait for its move."))
            return False
        return self._apply(move)

    def _apply(self, move: Move) -> bool:
        reason = self.why_not(move)
        if reason is not None:
            self.refuse(reason)
            return False
        if self.confirm is not None and not self.confirm(move):
            return False
        try:
            self.match.apply(move)
        except IllegalMove as exc:  # pragma: no cover - legal_moves said yes
            self.message.emit(str(exc))
            return False
        self.applied.emit(move)  # the player's assists follow a person's moves, never the computer's
        return True

    def why_not(self, move: Move) -> str | None:
        """Why ``move`` is refused now, in one sentence (the engine's reason, so the views never
        re-derive a rule); None when it is legal."""
        reason = self.match.why_not(move)
        return say(render(reason)) if reason is not None else None

    def refuse(self, reason: str) -> None:
        """A drop or click that maps to no legal move: say why, change nothing."""
        self.message.emit(reason)
        self.refused.emit(reason)

    def undo(self) -> bool:
        """Take back the last move; against the computer, back to the person's previous decision
        (the computer's moves after it go too)."""
        if not self.can_undo():
            self.message.emit(_tr("There is no move you may take back now."))
            return False
        self.match.undo()
        self.message.emit(_tr("Move taken back."))  # after ``changed``, which clears the status bar
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            self.message.emit(_tr("There is no move to redo."))
            return False
        self.match.redo()
        return True

    def set_history(self, history: GameHistory) -> None:
        """Install another game (new game, load): everything redraws."""
        self._unlisten()
        self.match = Match(history, colors=self.match.colors, words=self.match.words)
        self._unlisten = self.match.listen(self._heard)
        self.reset.emit()
        self._emit([])

    def forget(self) -> None:
        """Hear the match no more (the game page is going)."""
        self._unlisten()

    # -- inside ------------------------------------------------------------------------------------

    def _heard(self, change: Change) -> None:
        """The match changed (a person's move, a seat's, an undo, a redo): say it to the views."""
        self.heard.emit(change)
        self._emit(change.events)

    def _emit(self, events: list[Event]) -> None:
        self.changed.emit(list(events))
        self.undoAvailable.emit(self.match.can_undo())
        self.redoAvailable.emit(self.match.can_redo())
        if self.game.over:
            self.gameOver.emit()


def new_session(setup: Setup, *, friendly_undo: bool = False, parent: QObject | None = None) -> GameSession:
    """A session for a fresh game."""
    return GameSession(GameHistory(setup, friendly_undo=friendly_undo), parent)
