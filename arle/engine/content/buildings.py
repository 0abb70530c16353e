"""The 31 buildings: cost, VP and when their ability works (rulebook "Index of Building Tiles",
amended by RULES-DECISIONS.md). What each ability does lives in ``building_abilities``."""

from __future__ import annotations

from enum import StrEnum

import attrs

from ..rules.payments import Choice, Cost
from .goods import BUILDING_MATERIALS, CLOTHING, Good


class Color(StrEnum):
    LIGHT_GREEN = "light_green"
    DARK_GREEN = "dark_green"
    YELLOW = "yellow"
    ORANGE = "orange"
    BLUE = "blue"
    RED = "red"


class When(StrEnum):
    BEFORE_NOVEMBER = "before_november"
    ANYTIME = "anytime"
    IMMEDIATE = "immediate"


@attrs.frozen
class Building:
    id: str
    name: str
    color: Color
    cost: Cost
    vp: int
    when: When
    text: str


_ANY_MATERIAL = Choice(tuple(((g, 1),) for g in BUILDING_MATERIALS), 1)
SMALL_HOUSE_COST = Cost(fixed=((Good.GRAIN, 1),), choices=(_ANY_MATERIAL,))
MINOR_CRAFT_COST = Cost(fixed=((Good.TIMBER, 1), (Good.BRICK, 1)))
INN_COST = Cost(fixed=((Good.FOOD, 9),), choices=(Choice(_ANY_MATERIAL.options, 2),))
LARGE_COST = Cost(fixed=((Good.TIMBER, 3), (Good.BRICK, 3), (Good.FOOD, 15)))


def _b(id_: str, name: str, color: Color, cost: Cost, vp: int, when: When, text: str) -> Building:
    return Building(id_, name, color, cost, vp, when, text)


_LG, _DG, _Y, _O, _BL, _R = (
    Color.LIGHT_GREEN,
    Color.DARK_GREEN,
    Color.YELLOW,
    Color.ORANGE,
    Color.BLUE,
    Color.RED,
)
_BN, _AT, _IM = When.BEFORE_NOVEMBER, When.ANYTIME, When.IMMEDIATE

BUILDINGS: dict[str, Building] = {
    b.id: b
    for b in (
        _b("farmers_house", "Farmer's House", _LG, SMALL_HOUSE_COST, 1, _BN,
           "Before each November: receive 1 Clay and you may cut 1 Peat."),
        _b("plow_makers_workshop", "Plow Maker's Workshop", _LG, SMALL_HOUSE_COST, 1, _BN,
           "Before each November: you may place 1 Field of your choice on an empty Land Space."),
        _b("novices_hut", "Novice's Hut", _LG, SMALL_HOUSE_COST, 1, _BN,
           "Before each November: receive 1 Grain and 1 Dike."),
        _b("workshop", "Workshop", _LG, SMALL_HOUSE_COST, 1, _BN,
           "Before each November: receive 1 Wood and move one Tool indicator 1 space (pay it)."),
        _b("weaving_parlor", "Weaving Parlor", _DG, SMALL_HOUSE_COST, 1, _AT,
           "Any time, any number of times: pay 3 Flax for 1 Linen and cut 1 Peat."),
        _b("colonists_house", "Colonist's House", _DG, SMALL_HOUSE_COST, 1, _AT,
           "Any time, any number of times: pay 2 Wool for 1 Clay and cut 1 Peat."),
        _b("carpenters_workshop", "Carpenter's Workshop", _DG, SMALL_HOUSE_COST, 1, _AT,
           "Any time: pay 4 Food and 1 Brick to upgrade a Stall to a Stable."),
        _b("schnapps_distillery", "Schnapps Distillery", _DG, SMALL_HOUSE_COST, 1, _AT,
           "Any time, any number of times: 1 Grain and 1 Peat for 3 Food."),
        _b("loading_station", "Loading Station", _DG, SMALL_HOUSE_COST, 1, _AT,
           "Work Phase: place 1 Peat from the supply on an empty Single Space of a vehicle."),
        _b("litter_storage", "Litter Storage", _DG, SMALL_HOUSE_COST, 1, _AT,
           "Any time: 3 Flax for 1 Horse if you have at least 2 Horses."),
        _b("wood_trader", "Wood Trader", _DG, SMALL_HOUSE_COST, 1, _AT,
           "Any time: 1 Timber and 1 Food for 2 Wood."),
        _b("turnery", "Turnery", _Y, MINOR_CRAFT_COST, 5, _IM,
           "Once: per Forest, receive 1 Wood and cut 2 Peat."),
        _b("smokehouse", "Smokehouse", _Y, MINOR_CRAFT_COST, 5, _IM,
           "Once: cut 1 Peat per Fish Trap."),
        _b("smithy", "Smithy", _Y, MINOR_CRAFT_COST, 3, _IM,
           "Once: exchange Peat Boats, Handcarts and Wagons for Plows, 1 for 1."),
        _b("cooperage", "Cooperage", _Y, MINOR_CRAFT_COST, 4, _IM,
           "Once: for 5/10/15 Sheep and Cattle, move each Goods indicator up 1/2/3 spaces."),
        _b("bakehouse", "Bakehouse", _Y, MINOR_CRAFT_COST, 4, _IM,
           "Once: per Oven, you may exchange 2 Grain and 1 Flax for 8 Food."),
        _b("mill", "Mill", _O, Cost(((Good.TIMBER, 1),),
                                    (Choice((((Good.FLAX, 8),), ((Good.GRAIN, 8),))),)), 6, _IM,
           "Once: 8/10/12 Food for 3/5/6 Fields."),
        _b("weaving_mill", "Weaving Mill", _O, Cost(((Good.BRICK, 2),),
                                                    (Choice((((Good.FLAX, 10),),
                                                             ((Good.WOOL, 10),))),)), 7, _IM,
           "Once: 1 Winter Wear, and the Weaving Loom indicator moves up to 2 spaces for free."),
        _b("textile_house", "Textile House", _O,
           Cost(((Good.BRICK, 1),), (Choice(tuple(((g, 1),) for g in CLOTHING), 2),)), 9, _IM,
           "Once: 1 Linen, 1 Woolen and 1 Leather."),
        _b("saddlery", "Saddlery", _O, Cost(((Good.TIMBER, 2), (Good.LEATHER, 3))), 8, _IM,
           "Once: cut 1 Peat per Horse, then the Fleshing Beam indicator moves 1 space free."),
        _b("joinery", "Joinery", _O, Cost(((Good.TIMBER, 2), (Good.GRAIN, 5))), 6, _IM,
           "Once: 2 Peat per Peat Boat and 1 Horse per Plow."),
        _b("waterfront_house", "Waterfront House", _O,
           Cost(((Good.BRICK, 2), (Good.FOOD, 25))), 10, _IM,
           "Once: 10 Food, 2 Dikes, and the Fish Trap indicator moves up to 3 spaces free."),
        _b("potters_inn", "Potter's Inn", _BL, INN_COST, 5, _IM,
           "Once: 1 Animal of any type per Pottery Wheel."),
        _b("farmers_inn", "Farmer's Inn", _BL, INN_COST, 3, _IM,
           "Once: replace up to 3 Fields with Forests."),
        _b("junk_dealers_inn", "Junk Dealer's Inn", _BL, INN_COST, 4, _IM,
           "Once: a Handcart or a Peat Boat, and/or 1 Leather Wear and 1 Woolen."),
        _b("gulf_house_inn", "Gulf House Inn", _BL, INN_COST, 5, _IM,
           "Once: 1 Timber per Stall and 1 Brick per Stable (a Double Stall is 2 Stalls)."),
        _b("milk_house_inn", "Milk House Inn", _BL, INN_COST, 5, _IM,
           "Once: 1 Cattle, then cut 1 Peat per Cattle."),
        _b("sluice_yard_inn", "Sluice Yard Inn", _BL, INN_COST, 4, _IM,
           "Once: the Fish Trap indicator moves 2 spaces free, then 1 Wood per Fish Trap."),
        _b("village_church", "Village Church", _R, LARGE_COST, 15, _IM,
           "Once: a Carriage for free, if one is left."),
        _b("lutetsburg_castle", "Lütetsburg Castle", _R, LARGE_COST, 15, _IM,
           "Once: a Forest, and the Spade, Pottery Wheel and Workbench indicators move 1 free."),
        _b("berum_castle", "Berum Castle", _R, LARGE_COST, 15, _IM,
           "Once: the Oven and Weaving Loom indicators move 1 free, and 1 tile upgrade."),
    )
}

LIGHT_GREEN = tuple(b.id for b in BUILDINGS.values() if b.color is Color.LIGHT_GREEN)
DARK_GREEN = tuple(b.id for b in BUILDINGS.values() if b.color is Color.DARK_GREEN)
YELLOW = tuple(b.id for b in BUILDINGS.values() if b.color is Color.YELLOW)
ORANGE = tuple(b.id for b in BUILDINGS.values() if b.color is Color.ORANGE)
BLUE = tuple(b.id for b in BUILDINGS.values() if b.color is Color.BLUE)
RED = tuple(b.id for b in BUILDINGS.values() if b.color is Color.RED)

#: How many of each colour are in play (RULES-DECISIONS.md "Buildings in play").
IN_PLAY = {"green": 4, Color.YELLOW: 2, Color.ORANGE: 6, Color.BLUE: 3, Color.RED: 3}
