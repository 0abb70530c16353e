"""The decision panel's buttons: in the order of the moves, the default one marked, Tab going
through them in that order, and each button keeping its style once made (issue 15: a button
given another role was styled again, 0.2 ms, in one move of two)."""

from __future__ import annotations

import itertools
import random

import pytest
from PySide6.QtWidgets import QPushButton

from arle.commands.driver import settle
from arle.commands.simulate import choose_move
from arle.engine.content.buildings import BUILDINGS
from arle.engine.interpreter.moves import Choose, Done, EndTurn, SkipPlacement
from arle.files.history import GameHistory
from arle.gui import style
from arle.gui.main_window import MainWindow, new_setup
from arle.gui.panels import BUTTON_MOVES, default_move


@pytest.fixture
def window(qtbot) -> MainWindow:
    w = MainWindow(autosave=False)
    qtbot.addWidget(w)
    w.resize(1280, 720)
    w.show()
    return w


def check_buttons(window: MainWindow, roles: dict[int, str]) -> None:
    """The panel shows the session's button moves, in order, as a player sees them."""
    session, panel = window.session, window.page.decision
    shown = [m for m in session.legal_moves() if isinstance(m, BUTTON_MOVES)]
    default = default_move(shown)
    assert [panel.button_moves[b] for b in panel.buttons] == shown
    visible = [b for b in panel.findChildren(QPushButton) if b.isVisible()]
    assert sorted(visible, key=lambda b: b.y()) == panel.buttons  # top to bottom, none other
    for b in panel.buttons:
        move = panel.button_moves[b]
        assert b.text() == style.move_label(session.game, move)
        role = "defaultButton" if move == default else \
            "skipButton" if isinstance(move, SkipPlacement) else "choiceButton"
        assert b.objectName() == role
        assert b.isDefault() == (role == "defaultButton")
        assert roles.setdefault(id(b), role) == role  # a button keeps the role it was made for
    for before, after in itertools.pairwise([*panel.buttons, panel.more]):
        assert before.nextInFocusChain() is after


def test_the_buttons_follow_the_moves_in_order_and_keep_their_style(window, monkeypatch):
    """Decisions whose default changes place (a choice first, then Done alone, then Skip
    beside it) are shown in the moves' order, by buttons that keep their style."""
    window.install(GameHistory(new_setup(1, 2)))
    session = window.session
    names = sorted(BUILDINGS)[:3]
    decisions = [
        [Choose(names[0]), Choose(names[1]), Done()],
        [Done()],
        [SkipPlacement(), EndTurn()],
        [Choose(names[2]), Done(), SkipPlacement()],
        [SkipPlacement(), Choose(names[0]), Choose(names[1]), Choose(names[2])],
        [],
        [Choose(names[1]), Done()],
    ]
    roles: dict[int, str] = {}
    for moves in decisions:
        monkeypatch.setattr(session, "legal_moves", lambda moves=moves: list(moves))
        session.changed.emit([])
        settle()
        check_buttons(window, roles)
    assert len(window.page.decision.buttons) == 2


def test_the_buttons_over_a_game(window):
    window.install(GameHistory(new_setup(2, 8)))
    session, rng, roles = window.session, random.Random(8), {}
    for _ in range(80):
        assert session.try_apply(choose_move(rng, session.legal_moves(), session.game))
        settle()
        check_buttons(window, roles)
