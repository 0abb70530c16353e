"""The game page keeps the work after a move to what is on screen (issue 7)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QCursor, QImage
from PySide6.QtWidgets import QApplication, QGraphicsScene

from arle.commands.simulate import choose_move
from arle.gui.shell.main_window import MainWindow, new_setup
from arle.gui.side.scoring_table import ScoringTable
from arle.match.history import GameHistory
from tests.gui.scene_helpers import channels_apart


def shown_game(qtbot, seed: int) -> MainWindow:
    """A 1600x1000 window, shown, playing a new two-player game."""
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.life.install(GameHistory(new_setup(2, seed)))
    return window


def play(session, moves: int, rng: random.Random) -> None:
    for _ in range(moves):
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))


def test_the_live_scoring_pad_is_filled_when_shown_not_after_every_move_behind_its_tab(qtbot, monkeypatch):
    """Issue 7: the hidden scoring table was refilled (and laid out) after every move."""
    fills: list[int] = []
    original = ScoringTable.refresh
    monkeypatch.setattr(ScoringTable, "refresh", lambda self, *a: (fills.append(1), original(self, *a)))
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.life.install(GameHistory(new_setup(2, 3)))
    page, session = window.shown.page, window.shown.session
    fills.clear()
    play(session, 5, random.Random(3))
    assert fills == [] and page.views.currentIndex() != page.scoring_index
    page.views.setCurrentIndex(page.scoring_index)  # looked at: filled once, with the live totals
    assert fills == [1]
    assert page.scoring.totals() == [session.match.game.score(i).total for i in range(2)]
    play(session, 1, random.Random(4))  # a move while it is shown (side panel buttons): filled again
    assert fills == [1, 1]


def test_the_player_panel_behind_its_tab_is_filled_when_shown_not_after_every_move(qtbot):
    """Issue 15: both players' panels were refilled after every move (scores, reasons, 60-odd
    labels: about 1 ms each), the one behind the other player's tab too; shown, it is current."""
    from arle.engine import ANIMALS, animal_count
    from arle.gui.kit import style

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.life.install(GameHistory(new_setup(2, 3)))
    window.show()
    qtbot.waitExposed(window)
    page, session = window.shown.page, window.shown.session
    rng = random.Random(3)
    quiet = 0  # moves after which the same player's tab stayed in front
    for _ in range(20):
        before = page.player_tabs.currentIndex()
        play(session, 1, rng)
        shown = page.player_tabs.currentIndex()
        hidden = page.player_panels[1 - shown]
        assert page.player_panels[shown]._stale is False
        if shown == before:
            quiet += 1
            assert hidden.isHidden() and hidden._stale  # not filled for nobody
    assert quiet >= 5
    page.player_tabs.setCurrentIndex(1 - shown)  # looked at: filled with the live figures
    p = session.match.game.state.players[hidden.player]
    assert not hidden._stale
    assert hidden.total.text() == f"{style.number(session.match.game.score(hidden.player).total)} VP"
    assert [hidden.count_text(str(a)) for a in ANIMALS] == [str(animal_count(p, a)) for a in ANIMALS]
    assert [hidden.count_text(str(g)) for g in p.goods] == [str(n) for n in p.goods.values()]


class Paints(QObject):
    """Counts the paints of the widgets it watches (of a window: its update requests, each a
    paint of everything changed in it)."""

    def __init__(self) -> None:
        super().__init__()
        self.count: dict[QObject, int] = {}
        self.order: list[QObject] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        painted = QEvent.Type.UpdateRequest if watched.isWindow() else QEvent.Type.Paint
        if event.type() == painted:
            self.count[watched] = self.count.get(watched, 0) + 1
            self.order.append(watched)
        return False


def test_a_board_brought_forward_by_a_move_is_drawn_and_painted_once(qtbot):
    """Issue 7: a board tab brought forward was painted twice (its scene's redraw, done while
    it was shown, asked for a second paint of the whole board after the first). Issue 15: and
    the window two or three times (the side panel before the board was shown, then again)."""
    window = shown_game(qtbot, 5)
    page, session = window.shown.page, window.shown.session
    paints = Paints()
    views = [page.board_view, *page.home_views, *page.storage_views]
    for view in views:
        view.viewport().installEventFilter(paints)
    window.installEventFilter(paints)
    for _ in range(5):
        QApplication.processEvents()
    rng = random.Random(5)
    switches = 0
    for _ in range(120):
        before = page.views.currentIndex()
        # the last move's pieces in place: a move made while they glide paints a frame first
        for scene in page.scenes:
            scene.motions.finish()
        QApplication.processEvents()
        paints.count.clear()
        paints.order.clear()
        play(session, 1, rng)
        for _ in range(8):  # everything the move set off, to the last paint
            QApplication.processEvents()
        shown = page.views.currentWidget()
        if page.views.currentIndex() != before and shown in views:
            switches += 1
            assert paints.count.get(shown.viewport()) == 1
            # in the window's first paint, with everything else the move changed
            assert paints.order[:2] == [window, shown.viewport()]
    assert switches >= 10


def test_a_player_panel_repaints_only_its_border_when_the_turn_passes(qtbot):
    """Issue 7: flipping the acting border repainted the whole panel, its sixty-odd labels too."""
    from arle.gui.session import new_session
    from arle.gui.side.player_panel import PlayerPanel

    session = new_session(new_setup(2, 5))
    panel = PlayerPanel(session, 0)
    qtbot.addWidget(panel)
    panel.resize(400, 320)
    panel.show()
    qtbot.waitExposed(panel)
    for _ in range(3):
        QApplication.processEvents()
    paints = Paints()
    panel.goods.installEventFilter(paints)
    panel.scores.installEventFilter(paints)
    acting = panel.acting()
    panel._frame(panel._border, not acting)
    for _ in range(3):
        QApplication.processEvents()
    assert panel.acting() is not acting
    assert paints.count == {}  # the counts inside the border were not painted again


def test_a_board_that_cannot_be_built_is_an_error_not_a_placeholder_tab(qtbot, monkeypatch):
    """Issue 17 (scaffolding): a scene whose code is broken used to become a grey "will appear
    here" tab with the error hidden in the log; a defect must show as the error it is."""
    from arle.gui.boards import home_scene

    def broken(*_args):
        raise RuntimeError("broken Home Board")

    monkeypatch.setattr(home_scene.HomeBoardScene, "__init__", broken)
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    with pytest.raises(RuntimeError, match="broken Home Board"):
        window.life.install(GameHistory(new_setup(1, 3)))


def test_every_board_is_shown_in_a_board_view_typed_with_its_scene(qtbot):
    """Issue 17: one view class for all boards, each holding the scene it redraws when shown."""
    from arle.gui.boards.board_view import BoardView
    from arle.gui.boards.home_scene import HomeBoardScene
    from arle.gui.boards.storage_scene import StorageScene

    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.life.install(GameHistory(new_setup(2, 3)))
    page = window.shown.page
    views = [page.views.widget(i) for i in range(page.views.count()) if i != page.scoring_index]
    assert all(isinstance(v, BoardView) and v.board is v.scene() for v in views)
    assert [type(v.board) for v in page.home_views] == [HomeBoardScene, HomeBoardScene]
    assert [type(v.board) for v in page.storage_views] == [StorageScene, StorageScene]


def test_each_live_score_category_says_why_in_its_tooltip(qtbot):
    """Issue 13: the live score explains itself; a new player has no Large Vehicle, so
    Equipment's tooltip says "Equipment ... -3: ... no Large Vehicle" (rulebook, final scoring)."""
    from arle.gui.session import new_session
    from arle.gui.side.player_panel import PlayerPanel

    session = new_session(new_setup(2, 5))
    panel = PlayerPanel(session, 0)
    qtbot.addWidget(panel)
    assert "no Large Vehicle: -3 VP" in panel.score_tip("equipment")
    assert panel.score_text("equipment") == f"{session.match.game.score(0).equipment:g}"
    assert all(panel.score_tip(key) for key in panel.scores.keys)


def _game_with_the_board_in_front(qtbot):
    window = shown_game(qtbot, 3)
    page, session = window.shown.page, window.shown.session
    session.changed.disconnect(page.follow)  # the game board stays in front
    page.views.setCurrentIndex(0)
    QApplication.processEvents()
    return window, page, session


def test_the_boards_behind_other_tabs_are_made_ready_while_the_player_thinks(qtbot, monkeypatch):
    """Issue 15: a board behind another tab was drawn and its new pictures painted only in the
    move that brought it forward (5-9 ms each, over a frame with the rest of the move). After a
    pause it is drawn and painted off screen, a step an event; brought forward, it is neither
    drawn again nor paints a piece anew, and shows what a board drawn afresh shows."""
    from arle.gui.boards.home_scene import HomeBoardScene
    from arle.gui.boards.pieces import PieceItem
    from tests.gui.test_scene_rebuild import picture

    _window, page, session = _game_with_the_board_in_front(qtbot)
    qtbot.waitUntil(lambda: not page.preparing(), timeout=5000)  # (the boards not yet drawn)
    home = page.home_views[0]
    play(session, 6, random.Random(3))
    QApplication.processEvents()
    assert home.board._dirty  # not drawn in the moves themselves...
    qtbot.waitUntil(lambda: not page.preparing(), timeout=5000)
    assert not home.board._dirty  # ...but in the pause after them
    builds: list[object] = []
    pieces: list[object] = []
    original_build, original_paint = HomeBoardScene.build, PieceItem.paint
    monkeypatch.setattr(HomeBoardScene, "build", lambda self: (builds.append(self), original_build(self))[1])
    monkeypatch.setattr(PieceItem, "paint",
                        lambda self, *a: (pieces.append(self), original_paint(self, *a))[1])
    scale = home.scale_factor()  # (fitted behind its tab to the room it has when shown)
    page.views.setCurrentWidget(home)
    home.viewport().repaint()
    assert home.scale_factor() == scale
    assert builds == [] and pieces == []
    fresh = HomeBoardScene(session, 0)
    fresh.ensure_fresh()
    assert picture(home.board) == picture(fresh)


def test_making_boards_ready_waits_for_a_drag_and_never_animates_a_hidden_board(qtbot, monkeypatch):
    """Issue 15: the player's drag comes first (a step would make a frame of it late), and a
    board made ready behind its tab shows its pieces in place, gliding nowhere."""
    _window, page, session = _game_with_the_board_in_front(qtbot)
    qtbot.waitUntil(lambda: not page.preparing(), timeout=5000)
    home = page.home_views[0].board
    glides: list[object] = []
    monkeypatch.setattr(home.motions, "glide", lambda *a: glides.append(a))
    play(session, 6, random.Random(3))
    monkeypatch.setattr(page.board_scene.drag, "active", True)
    qtbot.wait(400)
    assert home._dirty and page.preparing()  # put off while the drag lasts
    monkeypatch.undo()
    monkeypatch.setattr(home.motions, "glide", lambda *a: glides.append(a))
    qtbot.waitUntil(lambda: not page.preparing(), timeout=5000)
    assert not home._dirty and glides == []


def test_the_players_supply_and_the_log_stay_in_place_while_decisions_change(qtbot):
    """Issue 15: the decision's room followed each decision (a hint line, a button more or less),
    and everything under it moved and was painted again in three moves of five. It keeps the
    room the decisions before it needed, up to a share of the side panel; a taller decision
    takes more, and every button stays in view."""
    from arle.gui.side.game_page import DECISION_STEADY

    window = shown_game(qtbot, 5)
    page, session = window.shown.page, window.shown.session
    QApplication.processEvents()
    rng = random.Random(5)
    moved = needed = 0
    for _ in range(80):
        place = page.player_scroll.geometry()
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        QApplication.processEvents()
        moved += page.player_scroll.geometry() != place
        scroll = page.decision_scroll
        needed = max(needed, page.decision.sizeHint().height())
        assert scroll.height() >= page.decision.sizeHint().height()  # every button in view
        assert scroll.height() <= max(page.decision.sizeHint().height() + 2 * scroll.frameWidth(),
                                      round(DECISION_STEADY * page.side_panel.height()))
    assert needed > 100 and moved <= 12  # (52 of these moves moved it before)


def test_the_tab_of_the_board_needed_now_is_marked_without_laying_the_tabs_out_again(qtbot):
    """Issue 15: the tab of the board the player to act needs carries a dot. It was a "● " put
    into the tab's title, and a new title laid out the tab bar and the page around it again at
    each move that changed the board needed (about 1 ms). The dot is drawn over the tab: titles
    and tab sizes stay as they are, and the dot follows the board needed over a whole game."""
    window = shown_game(qtbot, 7)
    page, session = window.shown.page, window.shown.session
    bar = page.views.tabBar()
    titles = [page.views.tabText(i) for i in range(page.views.count())]
    sizes = [bar.tabRect(i).size() for i in range(bar.count())]
    assert titles == page.base_titles and not any("●" in t for t in titles)
    rng = random.Random(7)
    seen = set()
    while not session.match.game.over:
        play(session, 1, rng)
        QApplication.processEvents()
        wanted = -1 if session.match.game.over else page.wanted_view()
        assert bar.marked() == wanted
        said = [t.replace("&&", "&") for t in page.base_titles]  # (what a screen reader says)
        assert page.tab_names == said
        assert [bar.accessibleTabName(i) for i in range(bar.count())] == \
            [("● " if i == wanted else "") + t for i, t in enumerate(said)]
        seen.add(wanted)
        assert [page.views.tabText(i) for i in range(page.views.count())] == titles
        assert [bar.tabRect(i).size() for i in range(bar.count())] == sizes
    assert {0, 1, 3} <= seen  # the game board and both Home Boards were needed at times
    assert bar.marked() == -1 and page.views.currentIndex() == page.scoring_index  # game over
    # The dot is painted: the marked tab's top right corner differs from an unmarked one's.
    bar.mark(0)
    marked = bar.grab(bar.tabRect(0)).toImage()
    bar.mark(-1)
    plain = bar.grab(bar.tabRect(0)).toImage()
    corner = marked.width() - 8, 8
    assert marked.pixelColor(*corner) != plain.pixelColor(*corner)


def _own_painting(bar) -> QImage:
    """The tab bar as Qt paints it, not from a picture."""
    bar.looks.rendering = True
    try:
        return bar.grab().toImage()
    finally:
        bar.looks.rendering = False


def test_the_board_tabs_are_painted_from_pictures_once_each_look_was_seen(qtbot, monkeypatch):
    """Issue 15: Qt paints the whole tab bar when the current tab changes, styling and laying out
    each title again: 0.6-0.7 ms of each move that brings another board forward. Each look of
    the bar (which tab is current, the titles, sizes, hover, focus) is painted by Qt once and
    then blitted from its picture; the picture shows what Qt paints (within rounding: the
    lower edge of a tab blends over the pane's line)."""
    from PySide6.QtWidgets import QTabBar

    from arle.gui.kit.looks import KEEP_AFTER_MS
    from arle.gui.side.game_page import PicturedTabBar

    window = shown_game(qtbot, 5)
    page = window.shown.page
    bar = page.views.tabBar()
    qt_paints: list[bool] = []  # each time Qt painted the bar: whether its look had a picture
    painted: list[int] = []  # each time the bar was painted (from a picture, or by Qt)
    original = QTabBar.paintEvent
    monkeypatch.setattr(QTabBar, "paintEvent", lambda self, e: (
        qt_paints.append(self.look() in self.looks.pictures)
        if self is bar and not self.looks.rendering else None,
        original(self, e)))
    pictured = PicturedTabBar.paintEvent
    monkeypatch.setattr(PicturedTabBar, "paintEvent", lambda self, e: (
        painted.append(self.currentIndex()) if self is bar and not self.looks.rendering else None,
        pictured(self, e)))
    home = page.views.indexOf(page.home_views[1])
    # The look depends on the keyboard focus and the mouse: held still here, wherever the tests
    # before left them.
    bar.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    bar.clearFocus()
    QCursor.setPos(window.mapToGlobal(QPoint(window.width() // 2, window.height() - 5)))
    for round_ in range(3):  # back and forth: the game board and the second player's Home Board
        for index in (home, 0):
            page.views.setCurrentIndex(index)
            QApplication.processEvents()
            window.repaint()
            qtbot.wait(2 * KEEP_AFTER_MS)  # (the picture is taken a moment after)
        if round_ == 0:  # Qt painted each look, for the window and for its picture
            assert qt_paints and not any(qt_paints)
            qt_paints.clear()
            painted.clear()
    # the rounds after: Qt never paints a look that has a picture, and the bar blits pictures
    assert not any(qt_paints)
    assert len(painted) > len(qt_paints) and set(painted) >= {0, home}
    assert bar.pictures() >= 2
    bar.mark(-1)  # (the dot is drawn over the picture: see the test above)
    for index in (home, 0):
        page.views.setCurrentIndex(index)
        QApplication.processEvents()
        shown, own = bar.grab().toImage(), _own_painting(bar)
        assert channels_apart(shown, own, range(own.height() - 4)) <= 2  # titles and shapes
        assert channels_apart(shown, own, range(own.height())) <= 64  # the lower edge
    # another title is another look: painted by Qt, not a picture of the old title
    page.views.setTabText(0, "Renamed board")
    QApplication.processEvents()
    shown, own = bar.grab().toImage(), _own_painting(bar)
    assert channels_apart(shown, own, range(own.height() - 4)) <= 2


def test_a_move_that_takes_the_player_to_another_board_does_not_redraw_the_game_board(qtbot):
    """Issue 15: the game board was redrawn inside the move's handlers, before the move brought
    the Home Board (or the Barn) forward and hid it: about 1 ms of each such move for a board
    nobody saw, and the placed Worker glided behind the tab. It is redrawn when seen again."""
    from arle.engine import PlaceWorker
    from arle.gui.boards.board_items import WorkerGhost

    window = shown_game(qtbot, 5)
    page, session = window.shown.page, window.shown.session
    board = page.board_scene
    rng = random.Random(5)
    away = 0
    for _ in range(120):
        for scene in page.scenes:
            scene.motions.finish()
        QApplication.processEvents()
        before = page.views.currentIndex()
        move = choose_move(rng, session.match.legal_moves(), session.match.game)
        assert session.try_apply(move)
        for _ in range(3):
            QApplication.processEvents()
        if before == 0 and page.views.currentIndex() != 0:
            away += 1
            assert board._dirty, "not redrawn behind its tab"
            assert not board.motions.active
            assert not any(isinstance(i, WorkerGhost) for i in QGraphicsScene.items(board))
            page.views.setCurrentIndex(0)  # seen again: up to date, the Worker on its space
            assert not board._dirty
            if isinstance(move, PlaceWorker):
                assert board.spaces[move.space].overlay._look[0] is not None  # drawn with its Worker
            page.views.setCurrentIndex(before)
        elif page.views.currentIndex() == 0:
            assert not board._dirty
    assert away >= 5


def test_the_players_tabs_pane_is_painted_from_pictures_once_each_look_was_seen(qtbot, monkeypatch):
    """Issue 15: the turn passing brings the other player's panel forward, and the style drew
    the pane under it again (0.6 ms). Each look of the pane is painted by Qt once, then
    blitted from a picture that shows what Qt paints."""
    from PySide6.QtWidgets import QTabWidget

    from arle.gui.kit.looks import KEEP_AFTER_MS

    window = shown_game(qtbot, 5)
    tabs = window.shown.page.player_tabs
    qt_paints: list[tuple[object, bool]] = []  # each time Qt painted the pane: its look, had it a picture
    original = QTabWidget.paintEvent
    monkeypatch.setattr(QTabWidget, "paintEvent", lambda self, e: (
        qt_paints.append((self.look(), self.look() in self.looks.pictures))
        if self is tabs and not self.looks.rendering else None,
        original(self, e)))
    QCursor.setPos(window.mapToGlobal(QPoint(window.width() // 2, window.height() - 5)))
    for _ in range(3):
        for index in (1, 0):
            tabs.setCurrentIndex(index)
            QApplication.processEvents()
            window.repaint()
            qtbot.wait(2 * KEEP_AFTER_MS)  # (the picture is taken a moment after)
    # Qt paints a look only until its picture is taken (another repaint may come before that,
    # from the window's own timers), never after: two looks, two pictures.
    assert qt_paints and not any(had for _look, had in qt_paints)
    assert len({look for look, _had in qt_paints}) <= 2 < len(tabs.looks.pictures) + 1
    for index in (1, 0):
        tabs.setCurrentIndex(index)
        QApplication.processEvents()
        shown = tabs.grab().toImage()
        tabs.looks.rendering = True  # (as Qt paints it)
        own = tabs.grab().toImage()
        tabs.looks.rendering = False
        assert channels_apart(shown, own) <= 2
