""""Place here anyway?" (issue 13): a Worker dragged or clicked onto a space that would give its
player nothing (``does_nothing``; rulebook pp. 12-13, every part of an action is optional) is
confirmed first; Cancel leaves the game as it was, "Place anyway" places it; a useful space asks
nothing."""

from __future__ import annotations

from PySide6.QtCore import QTimer

from arle.engine import Good, PlaceWorker, does_nothing
from arle.gui.boards import confirm
from arle.gui.boards.board_scene import BoardScene
from arle.gui.boards.board_view import BoardView
from tests.gui.scene_helpers import click, drag, make_session, refresh

USELESS = "summer.woolen_weaver"  # with no Wool (rulebook p. 12: Wool into Woolen)


def _board(qtbot):
    session = make_session()
    p = session.match.game.state.players[0]
    p.goods[Good.WOOL] = 0
    refresh(session)
    scene = BoardScene(session)
    view = BoardView(scene)
    qtbot.addWidget(view)
    view.resize(1500, 900)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    return session, scene, view


def _answer_later(accept: bool, seen: list[bool]) -> None:
    """Answer the dialog once it is open (it runs its own event loop)."""
    def run() -> None:
        seen.append(confirm.answer(accept))
    QTimer.singleShot(50, run)


def _drop_worker(scene, view, space: str) -> None:
    token = scene.next_worker()
    drag(view, token.scenePos(), scene.spaces[space].sceneBoundingRect().center())


def test_cancel_leaves_the_state_unchanged(qtbot):
    session, scene, view = _board(qtbot)
    assert does_nothing(session.match.game, PlaceWorker(USELESS)) is not None
    before, moves = session.match.game.copy(), list(session.match.history.moves)
    seen: list[bool] = []
    _answer_later(False, seen)
    _drop_worker(scene, view, USELESS)
    assert seen == [True]  # the dialog was open and was answered
    assert session.match.history.moves == moves and session.match.game.state == before.state
    assert scene.next_worker() is not None  # the Worker is back on the month track


def test_place_anyway_places_it(qtbot):
    session, scene, view = _board(qtbot)
    seen: list[bool] = []
    _answer_later(True, seen)
    _drop_worker(scene, view, USELESS)
    assert seen == [True]
    assert session.match.history.moves == [PlaceWorker(USELESS)]


def test_a_click_on_a_useless_space_asks_too(qtbot):
    session, scene, view = _board(qtbot)
    seen: list[bool] = []
    _answer_later(False, seen)
    click(view, scene.spaces[USELESS].sceneBoundingRect().center())
    assert seen == [True] and session.match.history.moves == []


def test_a_useful_space_asks_nothing(qtbot):
    session, scene, view = _board(qtbot)
    seen: list[bool] = []
    _answer_later(False, seen)  # would cancel, if anything asked
    _drop_worker(scene, view, "summer.clay_worker")
    qtbot.wait(100)
    assert seen == [False]  # no dialog was open
    assert session.match.history.moves == [PlaceWorker("summer.clay_worker")]
