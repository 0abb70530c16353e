"""Run slow file work (reading and replaying a game, listing the games in progress) off the GUI
thread, so the window keeps painting and answering while it runs.

The worker runs plain Python (the file layer and the engine) and never touches a Qt object: the GUI
thread polls its future with a timer and hands the result (or the exception) to callbacks there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

#: How often the GUI thread looks whether the job is done (ms): short next to any file load.
POLL_MS = 15


class Background(QObject):
    """One job at a time on one worker thread; ``run`` returns False while a job is running."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        #: The worker, made at the first job (the window is built before any: no thread pool
        #: to import before its first picture).
        self._pool: ThreadPoolExecutor | None = None
        self._job: tuple[Future[Any], Callable[[Any], None], Callable[[Exception], None]] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    @property
    def busy(self) -> bool:
        return self._job is not None

    def run(self, work: Callable[[], Any], done: Callable[[Any], None],
            failed: Callable[[Exception], None]) -> bool:
        """Start ``work()`` on the worker; later, on the GUI thread, ``done(result)`` or ``failed(error)``."""
        if self._job is not None:
            return False
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            pool = self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="arle-background")
            self.destroyed.connect(lambda *_: pool.shutdown(wait=False))
        self._job = (self._pool.submit(work), done, failed)
        self._timer.start()
        return True

    def _poll(self) -> None:
        if self._job is None or not self._job[0].done():
            return
        future, done, failed = self._job
        self._job = None
        self._timer.stop()
        try:
            result = future.result()
        except Exception as exc:  # the file layer's sentence, or a bug: the caller says it
            failed(exc)
            return
        done(result)
