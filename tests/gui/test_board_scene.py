"""Game board: placing a Worker by a real mouse drag on the view, refused drops, undo.

Rulebook p. 6 (Work Phase): each month a player takes the next Worker off the month track and
places it on a free action space of the current season.
"""

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from arle.engine import Setup
from arle.engine.interpreter.moves import PlaceWorker
from arle.gui.boards.board_scene import BoardScene
from arle.gui.boards.board_view import BoardView
from arle.gui.session import new_session


def _board(qtbot, players=2):
    session = new_session(Setup(players=players, seed=5, names=("Anna", "Ben")[:players], start_player=0))
    scene = BoardScene(session)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1500, 900)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    return session, scene, view


def _drag(view, start: QPointF, end: QPointF) -> None:
    vp = view.viewport()
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for k in range(1, 6):
        p = a + (b - a) * k / 5
        move = QMouseEvent(QEvent.Type.MouseMove, QPointF(p), QPointF(vp.mapToGlobal(p)),
                           Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(vp, move)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def test_drag_worker_onto_space_places_it(qtbot):
    session, scene, view = _board(qtbot)
    token = scene.next_worker()
    assert token is not None and token.player == 0
    target = scene.spaces["summer.clay_worker"]
    assert PlaceWorker("summer.clay_worker") in session.match.legal_moves()
    _drag(view, token.scenePos(), target.sceneBoundingRect().center())
    assert session.match.game.state.occupied == {"summer.clay_worker": 0}
    assert session.match.game.actor == 1  # Ben places next (rulebook p. 6: players alternate)


def test_drop_on_occupied_space_snaps_back_and_says_why(qtbot):
    session, scene, view = _board(qtbot)
    assert session.try_apply(PlaceWorker("summer.clay_worker"))
    messages = []
    session.message.connect(messages.append)
    token = scene.next_worker()
    home = token.pos()
    _drag(view, token.scenePos(), scene.spaces["summer.clay_worker"].sceneBoundingRect().center())
    assert session.match.game.state.occupied == {"summer.clay_worker": 0}
    assert token.pos() == home
    assert messages and "already taken by Anna" in messages[-1]


def test_drop_outside_any_space_is_refused(qtbot):
    session, scene, view = _board(qtbot)
    messages = []
    session.message.connect(messages.append)
    token = scene.next_worker()
    _drag(view, token.scenePos(), QPointF(700, 150))  # the month track, no action space
    assert session.match.game.state.occupied == {}
    assert messages[-1] == "Drop the Worker on an action space."


def test_solo_other_season_space_is_refused(qtbot):
    """Solo rules: only the current season's action spaces are used."""
    session, scene, view = _board(qtbot, players=1)
    messages = []
    session.message.connect(messages.append)
    token = scene.next_worker()
    _drag(view, token.scenePos(), scene.spaces["winter.peat_boatman"].sceneBoundingRect().center())
    assert session.match.game.state.occupied == {}
    assert "solo" in messages[-1]


def test_a_used_other_season_space_names_who_used_it(qtbot):
    """Rulebook p. 6 (one other-season action per half-year, not in solo); issue 17: the refusal
    is the engine's (``Game.why_not``), which says who took that action."""
    session, scene, view = _board(qtbot)
    other = next(sid for sid in scene.spaces if not sid.startswith(session.match.game.state.season))
    assert session.try_apply(PlaceWorker(other))  # Anna takes the other-season action
    messages = []
    session.message.connect(messages.append)
    token = scene.next_worker()
    second = next(sid for sid in scene.spaces
                  if not sid.startswith(session.match.game.state.season) and sid != other)
    _drag(view, token.scenePos(), scene.spaces[second].sceneBoundingRect().center())
    assert session.match.game.state.occupied == {other: 0}
    assert messages[-1] == session.why_not(PlaceWorker(second))
    assert "already been used by Anna" in messages[-1]


def test_undo_returns_the_worker(qtbot):
    session, scene, _view = _board(qtbot)
    assert session.try_apply(PlaceWorker("summer.woodcutter"))
    assert session.undo()
    assert session.match.game.state.occupied == {}
    assert scene.next_worker().player == 0


def test_the_game_board_is_a_game_scene_whose_worker_is_a_drag_piece(qtbot):
    """Issue 17 (one scene design): the game board has no mouse handling of its own; its Worker
    is dragged like every piece of the other boards, and it says where a move is made."""
    from arle.engine.interpreter.moves import AdvanceTool
    from arle.gui.boards.pieces import DragPiece
    from arle.gui.boards.scene import GameScene

    session, scene, view = _board(qtbot)
    assert isinstance(scene, GameScene)
    for handler in ("mousePressEvent", "mouseMoveEvent", "mouseReleaseEvent"):
        assert getattr(BoardScene, handler) is getattr(GameScene, handler)
    token = scene.next_worker()
    assert isinstance(token, DragPiece)
    move = PlaceWorker("summer.clay_worker")
    assert {c.move for c in token.spec.candidates()} == set(session.match.legal_of(PlaceWorker))
    assert scene.source_pos(move) == token.scenePos()
    card = scene.spaces["summer.clay_worker"]
    assert scene.target_pos(move) == card.rect.topLeft() + card.worker_rect().center()  # the spot
    assert scene.target_pos(AdvanceTool(next(iter(scene.tools)))) is not None
    _drag(view, scene.source_pos(move), scene.target_pos(move))
    assert session.match.game.state.occupied == {"summer.clay_worker": 0}


def test_a_tool_step_is_marked_on_the_cell_the_indicator_moves_to(qtbot):
    """Issue 50 item 15: the Hint's ring for advancing a tool sat on the track's middle cell ("4"
    with the Fish Traps moving to 5); it sits on the cell after the actor's indicator."""
    from arle.engine.interpreter.moves import AdvanceTool

    session, scene, _view = _board(qtbot)
    for tool, track in scene.tools.items():
        at = session.match.game.state.players[session.match.game.actor].tools[tool]
        pos = scene.target_pos(AdvanceTool(tool))
        assert pos is not None
        cell = track.cell_rect(at + 1).translated(track.rect.topLeft())
        assert cell.contains(pos), tool
