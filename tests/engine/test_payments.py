"""Paying costs (rulebook p. 6: "regardless of the action you take, you can always pay Timber
instead of Wood and Brick instead of Clay"; p. 12 "Whenever you have to pay something, return it
to the general supply"): every way to pay is offered and the player chooses."""

from __future__ import annotations

from arle.engine.content.buildings import INN_COST, LARGE_COST, MINOR_CRAFT_COST, SMALL_HOUSE_COST
from arle.engine.content.goods import Animal, Good
from arle.engine.content.tiles import Equipment
from arle.engine.content.tools import Tool
from arle.engine.interpreter.moves import AdvanceTool, Pay
from arle.engine.rules.payments import Cost, can_afford, cost, payment_options
from tests.engine.helpers import (
    choose,
    game_in,
    have,
    keys,
    me,
    options,
    pay,
    payments,
    place,
    placeable,
    set_goods,
)

RICH = {g: 30 for g in Good}


def _ways(c: Cost, have: dict[Good, int] = RICH) -> list[dict[str, int]]:
    return [{g.value: n for g, n in b} for b in payment_options(c, have)]


def test_timber_pays_for_wood_every_split_offered_base_goods_first():
    """3 Wood may be paid 3 Wood, 2 Wood + 1 Timber, 1 + 2, or 3 Timber."""
    assert _ways(cost(wood=3)) == [
        {"wood": 3}, {"timber": 1, "wood": 2}, {"timber": 2, "wood": 1}, {"timber": 3},
    ]


def test_brick_pays_for_clay_but_not_the_other_way_round():
    assert _ways(cost(clay=1)) == [{"clay": 1}, {"brick": 1}]
    assert _ways(cost(brick=2)) == [{"brick": 2}]
    assert _ways(cost(timber=1)) == [{"timber": 1}]


def test_food_grain_and_other_goods_have_no_substitute():
    """↻6: Grain replaces Food only at the Wood Trader (a step of its own, not a payment way)."""
    assert _ways(cost(food=2)) == [{"food": 2}]
    assert _ways(cost(grain=1, food=1)) == [{"food": 1, "grain": 1}]


def test_only_affordable_ways_are_offered():
    have = {**{g: 0 for g in Good}, Good.WOOD: 1, Good.TIMBER: 1}
    assert _ways(cost(wood=2), have) == [{"timber": 1, "wood": 1}]
    assert _ways(cost(wood=3), have) == []


def test_small_house_any_one_building_material_and_1_grain():
    """↻2: "the first four Buildings at the top each cost any 1 Building Material and 1 Grain"."""
    ways = _ways(SMALL_HOUSE_COST)
    assert len(ways) == 4
    assert {frozenset(w.items()) for w in ways} == {
        frozenset({("grain", 1), (m, 1)}) for m in ("wood", "clay", "timber", "brick")
    }


def test_minor_craft_building_1_timber_and_1_brick():
    """↻2: "the next two Buildings each cost 1 Timber and 1 Brick"."""
    assert _ways(MINOR_CRAFT_COST) == [{"brick": 1, "timber": 1}]


def test_large_building_3_timber_3_bricks_15_food():
    """↻2: a Large Building "costs 3 Timber, 3 Bricks, and 15 Food"."""
    assert _ways(LARGE_COST) == [{"brick": 3, "food": 15, "timber": 3}]


def test_inn_two_different_building_materials_and_9_food_with_substitutes():
    """↻2: Inns cost "2 different Building Materials (e.g. 1 Wood and 1 Timber) and 9 Food"; the
    Wood of "Wood and Timber" may be paid with a Timber (p. 6 "always"), so 2 Timber and 2 Bricks
    are ways too - every pair but 2 Wood and 2 Clay (RULES_NOTES "Paying with Timber and Brick")."""
    ways = {frozenset(w.items()) for w in _ways(INN_COST)}
    pairs = [("wood", "clay"), ("wood", "timber"), ("wood", "brick"), ("clay", "timber"),
             ("clay", "brick"), ("timber", "brick")]
    expected = {frozenset({("food", 9), (a, 1), (b, 1)}) for a, b in pairs}
    expected |= {frozenset({("food", 9), ("timber", 2)}), frozenset({("food", 9), ("brick", 2)})}
    assert ways == expected
    assert len(_ways(INN_COST)) == 8


def test_can_afford():
    have = {Good.WOOD: 2}
    assert can_afford(((Good.WOOD, 2),), have)
    assert not can_afford(((Good.WOOD, 3),), have)
    assert not can_afford(((Good.CLAY, 1),), have)


def test_the_player_chooses_among_every_way_in_a_game():
    """A Stall (2 Clay, 1 Grain) with 1 Clay and 2 Bricks: 1 Clay + 1 Brick or 2 Bricks."""
    g = game_in()
    p = me(g)
    set_goods(p, clay=1, brick=2)
    place(g, "summer.carpenter")
    assert payments(g) == [{"brick": 1, "clay": 1, "grain": 1}, {"brick": 2, "grain": 1}]
    assert all(isinstance(m, Pay) for m in options(g))
    pay(g, brick=1, clay=1, grain=1)
    assert have(p, "clay") == 0 and have(p, "brick") == 1


def test_a_single_way_is_paid_without_asking():
    g = game_in()
    p = me(g)
    set_goods(p, clay=0, brick=2)
    place(g, "summer.carpenter")  # 2 Bricks is the only way: paid at once, then placed
    assert not payments(g)
    assert have(p, "brick") == 0


def test_a_space_whose_up_front_cost_cannot_be_paid_is_not_offered():
    """Forester (1 Food) and Laborer (2 Food) need their Food first; the others have no up-front
    cost and stay open even when they would do nothing."""
    g = game_in()
    set_goods(me(g), food=1)
    g.refresh()
    spaces = placeable(g)
    assert "summer.forester" in spaces and "summer.laborer" not in spaces
    set_goods(me(g), food=0)
    g.refresh()
    spaces = placeable(g)
    assert "summer.forester" not in spaces and "summer.laborer" not in spaces
    assert "winter.laborer" not in spaces
    assert "winter.wood_trader" in spaces  # 1 Grain pays when there is no Food (↻6)
    assert len([s for s in spaces if s.startswith("summer.")]) == 13



def test_what_a_payment_buys_waits_until_it_is_paid_master():
    """↻5 "You pay for the movement": with 2 ways to pay a Workbench (Clay or Brick) the indicator
    moves only once the player has paid."""
    g = game_in()
    p = me(g)
    set_goods(p, brick=1)
    place(g, "summer.master")
    g.apply(AdvanceTool(Tool.WORKBENCH))
    assert p.tools[Tool.WORKBENCH] == 0
    pay(g, brick=1, clay=1)
    assert p.tools[Tool.WORKBENCH] == 1 and have(p, "clay") == 3 and have(p, "brick") == 0


def test_plow_animal_is_chosen_then_paid_with_the_wood():
    """↻1: "A Plow costs 1 Wood and either 1 Cattle or 1 Horse" - both are paid in one go."""
    g = game_in()
    p = me(g)
    set_goods(p, wood=1, timber=1)
    p.animals = {"s4,0": {Animal.HORSE: 1}, "s4,1": {Animal.CATTLE: 1}}
    g.refresh()
    place(g, "summer.farmer")
    choose(g, "plow")
    assert keys(g) == ["cattle", "horse"]
    choose(g, "horse")
    assert payments(g) == [{"wood": 1}, {"timber": 1}]
    assert have(p, "wood") == 1 and p.animals["s4,0"] == {Animal.HORSE: 1}
    pay(g, timber=1)
    assert "s4,0" not in p.animals and have(p, "timber") == 0 and have(p, "wood") == 1
    assert [e.kind for e in p.barn] == [Equipment.PLOW]
