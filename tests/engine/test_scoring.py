"""Scoring (rulebook "The End of the Game and the Winner"): every category of the Scoring Pad,
with the rulebook's own examples; RULES-DECISIONS.md for Travel Experience and tile VP."""

from __future__ import annotations

import pytest

from arle.engine.content import decisions
from arle.engine.content.tiles import Equipment, Tile
from arle.engine.content.tools import Tool
from arle.engine.rules import barn
from arle.engine.rules.scoring import (
    ScoreBreakdown,
    animals_vp,
    food_vp,
    goods_track_vp,
    indicator_vp,
    score,
    solo_rating,
)
from tests.engine.helpers import C, H, S, clear_goods, me, new_game, set_animals, set_goods


@pytest.mark.parametrize(("sheep", "horses", "cattle", "vp"), [
    (6, 5, 4, 13),  # "6 Sheep, 5 Horses, and 4 Cattle are worth 0+5+8=13 VP"
    (0, 5, 4, 4),  # "5 Horses, 4 Cattle and 0 Sheep are worth 0+4+0=4 VP"
    (3, 3, 3, 9),  # "3 Horses, 3 Cattle, and 3 Sheep are worth 0+3+6=9 VP"
])
def test_animals_rulebook_examples(sheep, horses, cattle, vp):
    """Animals on Home Board: the least numerous type 2 VP each, the second 1 VP each."""
    assert animals_vp([sheep, cattle, horses]) == vp
    g = new_game()
    p = me(g)
    p.tiles.update({(3, 2): Tile.STABLE.value, (4, 1): Tile.STABLE.value})
    set_animals(p, {"s3,2": {S: sheep}, "s4,1": {H: horses}, "s4,0": {C: min(3, cattle)},
                    "d0": {C: max(0, cattle - 3)}})
    assert score(p).animals == vp


@pytest.mark.parametrize(("value", "vp"), [(0, 0), (6, 0), (7, 1), (10, 1), (11, 2), (14, 2), (15, 3)])
def test_goods_indicator_vp_15_is_3_11_to_14_is_2_7_to_10_is_1(value, vp):
    """Goods Track: "on space 15 ... 3 VP ... 11-14 ... 2 VP ... 7-10 ... 1 VP"."""
    assert indicator_vp(value) == vp


@pytest.mark.parametrize(("food", "vp"), [(0, 0), (6, 0), (7, 1), (14, 2), (15, 3), (20, 3),
                                          (22, 4), (26, 5), (29, 5), (30, 6)])
def test_food_is_split_between_its_two_indicators_for_the_most_vp(food, vp):
    """Goods Track: "You may distribute the total amount of Food you have between your two Food
    Goods Indicators to optimize the number of VP" - 30 Food = 15+15 = 6 VP, 22 = 15+7 = 4 VP."""
    assert food_vp(food) == vp


def test_goods_track_sums_every_indicator():
    """Goods Track: Food 22 (4) + Grain 15 (3) + Flax 11 (2) + Wool 7 (1) + Hide 6 (0) = 10."""
    g = new_game()
    p = me(g)
    set_goods(p, food=22, grain=15, flax=11, wool=7, hide=6)
    assert goods_track_vp(p) == 10
    assert score(p).goods_track == 10


def test_a_depot_doubles_the_goods_track_once_only():
    """Goods Track: "If you have a Depot, double the total ... You cannot double them more than
    once even if you had multiple Depots"."""
    g = new_game()
    p = me(g)
    set_goods(p, food=22, grain=15, flax=11, wool=7, hide=6)
    p.tiles[(3, 2)] = Tile.DEPOT.value
    assert goods_track_vp(p) == 20
    p.tiles[(4, 1)] = Tile.DEPOT.value
    assert goods_track_vp(p) == 20


def test_clothing_and_building_materials_timber_counts_half_unrounded():
    """Clothing Tiles and Building Materials: Bricks, Linen, Woolen, Leather 1 VP; Summer, Winter,
    Leather Wear 2 VP (RULES-DECISIONS); "Each Timber is worth ½ VP. (Do not round the total.)"
    Wood, Clay and Peat are worth nothing."""
    g = new_game()
    p = me(g)
    clear_goods(p)
    set_goods(p, timber=3)
    assert score(p).clothing_and_materials == 1.5
    set_goods(p, brick=1, linen=1, woolen=1, leather=1, summer_wear=1, winter_wear=1,
              leather_wear=1, wood=9, clay=9, peat=9)
    assert score(p).clothing_and_materials == 1.5 + 4 + 6


def test_equipment_vp_and_minus_3_without_a_large_vehicle():
    """Equipment in the Barn: Plow 3, Peat Boat 1, Handcart 0, Wagon 1 (appendix); "subtract 3 VP
    unless you have at least one Large Vehicle in your Barn"."""
    g = new_game()
    p = me(g)
    assert score(p).equipment == -3
    for kind in (Equipment.PLOW, Equipment.PEAT_BOAT, Equipment.HANDCART, Equipment.WAGON):
        barn.add(g, p, kind)
    assert score(p).equipment == 3 + 1 + 0 + 1 - 3
    barn.add(g, p, Equipment.CART)
    assert score(p).equipment == 5 + 1


@pytest.mark.parametrize(("kind", "vp"), [(Equipment.CART, 1), (Equipment.HORSE_CART, 2),
                                          (Equipment.CARRIAGE, 4), (Equipment.DROSHKY, 5)])
def test_large_vehicle_vp(kind, vp):
    """Appendix "Index of Equipment": Cart 1, Horse Cart 2, Carriage 4, Droshky 5 VP."""
    g = new_game()
    p = me(g)
    barn.add(g, p, kind)
    assert score(p).equipment == vp


def test_tools_vp_from_the_tool_tracks():
    """Tools: 6 Fish Traps 3 VP, 4 Ovens 7 VP ("Ovens alone can be worth up to 7 VP"), 4
    Workbenches 4 VP, 3 Weaving Looms 1 VP; the starting positions are worth nothing."""
    g = new_game()
    p = me(g)
    assert score(p).tools == 0
    p.tools[Tool.FISH_TRAP] = 4
    p.tools[Tool.OVEN] = 3
    p.tools[Tool.WORKBENCH] = 2
    p.tools[Tool.WEAVING_LOOM] = 1
    p.tools[Tool.AXE] = 3  # Axes never give VP
    assert score(p).tools == 3 + 7 + 4 + 1


def test_home_board_tiles_buildings_moors_and_tidal_flats():
    """VP on Home Board: Buildings, Stalls 2, Stables 6, Forests 2, Parks 6 (Double Stall 9, Depot
    2: RULES-DECISIONS); -4 per hydrated Moor, -1 per dehydrated Moor, -1 per top-row Tidal Flat."""
    g = new_game()
    p = me(g)
    assert score(p).home_board == 2 - 3 * 4 - 1 - 3
    p.tiles.update({(3, 2): Tile.STABLE.value, (4, 1): Tile.PARK.value})
    p.moors = [m for m in p.moors if m.small]  # the three big Moors gone
    p.tiles.update({(5, 0): Tile.DOUBLE_STALL.value, (6, 0): Tile.DEPOT.value,
                    (5, 1): Tile.FOREST.value, (6, 1): "village_church", (5, 2): "turnery"})
    assert score(p).home_board == 2 + 6 + 6 + 9 + 2 + 2 + 15 + 5 - 1 - 3


def test_top_row_tidal_flats_cost_nothing_once_diked():
    g = new_game()
    p = me(g)
    p.dikes = [(3, 0), (3, 1), (3, 2), (2, 0), (2, 1)]
    assert score(p).home_board == 2 - 13


def test_travel_experience_vp_per_rules_decision():
    """RULES-DECISIONS "Travel Experience Track values": VP = ceil(covered spaces / 2) on the 19
    spaces, at most 10."""
    assert [decisions.travel_vp(n) for n in range(20)] == [
        0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10]
    g = new_game()
    p = me(g)
    p.travel = ["hage", "bremen", "emden"]  # sizes 1 + 4 + 3 = 8 spaces
    assert score(p).travel == 4
    p.travel = ["hage", "beemoor", "dornum", "norden", "aurich", "esens", "emden", "leer", "bremen"]
    assert score(p).travel == 10  # 19 spaces: the maximum


def test_starting_position_is_worth_minus_17():
    """At setup: no Large Vehicle -3, Stall 2, three hydrated Moors -12, Small Boardwalk -1, three
    top-row Tidal Flats -3, Food 5 and the other goods below 7: 0 VP."""
    b = new_game().score(0)
    assert b == ScoreBreakdown(clothing_and_materials=0, equipment=-3, travel=0, tools=0,
                               goods_track=0, home_board=-14, animals=0, bottlenecks=0)
    assert b.total == -17
    assert b.as_dict()["total"] == -17


def test_total_adds_every_category():
    b = ScoreBreakdown(1.5, 2, 3, 4, 5, 6, 7, -8)
    assert b.total == 1.5 + 2 + 3 + 4 + 5 + 6 + 7 - 8


@pytest.mark.parametrize(("total", "remarkable"), [(110, True), (131.5, True), (109.5, False),
                                                   (0, False)])
def test_solo_rating_against_110(total, remarkable):
    """Solo Game Variant: "We consider 110 Victory Points a remarkable score"."""
    text = str(solo_rating(total))
    assert ("remarkable score (110 or more)" in text) is remarkable
    assert f"{total:g} VP" in text
    if not remarkable:
        assert f"{110 - total:g} short" in text


def test_score_reasons_say_why_each_category_scores_what_it_does():
    """Issue 13: the live score explains itself. Equipment: a player without a Large Vehicle
    loses 3 VP (rulebook "The End of the Game", Equipment); Animals: the least numerous type
    2 VP each, the second 1 VP each."""
    from arle.engine import say
    from arle.engine.rules.scoring import score_reasons

    g = new_game()
    p = me(g)
    p.barn = []
    set_animals(p, {"d0": {S: 1}, "d1": {H: 1}, "d2": {H: 1}})
    reasons = {k: say(v) for k, v in score_reasons(p).items()}
    assert set(reasons) == set(score(p).as_dict()) - {"total"}
    assert reasons["equipment"] == "no Large Vehicle: -3 VP"
    assert reasons["animals"].startswith("0 Cattle: 2 VP each, 1 Sheep: 1 VP each")
