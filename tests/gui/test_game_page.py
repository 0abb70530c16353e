"""The game page keeps the work after a move to what is on screen (issue 7)."""

from __future__ import annotations

import random

from arle.gui.dialogs import ScoringTable
from arle.gui.main_window import MainWindow, new_setup
from arle.history import GameHistory
from arle.simulate import choose_move


def play(session, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        assert session.try_apply(choose_move(rng, session.legal_moves(), session.game))


def test_the_live_scoring_pad_is_filled_when_shown_not_after_every_move_behind_its_tab(qtbot, monkeypatch):
    """Issue 7: the hidden scoring table was refilled (and laid out) after every move."""
    fills: list[int] = []
    original = ScoringTable.refresh
    monkeypatch.setattr(ScoringTable, "refresh", lambda self, *a: (fills.append(1), original(self, *a)))
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.install(GameHistory(new_setup(2, 3)))
    page, session = window.page, window.session
    fills.clear()
    play(session, 5, random.Random(3))
    assert fills == [] and page.views.currentIndex() != page.scoring_index
    page.views.setCurrentIndex(page.scoring_index)  # looked at: filled once, with the live totals
    assert fills == [1]
    assert page.scoring.totals() == [session.game.score(i).total for i in range(2)]
    play(session, 1, random.Random(4))  # a move while it is shown (side panel buttons): filled again
    assert fills == [1, 1]
