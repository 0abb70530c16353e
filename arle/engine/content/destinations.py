"""The 9 Travel Destinations: size and what each buys (rulebook "Index of Travel Destination
Tiles"). The selling rules live in ``travel``."""

from __future__ import annotations

import attrs


@attrs.frozen
class Sale:
    """One item a destination buys once: ``key`` identifies it, ``food`` is what it pays."""

    key: str
    label: str
    food: int


@attrs.frozen
class Destination:
    id: str
    name: str
    size: int
    sales: tuple[Sale, ...]


DESTINATIONS: dict[str, Destination] = {
    d.id: d
    for d in (
        Destination("hage", "Hage", 1, (Sale("field", "remove a Field", 1),)),
        Destination("beemoor", "Beemoor", 1, (Sale("peat", "1 Peat", 2),)),
        Destination("dornum", "Dornum", 1, (Sale("plow", "return a Plow", 8),)),
        Destination("norden", "Norden", 2, (
            Sale("sheep", "1 Sheep", 4),
            Sale("winter_wear", "1 Winter Wear", 7),
            Sale("peat_boat", "return a Peat Boat", 5),
        )),
        Destination("aurich", "Aurich", 2, (
            Sale("leather", "1 Leather", 4),
            Sale("horse", "1 Horse", 5),
            Sale("animal", "1 Animal of any type", 4),
        )),
        Destination("esens", "Esens", 2, (
            Sale("grain2", "2 Grain", 4),
            Sale("hide", "1 Hide", 2),
            Sale("woolen", "1 Woolen", 4),
        )),
        Destination("emden", "Emden", 3, (
            Sale("winter_wear", "1 Winter Wear", 7),
            Sale("leather_wear", "1 Leather Wear", 7),
            Sale("summer_wear", "1 Summer Wear", 6),
            Sale("peat", "1 Peat", 3),
        )),
        Destination("leer", "Leer", 3, (
            Sale("flax", "1 Flax", 2),
            Sale("linen", "1 Linen", 3),
            Sale("cattle", "1 Cattle", 5),
            Sale("wear", "1 Summer, Winter or Leather Wear", 6),
        )),
        Destination("bremen", "Bremen", 4, (
            Sale("timber", "1 Timber", 5),
            Sale("animals2", "2 Animals of the same type", 9),
            Sale("fabrics", "1 Linen, 1 Woolen and 1 Leather", 12),
            Sale("wears", "1 Summer, 1 Winter and 1 Leather Wear", 30),
            Sale("moor", "remove a Moor tile", 0),
        )),
    )
}

DESTINATION_ORDER: tuple[str, ...] = tuple(DESTINATIONS)
