"""Python's cyclic garbage collector runs on the GUI thread only (``arle.gui.kit.collector``).

A collection set off in another thread (the one listing saved games, a computer player's search)
freed Qt objects there; their timers stayed registered with the GUI thread's event loop, which
then delivered a timer to freed memory (a segfault in ``QTimerInfoList::activateTimers``, seen in
the screenshot command while the start page listed its games)."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest
from PySide6.QtCore import QObject, QTimer

from arle.gui.kit import collector
from tests.gui.scene_helpers import open_main_window


@pytest.fixture(autouse=True)
def window(qtbot, monkeypatch, tmp_path):
    return open_main_window(qtbot, monkeypatch, tmp_path, (1280, 720))


class Holder(QObject):
    """A Qt object with a running timer, kept alive only by a reference cycle."""

    def __init__(self) -> None:
        super().__init__()
        self.timer = QTimer(self)
        self.timer.start(10_000)
        self.me = self


def _garbage_cycle() -> weakref.ref:
    holder = Holder()
    ref = weakref.ref(holder)
    del holder
    return ref


def _allocate_in_a_thread() -> None:
    """Far more new containers than the youngest generation's threshold, in another thread."""
    def work() -> None:
        kept = [[i] for i in range(50 * gc.get_threshold()[0])]
        del kept

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()


def test_a_window_turns_automatic_collection_off() -> None:
    assert not gc.isenabled()


def test_no_qt_object_is_collected_in_another_thread() -> None:
    ref = _garbage_cycle()
    _allocate_in_a_thread()
    assert ref() is not None  # an automatic collection would have freed it in that thread
    gc.collect()  # what the GUI thread's collector does when it is due
    assert ref() is None


def test_the_gui_thread_collects_when_a_threshold_is_passed() -> None:
    found = collector.start()
    ref = _garbage_cycle()
    kept = [[] for _ in range(2 * gc.get_threshold()[0])]  # the youngest generation is due
    assert gc.get_count()[0] > gc.get_threshold()[0]
    assert found.collect() > 0
    del kept
    assert ref() is None


def test_no_collection_while_a_computer_player_thinks() -> None:
    """A full collection of a search's many positions stopped the window for 0.1-0.3 s."""
    ref = _garbage_cycle()
    collector.pause()
    try:
        kept = [[i] for i in range(10 * gc.get_threshold()[0])]
        assert collector.start().collect() == 0
        assert ref() is not None
    finally:
        collector.resume()
        del kept
    collector.start().collect()
    gc.collect()
    assert ref() is None


def test_what_survives_a_full_collection_is_frozen() -> None:
    """Issue 15: a full collection over a game's objects took 30 ms, a step of the event loop
    the player's input waited behind; what survives one lives on and is frozen, so the next
    full collections pass over it."""
    gc.unfreeze()
    for _ in range(gc.get_threshold()[2] + 1):
        gc.collect(1)  # (each counts towards the oldest generation's threshold)
    assert gc.get_count()[2] > gc.get_threshold()[2]
    ref = _garbage_cycle()
    collector.start().collect()
    assert ref() is None  # a full collection, which freed the cycle
    assert gc.get_freeze_count() > 10 * len(gc.get_objects())  # the survivors, frozen


def test_a_game_put_in_the_window_is_collected_once_and_frozen(window, qtbot) -> None:
    """A cycle frozen with the game shown before is freed when another game is put in the
    window, and what lives on is frozen again."""
    from arle.commands.simulate import setup_for
    from arle.match.history import GameHistory

    ref = _garbage_cycle()
    gc.freeze()
    window.life.install(GameHistory(setup_for(3, 2)))
    qtbot.waitUntil(lambda: ref() is None)
    assert gc.get_freeze_count() > 10 * len(gc.get_objects())
