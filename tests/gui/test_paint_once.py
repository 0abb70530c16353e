"""Issue 15: a move is laid out and painted once.

The side panel's parts change height with the decision; held in a layout, each change climbed
to the window (Qt's ``QLayout::activate`` always tells the parent) and laid the whole window out
again, and each level of nesting was laid out in a later round of the event loop with the
window painted after each: three or four paints a move."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject

from arle.commands.simulate import choose_move, setup_for
from arle.files.history import GameHistory
from tests.gui.scene_helpers import open_main_window


class Seen(QObject):
    """Counts the events of each type delivered to the objects it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[QEvent.Type, int] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.counts[event.type()] = self.counts.get(event.type(), 0) + 1
        return False


def test_a_move_does_not_lay_out_the_window_again(qtbot, monkeypatch, tmp_path) -> None:
    from PySide6.QtWidgets import QApplication

    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.install(GameHistory(setup_for(5, 2)))
    QApplication.processEvents()
    seen = Seen()
    for watched in (window, window.page):
        watched.installEventFilter(seen)
    session, rng = window.session, random.Random(5)
    moves = 0
    while moves < 40:
        session.try_apply(choose_move(rng, session.legal_moves()))
        for _ in range(10):
            QApplication.processEvents()
        moves += 1
    assert seen.counts.get(QEvent.Type.LayoutRequest, 0) == 0
