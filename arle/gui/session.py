"""The GUI's one door to the game being played: a thin QObject over a ``Match`` (``arle.match``).

Views read the match itself (``session.match``: the game, the log, the seats) and follow
``changed``, which carries the match's ``Change`` (the cause, the events, the log entries added
and removed); ``reset`` says another game was put in (the review's stepping). This object keeps
only what Qt needs: the signals, and the refusals said in the window's language. Scenes and
widgets never mutate the game: every drag, click and button press goes through ``try_apply``,
and a drop that maps to no legal move goes to ``refuse`` so the window can say why.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, Signal

from arle.engine import IllegalMove, Move, Setup, render
from arle.gui.kit.style import DEFAULT_COLORS
from arle.gui.kit.texts import language, say
from arle.match import Change, GameHistory, Match
from arle.match.history import REMOTE
from arle.match.words import Wording


def _tr(text: str) -> str:
    return QCoreApplication.translate("GameSession", text)


class GameSession(QObject):
    """Owns a ``Match``; re-emits what happens to it as Qt signals."""

    #: The match's ``Change`` of each apply, undo and redo (events empty after undo and redo).
    changed = Signal(object)
    #: One-line status text (refused drops, errors, what just happened).
    message = Signal(str)
    #: Why a drop or a click was refused (also sent as ``message``): said at the mouse.
    refused = Signal(str)
    gameOver = Signal()
    #: A move applied by ``try_apply`` (not undo, redo or a seat's): the assists follow it up.
    applied = Signal(object)
    #: A different history was put in (``set_history``): views rebuild completely.
    reset = Signal()

    def __init__(self, game: GameHistory | Match, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.match = game if isinstance(game, Match) else Match(
            game, colors=DEFAULT_COLORS, words=Wording(language()).log_label)
        self._unlisten = self.match.listen(self._heard)

    def try_apply(self, move: Move) -> bool:
        """Apply a person's ``move`` through the match. Refused: says why, returns False, no change."""
        match = self.match
        if match.computer_turn:
            self.message.emit(_tr("It is your friend's turn: wait for their move.")
                              if match.seat(match.game.actor) == REMOTE else
                              _tr("It is the computer's turn: wait for its move."))
            return False
        reason = self.why_not(move)
        if reason is not None:
            self.refuse(reason)
            return False
        try:
            match.apply(move)
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
        if not self.match.can_undo():
            self.message.emit(_tr("There is no move you may take back now."))
            return False
        self.match.undo()
        self.message.emit(_tr("Move taken back."))  # after ``changed``, which clears the status bar
        return True

    def redo(self) -> bool:
        if not self.match.can_redo():
            self.message.emit(_tr("There is no move to redo."))
            return False
        self.match.redo()
        return True

    def set_history(self, history: GameHistory) -> None:
        """Put in another game (the review's stepping): everything redraws."""
        self._unlisten()
        self.match = Match(history, colors=self.match.colors, words=self.match.words)
        self._unlisten = self.match.listen(self._heard)
        self.reset.emit()

    def forget(self) -> None:
        """Hear the match no more (the game page is going)."""
        self._unlisten()

    def _heard(self, change: Change) -> None:
        """The match changed (a person's move, a seat's, an undo, a redo): say it to the views."""
        self.changed.emit(change)
        if self.match.game.over:
            self.gameOver.emit()


class ShownOnly(GameSession):
    """A game that is only shown (the review): nothing is played from its boards."""

    def try_apply(self, move: Move) -> bool:
        return False


def new_session(setup: Setup, *, friendly_undo: bool = False, parent: QObject | None = None) -> GameSession:
    """A session for a fresh game."""
    return GameSession(GameHistory(setup, friendly_undo=friendly_undo), parent)
