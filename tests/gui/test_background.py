"""The background worker delivers a job's end by a queued signal, not by a timer that looks
(issue 47, item 5), and still drops a cancelled job's stale answer."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication, QTimer
from pytestqt.qtbot import QtBot

from arle.gui.kit.background import Worker


def test_worker_has_no_polling_timer(qtbot: QtBot) -> None:
    """Issue 47 item 5: no QTimer looks for results."""
    worker = Worker()
    assert worker.findChildren(QTimer) == []


def test_result_arrives_with_the_next_event_pass(qtbot: QtBot) -> None:
    """Issue 47 item 5: once the job's thread has ended, one pass of the event loop delivers its
    result (a polling timer would wait for its next tick)."""
    worker = Worker()
    got: list[object] = []
    assert worker.run(lambda _stop: 42, got.append)
    job = worker._job
    assert job is not None
    job.thread.join(5.0)
    QCoreApplication.processEvents()
    assert got == [42]
    assert not worker.busy


def test_failure_goes_to_failed(qtbot: QtBot) -> None:
    """A job's exception reaches ``failed`` on the GUI thread, not ``done``."""
    worker = Worker()
    done: list[object] = []
    failed: list[BaseException] = []

    def work(_stop: object) -> None:
        raise ValueError("no")

    worker.run(work, done.append, failed.append)
    qtbot.waitUntil(lambda: bool(failed), timeout=5000)
    assert done == [] and isinstance(failed[0], ValueError)


def test_cancelled_answer_is_stale(qtbot: QtBot) -> None:
    """A cancelled job's answer, arriving after a newer job started, is dropped; the newer
    job's answer is delivered."""
    worker = Worker()
    release = threading.Event()
    got: list[object] = []

    def old(_stop: object) -> str:
        release.wait(5.0)
        return "old"

    worker.run(old, got.append)
    first = worker._job
    assert first is not None
    worker.cancel(wait=0.0)  # waits up to CANCEL_JOIN_S; the job still runs after
    worker.run(lambda _stop: "new", got.append)
    release.set()
    first.thread.join(5.0)
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    QCoreApplication.processEvents()
    assert got == ["new"]
