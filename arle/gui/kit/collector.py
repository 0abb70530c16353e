"""Python's cyclic garbage collector runs on the GUI thread only.

Left automatic, a collection runs in whichever thread happens to allocate when a threshold is
crossed: the thread listing saved games, a computer player's search. A collection that frees a
Qt object from such a thread runs its destructor there; a timer the object had is then never
unregistered from the GUI thread's event loop, which later delivers the timer to freed memory
(seen as a segfault in ``QTimerInfoList::activateTimers``). So the automatic collector is off
while the window lives, and a timer on the GUI thread collects as the automatic one would have
(the same thresholds), except while a computer player thinks (``pause``): its search makes no
cycles, and a full collection of its many positions stopped the window for a visible moment.

What survives a full collection is frozen (``gc.freeze``): the window, the game and its history
live on, and later full collections pass over them. A full collection over a game's objects
was a long step of the event loop that the player's input waited behind (``arle bench``:
``prepare_cpu_ms_max``). The game makes no cycles (a whole bench game left none to collect), so
nothing frozen is waiting to be freed. A game put in the window (new, loaded, continued) thaws
everything, collects it once and freezes what lives on (``settle``): the old game's cycles are
freed then, and the first full collection of the new game does not go over it all.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

#: How often the GUI thread looks whether a collection is due (ms).
INTERVAL_MS = 500


class Collector(QObject):
    """Collects on the GUI thread at ``INTERVAL_MS``, the youngest generations first."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.paused = 0
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.collect)
        self.timer.start()

    def collect(self) -> int:
        """Collect the oldest generation whose count passed its threshold; the number freed."""
        if self.paused:
            return 0
        counts, thresholds = gc.get_count(), gc.get_threshold()
        due = [g for g in range(3) if counts[g] > thresholds[g]]
        if not due:
            return 0
        freed = gc.collect(max(due))
        if max(due) == 2:
            gc.freeze()
        return freed


_collector: Collector | None = None


def start() -> Collector:
    """Turn the automatic collector off and collect from the GUI thread (once per application)."""
    global _collector
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("the GUI-thread collector needs a Qt application")
    if _collector is None or _collector.parent() is not app:
        _collector = Collector(app)
        app.destroyed.connect(_stopped)
    gc.disable()
    return _collector


def _stopped(*_: object) -> None:
    global _collector
    _collector = None
    gc.unfreeze()
    gc.enable()


def settle() -> None:
    """After a game was put in the window: collect everything once (while the window is built
    anew, when a pause is expected) and freeze what lives on."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def pause() -> None:
    """No collection until ``resume`` (GUI thread; nests)."""
    start().paused += 1


def resume() -> None:
    collector = start()
    collector.paused = max(0, collector.paused - 1)
