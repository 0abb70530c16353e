"""Goods, animals and the caps of the Goods Track (rulebook: "The Goods Track", "Limited Components")."""

from __future__ import annotations

from enum import StrEnum


class Good(StrEnum):
    """Everything a player owns as a count: Goods Track goods and personal-supply tiles."""

    FOOD = "food"
    GRAIN = "grain"
    FLAX = "flax"
    WOOL = "wool"
    HIDE = "hide"
    WOOD = "wood"
    CLAY = "clay"
    TIMBER = "timber"
    BRICK = "brick"
    PEAT = "peat"
    LINEN = "linen"
    WOOLEN = "woolen"
    LEATHER = "leather"
    SUMMER_WEAR = "summer_wear"
    WINTER_WEAR = "winter_wear"
    LEATHER_WEAR = "leather_wear"


class Animal(StrEnum):
    SHEEP = "sheep"
    CATTLE = "cattle"
    HORSE = "horse"


ANIMALS: tuple[Animal, ...] = (Animal.SHEEP, Animal.CATTLE, Animal.HORSE)

#: Goods shown by indicators on the Goods Track; everything else is a token or tile in the supply.
TRACK_GOODS: tuple[Good, ...] = (Good.FOOD, Good.GRAIN, Good.FLAX, Good.WOOL, Good.HIDE)

#: Food has two indicators (up to 30); the other track goods stop at 15. Excess is lost.
TRACK_CAP = 15
FOOD_CAP = 30

BUILDING_MATERIALS: tuple[Good, ...] = (Good.WOOD, Good.CLAY, Good.TIMBER, Good.BRICK)
FABRICS: tuple[Good, ...] = (Good.LINEN, Good.WOOLEN, Good.LEATHER)
CLOTHING: tuple[Good, ...] = (Good.SUMMER_WEAR, Good.WINTER_WEAR, Good.LEATHER_WEAR)

#: Loading a fabric onto a vehicle turns it into this piece of clothing.
WEAR_OF: dict[Good, Good] = {
    Good.LINEN: Good.SUMMER_WEAR,
    Good.WOOLEN: Good.WINTER_WEAR,
    Good.LEATHER: Good.LEATHER_WEAR,
}

#: "You can always pay Timber instead of Wood and Brick instead of Clay."
SUBSTITUTE: dict[Good, Good] = {Good.WOOD: Good.TIMBER, Good.CLAY: Good.BRICK}


def cap_of(good: Good) -> int | None:
    """The most a player can hold of ``good``; None for the unlimited personal supply."""
    return _CAPS.get(good)


#: ``cap_of`` as a table (asked at every gain): Food, then the Goods Track.
_CAPS: dict[Good, int] = {**{g: TRACK_CAP for g in TRACK_GOODS}, Good.FOOD: FOOD_CAP}
