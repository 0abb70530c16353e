"""Home Board tiles, Equipment, supply limits and the Warden's flips (RULES-DECISIONS.md)."""

from __future__ import annotations

from enum import StrEnum

import attrs


class Tile(StrEnum):
    """Tiles that lie on a Home Board land space (buildings are named by their building id)."""

    GRAIN_FIELD = "grain_field"
    FLAX_FIELD = "flax_field"
    FOREST = "forest"
    PARK = "park"
    STALL = "stall"
    DEPOT = "depot"
    STABLE = "stable"
    DOUBLE_STALL = "double_stall"


class Equipment(StrEnum):
    PLOW = "plow"
    PEAT_BOAT = "peat_boat"
    HANDCART = "handcart"
    WAGON = "wagon"
    CART = "cart"
    HORSE_CART = "horse_cart"
    CARRIAGE = "carriage"
    DROSHKY = "droshky"


FIELDS = (Tile.GRAIN_FIELD, Tile.FLAX_FIELD)

#: VP of each Home Board tile (rulebook scoring "VP on Home Board"; Depot and Double Stall from
#: RULES-DECISIONS.md "Double Stall and Depot VP").
TILE_VP: dict[Tile, int] = {
    Tile.GRAIN_FIELD: 0,
    Tile.FLAX_FIELD: 0,
    Tile.FOREST: 2,
    Tile.PARK: 6,
    Tile.STALL: 2,
    Tile.DEPOT: 2,
    Tile.STABLE: 6,
    Tile.DOUBLE_STALL: 9,
}

#: A stack of double-sided tiles shares one supply limit (RULES-DECISIONS.md "Supply limits").
STACK_OF: dict[Tile | Equipment, str] = {
    Tile.FOREST: "forest_park",
    Tile.PARK: "forest_park",
    Tile.STALL: "stall_depot",
    Tile.DEPOT: "stall_depot",
    Tile.STABLE: "stable_double_stall",
    Tile.DOUBLE_STALL: "stable_double_stall",
    Tile.GRAIN_FIELD: "field",
    Tile.FLAX_FIELD: "field",
    Equipment.CART: "cart_horse_cart",
    Equipment.HORSE_CART: "cart_horse_cart",
    Equipment.CARRIAGE: "carriage_droshky",
    Equipment.DROSHKY: "carriage_droshky",
    Equipment.HANDCART: "handcart_wagon",
    Equipment.WAGON: "handcart_wagon",
    Equipment.PEAT_BOAT: "peat_boat_plow",
    Equipment.PLOW: "peat_boat_plow",
}

#: Tiles in the game for both players together (RULES-DECISIONS.md "Supply limits").
SUPPLY_LIMITS: dict[str, int] = {
    "forest_park": 5,
    "stall_depot": 7,
    "stable_double_stall": 3,
    "field": 14,
    "cart_horse_cart": 3,
    "carriage_droshky": 3,
    "handcart_wagon": 2,
    "peat_boat_plow": 6,
}

#: The only flips a Warden, Dike Warden or Berum Castle may make (RULES-DECISIONS.md).
FLIPS: dict[Tile | Equipment, Tile | Equipment] = {
    Equipment.PEAT_BOAT: Equipment.PLOW,
    Equipment.HANDCART: Equipment.WAGON,
    Equipment.CART: Equipment.HORSE_CART,
    Equipment.CARRIAGE: Equipment.DROSHKY,
    Tile.STALL: Tile.DEPOT,
    Tile.STABLE: Tile.DOUBLE_STALL,
    Tile.FOREST: Tile.PARK,
}
#: Moor -> Dehydrated Moor is the eighth flip; moors are not tiles of this table.
MOOR_FLIP = "moor"


@attrs.frozen
class EquipmentInfo:
    kind: Equipment
    name: str
    large: bool
    vp: int
    #: Wood and Horses to build it (the rulebook's vehicle table); Plow also takes Cattle or Horse.
    wood: int
    horses: int
    #: Loading spaces, left to right: 1 for a Single Space, 2 for a Double Space. Empty: no load.
    spaces: tuple[int, ...]
    #: Adjacent spaces combine into one larger space (Large Vehicles only, never the Wagon).
    combinable: bool


EQUIPMENT: dict[Equipment, EquipmentInfo] = {
    e.kind: e
    for e in (
        EquipmentInfo(Equipment.PLOW, "Plow", False, 3, 1, 0, (), False),
        EquipmentInfo(Equipment.PEAT_BOAT, "Peat Boat", False, 1, 1, 0, (), False),
        EquipmentInfo(Equipment.HANDCART, "Handcart", False, 0, 2, 0, (1,), False),
        EquipmentInfo(Equipment.WAGON, "Wagon", False, 1, 4, 0, (1, 1), False),
        EquipmentInfo(Equipment.CART, "Cart", True, 1, 5, 1, (1, 1, 1), True),
        EquipmentInfo(Equipment.HORSE_CART, "Horse Cart", True, 2, 7, 1, (1, 1, 1, 1), True),
        EquipmentInfo(Equipment.CARRIAGE, "Carriage", True, 4, 4, 2, (1, 2), True),
        EquipmentInfo(Equipment.DROSHKY, "Droshky", True, 5, 6, 2, (1, 2, 1), True),
    )
}

VEHICLES = tuple(k for k, e in EQUIPMENT.items() if e.spaces)

#: Barn: 4 spaces for small Equipment, 3 for Large Vehicles; the lowest large one may hold a
#: small piece instead (rulebook "Space is limited in the Barn").
BARN_SMALL = 4
BARN_LARGE = 3


def barn_fits(small: int, large: int) -> bool:
    """Whether ``small`` small pieces and ``large`` Large Vehicles fit in one Barn."""
    if large > BARN_LARGE or small < 0 or large < 0:
        return False
    return small <= BARN_SMALL + min(1, BARN_LARGE - large)
