"""Every number that RULES-DECISIONS.md decides, in one table, and the notes the game shows.

A variant or a later correction is a one-line change here.
"""

from __future__ import annotations

import attrs

#: Milking (November): Food for at least 2/5/7 Sheep and 1/3/5 Cattle, at most 6 in total.
MILKING_SHEEP = (2, 5, 7)
MILKING_CATTLE = (1, 3, 5)
#: Shearing (May): Wool for at least 1/4/6 Sheep, at most 3.
SHEARING_SHEEP = (1, 4, 6)
SUSTENANCE_FOOD = 3
SUSTENANCE_PEAT_NOVEMBER = 2
BOTTLENECK_VP = 2
START_GOODS = {"wood": 4, "clay": 4, "peat": 3}
#: Goods Track at setup: Food 5, Grain 1, Hide 2, Flax 3, Wool 4.
START_TRACK = {"food": 5, "grain": 1, "hide": 2, "flax": 3, "wool": 4}
SLUICE_YARD_FISH_TRAP_SPACES = 2
TRAVEL_TRACK_SPACES = 19
SOLO_TARGET = 110
HALF_YEARS = 9
WORKERS = 4


def travel_vp(covered: int) -> int:
    """Travel Experience: ceil(covered spaces / 2), at most 10 (an assumption: see notes)."""
    return min(10, (covered + 1) // 2)


@attrs.frozen
class RulesNote:
    topic: str
    text: str


RULES_NOTES: tuple[RulesNote, ...] = (
    RulesNote("Milking", "Sheep give 1/2/3 Food for 2/5/7 Sheep (the rulebooks' 2/5/7; the online "
              "version says 8). Cattle give 1/2/3 Food for 1/3/5 Cattle. At most 6 Food."),
    RulesNote("Sluice Yard Inn", "The Fish Trap indicator moves 2 spaces (French rulebook and "
              "online version), then 1 Wood per Fish Trap."),
    RulesNote("Colonist's House", "Pay 2 Wool (not Woolen) for 1 Clay and cut 1 Peat."),
    RulesNote("Weaving Mill", "Costs 2 Bricks and either 10 Flax or 10 Wool."),
    RulesNote("Clothing", "Summer, Winter and Leather Wear are worth 2 VP each."),
    RulesNote("Small Boardwalk", "Left on the board at the end, it costs 1 VP like any dehydrated "
              "Moor."),
    RulesNote("Travel Experience", "The rulebook does not print each space's value. We use VP = "
              "covered spaces / 2 rounded up, so the full 19 spaces give the maximum of 10 VP."),
    RulesNote("Double Stall and Depot", "A Double Stall is worth 9 VP, a Depot 2, a Park 6, a "
              "Forest 2."),
    RulesNote("Tile upgrades", "Warden, Dike Warden and Berum Castle may flip: Peat Boat to Plow, "
              "Handcart to Wagon, Cart to Horse Cart, Carriage to Droshky, Moor to Dehydrated Moor "
              "(with 4 Peat), Stall to Depot, Stable to Double Stall, Forest to Park."),
    RulesNote("Final turn", "After the last Worker is placed, each player, in the order of the "
              "next half-year, has a last turn for anytime actions (loading vehicles above all) "
              "and ends the Work Phase with a click."),
    RulesNote("New Animals", "Animals you gain go to a fitting place automatically; you can "
              "rearrange them during the Work Phase. If none fits, you choose what to release. "
              "You may release Animals to the general supply at any time, also in inventorying "
              "or while paying (keeping the Animals the payment asks for)."),
    RulesNote("Paying Animals", "Animals paid for Sustenance are of the type you choose. Paid "
              "Animals (for Sustenance, Plows and Vehicles) leave Dikes, pastures and Parks before "
              "Stalls and Stables, so that breeding pairs stay together."),
    RulesNote("Laborer", "The Laborer cannot imitate a Laborer space. Taken as the other-season "
              "action it finds no occupied space of its own season to imitate (Workers leave the "
              "board at the end of each Work Phase), so it can only build (a Vehicle with the Summer "
              "Laborer, a Building with the Winter one)."),
    RulesNote("And/or", "The parts of an \"and/or\" space (Colonist, Dike Builder, Farmer, "
              "Wainwright) may be taken in any order, each once; only a brown line (Fisherman) "
              "fixes the order."),
    RulesNote("Paying with Timber and Brick", "Timber pays for Wood and Brick for Clay everywhere, "
              "so an Inn's \"2 different Building Materials\" may be paid with 2 Timber (for Wood "
              "and Timber) or 2 Bricks (for Clay and Brick)."),
    RulesNote("Warden", "The flip is your choice, even of your only tile: you may flip nothing. A "
              "flipped Vehicle keeps its load. Animals leave a Stall turned Depot; a Stable turned "
              "Double Stall keeps 3 Animals in each half."),
    RulesNote("Weaving Parlor and Colonist's House", "The Peat you cut is a bonus: with no Peat "
              "left on your Moors you may still pay 3 Flax for 1 Linen (2 Wool for 1 Clay)."),
    RulesNote("Anytime buildings", "A dark green building is offered only when its use gains you "
              "something (no Schnapps at 30 Food), and not while a payment is under way (or about to "
              "be, as the 2 Bricks of a Stall being turned into a Stable) if the use would spend "
              "what that payment needs."),
    RulesNote("Cut Peat actions", "The Cut Peat actions of the Turnery, Smokehouse, Saddlery and "
              "Milk House Inn, like the Peat Cutter's, may be stopped early; a Park is not a "
              "Forest for the Turnery."),
    RulesNote("Workshop", "Its Master action moves exactly one Tool indicator, paying the cost; "
              "you may leave it unused."),
    RulesNote("Smithy", "A Peat Boat turns over into a Plow; a Handcart or Wagon becomes a Plow "
              "only while Peat Boat/Plow tiles are left. A vehicle's load is lost with it."),
    RulesNote("Cooperage", "Food has two indicators, so Food rises 2/4/6; every indicator stops "
              "at the end of the Goods Track."),
    RulesNote("Gulf House Inn", "A Depot is no longer a Stall and a Double Stall no longer a "
              "Stable: a Depot gives nothing, a Double Stall 2 Timber and no Brick."),
    RulesNote("Milk House Inn", "The new Cattle counts for the Cut Peat actions only if you keep "
              "it."),
    RulesNote("Loading vehicles", "You may load vehicles at any time of your turns in the Work Phase, "
              "in the middle of an action too, but not while you are choosing how to pay or selling "
              "at a destination."),
    RulesNote("Travel Destinations", "If nothing can be sold any more before your first sale, the "
              "tile goes back to your storage board."),
    RulesNote("Paying with a sale", "A build action (Building, Stall, Stable, Plow, Peat Boat, "
              "Vehicle), the Laborer's imitation, a conversion or a Master move with nothing "
              "affordable waits, with Done, while a sale at a Travel Destination, a Peat Boat trade "
              "or an anytime building could still pay for it (rulebook p. 12); with nothing that "
              "could, it ends at once."),
    RulesNote("Before November", "With several light green buildings you use them in the order "
              "you like, but what they say you receive (Farmer's House 1 Clay, Novice's Hut 1 Grain "
              "and 1 Dike, Workshop 1 Wood) may not be skipped: Done is offered only when what is "
              "left is optional (the Plow Maker's Workshop's Field). The Farmer's House's cut and "
              "the Workshop's Master move stay optional."),
)
