"""Issue 13 in the window: the Settings dialog, "confirm the end of a turn", the game-over screen
(final scoring per category, the winner, New game and Rematch, the solo yardstick and personal
best) and the statistics, each game counted once."""

from __future__ import annotations

import contextlib
import random
import sqlite3

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from arle.commands.simulate import choose_move
from arle.engine import EndTurn, Setup
from arle.files.settings import load_settings
from arle.files.stats import database_path, read_stats, stats_path
from arle.gui.boards import motion
from arle.gui.shell.game_over import StatisticsDialog
from arle.gui.shell.main_window import MainWindow
from arle.gui.shell.settings_dialog import SettingsDialog
from arle.match.history import GameHistory


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def open_window(qtbot, *, autosave: bool = True) -> MainWindow:
    window = MainWindow(autosave=autosave)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


_FINISHED: dict[tuple[int, int], GameHistory] = {}


def finished(players: int, seed: int) -> GameHistory:
    """A whole seeded game of the random player (kept: a game takes a few seconds)."""
    if (players, seed) not in _FINISHED:
        history = GameHistory(Setup(players=players, seed=seed, names=("Anna", "Ben")[:players]))
        rng = random.Random(seed)
        while not history.game.over:
            history.apply(choose_move(rng, history.game.legal_moves(), history.game))
        _FINISHED[(players, seed)] = history
    return _FINISHED[(players, seed)]


def end_in_window(qtbot, window: MainWindow, players: int, seed: int) -> GameHistory:
    """Fast-forward to the last move of a whole game, then play it in the window."""
    full = finished(players, seed)
    window.life.install(GameHistory(full.setup, full.moves[:-1]), ["#009E73", "#CC79A7"])
    assert window.shown.game_over_dialog is None
    assert window.shown.session.try_apply(full.moves[-1]) and window.shown.session.match.game.over
    qtbot.waitUntil(lambda: window.shown.game_over_dialog is not None
                    and window.shown.game_over_dialog.isVisible())
    return full


# -- settings -----------------------------------------------------------------------------------------------


def test_settings_dialog_saves_what_is_chosen_and_the_window_applies_it(qtbot, monkeypatch):
    window = open_window(qtbot)

    def fill(dialog: SettingsDialog) -> int:
        dialog.computer_pace.setCurrentIndex(dialog.computer_pace.findData("slow"))
        dialog.animations.setCurrentIndex(dialog.animations.findData("off"))
        dialog.language.setCurrentIndex(dialog.language.findData("fr"))
        dialog.zoom.setValue(150)
        for box in (dialog.confirm_end_turn, dialog.auto_pay, dialog.cut_all_peat):
            box.setChecked(True)
        return SettingsDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", fill)
    window.life.install(GameHistory(Setup(players=1, seed=2)))
    window.menus.settings.trigger()
    saved = load_settings()
    assert (saved.computer_pace, saved.animations, saved.language, saved.zoom) == ("slow", "off", "fr", 1.5)
    assert saved.confirm_end_turn and saved.auto_pay and saved.cut_all_peat
    assert window.shown.assists.auto_pay and window.shown.assists.cut_all_peat
    assert motion.duration() == 0, "animations off applies at once"
    motion.set_speed("on")
    assert "next time" in window.statusBar().currentMessage()


def test_cancelled_settings_change_nothing(qtbot, monkeypatch):
    window = open_window(qtbot)

    def cancel(dialog: SettingsDialog) -> int:
        dialog.auto_pay.setChecked(True)
        return SettingsDialog.DialogCode.Rejected

    monkeypatch.setattr(SettingsDialog, "exec", cancel)
    window.menus.settings.trigger()
    assert not window.settings.auto_pay and not load_settings().auto_pay


def at_end_of_turn(seed: int = 6) -> GameHistory:
    """A game where the player to act may end their Work Phase."""
    history = GameHistory(Setup(players=1, seed=seed, names=("Anna",)))
    rng = random.Random(seed)
    while EndTurn() not in history.game.legal_moves():
        history.apply(choose_move(rng, history.game.legal_moves(), history.game))
    return history


def ask(monkeypatch, answer: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(_parent, title, _text, *_args, **_kwargs):
        asked.append(title)
        return answer

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    return asked


def end_turn(window, qtbot) -> None:
    """Click the decision panel's End turn, as the player does."""
    button = window.shown.page.decision.button_for(EndTurn())
    assert button is not None and button.isVisible()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_confirm_end_of_turn_asks_and_cancel_keeps_the_turn(qtbot, monkeypatch):
    """Settings: "confirm the end of a turn" asks at the End turn button; Cancel keeps the turn.
    The question lives with the panel that sends the move (issue 49), not in the session."""
    window = open_window(qtbot)
    window.settings.confirm_end_turn = True
    history = at_end_of_turn()
    window.life.install(history)
    moves = list(history.moves)
    asked = ask(monkeypatch, QMessageBox.StandardButton.Cancel)
    end_turn(window, qtbot)
    assert asked == ["End your turn?"] and window.shown.session.match.history.moves == moves
    asked = ask(monkeypatch, QMessageBox.StandardButton.Yes)
    end_turn(window, qtbot)
    assert asked and window.shown.session.match.history.moves == [*moves, EndTurn()]


def test_without_confirm_end_of_turn_nothing_is_asked(qtbot, monkeypatch):
    window = open_window(qtbot)
    window.life.install(at_end_of_turn())
    asked = ask(monkeypatch, QMessageBox.StandardButton.Cancel)
    end_turn(window, qtbot)
    assert window.shown.session.match.history.moves[-1] == EndTurn() and asked == []


# -- game over ----------------------------------------------------------------------------------------------


def test_game_over_screen_shows_the_engines_scores_and_the_winner(qtbot):
    """Rulebook "The End of the Game and the Winner": most VP wins, a tie goes to the Starting
    Player of a 10th half-year (the engine's ``winner``)."""
    window = open_window(qtbot)
    full = end_in_window(qtbot, window, 2, 8)
    dialog = window.shown.game_over_dialog
    game = full.game
    assert dialog.totals() == [game.score(i).total for i in range(2)]
    for i in range(2):
        for key, value in game.score(i).as_dict().items():
            assert float(dialog.cells[(key, i)].text().strip("<b>/")) == value
    winner = game.state.winner
    assert winner is not None and f"{game.state.players[winner].name} wins" in dialog.result_label.text()
    assert dialog.cells[("total", winner)].property("role") == "winner"
    assert dialog.cells[("total", 1 - winner)].property("role") is None
    assert dialog.yardstick.isHidden()


def test_rematch_starts_the_same_players_with_a_new_deal(qtbot):
    window = open_window(qtbot)
    full = end_in_window(qtbot, window, 2, 8)
    colors = list(window.shown.session.match.colors)
    window.shown.game_over_dialog.rematch_button.click()
    session = window.shown.session
    assert session.match.history.moves == [] and not session.match.game.over
    assert session.match.setup.names == full.setup.names and session.match.colors[:2] == colors[:2]
    assert session.match.setup.building_set == full.setup.building_set
    assert session.match.setup.seed != full.setup.seed
    assert window.shown.game_over_dialog is None


def test_a_game_ended_again_after_undo_is_counted_once(qtbot):
    window = open_window(qtbot)
    end_in_window(qtbot, window, 2, 8)
    window.menus.undo.trigger()
    assert not window.shown.session.match.game.over
    window.menus.redo.trigger()
    assert window.shown.game_over_dialog is not None
    games, warning = read_stats()
    assert warning is None and len(games) == 1
    with contextlib.closing(sqlite3.connect(database_path(stats_path()))) as db:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (1,)  # one row a game


def test_solo_game_over_gives_the_yardstick_and_the_personal_best(qtbot):
    """Rulebook, solo variant: "We consider 110 Victory Points a remarkable score"."""
    window = open_window(qtbot)
    full = end_in_window(qtbot, window, 1, 5)
    total = full.game.scores()[0]
    dialog = window.shown.game_over_dialog
    assert f"{total:g} VP" in dialog.yardstick.text() and "110" in dialog.yardstick.text()
    assert "first solo game" in dialog.yardstick.text()
    # A later solo game of Anna's compares with this one.
    window.life.close_game()
    end_in_window(qtbot, window, 1, 7)
    other = finished(1, 7).game.scores()[0]
    text = window.shown.game_over_dialog.yardstick.text()
    best = "new personal best" if other > total else "personal best"
    assert best in text and f"{total:g} VP" in text


def test_game_over_screen_is_not_shown_for_a_finished_game_opened(qtbot):
    """Opening a finished game shows its scoring pad, and does not count it again."""
    window = open_window(qtbot)
    window.life.install(finished(2, 8))
    assert window.shown.game_over_dialog is None and read_stats()[0] == {}


def test_statistics_page_counts_games_and_wins(qtbot, monkeypatch):
    window = open_window(qtbot)
    end_in_window(qtbot, window, 2, 8)
    end_in_window(qtbot, window, 1, 5)
    shown: list[StatisticsDialog] = []
    monkeypatch.setattr(StatisticsDialog, "exec", lambda d: shown.append(d) or 0)
    window.menus.stats.trigger()
    dialog = shown[0]
    winner = finished(2, 8).game.state
    assert dialog.played.text() == "2"
    assert f"{winner.players[winner.winner].name}: 1" in dialog.wins.text()
    solo = finished(1, 5).game.scores()[0]
    assert dialog.solo_best.text() == f"{solo:g} VP"


def test_game_over_dialog_new_game_button_opens_the_new_game_dialog(qtbot, monkeypatch):
    from arle.gui.shell.dialogs import NewGameDialog

    window = open_window(qtbot)
    end_in_window(qtbot, window, 1, 5)
    opened: list[NewGameDialog] = []
    monkeypatch.setattr(NewGameDialog, "exec", lambda d: opened.append(d) or 0)
    window.shown.game_over_dialog.new_button.click()
    assert len(opened) == 1


def test_statistics_mark_the_computers_seat(qtbot, monkeypatch):
    """Issue 43: Statistics did not say which player was the computer. A game against it records
    its seat, and its wins read "Ben (computer, Easy)", as in the list of games in progress."""
    window = open_window(qtbot)
    full = finished(2, 8)
    last = full.movers[-1]  # (the person makes the last move; the computer plays the other seat)
    seats = ("person", "easy") if last == 0 else ("easy", "person")
    window.life.install(GameHistory(full.setup, full.moves[:-1], seats=seats), ["#009E73", "#CC79A7"])
    assert window.shown.session.try_apply(full.moves[-1]) and window.shown.session.match.game.over
    qtbot.waitUntil(lambda: window.shown.game_over_dialog is not None)
    shown: list[StatisticsDialog] = []
    monkeypatch.setattr(StatisticsDialog, "exec", lambda d: shown.append(d) or 0)
    window.menus.stats.trigger()
    names = full.setup.names
    text = shown[0].wins.text()
    assert f"{names[1 - last]} (computer, Easy): " in text
    assert f"{names[last]}: " in text and f"{names[last]} (computer" not in text
