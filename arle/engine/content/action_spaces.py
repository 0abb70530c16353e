"""The 30 action spaces as data: each is a list of steps (rulebook pp. 12-13).

Identifiers are season-qualified ("summer.grocer", "winter.grocer") so that the spaces sharing a
name stay apart, and the winter "Wood Trader" space never meets the building of that name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from ..interpreter.state import PlayerState
from ..interpreter.steps import (
    AndOr,
    CutPeatStep,
    Dehydrate,
    DikeStep,
    Gain,
    GainPer,
    MasterStep,
    OneOf,
    Option,
    PayCost,
    PlaceNewTile,
    Step,
    TakeAnimal,
    TakeGood,
    ToolUp,
)
from ..rules.build import BuildBuilding, BuildStall, StallToStable
from ..rules.conversions import Convert
from ..rules.equipment_steps import BuildPeatBoat, BuildPlow, BuildVehicle, PlowFields
from ..rules.imitation import Imitate
from ..rules.payments import cost
from ..rules.supply import pay
from ..rules.warden import UpgradeTile
from .goods import Animal, Good
from .text import Text, noun, t
from .tiles import Tile
from .tools import Tool

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.steps import Decision


@attrs.frozen
class PayFoodOrGrain(Step):
    """Wood Trader: pay 1 Food, or 1 Grain only when you have no Food left (rulebook ↻6)."""

    def possible(self, g: Game, p: PlayerState) -> bool:
        return p.goods[Good.FOOD] > 0 or p.goods[Good.GRAIN] > 0

    def run(self, g: Game, p: PlayerState) -> Decision | None:
        good = Good.FOOD if p.goods[Good.FOOD] > 0 else Good.GRAIN
        pay(g, p, ((good, 1),))
        return None


#: The seasons' names, as "Summer: Fisherman" reads.
SEASON_NAMES = {"summer": "Summer", "winter": "Winter"}


@attrs.frozen
class ActionSpace:
    id: str
    name: str
    season: str
    text: str
    steps: tuple[Any, ...]
    #: The up-front payment (the first step, when it pays): found once, asked at every listing.
    gate: PayCost | PayFoodOrGrain | None = attrs.field(init=False, eq=False, repr=False)

    @gate.default
    def _gate(self) -> PayCost | PayFoodOrGrain | None:
        first = self.steps[0]
        return first if isinstance(first, PayCost | PayFoodOrGrain) else None

    def placeable(self, g: Game, p: PlayerState) -> bool:
        """A Worker may go here when the action's up-front payment can be made."""
        gate = self.gate
        return gate is None or gate.possible(g, p)


def season_and_name(space: ActionSpace) -> Text:
    """ "Summer: Grocer": the season tells the two spaces of one name apart."""
    return t("{season}: {space}", season=noun(SEASON_NAMES[space.season]), space=noun(space.name))


def _gain(**goods: int) -> Gain:
    return Gain(goods=tuple((Good(k), v) for k, v in goods.items()))


def _animal(a: Animal, n: int = 1) -> Gain:
    return Gain(animals=((a, n),))


S, C, H = Animal.SHEEP, Animal.CATTLE, Animal.HORSE

SUMMER = (
    ActionSpace("summer.fisherman", "Fisherman", "summer",
                "Take 1 Sheep. Move your Fish Trap indicator 1 space. Then 1 Food per Fish Trap.",
                (_animal(S), ToolUp(Tool.FISH_TRAP), GainPer(Good.FOOD, "tool:fish_trap"))),
    ActionSpace("summer.grocer", "Grocer", "summer",
                "Take 1 Timber, Brick, Sheep, Cattle or Horse; and 1 Grain and 1 Leather.",
                (OneOf((Option("timber", "1 Timber", (_gain(timber=1),)),
                        Option("brick", "1 Brick", (_gain(brick=1),)),
                        Option("sheep", "1 Sheep", (_animal(S),)),
                        Option("cattle", "1 Cattle", (_animal(C),)),
                        Option("horse", "1 Horse", (_animal(H),)))),
                 _gain(grain=1, leather=1))),
    ActionSpace("summer.woolen_weaver", "Woolen Weaver", "summer",
                "Per Weaving Loom, you may turn 1 Wool into 1 Woolen.",
                (Convert("wool_to_woolen", "tool:weaving_loom"),)),
    ActionSpace("summer.colonist", "Colonist", "summer",
                "Take 1 Horse and/or dehydrate a Moor (flip it and put 4 Peat on it).",
                (AndOr((Option("horse", "take 1 Horse", (_animal(H),)),
                        Option("dehydrate", "dehydrate a Moor", (Dehydrate(),)))),)),
    ActionSpace("summer.peat_cutter", "Peat Cutter", "summer",
                "Per Spade, you may cut 1 Peat off your Moor tiles.",
                (CutPeatStep("tool:spade"),)),
    ActionSpace("summer.dike_builder", "Dike Builder", "summer",
                "Take 1 Sheep or 1 Cattle and/or move 1 Dike per pair of Shovels.",
                (AndOr((Option("animal", "take 1 Sheep or Cattle", (TakeAnimal((S, C)),)),
                        Option("dikes", "build Dikes", (DikeStep("shovel_pairs"),)))),)),
    ActionSpace("summer.clay_worker", "Clay Worker", "summer", "Take 1 Clay per Shovel.",
                (GainPer(Good.CLAY, "tool:shovel"),)),
    ActionSpace("summer.farmer", "Farmer", "summer",
                "Build a Plow (1 Wood and 1 Cattle or Horse) and/or plow 1 Field per Plow.",
                (AndOr((Option("plow", "build a Plow", (BuildPlow(),)),
                        Option("fields", "plow Fields", (PlowFields(),)))),)),
    ActionSpace("summer.forester", "Forester", "summer",
                "Pay 1 Food, then take a Forest or build a Building.",
                (PayCost(cost(food=1)),
                 OneOf((Option("forest", "take a Forest", (PlaceNewTile(Tile.FOREST.value),)),
                        Option("building", "build a Building", (BuildBuilding(),)))))),
    ActionSpace("summer.woodcutter", "Woodcutter", "summer", "Take 1 Wood per Axe.",
                (GainPer(Good.WOOD, "tool:axe"),)),
    ActionSpace("summer.master", "Master", "summer",
                "Per Workbench, move a different Tool indicator 1 space, paying its cost.",
                (MasterStep(),)),
    ActionSpace("summer.carpenter", "Carpenter", "summer",
                "Build a Building, or build a Stall for 2 Clay and 1 Grain.",
                (OneOf((Option("building", "build a Building", (BuildBuilding(),)),
                        Option("stall", "build a Stall", (BuildStall(),)))),)),
    ActionSpace("summer.builder", "Builder", "summer", "Build a Building.", (BuildBuilding(),)),
    ActionSpace("summer.warden", "Warden", "summer", "Flip a tile with the arrow symbol for free.",
                (UpgradeTile(),)),
    ActionSpace("summer.laborer", "Laborer", "summer",
                "Pay 2 Food, then build a Vehicle or imitate an occupied summer space.",
                (PayCost(cost(food=2)),
                 OneOf((Option("vehicle", "build a Vehicle", (BuildVehicle(),)),
                        Option("imitate", "imitate a space", (Imitate("summer"),)))))),
)

WINTER = (
    ActionSpace("winter.peat_boatman", "Peat Boatman", "winter",
                "Take 3 Peat and 1 more per Peat Boat.",
                (_gain(peat=3), GainPer(Good.PEAT, "equipment:peat_boat"))),
    ActionSpace("winter.tanner", "Tanner", "winter",
                "Per Fleshing Beam, you may turn 1 Hide into 1 Leather.",
                (Convert("hide_to_leather", "tool:fleshing_beam"),)),
    ActionSpace("winter.linen_weaver", "Linen Weaver", "winter",
                "Per Weaving Loom, you may turn 1 Flax into 1 Linen.",
                (Convert("flax_to_linen", "tool:weaving_loom"),)),
    ActionSpace("winter.butcher", "Butcher", "winter",
                "Per Slaughtering Table, turn 1 Animal into 3 Food and 2 Hides (+1 Food a Cattle).",
                (Convert("slaughter", "tool:slaughtering_table"),)),
    ActionSpace("winter.cattle_trader", "Cattle Trader", "winter",
                "Take 2 Grain and 1 Sheep, and 1 Cattle or 1 Horse.",
                (Gain(goods=((Good.GRAIN, 2),), animals=((S, 1),)), TakeAnimal((C, H)))),
    ActionSpace("winter.grocer", "Grocer", "winter",
                "Cut 1 Peat; take 1 Animal of any type, 1 Wood and 1 Clay.",
                (CutPeatStep("fixed:1", optional=False), TakeAnimal((S, C, H)),
                 _gain(wood=1, clay=1))),
    ActionSpace("winter.builders_merchant", "Builder's Merchant", "winter",
                "Take 2 Hides, 1 Wood or 1 Clay, and 1 Timber or 1 Brick.",
                (_gain(hide=2), TakeGood((Good.WOOD, Good.CLAY)),
                 TakeGood((Good.TIMBER, Good.BRICK)))),
    ActionSpace("winter.potter", "Potter", "winter",
                "Per Pottery Wheel, you may turn 1 Clay into 3 Food and 1 Peat.",
                (Convert("clay_to_food", "tool:pottery_wheel"),)),
    ActionSpace("winter.baker", "Baker", "winter",
                "Per Oven, you may turn 1 Grain and 1 Peat into 6 Food (Flax when out of Grain, "
                "Wood when out of Peat).",
                (Convert("bake", "tool:oven"),)),
    ActionSpace("winter.wood_trader", "Wood Trader", "winter",
                "Pay 1 Food (Grain if you have no Food), then take 4 Wood or build a Building.",
                (PayFoodOrGrain(),
                 OneOf((Option("wood", "take 4 Wood", (_gain(wood=4),)),
                        Option("building", "build a Building", (BuildBuilding(),)))))),
    ActionSpace("winter.master", "Master", "winter",
                "Per Workbench, move a different Tool indicator 1 space, paying its cost.",
                (MasterStep(),)),
    ActionSpace("winter.wainwright", "Wainwright", "winter",
                "Build a Vehicle and/or build 1 Peat Boat (1 Wood).",
                (AndOr((Option("vehicle", "build a Vehicle", (BuildVehicle(),)),
                        Option("peat_boat", "build a Peat Boat", (BuildPeatBoat(),)))),)),
    ActionSpace("winter.carpenter", "Carpenter", "winter",
                "Build a Stall (2 Clay, 1 Grain), or upgrade a Stall to a Stable for 2 Bricks.",
                (OneOf((Option("stall", "build a Stall", (BuildStall(),)),
                        Option("stable", "upgrade a Stall to a Stable", (StallToStable(),)))),)),
    ActionSpace("winter.dike_warden", "Dike Warden", "winter",
                "Flip a tile with the arrow symbol for free, and build 1 Dike.",
                (UpgradeTile(), DikeStep("fixed:1"))),
    ActionSpace("winter.laborer", "Laborer", "winter",
                "Pay 2 Food, then build a Building or imitate an occupied winter space.",
                (PayCost(cost(food=2)),
                 OneOf((Option("building", "build a Building", (BuildBuilding(),)),
                        Option("imitate", "imitate a space", (Imitate("winter"),)))))),
)

ACTION_SPACES: dict[str, ActionSpace] = {a.id: a for a in (*SUMMER, *WINTER)}
LABORERS = ("summer.laborer", "winter.laborer")
