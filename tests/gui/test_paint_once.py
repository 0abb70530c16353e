"""Issue 15: a move is laid out and painted once.

The side panel's parts change height with the decision; held in a layout, each change climbed
to the window (Qt's ``QLayout::activate`` always tells the parent) and laid the whole window out
again, and each level of nesting was laid out in a later round of the event loop with the
window painted after each: three or four paints a move."""

from __future__ import annotations

import random

from PySide6.QtCore import QEvent, QObject

from arle.commands.simulate import choose_move, setup_for
from arle.match.history import GameHistory
from tests.gui.scene_helpers import open_main_window


class Seen(QObject):
    """Counts the events of each type delivered to the objects it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[QEvent.Type, int] = {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.counts[event.type()] = self.counts.get(event.type(), 0) + 1
        return False


def calls(monkeypatch, cls: type, name: str) -> list[object]:
    """The instances whose method ``name`` is called, one entry a call, from now on."""
    seen: list[object] = []
    method = getattr(cls, name)

    def counted(self, *args):
        seen.append(self)
        return method(self, *args)

    monkeypatch.setattr(cls, name, counted)
    return seen


def test_a_move_does_not_lay_out_the_window_again(qtbot, monkeypatch, tmp_path) -> None:
    from PySide6.QtWidgets import QApplication

    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    QApplication.processEvents()
    seen = Seen()
    for watched in (window, window.shown.page):
        watched.installEventFilter(seen)
    session, rng = window.shown.session, random.Random(5)
    moves = 0
    while moves < 40:
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        for _ in range(10):
            QApplication.processEvents()
        moves += 1
    assert seen.counts.get(QEvent.Type.LayoutRequest, 0) == 0


def test_an_action_space_card_is_drawn_only_when_its_status_changes(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: a Worker placed, the glow of the legal spaces coming and going and the end of a
    round repaint many action spaces: a Worker repaints the small overlay over the card's
    Worker place, a glow shows the card's ring, the card's ground is repainted only when its
    status changes (current, other season, closed; a blit of a shared picture, see
    ``test_the_action_spaces_share_six_grounds``), and its words and pictures (the face, the
    dear part) are drawn once: a closed space's face is dimmed, never drawn again. Qt blits the
    cached pictures otherwise."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.boards.board_items import FACE_CLOSED_OPACITY, SpaceFace, SpaceItem, SpaceOverlay

    faces = calls(monkeypatch, SpaceFace, "paint")
    overlays = calls(monkeypatch, SpaceOverlay, "paint")
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    QApplication.processEvents()
    spaces = window.shown.page.board_scene.spaces
    grounds = calls(monkeypatch, SpaceItem, "show_ground")  # the card's ground shown anew
    faces.clear()  # (the first pictures, at the zoom the window settles on)
    drawn: list[tuple[str, str]] = []
    statuses: set[tuple[str, str]] = set()
    rings = 0
    session, rng = window.shown.session, random.Random(5)
    while session.match.game.state.half_year < 5:  # four half-years: each space current, other, closed
        grounds.clear()
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        for _ in range(10):
            QApplication.processEvents()
        drawn += [(item.space_id, item.status()) for item in grounds]
        statuses |= {(item.space_id, item.status()) for item in spaces.values()}
        rings = max(rings, sum(item._ring is not None and item._ring.isVisible() for item in spaces.values()))
        for item in spaces.values():
            assert item.face.opacity() == (FACE_CLOSED_OPACITY if item.status() == "closed" else 1.0)
            assert (item._ring is not None and item._ring.isVisible()) == item.glow
    assert len(overlays) > 50  # Workers repainted often...
    assert rings >= 2  # (legal spaces glowed)
    assert len({status for _, status in statuses}) == 3
    last: dict[str, str] = {}
    for space, status in drawn:  # ...a card's ground only with a new status...
        assert last.get(space) != status, (space, status)
        last[space] = status
    assert len(drawn) >= 60
    assert faces == []  # ...and its face never again


def test_a_player_panel_is_a_few_widgets_and_repaints_only_what_changed(qtbot) -> None:
    """Issue 15: the panel was some seventy labels, all painted when the acting player's tab came
    forward. Its goods and its score are each one widget now; a refresh that changes nothing
    paints nothing, and a changed count repaints its own cell."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QApplication, QWidget

    from arle.engine import Good
    from arle.gui.session import new_session
    from arle.gui.shell.main_window import new_setup
    from arle.gui.side.player_panel import PlayerPanel

    session = new_session(new_setup(2, 5))
    panel = PlayerPanel(session, 0)
    qtbot.addWidget(panel)
    panel.resize(380, 330)
    panel.show()
    qtbot.waitExposed(panel)
    assert len(panel.findChildren(QWidget)) <= 8
    for _ in range(3):
        QApplication.processEvents()

    painted: list[QRect] = []

    class Paints(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and watched is panel.goods:
                painted.append(event.rect())
            return False

    paints = Paints()
    panel.goods.installEventFilter(paints)
    panel.refresh()
    for _ in range(3):
        QApplication.processEvents()
    assert painted == []
    session.match.game.state.players[0].goods[Good.WOOD] += 1
    panel.refresh()
    for _ in range(3):
        QApplication.processEvents()
    wood = panel.goods._cell(panel.goods.goods.index("wood"))
    assert painted and all(wood.contains(r) for r in painted)
    assert panel.count_text("wood") == str(session.match.game.state.players[0].goods[Good.WOOD])


def test_a_score_row_s_tooltip_gives_its_reasons_when_hovered(qtbot) -> None:
    """Issue 13: each live score category says why; the reasons are made when asked (issue 15)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    from arle.gui.session import new_session
    from arle.gui.shell.main_window import new_setup
    from arle.gui.side.player_panel import PlayerPanel

    session = new_session(new_setup(2, 5))
    panel = PlayerPanel(session, 0)
    qtbot.addWidget(panel)
    panel.resize(380, 330)
    panel.show()
    qtbot.waitExposed(panel)
    table = panel.scores
    row = dict(table._rows())["equipment"]
    at = row.center()
    event = QHelpEvent(QEvent.Type.ToolTip, at, table.mapToGlobal(at))
    QApplication.sendEvent(table, event)
    assert table.key_at(at) == "equipment"
    assert "no Large Vehicle: -3 VP" in QToolTip.text()
    QToolTip.hideText()
    assert table.key_at(QPoint(-5, -5)) is None


def test_painting_starts_no_threads(qtbot) -> None:
    """Issue 15: Qt 6 hands a tall fill to a pool of threads and waits for them, a millisecond a
    fill on two cores (a scroll bar's repaint: 1.05 ms, 0.17 without). ``arle.gui`` keeps the
    painting on the GUI thread (``QT_NO_GUI_THREADPOOL``): filling a tall picture starts none."""
    import os
    import sys

    import pytest
    from PySide6.QtGui import QColor, QImage, QPainter

    if not sys.platform.startswith("linux"):
        pytest.skip("threads counted from /proc")
    assert os.environ.get("QT_NO_GUI_THREADPOOL") == "1"

    def threads() -> int:
        return len(os.listdir("/proc/self/task"))

    before = threads()
    image = QImage(600, 2000, QImage.Format.Format_ARGB32_Premultiplied)
    for shade in range(5):
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor(10 * shade, 100, 200, 128))
        painter.drawRoundedRect(3.5, 3.5, 590, 1990, 9, 9)
        painter.end()
    assert threads() == before


def test_the_month_track_is_drawn_again_only_when_the_season_turns(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: each Worker placed empties a slot of the month track and names who is next: those
    marks are repainted, the track itself (its months and their words) only at a new season."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.boards.board_items import MonthMarks, MonthTrackItem

    tracks = calls(monkeypatch, MonthTrackItem, "draw")
    marks = calls(monkeypatch, MonthMarks, "paint")  # (before the items are made)
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    QApplication.processEvents()
    tracks.clear()
    marks.clear()
    session, rng = window.shown.session, random.Random(5)
    seasons = []
    while session.match.game.state.half_year < 4:  # three turns of the season
        season = session.match.game.state.season
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        for _ in range(10):
            QApplication.processEvents()
        if session.match.game.state.season != season:
            seasons.append(session.match.game.state.season)
    assert len(seasons) == 3 and len(tracks) == len(seasons)  # once per new season...
    assert len(marks) >= 3 * 8  # ...and the marks after each of the 8 Workers of a half-year


def test_a_worker_placed_keeps_the_tokens_of_the_workers_still_waiting(qtbot) -> None:
    """Issue 15: a Worker placed takes its token off the month track and marks the next one; the
    tokens of the Workers after it stay as they are (all were made and painted anew)."""
    from arle.engine import PlaceWorker
    from arle.gui.boards.board_scene import BoardScene
    from arle.gui.session import new_session
    from arle.gui.shell.main_window import new_setup

    session = new_session(new_setup(2, 5))
    scene = BoardScene(session)
    scene.ensure_fresh()
    for _ in range(3):
        before = list(scene.workers)
        assert [w.is_next for w in before] == [True] + [False] * (len(before) - 1)
        move = next(m for m in session.match.legal_moves() if isinstance(m, PlaceWorker))
        assert session.try_apply(move)
        while session.match.game.decision is not None or not session.match.legal_of(PlaceWorker):
            session.try_apply(choose_move(random.Random(1), session.match.legal_moves()))
        scene.ensure_fresh()
        after = scene.workers
        assert len(after) == len(before) - 1
        assert after[1:] == before[2:]  # the same tokens, not new ones
        assert after[0] is not before[1] and after[0].is_next  # the next one, marked


def test_a_board_rebuilt_without_a_change_keeps_every_item(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: a board rebuilt when nothing it shows changed keeps all its items: none is taken
    away and made again (the Tidal Flats' waves and the Dike Line were, at every rebuild, and
    were painted again with all they covered)."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.boards.scene import SessionScene

    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    session, rng = window.shown.session, random.Random(5)
    for _ in range(60):
        session.try_apply(choose_move(rng, session.match.legal_moves()))
    QApplication.processEvents()
    scenes = [s for s in window.shown.page.scenes if isinstance(s, SessionScene)]
    assert len(scenes) == 5
    for scene in scenes:
        scene._dirty = True
        scene.ensure_fresh()
        before = {id(item) for item in scene.items_now()}
        scene._dirty = True
        scene.ensure_fresh()
        assert {id(item) for item in scene.items_now()} == before, type(scene).__name__


def test_boards_brought_forward_in_turn_paint_from_kept_pictures(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: the pictures every board keeps of its pieces fit in Qt's picture cache together.
    With Qt's 10 MB default, two boards filled it at 1600x1000: each board brought forward drew
    every piece again (7-12 ms instead of 3-5), and pushed the game board's pictures out. Going
    round all the boards a second time now draws no piece."""
    from PySide6.QtGui import QPixmapCache
    from PySide6.QtWidgets import QApplication

    from arle.gui.boards.board_items import BoardItem
    from arle.gui.boards.pieces import PieceItem

    QPixmapCache.setCacheLimit(10 * 1024)  # Qt's default (another window may have raised it)
    pieces = calls(monkeypatch, PieceItem, "paint")
    cards = calls(monkeypatch, BoardItem, "draw")
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    history, rng = GameHistory(setup_for(5, 2)), random.Random(5)
    while len(history.moves) < 120:
        history.apply(choose_move(rng, history.game.legal_moves()))
    window.life.install(history)
    views = window.shown.page.views
    boards = [i for i in range(views.count()) if i != window.shown.page.scoring_index]
    for round_ in range(2):
        if round_:
            pieces.clear()
            cards.clear()
        for i in boards:
            views.setCurrentIndex(i)
            for _ in range(3):
                QApplication.processEvents()
    assert len(boards) == 6
    assert (len(pieces), len(cards)) == (0, 0)


def test_a_building_card_is_drawn_again_only_when_it_is_built(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: when a building is to be chosen (Builder, Carpenter...), every building that may
    be chosen glows, and the glow goes when it is chosen: the ring is drawn over the card, which
    is drawn again only when it changes owner (twenty cards' words and cost pictures were drawn
    again twice a building: 8-15 ms). The same for the Tool Tracks that glow for the Master."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.boards.board_items import BuildingItem, ToolTrackItem

    cards = calls(monkeypatch, BuildingItem, "draw")  # (before the items are made)
    tracks = calls(monkeypatch, ToolTrackItem, "draw")
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    QApplication.processEvents()
    board = window.shown.page.board_scene
    cards.clear()
    tracks.clear()
    session, rng = window.shown.session, random.Random(5)
    glowed: set[str] = set()
    owners = {b: item.owner() for b, item in board.buildings.items()}
    tools = {t: item.look() for t, item in board.tools.items()}
    changed: list[object] = []
    for _ in range(160):
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        for _ in range(5):
            QApplication.processEvents()
        board.ensure_fresh()
        glowed |= {b for b, item in board.buildings.items() if item.glow}
        glowed |= {str(t) for t, item in board.tools.items() if item.glow}
        for b, item in board.buildings.items():
            if item.owner() != owners[b]:
                owners[b] = item.owner()
                changed.append(item)
        for t, item in board.tools.items():
            if item.look() != tools[t]:
                tools[t] = item.look()
                changed.append(item)
    QApplication.processEvents()
    assert len(glowed) >= 10  # buildings and tracks did glow, and stopped
    assert sorted(map(id, cards + tracks)) == sorted(map(id, changed))  # each drawn once a change


def test_the_action_spaces_share_six_grounds(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: at the turn of a half-year every action space's ground changes (current, other
    season, closed); the thirty cards share one picture per status and season, drawn once at
    the board's zoom and blitted, instead of thirty rounded boxes, half of them dashed. A card
    shows its ground's picture itself (a pixmap item under it), with no picture of its own."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.boards import board_items
    from arle.gui.boards.board_items import SpaceItem

    monkeypatch.setattr(board_items, "_GROUNDS", {})
    grounds = calls(monkeypatch, SpaceItem, "show_ground")  # (before the items are made)
    pictures = calls(monkeypatch, SpaceItem, "_ground_picture")
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    QApplication.processEvents()
    session, rng = window.shown.session, random.Random(5)
    while session.match.game.state.half_year < 4:
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        for _ in range(5):
            QApplication.processEvents()
    zooms = {key[4] for key in board_items._GROUNDS}
    assert len(grounds) >= 90  # three turns of thirty cards, and the first pictures
    assert len(pictures) == len(board_items._GROUNDS) <= 6 * len(zooms)
    card = next(iter(window.shown.page.board_scene.spaces.values()))
    assert card.cacheMode() == card.CacheMode.NoCache
    assert card.ground.pixmap().cacheKey() in {p.cacheKey() for p in board_items._GROUNDS.values()}


def test_the_half_year_track_draws_only_its_box_now_when_the_half_year_turns(
        qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: the phase changes two or three times a half-year (work, inventory); the header's
    words on what happens now are a layer of their own. At each new half-year the whole header
    was drawn again, its nine pictures as vectors (1.9 ms): now the box of the half-year now is
    a layer drawn then, the nine boxes only when the Starting Player changes, and the pictures
    once."""
    from PySide6.QtWidgets import QApplication

    from arle.gui.boards.board_items import HeaderIcons, HeaderItem, HeaderNow, HeaderText

    tracks = calls(monkeypatch, HeaderItem, "draw")  # (before the items are made)
    texts = calls(monkeypatch, HeaderText, "paint")
    nows = calls(monkeypatch, HeaderNow, "paint")
    icons = calls(monkeypatch, HeaderIcons, "paint")
    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    QApplication.processEvents()
    header = window.shown.page.board_scene.header
    tracks.clear(), texts.clear(), nows.clear(), icons.clear()
    session, rng = window.shown.session, random.Random(5)
    seen_track, seen_now, seen_text = [header.look()], [header.now.look()], [header.text.look()]
    while session.match.game.state.half_year < 5:
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        for _ in range(5):
            QApplication.processEvents()
        window.shown.page.board_scene.ensure_fresh()
        for seen, look in ((seen_track, header.look()), (seen_now, header.now.look()),
                           (seen_text, header.text.look())):
            if look != seen[-1]:
                seen.append(look)
    assert seen_now == [1, 2, 3, 4, 5]  # four half-years turned
    assert len(seen_track) - 1 == 2  # the Starting Player changed twice
    # each drawn at most once for each change of what it shows (a board behind its tab at a
    # change is drawn when seen again)
    assert len(tracks) <= len(seen_track) - 1 < len(seen_now) - 1 < len(seen_text) - 1
    assert 1 <= len(nows) <= len(seen_now) - 1 and len(texts) <= len(seen_text) - 1
    assert not icons  # the pictures: drawn once, at the start



def test_the_window_painted_move_by_move_shows_what_a_repaint_shows(qtbot, monkeypatch, tmp_path) -> None:
    """Issue 15: a move repaints only what changed, some of it from pictures (the buttons, the
    tabs, the log's rows, the supply's cells) and some parts not at all (a player panel's border
    when a count inside it changed). What the screen shows after each move, painted bit by bit,
    is what the whole window painted afresh shows (within a rounded edge's blending)."""
    from PySide6.QtWidgets import QApplication

    from arle.commands.bench_gui import glide_frames, settle, think
    from tests.gui.scene_helpers import channels_apart

    window = open_main_window(qtbot, monkeypatch, tmp_path, (1280, 720))
    window.life.install(GameHistory(setup_for(5, 2)))
    session, rng, screen = window.shown.session, random.Random(5), window.screen()
    for _ in range(30):
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        settle()
        glide_frames(window)
        think(window)  # (the pictures of new looks are taken)
        QApplication.processEvents()
        fresh = window.grab().toImage()
        shown = screen.grabWindow(window.winId()).toImage()
        assert channels_apart(shown, fresh) <= 5, len(session.match.history.moves)


class Paints(QObject):
    """Counts the window's repaints (``UpdateRequest``: one a paint of the window)."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.UpdateRequest:
            self.count += 1
        return False


def test_a_move_paints_the_window_once(qtbot, monkeypatch, tmp_path) -> None:
    """The rule ``arle.gui.side.one_paint`` keeps: a move that leaves the same board in front
    paints the window once, boards, side panel and tabs together. (A move that brings another
    board forward paints it in a second paint: the tab's first paint is Qt's.)"""
    from PySide6.QtWidgets import QApplication

    window = open_main_window(qtbot, monkeypatch, tmp_path, (1600, 1000))
    window.life.install(GameHistory(setup_for(5, 2)))
    for _ in range(10):
        QApplication.processEvents()
    paints = Paints()
    window.installEventFilter(paints)
    session, page, rng = window.shown.session, window.shown.page, random.Random(5)
    counted: list[int] = []
    for _ in range(40):
        tab = page.views.currentIndex()
        paints.count = 0
        session.try_apply(choose_move(rng, session.match.legal_moves()))
        for _ in range(10):
            QApplication.processEvents()
        if page.views.currentIndex() == tab:
            counted.append(paints.count)
    assert len(counted) > 20 and set(counted) <= {0, 1} and counted.count(1) > 20
