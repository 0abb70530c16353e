"""What each building does, as steps (rulebook "Index of Building Tiles", amended by
RULES-DECISIONS.md).

IMMEDIATE: run once right after the building is placed. BEFORE_NOVEMBER: offered to the owner
before each November inventorying, in the order the owner chooses (``inventory``). The dark
green buildings work at any time: ``anytime_building_moves`` lists the uses possible now and
``use_anytime_building`` carries one out (both called by ``anytime``). The Loading Station
loads vehicles, which ``vehicles`` handles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..content.decisions import SLUICE_YARD_FISH_TRAP_SPACES
from ..content.goods import ANIMALS, Animal, Good, cap_of
from ..content.text import Text, join, t
from ..content.tiles import Equipment, Tile
from ..content.tools import Tool
from ..content.words import counted
from ..interpreter.events import ActionUsed
from ..interpreter.moves import UseBuilding
from ..interpreter.state import PlayerState
from ..interpreter.steps import (
    AndOr,
    CutPeatStep,
    Decision,
    DikeStep,
    Gain,
    GainPer,
    MasterStep,
    OneOf,
    Option,
    PayCost,
    PayDecision,
    PlaceNewTile,
    Script,
    TakeAnimal,
    ToolUp,
)
from . import animals, homeboard
from .build import stalls, upgrade_stall
from .building_steps import (
    CutPeatPer,
    ExchangeUpTo,
    GainAnimalsPer,
    GainByLevel,
    GainPerCount,
    GoodsIndicatorsUp,
    MayPlaceField,
    Repeat,
    ReplaceFields,
    SmithyExchange,
)
from .equipment_steps import GainEquipment
from .payments import Bundle, can_afford, can_pay
from .supply import gain, pay, tile_left
from .warden import UpgradeTile

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move


def _g(**goods: int) -> Bundle:
    return tuple((Good(k), n) for k, n in goods.items())


#: Mill: 8/10/12 Food for 3/5/6 Fields (nothing for 2 or fewer).
MILL_FIELDS = (3, 5, 6)
MILL_FOOD = (8, 10, 12)
#: Cooperage: 5/10/15 Sheep and Cattle move each Goods indicator up 1/2/3 spaces.
COOPERAGE_DAIRY = (5, 10, 15)


IMMEDIATE: dict[str, tuple[Any, ...]] = {
    # Yellow: Minor Craft Buildings.
    "turnery": (GainPer(Good.WOOD, "tile:forest"), CutPeatPer("tile:forest", 2, "turnery")),
    "smokehouse": (CutPeatPer("tool:fish_trap", source="smokehouse"),),
    "smithy": (SmithyExchange(),),
    "cooperage": (GoodsIndicatorsUp(COOPERAGE_DAIRY),),
    "bakehouse": (ExchangeUpTo("tool:oven", _g(grain=2, flax=1), _g(food=8)),),
    # Orange: Major Craft Buildings.
    "mill": (GainByLevel("mill", Good.FOOD, "fields", MILL_FIELDS, MILL_FOOD),),
    "weaving_mill": (Gain(_g(winter_wear=1)), ToolUp(Tool.WEAVING_LOOM, 2)),
    "textile_house": (Gain(_g(linen=1, woolen=1, leather=1)),),
    "saddlery": (CutPeatPer("animal:horse", source="saddlery"), ToolUp(Tool.FLESHING_BEAM, 1)),
    "joinery": (GainPer(Good.PEAT, "equipment:peat_boat", 2),
                GainAnimalsPer(Animal.HORSE, "equipment:plow")),
    "waterfront_house": (Gain(_g(food=10)), DikeStep("fixed:2"), ToolUp(Tool.FISH_TRAP, 3)),
    # Blue: Inns.
    "potters_inn": (Repeat("tool:pottery_wheel", (TakeAnimal(ANIMALS),)),),
    "farmers_inn": (ReplaceFields(3),),
    "junk_dealers_inn": (
        AndOr((
            Option("equipment", "take a Handcart or a Peat Boat",
                   (OneOf((Option("handcart", "a Handcart", (GainEquipment(Equipment.HANDCART),)),
                           Option("peat_boat", "a Peat Boat", (GainEquipment(Equipment.PEAT_BOAT),)))),)),
            Option("clothes", "take 1 Leather Wear and 1 Woolen",
                   (Gain(_g(leather_wear=1, woolen=1)),)),
        )),
    ),
    "gulf_house_inn": (GainPerCount(Good.TIMBER, "stalls"), GainPerCount(Good.BRICK, "stables")),
    "milk_house_inn": (Gain(animals=((Animal.CATTLE, 1),)),
                       CutPeatPer("animal:cattle", source="milk_house_inn")),
    "sluice_yard_inn": (ToolUp(Tool.FISH_TRAP, SLUICE_YARD_FISH_TRAP_SPACES),
                        GainPer(Good.WOOD, "tool:fish_trap")),
    # Red: Large Buildings.
    "village_church": (GainEquipment(Equipment.CARRIAGE),),
    "lutetsburg_castle": (PlaceNewTile(Tile.FOREST.value), ToolUp(Tool.SPADE, 1),
                          ToolUp(Tool.POTTERY_WHEEL, 1), ToolUp(Tool.WORKBENCH, 1)),
    "berum_castle": (ToolUp(Tool.OVEN, 1), ToolUp(Tool.WEAVING_LOOM, 1), UpgradeTile()),
}

BEFORE_NOVEMBER: dict[str, tuple[Any, ...]] = {
    "farmers_house": (Gain(_g(clay=1)), CutPeatStep("fixed:1", optional=True)),
    "plow_makers_workshop": (MayPlaceField(),),
    "novices_hut": (Gain(_g(grain=1)), DikeStep("fixed:1")),
    "workshop": (Gain(_g(wood=1)), MasterStep(fixed_moves=1)),
}
#: The light green buildings whose whole income is a "may" (rulebook "Index of Building Tiles"):
#: only the Plow Maker's Workshop ("you may place 1 Field ... You are not required to"). The
#: others give something you "receive" (Farmer's House 1 Clay, Novice's Hut 1 Grain and 1 Dike,
#: Workshop 1 Wood), so they must be used; their own "may" parts (the Farmer's House's cut, the
#: Workshop's Master move) stay optional inside them.
BEFORE_NOVEMBER_OPTIONAL = frozenset({"plow_makers_workshop"})


# -- Dark green: any time, any number of times ---------------------------------------------------


@attrs.frozen
class AnytimeExchange:
    """Pay ``price`` for ``goods`` and ``animals``, and cut 1 Peat off an own Moor if ``cut``.
    ``min_horses``: Litter Storage works only with at least 2 Horses."""

    price: Bundle
    goods: Bundle = ()
    animals: tuple[tuple[Animal, int], ...] = ()
    cut: bool = False
    min_horses: int = 0

    def label(self) -> Text:
        from .payments import bundle_text

        gets: list[Text] = [bundle_text(self.goods)] if self.goods else []
        gets += [counted(a, n) for a, n in self.animals]
        gets += [t("cut 1 Peat")] if self.cut else []
        return t("{pay} → {get}", pay=bundle_text(self.price), get=join(gets))


ANYTIME_EXCHANGES: dict[str, AnytimeExchange] = {
    # "Pay 3 Flax to receive 1 Linen and to cut 1 Peat": usable with no Peat left to cut.
    "weaving_parlor": AnytimeExchange(_g(flax=3), _g(linen=1), cut=True),
    # RULES-DECISIONS: 2 Wool (not Woolen).
    "colonists_house": AnytimeExchange(_g(wool=2), _g(clay=1), cut=True),
    "schnapps_distillery": AnytimeExchange(_g(grain=1, peat=1), _g(food=3)),
    "litter_storage": AnytimeExchange(_g(flax=3), animals=((Animal.HORSE, 1),), min_horses=2),
    "wood_trader": AnytimeExchange(_g(timber=1, food=1), _g(wood=2)),
}
#: Carpenter's Workshop: 4 Food and 1 Brick upgrade a Stall to a Stable (no 2 Bricks on top).
CARPENTERS_WORKSHOP_PRICE: Bundle = _g(food=4, brick=1)


def _useful(g: Game, p: PlayerState, ex: AnytimeExchange) -> bool:
    """Something is gained: a use whose every gain is lost over a Goods Track cap is not offered."""
    if ex.animals or (ex.cut and homeboard.moors_with_peat(p)):
        return True
    return any(cap_of(good) is None or p.goods[good] < (cap_of(good) or 0) for good, _ in ex.goods)


def _exchange_usable(g: Game, p: PlayerState, ex: AnytimeExchange) -> bool:
    return (
        can_afford(ex.price, p.goods)
        and (not ex.min_horses or animals.count(p, Animal.HORSE) >= ex.min_horses)
        and _useful(g, p, ex)
    )


def _pending_costs(g: Game, p: PlayerState) -> list[Any]:
    """Costs the player still has to pay for something already under way: the pending payment
    decision and PayCost steps waiting in the player's scripts."""
    result = []
    for entry in g.state.stack:
        if entry.player != p.index:
            continue
        if isinstance(entry, PayDecision):
            result.append(entry.cost)
        elif isinstance(entry, Decision):
            result += entry.costs_ahead()
        elif isinstance(entry, Script):
            result += [s.cost for s in entry.steps if isinstance(s, PayCost)]
    return result


def _keeps_payable(g: Game, p: PlayerState, price: Bundle, gets: Bundle) -> bool:
    """A use may not make a cost under way unpayable (the Building would come for free)."""
    pending = _pending_costs(g, p)
    if not pending:
        return True
    after = dict(p.goods)
    for good, n in price:
        after[good] -= n
    for good, n in gets:
        after[good] += n
    return all(
        can_pay(c, after) or not can_pay(c, p.goods) for c in pending
    )


def anytime_building_moves(g: Game, p: PlayerState) -> list[Move]:
    """Moves offered by the owner's anytime (dark green) buildings right now."""
    moves: list[Move] = []
    for b in p.buildings:
        ex = ANYTIME_EXCHANGES.get(b)
        if ex is not None:
            if _exchange_usable(g, p, ex) and _keeps_payable(g, p, ex.price, ex.goods):
                moves.append(UseBuilding(b))
        elif b == "carpenters_workshop" and _carpenter_usable(g, p):
            moves += [UseBuilding(b, homeboard.space_id(s)) for s in sorted(stalls(p))]
    return moves


def _carpenter_usable(g: Game, p: PlayerState) -> bool:
    return (
        tile_left(g, Tile.STABLE)
        and can_afford(CARPENTERS_WORKSHOP_PRICE, p.goods)
        and _keeps_payable(g, p, CARPENTERS_WORKSHOP_PRICE, ())
    )


def use_anytime_building(g: Game, p: PlayerState, move: Move) -> None:
    """Carry out one use of an anytime building; anything not offered now is refused."""
    if not isinstance(move, UseBuilding) or move not in anytime_building_moves(g, p):
        raise ValueError(f"no anytime building of {p.name} can do {move} now")
    b = move.building
    g.stats[f"ability:{b}"] += 1
    if b == "carpenters_workshop":
        pay(g, p, CARPENTERS_WORKSHOP_PRICE)
        upgrade_stall(g, p, homeboard.parse_space(move.option))
        g.emit(ActionUsed(p.index, b, t("a Stall becomes a Stable for 4 Food and 1 Brick")))
        return
    ex = ANYTIME_EXCHANGES[b]
    pay(g, p, ex.price)
    for good, n in ex.goods:
        gain(g, p, good, n)
    for animal, n in ex.animals:
        animals.gain_animals(g, p, animal, n)
    g.emit(ActionUsed(p.index, b, ex.label()))
    if ex.cut and homeboard.moors_with_peat(p):
        # The Peat comes off one of the player's Moors: ask which when there is a choice.
        g.push(Script(p.index, [CutPeatStep("fixed:1", optional=False)], source=b))
