"""The match's seats in the window: whenever a seat other than a person at this computer is to act
(the computer, later a friend elsewhere), the match's loop asks it (``Match.turn``) and this driver
only runs that seat's thinking on the background worker (``arle.gui.kit.background``), so the
window keeps painting and answering, then shows its move at the pace the player chose
(``Match.answer``). Undo, a new game, closing the game or quitting cancel the thinking: its result,
if it still comes, is dropped (the match refuses an answer to a turn that is gone).
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from arle.ai import Cancelled
from arle.engine import IllegalMove
from arle.gui.kit.background import Worker
from arle.match.history import REMOTE

if TYPE_CHECKING:
    from arle.engine import Move
    from arle.gui.session import GameSession
    from arle.match import Turn

#: How long each computer move stays in view before the next one (ms), by ``computer_pace``.
PACE_MS: dict[str, int] = {"slow": 1400, "normal": 600, "instant": 0}


def thinker(parent: QObject) -> Worker:
    """A worker for the seats' thinking (the coach's too): its own thread, the garbage collector
    paused while it thinks."""
    return Worker(parent, name="arle-computer", pauses_collector=True)


class SeatDriver(QObject):
    """Asks the match's seats for their moves off the GUI thread, after every change."""

    #: True while a seat is thinking (or its move waits to be shown), False when it is done.
    thinking = Signal(bool)

    def __init__(self, session: GameSession, pace: str = "normal", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.pace = pace
        self.thinker = thinker(self)
        #: A friend's turn is waited for, not thought: the collector runs on meanwhile (a friend
        #: may take minutes; a thinker paused it until the game closed).
        self.waiter = Worker(self, name="arle-friend-turn")
        self._started = 0.0
        self._paused = False
        self._show = QTimer(self)
        self._show.setSingleShot(True)
        self._pending: tuple[Turn, Move] | None = None
        self._show.timeout.connect(self._play_pending)
        session.changed.connect(self._changed)
        session.reset.connect(self._changed)

    @property
    def busy(self) -> bool:
        """Thinking or about to show a move."""
        return self.thinker.busy or self.waiter.busy or self._pending is not None

    def start(self) -> None:
        """Begin (or go on) asking: after the page is shown, a game continued on the computer's
        turn goes on at once."""
        self._paused = False
        self._changed()

    def stop(self, wait: float = 0.0) -> None:
        """Cancel any thinking and any move not yet shown, and ask no seat until ``start``
        (closing the game, quitting)."""
        self._paused = True
        self._cancel(wait)

    def _cancel(self, wait: float = 0.0) -> None:
        was = self.busy
        self.thinker.cancel(wait)
        self.waiter.cancel(wait)
        self._show.stop()
        self._pending = None
        if was:
            self.thinking.emit(False)

    def _changed(self, *_: Any) -> None:
        """The game changed: whatever was being thought about is stale."""
        self._cancel()
        turn = None if self._paused else self.session.match.turn()
        if turn is None:
            return
        self._started = time.monotonic()
        self.thinking.emit(True)
        worker = self.waiter if turn.seat.kind == REMOTE else self.thinker
        worker.restart(turn.think, lambda move: self._found(turn, move), self._failed)

    def _found(self, turn: Turn, move: Move) -> None:
        """Show the move once the pace allows (a fast think still leaves the last move in view)."""
        self._pending = (turn, move)
        elapsed = int((time.monotonic() - self._started) * 1000)
        self._show.start(max(0, PACE_MS.get(self.pace, 0) - elapsed))

    def _play_pending(self) -> None:
        pending, self._pending = self._pending, None
        self.thinking.emit(False)
        if pending is None:
            return

        try:
            change = self.session.match.answer(*pending)  # None: the game moved on meanwhile
        except IllegalMove as exc:  # a seat's move the engine refuses: said, nothing changes
            self._failed(exc)
            return
        self._friend_moved(pending[0], change)

    def _friend_moved(self, turn: Turn, change: object) -> None:
        """A friend on another computer ended their turn: say so (they may have moved while the
        player looked elsewhere)."""
        if change is not None and turn.seat.kind == REMOTE and self.session.match.game.actor != turn.actor:
            self.session.message.emit(QCoreApplication.translate("Remote", "Your friend has moved."))

    def _failed(self, error: BaseException) -> None:
        self.thinking.emit(False)
        if not isinstance(error, Cancelled):  # a bug in a seat: say it, let the person see the game
            logging.getLogger(__name__).error("a seat could not choose a move", exc_info=error)
            self.session.refuse(QCoreApplication.translate(
                "Computer", "The computer could not choose a move: {error}").format(error=error))
