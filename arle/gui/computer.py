"""The computer player in the window: it thinks on the background worker (``arle.ai``, pure Python;
``arle.gui.kit.background``) so the window keeps painting and answering, and its moves appear one
by one at the pace the player chose. Undo, a new game, closing the game or quitting cancel the
thinking: its result, if it still comes, is dropped.
``ComputerPlayer`` watches the session and, whenever the seat to act is the computer's, asks its
level for a move and applies it through ``GameSession.play_computer`` (logged like a person's).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from arle.gui.kit.background import Worker

if TYPE_CHECKING:
    from arle.gui.session import GameSession

#: How long each computer move stays in view before the next one (ms), by ``computer_pace``.
PACE_MS: dict[str, int] = {"slow": 1400, "normal": 600, "instant": 0}


def thinker(parent: QObject) -> Worker:
    """A worker for the computer's thinking (the coach's too): its own thread, the garbage
    collector paused while it thinks."""
    return Worker(parent, name="arle-computer", pauses_collector=True)


class ComputerPlayer(QObject):
    """Plays the computer's seats of ``session``: after every change, if the computer is to act, it
    thinks off the GUI thread, waits out the pace, and plays its move."""

    #: True while the computer is thinking (or waiting to show its move), False when it is done.
    thinking = Signal(bool)

    def __init__(self, session: GameSession, pace: str = "normal", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.pace = pace
        self.thinker = thinker(self)
        self._started = 0.0
        self._paused = False
        self._show = QTimer(self)
        self._show.setSingleShot(True)
        self._pending: tuple[Any, int] | None = None
        self._show.timeout.connect(self._play_pending)
        session.changed.connect(self._changed)
        session.reset.connect(self._changed)

    @property
    def busy(self) -> bool:
        """Thinking or about to show a move."""
        return self.thinker.busy or self._pending is not None

    def start(self) -> None:
        """Begin (or go on) playing: after the page is shown, a game continued on the computer's
        turn goes on at once."""
        self._paused = False
        self._changed()

    def stop(self, wait: float = 0.0) -> None:
        """Cancel any thinking and any move not yet shown, and make no move until ``start``
        (closing the game, quitting)."""
        self._paused = True
        self._cancel(wait)

    def _cancel(self, wait: float = 0.0) -> None:
        was = self.busy
        self.thinker.cancel(wait)
        self._show.stop()
        self._pending = None
        if was:
            self.thinking.emit(False)

    def _changed(self, *_: Any) -> None:
        """The game changed: whatever was being thought about is stale."""
        self._cancel()
        if self._paused or not self.session.computer_turn:
            return
        from arle.ai import choose

        game = self.session.game.copy()  # the worker's own: the session's may be replaced by undo
        level = self.session.seat(game.actor)
        at = len(self.session.history.moves)
        self._started = time.monotonic()
        self.thinking.emit(True)
        self.thinker.restart(lambda should_stop: choose(game, level, should_stop),
                         lambda move: self._found(move, at), self._failed)

    def _found(self, move: Any, at: int) -> None:
        """Show the move once the pace allows (a fast think still leaves the last move in view)."""
        self._pending = (move, at)
        elapsed = int((time.monotonic() - self._started) * 1000)
        self._show.start(max(0, PACE_MS.get(self.pace, 0) - elapsed))

    def _play_pending(self) -> None:
        pending, self._pending = self._pending, None
        self.thinking.emit(False)
        if pending is None:
            return
        move, at = pending
        if at == len(self.session.history.moves) and self.session.computer_turn:
            self.session.play_computer(move)

    def _failed(self, error: BaseException) -> None:
        from arle.ai import Cancelled

        self.thinking.emit(False)
        if not isinstance(error, Cancelled):  # a bug in a level: say it, let the person see the game
            import logging

            logging.getLogger(__name__).error("the computer player failed", exc_info=error)
            self.session.refuse(QCoreApplication.translate(
                "Computer", "The computer could not choose a move: {error}").format(error=error))
