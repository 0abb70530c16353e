"""The Home Board scene: real mouse drags on a QGraphicsView end in exactly one engine move.

Layout and Dike rules: RULES-DECISIONS.md "Home Board landscape" and "Dikes"; Animal holders:
rulebook p. 9 (Dike 1 of any type, empty land 2 of one type, Stall 3 of one type)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from arle.commands.driver import press, release
from arle.engine.content.goods import Animal, Good
from arle.engine.interpreter.moves import CutPeat, Flip, MoveAnimal, MoveDike, PlaceTile, ReleaseAnimal
from arle.engine.interpreter.steps import (
    CutPeatDecision,
    CutPeatStep,
    Dehydrate,
    DikeStep,
    Gain,
    HouseAnimalsDecision,
    PlaceNewTile,
)
from arle.engine.rules import homeboard as H
from arle.gui.boards import home_layout as HL
from arle.gui.boards.home_scene import HomeBoardScene
from arle.gui.boards.pieces import DragPiece
from tests.gui.scene_helpers import Messages, _move, _vp, click, drag, make_session, refresh, run_steps, show

S, C, HORSE = Animal.SHEEP, Animal.CATTLE, Animal.HORSE


def board(qtbot, session, player=0):
    scene = HomeBoardScene(session, player)
    view = show(qtbot, scene, 800, 900)
    return scene, view


def test_dike_drag_moves_a_bottom_dike_and_frees_the_tidal_row(qtbot):
    """RULES-DECISIONS "Dikes": the 1st Dike (from gap 0 into the free place of gap 1) completes
    gap 1, and the Tidal row below it (row 2) becomes land: 3 more land spaces."""
    session = make_session()
    run_steps(session, 0, [DikeStep()])
    scene, view = board(qtbot, session)
    p = session.match.game.state.players[0]
    assert len(H.land_spaces(p)) == 12
    move = MoveDike(0, "1,2")
    assert move in session.match.legal_moves()
    drag(view, scene.source_pos(move), scene.target_pos(move))
    assert p.dikes[0] == (1, 2)
    assert H.first_land_row(p) == 2
    assert len(H.land_spaces(p)) == 15
    # The freed row is drawn as empty land now.
    tips = {i.toolTip() for i in scene.items_now(HL.cell_rect(2, 1).center())}
    assert any(t.startswith("Empty land") for t in tips)


def test_a_dike_carrying_an_animal_is_grabbed_anywhere_while_dikes_are_moved(qtbot):
    """Issue 43: the Animal on a Dike took the press, and the Dike could be grabbed only at its
    ends. While the decision asks to move that Dike, a press on its Animal grabs the Dike (the
    Animal rides along, RULES-DECISIONS "Dikes"); otherwise the Animal is dragged as before."""
    session = make_session()
    p = session.match.game.state.players[0]
    p.animals["d0"] = {S: 1}
    run_steps(session, 0, [DikeStep()])
    session.match._legal = None
    scene, view = board(qtbot, session)
    move = MoveDike(0, "1,2")
    assert move in session.match.legal_moves()
    (_animal, sheep), = scene.animal_token_rects("d0")
    assert HL.gap_rect(*p.dikes[0]).contains(sheep.center())
    drag(view, sheep.center(), scene.target_pos(move))
    assert p.dikes[0] == (1, 2) and p.animals["d0"] == {S: 1}


def test_a_dike_dropped_on_a_wrong_gap_snaps_back_with_a_reason(qtbot):
    """Only the lowest gap above the Dike Line with room takes the Dike: gap 2 is refused."""
    session = make_session()
    run_steps(session, 0, [DikeStep()])
    scene, view = board(qtbot, session)
    messages = Messages(session)
    p = session.match.game.state.players[0]
    before = list(p.dikes)
    drag(view, HL.gap_rect(0, 0).center(), HL.gap_rect(2, 0).center())
    assert p.dikes == before
    # The engine's reason for the move the drop asks for, naming the gap that takes the Dike.
    assert messages.texts[-1] == session.why_not(MoveDike(p.dikes.index((0, 0)), "2,0"))
    assert "free place above row 3: the lowest" in messages.texts[-1]  # (the board numbers rows)
    dike = next(i for i in scene.items_now(HL.gap_rect(0, 0).center()) if isinstance(i, DragPiece))
    assert dike.pos() == QPointF(0, 0)


def test_dragging_a_dike_without_a_dike_action_is_refused(qtbot):
    session = make_session()
    _scene, view = board(qtbot, session)
    messages = Messages(session)
    drag(view, HL.gap_rect(0, 1).center(), HL.gap_rect(1, 2).center())
    assert session.match.game.state.players[0].dikes[1] == (0, 1)
    assert "+1 Dike" in messages.texts[-1]
    # Dropped on no gap at all: still the engine's reason, not a view's own words.
    drag(view, HL.gap_rect(0, 1).center(), HL.cell_rect(5, 0).center())
    assert messages.texts[-1] == session.why_not(MoveDike(1, "0,1"))


def test_dragging_peat_without_a_peat_action_gives_the_engines_reason(qtbot):
    """Rulebook p. 9: Peat is cut only when an action lets you; the refused drag shows the
    engine's reason (it names the Peat actions and what the player is deciding)."""
    session = make_session()
    p = session.match.game.state.players[0]
    scene, view = board(qtbot, session)
    messages = Messages(session)
    cut = CutPeat(3)
    drag(view, scene.source_pos(cut), scene.target_pos(cut))
    assert H.get_moor(p, 3).peat == 4
    assert messages.texts[-1] == session.why_not(cut)
    assert "Peat Cutter" in messages.texts[-1]


def test_animal_drag_shows_capacity_and_moves_the_horse_to_a_pasture(qtbot):
    """Rulebook p. 9: empty land holds 2 Animals of one type; the target shows "0/2" while
    dragging, and the drop is one MoveAnimal."""
    session = make_session()
    scene, view = board(qtbot, session)
    p = session.match.game.state.players[0]
    assert p.animals == {"s4,0": {HORSE: 1}}
    move = MoveAnimal(HORSE, "s4,0", "s4,1")
    assert move in session.match.legal_moves()
    src = scene.source_pos(move)
    # Mid-drag: the legal targets light up with their capacity.
    a = _vp(view, src)
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    _move(view, a + QPoint(20, 0))
    labels = {item.candidate.move: item.candidate.label for item in scene.drag.items}
    assert labels[move] == "0/2"
    assert labels[MoveAnimal(HORSE, "s4,0", "d0")] == "0/1"
    assert labels[ReleaseAnimal(HORSE, "s4,0")] == ""
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    assert p.animals == {"s4,0": {HORSE: 1}}  # dropped back where it was: nothing happens
    drag(view, src, scene.target_pos(move))
    assert p.animals == {"s4,1": {HORSE: 1}}


def test_cattle_refused_in_a_stall_of_horses_and_released_on_release(qtbot):
    """Rulebook p. 9: a Stall holds Animals of one type only; releasing returns one Animal."""
    session = make_session()
    p = session.match.game.state.players[0]
    p.animals["s4,1"] = {C: 2}
    refresh(session)
    scene, view = board(qtbot, session)
    messages = Messages(session)
    src = scene.source_pos(MoveAnimal(C, "s4,1", "d0"))
    drag(view, src, HL.cell_rect(4, 0).center())
    assert p.animals["s4,1"] == {C: 2}
    assert "different types" in messages.texts[-1]
    drag(view, scene.source_pos(ReleaseAnimal(C, "s4,1")), scene.target_pos(ReleaseAnimal(C, "s4,1")))
    assert p.animals["s4,1"] == {C: 1}


def test_animals_without_a_place_wait_and_are_placed_or_released_by_drag(qtbot):
    """10 Sheep: 2 pastures take 4, the 5 Dikes 5; the 10th waits in "x" until the player
    releases it (or makes room)."""
    session = make_session()
    run_steps(session, 0, [Gain(animals=((S, 10),))])
    scene, view = board(qtbot, session)
    p = session.match.game.state.players[0]
    assert p.animals["x"] == {S: 1}
    assert isinstance(session.match.game.decision, HouseAnimalsDecision)
    # Make room: a Sheep from a Dike into the waiting area is not an option, but the waiting
    # Sheep may be released by dragging it onto Release.
    release = ReleaseAnimal(S, "x")
    assert release in session.match.legal_moves()
    drag(view, scene.source_pos(release), scene.target_pos(release))
    assert "x" not in p.animals
    assert sum(h.get(S, 0) for h in p.animals.values()) == 9


def test_tile_drag_from_the_tray_places_a_forest(qtbot):
    """A tile goes on an empty land space; the Forest stack of the supply board shrinks."""
    session = make_session()
    run_steps(session, 0, [PlaceNewTile("forest")])
    scene, view = board(qtbot, session)
    p = session.match.game.state.players[0]
    before = session.match.game.state.supply["forest_park"]
    messages = Messages(session)
    # A tile on a Moor is refused.
    drag(view, scene.source_pos(PlaceTile("4,1")), HL.cell_rect(5, 1).center())
    assert messages.texts[-1] == session.why_not(PlaceTile("5,1"))
    assert "Moor" in messages.texts[-1] and "empty land space" in messages.texts[-1]
    # A tile on a tile names the tile there (rulebook p. 8).
    taken = next(f"{r},{c}" for r, c in p.tiles)
    drag(view, scene.source_pos(PlaceTile("4,1")), scene.target_pos(PlaceTile(taken)))
    assert messages.texts[-1] == session.why_not(PlaceTile(taken))
    assert "already holds" in messages.texts[-1]
    drag(view, scene.source_pos(PlaceTile("4,1")), scene.target_pos(PlaceTile("4,1")))
    assert p.tiles[(4, 1)] == "forest"
    assert session.match.game.state.supply["forest_park"] == before - 1


def test_cutting_peat_by_drag_and_by_click(qtbot):
    """Cut Peat (2 allowed): each cut takes 1 Peat off the Small Boardwalk into the supply."""
    session = make_session()
    run_steps(session, 0, [CutPeatStep("fixed:2")])
    scene, view = board(qtbot, session)
    p = session.match.game.state.players[0]
    boardwalk = H.get_moor(p, 3)
    assert (boardwalk.peat, p.goods[Good.PEAT]) == (4, 3)
    cut = CutPeat(3)
    drag(view, scene.source_pos(cut), scene.target_pos(cut))
    assert (boardwalk.peat, p.goods[Good.PEAT]) == (3, 4)
    click(view, scene.source_pos(cut))
    assert (boardwalk.peat, p.goods[Good.PEAT]) == (2, 5)
    assert not isinstance(session.match.game.decision, CutPeatDecision)


def test_a_peat_let_go_back_on_its_own_moor_is_not_cut_and_snaps_back(qtbot):
    """Issue 44 item 2: a Peat dragged past the threshold and let go on its own Moor makes no
    move (the drop-anywhere cut is for a drop off the Moor): the counts stay, the piece is back
    where it rested, and nothing is said (the player let go of it, nothing was refused)."""
    session = make_session()
    run_steps(session, 0, [CutPeatStep("fixed:2")])
    scene, view = board(qtbot, session)
    messages = Messages(session)
    p = session.match.game.state.players[0]
    boardwalk = H.get_moor(p, 3)
    cut = CutPeat(3)
    start = scene.source_pos(cut)
    piece = next(i for i in scene.items_now(start) if isinstance(i, DragPiece))
    rest = piece.pos()
    moor = HL.moor_rect(boardwalk)
    vp = view.viewport()
    press(vp, _vp(view, start))
    for point in (start + QPointF(0, -12), QPointF(moor.center().x(), moor.top() + 8), start + QPointF(4, 0)):
        _move(view, _vp(view, point))  # out past the threshold, over the Moor's name, back
    assert moor.contains(start + QPointF(4, 0))
    release(vp, _vp(view, start + QPointF(4, 0)))
    QApplication.processEvents()
    assert (boardwalk.peat, p.goods[Good.PEAT]) == (4, 3)
    assert piece.pos() == rest and not scene.drag.active
    assert messages.texts == []
    drag(view, start, scene.target_pos(cut))  # a drop off the Moor still cuts
    assert (boardwalk.peat, p.goods[Good.PEAT]) == (3, 4)


def test_clicking_a_moor_dehydrates_it(qtbot):
    """Dehydrating flips a Moor and puts 4 Peat on it (rulebook p. 9)."""
    session = make_session()
    run_steps(session, 0, [Dehydrate()])
    scene, view = board(qtbot, session)
    p = session.match.game.state.players[0]
    click(view, scene.target_pos(Flip("m1")))
    m = H.get_moor(p, 1)
    assert m.dehydrated and m.peat == 4


def _render(scene: HomeBoardScene) -> QImage:
    """The scene painted at scale 1: a scene point is the pixel at it minus the rect's origin."""
    scene.ensure_fresh()
    rect = scene.sceneRect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(image.rect()), rect)
    painter.end()
    return image


def _pixels(image: QImage, scene: HomeBoardScene, area: QRectF) -> list[int]:
    """The colours inside ``area`` (scene coordinates), every other pixel."""
    r = area.translated(-scene.sceneRect().topLeft()).toAlignedRect() & image.rect()
    return [image.pixel(x, y) for y in range(r.top(), r.bottom() + 1, 2)
            for x in range(r.left(), r.right() + 1, 2)]


def test_home_board_renders_mid_game_animals_and_tiles_where_the_state_has_them(qtbot, tmp_path):
    """A Home Board with Animals on Dikes and pastures (rulebook p. 9 holders), a Stable, a
    building, travel and full Food: every Animal is drawn as a token on its holder and each tile
    on its space (taking them away changes exactly those pixels)."""
    session = make_session(buildings=("farmers_house",))
    p = session.match.game.state.players[0]
    p.dikes[:] = [(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)]  # the 1st Dike built: row 2 is land
    p.animals.update({"d3": {S: 1}, "s2,1": {C: 2}, "s4,1": {S: 2}})
    p.tiles[(2, 0)] = "stable"
    p.animals["s2,0"] = {S: 5}
    p.tiles[(3, 2)] = "farmers_house"
    p.goods[Good.FOOD] = 22
    p.travel = ["bremen", "hage"]
    refresh(session)
    scene, view = board(qtbot, session)
    out = os.environ.get("ARLE_SHOTS")
    path = (tmp_path if not out else Path(out)) / "home_board.png"
    assert view.grab().save(str(path))
    full = _render(scene)
    tokens = {h: [r for _, r in scene.animal_token_rects(h)] for h in ("d3", "s2,1", "s4,1", "s2,0")}
    assert {h: len(rects) for h, rects in tokens.items()} == {"d3": 1, "s2,1": 2, "s4,1": 2, "s2,0": 5}
    p.animals = {}
    refresh(session)
    no_animals = _render(scene)
    for holder, rects in tokens.items():
        for rect in rects:
            assert _pixels(full, scene, rect) != _pixels(no_animals, scene, rect), holder
    tiles = [HL.cell_rect(2, 0), HL.cell_rect(3, 2)]
    del p.tiles[(2, 0)], p.tiles[(3, 2)]
    refresh(session)
    no_tiles = _render(scene)
    for rect in tiles:
        assert _pixels(no_animals, scene, rect) != _pixels(no_tiles, scene, rect)
    assert _pixels(no_animals, scene, HL.cell_rect(4, 0)) == _pixels(no_tiles, scene, HL.cell_rect(4, 0))


def test_an_animal_dropped_on_a_full_stall_hears_the_engines_reason(qtbot):
    """Rulebook p. 9 (a Stall holds 3 Animals of one type); issue 17: the refusal is the engine's
    (``Game.why_not``), which names the kind of place ("That place is full" before)."""
    session = make_session()
    p = session.match.game.state.players[0]
    p.tiles[(4, 0)] = "stall"
    p.animals["s4,0"] = {HORSE: 3}
    p.animals["s4,1"] = {HORSE: 1}
    refresh(session)
    scene, view = board(qtbot, session)
    messages = Messages(session)
    drag(view, scene.source_pos(MoveAnimal(HORSE, "s4,1", "d0")), HL.cell_rect(4, 0).center())
    assert p.animals["s4,1"] == {HORSE: 1}
    assert messages.texts[-1] == session.why_not(MoveAnimal(HORSE, "s4,1", "s4,0"))
    assert "That Stall is full: it holds 3" in messages.texts[-1]


def test_rows_and_columns_carry_the_labels_the_log_uses(qtbot):
    """Issue 13: the log says "row 5, column 2" (``style.holder_text``); the board shows each
    row's number beside it and each column's name above it."""
    from PySide6.QtWidgets import QGraphicsTextItem

    from arle.gui.boards.scene import SceneText
    from arle.gui.kit import style

    session = make_session(players=1)
    scene = HomeBoardScene(session, 0)
    items = [i for i in scene.items_now() if isinstance(i, (QGraphicsTextItem, SceneText))]
    texts = {i.toPlainText(): i for i in items}
    for c in range(H.COLS):
        label = texts[f"column {c + 1}"]
        cell = HL.cell_rect(0, c)
        assert cell.left() <= label.sceneBoundingRect().center().x() <= cell.right()
    for r in range(H.ROWS):
        label = next(i for i in items if i.toPlainText() == str(r + 1) and i.toolTip() == f"row {r + 1}")
        cell = HL.cell_rect(r, 0)
        assert cell.top() <= label.sceneBoundingRect().center().y() <= cell.bottom()
        assert label.sceneBoundingRect().right() <= cell.left()
        assert style.holder_text(f"s{r},0") == f"row {r + 1}, column 1"


def test_the_peat_cutter_names_one_thing_one_way_on_the_board_in_the_prompt_and_the_log(qtbot):
    """Issue 31: the prompt said "Drag Peat off a Moor tile", the Peat sat on a tile labelled
    "Boardwalk", the three "Moor" tiles showed none, and the log said "Moor 4". The starting
    Peat is on the Small Boardwalk (a dehydrated Moor with 4 Peat): named so everywhere."""
    from PySide6.QtWidgets import QGraphicsTextItem

    from arle.gui.boards.scene import SceneText
    from arle.gui.kit import style
    from arle.gui.side.panels import drag_hint

    session = make_session()
    run_steps(session, 0, [CutPeatStep("fixed:2")])
    scene = HomeBoardScene(session, 0)
    texts = {i.toPlainText() for i in scene.items_now() if isinstance(i, (QGraphicsTextItem, SceneText))}
    assert {"Small Boardwalk", "Moor 1", "Moor 2", "Moor 3"} <= texts and "Boardwalk" not in texts
    # (issue 43: the peat box said "off a Moor" while the Peat sat on the Small Boardwalk)
    hint = "Cut Peat: drag Peat off the Small Boardwalk or a dehydrated Moor"
    assert any(t.startswith(hint) for t in texts)
    cut = CutPeat(3)
    assert style.move_label(session.match.game, cut) == "Cut 1 Peat from Small Boardwalk"
    assert "Drag Peat off the Small Boardwalk" in drag_hint(session)



def test_only_a_persons_board_says_your_turn(qtbot):
    """Issue 43: the computer's Home Board said "your turn" while it thought. A person's board
    says so on their turn, the computer's says it is the computer's turn."""
    from arle.engine import Setup
    from arle.gui.session import GameSession
    from arle.match.history import GameHistory

    session = GameSession(GameHistory(Setup(players=2, seed=1, names=("Anna", "Bot"), start_player=1),
                                      seats=("person", "easy")))
    texts = {}
    for player in (0, 1):
        scene, _view = board(qtbot, session, player)
        texts[player] = " ".join(i.toPlainText() for i in scene.items() if hasattr(i, "toPlainText"))
    assert session.match.game.actor == 1
    assert "your turn" not in texts[1] and "the computer's turn" in texts[1]
    assert "your turn" not in texts[0]
    session.match.apply(session.match.legal_moves()[0])
    refresh(session)
    scene, _view = board(qtbot, session, 0)
    assert session.match.game.actor == 0
    assert "your turn" in " ".join(i.toPlainText() for i in scene.items() if hasattr(i, "toPlainText"))


class _Friend:
    """A friend's seat on another computer, as far as the window's words ask (issue 41)."""

    kind = "remote"
    local = False

    def choose(self, game, should_stop=None):  # pragma: no cover - never asked here
        raise AssertionError

    def inform(self, change) -> None:
        pass


def test_a_friends_seat_is_named_as_a_friend_not_as_a_computer(qtbot):
    """Issue 41: the friend's board said "the computer's turn", the coach "Ben (computer,
    remote) plays" and Statistics "(computer, remote)"; one naming of seats says them all."""
    from arle.engine import Setup
    from arle.gui.kit.level_words import seat_words
    from arle.gui.session import GameSession
    from arle.gui.side.game_page import GamePage
    from arle.match import Match, Person
    from arle.match.history import GameHistory

    history = GameHistory(Setup(players=2, seed=1, names=("Anna", "Ben"), start_player=1),
                          seats=("person", "remote"))
    session = GameSession(Match(history, seats=[Person(), _Friend()]))
    scene, _view = board(qtbot, session, 1)
    text = " ".join(i.toPlainText() for i in scene.items() if hasattr(i, "toPlainText"))
    assert "waiting for Ben" in text and "computer" not in text
    assert seat_words("Ben", "remote") == "Ben (on another computer)"
    assert seat_words("Ben", "hard") == "Ben (computer, Hard)" and seat_words("Ben", "person") == "Ben"
    page = GamePage(session)
    qtbot.addWidget(page)
    page.coach_bar.refresh()
    assert page.coach_bar.status.text() == "Waiting for Ben."
