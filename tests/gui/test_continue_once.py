"""Issue 39, item 3: a continued game is replayed once, for its state and its log alike (the log was
put in words by a second replay of every move)."""

from __future__ import annotations

import pytest

import arle.match.loop
from tests.gui.test_games_in_progress import journal_of
from tests.gui.test_window import history_with, loaded, open_window


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def replayed_once(monkeypatch):
    """A second replay of the moves for their log fails the test."""

    def second_replay(*_a, **_k):
        raise AssertionError("the game was replayed a second time for its log")

    monkeypatch.setattr(arle.match.loop, "replay_log", second_replay)


def test_continue_replays_the_journal_once_and_shows_its_whole_log(qtbot, replayed_once):
    history = history_with(30)
    journal = journal_of(history)
    window = open_window(qtbot, autosave=True)
    window.files.continue_game(journal)
    loaded(qtbot, window)
    assert window.shown is not None and window.shown.session.match.history.moves == history.moves
    log = window.shown.session.match.log
    assert [entry.move for entry in log] == history.moves and all(entry.label for entry in log)
    assert window.shown.page.log.view.texts(), "the game log shows the continued game's moves"


def test_open_replays_a_save_once_and_shows_its_whole_log(qtbot, replayed_once, tmp_path):
    from arle.files.saves import EXTENSION, save_history

    history = history_with(24)
    path = tmp_path / f"once{EXTENSION}"
    save_history(path, history)
    window = open_window(qtbot, autosave=False)
    window.files.open_path(path)
    loaded(qtbot, window)
    assert window.shown is not None and [e.move for e in window.shown.session.match.log] == history.moves
