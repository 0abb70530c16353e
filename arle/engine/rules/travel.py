"""Selling at a Travel Destination (rulebook "Loading Vehicles", "Details on Vehicles" and the
"Index of Travel Destination Tiles").

A destination is used the moment it is loaded: the player sells its depicted items one at a time,
each at most once, at least one, and then finishes. Goods come from the personal supply and the
Goods Track only (never from vehicles: loads reach the supply when vehicles are emptied), a Plow
or Peat Boat from the Barn, a Field or Moor tile from the Home Board. Food is capped at 30.

Option keys: the sale key of ``destinations`` ("peat", "grain2"...), or "<sale key>:<what>" where
the sale needs a choice: "field:<row>,<col>" (Hage), "animal:<type>" (Aurich's any Animal),
"animals2:<type>" (Bremen's pair), "wear:<wear>" (Leer), "moor:<id>" (Bremen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..content.destinations import DESTINATIONS
from ..content.goods import ANIMALS, CLOTHING, Animal, Good
from ..content.text import Text, join, noun, t
from ..content.tiles import FIELDS, Equipment, Tile
from ..content.words import counted
from ..interpreter.events import DestinationSold
from ..interpreter.moves import Choose, Done
from ..interpreter.state import PlayerState
from ..interpreter.steps import Decision, OptionKind
from . import animals, barn, homeboard
from .payments import Bundle, can_afford
from .supply import gain, pay, return_tile

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move

#: Sales paid with goods from the personal supply or the Goods Track.
GOODS_SALES: dict[str, Bundle] = {
    "peat": ((Good.PEAT, 1),),
    "winter_wear": ((Good.WINTER_WEAR, 1),),
    "leather_wear": ((Good.LEATHER_WEAR, 1),),
    "summer_wear": ((Good.SUMMER_WEAR, 1),),
    "leather": ((Good.LEATHER, 1),),  # Aurich: Leather Wear can't replace it
    "grain2": ((Good.GRAIN, 2),),  # Esens: exactly 2 Grain, never 1
    "hide": ((Good.HIDE, 1),),
    "woolen": ((Good.WOOLEN, 1),),
    "flax": ((Good.FLAX, 1),),
    "linen": ((Good.LINEN, 1),),  # Leer: Summer Wear can't replace it
    "timber": ((Good.TIMBER, 1),),
    "fabrics": ((Good.LINEN, 1), (Good.WOOLEN, 1), (Good.LEATHER, 1)),
    "wears": ((Good.SUMMER_WEAR, 1), (Good.WINTER_WEAR, 1), (Good.LEATHER_WEAR, 1)),
}
#: Sales of one Animal of a fixed type.
ANIMAL_SALES: dict[str, Animal] = {"sheep": Animal.SHEEP, "horse": Animal.HORSE, "cattle": Animal.CATTLE}
#: Sales of Animals of one type the player chooses: how many of that type.
ANY_ANIMAL_SALES: dict[str, int] = {"animal": 1, "animals2": 2}
#: Sales that return a piece of Equipment from the Barn to the supply board.
EQUIPMENT_SALES: dict[str, Equipment] = {"plow": Equipment.PLOW, "peat_boat": Equipment.PEAT_BOAT}


def sale_key(option: str) -> str:
    return option.partition(":")[0]


def owned_animals(p: PlayerState, animal: Animal) -> int:
    """Every Animal of the type the player has, those still waiting for a place included."""
    return sum(h.get(animal, 0) for h in p.animals.values())


def _fields(p: PlayerState) -> list[str]:
    spaces = sorted(s for s, t in p.tiles.items() if t in FIELDS)
    return [homeboard.space_id(s) for s in spaces]


def option_keys(p: PlayerState, key: str) -> list[str]:
    """The ways the player can make the sale ``key`` now (empty: not now)."""
    if key in GOODS_SALES:
        return [key] if can_afford(GOODS_SALES[key], p.goods) else []
    if key in ANIMAL_SALES:
        return [key] if owned_animals(p, ANIMAL_SALES[key]) >= 1 else []
    if key in ANY_ANIMAL_SALES:
        n = ANY_ANIMAL_SALES[key]
        return [f"{key}:{a.value}" for a in ANIMALS if owned_animals(p, a) >= n]
    if key in EQUIPMENT_SALES:
        return [key] if barn.count(p, EQUIPMENT_SALES[key]) else []
    if key == "field":
        return [f"field:{s}" for s in _fields(p)]
    if key == "wear":
        return [f"wear:{w.value}" for w in CLOTHING if p.goods[w] >= 1]
    if key == "moor":
        return [f"moor:{m.id}" for m in p.moors]
    raise ValueError(f"unknown sale {key!r}")


def sale_options(p: PlayerState, dest: str, sold: list[str] | tuple[str, ...] = ()) -> list[str]:
    """Every option the player may sell at ``dest`` now, the items already sold left out."""
    return [
        option
        for sale in DESTINATIONS[dest].sales
        if sale.key not in sold
        for option in option_keys(p, sale.key)
    ]


def can_sell_any(g: Game, p: PlayerState, dest: str) -> bool:
    """Loading ``dest`` is legal only if at least one of its items can be sold at once."""
    return any(option_keys(p, sale.key) for sale in DESTINATIONS[dest].sales)


def sell(g: Game, p: PlayerState, dest: str, option: str) -> int:
    """Sell one item at ``dest``: pay it, take its Food (capped at 30). Returns the Food gained."""
    key, _, what = option.partition(":")
    sale = next(s for s in DESTINATIONS[dest].sales if s.key == key)
    if option not in option_keys(p, key):
        raise ValueError(f"{option!r} can't be sold at {DESTINATIONS[dest].name} now")
    if key in GOODS_SALES:
        pay(g, p, GOODS_SALES[key])
    elif key in ANIMAL_SALES:
        animals.remove_animals(g, p, ANIMAL_SALES[key], 1)
    elif key in ANY_ANIMAL_SALES:
        animals.remove_animals(g, p, Animal(what), ANY_ANIMAL_SALES[key])
    elif key in EQUIPMENT_SALES:
        piece = next(e for e in p.barn if e.kind == EQUIPMENT_SALES[key])
        barn.return_piece(g, p, piece.id)
    elif key == "field":
        tile = homeboard.remove_tile(g, p, homeboard.parse_space(what))
        return_tile(g, Tile(tile))
    elif key == "wear":
        pay(g, p, ((Good(what), 1),))
    elif key == "moor":
        homeboard.remove_moor(g, p, int(what))  # its Peat, if any, is lost
    food = gain(g, p, Good.FOOD, sale.food)
    g.emit(DestinationSold(p.index, dest, option, food))
    return food


def option_label(dest: str, option: str, small_moors: frozenset[int] = frozenset()) -> Text:
    """Words for a sale option, for prompts and the interface (``small_moors``: the ids of the
    player's Small Boardwalk, named as the Home Board names it)."""
    key, _, what = option.partition(":")
    sale = next(s for s in DESTINATIONS[dest].sales if s.key == key)
    if key == "field":  # (the row and column as the Home Board shows them, from 1)
        row, _, col = what.partition(",")
        text = t("remove the Field at row {row}, column {col}", row=int(row) + 1, col=int(col) + 1)
    elif key in ANY_ANIMAL_SALES:
        text = counted(what, ANY_ANIMAL_SALES[key])
    elif key == "wear":
        text = counted(what, 1)
    elif key == "moor":
        text = t("remove the Small Boardwalk") if int(what) in small_moors \
            else t("remove Moor {n}", n=int(what) + 1)  # (the Home Board counts them from 1)
    else:
        text = noun(sale.label)
    return t("{sale} ({food})", sale=text, food=counted(Good.FOOD, sale.food)) if sale.food else text


def _small(p: PlayerState) -> frozenset[int]:
    return frozenset(m.id for m in p.moors if m.small)


@attrs.define
class SaleDecision(Decision):
    """The destination just loaded on vehicle ``vehicle``: sell items one at a time (each once),
    at least one, then Done. Should every sale have become impossible before the first one (a
    Peat Boat trade, a returned Plow...), Done takes the tile back to the storage board."""

    destination: str = ""
    vehicle: int = -1
    sold: list[str] = attrs.Factory(list)
    answers = (Choose, Done)
    option_kind = OptionKind.SALE
    shown_on = "storage"
    allows_loading = False  # one sale at a time
    auto_single = True

    def prompt(self, g: Game) -> Text:
        name = noun(DESTINATIONS[self.destination].name)
        p = g.state.players[self.player]
        labels = join(option_label(self.destination, o, _small(p))
                      for o in sale_options(p, self.destination, self.sold))
        if not self.sold:
            return t("{destination}: make at least one of these sales: {sales}", destination=name,
                     sales=labels)
        if labels.params:
            return t("{destination}: more sales you may make: {sales}", destination=name, sales=labels)
        return t("{destination}: done", destination=name)

    def option_text(self, g: Game, option: str) -> Text:
        return option_label(self.destination, option, _small(g.state.players[self.player]))

    def options(self, g: Game) -> list[Move]:
        p = g.state.players[self.player]
        moves: list[Move] = [Choose(o) for o in sale_options(p, self.destination, self.sold)]
        if self.sold or not moves:
            moves.append(Done())
        return moves

    def choose(self, g: Game, move: Move) -> None:
        p = g.state.players[self.player]
        if isinstance(move, Done):
            self.finished = True
            if not self.sold:
                from .vehicles import unload_destination

                unload_destination(p, self.vehicle, self.destination)
            return
        assert isinstance(move, Choose)
        sell(g, p, self.destination, move.option)
        if not self.sold:
            g.stats[f"destination:{self.destination}"] += 1
        self.sold.append(sale_key(move.option))
