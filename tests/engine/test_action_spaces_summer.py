"""The 15 Summer action spaces (rulebook p. 12 "The Action Spaces of the Summer/Fall Half Year",
the general rules on p. 13 and the further details ↻1-↻8 on p. 14).

Master is tested in test_tools_master.py and the Warden's flips in test_warden.py; the Laborer's
imitation examples of ↻7 are here.
"""

from __future__ import annotations

import pytest

from arle.engine.content.tiles import Equipment, Tile
from arle.engine.content.tools import Tool, tool_count
from arle.engine.interpreter.moves import Choose, CutPeat, Done, Flip, MoveDike, PlaceTile, PlaceWorker
from arle.engine.rules import animals, homeboard
from tests.engine.helpers import (
    C,
    H,
    S,
    choose,
    done,
    game_in,
    give,
    have,
    idle,
    keys,
    me,
    my_turn_again,
    options,
    pay,
    payments,
    place,
    placeable,
    set_animals,
    set_goods,
    set_tool,
)

SMALL_BOARDWALK = 3  # the 1-space dehydrated Moor with 4 Peat at setup


def _dehydrate(p, moor_id: int, peat: int = 4) -> None:
    m = homeboard.get_moor(p, moor_id)
    m.dehydrated, m.peat = True, peat


# -- Fisherman -----------------------------------------------------------------------------------


def test_fisherman_sheep_then_the_trap_moves_then_food_per_trap_2_traps_give_3_food():
    """Fisherman: "Take 1 Sheep. Also, move your Fish Trap Tool Indicator one space to the right.
    Then take 1 Food per Fish Trap" - the brown line: top before bottom, so 2 Fish Traps at the
    start become 3 and give 3 Food."""
    g = game_in()
    p = me(g)
    place(g, "summer.fisherman")
    assert tool_count(Tool.FISH_TRAP, p.tools[Tool.FISH_TRAP]) == 3
    assert have(p, "food") == 5 + 3
    assert animals.count(p, S) == 1
    assert idle(g)


def test_fisherman_with_6_fish_traps_gives_6_food_the_indicator_stays_at_the_end():
    """Fisherman: "1 Food per Fish Trap you have (i.e. up to 6 Food)"."""
    g = game_in()
    p = me(g)
    set_tool(p, Tool.FISH_TRAP, 6)
    place(g, "summer.fisherman")
    assert tool_count(Tool.FISH_TRAP, p.tools[Tool.FISH_TRAP]) == 6
    assert have(p, "food") == 11


# -- Grocer ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("pick", ["timber", "brick", "sheep", "cattle", "horse"])
def test_summer_grocer_one_of_five_goods_and_1_grain_and_1_leather(pick):
    """Summer Grocer: "Take one of the following goods: Timber, Brick, Sheep, Cattle, or Horse.
    Additionally, take 1 Grain and 1 Leather"."""
    g = game_in()
    p = me(g)
    place(g, "summer.grocer")
    assert keys(g) == ["timber", "brick", "sheep", "cattle", "horse"]
    choose(g, pick)
    assert have(p, "grain") == 2 and have(p, "leather") == 1
    if pick in ("timber", "brick"):
        assert have(p, pick) == 1
        assert sum(animals.count(p, a) for a in (S, C, H)) == 1  # the setup Horse only
    else:
        expected = {"sheep": 1, "cattle": 1, "horse": 2}[pick]
        assert animals.count(p, {"sheep": S, "cattle": C, "horse": H}[pick]) == expected
        assert have(p, "timber") == 0 and have(p, "brick") == 0


# -- Woolen Weaver -------------------------------------------------------------------------------


def test_woolen_weaver_converts_at_most_one_wool_per_weaving_loom():
    """Woolen Weaver: "Per Weaving Loom you have (i.e. up to 2, 3, 4, or 5 times), you may
    convert 1 Wool to 1 Woolen" - 2 Looms at the start, 4 Wool: 2 Woolen, 2 Wool left."""
    g = game_in()
    p = me(g)
    place(g, "summer.woolen_weaver")
    choose(g, "wool")
    choose(g, "wool")
    assert idle(g)
    assert have(p, "wool") == 2 and have(p, "woolen") == 2


def test_woolen_weaver_the_player_chooses_how_many():
    """Brown arrows (p. 12): "you may carry out the depicted conversion" up to the Tool count."""
    g = game_in()
    p = me(g)
    set_tool(p, Tool.WEAVING_LOOM, 5)
    place(g, "summer.woolen_weaver")
    choose(g, "wool")
    assert Done() in options(g)
    done(g)
    assert have(p, "wool") == 3 and have(p, "woolen") == 1


def test_woolen_weaver_is_limited_by_the_wool_too():
    g = game_in()
    p = me(g)
    set_tool(p, Tool.WEAVING_LOOM, 5)
    set_goods(p, wool=1)
    place(g, "summer.woolen_weaver")
    choose(g, "wool")
    assert idle(g)
    assert have(p, "woolen") == 1


# -- Colonist ----------------------------------------------------------------------------------


def test_colonist_horse_and_dehydrate_a_moor_with_exactly_4_peat_from_the_supply():
    """Colonist: "Take 1 Horse and/or dehydrate a Moor Section ... place exactly 4 Peat Tokens
    from the general supply on it"."""
    g = game_in()
    p = me(g)
    place(g, "summer.colonist")
    assert keys(g) == ["horse", "dehydrate"] and Done() in options(g)
    choose(g, "horse")
    choose(g, "dehydrate")
    assert options(g) == [Flip("m0"), Flip("m1"), Flip("m2")]
    g.apply(Flip("m1"))
    assert idle(g)
    assert animals.count(p, H) == 2
    moor = homeboard.get_moor(p, 1)
    assert moor.dehydrated and moor.peat == 4
    assert have(p, "peat") == 3  # taken from the general supply, not the player's


def test_colonist_is_and_or_either_part_alone():
    """"Action A and/or Action B ... you may carry out both actions or just one of them"."""
    g = game_in()
    p = me(g)
    place(g, "summer.colonist")
    choose(g, "horse")
    assert keys(g) == ["dehydrate"]
    done(g)
    assert animals.count(p, H) == 2
    assert all(not m.dehydrated for m in p.moors if not m.small)


def test_colonist_parts_in_any_order():
    """And/or has no brown line, so the bottom part first still leaves the top part."""
    g = game_in()
    p = me(g)
    place(g, "summer.colonist")
    choose(g, "dehydrate")
    g.apply(Flip("m0"))
    assert keys(g) == ["horse"]
    choose(g, "horse")
    assert idle(g)
    assert animals.count(p, H) == 2 and homeboard.get_moor(p, 0).peat == 4


def test_colonist_without_a_hydrated_moor_offers_the_horse_only():
    g = game_in()
    p = me(g)
    for m in range(3):
        _dehydrate(p, m)
    place(g, "summer.colonist")
    assert keys(g) == ["horse"]


# -- Peat Cutter ---------------------------------------------------------------------------------


def test_peat_cutter_one_peat_per_spade_from_the_moors():
    """Peat Cutter: "Per Spade you have (i.e. up to 3, 5, or 7 times), you may take 1 Peat Token
    off one of your Moor Tiles" - 3 Spades, the Small Boardwalk's 4 Peat: 3 cut, 1 left."""
    g = game_in()
    p = me(g)
    place(g, "summer.peat_cutter")
    for _ in range(3):
        g.apply(CutPeat(SMALL_BOARDWALK))
    assert idle(g)
    assert have(p, "peat") == 3 + 3
    assert homeboard.get_moor(p, SMALL_BOARDWALK).peat == 1


def test_peat_cutter_last_peat_removes_the_moor_mid_action_then_cuts_elsewhere():
    """"As soon as you remove the last Peat Token from a Moor Tile, immediately remove that Moor
    Tile from play"; "You may take the Peat from different Moor Tiles" (5 Spades: 4 + 1)."""
    g = game_in()
    p = me(g)
    set_tool(p, Tool.SPADE, 5)
    _dehydrate(p, 0)
    place(g, "summer.peat_cutter")
    for _ in range(4):
        g.apply(CutPeat(SMALL_BOARDWALK))
    assert all(m.id != SMALL_BOARDWALK for m in p.moors)
    assert homeboard.SMALL_BOARDWALK_SPACE in homeboard.empty_land_spaces(p)
    assert options(g) == [CutPeat(0), Done()]
    g.apply(CutPeat(0))
    assert idle(g)
    assert have(p, "peat") == 3 + 5 and homeboard.get_moor(p, 0).peat == 3


def test_peat_cutter_never_takes_peat_from_the_supply():
    """"(You may take the Peat from different Moor Tiles, but not from the general supply.)" -
    no Peat on any Moor: the Worker may still go there, and nothing is gained."""
    g = game_in()
    p = me(g)
    p.moors = [m for m in p.moors if not m.small]
    g.refresh()
    assert "summer.peat_cutter" in placeable(g)
    place(g, "summer.peat_cutter")
    assert idle(g)
    assert have(p, "peat") == 3


def test_peat_cutter_the_player_may_cut_fewer():
    g = game_in()
    p = me(g)
    place(g, "summer.peat_cutter")
    g.apply(CutPeat(SMALL_BOARDWALK))
    done(g)
    assert have(p, "peat") == 4 and homeboard.get_moor(p, SMALL_BOARDWALK).peat == 3


# -- Dike Builder --------------------------------------------------------------------------------


def _dikes_moved(before, after) -> int:
    return sum(1 for a, b in zip(before, after, strict=True) if a != b)


@pytest.mark.parametrize(("shovels", "dikes"), [(3, 1), (4, 2), (5, 2), (6, 3)])
def test_dike_builder_one_dike_per_pair_of_shovels(shovels, dikes):
    """Dike Builder: "for each Pair of Shovels you have, move 1 Dike (i.e. 1/2/2/3 Dikes with
    3/4/5/6 Shovels.)"."""
    g = game_in()
    p = me(g)
    set_tool(p, Tool.SHOVEL, shovels)
    before = list(p.dikes)
    place(g, "summer.dike_builder")
    choose(g, "dikes")
    for _ in range(dikes):
        moves = [m for m in options(g) if isinstance(m, MoveDike)]
        assert moves, f"only {_dikes_moved(before, p.dikes)} Dikes moved"
        g.apply(moves[0])
    assert _dikes_moved(before, p.dikes) == dikes
    assert not any(isinstance(m, MoveDike) for m in options(g))


def test_dike_builder_first_dike_frees_3_land_spaces():
    """Dikes (p. 9): the 1st Dike completes the next gap and frees the Tidal row below it."""
    g = game_in()
    p = me(g)
    land = len(homeboard.land_spaces(p))
    place(g, "summer.dike_builder")
    choose(g, "dikes")
    g.apply(next(m for m in options(g) if isinstance(m, MoveDike)))
    assert len(homeboard.land_spaces(p)) == land + 3


@pytest.mark.parametrize(("pick", "animal"), [("sheep", S), ("cattle", C)])
def test_dike_builder_sheep_or_cattle_and_or_dikes(pick, animal):
    """"Take 1 Sheep or 1 Cattle. Additionally or alternatively, carry out a Dike Building
    action" - the Animal alone is allowed."""
    g = game_in()
    p = me(g)
    before = list(p.dikes)
    place(g, "summer.dike_builder")
    assert keys(g) == ["animal", "dikes"]
    choose(g, "animal")
    assert keys(g) == ["sheep", "cattle"]
    choose(g, pick)
    assert keys(g) == ["dikes"]
    done(g)
    assert animals.count(p, animal) == 1
    assert p.dikes == before


def test_dike_builder_both_parts():
    g = game_in()
    p = me(g)
    before = list(p.dikes)
    place(g, "summer.dike_builder")
    choose(g, "dikes")
    g.apply(next(m for m in options(g) if isinstance(m, MoveDike)))
    choose(g, "animal")
    choose(g, "cattle")
    assert idle(g)
    assert animals.count(p, C) == 1 and _dikes_moved(before, p.dikes) == 1


# -- Clay Worker / Woodcutter ---------------------------------------------------------------------


@pytest.mark.parametrize("shovels", [3, 4, 5, 6])
def test_clay_worker_one_clay_per_shovel(shovels):
    """Clay Worker: "Take 1 Clay per Shovel you have (i.e. 3, 4, 5, or 6 Clay)"; you keep the
    Shovels (p. 13 "per")."""
    g = game_in()
    p = me(g)
    set_tool(p, Tool.SHOVEL, shovels)
    place(g, "summer.clay_worker")
    assert have(p, "clay") == 4 + shovels
    assert tool_count(Tool.SHOVEL, p.tools[Tool.SHOVEL]) == shovels


@pytest.mark.parametrize("axes", [3, 4, 5, 6])
def test_woodcutter_one_wood_per_axe(axes):
    """Woodcutter: "Take 1 Wood per Axe you have (i.e. 3, 4, 5, or 6 Wood). (The number of Forests
    you have does not matter here.)"."""
    g = game_in()
    p = me(g)
    set_tool(p, Tool.AXE, axes)
    p.tiles[(4, 1)] = Tile.FOREST.value
    place(g, "summer.woodcutter")
    assert have(p, "wood") == 4 + axes


# -- Farmer --------------------------------------------------------------------------------------


def test_farmer_plow_costs_1_wood_and_1_cattle_or_horse_then_1_field_per_plow():
    """Farmer / ↻1: "A Plow costs 1 Wood and either 1 Cattle or 1 Horse. (You do lose the
    Animal.)"; then "plow 1 Field per Plow you have", Grain or Flax side up."""
    g = game_in()
    p = me(g)
    set_animals(p, {"s4,0": {H: 1}, "s4,1": {C: 1}})
    supply = g.state.supply["peat_boat_plow"]
    fields = g.state.supply["field"]
    place(g, "summer.farmer")
    assert keys(g) == ["plow"]  # no Plow yet: nothing to plow with
    choose(g, "plow")
    assert keys(g) == ["cattle", "horse"]
    choose(g, "cattle")
    assert have(p, "wood") == 3
    assert animals.count(p, C) == 0 and animals.count(p, H) == 1
    assert [e.kind for e in p.barn] == [Equipment.PLOW]
    assert g.state.supply["peat_boat_plow"] == supply - 1
    assert keys(g) == ["fields"]
    choose(g, "fields")
    assert keys(g) == [Tile.GRAIN_FIELD.value, Tile.FLAX_FIELD.value]
    choose(g, Tile.FLAX_FIELD.value)
    g.apply(PlaceTile("4,1"))
    assert idle(g)
    assert p.tiles[(4, 1)] == Tile.FLAX_FIELD.value
    assert g.state.supply["field"] == fields - 1


def test_farmer_plow_with_the_only_horse_takes_it_and_timber_may_pay_the_wood():
    g = game_in()
    p = me(g)
    set_goods(p, wood=0, timber=1)
    place(g, "summer.farmer")
    choose(g, "plow")  # the only Animal and the only Timber: nothing left to choose
    assert keys(g) == ["fields"]
    assert have(p, "timber") == 0 and animals.count(p, H) == 0
    assert [e.kind for e in p.barn] == [Equipment.PLOW]


def test_farmer_plow_not_offered_without_cattle_or_horse():
    g = game_in()
    p = me(g)
    set_animals(p, {"s4,0": {S: 2}})
    give(g, p, Equipment.PLOW)
    place(g, "summer.farmer")
    assert keys(g) == ["fields"]


def test_farmer_fields_per_plow_fewer_allowed_and_the_new_plow_counts():
    """"You may plow fewer fields than Plows owned": 2 Plows (1 old, 1 new) give up to 2."""
    g = game_in()
    p = me(g)
    give(g, p, Equipment.PLOW)
    place(g, "summer.farmer")
    choose(g, "plow")
    choose(g, "fields")
    choose(g, Tile.GRAIN_FIELD.value)
    g.apply(PlaceTile("3,2"))
    assert keys(g) == [Tile.GRAIN_FIELD.value, Tile.FLAX_FIELD.value]  # a second one allowed
    done(g)
    assert idle(g)
    assert sum(1 for t in p.tiles.values() if t == Tile.GRAIN_FIELD) == 2


def test_farmer_fields_limited_by_the_14_in_the_supply():
    """Supply limits (RULES-DECISIONS): 14 Fields for both players; with 1 left, 3 Plows plow 1."""
    g = game_in()
    p = me(g)
    for _ in range(3):
        give(g, p, Equipment.PLOW)
    g.state.supply["field"] = 1
    place(g, "summer.farmer")
    choose(g, "fields")
    choose(g, Tile.GRAIN_FIELD.value)
    g.apply(PlaceTile("3,2"))
    assert keys(g) == ["plow"]  # no second Field offered; the Plow part of and/or remains
    assert g.state.supply["field"] == 0
    assert sum(1 for t in p.tiles.values() if t == Tile.GRAIN_FIELD) == 2


def test_farmer_fields_need_an_empty_land_space_and_the_last_one_is_taken_at_once():
    g = game_in()
    p = me(g)
    give(g, p, Equipment.PLOW)
    give(g, p, Equipment.PLOW)
    p.tiles[(3, 2)] = Tile.FOREST.value
    place(g, "summer.farmer")
    choose(g, "fields")
    choose(g, Tile.FLAX_FIELD.value)  # the only empty land space (4,1) is filled at once
    assert p.tiles[(4, 1)] == Tile.FLAX_FIELD.value
    assert keys(g) == ["plow"]  # no second Field without an empty land space


# -- Forester ------------------------------------------------------------------------------------


def test_forester_pay_1_food_then_a_forest():
    """Forester: "Pay 1 Food and either take a Forest, or build a Building" (5 Forests/Parks in
    the supply)."""
    g = game_in(buildings=("farmers_house",))
    p = me(g)
    place(g, "summer.forester")
    assert have(p, "food") == 4
    assert keys(g) == ["forest", "building"]
    choose(g, "forest")
    g.apply(PlaceTile("4,1"))
    assert idle(g)
    assert p.tiles[(4, 1)] == Tile.FOREST.value
    assert g.state.supply["forest_park"] == 4
    assert p.buildings == []


def test_forester_or_a_building_not_both():
    g = game_in(buildings=("farmers_house",))
    p = me(g)
    place(g, "summer.forester")
    choose(g, "building")
    choose(g, "farmers_house")
    pay(g, wood=1, grain=1)
    g.apply(PlaceTile("3,2"))
    assert idle(g)
    assert p.buildings == ["farmers_house"]
    assert Tile.FOREST.value not in p.tiles.values()
    assert have(p, "food") == 4


def test_forester_not_offered_without_food():
    """The Food is paid first (↻6; Grain may replace Food only at the Wood Trader)."""
    g = game_in()
    set_goods(me(g), food=0, grain=5)
    g.refresh()
    assert "summer.forester" not in placeable(g)


def test_forester_with_no_forest_left_offers_the_building_only():
    g = game_in(buildings=("farmers_house",))
    g.state.supply["forest_park"] = 0
    place(g, "summer.forester")
    assert keys(g) == ["farmers_house"]  # "building" was the only way, taken at once


# -- Carpenter -----------------------------------------------------------------------------------


def test_summer_carpenter_brick_may_pay_for_clay_the_player_chooses():
    """"regardless of the action you take, you can always pay Timber instead of Wood and Brick
    instead of Clay" (p. 6)."""
    g = game_in()
    p = me(g)
    set_goods(p, clay=2, brick=2)
    place(g, "summer.carpenter")
    # no building on the board: the Stall is the only option and is taken at once
    assert payments(g) == [
        {"clay": 2, "grain": 1},
        {"brick": 1, "clay": 1, "grain": 1},
        {"brick": 2, "grain": 1},
    ]
    pay(g, brick=2, grain=1)
    assert have(p, "clay") == 2 and have(p, "brick") == 0


def test_summer_carpenter_or_a_building():
    g = game_in(buildings=("farmers_house",))
    p = me(g)
    place(g, "summer.carpenter")
    choose(g, "building")
    choose(g, "farmers_house")
    pay(g, clay=1, grain=1)
    g.apply(PlaceTile("3,2"))
    assert idle(g)
    assert p.buildings == ["farmers_house"] and Tile.STALL.value not in [
        t for s, t in p.tiles.items() if s != (4, 0)
    ]


def test_summer_carpenter_stall_needs_grain():
    g = game_in(buildings=("farmers_house",))
    set_goods(me(g), grain=0)
    g.refresh()
    place(g, "summer.carpenter")
    # Neither is possible (the Farmer's House costs Grain too): the Worker does nothing
    assert idle(g)


# -- Builder -------------------------------------------------------------------------------------


def test_builder_builds_a_building_paying_its_board_cost():
    """Builder: "Build a Building (↻2) by paying the costs depicted on the Game Board" - the first
    four cost "any 1 Building Material and 1 Grain"."""
    g = game_in(buildings=("farmers_house", "novices_hut"))
    p = me(g)
    set_goods(p, timber=1, brick=1)
    place(g, "summer.builder")
    assert keys(g) == ["farmers_house", "novices_hut"]
    choose(g, "novices_hut")
    ways = payments(g)
    assert ways[0] == {"grain": 1, "wood": 1}  # base goods first: the GUI's default
    assert sorted(map(sorted, map(dict.items, ways))) == sorted(map(sorted, map(dict.items, [
        {"grain": 1, "wood": 1}, {"clay": 1, "grain": 1}, {"grain": 1, "timber": 1},
        {"brick": 1, "grain": 1}])))
    pay(g, timber=1, grain=1)
    g.apply(PlaceTile("4,1"))
    assert p.buildings == ["novices_hut"]
    assert have(p, "timber") == 0 and have(p, "grain") == 0
    assert "novices_hut" not in g.state.available_buildings


def test_builder_with_nothing_affordable_may_still_be_taken():
    """Placing is limited only by an up-front payment; the Builder has none."""
    g = game_in(buildings=("farmers_house",))
    set_goods(me(g), grain=0)
    g.refresh()
    assert "summer.builder" in placeable(g)


# -- Laborer -------------------------------------------------------------------------------------


def test_summer_laborer_not_offered_with_less_than_2_food():
    g = game_in()
    set_goods(me(g), food=1, grain=5)
    g.refresh()
    assert "summer.laborer" not in placeable(g)


def test_laborer_imitation_uses_your_own_tools_7_spades_against_3():
    """↻7: "Your opponent has 7 Spades - you only have 3. You imitate the Peat Cutter ... You get
    3 Peat (not 7)"."""
    g = game_in()
    mine, opp = me(g, 0), me(g, 1)
    set_tool(opp, Tool.SPADE, 7)
    _dehydrate(mine, 0)
    _dehydrate(opp, 0)
    g.apply(PlaceWorker("summer.fisherman"))
    g.apply(PlaceWorker("summer.peat_cutter"))  # the opponent cuts 7
    while not idle(g):
        g.apply(next(m for m in options(g) if isinstance(m, CutPeat)))
    assert have(opp, "peat") == 3 + 7
    place(g, "summer.laborer")
    choose(g, "imitate")
    assert keys(g) == ["summer.fisherman", "summer.peat_cutter"]
    choose(g, "summer.peat_cutter")
    cut = 0
    while not idle(g):
        g.apply(next(m for m in options(g) if isinstance(m, CutPeat)))
        cut += 1
    assert cut == 3 and have(mine, "peat") == 3 + 3


def test_laborer_imitating_your_own_forester_a_second_forest_for_3_food():
    """↻7: "if you occupy the Forester Action Space, you can imitate it to get another Forest for
    a total of 3 Food (2 Food for the Imitation action + 1 Food for the Forest)"."""
    g = game_in()
    p = me(g)
    place(g, "summer.forester")
    g.apply(PlaceTile("3,2"))  # the Forest is the only option: 1 Food paid
    assert have(p, "food") == 4
    my_turn_again(g)
    place(g, "summer.laborer")
    assert have(p, "food") == 2
    assert keys(g) == ["vehicle", "imitate"]
    choose(g, "imitate")  # the Forester is the only occupied space, its Forest the only
    assert idle(g)  # option and (4,1) the only empty land space: all taken at once
    assert have(p, "food") == 1  # 4 - 3
    assert sum(1 for t in p.tiles.values() if t == Tile.FOREST) == 2


def test_laborer_cannot_imitate_winter_spaces_laborers_or_unoccupied_spaces():
    """"You cannot imitate an occupied Winter Action Space"; the Laborer never imitates itself
    (RULES_NOTES "Laborer")."""
    g = game_in()
    g.apply(PlaceWorker("winter.peat_boatman"))  # the opponent's Special Action
    g.apply(PlaceWorker("summer.clay_worker"))
    place(g, "summer.laborer")
    choose(g, "imitate")  # only the Clay Worker: taken at once
    assert idle(g)
    assert have(me(g), "clay") == 4 + 3


def test_laborer_imitation_needs_the_imitated_spaces_up_front_payment():
    """After the Laborer's 2 Food, 0 Food left: the occupied Forester cannot be imitated."""
    g = game_in()
    set_goods(me(g), food=2)
    g.refresh()
    g.apply(PlaceWorker("summer.grocer"))
    g.apply(Choose("timber"))
    g.apply(PlaceWorker("summer.forester"))  # the opponent's Forest
    g.apply(PlaceTile("3,2"))
    place(g, "summer.laborer")
    assert have(me(g), "food") == 0
    choose(g, "imitate")  # the Grocer is the only space it can imitate: taken at once
    assert keys(g) == ["timber", "brick", "sheep", "cattle", "horse"]
    choose(g, "timber")
    assert idle(g)
    assert have(me(g), "timber") == 2


# -- The Special Action --------------------------------------------------------------------------


def test_special_action_one_winter_space_in_summer_per_half_year():
    """Special Action (p. 7): "In Summer, 1 of the 8 Workers may use a Winter Action Space"."""
    g = game_in()
    p = me(g)
    assert {s for s in placeable(g) if s.startswith("winter.")}
    place(g, "winter.peat_boatman")
    assert have(p, "peat") == 3 + 3
    assert g.state.special_used_by == 0
    assert not {s for s in placeable(g) if s.startswith("winter.")}
    my_turn_again(g)
    assert not {s for s in placeable(g) if s.startswith("winter.")}


def test_special_action_not_in_the_solo_game():
    """Solo (p. 15): "there is no Special Action"."""
    g = game_in(players=1)
    assert not {s for s in placeable(g) if s.startswith("winter.")}


def test_an_occupied_space_cannot_be_taken_again():
    """"Each Action Space can only be occupied by a single Worker"."""
    g = game_in()
    place(g, "summer.clay_worker")
    assert "summer.clay_worker" not in placeable(g)


def test_thirty_action_spaces_fifteen_per_season_with_distinct_ids():
    """"In each Half Year, there are 15 different Action Spaces" (p. 6); the spaces sharing a name
    (Grocer, Carpenter, Laborer, Master) get distinct identifiers (RULES-DECISIONS)."""
    from arle.engine.content.action_spaces import ACTION_SPACES, SUMMER, WINTER

    assert len(ACTION_SPACES) == 30
    assert len(SUMMER) == 15 and all(a.season == "summer" for a in SUMMER)
    assert len(WINTER) == 15 and all(a.season == "winter" for a in WINTER)
    shared = {a.name for a in SUMMER} & {a.name for a in WINTER}
    assert shared == {"Grocer", "Carpenter", "Laborer", "Master"}
    assert all(a.id == f"{a.season}.{a.id.split('.')[1]}" for a in ACTION_SPACES.values())
