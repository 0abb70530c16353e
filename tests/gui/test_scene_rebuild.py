"""Board scenes redraw only what is on screen and reuse what did not change (issue 7), and what
they then show is exactly what a scene drawn afresh on the same state shows."""

from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGraphicsScene, QGraphicsTextItem

from arle.commands.simulate import choose_move
from arle.gui.boards.boxes import BoxItem
from arle.gui.boards.home_scene import HomeBoardScene
from arle.gui.boards.pieces import PieceItem
from arle.gui.boards.scene import SceneText, SessionScene
from arle.gui.boards.storage_scene import StorageScene
from arle.gui.session import new_session
from arle.gui.shell.main_window import MainWindow, new_setup
from arle.match.history import GameHistory
from tests.gui.scene_helpers import show


def picture(scene: SessionScene) -> list[tuple[Any, ...]]:
    """Every item bottom to top: kind, place, size, text or art, glow, tooltip, opacity."""
    rows = []
    for item in QGraphicsScene.items(scene, Qt.SortOrder.AscendingOrder):
        rect = item.bounds() if isinstance(item, BoxItem) else item.sceneBoundingRect()  # (not at a zoom)
        text = item.toPlainText() if isinstance(item, (QGraphicsTextItem, SceneText)) else None
        art = (item.art, item.glow, item.text) if isinstance(item, PieceItem) else None
        rows.append((type(item).__name__, round(rect.x(), 1), round(rect.y(), 1), round(rect.width(), 1),
                     round(rect.height(), 1), text, art, item.toolTip(), item.opacity()))
    return rows


def test_a_scene_rebuilt_move_after_move_shows_what_a_fresh_one_shows(qtbot):
    session = new_session(new_setup(2, 11))
    home, storage = HomeBoardScene(session, 0), StorageScene(session, 0)
    show(qtbot, home, 800, 900)
    show(qtbot, storage, 880, 900)
    rng = random.Random(11)
    for _ in range(150):
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        QApplication.processEvents()  # the deferred rebuild, reusing the last build's items
    assert not home._dirty and not storage._dirty
    for scene, fresh in ((home, HomeBoardScene(session, 0)), (storage, StorageScene(session, 0))):
        fresh.ensure_fresh()
        assert picture(scene) == picture(fresh)
        assert any(row[5] for row in picture(scene))  # texts are there to compare


def fresh_picture(scene: HomeBoardScene | StorageScene) -> list[tuple[Any, ...]]:
    """The picture of a board like ``scene`` drawn afresh on the session's state (then let go)."""
    session = scene.session
    fresh = type(scene)(session, scene.player)
    fresh.ensure_fresh()
    rows = picture(fresh)
    session.changed.disconnect(fresh._on_changed)
    session.reset.disconnect(fresh._on_changed)
    fresh.clear()
    return rows


def test_boards_drawn_in_parts_show_after_every_move_what_fresh_ones_show(qtbot, monkeypatch):
    """Issue 15: a Home Board (and a Storage board) redraws only the parts whose values changed
    (the goods, a Dike, the Animals); after every move of a game, for both players, it shows
    exactly what a board drawn afresh shows, piece for piece and in the same stacking order.
    The Home Board's fixed parts (the tracks' spaces, the row and column numbers, the Release
    area) are drawn once a board, and a space of its grid only when what it shows changes."""
    drawn: list[tuple[object, str]] = []
    names = ("build", "_build_track_spaces", "_build_labels", "_build_release", "_pasture", "_build_info")
    for name in names:
        original = getattr(HomeBoardScene, name)
        monkeypatch.setattr(HomeBoardScene, name, lambda self, *a, _o=original, _n=name:
                            (drawn.append((self, _n)), _o(self, *a))[1])
    session = new_session(new_setup(2, 7))
    homes = [HomeBoardScene(session, 0), HomeBoardScene(session, 1)]
    boards = [*homes, StorageScene(session, 0), StorageScene(session, 1)]
    for board in boards:
        show(qtbot, board, 880, 900)
    rng = random.Random(7)
    changed = 0
    for _ in range(170):
        if session.match.game.over:
            break
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        for board in boards:
            before = picture(board)
            board.ensure_fresh()
            board.motions.finish()  # the pieces that glide to their new places, there
            assert picture(board) == fresh_picture(board)
            changed += board is homes[0] and picture(board) != before
    assert changed >= 40  # the boards did change as the game went on
    counts = {name: sum(scene in homes and n == name for scene, n in drawn) for _, name in drawn}
    assert counts["_build_track_spaces"] == counts["_build_labels"] == counts["_build_release"] == 2
    # a space of land is drawn again when it changes, not with the rest of the grid; the info box
    # when its words do (the decision, the landscape's numbers)
    assert 2 < counts["_pasture"] < counts["build"] / 4
    assert 2 < counts["_build_info"] < counts["build"] * 0.8


def test_a_board_behind_another_tab_is_rebuilt_when_shown_not_after_each_move(qtbot, monkeypatch):
    builds: list[str] = []
    for cls in (HomeBoardScene, StorageScene):
        original = cls.build
        monkeypatch.setattr(cls, "build", lambda self, _o=original: (builds.append(type(self).__name__),
                                                                     _o(self))[1])
    window = MainWindow(autosave=False)
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.life.install(GameHistory(new_setup(2, 3)))
    page = window.shown.page
    session = window.shown.session
    session.changed.disconnect(page.follow)  # the game board stays in front
    page.views.setCurrentIndex(0)
    QApplication.processEvents()
    builds.clear()
    rng = random.Random(3)
    for _ in range(12):
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        QApplication.processEvents()
    assert page.views.currentIndex() == 0
    assert builds == []  # nothing behind the board tab was redrawn
    home_view = page.home_views[0]
    page.views.setCurrentWidget(home_view)  # shown: brought up to date at once
    assert builds == ["HomeBoardScene"]
    # The last move's pieces may glide to their places as the board comes forward (which of
    # them did depended on whether a new piece got a freed piece's id: see motion.Snapshot).
    home_view.scene().motions.finish()
    fresh = HomeBoardScene(session, 0)
    fresh.ensure_fresh()
    assert picture(home_view.scene()) == picture(fresh)


@pytest.mark.parametrize("cls", [HomeBoardScene, StorageScene])
def test_a_rebuild_keeps_every_piece_that_looks_the_same_and_makes_the_changed_ones_anew(qtbot, cls):
    """Issue 7: a new piece paints its picture from scratch; one that shows the same is kept
    (with its cached picture, and the texts drawn on it: a destination tile's face), taking over
    what a drag or click on it now plays."""
    session = new_session(new_setup(2, 11))
    home = cls(session, 0)
    show(qtbot, home, 880, 900)

    def pieces() -> dict[int, PieceItem]:
        return {id(i): i for i in QGraphicsScene.items(home) if isinstance(i, PieceItem)}

    before = pieces()
    home._dirty = True  # the same state drawn again: not one piece is new
    home.ensure_fresh()
    assert pieces().keys() == before.keys() and len(before) > 10
    rng = random.Random(11)
    for _ in range(40):
        looks = {i.look(): i for i in pieces().values()}
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        home.ensure_fresh()
        for item in pieces().values():
            if item.look() in looks:
                assert item is looks[item.look()]  # kept, not made again
    fresh = cls(session, 0)
    fresh.ensure_fresh()
    assert picture(home) == picture(fresh)


def board_looks(board: Any, keys: Any = None) -> list[tuple[Any, ...]]:
    """What each action space, Tool Track and building of the game board shows: its look, its
    Worker (spaces), its glow and whether its ring is up (of the items in ``keys``: all if None;
    a board keeps the cards of buildings that left the game, a fresh one has none)."""
    rows = []
    for group in (board.spaces, board.tools, board.buildings):
        for key, item in group.items():
            if keys is not None and key not in keys:
                continue
            overlay = getattr(item, "overlay", None)
            ring = item._ring is not None and item._ring.isVisible()
            rows.append((key, item.look(), item._look if isinstance(item._look, str) else item._look[0],
                         overlay.look() if overlay is not None else None,
                         overlay._look if overlay is not None else None, item.glow, ring))
    return rows


def test_the_game_board_shows_after_every_move_what_a_fresh_one_shows(qtbot):
    """Issue 15: the game board looks at a group of its items (the action spaces, the Tool
    Tracks, the buildings) only when what the group shows changed. After every move of a whole
    game, after an undo, and while a Worker is dragged, each item shows (its drawn look, its
    Worker, its ring) what the same item of a board made afresh shows."""
    from arle.gui.boards.board_scene import BoardScene

    session = new_session(new_setup(2, 13))
    board = BoardScene(session)
    show(qtbot, board, 1400, 900)
    rng = random.Random(13)
    moves = 0
    while not session.match.game.over:
        assert session.try_apply(choose_move(rng, session.match.legal_moves(), session.match.game))
        moves += 1
        if moves % 37 == 0:
            assert session.undo()
        board.ensure_fresh()
        fresh = BoardScene(session)
        fresh.ensure_fresh()
        keys = {*fresh.spaces, *fresh.tools, *fresh.buildings}
        assert board_looks(board, keys) == board_looks(fresh)
        # every drawn look is the item's look now (a group left out would show an old one)
        assert all(row[1] == row[2] or row[1] is None for row in board_looks(board) if row[0] in board.spaces)
        token = board.next_worker()
        if token is not None and moves % 5 == 0:  # a drag lights the spaces a Worker may go to
            board.drag.begin(token, board.worker_targets())
            lit = {key for key, *_, ring in board_looks(board) if ring}
            assert lit >= {c.move.space for c in board.worker_targets()}
            board.drag.end()
            assert board_looks(board, keys) == board_looks(fresh)
    assert moves > 200
