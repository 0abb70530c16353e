"""The guided first game (issue 13): a seeded solo game whose first half-year a card guides,
suggesting each move with a reason (the computer player's Hint) and marking where it is made;
played here through the window by real gestures, following the suggestions; it can be left at any
time, and the game then goes on without the guide."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsRectItem

from arle.commands.driver import GestureDriver, settle
from arle.engine import ACTION_SPACES, PlaceWorker
from arle.files.settings import load_settings
from arle.gui.shell.how_to_play import HowToPlay
from arle.gui.shell.main_window import MainWindow
from arle.gui.tutorial import SEED, Tutorial
from tests.gui.scene_helpers import open_main_window


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    return open_main_window(qtbot, monkeypatch, tmp_path, (1280, 720))


def _start(qtbot, w: MainWindow) -> Tutorial:
    qtbot.mouseClick(w.start_page.tutorial_button, Qt.MouseButton.LeftButton)
    tutorial = w.shown.tutorial
    assert isinstance(tutorial, Tutorial) and tutorial.card.isVisible()
    setup = w.shown.session.match.setup
    assert (setup.players, setup.seed, setup.building_set) == (1, SEED, "first_game")
    return tutorial


def _suggestion(qtbot, tutorial: Tutorial):
    qtbot.waitUntil(lambda: tutorial.suggestion is not None, timeout=20000)
    return tutorial.suggestion


def test_a_whole_first_half_year_following_the_suggestions(qtbot, window):
    tutorial = _start(qtbot, window)
    driver = GestureDriver(window)
    session = window.shown.session
    placements = 0
    while not tutorial.finished:
        move, reason = _suggestion(qtbot, tutorial)
        body = tutorial.card.body.text()
        assert reason and reason in body
        assert tutorial.marks or "side panel" in body  # where to drag or click, or which button
        if isinstance(move, PlaceWorker):
            placements += 1
            space = ACTION_SPACES[move.space]
            assert space.text in body  # what the action space does
            marks = [item for _scene, item in tutorial.marks if isinstance(item, QGraphicsRectItem)]
            assert marks and marks[0].rect().contains(window.shown.page.board_scene.spaces[move.space].rect)
        driver.play(move)
        settle()
        assert len(session.match.history.moves) < 60
    assert placements == 4  # every Worker of the half-year went where the guide said
    assert session.match.game.state.half_year == 2
    assert "first half-year is over" in tutorial.card.title.text()
    assert not tutorial.marks
    assert load_settings().tutorial_done


def test_leaving_mid_way_keeps_the_game_and_drops_the_guide(qtbot, window):
    tutorial = _start(qtbot, window)
    driver = GestureDriver(window)
    move, _ = _suggestion(qtbot, tutorial)
    assert tutorial.marks  # the space framed on the board
    driver.play(move)
    _suggestion(qtbot, tutorial)  # mid-way through the Worker's action
    moves = list(window.shown.session.match.history.moves)
    qtbot.mouseClick(tutorial.card.leave, Qt.MouseButton.LeftButton)
    assert window.shown.tutorial is None and not tutorial.active
    assert not tutorial.marks and not tutorial.card.isVisible()
    assert window.shown.session.match.history.moves == moves  # leaving is no move
    assert load_settings().tutorial_done
    driver.play(window.shown.session.match.legal_moves()[0])  # the game goes on as a normal solo game
    settle()
    assert tutorial.suggestion is None or tutorial.position_key() != tutorial._key


def test_the_cards_link_opens_how_to_play(qtbot, window):
    tutorial = _start(qtbot, window)
    _suggestion(qtbot, tutorial)
    tutorial.card.more.linkActivated.emit("howto:work-phase")
    dialog = window.findChild(HowToPlay)
    assert dialog is not None and dialog.isVisible() and dialog.section == "work-phase"


def test_a_new_game_ends_the_guide(qtbot, window):
    from arle.gui.shell.main_window import new_setup
    from arle.match.history import GameHistory

    _start(qtbot, window)
    window.life.install(GameHistory(new_setup(2, 4)))
    assert window.shown.tutorial is None
    settle()
