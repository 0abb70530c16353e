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


def test_an_action_space_card_is_drawn_once_per_status(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: a Worker placed, the glow of the legal spaces coming and going and the end of a
    round repaint many action spaces; the card under the Worker (its name and pictures) is
    recorded once per status (current, other season, closed) and replayed."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.board_items import SpaceItem

    drawn: list[tuple[str, str]] = []
    paint_card = SpaceItem._paint_card

    def counted(self: SpaceItem, painter, status: str) -> None:
        drawn.append((self.space_id, status))
        paint_card(self, painter, status)

    monkeypatch.setattr(SpaceItem, "_paint_card", counted)
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.install(GameHistory(setup_for(5, 2)))
    session, rng = window.session, random.Random(5)
    painted = 0
    paint = SpaceItem.paint

    def paint_counted(self, *args) -> None:
        nonlocal painted
        painted += 1
        paint(self, *args)

    monkeypatch.setattr(SpaceItem, "paint", paint_counted)
    while session.game.state.half_year < 5:  # four half-years: each space current, other, closed
        session.try_apply(choose_move(rng, session.legal_moves()))
        for _ in range(10):
            QApplication.processEvents()
    assert painted > 2 * len(drawn)  # the spaces were repainted many times...
    assert len(drawn) == len(set(drawn))  # ...and each card drawn once per status
