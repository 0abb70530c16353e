"""Issue "Nothing lost, nothing crashes": in the window, a game is never lost.

Every unfinished game keeps its own autosave journal; New Game, Open and Continue leave the game
being played in the list of games in progress; a second window cannot write a game the first one
has open; a warning that autosave is not possible stays in view until it works again; a name that
is not valid text never makes Save or closing raise; and reading a file never freezes the window.

Each test has its own ARLE_CONFIG_DIR and ARLE_DATA_DIR; modal dialogs are replaced by monkeypatch.
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

import arle.files.journal
import arle.files.saves
from arle.engine import Setup
from arle.files.journal import Autosaver, list_games, new_autosave_path, resume
from arle.files.saves import EXTENSION, save_history
from arle.gui.shell.dialogs import NewGameDialog
from arle.gui.shell.main_window import MainWindow
from arle.match.history import GameHistory
from tests.gui.test_window import Warnings, history_with, listed, loaded, open_window, play


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def accept_new_game(monkeypatch) -> None:
    monkeypatch.setattr(NewGameDialog, "exec", lambda _d: QDialog.DialogCode.Accepted)


def journal_of(history: GameHistory):
    saver = Autosaver(new_autosave_path(), durable=False)
    saver.start(history)
    saver.close()
    return saver.path


# -- New Game, Open and Continue lose nothing ------------------------------------------------------------


def test_new_game_keeps_the_game_being_played_in_the_games_in_progress(qtbot, monkeypatch):
    accept_new_game(monkeypatch)
    window = open_window(qtbot, autosave=True)
    window.life.install(history_with(0))
    play(window, 15)
    first, moves = window.shown.journal.path, list(window.shown.session.match.history.moves)

    window.menus.new.trigger()  # no question: the first game simply stays in the list

    assert window.shown.journal.path != first and len(window.shown.session.match.history.moves) == 0
    games = {e.path: e for e in list_games()}
    assert set(games) == {first, window.shown.journal.path}
    assert not games[first].in_use, "the replaced game's lock is released"
    assert games[window.shown.journal.path].in_use
    assert resume(first).history.moves == moves


def test_open_keeps_the_game_being_played_and_links_the_opened_game_to_its_file(qtbot, tmp_path):
    saved = tmp_path / f"Sunday{EXTENSION}"
    save_history(saved, history_with(20, seed=7))
    window = open_window(qtbot, autosave=True)
    window.life.install(history_with(0))
    play(window, 9)
    first = window.shown.journal.path

    window.files.open_path(saved)
    loaded(qtbot, window)

    assert window.shown.save_path == saved and len(window.shown.session.match.history.moves) == 20
    assert "Sunday" in window.windowTitle()
    assert resume(window.shown.journal.path).save_path == saved
    assert len(resume(first).history.moves) == 9 and not is_in_use(first)


def is_in_use(path) -> bool:
    return next(e for e in list_games() if e.path == path).in_use


def test_continue_keeps_the_link_to_the_save_file_and_save_writes_there(qtbot, monkeypatch, tmp_path):
    chosen = tmp_path / "Club night"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(chosen), "")))
    window = open_window(qtbot, autosave=True)
    window.life.install(history_with(0))
    play(window, 10)
    window.menus.save_as.trigger()
    saved = tmp_path / f"Club night{EXTENSION}"
    journal = window.shown.journal.path
    assert resume(journal).save_path == saved, "saving links the journal to the file"
    play(window, 4, seed=5)
    window.close()

    again = open_window(qtbot, autosave=True)
    listed(qtbot, again)
    entry = again.start_page.latest()
    assert entry.path == journal and entry.save_path == saved
    assert saved.name in again.start_page.games.item(0).text()
    again.start_page.continue_button.click()
    loaded(qtbot, again)
    assert again.shown.save_path == saved and saved.name in again.windowTitle()

    def no_dialog(*_a, **_k):
        raise AssertionError("Save asked for a file name although the game came from one")

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(no_dialog))
    again.menus.save.trigger()
    assert arle.files.saves.load_history(saved).moves == again.shown.session.match.history.moves
    assert len(again.shown.session.match.history.moves) == 14


def test_start_page_shows_players_half_year_scores_and_when_last_played(qtbot):
    history = history_with(60, seed=9)
    journal_of(history)
    window = open_window(qtbot, autosave=True)
    listed(qtbot, window)
    text = window.start_page.games.item(0).text()
    scores = " : ".join(f"{history.game.score(i).total:g}" for i in range(2))
    assert "Anna – Ben" in text and f"half-year {history.game.state.half_year} of 9" in text
    assert scores in text and "last played today" in text


def test_the_guided_first_game_is_marked_in_the_games_in_progress(qtbot):
    """Issue 43: the list of games in progress did not tell the guided first game from a solo
    game of the same player."""
    from arle.gui.tutorial import tutorial_setup

    guided = GameHistory(tutorial_setup("Anna"))
    solo = GameHistory(Setup(players=1, seed=3, names=("Anna",)))
    for history in (guided, solo):
        for move in history.game.legal_moves()[:1]:
            history.apply(move)
        journal_of(history)
    window = open_window(qtbot, autosave=True)
    listed(qtbot, window)
    games = window.start_page.games
    texts = [games.item(i).text().split("\n")[0] for i in range(games.count())]
    assert sorted(t.startswith("Anna (guided first game) ·") for t in texts) == [False, True], texts


def test_the_french_start_page_shows_its_logo_whole_in_a_1280x720_window(qtbot):
    """Issue 43: in French (the subtitle takes two lines), with games in progress and saved games
    listed, a framed 1280x720 window squeezed the start page's logo to 87 px of its 96 and cut
    it. A short page shows a smaller logo, whole, and the window's minimum fits the screen."""
    from PySide6.QtWidgets import QApplication

    from arle.files.paths import saves_dir
    from arle.gui.shell.language import install_language, uninstall_language

    app = QApplication.instance()
    installed = install_language(app, "fr", "fr")
    try:
        for seed in (3, 4, 5):
            journal_of(history_with(20, seed=seed))
        saves_dir().mkdir(parents=True, exist_ok=True)
        for name in ("Dimanche", "Anna-Ben", "Partie d'hiver"):
            save_history(saves_dir() / f"{name}{EXTENSION}", history_with(0))
        window = open_window(qtbot, autosave=True)
        window.resize(1264, 680)  # (inside a frame of about 16x40 on a 1280x720 screen)
        listed(qtbot, window)
        page = window.start_page
        assert page.recent.isVisible() and page.games.count() == 3
        logo = page.logo  # (drawn at its height: whole, however tall)
        assert logo.side() == logo.height() >= 48 and logo.isVisible()
        assert window.minimumSizeHint().height() <= 680 and window.height() == 680
    finally:
        uninstall_language(app, installed)


def test_games_are_listed_only_after_the_first_paint(qtbot, monkeypatch):
    """Start-up time is benchmarked: the journals are read after the page is painted."""
    calls: list[float] = []
    real = arle.files.journal.scan_games
    monkeypatch.setattr(arle.files.journal, "scan_games",
                        lambda **kw: calls.append(time.time()) or real(**kw))
    window = MainWindow(autosave=True)
    qtbot.addWidget(window)
    assert calls == [] and window.start_page.filled == 0
    window.show()
    qtbot.waitUntil(lambda: window.start_page.filled == 1)
    assert len(calls) == 1


# -- two windows -----------------------------------------------------------------------------------------


def test_a_second_window_does_not_open_a_game_the_first_one_is_playing(qtbot, monkeypatch):
    """Issue item 3: the journal's lock excludes a second window (GameInUse); it says so, writes
    nothing to that game, and other games stay playable."""
    busy, other = journal_of(history_with(20)), journal_of(history_with(8, seed=6))
    first = open_window(qtbot, autosave=True)
    first.files.continue_game(busy)
    loaded(qtbot, first)
    assert first.shown.journal.path == busy
    before = busy.read_bytes()

    warnings = Warnings(monkeypatch)
    second = open_window(qtbot, autosave=True)
    listed(qtbot, second)
    page = second.start_page
    texts = [page.games.item(i).text() for i in range(page.games.count())]
    assert len(texts) == 2 and sum("open in another Arle window" in t for t in texts) == 1
    assert page.latest().path == other, "Continue offers only a game this window can play"

    second.files.continue_game(busy)  # e.g. clicked before the list knew
    loaded(qtbot, second)
    assert second.shown is None and len(warnings.shown) == 1
    assert "another Arle window" in warnings.shown[0][1]
    assert busy.read_bytes() == before

    second.files.continue_game(other)
    loaded(qtbot, second)
    assert second.shown.journal.path == other
    play(second, 3, seed=2)
    assert len(resume(other).history.moves) == 11 and busy.read_bytes() == before


# -- autosave problems stay in view --------------------------------------------------------------------


def refuse_writes(monkeypatch) -> None:
    def read_only(*_a, **_k):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(Autosaver, "start", read_only)


def test_autosave_not_possible_stays_in_view_after_welcome_and_opened(qtbot, monkeypatch, tmp_path):
    """Issue item 4: "Autosave is not possible" was overwritten at once by "Opened ..."."""
    saved = tmp_path / f"Kept{EXTENSION}"
    save_history(saved, history_with(12))
    refuse_writes(monkeypatch)
    window = open_window(qtbot, autosave=True)
    window.files.open_path(saved)
    loaded(qtbot, window)
    assert window.shown is not None
    assert "Opened" in window.statusBar().currentMessage()
    label = window.warning_label
    assert not label.isHidden() and "Autosave is not possible" in label.text()
    assert "Read-only" in label.text()
    play(window, 3)
    assert not label.isHidden() and "Autosave is not possible" in label.text()

    monkeypatch.undo()  # the folder is writable again: the next move says so
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    play(window, 1, seed=8)
    assert label.isHidden() and "works again" in window.statusBar().currentMessage()
    assert len(resume(window.shown.journal.path).history.moves) == 16


def test_a_full_disk_during_play_is_said_once_and_the_journal_catches_up(qtbot, monkeypatch):
    window = open_window(qtbot, autosave=True)
    window.life.install(history_with(0))
    play(window, 4)
    real = Autosaver._append
    failures = []

    def full(self, text):
        failures.append(text)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Autosaver, "_append", full)
    play(window, 3, seed=6)
    label = window.warning_label
    assert len(failures) == 3 and not label.isHidden() and "No space left" in label.text()
    window.statusBar().showMessage("Placed a Worker.")  # passing messages do not hide it
    assert not label.isHidden()
    monkeypatch.setattr(Autosaver, "_append", real)
    play(window, 1, seed=7)
    assert label.isHidden() and "works again" in window.statusBar().currentMessage()
    assert resume(window.shown.journal.path).history.moves == window.shown.session.match.history.moves


def test_a_damaged_settings_file_is_said_in_a_warning_that_stays(qtbot, tmp_path):
    config = tmp_path / "config"
    config.mkdir()
    from arle.files.settings import settings_path

    settings_path().write_text("{not json")
    window = open_window(qtbot)
    qtbot.wait(50)
    assert not window.warning_label.isHidden() and window.warning_label.text()


def test_settings_that_cannot_be_saved_are_said_once_in_the_window(qtbot, monkeypatch):
    """Issue 33: a read-only config folder lost the changed settings with a line on stderr only."""
    import arle.gui.shell.main_window as main_window

    def read_only(_settings):
        raise PermissionError(13, "Permission denied")

    window = open_window(qtbot)
    real = main_window.save_settings
    monkeypatch.setattr(main_window, "save_settings", read_only)
    window.keep_settings()
    window.keep_settings()
    text = window.warning_label.text()
    assert text.count("Settings cannot be saved (Permission denied)") == 1
    assert not window.warning_label.isHidden()
    monkeypatch.setattr(main_window, "save_settings", real)  # the folder is writable again
    window.keep_settings()
    assert "Settings cannot be saved" not in window.warning_label.text()


# -- names that are not valid text --------------------------------------------------------------------------


def test_new_game_dialog_refuses_a_name_that_is_not_valid_text(qtbot):
    """A lone surrogate (which no file can hold) never becomes a player's name."""
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    edit = dialog.name_edits[0]
    edit.text = lambda: "An\ud800na"  # as an input method could hand it over; setText drops it
    dialog._validate()
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    assert not ok.isEnabled() and "valid text" in dialog.error.text()
    del edit.text
    dialog._validate()
    assert ok.isEnabled()


def test_opening_a_file_with_a_lone_surrogate_name_shows_the_file_layers_sentence(
        qtbot, monkeypatch, tmp_path):
    good = tmp_path / f"good{EXTENSION}"
    save_history(good, history_with(5))
    data = json.loads(good.read_text())
    data["setup"]["names"][0] = "An\ud800na"
    bad = tmp_path / f"bad{EXTENSION}"
    bad.write_text(json.dumps(data))  # json writes the surrogate as the escape \ud800
    warnings = Warnings(monkeypatch)
    window = open_window(qtbot, autosave=True)
    window.files.open_path(bad)
    loaded(qtbot, window)
    assert window.shown is None and len(warnings.shown) == 1
    assert "valid text" in warnings.shown[0][1] and "\n" not in warnings.shown[0][1]


def test_save_and_close_with_an_invalid_name_never_raise_and_never_drop_the_game(
        qtbot, monkeypatch, tmp_path):
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: (str(tmp_path / "x"), "")))
    warnings = Warnings(monkeypatch)
    asked: list[str] = []

    def question(_parent, _title, text, *_a, **_k):
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    window = open_window(qtbot, autosave=True)
    window.life.install(GameHistory(Setup(players=2, seed=3, names=("An\ud800na", "Ben"))))
    assert "Autosave is not possible" in window.warning_label.text()
    assert window.menus.save.trigger() is None  # no exception
    assert len(warnings.shown) == 1 and "valid text" in warnings.shown[0][1]
    assert not list(tmp_path.glob("x*"))

    window.close()  # the game could not be kept anywhere: the player is asked, Cancel keeps it
    assert len(asked) == 1 and window.isVisible() and window.shown is not None

    answer = QMessageBox.StandardButton.Discard
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *_a, **_k: answer))
    window.close()  # the player's choice: closes, and nothing raises on the way
    assert not window.isVisible() and window.shown is None


# -- reading a file never freezes the window ----------------------------------------------------------------


@pytest.mark.parametrize("how", ["open", "continue"])
def test_the_window_stays_live_while_a_slow_file_loads(qtbot, monkeypatch, tmp_path, how):
    """Issue item 6: the file is read and replayed off the GUI thread, with a busy indicator."""
    saved = tmp_path / f"Long{EXTENSION}"
    save_history(saved, history_with(40))
    journal = journal_of(history_with(40))
    slow_load, slow_resume = arle.files.saves.load_save, arle.files.journal.resume
    monkeypatch.setattr(arle.files.saves, "load_save", lambda p, **kw: time.sleep(1.0) or slow_load(p, **kw))
    monkeypatch.setattr(arle.files.journal, "resume", lambda p, *a: time.sleep(1.0) or slow_resume(p, *a))
    window = open_window(qtbot, autosave=True)
    ticks: list[float] = []
    timer = QTimer(window)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start(20)
    busy_seen: list[bool] = []
    timer.timeout.connect(lambda: busy_seen.append(window.busy.isVisible()))

    if how == "open":
        window.files.open_path(saved)
    else:
        window.files.continue_game(journal)
    assert window.shown is None  # returned at once; the file is still being read
    loaded(qtbot, window)
    timer.stop()

    assert window.shown is not None and len(window.shown.session.match.history.moves) == 40
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(ticks) >= 20 and max(gaps[:40]) < 0.3, "the event loop kept running"
    assert any(busy_seen) and window.busy.isHidden()


#: Another Arle process playing the game at argv[1]: it holds the journal's lock until killed.
OTHER_WINDOW = """
import sys, time
from arle.files.journal import Autosaver, resume
saver = Autosaver(sys.argv[1], durable=False)
saver.start(resume(sys.argv[1]).history)
print("playing", flush=True)
time.sleep(120)
"""


def test_a_game_played_in_another_process_is_listed_as_such_and_not_written(qtbot, monkeypatch):
    """Issue item 3 with two processes: the OS lock excludes the second one."""
    busy, other = journal_of(history_with(20)), journal_of(history_with(8, seed=6))
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    holder = subprocess.Popen([sys.executable, "-c", OTHER_WINDOW, str(busy)], env=env,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "playing"
        before = busy.read_bytes()
        warnings = Warnings(monkeypatch)
        window = open_window(qtbot, autosave=True)
        listed(qtbot, window)
        in_use = {e.path for e in window.start_page.entries if e.in_use}
        assert in_use == {busy} and window.start_page.latest().path == other
        window.files.continue_game(busy)
        loaded(qtbot, window)
        assert window.shown is None and "another Arle window" in warnings.shown[0][1]
        assert busy.read_bytes() == before
        window.files.continue_game(other)
        loaded(qtbot, window)
        play(window, 2, seed=4)
        assert len(resume(other).history.moves) == 10
    finally:
        holder.kill()
        holder.wait()


def test_a_recovered_autosave_says_what_was_recovered_and_the_note_stays(qtbot):
    """resume() recovers a journal an older Arle damaged mid-file; its note must not be a
    status-bar flash that "Welcome back" replaces."""
    journal = journal_of(history_with(10))
    lines = journal.read_text().splitlines(keepends=True)
    lines.insert(4, '{"n": 4, "mo\n')  # a line cut short by a crash, then the rest goes on
    journal.write_text("".join(lines))
    window = open_window(qtbot, autosave=True)
    window.files.continue_game(journal)
    loaded(qtbot, window)
    assert len(window.shown.session.match.history.moves) == 10
    assert "Welcome back" in window.statusBar().currentMessage()
    assert not window.warning_label.isHidden() and "recovered" in window.warning_label.text()


def test_continuing_a_damaged_game_keeps_the_original_and_says_where(qtbot):
    """Issue 33, item 4: the start page says what a damaged game keeps before Continue; Continue
    copies the journal as it was to a .damaged file before rewriting it, and says where it is."""
    journal = journal_of(history_with(30))
    lines = journal.read_bytes().split(b"\n")
    lines[20] = b"#garbage#"  # move 20 lost: moves 21-30 cannot follow
    journal.write_bytes(b"\n".join(lines))
    original = journal.read_bytes()
    window = open_window(qtbot, autosave=True)
    window.files.refresh_games()
    qtbot.waitUntil(lambda: window.start_page.games.count() == 1)
    text = window.start_page.games.item(0).text()
    assert "the first 19 moves were kept; 11 moves could not be used" in text
    assert "Continuing keeps a copy" in text
    window.files.continue_game(journal)
    loaded(qtbot, window)
    kept = journal.with_name(journal.name + ".damaged")
    assert len(window.shown.session.match.history.moves) == 19 and kept.read_bytes() == original
    warning = window.warning_label.text()
    assert "Line 21 of the autosave is damaged" in warning and str(kept) in warning
    assert len(resume(journal).history.moves) == 19


def test_close_game_goes_back_to_the_start_page_and_keeps_the_game(qtbot):
    """Issue 31: from inside a game there was no way back to the start page. Game > Close Game
    (Ctrl+W) goes there; the game stays in the games in progress, listed there."""
    window = open_window(qtbot, autosave=True)
    window.life.install(history_with(0))
    play(window, 12)
    journal, moves = window.shown.journal.path, list(window.shown.session.match.history.moves)
    assert window.menus.close_game.isEnabled() and window.menus.close_game.shortcut().toString() == "Ctrl+W"
    window.menus.close_game.trigger()
    assert window.shown is None and window.stack.currentWidget() is window.start_page
    assert "kept in the games in progress" in window.statusBar().currentMessage()
    assert not window.menus.close_game.isEnabled()
    qtbot.waitUntil(lambda: window.start_page.games.count() == 1)
    (entry,) = list_games()
    assert entry.path == journal and not entry.in_use and resume(journal).history.moves == moves


def test_the_guided_game_says_where_the_game_it_replaces_went(qtbot):
    """Issue 31: Help > Guided first game replaced the game being played without a word."""
    window = open_window(qtbot, autosave=True)
    window.life.install(history_with(0))
    play(window, 5)
    first = window.shown.journal.path
    window.menus.tutorial.trigger()
    assert window.shown.journal is not None and window.shown.journal.path != first
    assert "The game you were playing is kept in the games in progress" in window.statusBar().currentMessage()
    assert first in {e.path for e in list_games()}


def test_new_game_remembers_who_played_each_seat(qtbot, monkeypatch):
    """Issue 31: New Game kept the names but put every seat back to Person each time."""
    seen = []

    def answer(dialog):
        seen.append((dialog.players, dialog.seats()))
        if len(seen) == 1:  # the first time: 2 players, the second seat the computer at Hard
            dialog.duo.setChecked(True)
            dialog.seat_boxes[1].setCurrentIndex(dialog.seat_boxes[1].findData("hard"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", answer)
    window = open_window(qtbot, autosave=True)
    window.menus.new.trigger()
    assert window.shown.session.match.history.seats == ("person", "hard")
    window.menus.new.trigger()
    assert seen[1] == (2, ("person", "hard"))  # offered again as it was chosen
    window.life.close_game()
    reopened = open_window(qtbot, autosave=True)  # and in the next session too
    reopened.menus.new.trigger()
    assert seen[2] == (2, ("person", "hard"))


def test_continue_does_not_rewrite_moves_played_elsewhere_while_it_read(qtbot, monkeypatch):
    """Issue 42 item 2: window B reads the journal (slowly); meanwhile window A plays 10 moves on
    it and closes. B must not rewrite the journal from its stale read: nothing changes, B says so."""
    journal = journal_of(history_with(20))
    real_resume = arle.files.journal.resume

    def slow_resume(path, *_):
        stale = real_resume(path)
        other = real_resume(path)  # window A, while B is still reading
        saver = Autosaver(path, durable=False, expect=other.digest)
        saver.start(other.history)
        for _ in range(10):
            other.history.apply(other.history.legal_moves()[0])
            saver.sync(other.history)
        saver.close()
        return stale

    monkeypatch.setattr(arle.files.journal, "resume", slow_resume)
    warnings = Warnings(monkeypatch)
    window = open_window(qtbot, autosave=True)
    window.files.continue_game(journal)
    loaded(qtbot, window)
    assert window.shown is None and "another Arle window" in warnings.shown[0][1]
    assert len(real_resume(journal).history.moves) == 30, "the 10 moves played elsewhere are kept"


def test_a_save_with_an_unplayable_move_opens_at_the_moves_before_it(qtbot, monkeypatch, tmp_path):
    """Issue 42 item 3: the moves before the unplayable one are shown, a note says what was kept
    and lost, and the game is not linked to the file: Save asks for a new name, the original
    stays untouched."""
    history = history_with(80)
    data = arle.files.saves.save_dict(history.setup, history.moves, history.game)
    data["moves"][59] = {"type": "PlaceWorker", "space": "nowhere"}
    path = tmp_path / f"old{EXTENSION}"
    path.write_text(arle.files.saves.dumps(data))
    before = path.read_bytes()
    Warnings(monkeypatch)  # (a refusal must not wait on a modal box)
    window = open_window(qtbot, autosave=True)
    window.files.open_path(path)
    loaded(qtbot, window)
    assert window.shown is not None and window.shown.session.match.history.moves == history.moves[:59]
    assert window.shown.save_path is None
    note = window.warnings["note"]
    assert note.startswith(f"Move 60 of old{EXTENSION} is not legal")
    assert "the first 59 moves were kept" in note
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda *a, **k: asked.append(a) or ("", "")))
    window.files.save_game()
    assert asked and path.read_bytes() == before


def test_many_games_show_before_they_are_read_and_fill_in(qtbot, monkeypatch):
    """Issue 42 item 7: 2,000 games took 19 s to list after an upgrade, the page empty meanwhile.
    Every game shows as soon as its journal's first line is read, then fills in as it is replayed;
    the list is shown a slice at a time (here one row per turn of the event loop)."""
    import threading

    from arle.commands.bench_listing import make_journals
    from arle.files.paths import autosave_dir
    from arle.gui.shell import start_page

    make_journals(autosave_dir(), 30, distinct=2)
    gate = threading.Event()
    real = arle.files.journal.scan_games

    def gated(**kw):
        steps = real(**kw)
        yield next(steps)  # the whole list, before any replay
        gate.wait(20)
        yield from steps

    monkeypatch.setattr(arle.files.journal, "scan_games", gated)
    monkeypatch.setattr(start_page, "SLICE_S", 0.0)
    window = open_window(qtbot, autosave=True)
    page = window.start_page
    try:
        qtbot.waitUntil(lambda: page.games.count() == 30)
        assert not page.complete and page.filled == 0
        texts = [page.games.item(i).text() for i in range(30)]
        assert all("Anna – Ben" in t and "being read" in t for t in texts)
    finally:
        gate.set()
    qtbot.waitUntil(lambda: page.filled == 1, timeout=60_000)
    texts = [page.games.item(i).text() for i in range(page.games.count())]
    assert len(texts) == 30 and all("half-year" in t and "being read" not in t for t in texts)
    assert page.latest() is not None and page.continue_button.isVisible()


def test_the_start_page_shows_kept_copies_and_deletes_older_ones_only_when_asked(qtbot, monkeypatch):
    """Issue 42 item 8: copies of damaged files are shown with an offer to delete all but the
    newest copy of each file; nothing goes without the player's yes."""
    from arle.files.paths import autosave_dir, keep_copy

    folder = autosave_dir()
    folder.mkdir(parents=True)
    journal = folder / "g.arle-journal"
    made = [keep_copy(journal, f"copy {i}".encode()) for i in range(3)]
    for i, copy in enumerate(made):
        os.utime(copy, (1_000_000 + i, 1_000_000 + i))
    asked: list[str] = []
    answer = [QMessageBox.StandardButton.Cancel]
    monkeypatch.setattr(QMessageBox, "question",
                        staticmethod(lambda _w, _t, text, *a: asked.append(text) or answer[0]))
    window = open_window(qtbot, autosave=True)
    listed(qtbot, window)
    page = window.start_page
    assert page.copies_label.isVisible() and page.copies_label.text().startswith("3 copies of damaged files")
    assert page.copies_button.isVisible() and page.copies_button.text() == "Delete the 2 older copies…"
    listed(qtbot, window)
    page.copies_button.click()  # the player says no
    assert len(asked) == 1 and all(p.exists() for p in made)
    answer[0] = QMessageBox.StandardButton.Yes
    page.copies_button.click()
    assert [p.exists() for p in made] == [False, False, True]
    listed(qtbot, window)
    assert page.copies_label.text().startswith("1 copy of a damaged file") and page.copies_button.isHidden()


def test_a_selected_game_keeps_its_words_readable(qtbot):
    """Issue 50 item 12: a selected row of "Games in progress" went blank (light blue, no text),
    even with the mouse away: its words stay dark on the selection."""
    journal_of(history_with(20, seed=4))
    window = open_window(qtbot, autosave=True)
    listed(qtbot, window)
    games = window.start_page.games
    games.setCurrentRow(0)
    window.start_page.setFocus()  # the list not focused, the mouse elsewhere
    qtbot.wait(50)
    rect = games.visualItemRect(games.item(0))
    image = games.viewport().grab(rect).toImage()
    darkest = min(image.pixelColor(x, y).lightness()
                  for x in range(image.width()) for y in range(0, image.height(), 2))
    assert darkest < 90
