"""The CI slice of the GUI monkey (``python -m arle fuzz gui``, issue 7): one seeded solo session
of random gestures, refused drops and undo/redo through the real window, to the end of the game."""

from __future__ import annotations

from arle.commands.fuzz_gui import gui_session


def test_one_monkey_session_reaches_the_end_of_a_solo_game(monkeypatch, tmp_path):
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    line = gui_session(1, 1)
    assert line["ok"], line.get("error")
    assert len(line["scores"]) == 1
    gestures = line["gestures"]
    assert gestures["drag"] >= 30
    assert gestures["refused_drop"] >= 3
    assert gestures["undo"] >= 1 and gestures["redo"] >= 1
    assert line["moves"] >= 100


def test_a_monkey_session_passes_with_the_boards_behind_tabs_made_ready_between_every_gesture(
        monkeypatch, tmp_path):
    """Issue 15: the boards behind other tabs are made ready while the player thinks (a step an
    event, put off by a drag). With no pause before it, their preparation runs between every
    gesture, drop and undo of a two-player game: nothing the player sees or plays may change."""
    from arle.gui.side import game_page

    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(game_page, "PREPARE_AFTER_MS", 0)
    steps: list[bool] = []
    original = game_page.GamePage.prepare_next
    monkeypatch.setattr(game_page.GamePage, "prepare_next",
                        lambda self: (steps.append(bool(self._unpainted)), original(self))[1])
    line = gui_session(12, 2)
    assert line["ok"], line.get("error")
    assert len(line["scores"]) == 2 and line["moves"] >= 200
    assert line["gestures"]["drag"] >= 60
    assert sum(steps) > 200  # (boards were painted behind their tabs, many times)


def test_the_watch_fails_on_scene_and_painter_warnings_but_not_on_offscreen_noise(qapp):
    from PySide6.QtCore import qWarning

    from arle.commands.fuzz_gui import MonkeyFailure, QtWatch

    with QtWatch() as watch:
        qWarning("This plugin does not support propagateSizeHints()")
        watch.check()
        qWarning("QGraphicsScene::removeItem: item 0x1's scene (0x2) is different from this scene")
    assert len(watch.bad) == 1
    try:
        watch.check()
    except MonkeyFailure as exc:
        assert "QGraphicsScene::removeItem" in str(exc)
    else:
        raise AssertionError("the warning did not fail the session")


def test_a_move_without_its_button_fails_the_session(monkeypatch, tmp_path):
    """A Done/Choose/Pay button missing from the decision panel is a move no player can make."""
    from arle.gui.side.panels import DecisionPanel

    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(DecisionPanel, "button_for", lambda self, move: None)
    line = gui_session(1, 1, drop_rate=0, undo_rate=0)
    assert not line["ok"]
    assert line["error"].startswith("NoGesture: the decision panel has no button for")


def test_an_exception_inside_a_qt_mouse_handler_fails_the_session(monkeypatch, tmp_path):
    """An exception raised in an event handler (which Qt may only print, or PySide re-raise from
    the event call) fails the session and names the cause."""
    from arle.gui.boards.board_scene import BoardScene

    def broken(self, event):
        raise RuntimeError("broken release handler")

    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setattr(BoardScene, "mouseReleaseEvent", broken)
    line = gui_session(1, 1, drop_rate=0, undo_rate=0)
    assert not line["ok"]
    assert "broken release handler" in line["error"] + line.get("qt_exception", "")
