"""The one background worker: slow work (reading and replaying a game, listing the games in
progress, the computer's and the coach's thinking) runs off the GUI thread, so the window keeps
painting and answering while it runs.

A ``Worker`` runs one job at a time on a daemon thread of its own, with a stop flag handed to the
job as ``should_stop``. The job runs plain Python (the file layer, the engine, ``arle.ai``) and never
touches a Qt object: its end is delivered to the GUI thread by a queued signal (no timer looks
whether it is done: issue 47 item 5), which hands the result (or the exception) to callbacks
there. ``cancel`` sets the stop flag and drops the result, if it still comes (a stale job's end is
refused).

While a thinking job runs (``pauses_collector``), Python's cyclic garbage collector (run on the
GUI thread only, ``arle.gui.kit.collector``) is paused: the search makes no cycles, and a full
collection of its many positions stopped every thread, the window's too, several times per Hard
decision.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from arle.gui.kit import collector

#: How long a cancel waits for the job's thread to end (s): a search sees its stop flag within
#: a few tens of milliseconds.
CANCEL_JOIN_S = 1.0

#: A job: called with ``should_stop`` (true once the job is cancelled), returns its result.
Work = Callable[[Callable[[], bool]], Any]


class Worker(QObject):
    """One job at a time on its own daemon thread; see the module."""

    #: A job's thread has ended (emitted there; queued to the GUI thread).
    _ended = Signal(object)

    def __init__(self, parent: QObject | None = None, *, name: str = "arle-background",
                 pauses_collector: bool = False) -> None:
        super().__init__(parent)
        self.name = name
        self.pauses_collector = pauses_collector
        self._job: _Job | None = None
        self._ended.connect(self._finish)

    @property
    def busy(self) -> bool:
        return self._job is not None

    def run(self, work: Work, done: Callable[[Any], None],
            failed: Callable[[BaseException], None] | None = None) -> bool:
        """Start ``work(should_stop)``; later, on the GUI thread, ``done(result)`` or
        ``failed(error)``. False, and nothing started, while a job runs."""
        if self._job is not None:
            return False
        job = _Job(work, done, failed, self.name, self._ended.emit)
        self._job = job
        if self.pauses_collector:
            collector.pause()
        job.thread.start()
        return True

    def restart(self, work: Work, done: Callable[[Any], None],
                failed: Callable[[BaseException], None] | None = None) -> None:
        """Cancel the job running, if any, and start this one."""
        self.cancel()
        self.run(work, done, failed)

    def cancel(self, wait: float = 0.0) -> None:
        """Stop the job (it sees ``should_stop()`` turn true) and forget it; ``wait``: seconds to
        let its thread end (closing the window: nothing is left running behind it)."""
        job, self._job = self._job, None
        if job is not None:
            job.stop.set()
            job.thread.join(max(wait, CANCEL_JOIN_S))
            if self.pauses_collector:
                collector.resume()

    def _finish(self, job: _Job) -> None:
        """On the GUI thread: ``job`` has ended; a job cancelled or replaced is not heard."""
        if job is not self._job:
            return
        job.thread.join()  # (it has just returned from the job: the join is at once)
        self._job = None
        if self.pauses_collector:
            collector.resume()
        if job.error is not None:
            if job.failed is not None:
                job.failed(job.error)
            return
        job.done(job.result)


class _Job:
    def __init__(self, work: Work, done: Callable[[Any], None],
                 failed: Callable[[BaseException], None] | None, name: str,
                 ended: Callable[[_Job], None]) -> None:
        self.stop = threading.Event()
        self.done, self.failed, self._ended = done, failed, ended
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(work,), daemon=True, name=name)

    def _run(self, work: Work) -> None:
        try:
            self.result = work(self.stop.is_set)
        except BaseException as exc:  # cancelled, the file layer's sentence, or a bug: the GUI thread says
            self.error = exc
        with contextlib.suppress(RuntimeError):  # the worker went with its window: nobody waits
            self._ended(self)
