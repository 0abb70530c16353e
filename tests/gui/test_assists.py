"""Issue 13, the play settings that send moves for the player: "cut all Peat at once" (one gesture
cuts every Peat the action allows) and "pay automatically" (only when the ways to pay differ in
Timber for Wood or Brick for Clay alone: rulebook p. 6, "you can always pay Timber instead of Wood
and Brick instead of Clay"). Neither acts after an undo."""

from __future__ import annotations

from arle.engine.content.goods import Good
from arle.engine.interpreter.moves import CutPeat, Pay
from arle.engine.interpreter.steps import CutPeatDecision, CutPeatStep, PayCost, PayDecision
from arle.engine.rules import homeboard as H
from arle.engine.rules.payments import Choice, Cost, cost
from arle.gui.assists import Assists, safe_payment
from tests.gui.scene_helpers import drag, make_session, run_steps
from tests.gui.test_home_scene import board


def rebase(session) -> None:
    """Make the position set up by ``run_steps`` the start of the history, so undo returns to it
    (undo rebuilds from snapshots, which know nothing of a position edited by hand)."""
    session.match.history._snapshots = {0: session.match.game.copy()}


def cutting(qtbot, n: int, *, cut_all: bool):
    session = make_session()
    run_steps(session, 0, [CutPeatStep(f"fixed:{n}")])
    rebase(session)
    Assists(session, cut_all_peat=cut_all)
    scene, view = board(qtbot, session)
    return session, scene, view


def test_one_gesture_cuts_every_peat_the_action_allows(qtbot):
    session, scene, view = cutting(qtbot, 3, cut_all=True)
    p = session.match.game.state.players[0]
    boardwalk = H.get_moor(p, 3)
    assert (boardwalk.peat, p.goods[Good.PEAT]) == (4, 3)
    cut = CutPeat(3)
    drag(view, scene.source_pos(cut), scene.target_pos(cut))
    assert (boardwalk.peat, p.goods[Good.PEAT]) == (1, 6)
    assert not isinstance(session.match.game.decision, CutPeatDecision)
    assert session.match.history.moves == [cut] * 3  # ordinary moves: undo takes them back one by one


def test_without_the_setting_a_gesture_cuts_one_peat(qtbot):
    session, scene, view = cutting(qtbot, 3, cut_all=False)
    cut = CutPeat(3)
    drag(view, scene.source_pos(cut), scene.target_pos(cut))
    assert session.match.history.moves == [cut]
    assert isinstance(session.match.game.decision, CutPeatDecision)


def test_undo_after_cutting_all_does_not_cut_again(qtbot):
    session, _scene, _view = cutting(qtbot, 3, cut_all=True)
    assert session.try_apply(CutPeat(3))
    assert len(session.match.history.moves) == 3
    assert session.undo()
    assert len(session.match.history.moves) == 2 and isinstance(session.match.game.decision, CutPeatDecision)


def paying(pay: Cost, *, auto: bool, **goods: int):
    """A Peat cut (the player's move) followed by a payment with ``goods`` in the supply."""
    session = make_session()
    p = session.match.game.state.players[0]
    for g, n in goods.items():
        p.goods[Good(g)] = n
    run_steps(session, 0, [CutPeatStep("fixed:1"), PayCost(pay)])
    rebase(session)
    Assists(session, auto_pay=auto)
    assert session.try_apply(CutPeat(3))
    return session, p


def test_wood_or_timber_is_paid_with_wood_automatically():
    session, p = paying(cost(wood=2), auto=True, wood=1, timber=3)
    assert not isinstance(session.match.game.decision, PayDecision)
    paid = session.match.history.moves[-1]
    assert isinstance(paid, Pay) and dict(paid.goods) == {Good.WOOD: 1, Good.TIMBER: 1}
    assert (p.goods[Good.WOOD], p.goods[Good.TIMBER]) == (0, 2)


def test_a_real_choice_of_payment_is_left_to_the_player():
    grain_or_flax = Cost(choices=(Choice((((Good.GRAIN, 1),), ((Good.FLAX, 1),))),))
    session, _p = paying(grain_or_flax, auto=True, grain=2, flax=2)
    assert isinstance(session.match.game.decision, PayDecision)
    assert safe_payment(session.match.game) is None


def test_without_the_setting_every_payment_is_asked():
    session, _p = paying(cost(wood=1), auto=False, wood=2, timber=2)
    assert isinstance(session.match.game.decision, PayDecision)
    assert safe_payment(session.match.game) == Pay(((Good.WOOD, 1),))


def test_a_payment_taken_back_is_not_paid_again():
    session, _p = paying(cost(clay=1), auto=True, clay=2, brick=2)
    assert session.match.history.moves[-1] == Pay(((Good.CLAY, 1),))
    assert session.undo()
    assert isinstance(session.match.game.decision, PayDecision)
