"""A Hint's reason names what the move itself brings (issue 30, item 5): read from the position
right after the move, never the gain of a later step of the action."""

from __future__ import annotations

from arle.ai import hint, reason_text
from arle.ai.reasons import Reason, move_reason, reason_for
from arle.engine import Choose, Game, Good, PlaceWorker, Setup


def _colonist() -> Game:
    """The guided first game's case: a Worker on the Colonist, Take 1 Horse and/or dehydrate."""
    g = Game(Setup(players=1, seed=1, building_set="first_game"))
    g.apply(PlaceWorker("summer.colonist"))
    return g


def test_taking_the_horse_claims_the_horse_not_the_moors_points():
    """Before issue 30 the Hint said "Take 1 Horse. Why: Scores 3 VP now", the 3 VP coming from
    dehydrating the Moor, the next step."""
    g = _colonist()
    move, reason = hint(g)
    assert move == Choose("horse")
    assert reason == Reason("ai.reason.goods", {"goods": "1 Horse", "gained": (("horse", 1),)})
    assert reason_text(reason) == "Gains 1 Horse for later."


def test_a_placement_whose_gain_comes_later_says_so_and_claims_no_points():
    g = Game(Setup(players=1, seed=1, building_set="first_game"))
    reason = move_reason(g, PlaceWorker("summer.colonist"), 0, later=True)
    assert reason_text(reason) == "Its gain comes in the next steps of this action."
    assert move_reason(g, PlaceWorker("summer.colonist"), 0).id == "ai.reason.position"


def test_points_are_claimed_only_when_the_position_right_after_has_them():
    g = _colonist()
    g.apply(Choose("horse"))
    before = g.copy()
    while g.decision is not None and g.state.players[0].moors[0].dehydrated is False:
        g.apply(g.decision_moves()[0])
        if g.score(0).total != before.score(0).total:
            break
    gained = g.score(0).total - before.score(0).total
    assert gained == 3  # dehydrating a Moor: 3 VP on the home board, at the step that does it
    assert reason_for(before, g, 0) == Reason("ai.reason.points", {"points": "3", "category": "home board"})


def test_a_building_made_affordable_is_named_before_the_goods_that_pay_it():
    """Grain 0 -> 1 with Wood held: the light green buildings (1 Grain and 1 material) become
    affordable; the first one dealt is named, not the Grain."""
    g = Game(Setup(players=1, seed=1, building_set="first_game"))
    g.state.players[0].goods[Good.GRAIN] = 0
    before = g.copy()
    g.state.players[0].goods[Good.GRAIN] = 1
    reason = reason_for(before, g, 0)
    assert reason == Reason("ai.reason.building", {"building": "farmers_house"})
    assert reason_text(reason) == "Makes Farmer's House affordable."
    assert reason_for(g, before, 0) == Reason("ai.reason.position", {})
