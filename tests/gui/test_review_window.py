"""Issue 40 in the window: the review screen (the moments as found, the position before one with
the move played and the move suggested ringed, Back and Forward with the log following, Cancel,
the game in progress untouched), "Review this game" on the game-over screen and the start page,
and the charts (score through the half-years; solo scores with the best and 110 marked)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsEllipseItem

from arle.ai import Reason
from arle.engine import PlaceWorker, SkipPlacement
from arle.files.reviews import keep
from arle.files.saves import load_history, save_history
from arle.gui.shell.main_window import MainWindow
from arle.gui.shell.review_window import ReviewedGame, ReviewWindow, open_file
from arle.match import GameHistory
from arle.match.review import Moment, Review, review_key

DATA = Path(__file__).parent.parent / "match" / "data"
BLUNDER = 39
UPTO = 48


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def _history() -> GameHistory:
    full = load_history(DATA / "hard_blunder.arle.json")
    return GameHistory(full.setup, full.moves[:UPTO], seats=full.seats)


def _kept_review(history: GameHistory) -> Review:
    """The review the computer makes of this game (its one costly moment), without the wait."""
    moment = Moment(BLUNDER, BLUNDER, 0, 3, 3.7, (SkipPlacement(),),
                    (PlaceWorker("summer.grocer"),), Reason("ai.reason.position", {}))
    return Review("hard", review_key(history.setup, history.moves, "hard"), 17, (moment,))


def _window(qtbot, tmp_path) -> tuple[ReviewWindow, GameHistory, Path]:
    history = _history()
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    keep(path, _kept_review(history))
    window = ReviewWindow(ReviewedGame(history.setup, tuple(history.moves), history.seats, (), path))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.review is not None)
    return window, history, path


def test_a_kept_review_is_listed_and_its_moment_shown_on_the_board(qtbot, tmp_path):
    window, _, path = _window(qtbot, tmp_path)
    before = path.read_bytes()
    assert window.list.count() == 1 and "Skip this Worker" in window.list.item(0).text()
    window.list.setCurrentRow(0)
    assert window.at == BLUNDER  # the position before the moment
    assert window.session.match.game.state.half_year == 3
    rings = [r for r in window.rings if isinstance(r, QGraphicsEllipseItem)]
    assert rings and rings[-1].scene() is window.page.board_scene  # the suggestion, on the game board
    assert "Grocer" in window.detail.text() and "3.7" in window.detail.text()
    assert path.read_bytes() == before  # the game's file is only read


def test_back_and_forward_step_through_the_game_and_the_log_follows(qtbot, tmp_path):
    window, history, _ = _window(qtbot, tmp_path)
    window.go_to(10)
    assert window.at == 10 and len(window.session.match.log) == 10
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.at == 11 and window.session.match.history.moves == history.moves[:11]
    qtbot.keyClick(window, Qt.Key.Key_Left)
    qtbot.keyClick(window, Qt.Key.Key_Left)
    assert window.at == 9 and len(window.session.match.log) == 9
    qtbot.keyClick(window, Qt.Key.Key_End)
    assert window.at == UPTO and not window.forward_button.isEnabled()
    qtbot.keyClick(window, Qt.Key.Key_Home)
    assert window.at == 0 and not window.back_button.isEnabled()


def test_the_review_board_plays_nothing(qtbot, tmp_path):
    window, _, _ = _window(qtbot, tmp_path)
    window.go_to(BLUNDER)
    legal = window.session.match.legal_moves()[0]
    assert not window.session.try_apply(legal)
    assert window.at == BLUNDER and not window.page.decision.isEnabled()


def test_the_review_runs_off_the_gui_thread_and_can_be_cancelled(qtbot, tmp_path):
    history = _history()
    window = ReviewWindow(ReviewedGame(history.setup, tuple(history.moves), history.seats))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.worker.busy)
    assert window.review is None  # the window answers while the computer replays the game
    window.cancel()
    assert not window.worker.busy and window.review is None
    assert window.cancel_button.text() == "Review again" and "cancelled" in window.status.text()


def test_the_game_over_screen_offers_the_review_and_charts_the_half_years(qtbot, tmp_path):
    from arle.gui.kit.charts import LineChart
    from arle.match.scores import scores_by_half_year

    full = load_history(DATA / "hard_own.arle.json")
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.show()
    window.life.install(GameHistory(full.setup, full.moves[:-1]))
    assert window.shown.session.try_apply(full.moves[-1])
    qtbot.waitUntil(lambda: window.shown.game_over_dialog is not None
                    and window.shown.game_over_dialog.isVisible())
    dialog = window.shown.game_over_dialog
    chart = dialog.findChild(LineChart, "halfYearChart")
    assert chart is not None and len(chart.series) == 1 and len(chart.ticks) == 9
    assert chart.series[0].values == tuple(s[0] for s in scores_by_half_year(full.setup, full.moves))
    assert chart.series[0].values[-1] == window.shown.session.match.game.scores()[0]
    moves = list(window.shown.session.match.history.moves)
    dialog.review_button.click()
    reviews = window.findChildren(ReviewWindow)
    assert len(reviews) == 1 and reviews[0].game.moves == tuple(moves)
    reviews[0].go_to(3)
    assert window.shown.session.match.history.moves == moves  # the game in the window is never touched
    reviews[0].close()


def test_statistics_chart_the_solo_scores_with_the_best_and_110(qtbot):
    from arle.files.stats import Summary
    from arle.gui.kit.charts import LineChart
    from arle.gui.shell.game_over import StatisticsDialog

    scores = [62.0, 81.0, 112.5, 97.0]
    dialog = StatisticsDialog(Summary(4, {}, 4, 112.5, 88.1), solo_scores=scores)
    qtbot.addWidget(dialog)
    chart = dialog.findChild(LineChart, "soloChart")
    assert chart.series[0].values == tuple(scores)
    assert sorted(level.value for level in chart.levels) == [110, 112.5]
    assert StatisticsDialog(Summary(0, {}, 0, None, None)).findChild(LineChart) is None


def test_a_chart_keeps_the_labels_of_close_levels_apart():
    from arle.gui.kit.charts import spread

    assert spread([100.0, 104.0, 50.0], 16) == [100.0, 116.0, 50.0]


def test_the_start_page_offers_a_review_of_a_recent_save(qtbot, tmp_path, monkeypatch):
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.show()
    history = _history()
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    page = window.start_page
    page.show_games([], [path])
    assert not page.review_button.isVisible()
    page.recent.setCurrentRow(0)
    assert page.review_button.isVisible()
    opened = []
    monkeypatch.setattr("arle.gui.shell.review_window.open_review", lambda game, parent: opened.append(game))
    page.review_button.click()
    assert opened and opened[0].moves == tuple(history.moves) and opened[0].path == path


def test_a_file_that_cannot_be_read_is_said_in_the_status_bar(qtbot, tmp_path):
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    bad = tmp_path / "bad.arle.json"
    bad.write_text("{")
    assert open_file(bad, window) is None
    assert window.statusBar().currentMessage().startswith("This game cannot be reviewed: ")


def test_the_review_window_fits_the_screen_with_its_frame(qtbot, tmp_path):
    """Issue 43, played at 1280x720: the review opened 1280x720 inside, its frame below the
    screen's edge, the Back and Forward row cut off. The offscreen screen (800x600) is smaller."""
    from arle.gui.shell.frame import FRAME_ALLOWANCE

    window, _, _ = _window(qtbot, tmp_path)
    screen = window.screen().availableGeometry()
    assert window.width() + FRAME_ALLOWANCE.width() <= screen.width()
    assert window.height() + FRAME_ALLOWANCE.height() <= screen.height()
    assert screen.contains(window.geometry())


@pytest.mark.parametrize(("played", "suggested"), [("summer.fisherman", "summer.carpenter"),
                                                   ("winter.wood_trader", "summer.grocer"),
                                                   ("summer.grocer", "winter.wood_trader")])
def test_both_rings_of_a_moment_are_in_view_at_1280x720(qtbot, tmp_path, played, suggested):
    """Issue 43's playthrough: only the suggestion was scrolled into view, the ring on the move
    played (above it on the board) stayed off screen; issue 50 item 5: Wood Trader scrolled off
    while Grocer was shown."""
    from PySide6.QtCore import QPoint

    history = _history()
    path = tmp_path / "game.arle.json"
    save_history(path, history)
    moment = Moment(BLUNDER, BLUNDER, 0, 3, 3.7, (PlaceWorker(played),),
                    (PlaceWorker(suggested),), Reason("ai.reason.position", {}))
    keep(path, Review("hard", review_key(history.setup, history.moves, "hard"), 17, (moment,)))
    window = ReviewWindow(ReviewedGame(history.setup, tuple(history.moves), history.seats, (), path))
    qtbot.addWidget(window)
    window.resize(1264, 680)
    window.show()
    qtbot.waitUntil(lambda: window.review is not None)
    window.list.setCurrentRow(0)
    qtbot.wait(100)  # (the page follows the step and fits its boards first)
    view = window.page.views.currentWidget()
    rings = [r for r in window.rings if isinstance(r, QGraphicsEllipseItem) and r.scene() is view.scene()]
    assert len(rings) == 2
    area = view.viewport().rect()
    for ring in rings:
        centre = view.mapFromScene(ring.sceneBoundingRect().center())
        assert area.contains(QPoint(centre.x(), centre.y())), "a ring of the moment is off screen"
    window.step(1)  # the next move: the board at its own scale again
    assert view.transform().m11() == pytest.approx(view.wanted_scale())


def test_game_menu_reviews_the_game_in_progress_without_touching_it(qtbot, monkeypatch, tmp_path):
    """Issue 40: the game in progress is reviewable from the Game menu too, in a window of its own."""
    from tests.gui.test_window import history_with, open_window

    monkeypatch.setenv("ARLE_CONFIG_DIR", str(tmp_path / "c"))
    monkeypatch.setenv("ARLE_DATA_DIR", str(tmp_path / "d"))
    window = open_window(qtbot, autosave=False)
    assert not window.menus.review.isEnabled()
    window.life.install(history_with(20))
    moves = list(window.shown.session.match.history.moves)
    assert window.menus.review.isEnabled()
    window.menus.review.trigger()
    reviews = window.findChildren(ReviewWindow)
    assert len(reviews) == 1 and reviews[0].isVisible()
    review = reviews[0]
    assert review.session is not window.shown.session
    assert review.session.match.history.moves == moves[:review.at]
    review.reject()
    assert window.shown.session.match.history.moves == moves


def test_stepping_past_the_last_move_stays_at_the_end_of_the_game(qtbot, tmp_path):
    """Issue 51, item 12: ``go_to`` clamps at both ends: a step past the last move (a key held,
    a number too large) shows the end of the game, never indexes past it."""
    window, history, _ = _window(qtbot, tmp_path)
    window.go_to(UPTO)
    qtbot.keyClick(window, Qt.Key.Key_Right)
    assert window.at == UPTO
    window.go_to(UPTO + 1)
    window.go_to(UPTO + 5)
    assert window.at == UPTO and window.session.match.history.moves == history.moves
    assert len(window.session.match.log) == UPTO
    window.go_to(-3)
    assert window.at == 0 and window.session.match.history.moves == []
