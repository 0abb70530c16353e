"""Pieces glide to their new places (issue 13 "Feels like a game"): a moved Animal hops, a
Worker goes to its space; an undo in the middle leaves every piece where the state says; the
``animations`` setting turns it off."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsScene

from arle.engine import Animal, MoveAnimal, PlaceWorker
from arle.gui.boards import motion
from arle.gui.boards.board_items import WorkerGhost
from arle.gui.boards.board_scene import BoardScene
from arle.gui.boards.home_scene import HomeBoardScene
from arle.gui.boards.pieces import PieceItem
from tests.gui.scene_helpers import drag, make_session, show

HORSE = Animal.HORSE


def _moving(scene) -> list:
    return [item for _anim, item, _end in scene.motions._running]


def test_a_played_move_makes_the_animal_hop_and_it_lands_where_the_state_says(qtbot):
    motion.set_speed("on")
    session = make_session()
    scene = HomeBoardScene(session, 0)
    show(qtbot, scene, 800, 900)
    start = scene.source_pos(MoveAnimal(HORSE, "s4,0", "s4,1"))
    assert session.try_apply(MoveAnimal(HORSE, "s4,0", "s4,1"))
    scene.ensure_fresh()
    moving = _moving(scene)
    assert len(moving) == 1, "only the Horse changed place"
    horse = moving[0]
    # it starts where it was, not where it goes
    centre = horse.mapToScene(horse.boundingRect().center())
    assert (centre - start).manhattanLength() < 2
    qtbot.waitUntil(lambda: not scene.motions.active, timeout=2000)
    assert horse.pos() == QPointF(0, 0)
    assert session.match.game.state.players[0].animals == {"s4,1": {HORSE: 1}}


def test_undo_mid_animation_leaves_every_piece_in_place(qtbot):
    motion.set_speed("on")
    session = make_session()
    scene = HomeBoardScene(session, 0)
    show(qtbot, scene, 800, 900)
    session.try_apply(MoveAnimal(HORSE, "s4,0", "s4,1"))
    scene.ensure_fresh()
    assert scene.motions.active
    session.undo()
    scene.ensure_fresh()
    assert not scene.motions.active
    pieces = [item for _, item in scene._pieces()]
    assert pieces and all(p.pos() == QPointF(0, 0) for p in pieces)
    at_home = scene.source_pos(MoveAnimal(HORSE, "s4,0", "s4,1"))
    assert any(isinstance(i, PieceItem) and i.rect.contains(at_home) for i in scene.items_now(at_home))


def test_a_dropped_piece_glides_from_where_it_was_let_go(qtbot):
    motion.set_speed("on")
    session = make_session()
    scene = HomeBoardScene(session, 0)
    view = show(qtbot, scene, 800, 900)
    move = MoveAnimal(HORSE, "s4,0", "s4,1")
    target = scene.target_pos(move)
    drag(view, scene.source_pos(move), target)
    assert session.match.game.state.players[0].animals == {"s4,1": {HORSE: 1}}
    horse = _moving(scene)[0]
    centre = horse.mapToScene(horse.boundingRect().center())
    assert (centre - target).manhattanLength() < 30, "from the drop point, not from its old place"


def test_animations_off_draws_the_new_place_at_once(qtbot):
    motion.set_speed("off")
    try:
        session = make_session()
        scene = HomeBoardScene(session, 0)
        show(qtbot, scene, 800, 900)
        session.try_apply(MoveAnimal(HORSE, "s4,0", "s4,1"))
        scene.ensure_fresh()
        assert not scene.motions.active
    finally:
        motion.set_speed("on")


def test_a_worker_placed_by_a_click_or_the_computer_goes_to_its_space(qtbot):
    motion.set_speed("fast")
    try:
        session = make_session()
        scene = BoardScene(session)
        show(qtbot, scene, 1200, 800)
        move = next(m for m in session.match.legal_moves() if isinstance(m, PlaceWorker))
        assert session.try_apply(move)
        scene.ensure_fresh()  # (what the window does after the move's handlers)
        ghosts = [i for i in _moving(scene) if isinstance(i, WorkerGhost)]
        assert len(ghosts) == 1
        # Qt asks the items under the mouse (the cursor after a drop): the Worker on its way among
        # them. (Its colour's shape once shadowed QGraphicsItem.shape(): a segfault at every drop.)
        at = ghosts[0].mapToScene(ghosts[0].boundingRect().center())
        assert ghosts[0] in QGraphicsScene.items(scene, at)  # (not GameScene.items: it ends the glide)
        assert ghosts[0].shape().contains(ghosts[0].boundingRect().center())
        qtbot.waitUntil(lambda: not scene.motions.active, timeout=2000)
        assert ghosts[0].scene() is None, "the Worker on its way is gone once it lands"
        assert not any(isinstance(i, WorkerGhost) for i in scene.items_now())
    finally:
        motion.set_speed("on")


def test_a_snapshot_keeps_its_pieces_alive(qtbot) -> None:
    """A piece a rebuild took away must not be freed while the snapshot of the pieces before
    the rebuild is compared with the new ones: a new piece given the freed piece's id counted
    as kept and did not glide (issue 15: which pieces glided depended on when Python's
    collector last ran)."""
    import weakref

    from PySide6.QtCore import QRectF

    item = PieceItem(None, QRectF(0, 0, 30, 30), text="3")
    gone = weakref.ref(item)
    snapshot = motion.Snapshot([(("piece", "3"), item)])
    del item
    assert gone() is not None
    assert snapshot.pairs([]) == []
