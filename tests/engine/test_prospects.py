"""Paying for an action with what an anytime move brings (rulebook p. 12: "at any time during
the Work Phase, you may visit a Travel Destination to get Food that you may use immediately (e.g.
for a 'Building' action)"; p. 7: the Peat Boat trade "at any time"; the anytime buildings).

A build action or a paid conversion with nothing affordable waits, offering Done, while a sale, a
Peat Boat trade or an anytime building could pay for it; with nothing that could, it ends at once.
"""

from __future__ import annotations

import pytest

from arle.engine.content.goods import Good
from arle.engine.content.tiles import Equipment
from arle.engine.content.tools import Tool
from arle.engine.interpreter.moves import (
    AdvanceTool,
    Choose,
    Done,
    Load,
    ReturnEquipment,
    SkipPlacement,
    TradePeat,
    UseBuilding,
)
from arle.engine.interpreter.steps import (
    CutPeatDecision,
    MasterDecision,
    OneOfDecision,
    PayDecision,
    PlaceTileDecision,
)
from arle.engine.rules.conversions import ConvertDecision
from arle.engine.rules.prospects import AwaitIncome
from tests.engine.helpers import (
    choose,
    clear_goods,
    game_in,
    give,
    idle,
    keys,
    me,
    place,
    set_goods,
)


def own(game, p, building: str, space: tuple[int, int] = (3, 2)) -> None:
    """The player owns ``building`` (built earlier)."""
    if building in game.state.available_buildings:
        game.state.available_buildings.remove(building)
    p.buildings.append(building)
    p.tiles[space] = building
    game.refresh()


def test_builder_waits_for_a_sale_that_pays_for_the_building():
    """p. 12: Food from a Travel Destination "that you may use immediately (e.g. for a 'Building'
    action)": with 7 of the Potter's Inn's 9 Food, the Builder does not end; selling 1 Peat at
    Beemoor (2 Food) makes the Inn affordable, and the options are worked out again at once."""
    g = game_in("summer", buildings=("potters_inn",))
    p = me(g)
    clear_goods(p)
    set_goods(p, food=7, peat=1, wood=1, clay=1)
    cart = give(g, p, Equipment.HANDCART)
    place(g, "summer.builder")
    assert isinstance(g.decision, AwaitIncome)
    moves = g.legal_moves()
    assert Done() in moves and not any(isinstance(m, Choose) for m in moves)
    g.apply(Load(cart.id, 0, "dest:beemoor"))  # its one sale, 1 Peat, is made at once
    assert p.goods[Good.FOOD] == 9
    assert Choose("go") in g.legal_moves()
    g.apply(Choose("go"))
    assert keys(g) == ["potters_inn"]
    choose(g, "potters_inn")
    while isinstance(g.decision, (PayDecision, PlaceTileDecision, OneOfDecision)):
        g.apply(next(m for m in g.legal_moves() if not isinstance(m, (Load, ReturnEquipment))))
    assert "potters_inn" in p.buildings


def test_builder_ends_at_once_when_nothing_could_pay():
    """Nothing affordable and nothing to sell or trade: the Builder ends as before."""
    g = game_in("summer", buildings=("potters_inn",))
    p = me(g)
    clear_goods(p)
    set_goods(p, food=7, peat=1, wood=1, clay=1)
    place(g, "summer.builder")
    assert idle(g)


def test_waiting_ends_when_the_income_is_gone():
    """The choice stays open only while an anytime move could still pay: returning the only
    vehicle ends the wait (and the legal moves are never empty)."""
    g = game_in("summer", buildings=("potters_inn",))
    p = me(g)
    clear_goods(p)
    set_goods(p, food=7, peat=1, wood=1, clay=1)
    cart = give(g, p, Equipment.HANDCART)
    place(g, "summer.builder")
    assert isinstance(g.decision, AwaitIncome)
    g.apply(ReturnEquipment(cart.id))
    assert idle(g) and g.legal_moves()


def test_carpenter_offers_the_building_a_peat_boat_trade_pays_for():
    """Summer Carpenter, "build a Building": a light green house costs 1 Grain and 1 Building
    Material; with no Grain but a Peat Boat and Peat, the building option is offered (a Stall,
    needing Clay the Peat Boat can't give, is not) and the trade makes it affordable."""
    g = game_in("summer", buildings=("farmers_house",))
    p = me(g)
    clear_goods(p)
    set_goods(p, wood=1, peat=1)
    give(g, p, Equipment.PEAT_BOAT)
    place(g, "summer.carpenter")
    assert isinstance(g.decision, AwaitIncome)  # the only option, "building", taken at once
    g.apply(TradePeat(Good.GRAIN))
    g.apply(Choose("go"))
    assert keys(g) == ["farmers_house"]


def test_a_peat_boat_never_makes_clay_so_the_stall_ends_at_once():
    """Winter Carpenter with no Clay: the Peat Boat trades only for goods of the Goods Track, so
    no Stall (2 Clay, 1 Grain) and no Stable can become affordable: the action ends at once."""
    g = game_in("winter")
    p = me(g)
    clear_goods(p)
    set_goods(p, grain=1, peat=3)
    give(g, p, Equipment.PEAT_BOAT)
    place(g, "winter.carpenter")
    assert idle(g)


def test_winter_carpenter_stall_waits_for_the_colonists_house():
    """The Colonist's House (2 Wool for 1 Clay, any time) can pay for a Stall's second Clay."""
    g = game_in("winter", buildings=("colonists_house",))
    p = me(g)
    own(g, p, "colonists_house")
    clear_goods(p)
    set_goods(p, clay=1, grain=1, wool=2)
    place(g, "winter.carpenter")
    assert isinstance(g.decision, AwaitIncome)
    assert UseBuilding("colonists_house") in g.legal_moves()
    g.apply(UseBuilding("colonists_house"))
    while isinstance(g.decision, CutPeatDecision):
        g.apply(g.legal_moves()[0])
    assert g.legal_moves()[:2] == [Choose("go"), Done()]


def test_summer_laborer_offers_the_vehicle_an_anytime_building_pays_for():
    """Summer Laborer, "build a Vehicle or imitate": with 1 Timber a Handcart (2 Wood) is not
    affordable, but the Wood Trader building (1 Timber and 1 Food for 2 Wood) makes it so; the
    vehicle stays on offer instead of imitation being chosen automatically."""
    g = game_in("summer", buildings=("wood_trader",))
    p = me(g)
    own(g, p, "wood_trader")
    clear_goods(p)
    set_goods(p, timber=1, food=3)
    g.apply(SkipPlacement())
    place(g, "summer.woodcutter")  # player 1: a space to imitate
    place(g, "summer.laborer")
    assert sorted(keys(g)) == ["imitate", "vehicle"]
    choose(g, "vehicle")
    assert isinstance(g.decision, AwaitIncome)
    g.apply(UseBuilding("wood_trader"))
    g.apply(Choose("go"))  # the Handcart, the one Vehicle affordable, is built at once
    assert [e.kind for e in p.barn] == [Equipment.HANDCART] and p.goods[Good.WOOD] == 0


def test_conversion_waits_for_a_peat_boat_trade():
    """Tanner: "per Fleshing Beam, you may turn 1 Hide into 1 Leather": with no Hide but a Peat
    Boat, the conversion waits (Done only) and offers the Hide once traded."""
    g = game_in("winter")
    p = me(g)
    clear_goods(p)
    set_goods(p, peat=2)
    give(g, p, Equipment.PEAT_BOAT)
    place(g, "winter.tanner")
    assert isinstance(g.decision, ConvertDecision) and g.decision.options(g) == [Done()]
    g.apply(TradePeat(Good.HIDE))
    assert Choose("hide") in g.legal_moves()


def test_master_waits_for_what_an_anytime_building_brings():
    """Master: "move a Tool indicator ..., paying its cost": the Colonist's House's Clay (2 Wool
    for 1 Clay) can pay for a Pottery Wheel; with the Wool alone the Master ends at once."""
    g = game_in("summer", buildings=("colonists_house",))
    p = me(g)
    clear_goods(p)
    set_goods(p, wool=2)
    place(g, "summer.master")
    assert idle(g)

    g = game_in("summer", buildings=("colonists_house",))
    p = me(g)
    own(g, p, "colonists_house")
    clear_goods(p)
    set_goods(p, wool=2)
    place(g, "summer.master")
    assert isinstance(g.decision, MasterDecision) and g.decision.options(g) == [Done()]
    g.apply(UseBuilding("colonists_house"))
    while isinstance(g.decision, CutPeatDecision):
        g.apply(g.legal_moves()[0])
    assert AdvanceTool(Tool.POTTERY_WHEEL) in g.legal_moves()


def test_laborer_imitation_waits_for_a_sale_that_pays_the_up_front_food():
    """Summer Laborer imitating the Forester ("pay 1 Food, then ..."): with no Food left after
    the Laborer's 2, a sale at Beemoor pays the Forester's Food, so imitation is not dropped."""
    g = game_in("summer")
    p = me(g)
    clear_goods(p)
    set_goods(p, food=2, peat=1)
    cart = give(g, p, Equipment.HANDCART)
    g.apply(SkipPlacement())
    place(g, "summer.forester")  # player 1
    while g.decision is not None:
        g.apply(g.decision.options(g)[0])
    place(g, "summer.laborer")
    assert isinstance(g.decision, AwaitIncome)
    g.apply(Load(cart.id, 0, "dest:beemoor"))
    g.apply(Choose("go"))  # the Forester, the one space to imitate, is imitated at once
    assert p.goods[Good.FOOD] == 1 and isinstance(g.decision, PlaceTileDecision)  # its Forest


@pytest.mark.parametrize(("peat", "waits"), [(3, False), (4, True)])
def test_peat_boat_trades_count_only_as_far_as_the_peat_goes(peat, waits):
    """The Peat Boat trades 1 Peat for 1 good (p. 7): with 5 Food, a Potter's Inn (9 Food) can
    become affordable with 4 Peat but not with 3, so only then does the Builder wait."""
    g = game_in("summer", buildings=("potters_inn",))
    p = me(g)
    clear_goods(p)
    set_goods(p, food=5, peat=peat, wood=1, clay=1)
    give(g, p, Equipment.PEAT_BOAT)
    place(g, "summer.builder")
    assert (isinstance(g.decision, AwaitIncome)) == waits
    if waits:
        for _ in range(4):
            g.apply(TradePeat(Good.FOOD))
        g.apply(Choose("go"))
        assert keys(g) == ["potters_inn"]


@pytest.mark.parametrize("space", ["winter.wood_trader", "winter.laborer"])
def test_winter_build_option_stays_beside_the_other_option(space):
    """Wood Trader ("take 4 Wood or build a Building") and winter Laborer ("build a Building or
    imitate"): with no Grain for a light green house but a Peat Boat and Peat, the building option
    is offered beside the other one instead of the other being taken automatically."""
    g = game_in("winter", buildings=("novices_hut",))
    p = me(g)
    clear_goods(p)
    set_goods(p, food=2, wood=1, peat=1)
    give(g, p, Equipment.PEAT_BOAT)
    if space == "winter.laborer":
        g.apply(SkipPlacement())
        place(g, "winter.peat_boatman")  # player 1: a space to imitate
    place(g, space)
    assert "building" in keys(g) and len(keys(g)) == 2
    choose(g, "building")
    assert isinstance(g.decision, AwaitIncome)
    g.apply(TradePeat(Good.GRAIN))
    g.apply(Choose("go"))
    assert keys(g) == ["novices_hut"]
