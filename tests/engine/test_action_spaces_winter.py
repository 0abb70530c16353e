"""The 15 Winter action spaces (rulebook p. 13 "The Action Spaces of the Winter/Spring Half Year"
and the further details ↻1-↻8 on p. 14).

Master is tested in test_tools_master.py, the Dike Warden's flips in test_warden.py.
"""

from __future__ import annotations

import pytest

from arle.engine import say
from arle.engine.content.tiles import EQUIPMENT, Equipment, Tile
from arle.engine.content.tools import Tool
from arle.engine.interpreter.moves import Choose, CutPeat, Done, Flip, PlaceTile, PlaceWorker, ReturnEquipment
from arle.engine.rules import animals, homeboard
from tests.engine.helpers import (
    C,
    H,
    S,
    choose,
    clear_goods,
    done,
    game_in,
    give,
    have,
    idle,
    keys,
    me,
    options,
    pay,
    payments,
    place,
    placeable,
    set_animals,
    set_goods,
    set_tool,
)

SMALL_BOARDWALK = 3


def winter():
    return game_in("winter")


# -- Peat Boatman ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("boats", "peat"), [(0, 3), (1, 4), (2, 5)])
def test_peat_boatman_3_peat_plus_1_per_peat_boat(boats, peat):
    """Peat Boatman: "Take 3 Peat and, additionally, 1 Peat per Peat Boat you have (for a total of
    3/4/5/... Peat if you have 0/1/2/... Peat Boats)" - from the supply, the Moors untouched."""
    g = winter()
    p = me(g)
    for _ in range(boats):
        give(g, p, Equipment.PEAT_BOAT)
    place(g, "winter.peat_boatman")
    assert idle(g)
    assert have(p, "peat") == 3 + peat
    assert homeboard.get_moor(p, SMALL_BOARDWALK).peat == 4


# -- Tanner / Linen Weaver ------------------------------------------------------------------------


def test_tanner_one_hide_to_leather_per_fleshing_beam():
    """Tanner: "Per Fleshing Beam you have (i.e. up to 3, 5, or 6 times), you may convert 1 Hide to
    1 Leather" - 3 Beams, 5 Hides: 3 Leather, 2 Hides left."""
    g = winter()
    p = me(g)
    set_goods(p, hide=5)
    place(g, "winter.tanner")
    for _ in range(3):
        choose(g, "hide")
    assert idle(g)
    assert have(p, "hide") == 2 and have(p, "leather") == 3


def test_tanner_player_chooses_fewer_and_6_beams_allow_6():
    g = winter()
    p = me(g)
    set_tool(p, Tool.FLESHING_BEAM, 6)
    set_goods(p, hide=10)
    place(g, "winter.tanner")
    for _ in range(4):
        choose(g, "hide")
    done(g)
    assert have(p, "leather") == 4 and have(p, "hide") == 6


def test_linen_weaver_one_flax_to_linen_per_weaving_loom():
    """Linen Weaver: "Per Weaving Loom you have (i.e. up to 2, 3, 4, or 5 times), you may convert
    1 Flax to 1 Linen" - 2 Looms, 3 Flax at the start: 2 Linen, 1 Flax left."""
    g = winter()
    p = me(g)
    place(g, "winter.linen_weaver")
    choose(g, "flax")
    choose(g, "flax")
    assert idle(g)
    assert have(p, "flax") == 1 and have(p, "linen") == 2


# -- Butcher -------------------------------------------------------------------------------------


def test_butcher_animal_to_3_food_2_hides_and_1_more_food_per_cattle():
    """Butcher: "Per Slaughtering Table you have (i.e. up to 2, 3, or 4 times), you may convert 1
    Animal of any type to 3 Food and 2 Hides. You get 1 more Food per Cattle you convert." -
    2 Tables: a Cattle (4 Food) and a Sheep (3 Food), 4 Hides."""
    g = winter()
    p = me(g)
    set_animals(p, {"s4,0": {C: 2}, "s4,1": {S: 2}, "d0": {H: 1}})
    place(g, "winter.butcher")
    assert keys(g) == ["sheep", "cattle", "horse"]
    choose(g, "cattle")
    choose(g, "sheep")
    assert idle(g)
    assert have(p, "food") == 5 + 4 + 3
    assert have(p, "hide") == 2 + 4
    assert (animals.count(p, C), animals.count(p, S), animals.count(p, H)) == (1, 1, 1)


def test_butcher_horse_gives_3_food_and_only_animals_you_have_are_offered():
    g = winter()
    p = me(g)
    set_tool(p, Tool.SLAUGHTERING_TABLE, 4)
    place(g, "winter.butcher")
    assert keys(g) == ["horse"]
    choose(g, "horse")
    assert idle(g)  # no Animal left, though 3 Tables are unused
    assert have(p, "food") == 8 and have(p, "hide") == 4


# -- Cattle Trader -------------------------------------------------------------------------------


@pytest.mark.parametrize(("pick", "animal"), [("cattle", C), ("horse", H)])
def test_cattle_trader_2_grain_1_sheep_and_1_cattle_or_1_horse(pick, animal):
    """Cattle Trader: "Take 2 Grain and 1 Sheep. Additionally, take 1 Cattle or 1 Horse"."""
    g = winter()
    p = me(g)
    place(g, "winter.cattle_trader")
    assert keys(g) == ["cattle", "horse"]
    choose(g, pick)
    assert idle(g)
    assert have(p, "grain") == 3
    assert animals.count(p, S) == 1
    assert animals.count(p, animal) == (2 if animal is H else 1)


# -- Grocer --------------------------------------------------------------------------------------


@pytest.mark.parametrize(("pick", "animal"), [("sheep", S), ("cattle", C), ("horse", H)])
def test_winter_grocer_cut_1_peat_1_animal_of_any_type_1_wood_1_clay(pick, animal):
    """Winter Grocer: "Take 1 Peat off one of your Moor Tiles. (You may not take the Peat from the
    general supply.) Additionally, take 1 Animal of any type, 1 Wood, and 1 Clay"."""
    g = winter()
    p = me(g)
    place(g, "winter.grocer")  # one Moor with Peat: the cut is taken at once
    assert homeboard.get_moor(p, SMALL_BOARDWALK).peat == 3
    assert keys(g) == ["sheep", "cattle", "horse"]
    choose(g, pick)
    assert idle(g)
    assert have(p, "peat") == 4 and have(p, "wood") == 5 and have(p, "clay") == 5
    assert animals.count(p, animal) == (2 if animal is H else 1)


def test_winter_grocer_player_chooses_the_moor_and_no_peat_from_the_supply():
    g = winter()
    p = me(g)
    homeboard.get_moor(p, 0).dehydrated = True
    homeboard.get_moor(p, 0).peat = 1
    place(g, "winter.grocer")
    assert options(g) == [CutPeat(0), CutPeat(SMALL_BOARDWALK)]  # no Done: the cut is not optional
    g.apply(CutPeat(0))
    assert all(m.id != 0 for m in p.moors)  # its last Peat: the Moor leaves the board
    choose(g, "sheep")
    assert have(p, "peat") == 4

    g2 = winter()
    p2 = me(g2)
    p2.moors = [m for m in p2.moors if not m.small]
    g2.refresh()
    place(g2, "winter.grocer")
    choose(g2, "cattle")
    assert have(p2, "peat") == 3 and have(p2, "wood") == 5 and have(p2, "clay") == 5


# -- Builder's Merchant --------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second"), [("wood", "timber"), ("wood", "brick"),
                                               ("clay", "timber"), ("clay", "brick")])
def test_builders_merchant_2_hides_1_wood_or_clay_and_1_timber_or_brick(first, second):
    """Builder's Merchant: "Take 2 Hides. Additionally, take 1 Wood or 1 Clay, and 1 Timber or 1
    Brick"."""
    g = winter()
    p = me(g)
    clear_goods(p)
    g.refresh()
    place(g, "winter.builders_merchant")
    assert keys(g) == ["wood", "clay"]
    choose(g, first)
    assert keys(g) == ["timber", "brick"]
    choose(g, second)
    assert idle(g)
    got = {k: have(p, k) for k in ("hide", "wood", "clay", "timber", "brick")}
    assert got == {"hide": 2, "wood": 0, "clay": 0, "timber": 0, "brick": 0, first: 1, second: 1}


# -- Potter ----------------------------------------------------------------------------------------


def test_potter_clay_to_3_food_and_1_peat_from_the_supply_per_pottery_wheel():
    """Potter: "Per Pottery Wheel you have (i.e. up to 2, 3, or 4 times), you may convert 1 Clay
    to 3 Food and 1 Peat. (You may not take the Peat off your Moor Tiles.)" - 2 Wheels."""
    g = winter()
    p = me(g)
    place(g, "winter.potter")
    assert keys(g) == ["clay"]
    assert say(g.prompt()) == "Convert: up to 2"  # not "2 more" before any (issue 31)
    choose(g, "clay")
    assert say(g.prompt()) == "Convert: up to 1 more"
    choose(g, "clay")
    assert idle(g)
    assert have(p, "clay") == 2 and have(p, "food") == 11 and have(p, "peat") == 5
    assert homeboard.get_moor(p, SMALL_BOARDWALK).peat == 4


def test_potter_brick_may_pay_for_clay():
    """p. 6: "you can always pay ... Brick instead of Clay"."""
    g = winter()
    p = me(g)
    set_goods(p, clay=0, brick=1)
    place(g, "winter.potter")
    assert keys(g) == ["brick"]
    choose(g, "brick")
    assert idle(g)
    assert have(p, "brick") == 0 and have(p, "food") == 8 and have(p, "peat") == 4


# -- Baker ---------------------------------------------------------------------------------------


def test_baker_grain_and_peat_to_6_food_per_oven():
    """Baker: "Per Oven you have (i.e. up to 1, 2, 3, or 4 times), you may convert 1 Grain and 1
    Peat to 6 Food" - 1 Oven at the start."""
    g = winter()
    p = me(g)
    place(g, "winter.baker")
    assert keys(g) == ["grain+peat"]  # Grain and Peat in stock: no Flax, no Wood
    choose(g, "grain+peat")
    assert idle(g)
    assert have(p, "food") == 11 and have(p, "grain") == 0 and have(p, "peat") == 2


def test_baker_flax_only_when_out_of_grain_wood_only_when_out_of_peat():
    """Baker: "You may replace Grain with Flax and Peat with Wood if you have no Grain or Peat,
    respectively" - 3 Ovens, 1 Grain, 1 Peat: Grain+Peat first, then Flax and Wood (or Timber,
    which always pays for Wood)."""
    g = winter()
    p = me(g)
    set_tool(p, Tool.OVEN, 3)
    set_goods(p, grain=1, peat=1, flax=3, wood=2, timber=1)
    place(g, "winter.baker")
    assert keys(g) == ["grain+peat"]
    choose(g, "grain+peat")
    assert keys(g) == ["flax+wood", "flax+timber"]
    choose(g, "flax+timber")
    choose(g, "flax+wood")
    assert idle(g)
    assert have(p, "food") == 5 + 18
    assert (have(p, "grain"), have(p, "flax"), have(p, "peat"), have(p, "wood"),
            have(p, "timber")) == (0, 1, 0, 1, 0)


def test_baker_flax_with_peat_when_out_of_grain():
    g = winter()
    p = me(g)
    set_goods(p, grain=0, flax=2, peat=2)
    place(g, "winter.baker")
    assert keys(g) == ["flax+peat"]


# -- Wood Trader ---------------------------------------------------------------------------------


def test_wood_trader_pay_1_food_then_4_wood():
    """Wood Trader: "Pay 1 Food and either take 4 Wood, or build a Building"."""
    g = winter()
    p = me(g)
    place(g, "winter.wood_trader")  # no building on the board: the 4 Wood at once
    assert idle(g)
    assert have(p, "food") == 4 and have(p, "wood") == 8 and have(p, "grain") == 1


def test_wood_trader_or_a_building_not_both():
    g = game_in("winter", buildings=("farmers_house",))
    p = me(g)
    place(g, "winter.wood_trader")
    assert keys(g) == ["wood", "building"]
    choose(g, "building")
    choose(g, "farmers_house")
    pay(g, clay=1, grain=1)
    g.apply(PlaceTile("4,1"))
    assert idle(g)
    assert p.buildings == ["farmers_house"] and have(p, "wood") == 4 and have(p, "food") == 4


def test_wood_trader_grain_instead_of_food_only_with_no_food():
    """↻6: "At the Wood Trader, you may pay Grain instead of Food once you run out of Food. This is
    not possible on any other Action Space."."""
    g = winter()
    p = me(g)
    set_goods(p, food=0, grain=2)
    g.refresh()
    assert "winter.wood_trader" in placeable(g)
    assert "winter.laborer" not in placeable(g)
    place(g, "winter.wood_trader")
    assert have(p, "grain") == 1 and have(p, "wood") == 8


def test_wood_trader_food_is_paid_while_there_is_food():
    g = winter()
    p = me(g)
    set_goods(p, food=1, grain=2)
    place(g, "winter.wood_trader")
    assert have(p, "food") == 0 and have(p, "grain") == 2


def test_wood_trader_not_offered_without_food_or_grain():
    g = winter()
    set_goods(me(g), food=0, grain=0)
    g.refresh()
    assert "winter.wood_trader" not in placeable(g)


# -- Wainwright ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("vehicle", "wood", "horses", "vp"),
    [
        (Equipment.HANDCART, 2, 0, 0),
        (Equipment.WAGON, 4, 0, 1),
        (Equipment.CART, 5, 1, 1),
        (Equipment.HORSE_CART, 7, 1, 2),
        (Equipment.CARRIAGE, 4, 2, 4),
        (Equipment.DROSHKY, 6, 2, 5),
    ],
)
def test_wainwright_vehicle_costs(vehicle, wood, horses, vp):
    """↻3: "Handcart (0 VP): 2 Wood; Wagon (1 VP): 4 Wood; Cart (1 VP): 5 Wood, 1 Horse; Horse Cart
    (2 VP): 7 Wood, 1 Horse; Carriage (4 VP): 4 Wood, 2 Horses; Droshky (5 VP): 6 Wood, 2
    Horses"."""
    assert (EQUIPMENT[vehicle].wood, EQUIPMENT[vehicle].horses) == (wood, horses)
    assert EQUIPMENT[vehicle].vp == vp
    g = winter()
    p = me(g)
    set_goods(p, wood=10)
    set_animals(p, {"s4,0": {H: 3}})
    place(g, "winter.wainwright")
    choose(g, "vehicle")
    assert keys(g) == [k.value for k in (Equipment.HANDCART, Equipment.WAGON, Equipment.CART,
                                         Equipment.HORSE_CART, Equipment.CARRIAGE,
                                         Equipment.DROSHKY)]
    choose(g, vehicle.value)
    assert keys(g) == ["peat_boat"]
    done(g)
    assert have(p, "wood") == 10 - wood
    assert animals.count(p, H) == 3 - horses
    assert [e.kind for e in p.barn] == [vehicle]


def test_wainwright_only_affordable_vehicles_are_offered():
    """4 Wood and the starting Horse: Handcart or Wagon (a Carriage needs 2 Horses)."""
    g = winter()
    place(g, "winter.wainwright")
    choose(g, "vehicle")
    assert keys(g) == ["handcart", "wagon"]


def test_wainwright_vehicle_and_or_peat_boat_for_1_wood():
    """Wainwright: "Build a Vehicle ... Additionally or alternatively, you may build 1 Peat Boat
    (... a Peat Boat costs 1 Wood)"; "At the Wainwright ... you can get both"."""
    g = winter()
    p = me(g)
    place(g, "winter.wainwright")
    assert keys(g) == ["vehicle", "peat_boat"]
    choose(g, "peat_boat")
    assert keys(g) == ["vehicle"]
    choose(g, "vehicle")  # 3 Wood left: the Handcart is the only Vehicle, built at once
    assert idle(g)
    assert sorted(e.kind for e in p.barn) == [Equipment.HANDCART, Equipment.PEAT_BOAT]
    assert have(p, "wood") == 1


def test_wainwright_peat_boat_alone_timber_pays_for_wood():
    g = winter()
    p = me(g)
    set_goods(p, wood=0, timber=1)
    place(g, "winter.wainwright")
    assert keys(g) == ["peat_boat"]
    choose(g, "peat_boat")
    assert idle(g)
    assert [e.kind for e in p.barn] == [Equipment.PEAT_BOAT] and have(p, "timber") == 0


def test_wainwright_no_tile_left_in_the_supply_is_not_offered():
    """Supply limits (RULES-DECISIONS): Handcart/Wagon 2, Peat Boat/Plow 6."""
    g = winter()
    g.state.supply["handcart_wagon"] = 0
    g.state.supply["peat_boat_plow"] = 0
    place(g, "winter.wainwright")
    assert idle(g)  # 4 Wood, 1 Horse: nothing left that could be built
    assert me(g).barn == []


def test_wainwright_full_barn_returns_a_piece_of_equal_size_first():
    """↻3: "If you have no space left in your Barn for a new Vehicle or Peat Boat, you must first
    get rid of another piece of Equipment of equal size" - 4 small pieces and 3 Large Vehicles
    fill the Barn; the new Peat Boat replaces a small piece, never a Large Vehicle."""
    g = winter()
    p = me(g)
    g.state.supply["peat_boat_plow"] = 6
    smalls = [give(g, p, Equipment.PLOW) for _ in range(4)]
    larges = [give(g, p, k) for k in (Equipment.CART, Equipment.CARRIAGE, Equipment.DROSHKY)]
    place(g, "winter.wainwright")
    choose(g, "peat_boat")
    assert options(g) == [ReturnEquipment(e.id) for e in smalls]
    g.apply(ReturnEquipment(smalls[0].id))
    assert sorted(e.kind for e in p.barn).count(Equipment.PEAT_BOAT) == 1
    assert all(e in p.barn for e in larges) and len(p.barn) == 7
    assert g.state.supply["peat_boat_plow"] == 6 - 4  # one returned, one taken


def test_wainwright_lowest_large_space_may_hold_a_small_piece():
    """Barn (RULES-DECISIONS): "the lowest of which may hold a small piece instead" - 4 small and
    2 large pieces leave room for a 5th small piece without returning anything."""
    g = winter()
    p = me(g)
    for _ in range(4):
        give(g, p, Equipment.PLOW)
    give(g, p, Equipment.CART)
    give(g, p, Equipment.CARRIAGE)
    place(g, "winter.wainwright")
    choose(g, "peat_boat")
    assert keys(g) == ["vehicle"]  # built at once, and the Handcart is still possible
    assert len(p.barn) == 7


# -- Carpenter -------------------------------------------------------------------------------------


def test_winter_carpenter_stall_to_stable_for_2_bricks_keeps_its_animals():
    g = winter()
    p = me(g)
    set_goods(p, brick=2)
    set_animals(p, {"s4,0": {H: 3}})
    stables = g.state.supply["stable_double_stall"]
    place(g, "winter.carpenter")
    assert keys(g) == ["stall", "stable"]
    choose(g, "stable")
    assert options(g) == [Flip("s4,0")]
    g.apply(Flip("s4,0"))
    assert idle(g)
    assert p.tiles[(4, 0)] == Tile.STABLE.value
    assert have(p, "brick") == 0 and have(p, "clay") == 4
    assert p.animals == {"s4,0": {H: 3}}
    assert g.state.supply["stable_double_stall"] == stables - 1


def test_winter_carpenter_no_stable_left_in_the_supply_not_offered():
    """Supply limits (RULES-DECISIONS): 3 Stables/Double Stalls for both players."""
    g = winter()
    set_goods(me(g), brick=2, grain=0)
    g.state.supply["stable_double_stall"] = 0
    place(g, "winter.carpenter")
    assert idle(g)
    assert me(g).tiles[(4, 0)] == Tile.STALL.value and have(me(g), "brick") == 2


def test_winter_carpenter_clay_cannot_pay_for_brick():
    """Only Brick pays for Clay, never the other way round: 2 Clay, no Brick, no Stable."""
    g = winter()
    set_goods(me(g), brick=0, clay=4, grain=0)
    place(g, "winter.carpenter")
    assert idle(g)
    assert me(g).tiles[(4, 0)] == Tile.STALL.value


# -- Dike Warden / Laborer -----------------------------------------------------------------------


def test_dike_warden_flip_and_1_dike():
    """Dike Warden: "Flip over a tile with the arrow Symbol for free (↻4). Additionally, build 1
    Dike"."""
    g = winter()
    p = me(g)
    before = list(p.dikes)
    place(g, "winter.dike_warden")
    assert options(g) == [Flip("s4,0"), Flip("m0"), Flip("m1"), Flip("m2"), Done()]
    g.apply(Flip("m2"))
    assert homeboard.get_moor(p, 2).dehydrated and homeboard.get_moor(p, 2).peat == 4
    moves = options(g)
    g.apply(moves[0])
    assert idle(g)
    assert sum(1 for a, b in zip(before, p.dikes, strict=True) if a != b) == 1
    assert g.stats["flip:moor->dehydrated_moor"] == 1


def test_winter_laborer_imitates_an_occupied_winter_space_with_your_own_tools():
    """↻7: imitate "according to your belongings": the opponent's 4 Pottery Wheels do not count,
    my 2 do."""
    g = winter()
    mine, opp = me(g), me(g, 1)
    set_tool(opp, Tool.POTTERY_WHEEL, 4)
    g.apply(PlaceWorker("winter.cattle_trader"))
    g.apply(Choose("cattle"))
    g.apply(PlaceWorker("winter.potter"))
    for _ in range(4):
        g.apply(Choose("clay"))
    assert have(opp, "food") == 5 + 12
    place(g, "winter.laborer")  # no building on the board: "imitate" is the only option
    assert keys(g) == ["winter.cattle_trader", "winter.potter"]
    choose(g, "winter.potter")
    choose(g, "clay")
    choose(g, "clay")
    assert idle(g)
    assert have(mine, "food") == 5 - 2 + 6 and have(mine, "peat") == 5


def test_winter_payment_ways_for_a_stall_with_brick():
    """The Stall's 2 Clay may be paid 2 Clay, 1 Clay + 1 Brick or 2 Bricks: all offered."""
    g = winter()
    set_goods(me(g), brick=2)
    place(g, "winter.carpenter")
    choose(g, "stall")
    assert payments(g) == [
        {"clay": 2, "grain": 1},
        {"brick": 1, "clay": 1, "grain": 1},
        {"brick": 2, "grain": 1},
    ]


def test_winter_laborer_building_or_imitation_not_both():
    """Laborer: "either build a Building ..., or imitate" - a single "or" (p. 13): after the
    Building the occupied Potter is no longer offered."""
    g = game_in("winter", buildings=("farmers_house",))
    p = me(g)
    g.apply(PlaceWorker("winter.potter"))
    g.apply(Choose("clay"))
    g.apply(Done())
    g.apply(PlaceWorker("winter.peat_boatman"))
    place(g, "winter.laborer")
    assert keys(g) == ["building", "imitate"]
    choose(g, "building")
    choose(g, "farmers_house")
    pay(g, wood=1, grain=1)
    g.apply(PlaceTile("3,2"))
    assert idle(g)
    assert p.buildings == ["farmers_house"] and have(p, "food") == 5 + 3 - 2


def test_wainwright_peat_boat_given_up_by_loading_its_wood_is_said():
    """Issue 31: loading the last Wood onto the new Wagon while "You may: build a Peat Boat" was
    offered ended the action with no word. The Peat Boat costs 1 Wood (Wainwright, rulebook p. 13);
    with none left the option lapses, and an event says it was not done."""
    from arle.engine import Load, say
    from arle.engine.interpreter.events import OptionsLapsed
    from tests.engine.helpers import of_type

    g = winter()
    p = me(g)
    set_goods(p, wood=5, timber=0)
    place(g, "winter.wainwright")
    choose(g, "vehicle")
    choose(g, Equipment.WAGON.value)
    assert keys(g) == ["peat_boat"] and have(p, "wood") == 1
    wagon = next(e for e in p.barn if e.kind is Equipment.WAGON)
    load = Load(wagon.id, 0, "wood")
    assert load in g.anytime_moves()
    events = g.apply(load)
    lapsed = of_type(events, OptionsLapsed)
    assert [say(e.text) for e in lapsed] == ["No longer possible, so not done: build a Peat Boat"]
    assert lapsed[0].player == 0 and not any(isinstance(m, Done) for m in g.legal_moves())
    assert [e.kind for e in p.barn] == [Equipment.WAGON]
