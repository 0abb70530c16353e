"""Loading vehicles (rulebook pp. 10-11, "Details on Vehicles") and emptying them at inventorying.

A vehicle's loading spaces are ``EQUIPMENT[kind].spaces``, left to right (1 a Single Space, 2 a
Double Space). An item of size k lies on consecutive free spaces from its ``start`` whose sizes
sum to exactly k: that is how adjacent spaces of a Large Vehicle combine, why a Double Space never
takes a size-1 item and can't be split, and why the Wagon (not combinable) takes size-1 items only.
A Warden flip only adds spaces at the end, so the start indices of a load stay valid.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..content.destinations import DESTINATION_ORDER, DESTINATIONS
from ..content.goods import WEAR_OF, Good
from ..content.text import noun, t
from ..content.tiles import EQUIPMENT, Equipment
from ..interpreter.events import ActionUsed, VehicleLoaded
from ..interpreter.moves import Load
from ..interpreter.state import EquipmentPiece, LoadItem, Phase, PlayerState
from .payments import can_afford
from .supply import gain, pay
from .travel import can_sell_any

if TYPE_CHECKING:
    from ..interpreter.game import Game
    from ..interpreter.moves import Move

LOADING_STATION = "loading_station"
#: The phases vehicles are loaded in.
WORK_PHASES = (Phase.WORK, Phase.FINAL_TURNS)
DEST_PREFIX = "dest:"

#: What each loadable good costs from the personal supply and what lies on the vehicle instead.
#: Clay also costs 1 Peat ("as indicated on the Clay Tile"); Loading Station Peat is free.
GOOD_LOADS: dict[str, tuple[tuple[tuple[Good, int], ...], str, int]] = {
    "wood": (((Good.WOOD, 1),), Good.TIMBER.value, 1),
    "clay": (((Good.CLAY, 1), (Good.PEAT, 1)), Good.BRICK.value, 1),
    **{
        fabric.value: (((fabric, 1),), wear.value, 2)
        for fabric, wear in WEAR_OF.items()
    },
    "peat": ((), Good.PEAT.value, 1),
}

#: Every size an item may have (goods and destinations).
ITEM_SIZES: frozenset[int] = frozenset(
    {size for _, _, size in GOOD_LOADS.values()} | {d.size for d in DESTINATIONS.values()}
)


def item_size(item: str) -> int:
    """Spaces a Load item needs: 1 for Wood, Clay, Peat; 2 for a Fabric; a destination its size."""
    if item.startswith(DEST_PREFIX):
        return DESTINATIONS[item[len(DEST_PREFIX):]].size
    return GOOD_LOADS[item][2]


def span(piece: EquipmentPiece, start: int, size: int) -> tuple[int, ...] | None:
    """The space indices an item of ``size`` placed at ``start`` covers, or None if its spaces
    can't sum to exactly ``size`` (ignoring what is already loaded)."""
    return _span(piece.kind, start, size)


@functools.cache  # a function of the vehicle kind alone, asked for every start of every listing
def _span(kind: Equipment, start: int, size: int) -> tuple[int, ...] | None:
    info = EQUIPMENT[kind]
    spaces = info.spaces
    if not 0 <= start < len(spaces):
        return None
    if not info.combinable:
        return (start,) if spaces[start] == size else None
    total = 0
    covered: list[int] = []
    for i in range(start, len(spaces)):
        total += spaces[i]
        covered.append(i)
        if total == size:
            return tuple(covered)
        if total > size:
            return None
    return None


def occupied(piece: EquipmentPiece) -> set[int]:
    taken: set[int] = set()
    for item in piece.load:
        taken.update(span(piece, item.start, item.size) or ())
    return taken


def layout_valid(piece: EquipmentPiece) -> bool:
    """Every load item lies on its own spaces and they don't overlap (an invariant)."""
    seen: set[int] = set()
    for item in piece.load:
        covered = span(piece, item.start, item.size)
        if covered is None or seen & set(covered):
            return False
        seen.update(covered)
    return True


def _affordable_items(g: Game, p: PlayerState, sizes: set[int]) -> list[str]:
    """Goods and destinations the player could load now, among those of a size that fits."""
    items = [
        key
        for key, (cost, _, size) in GOOD_LOADS.items()
        if size in sizes
        and ((cost and can_afford(cost, p.goods)) or (key == "peat" and LOADING_STATION in p.buildings))
    ]
    items += [
        f"{DEST_PREFIX}{d}" for d in p.destinations if DESTINATIONS[d].size in sizes and can_sell_any(g, p, d)
    ]
    return items


def load_moves(g: Game, p: PlayerState) -> list[Move]:
    """Every Load move the player may make now: any time of the Work Phase on your turn, in the
    middle of an action too, except while a payment or a sale waits for your choice (a pending
    payment must not lose its goods to a vehicle; one sale at a time)."""
    if not p.barn or g.state.phase not in WORK_PHASES:
        return []
    pending = g.decision
    if pending is not None and not pending.allows_loading:
        return []
    # The sizes that fit at each start of each vehicle, worked out before any item is priced.
    free: list[tuple[EquipmentPiece, int, frozenset[int]]] = []
    for piece in p.barn:
        if EQUIPMENT[piece.kind].spaces:
            layout = tuple([(x.start, x.size) for x in piece.load]) if piece.load else ()
            free += [(piece, start, ok) for start, ok in _free_starts(piece.kind, layout)]
    if not free:
        return []
    items = _affordable_items(g, p, set().union(*(ok for _, _, ok in free)))
    sized = [(it, item_size(it)) for it in items]
    return [Load(piece.id, start, it) for piece, start, ok in free for it, n in sized if n in ok]


@functools.lru_cache(maxsize=1024)
def _free_starts(
    kind: Equipment, layout: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, frozenset[int]], ...]:
    """Each start of a vehicle of ``kind`` loaded with items at ``layout`` ((start, size) each)
    with the item sizes that fit there: a function of the kind and the layout alone, asked at
    every listing."""
    taken: set[int] = set()
    for start, size in layout:
        taken.update(_span(kind, start, size) or ())
    result = []
    for start in range(len(EQUIPMENT[kind].spaces)):
        ok = frozenset(
            n for n in ITEM_SIZES if (c := _span(kind, start, n)) and not taken.intersection(c)
        )
        if ok:
            result.append((start, ok))
    return tuple(result)


def apply_load(g: Game, p: PlayerState, move: Move) -> None:
    """Put the item on the vehicle: goods are paid and upgraded at once, a destination is sold
    from at once (rulebook "Loading Vehicles")."""
    if not isinstance(move, Load) or move not in load_moves(g, p):
        raise ValueError(f"cannot load {move}")
    piece = next(e for e in p.barn if e.id == move.vehicle)
    size = item_size(move.item)
    if move.item.startswith(DEST_PREFIX):
        from .travel import SaleDecision

        dest = move.item[len(DEST_PREFIX):]
        p.destinations.remove(dest)
        stored = move.item
        g.state.stack.append(SaleDecision(p.index, destination=dest, vehicle=piece.id))
    else:
        cost, stored, _ = GOOD_LOADS[move.item]
        if cost:
            pay(g, p, cost)
    piece.load.append(LoadItem(move.start, size, stored))
    g.emit(VehicleLoaded(p.index, piece.id, move.start, stored))


def empty_vehicles(g: Game, p: PlayerState) -> None:
    """Inventorying step 1: Timber, Bricks, Clothing and Peat to the personal supply; the used
    destinations onto the Travel Experience Track, bottom first, in unloading order."""
    for piece in p.barn:
        for item in sorted(piece.load, key=lambda it: it.start):
            if item.item.startswith(DEST_PREFIX):
                dest = item.item[len(DEST_PREFIX):]
                p.travel.append(dest)
                if dest in p.destinations:  # never: it left the storage board when loaded
                    p.destinations.remove(dest)
                g.emit(ActionUsed(p.index, "empty_vehicles", t(
                    "{destination} goes onto the Travel Experience Track",
                    destination=noun(DESTINATIONS[dest].name))))
            else:
                gain(g, p, Good(item.item), 1)
        piece.load.clear()


def unload_destination(p: PlayerState, vehicle: int, dest: str) -> None:
    """Take a destination tile back off its vehicle onto the storage board (nothing was sold)."""
    piece = next((e for e in p.barn if e.id == vehicle), None)
    if piece is not None:
        piece.load = [it for it in piece.load if it.item != f"{DEST_PREFIX}{dest}"]
    if dest not in p.destinations:
        p.destinations.append(dest)
        p.destinations.sort(key=DESTINATION_ORDER.index)
