"""The computer player in the window: it thinks on a worker thread (``arle.ai``, pure Python) so the
window keeps painting and answering, and its moves appear one by one at the pace the player chose.

``Thinker`` runs one job at a time with a cancel flag handed to the job as ``should_stop``; the GUI
thread polls for the result with a timer, so no Qt object is touched off the GUI thread. While a
job runs, Python's cyclic garbage collector (run on the GUI thread only, ``arle.gui.kit.collector``)
is paused: the search makes no cycles, and a full collection of its many positions stopped every
thread, the window's too, for 0.1-0.3 s several times per Hard decision. Undo,
a new game, closing the game or quitting cancel the job: its result, if it still comes, is dropped.
``ComputerPlayer`` watches the session and, whenever the seat to act is the computer's, asks its
level for a move and applies it through ``GameSession.play_computer`` (logged like a person's).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from arle.gui.kit import collector

if TYPE_CHECKING:
    from arle.gui.session import GameSession

#: How long each computer move stays in view before the next one (ms), by ``computer_pace``.
PACE_MS: dict[str, int] = {"slow": 1400, "normal": 600, "instant": 0}
#: How often the GUI thread looks whether the worker is done (ms).
POLL_MS = 15
#: How long a cancel waits for the worker to stop (s): it sees its stop flag within ~20 ms.
CANCEL_JOIN_S = 1.0


class Thinker(QObject):
    """One job at a time on its own daemon thread; ``cancel`` sets the job's stop flag and drops
    its result. ``done(result)`` runs on the GUI thread; an exception from the job is logged and
    reported to ``failed``."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._job: _Job | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def busy(self) -> bool:
        return self._job is not None

    def run(self, work: Callable[[Callable[[], bool]], Any], done: Callable[[Any], None],
            failed: Callable[[BaseException], None] | None = None) -> None:
        """Cancel any job still running, then start ``work(should_stop)``."""
        self.cancel()
        job = _Job(work, done, failed)
        self._job = job
        collector.pause()
        job.thread.start()
        self._timer.start()

    def cancel(self, wait: float = 0.0) -> None:
        """Stop the job (it sees ``should_stop()`` turn true) and forget it; ``wait``: seconds to
        let its thread end (closing the window: nothing is left running behind it)."""
        job, self._job = self._job, None
        self._timer.stop()
        if job is not None:
            job.stop.set()
            job.thread.join(max(wait, CANCEL_JOIN_S))  # a search stops within ~20 ms
            collector.resume()

    def _poll(self) -> None:
        job = self._job
        if job is None or job.thread.is_alive():
            return
        self._job = None
        self._timer.stop()
        collector.resume()
        if job.error is not None:
            if job.failed is not None:
                job.failed(job.error)
            return
        job.done(job.result)


class _Job:
    def __init__(self, work: Callable[[Callable[[], bool]], Any], done: Callable[[Any], None],
                 failed: Callable[[BaseException], None] | None) -> None:
        self.stop = threading.Event()
        self.done, self.failed = done, failed
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(work,), daemon=True, name="arle-computer")

    def _run(self, work: Callable[[Callable[[], bool]], Any]) -> None:
        try:
            self.result = work(self.stop.is_set)
        except BaseException as exc:  # Cancelled, or a bug: the GUI thread decides
            self.error = exc


class ComputerPlayer(QObject):
    """Plays the computer's seats of ``session``: after every change, if the computer is to act, it
    thinks off the GUI thread, waits out the pace, and plays its move."""

    #: True while the computer is thinking (or waiting to show its move), False when it is done.
    thinking = Signal(bool)

    def __init__(self, session: GameSession, pace: str = "normal", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.pace = pace
        self.thinker = Thinker(self)
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
        self.thinker.run(lambda should_stop: choose(game, level, should_stop),
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
